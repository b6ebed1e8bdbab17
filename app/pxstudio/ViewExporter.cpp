#include "ViewExporter.h"

#include "DepthWorkspace.h"
#include "ExplorerViews.h"
#include "FigureExport.h"
#include "GalleryExport.h"
#include "PatternGallery.h"
#include "ViewPresenter.h"
#include "common/AtomicFile.h"
#include "experiment/SweepRunner.h"

#include <QDir>
#include <QFileInfo>
#include <qcustomplot.h>
#include <stdexcept>
#include <tuple>

namespace ViewExporter {

void exportView(QCustomPlot* plot, const QString& path, const px::widgets::FigureSize& size, bool sidecars, const FigureContext& context,
                bool depthLab) {
    px::widgets::exportFigure(plot, path, size);
    if (!sidecars) return;
    const QString base = QFileInfo(path).path() + "/" + QFileInfo(path).completeBaseName();
    px::widgets::exportPlotData(plot, base + ".csv");
    nlohmann::json side;
    side["format"] = "pxstudio-figure";
    side["version"] = 1;
    side["view"] = (context.view.isEmpty() ? plot->objectName() : context.view).toStdString();
    side["figure"] = {{"file", QFileInfo(path).fileName().toStdString()}, {"width_in", size.widthIn}, {"height_in", size.heightIn}, {"dpi", size.dpi},
                      {"font_pt", size.fontPt}, {"slider_marker", size.sliderMarker},
                      {"title_drawn", size.title}, {"title", px::widgets::figureTitle(plot).toStdString()}};
    side["session"] = context.session;
    side["slider_epsilon"] = context.sliderEpsilon;
    if (!context.privacyReport.is_null()) side["privacy_report"] = context.privacyReport;
    if (depthLab) side["depth_lab"] = true;
    const std::string text = side.dump(2) + "\n";
    px::writeFileAtomically((base + ".json").toStdString(), [&](std::ostream& o) { o << text; });
}

ExportAllReport exportAll(const ExplorerViews& views, const px::experiment::SweepResult* result, const FigureContext& context,
                          const QString& folder) {
    // Only what is current for the settings on screen is written (ViewPresenter): a view of other settings, a
    // preview or a view still computing is left out, with what it says about itself. The sweep's tables too: without
    // the trade-off's finished result (a stopped sweep) the views that are current are still written.
    ViewPresenter* presenter = views.presenter();
    auto current = [&](const char* view) { return presenter->present(view).state == ViewState::Current; };
    const bool sweepIsCurrent = result && current("tradeoff") && current("table");
    QDir().mkpath(folder);
    ExportAllReport report;
    // the view, its plot, its files' name and its name in words
    const std::vector<std::tuple<const char*, QCustomPlot*, const char*, const char*>> plots = {
        {"tradeoff", views.tradeoff(), "tradeoff", "trade-off"},
        {"anatomy", views.anatomy(), "noise-anatomy", "noise anatomy"},
        {"expressivity", views.expressivityPlot(), "expressivity", "expressivity"},
        {"dimension", views.dimensionPlot(), "utility-vs-d", "utility vs d"},
        {"embedding", views.embeddingPlot(), "embedding", "embedding"},
        {"demo", views.distinguishabilityPlot(), "distinguishability", "distinguishability"}};
    auto why = [&](const char* view) {
        const ViewStatus st = presenter->status(view);
        if (st.drawnKey.empty() && !st.nothingToShow && st.state != ViewState::Failed)
            return QStringLiteral("not computed yet — open its tab, wait for it, then export again");
        // the note's lines as sentences on one line ("…or raise the limit Change a setting…" ran them together)
        QStringList lines = QString::fromStdString(st.note).split('\n', Qt::SkipEmptyParts);
        for (int i = 0; i + 1 < lines.size(); ++i)
            if (!lines[i].endsWith('.') && !lines[i].endsWith(':') && !lines[i].endsWith('?')) lines[i] += '.';
        return lines.join(' ');
    };
    for (const auto& [view, plot, name, words] : plots) {
        if (!current(view)) {
            report.leftOut << QString("%1: %2").arg(words, why(view));
            continue;
        }
        // One figure per view in three formats, at a paper's two-column size (once a screen-sized PDF overwrote the
        // paper one that its sidecar described), with its data (.csv) and settings (.json) beside it.
        const px::widgets::FigureSize size = px::widgets::presetSize("two-column");
        for (const char* ext : {"png", "svg"}) {
            px::widgets::exportFigure(plot, folder + "/" + name + "." + ext, size);
            report.written << QString("%1.%2").arg(name, ext);
        }
        FigureContext named = context;
        named.view = view;
        exportView(plot, folder + "/" + name + ".pdf", size, true, named);
        report.written << QString(name) + ".pdf" << QString(name) + ".csv" << QString(name) + ".json";
    }
    if (current("gallery")) report.written << px::widgets::exportGallery(*views.gallery(), folder + "/pattern-gallery");
    else report.leftOut << "pattern gallery: " + why("gallery");
    QString depthError;
    if (!views.depth()->exportAll(folder, &depthError, &report.leftOut, &report.written)) throw std::runtime_error(depthError.toStdString());
    if (sweepIsCurrent) {
        px::experiment::SweepResult copy = *result;
        copy.metadata["session"] = context.session;
        px::experiment::saveSweep(copy, (folder + "/results").toStdString());
        report.written << "results.csv" << "results-summary.csv" << "results.json";
    } else {
        report.leftOut << "results tables: " + why("table");
    }
    report.written.removeDuplicates();
    return report;
}

}  // namespace ViewExporter
