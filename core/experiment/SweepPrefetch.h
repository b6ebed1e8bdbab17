#pragma once
// A sweep's densities in one pass over the graphs. A sweep with several pattern sets (pattern seeds, classes,
// d's) used to compute each set's densities when its first run came; the sets share most of their work per graph
// (the dense adjacency, messages of equal bag expressions), so the sets none of the sweep's caches holds are
// computed together first (DensityMatrix::computeSets; each set's densities are bit for bit its own computation's)
// and kept where the runs read them: the sweep's density cache and the disk store.
#include "experiment/DensityCache.h"
#include "experiment/SweepRunner.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace px::experiment {

// The distinct pattern sets the runs [begin, end) need, in run order, leaving out runs the journal holds and sets
// the cache or the disk store already has; empty when fewer than two remain (nothing to share) or when their
// densities would take more than `maxBytes` of memory together.
std::vector<PatternSet> patternSetsToPrefetch(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, int begin,
                                              int end, const std::string& datasetHash, const DiskDensityStore* disk,
                                              double maxBytes = 256.0 * (1 << 20));

// The expected work of a pattern set's densities, in runs: as many runs as the set has, but at most
// kDensityRunsAtMost. A set's densities cost far more than one run (a run's share left the bar standing while a
// social set's densities were computed) but their cost does not grow with the budgets and noise seeds, the runs'
// does: counting them as all the set's runs put a sweep of 10^6 budgets at "50 %" once its densities were done.
constexpr double kDensityRunsAtMost = 10;
double densityWorkInRuns(double runsOfSet);

// Where the runs [begin, end) lie on the sweep's progress bar (fractions of it, in run order): a run's pattern
// set's densities, where this run is the first to need them computed, from densitiesFrom to runFrom, then the run
// to runTo, each weighted by its expected work (densityWorkInRuns; a run counts 1). Runs the journal holds
// take no room; with `prefetched` (the densities computed together before the runs) no run computes any.
struct BarSlot {
    double densitiesFrom = 0, runFrom = 0, runTo = 0;
};
std::vector<BarSlot> sweepBarLayout(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, int begin, int end,
                                    const std::string& datasetHash, const DiskDensityStore* disk, bool prefetched);

// The share of the bar the densities computed together before the runs take (0 when none are): their expected
// work against that of the runs [begin, end) still to do. Call it before they are computed (it asks the caches).
double prefetchBarShare(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, int begin, int end,
                        const std::string& datasetHash, const DiskDensityStore* disk);

// Computes `sets` together and keeps each in options.densities (memory and disk) or else on `disk`; returns them by
// the pattern set's JSON.
std::map<std::string, std::shared_ptr<const DensityMatrix>> prefetchDensities(const std::vector<PatternSet>& sets, const Dataset& data,
                                                                               const SweepOptions& options, const std::string& datasetHash,
                                                                               const DiskDensityStore* disk, Progress& progress);

}  // namespace px::experiment
