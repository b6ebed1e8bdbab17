#pragma once
// Texts on screen, fitted at every replot of a visible plot: a title wider than the plot breaks into two
// lines; an axis label longer than its axis (a short plot in projector mode, a narrow window) takes its short
// form (FigureRoles' setShortLabel), then loses its parenthesis, then is elided. The full text comes back as
// soon as there is room. A figure being exported is left alone: it starts from the full texts and
// FigureLayout fits them to the page.
#include <QString>

class QCPAxis;
class QCPTextElement;
class QFont;
class QCustomPlot;

namespace px::widgets {

// Idempotent; resetPlot installs it on every plot it resets.
void fitAxisLabelsOnScreen(QCustomPlot* plot);
// The label the plot's builder set (what the axis shows when it has room).
QString fullLabel(const QCPAxis* axis);
QString fullTitle(const QCPTextElement* title);
// `full` as it fits `room` pixels of the axis: itself, its short form, without its parenthesis, or elided
// (the screen's fitting and FigureLayout's for a page).
QString fitAxisLabel(const QCPAxis* axis, const QString& full, int room);
// A title wider than `width` broken into two lines at the separator (" — ", ", ", ": ") nearest its middle.
QString twoLineTitle(const QString& title, const QFont& font, int width);
// While a figure is laid out for export (FigureLayout), the screen fitting pauses.
void setExporting(QCustomPlot* plot, bool exporting);

}  // namespace px::widgets
