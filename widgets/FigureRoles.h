#pragma once
// What a plotted element means, beyond what it draws. The plot builders tag their graphs and axes;
// FigureLayout reads the tags to shorten a figure too small for everything (a compact legend, short
// labels), and exportPlotData writes the per-point records into the figure's CSV.
#include <QString>
#include <QVector>

class QCPAbstractPlottable;
class QCPAxis;
class QCustomPlot;
class QCPGraph;
class QCPItemText;

namespace px::widgets {

// The legend name for paper figures, where the full one does not fit ("public-information control").
void setShortName(QCPAbstractPlottable* p, const QString& name);
QString shortName(const QCPAbstractPlottable* p);  // empty if none was set

// Projector mode: the legend shows each plottable's short name if it has one; with a sole series, the lines
// drawn for it (style keys) show their key. fullName() keeps the name the plot was built with, which
// figures and their CSV use.
void showShortNames(QCustomPlot* plot);
QString fullName(const QCPAbstractPlottable* p);

// Compact legends: a graph with a style key leaves the legend, and one grey entry drawn in its line
// style, with the key as text, stands for every graph of that key ("ε = ∞ (no noise)", "erf fit").
void setStyleKey(QCPAbstractPlottable* p, const QString& key);
QString styleKey(const QCPAbstractPlottable* p);

// A main series (one colour each). Compact legends move the parts of the names ("trees, d=50, …",
// split at ", ") that every series shares into the title; a sole series moves its whole name there
// and is listed as `soleName` ("private release"), if given.
void markSeries(QCPAbstractPlottable* p, const QString& soleName = QString());
bool isSeries(const QCPAbstractPlottable* p);
QString soleSeriesName(const QCPAbstractPlottable* p);

// A text item that labels a cell `keyWidth` wide (in x-axis coordinates), such as a heat map's value:
// figures leave it out when its text is wider than nine tenths of the cell.
void setCellLabel(QCPItemText* item, double keyWidth);
double cellLabelWidth(const QCPItemText* item);  // 0 if not a cell label

// The axis label for figures where the full one does not fit.
void setShortLabel(QCPAxis* axis, const QString& label);
QString shortLabel(const QCPAxis* axis);

// Per point of a graph, in key order (NaN where unknown): the standard deviation over runs, the number
// of runs, and the controls at that point — the public information alone, and the release shuffled
// among graphs of equal n.
struct PointRecords {
    QVector<double> std, runs, publicControl, shuffledControl;
};
void setPointRecords(QCPGraph* g, const PointRecords& records);
PointRecords pointRecords(const QCPGraph* g);  // empty vectors if none were set

}  // namespace px::widgets
