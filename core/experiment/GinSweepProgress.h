#pragma once
// The progress bar of a GIN sweep (GinSweep.cpp).
#include "dataset/Dataset.h"
#include "experiment/SweepSpec.h"

#include <vector>

namespace px::experiment {

// Where each run of [begin, end) starts and how much of the sweep's progress bar it takes, in proportion to its
// trainings' expected cost, so that the bar (and the time left drawn from it) moves at the pace of the work: a
// GIN layer costs about N·h² for its MLP and 2E·h for its neighbour sums. Randomized response at ε keeps an edge
// with probability 1 − p and adds each non-edge with p = 1/(1 + e^ε): on REDDIT-BINARY at ε = 1 that is 130 times
// the data's edges. DPRR keeps the degrees (about the data's edges); an ε = ∞ run trains on the clean graphs once
// per noise seed, and the next mechanism's ε = ∞ run reuses it (nearly free).
struct ProgressPlan {
    std::vector<double> start, span;  // indexed by r − begin
};

ProgressPlan planProgress(const SweepSpec& spec, const Dataset& data, int begin, int end);

}  // namespace px::experiment
