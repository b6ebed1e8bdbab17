// pxrun depth: the depth lab's experiments (COSERA grids, NAG, accounting, private propagation,
// AsampGCN) from a spec file or an experiment name with its defaults, as a tidy CSV.
#include "Commands.h"
#include "CommonOptions.h"
#include "TerminalProgress.h"
#include "common/AtomicFile.h"
#include "depthlab/DepthLab.h"

#include <cstdio>
#include <stdexcept>

namespace pxrun {

int depthCommand(const std::vector<std::string>& argv) {
    std::vector<std::string> sets;
    const std::vector<std::string> rest = takeSets(argv, sets);
    Args a = Args::parse("depth", rest);
    if (a.has("list")) {
        for (const auto& e : px::depthlab::depthExperiments()) std::printf("%s\n", e.c_str());
        return 0;
    }
    if (a.has("defaults")) {
        std::printf("%s\n", px::depthlab::defaultDepthSpec(a.get("defaults", "")).dump(2).c_str());
        return 0;
    }
    if (a.positional.size() != 1 || !a.has("out")) throw UsageError("needs one SPEC.json or EXPERIMENT and --out PREFIX (pxrun depth --list names the experiments)");
    const std::string what = a.positional[0];
    nlohmann::json spec;
    std::string source = what;
    bool known = false;
    for (const auto& e : px::depthlab::depthExperiments()) known = known || e == what;
    if (known) {
        spec = px::depthlab::defaultDepthSpec(what);
        source = "defaults of " + what;
    } else {
        spec = px::depthlab::loadDepthSpec(what);
    }
    if (a.has("data")) spec["data"] = a.get("data", "");
    for (const auto& kv : sets) applySet(spec, kv);
    const bool named = spec.is_object() && spec.contains("experiment") && spec["experiment"].is_string();  // --set may change it
    TerminalProgress progress("depth " + (named ? spec["experiment"].get<std::string>() : std::string("?")));
    const px::experiment::ResultTable t = px::depthlab::runDepthExperiment(spec, source, progress);
    const std::string prefix = a.get("out", "");
    t.saveCsv(prefix + ".csv");
    const std::string text = spec.dump(2) + "\n";
    px::writeFileAtomically(prefix + ".json", [&](std::ostream& o) { o << text; });
    std::fputs(t.toCsv().c_str(), stdout);
    std::printf("wrote %s.csv (%d rows) and %s.json (the spec used)\n", prefix.c_str(), t.rows(), prefix.c_str());
    return 0;
}

}  // namespace pxrun
