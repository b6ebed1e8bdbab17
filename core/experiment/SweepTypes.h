#pragma once
// What a sweep takes besides its spec and data (SweepOptions) and what it gives (SweepResult, FitSummary): the
// types the runner (SweepRunner.h), its journal (SweepJournal.h) and its summary (SweepSummary.h) share.
#include "experiment/ErfFit.h"
#include "experiment/ResultTable.h"

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace px::experiment {

struct SweepResult;
class RunJournal;
class DensityCache;
class DiskDensityStore;

struct SweepOptions {
    int shard = 0, shards = 1;  // run shard i of n
    // Completed runs are read from and appended to this journal (none: nothing is recorded). Runs it
    // already holds are not computed again: their recorded rows are used.
    RunJournal* journal = nullptr;
    // Called on the computing thread with the summarised runs so far, at most every
    // `partialInterval` seconds (progressive plots), and once as soon as runs restored from the journal are in,
    // before the next run is computed (a resumed sweep shows them at once); not called for the final result.
    std::function<void(const SweepResult&)> onPartial;
    double partialInterval = 0.3;
    // Densities are read from and kept in this cache (none: computed for every pattern set of the sweep).
    DensityCache* densities = nullptr;
    // Densities are also read from and kept on disk here (none: not on disk). The engine never looks for a store
    // itself: pxrun, the app and the Python package pass DiskDensityStore::fromEnvironment() (PX_DENSITY_CACHE).
    // A `densities` cache uses its own store for what it holds.
    std::shared_ptr<const DiskDensityStore> densityStore;
    // The densities of all the sweep's pattern sets computed together before the first run (SweepPrefetch.h): the
    // sweep is done sooner. Off, each set is computed when its first run comes, so that the first pattern seed's
    // runs, a close estimate of the whole sweep (tests/bench/bench_preview), are shown sooner (the desktop app).
    bool densitiesTogether = true;
    // A GIN training with a journal keeps a checkpoint beside it (PREFIX.runs.partial.rR.pP.ckpt) at most this
    // often, so that a stopped sweep resumes inside a training, not only between trainings.
    double checkpointEverySeconds = 300;
};

struct FitSummary {
    std::string group;          // e.g. "trees, d=50, Gaussian isotropic"
    ErfFit fit;                          // the paper's law (floor ½)
    ErfFit floored;                      // with a fitted floor A₀ (if ≥ 3 budgets); points = 0 if not fitted
    std::vector<double> targetAuc;       // AUC targets ...
    std::vector<double> epsilonForTarget;// ... and the ε each needs (∞: unreachable)
    // Why no threshold, asymptote or curve may be read from this fit (empty: usable): R² ≤ 0 for both laws
    // (worse than the mean of the points), or an asymptote not above the public control (n alone).
    std::string noFit;
};

struct SweepResult {
    ResultTable runs;           // one row per run
    ResultTable aggregated;     // mean, std, count per grid point
    std::vector<FitSummary> fits;
    nlohmann::json metadata;    // spec, version, data hash, shard, fits, privacy notes
};

}  // namespace px::experiment
