#pragma once
// Colour-blind-safe colours for plots: samples of viridis (perceptually uniform), since
// QCustomPlot 2.1 ships none.
#include <QColor>

class QCustomPlot;

namespace px::widgets {

// i-th of n evenly spaced viridis colours (n ≥ 1), from dark blue to yellow, avoiding the palest end.
QColor viridis(int i, int n);

// Removes the plot's data, items and title row, so that a builder can draw it again.
void resetPlot(QCustomPlot* plot);

// Moves the plot's legend from inside the axes to a row below them, in `columns` columns, so that it
// never hides data.
void placeLegendBelow(QCustomPlot* plot, int columns = 2);

}  // namespace px::widgets
