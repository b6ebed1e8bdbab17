#pragma once
// Runs a sweep (or one shard of it): densities are computed once per (pattern class, d, pattern
// seed) and re-noised for every mechanism, budget and noise seed. Produces the tidy run table, the
// mean ± 2 std aggregate per grid point, and erf fits of AUC against the noise parameter ρ.
// Its options and result are in SweepTypes.h, its tasks and splits in SweepDataChecks.h, its journal in
// SweepJournal.h, its summary in SweepSummary.h.
#include "common/Progress.h"
#include "dataset/Dataset.h"
#include "experiment/SweepDataChecks.h"
#include "experiment/SweepJournal.h"
#include "experiment/SweepSpec.h"
#include "experiment/SweepSummary.h"
#include "experiment/SweepTypes.h"
#include "patterns/PatternSet.h"

#include <string>
#include <utility>
#include <vector>

namespace px::experiment {

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

}  // namespace px::experiment
