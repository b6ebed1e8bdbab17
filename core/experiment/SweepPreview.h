#pragma once
// A first answer for a large data set within seconds, while the sweep on all of it runs: the same protocol on
// a stratified subsample of the graphs (every s-th graph of each class in file order; every s-th graph for a
// regression task), its shipped folds or split restricted to those graphs, with the sweep's first pattern
// seed only (the densities are most of a first computation's time). The app draws it as a preview, never
// exports it, and replaces it with the sweep's own points as they come; the sweep itself is unchanged.
#include "experiment/SweepRunner.h"

namespace px::experiment {

// At most about `maxGraphs` graphs (plus at most one per class), in their original order.
Dataset stratifiedSubsample(const Dataset& data, int maxGraphs);

// The preview's result; its metadata["preview"] holds {"graphs", "of", "pattern_seeds"}.
SweepResult runPreviewSweep(const SweepSpec& spec, const Dataset& data, int maxGraphs, Progress& progress = noProgress());

}  // namespace px::experiment
