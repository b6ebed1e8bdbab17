// pxrun: the PXStudio engine from the command line (batch runs, benchmarks, cluster jobs).
#include "Commands.h"
#include "Usage.h"
#include "common/Error.h"
#include "common/MemoryBudget.h"
#include "io/InflationLimit.h"
#ifdef PX_HAVE_NEURAL
#include "neural/KernelPath.h"
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <stdexcept>

namespace {
namespace usage = pxrun::usage;

// The usage text, from the table the manual page and the completion are generated from (Usage.h).
const char* usageText() {
    static const std::string text = usage::helpText(usage::usageDoc());
    return text.c_str();
}

// The name errors and help go by: "sweep", or "bench densities" when `rest` names a benchmark.
std::string commandLabel(const std::string& cmd, const std::vector<std::string>& rest) {
    if (cmd == "bench" && !rest.empty() && rest[0].rfind("-", 0) != 0) return cmd + " " + rest[0];
    return cmd;
}

// The first words of the commands: "info", ..., "bench" (once for all benchmarks).
std::vector<std::string> commandWords() {
    std::vector<std::string> words;
    for (const std::string& name : usage::commandNames(usage::usageDoc()))
        if (std::find(words.begin(), words.end(), name.substr(0, name.find(' '))) == words.end())
            words.push_back(name.substr(0, name.find(' ')));
    return words;
}

// The synopses of `label` ("sweep"), or of every benchmark for "bench" and a benchmark that does not exist.
std::string usageOf(const std::string& label) {
    const std::vector<std::string> names = usage::commandNames(usage::usageDoc());
    if (std::find(names.begin(), names.end(), label) != names.end()) return usage::commandUsage(usage::usageDoc(), label);
    if (label.rfind("bench", 0) != 0) return usageText();
    std::string out;
    for (const std::string& name : names)
        if (name.rfind("bench ", 0) == 0) {
            const std::string lines = usage::commandUsage(usage::usageDoc(), name);
            out += out.empty() ? lines : "       " + lines.substr(7);  // "usage: " once
        }
    return out;
}

// `pxrun COMMAND --help`: that command's synopses and options; `pxrun bench --help`: the benchmarks' synopses.
std::string commandHelpText(const std::string& label) {
    const std::vector<std::string> names = usage::commandNames(usage::usageDoc());
    if (std::find(names.begin(), names.end(), label) != names.end()) return usage::commandHelp(usage::usageDoc(), label);
    if (label.rfind("bench", 0) != 0) return usageText();
    return usageOf(label) + "\npxrun --help describes every command\n";
}

// "sweep: option --d expects an integer, got 'x'": every error of a command starts with the command's name.
std::string prefixed(const std::string& label, const std::string& what) {
    return what.rfind(label + ": ", 0) == 0 ? what : label + ": " + what;
}

// "pxrun: error: unknown command 'densitys'; did you mean 'densities'? (pxrun --help lists the commands)"
int unknownCommand(const std::string& cmd) {
    const std::string nearest = usage::nearestName(cmd, commandWords());
    std::fprintf(stderr, "pxrun: error: unknown command '%s'%s (pxrun --help lists the commands)\n", cmd.c_str(),
                 nearest.empty() ? "" : ("; did you mean '" + nearest + "'?").c_str());
    return 2;
}

// Runs the command `cmd` (one of commandWords()).
int dispatch(const std::string& cmd, const std::vector<std::string>& rest) {
    if (cmd == "info") return pxrun::infoCommand(rest);
    if (cmd == "patterns") return pxrun::patternsCommand(rest);
    if (cmd == "densities") return pxrun::densitiesCommand(rest);
    if (cmd == "bench") return pxrun::benchCommand(rest);
    if (cmd == "embed") return pxrun::embedCommand(rest);
    if (cmd == "audit") return pxrun::auditCommand(rest);
    if (cmd == "sweep") return pxrun::sweepCommand(rest);
    if (cmd == "merge") return pxrun::mergeCommand(rest);
    if (cmd == "figure") return pxrun::figureCommand(rest);
    if (cmd == "depth") return pxrun::depthCommand(rest);
    if (cmd == "learners") return pxrun::learnersCommand(rest);
    if (cmd == "cache") return pxrun::cacheCommand(rest);
    throw std::logic_error("pxrun's usage table names the command '" + cmd + "', which main does not run");
}

// --max-memory and --max-input-size: the memory limit of every input and computation, and how far an input may
// expand (io/InflationLimit.h).
void applyLimits(const std::vector<std::string>& rest) {
    for (std::size_t i = 0; i + 1 < rest.size(); ++i)
        if (rest[i] == "--max-memory" || rest[i] == "--max-input-size") {
            char* end = nullptr;
            const double gib = std::strtod(rest[i + 1].c_str(), &end);
            if (end == rest[i + 1].c_str() || *end || !(gib > 0) || gib > 1e6)
                throw std::invalid_argument("option " + rest[i] + " expects a positive number of GiB, found '" + rest[i + 1] + "'");
            if (rest[i] == "--max-memory") px::setMemoryLimitBytes(gib * double(1 << 30));
            else px::io::setMaxInputBytes(gib * double(1 << 30));
        }
}
}  // namespace

int main(int argc, char** argv) {
#ifdef PX_HAVE_NEURAL
    // One kernel path per class of CPU: a seed gives one table (KernelPath.h). Pinning may restart the program once;
    // the version and the usage need no kernels and answer without it.
    const bool answersAtOnce = argc == 2 && (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") ||
                               !std::strcmp(argv[1], "--help-json"));
    if (!answersAtOnce) px::neural::pinKernels(argv);
#endif
    if (argc < 2) { std::fputs(usageText(), stderr); return 2; }
    const std::string cmd = argv[1];
    std::vector<std::string> rest(argv + 2, argv + argc);  // --no-cache is every command's option (its Args)
    if (cmd == "--help" || cmd == "-h" || cmd == "help") { std::fputs(usageText(), stdout); return 0; }
    if (cmd == "--help-json") { std::fputs(usage::helpJson(usage::usageDoc()).c_str(), stdout); return 0; }
    if (cmd == "--version") {  // milliseconds: the kernel path, which needs LibTorch, only when asked
        std::printf("pxrun %s\n", PX_VERSION);
#ifdef PX_HAVE_NEURAL
        try {  // LibTorch may be missing (PX_NEURAL_LIBRARY): an error that says where it looked, not an abort
            if (std::find(rest.begin(), rest.end(), "--kernels") != rest.end())
                std::printf("GIN kernels: %s\n", px::neural::kernelPathInUse().c_str());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "pxrun: error: %s\n", e.what());
            return 1;
        }
#endif
        return 0;
    }
    const std::vector<std::string> words = commandWords();
    if (std::find(words.begin(), words.end(), cmd) == words.end()) return unknownCommand(cmd);
    const std::string label = commandLabel(cmd, rest);
    for (const std::string& r : rest)  // `pxrun figure --help`: its usage, not "option --help needs a value"
        if (r == "--help" || r == "-h") { std::fputs(commandHelpText(label).c_str(), stdout); return 0; }
    try {
        applyLimits(rest);
        return dispatch(cmd, rest);
    } catch (const px::Cancelled&) {
        std::fprintf(stderr, "\npxrun: cancelled\n");
        return 130;
    } catch (const pxrun::UsageError& e) {
        std::fprintf(stderr, "pxrun: error: %s\n%s", prefixed(label, e.what()).c_str(), usageOf(label).c_str());
        return 2;
    } catch (const std::exception& e) {  // px::InputError too: "FILE:LINE: field ...: what"
        std::fprintf(stderr, "pxrun: error: %s\n", prefixed(label, e.what()).c_str());
        return 1;
    }
}
