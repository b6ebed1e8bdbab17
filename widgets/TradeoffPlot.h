#pragma once
// The trade-off figure: utility (AUC or RMSE, mean ± 2 std over repetitions) against ε on a log
// axis, the erf fit of each series, and re-identification Top-1 accuracy on the right axis with
// its chance level. One series per (pattern class, d, mechanism, allocation). Built from a sweep
// result, so the desktop app and `pxrun figure` draw the same figure.
#include "experiment/SweepRunner.h"

#include <QString>

class QCustomPlot;

namespace px::widgets {

struct TradeoffOptions {
    bool showFit = true;
    bool showAttack = true;
    double markerEpsilon = -1;  // > 0: a vertical marker (the app's ε slider)
    double fontScale = 1.0;     // presentation mode: larger fonts and lines
    QString title;              // empty: the data set name
    // Projector mode: the legend in short names ("ε = ∞ (no noise)", "erf fit: κ = 0.37") in as many columns as fit;
    // figures and their CSV still use the full names (FigureRoles.h).
    bool compactLegend = false;
    // Non-empty: the result is a preview (SweepPreview.h), drawn faded and dashed, this note in its title; such a
    // plot refuses to be exported (exportFigure) until it is drawn again from a real result.
    QString previewNote;
    // A partial result drawn over the preview it replaces: the preview's curves stay beneath, faded and dashed, under
    // this legend entry, until the final result is drawn; such a plot refuses to be exported, as a preview does.
    const experiment::SweepResult* previewBeneath = nullptr;
    QString previewBeneathNote;
    // The result is the part of a running sweep computed so far: the readout calls an ε beyond its points not computed
    // yet, rather than outside the grid.
    bool partial = false;
    // That part is all there will be: the sweep was stopped (Esc, Cancel). The legend and the readout say so instead
    // of promising the rest (a new user read "fitted when the sweep is done" after the stop).
    bool stopped = false;
};

void buildTradeoffPlot(QCustomPlot* plot, const experiment::SweepResult& result, const TradeoffOptions& options = {});

}  // namespace px::widgets
