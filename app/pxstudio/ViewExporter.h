#pragma once
// Writing the explorer's views to files: one view as a figure with optional sidecars (the plotted
// data as CSV, and a JSON with the session, the slider's ε and the privacy report), or every view
// plus the results tables into a folder. Throws std::exception with the reason.
#include "FigureExport.h"

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

class QCustomPlot;
class ExplorerViews;
namespace px::experiment { struct SweepResult; }

struct FigureContext {
    nlohmann::json session;          // the settings as saved in a session file
    double sliderEpsilon = 1.0;
    nlohmann::json privacyReport;    // null when none
    QString view;                    // the view's name in the sidecar ("tradeoff", "anatomy", a depth-lab plot's)
};

namespace ViewExporter {
void exportView(QCustomPlot* plot, const QString& path, const px::widgets::FigureSize& size, bool sidecars,
                const FigureContext& context, bool depthLab = false);
// What Export all views did: the files it wrote (names in the folder) and each view it left out, with why
// and how to get it ("expressivity: not computed yet — open its tab, then export again").
struct ExportAllReport {
    QStringList written;
    QStringList leftOut;
};
// Writes every view current for the settings on screen, and the results tables when the trade-off is current
// (`result`: the sweep's result, null when there is none of these settings); the rest is left out with why.
ExportAllReport exportAll(const ExplorerViews& views, const px::experiment::SweepResult* result, const FigureContext& context,
                          const QString& folder);
}  // namespace ViewExporter
