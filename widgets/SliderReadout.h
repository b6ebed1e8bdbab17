#pragma once
// What the trade-off plot says at the slider's ε, written beside its marker: the utility ± its error bar and
// the attack's Top-1 there — at a grid point of the sweep when the slider sits on one, else interpolated
// linearly in log ε between the two grid points around it (and said so), or at the nearest end of the grid.
#include <QRect>
#include <QString>
#include <QVector>

class QCustomPlot;

namespace px::widgets {

struct SliderReading {
    double value = 0, halfWidth = 0, attack = 0;  // attack: NaN if the sweep has none
    double from = 0, to = 0;                      // the grid points read (equal at a grid point or an end)
    enum class Kind { GridPoint, Interpolated, NearestEnd } kind = Kind::GridPoint;
};

// Series in increasing ε; attack may be empty. Throws std::invalid_argument on an empty series.
SliderReading readAtEpsilon(const QVector<double>& epsilon, const QVector<double>& value, const QVector<double>& halfWidth,
                            const QVector<double>& attackEpsilon, const QVector<double>& attack, double at);
// "ε = 1 (interpolated between 0.56 and 1.33): ROC-AUC 0.54 ± 0.06, attack Top-1 0.10"
// `partial`: the points are those of a running sweep so far; beyond them the ε is "not computed yet", not outside the grid.
// partial: the reading is of a sweep's points so far (stopped: of a sweep stopped before its end), and says so.
QString describeReading(const SliderReading& r, double at, const QString& metric, bool partial = false, bool stopped = false);
// The reading as a text item by the marker; left out of exported figures with the marker.
void addSliderReadout(QCustomPlot* plot, double at, const QString& text, double fontScale);
// Where the readout is drawn, in the plot widget's pixels (after a replot); empty when the plot has none.
QRect sliderReadoutRect(QCustomPlot* plot);
// Once the plot has its layout (after a replot at its size): the readout goes where it hides no data point and the
// fewest line points, inside the axes — the top, the bottom or five heights between, on the marker's roomier side,
// else on the other (on an Erdős–Rényi curve, high on the right, the top label hid it). Returns true if it moved.
bool placeSliderReadoutAwayFromData(QCustomPlot* plot);
// Places the readout again whenever the plot is laid out (a resize, a replot): idempotent.
void keepSliderReadoutAwayFromData(QCustomPlot* plot);
// How many drawn data points (markers, grown by their radius) lie inside `rect`.
int markersInside(QCustomPlot* plot, const QRectF& rect);
// How many of the plot's drawn line points (data points, and 16 samples along each segment between them, in pixels)
// lie inside `rect`: what a label there hides.
int linePointsInside(QCustomPlot* plot, const QRectF& rect);

}  // namespace px::widgets
