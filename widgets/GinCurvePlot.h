#pragma once
// The GIN's test metric against the training epoch, one line per privacy budget: each run's fold-mean
// test curve (run-table column fold_mean_test_curve, on released test graphs where the run has both
// protocols) averaged over the runs at that budget, beside the public information alone (n). It shows
// where the selected epoch sits and whether the training had converged.
#include "experiment/SweepRunner.h"

class QCustomPlot;

namespace px::widgets {

// Draws the curves; returns false, leaving the plot as it was, when the result carries none (a density
// learner's sweep).
// The budget nearest `emphasisEpsilon` (the slider's ε) and ε = ∞ are drawn bold with markers, the others
// thin, so that ten budgets stay readable.
bool buildGinCurvePlot(QCustomPlot* plot, const experiment::SweepResult& result, double fontScale = 1.0,
                       double emphasisEpsilon = 1.0);

}  // namespace px::widgets
