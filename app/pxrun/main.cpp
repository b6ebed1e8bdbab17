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
// The usage text, from the table the manual page and the completion are generated from (Usage.h).
const char* usage() {
    static const std::string text = pxrun::usage::helpText(pxrun::usage::usageDoc());
    return text.c_str();
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
    if (argc < 2) { std::fputs(usage(), stderr); return 2; }
    std::string cmd = argv[1];
    std::vector<std::string> rest;
    for (int i = 2; i < argc; ++i) {
        if (std::string(argv[i]) == "--no-cache") setenv("PX_DENSITY_CACHE", "off", 1);  // read by DiskDensityStore
        else rest.emplace_back(argv[i]);
    }
    try {
        if (cmd == "--help" || cmd == "-h" || cmd == "help") { std::fputs(usage(), stdout); return 0; }
        if (cmd == "--help-json") { std::fputs(pxrun::usage::helpJson(pxrun::usage::usageDoc()).c_str(), stdout); return 0; }
        if (cmd == "--version") {  // milliseconds: the kernel path, which needs LibTorch, only when asked
            std::printf("pxrun %s\n", PX_VERSION);
#ifdef PX_HAVE_NEURAL
            if (std::find(rest.begin(), rest.end(), "--kernels") != rest.end())
                std::printf("GIN kernels: %s\n", px::neural::kernelPathInUse().c_str());
#endif
            return 0;
        }
        for (const std::string& r : rest)  // `pxrun figure --help`: the usage, not "option --help needs a value"
            if (r == "--help" || r == "-h") { std::fputs(usage(), stdout); return 0; }
        // The memory limit of every input and computation, and how far an input may expand (io/InflationLimit.h).
        for (std::size_t i = 0; i + 1 < rest.size(); ++i)
            if (rest[i] == "--max-memory" || rest[i] == "--max-input-size") {
                char* end = nullptr;
                const double gib = std::strtod(rest[i + 1].c_str(), &end);
                if (end == rest[i + 1].c_str() || *end || !(gib > 0) || gib > 1e6)
                    throw std::invalid_argument("option " + rest[i] + " expects a positive number of GiB, found '" + rest[i + 1] + "'");
                if (rest[i] == "--max-memory") px::setMemoryLimitBytes(gib * double(1 << 30));
                else px::io::setMaxInputBytes(gib * double(1 << 30));
            }
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
        std::fprintf(stderr, "pxrun: unknown command '%s'\n\n%s", cmd.c_str(), usage());
        return 2;
    } catch (const px::Cancelled&) {
        std::fprintf(stderr, "\npxrun: cancelled\n");
        return 130;
    } catch (const px::InputError& e) {
        std::fprintf(stderr, "pxrun: error: %s\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "pxrun: error: %s\n", e.what());
        return 1;
    }
}
