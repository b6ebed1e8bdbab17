#include "experiment/SweepPrefetch.h"

#include "experiment/RunJournal.h"

#include <filesystem>

namespace px::experiment {

std::vector<PatternSet> patternSetsToPrefetch(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, int begin,
                                              int end, const std::string& datasetHash, const DiskDensityStore* disk, double maxBytes) {
    SweepPatternPlan plan = sweepPatternPlan(spec);
    std::vector<char> needed(plan.sets.size(), 0);
    for (int r = begin; r < end && r < int(plan.setOfRun.size()); ++r)
        if (!(options.journal && options.journal->has(r))) needed[std::size_t(plan.setOfRun[r])] = 1;
    std::vector<PatternSet> sets;
    double bytes = 0;
    for (std::size_t s = 0; s < plan.sets.size(); ++s) {
        PatternSet& set = plan.sets[s];
        if (!needed[s]) continue;
        if (options.densities ? options.densities->holds(data, set) : disk && std::filesystem::exists(disk->pathOf(DiskDensityStore::keyOf(datasetHash, set))))
            continue;
        bytes += 8.0 * double(data.size()) * double(set.size() + 1);
        sets.push_back(std::move(set));
    }
    if (sets.size() < 2 || bytes > maxBytes) return {};
    return sets;
}

std::map<std::string, std::shared_ptr<const DensityMatrix>> prefetchDensities(const std::vector<PatternSet>& sets, const Dataset& data,
                                                                               const SweepOptions& options, const std::string& datasetHash,
                                                                               const DiskDensityStore* disk, Progress& progress) {
    std::vector<std::vector<Pattern>> patterns;
    for (const PatternSet& s : sets) patterns.push_back(s.patterns);
    std::vector<DensityMatrix> computed = DensityMatrix::computeSets(data, patterns, {}, progress);
    std::map<std::string, std::shared_ptr<const DensityMatrix>> out;
    for (std::size_t s = 0; s < sets.size(); ++s) {
        auto dm = std::make_shared<const DensityMatrix>(std::move(computed[s]));
        if (options.densities) options.densities->keepComputed(data, sets[s], dm);
        else if (disk) disk->store(DiskDensityStore::keyOf(datasetHash, sets[s]), *dm);
        out.emplace(sets[s].toJson(), std::move(dm));
    }
    return out;
}

}  // namespace px::experiment
