#include "ViewExporter.h"

#include "DepthWorkspace.h"
#include "ExplorerViews.h"
#include "FigureExport.h"
#include "common/AtomicFile.h"
#include "experiment/SweepRunner.h"

#include <QDir>
#include <QFileInfo>
#include <qcustomplot.h>
#include <stdexcept>

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
    side["view"] = plot->objectName().toStdString();
    side["figure"] = {{"file", QFileInfo(path).fileName().toStdString()}, {"width_in", size.widthIn}, {"height_in", size.heightIn}, {"dpi", size.dpi},
                      {"font_pt", size.fontPt}, {"slider_marker", size.sliderMarker}};
    side["session"] = context.session;
    side["slider_epsilon"] = context.sliderEpsilon;
    if (!context.privacyReport.is_null()) side["privacy_report"] = context.privacyReport;
    if (depthLab) side["depth_lab"] = true;
    const std::string text = side.dump(2) + "\n";
    px::writeFileAtomically((base + ".json").toStdString(), [&](std::ostream& o) { o << text; });
}

QStringList exportAll(const ExplorerViews& views, const px::experiment::SweepResult& result, const FigureContext& context,
                      const QString& folder) {
    QDir().mkpath(folder);
    QStringList leftOut;
    if (!views.expressivity()->result()) leftOut << "expressivity";
    if (!views.dimension()->result()) leftOut << "utility vs d";
    if (!views.hasEmbedding()) leftOut << "embedding";
    for (auto [plot, name] : {std::pair<QCustomPlot*, const char*>{views.tradeoff(), "tradeoff"}, {views.anatomy(), "noise-anatomy"}})
        exportView(plot, folder + "/" + name + ".pdf", px::widgets::presetSize("two-column"), true, context);  // + .csv, .json
    for (const char* ext : {"png", "pdf", "svg"}) {
        auto write = [&](QCustomPlot* plot, const char* name) { px::widgets::exportFigure(plot, folder + "/" + name + "." + ext, 900, 600, 300); };
        write(views.tradeoff(), "tradeoff");
        write(views.anatomy(), "noise-anatomy");
        if (views.expressivity()->result()) write(views.expressivityPlot(), "expressivity");
        if (views.dimension()->result()) write(views.dimensionPlot(), "utility-vs-d");
        if (views.hasEmbedding()) write(views.embeddingPlot(), "embedding");
    }
    QString depthError;
    if (!views.depth()->exportAll(folder, &depthError, &leftOut)) throw std::runtime_error(depthError.toStdString());
    px::experiment::SweepResult copy = result;
    copy.metadata["session"] = context.session;
    px::experiment::saveSweep(copy, (folder + "/results").toStdString());
    return leftOut;
}

}  // namespace ViewExporter
