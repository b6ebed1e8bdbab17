#pragma once
// A sweep whose learner trains on the graphs themselves (learner "gin"): the baseline of [Trade-off 2026],
// a GIN trained on randomized-response (RR) or DPRR graphs, and the non-private GIN at budget "inf".
//
// Per run (mechanism, budget, noise seed) every graph is released once (perturbed by rr/dprr with the
// run's noise seed, or clean at ε = ∞); the GIN trains on the released training graphs, picks its epoch on
// the released validation graphs (the data set's validation split, else 10 % of the training part,
// stratified), and scores the test graphs as released (the honest protocol, "noisy_test": true) or clean
// (the reference code's protocol, "noisy_test": false, labelled "clean test"); "noisy_test": "both" scores
// both from one training and writes one row for each. K-fold protocols train once per fold.
//
// Controls, as for the density sweeps: the public information alone (a random forest on the vertex count n:
// 100 trees, min_samples_split = 10) and the same GIN trained on the released graphs shuffled among graphs
// of equal n (their link to the labels cut, everything n carries kept); the shuffled control doubles the
// training time ("controls": false leaves both out).
//
// "epoch_selection": "test_curve" (Xu et al.'s protocol for the TU table of the GIN paper) trains on the whole
// training part, scores the test graphs after every epoch, and reports every fold at the one epoch whose
// test accuracy averaged over the folds is best: an optimistic choice, labelled in the rows.
#include "common/Progress.h"
#include "experiment/FoldCurves.h"
#include "experiment/SweepDataChecks.h"
#include "experiment/SweepJournal.h"
#include "experiment/SweepSummary.h"
#include "experiment/SweepTypes.h"

namespace px::experiment {

SweepResult runGinSweep(const SweepSpec& spec, const Dataset& data, const SweepOptions& options = {},
                          Progress& progress = noProgress());

}  // namespace px::experiment
