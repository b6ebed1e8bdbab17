// A sweep's densities for all its pattern sets in one pass over the graphs (SweepPrefetch.h).
#include "experiment/SweepPrefetch.h"

#include "experiment/RunJournal.h"

#include <algorithm>

namespace px::experiment {

namespace {
// Per pattern set of the plan: whether the runs [begin, end) need its densities computed (a run not in the journal
// uses it, and neither the cache nor the disk store holds it).
std::vector<char> setsToCompute(const SweepPatternPlan& plan, const Dataset& data, const SweepOptions& options, int begin, int end,
                                const std::string& datasetHash, const DiskDensityStore* disk) {
    std::vector<char> compute(plan.sets.size(), 0);
    for (int r = begin; r < end && r < int(plan.setOfRun.size()); ++r)
        if (!(options.journal && options.journal->has(r))) compute[std::size_t(plan.setOfRun[r])] = 1;
    for (std::size_t s = 0; s < plan.sets.size(); ++s) {
        const PatternSet& set = plan.sets[s];
        if (compute[s] && (options.densities ? options.densities->holds(data, set)
                                             : disk && disk->holds(DiskDensityStore::keyOf(datasetHash, set))))
            compute[s] = 0;
    }
    return compute;
}
// Per run of [begin, end): 1 if it is still to do (not in the journal); per set of the plan: its runs still to do.
struct RunWork {
    std::vector<double> work, runsOfSet;
};
RunWork runWork(const SweepPatternPlan& plan, const SweepOptions& options, int begin, int end) {
    RunWork w{std::vector<double>(std::size_t(std::max(0, end - begin)), 0), std::vector<double>(plan.sets.size(), 0)};
    for (int r = begin; r < end; ++r)
        if (!(options.journal && options.journal->has(r))) {
            w.work[std::size_t(r - begin)] = 1;
            w.runsOfSet[std::size_t(plan.setOfRun[r])] += 1;
        }
    return w;
}
}  // namespace

double densityWorkInRuns(double runsOfSet) { return std::min(runsOfSet, kDensityRunsAtMost); }

double prefetchBarShare(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, int begin, int end,
                        const std::string& datasetHash, const DiskDensityStore* disk) {
    const SweepPatternPlan plan = sweepPatternPlan(spec);
    const std::vector<char> compute = setsToCompute(plan, data, options, begin, end, datasetHash, disk);
    const RunWork w = runWork(plan, options, begin, end);
    double densities = 0, runs = 0;
    for (std::size_t s = 0; s < plan.sets.size(); ++s)
        if (compute[s]) densities += densityWorkInRuns(w.runsOfSet[s]);
    for (double x : w.work) runs += x;
    return densities + runs > 0 ? densities / (densities + runs) : 0.0;
}

std::vector<PatternSet> patternSetsToPrefetch(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, int begin,
                                              int end, const std::string& datasetHash, const DiskDensityStore* disk, double maxBytes) {
    SweepPatternPlan plan = sweepPatternPlan(spec);
    const std::vector<char> compute = setsToCompute(plan, data, options, begin, end, datasetHash, disk);
    std::vector<PatternSet> sets;
    double bytes = 0;
    for (std::size_t s = 0; s < plan.sets.size(); ++s) {
        if (!compute[s]) continue;
        bytes += 8.0 * double(data.size()) * double(plan.sets[s].size() + 1);
        sets.push_back(std::move(plan.sets[s]));
    }
    if (sets.size() < 2 || bytes > maxBytes) return {};
    return sets;
}

std::vector<BarSlot> sweepBarLayout(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, int begin, int end,
                                    const std::string& datasetHash, const DiskDensityStore* disk, bool prefetched) {
    const SweepPatternPlan plan = sweepPatternPlan(spec);
    std::vector<char> compute = prefetched ? std::vector<char>(plan.sets.size(), 0)
                                           : setsToCompute(plan, data, options, begin, end, datasetHash, disk);
    const RunWork w = runWork(plan, options, begin, end);
    const std::vector<double>& work = w.work;
    std::vector<double> densities(work.size(), 0);
    for (int r = begin; r < end; ++r)  // a set's densities, where its first run to compute them comes
        if (const int s = plan.setOfRun[r]; compute[std::size_t(s)] && work[std::size_t(r - begin)] > 0) {
            densities[std::size_t(r - begin)] = densityWorkInRuns(w.runsOfSet[std::size_t(s)]);
            compute[std::size_t(s)] = 0;
        }
    double total = 0;
    for (std::size_t i = 0; i < work.size(); ++i) total += densities[i] + work[i];
    std::vector<BarSlot> slots(work.size());
    double at = 0;
    for (std::size_t i = 0; i < work.size(); ++i) {
        slots[i].densitiesFrom = at / std::max(total, 1.0);
        at += densities[i];
        slots[i].runFrom = at / std::max(total, 1.0);
        at += work[i];
        slots[i].runTo = at / std::max(total, 1.0);
    }
    return slots;
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
