#pragma once
// Colour-blind-safe colours for plots: samples of viridis (perceptually uniform), since
// QCustomPlot 2.1 ships none.
#include <QColor>
#include <QFont>
#include <cmath>
#include <QVector>

class QCustomPlot;
class QCPGraph;
class QCPErrorBars;
class QPen;
class QString;

namespace px::widgets {

// i-th of n evenly spaced viridis colours (n ≥ 1), from dark blue to yellow, avoiding the palest end.
QColor viridis(int i, int n);

// Vertical error bars of the given half-widths on g's points, drawn with `pen`, not in the legend.
// Error bars of ± halfWidths around g's points; a bounded metric (AUC, accuracy: range [lo, hi]) has them drawn
// clipped to its range, and the figure's CSV still gives the half-width (errorBarHalfWidths).
void addErrorBars(QCPGraph* g, const QVector<double>& halfWidths, const QPen& pen, double lo = -INFINITY, double hi = INFINITY);
QVector<double> errorBarHalfWidths(const QCPErrorBars* bars);

// Removes the plot's data, items and title row, so that a builder can draw it again.
void resetPlot(QCustomPlot* plot);
// Every axis label and tick at 9 pt × fs and the legend at 8 pt × fs (fs: the projector's font scale), set by each
// build so that no font keeps the size of the last mode. Returns the axes' font.
QFont setPlotFonts(QCustomPlot* plot, double fs);

// Empties the plot and writes `note` in the middle of its axes: why a view has nothing to draw.
void showPlotNote(QCustomPlot* plot, const QString& note);

// Empties the plot and hides its axes, tick labels and grid (the axis rect keeps its place): a view with nothing
// to draw whose own note says why, with nothing under it that could be read as a result (bare 0–5 axes were).
// The next resetPlot (every builder's first step) shows them again.
void hideEmptyAxes(QCustomPlot* plot);
// A note in the middle of a plot's area (no replot).
void addCentredNote(QCustomPlot* plot, const QString& note);
// What a plot with nothing to draw yet shows: its note alone, no axes (not the bare 0–5 axes of an empty plot). The
// next build (resetPlot) brings the axes back.
void showNoteWithoutAxes(QCustomPlot* plot, const QString& note);
// An axis hideEmptyAxes hid carries this property: 1, plus 2 if its grid was shown.
inline constexpr const char* kHiddenAxisProperty = "pxHiddenByNote";

// A plot drawn from a preview carries this property (true); resetPlot clears it.
inline constexpr const char* kPreviewProperty = "pxPreview";

// Moves the plot's legend from inside the axes to a row below them, in at most `columns` columns (fewer
// when its entries would not fit the plot's width side by side), so that it never hides data.
// Gives every entry a font with all its attributes set (see pinLegendFonts) first.
void placeLegendBelow(QCustomPlot* plot, int columns = 2);

// Sets every attribute of each legend entry's font (those left unset from the plot's font now), so that QPainter
// draws an entry in the font QCustomPlot sized it for, whatever the application's font is at the paint.
void pinLegendFonts(QCustomPlot* plot);

// The most columns, up to maxColumns, in which the legend's entries fit `width` pixels side by side
// (entry i in column i mod k, each column as wide as its widest entry); at least 1.
int fittingLegendColumns(QCustomPlot* plot, int width, int maxColumns);

}  // namespace px::widgets
