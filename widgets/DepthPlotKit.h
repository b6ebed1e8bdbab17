#pragma once
// Drawing helpers shared by the depth lab's plot builders (DepthPlots.cpp, PropagationPlots.cpp):
// table cells, a titled plot reset for a new build, a line series, the legend under the axes.
#include "experiment/ResultTable.h"

#include <QColor>
#include <QString>
#include <QVector>
#include <qcustomplot.h>
#include <string>

namespace px::widgets::depthplot {

using experiment::ResultTable;

// A numeric cell ("inf" is +∞; anything else not a number is NaN) and a cell as text.
double num(const ResultTable& t, int row, const std::string& col);
std::string str(const ResultTable& t, int row, const std::string& col);
void addTitle(QCustomPlot* plot, const QString& title, double fs);
// Axis labels and tick labels of every axis (colour scales too) at 9 pt × fs.
void setAxisFonts(QCustomPlot* plot, double fs);
// Cleared for a new build: no plottables, items, title row or colour scales; linear axes, no legend.
void prepare(QCustomPlot* plot);
void logX(QCustomPlot* plot);
QCPGraph* line(QCustomPlot* plot, const QString& name, const QVector<double>& x, const QVector<double>& y, QColor c,
               double fs, Qt::PenStyle style = Qt::SolidLine, QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssCircle);
// Legend under the axes, title on top, replot.
void finish(QCustomPlot* plot, const QString& title, double fs, int legendColumns = 2);
QString epsLabel(double e);
// 2 to an integer power as it is written, with superscript digits: 2¹¹, 2⁻³ (a tick label, not "2^11").
QString powerOfTwo(int exponent);

}  // namespace px::widgets::depthplot
