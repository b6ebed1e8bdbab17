#pragma once
// Colour-blind-safe colours for plots: samples of viridis (perceptually uniform), since
// QCustomPlot 2.1 ships none.
#include <QColor>

namespace px::widgets {

// i-th of n evenly spaced viridis colours (n ≥ 1), from dark blue to yellow, avoiding the palest end.
QColor viridis(int i, int n);

}  // namespace px::widgets
