#pragma once
// A sweep's summary: its runs aggregated per grid point (mean ± 2 sd), the erf fits of utility against the noise,
// the comparison with the public controls, the result's metadata, and the files a sweep is saved as. Both
// runners (SweepRunner.cpp, GinSweep.cpp) use it; it calls neither.
#include "dataset/Dataset.h"
#include "experiment/SweepSpec.h"
#include "experiment/SweepTypes.h"
#include "privacy/Mechanism.h"

#include <cmath>
#include <string>
#include <utility>

namespace px::experiment {

// What every sweep result's metadata says of its run (the one place both runners write it): format,
// version, spec, data set (with its content hash, data.contentHash(), which the runner has already), split, protocol,
// shard and the runs it covers.
nlohmann::json sweepMetadata(const SweepSpec& spec, const Dataset& data, const std::string& datasetHash, const std::string& splitName,
                             const SweepOptions& options, std::pair<int, int> runRange, std::size_t totalRuns);
// The runs so far, summarised, for whoever draws them (SweepOptions::onPartial).
SweepResult partialResult(const SweepSpec& spec, const Dataset& data, const ResultTable& runs);
// Aggregates a (possibly merged) run table and fits the erf law; used by runSweep and pxrun merge.
void summarise(SweepResult& result);
// Writes <prefix>.csv (runs), <prefix>-summary.csv (aggregate) and <prefix>.json (metadata), each atomically.
void saveSweep(const SweepResult& result, const std::string& prefix);

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
