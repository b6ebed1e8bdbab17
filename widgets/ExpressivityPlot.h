#pragma once
// Expressivity against privacy: utility (mean ± 2 std) and re-identification Top-1 against the
// maximum treewidth of the pattern class (trees = 1), at a given ε and without noise. Richer
// classes separate more graphs (ε = ∞ rises) but need more noise (the gap to ε = ∞ widens).
#include "experiment/SweepRunner.h"

class QCustomPlot;

namespace px::widgets {

void buildExpressivityPlot(QCustomPlot* plot, const experiment::SweepResult& result, double fontScale = 1.0);

// The same metrics against the number of patterns d (log₂ axis) for one class: more patterns see
// more, but the budget is split over more coordinates.
void buildDimensionPlot(QCustomPlot* plot, const experiment::SweepResult& result, double fontScale = 1.0);

}  // namespace px::widgets
