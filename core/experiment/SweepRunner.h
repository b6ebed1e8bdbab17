#pragma once
#include <cmath>
#include <functional>
#include <memory>
#include <optional>
// Runs a sweep (or one shard of it): densities are computed once per (pattern class, d, pattern
// seed) and re-noised for every mechanism, budget and noise seed. Produces the tidy run table, the
// mean ± 2 std aggregate per grid point, and erf fits of AUC against the noise parameter ρ.
#include "common/Progress.h"
#include "dataset/Dataset.h"
#include "experiment/ErfFit.h"
#include "experiment/Evaluation.h"
#include "experiment/ResultTable.h"
#include "experiment/SweepSpec.h"
#include "patterns/PatternSet.h"

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

// The pattern set of a run (its class, d and pattern seed); every distinct one of a sweep in the order of its
// runs and, for each run, the index of its set (both empty for a graph learner): what a distributed sweep
// computes first, in blocks of graphs, and which of them each shard of runs needs.
PatternSet sweepPatternSet(const SweepSpec& spec, const SweepSpec::Run& run);
struct SweepPatternPlan {
    std::vector<PatternSet> sets;
    std::vector<int> setOfRun;
};
SweepPatternPlan sweepPatternPlan(const SweepSpec& spec);

SweepResult runSweep(const SweepSpec& spec, const Dataset& data, const SweepOptions& options = {},
                     Progress& progress = noProgress());
// What every sweep result's metadata says of its run (the one place both runners write it): format,
// version, spec, data set (with its content hash, data.contentHash(), which the runner has already), split, protocol,
// shard and the runs it covers.
nlohmann::json sweepMetadata(const SweepSpec& spec, const Dataset& data, const std::string& datasetHash, const std::string& splitName,
                             const SweepOptions& options, std::pair<int, int> runRange, std::size_t totalRuns);
// The runs so far, summarised, for whoever draws them (SweepOptions::onPartial).
SweepResult partialResult(const SweepSpec& spec, const Dataset& data, const ResultTable& runs);
// The label columns a sweep scores (spec "task": an index or "all"); throws InputError naming the field.
std::vector<int> sweepTasks(const SweepSpec& spec, const Dataset& data);
// The splits of the sweep's protocol (the data set's split, or K folds) and their name for the run table.
struct SweepSplits {
    std::vector<TrainTest> splits;
    std::string name;
};
SweepSplits sweepSplits(const SweepSpec& spec, const Dataset& data, int task);

// Aggregates a (possibly merged) run table and fits the erf law; used by runSweep and pxrun merge.
void summarise(SweepResult& result);
// Writes <prefix>.csv (runs), <prefix>-summary.csv (aggregate) and <prefix>.json (metadata), each atomically.
void saveSweep(const SweepResult& result, const std::string& prefix);
// The identity of a sweep (or shard) that a run journal must match to be resumed: spec, data set, shard.
nlohmann::json journalHeader(const SweepSpec& spec, const Dataset& data, const SweepOptions& options);
// A journal header with its spec read and written again by this version: fields added since the journal was
// written appear at their defaults, which keep the old behaviour, so the same sweep resumes across upgrades.
// Settings that change how fast, not what, are left out: the GIN's parallel_trainings (its tables are the same
// bit for bit, tst_neural), so a sweep may resume on more cores. A spec this version cannot read is returned
// unchanged (and then differs).
nlohmann::json canonicalJournalHeader(const nlohmann::json& header);
// Where `pxrun sweep --out PREFIX` keeps its journal.
inline std::string journalPath(const std::string& prefix) { return prefix + ".runs.partial"; }
// Adds the journal's rows of run `r` to `runs` and returns true, if the journal holds that run.
bool restoreRun(const SweepOptions& options, int r, ResultTable& runs);
// Records the rows of a completed run in the journal, if there is one.
void recordRun(const SweepOptions& options, int r, const std::vector<ResultTable::Row>& rows);
// The same for the parts of a run (the trainings of a GIN run): the recorded part, if any; record one.
std::optional<nlohmann::json> restorePart(const SweepOptions& options, int r, int part);
void recordPart(const SweepOptions& options, int r, int part, const nlohmann::json& value);

// The label of the series a row of a (run or aggregated) table belongs to: pattern class, d,
// mechanism and allocation, and the reference-mode / clean-test flags. Fits and plots use it.
std::string seriesLabel(const ResultTable& table, int row);

// True if a result is not better than the better of its two controls (the public information alone, and the
// release shuffled among graphs of equal n) by more than max(0.02, spread): the densities then add nothing
// measurable. For a grid point, spread is its error bar, twice the standard deviation over its runs; for
// one run, 0. A result below a control has no signal either.
bool noStructuralSignal(const std::string& metric, double value, double publicValue, double shuffledValue, double spread = 0);
// Twice the standard deviation of an aggregated row's value (its error bar); 0 with fewer than two runs.
double errorBarOf(const ResultTable& aggregated, int row);

// What the densities add over the controls at one budget of an aggregated table: the row of the first
// series whose budget is nearest to `budget` (on a log scale; ∞ matches ∞ only).
struct ControlComparison {
    bool found = false;
    double budget = 0;               // the grid budget used
    std::string metric;              // auc, accuracy or rmse
    double value = 0, publicValue = 0, shuffledValue = 0;
    double gain = 0;                 // over the better control (positive: better; for rmse, the decrease)
    double errorBar = 0;             // 2 sd of the value over the runs
    bool noSignal = false;           // not above the better control by more than max(0.02, errorBar)
    double top1 = std::nan(""), chanceTop1 = std::nan("");  // the attack at this budget, if run
};
ControlComparison compareWithControls(const ResultTable& aggregated, double budget);

// ε of a mechanism for a noise parameter ρ (ρ of the Gaussian, ρ' of the smooth one), d patterns.
double epsilonForNoiseParameter(const privacy::MechanismParams& m, double rho, int d);

}  // namespace px::experiment
