#include "ViewExporter.h"

#include "DepthWorkspace.h"
#include "ExplorerViews.h"
#include "FigureExport.h"
#include "PatternGallery.h"
#include "common/AtomicFile.h"
#include "experiment/SweepRunner.h"

#include <QBuffer>
#include <QDir>
#include <QImage>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QWidget>
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
                      {"font_pt", size.fontPt}, {"slider_marker", size.sliderMarker},
                      {"title_drawn", size.title}, {"title", px::widgets::figureTitle(plot).toStdString()}};
    side["session"] = context.session;
    side["slider_epsilon"] = context.sliderEpsilon;
    if (!context.privacyReport.is_null()) side["privacy_report"] = context.privacyReport;
    if (depthLab) side["depth_lab"] = true;
    const std::string text = side.dump(2) + "\n";
    px::writeFileAtomically((base + ".json").toStdString(), [&](std::ostream& o) { o << text; });
}

namespace {
// The pattern gallery is a widget, not a plot: drawn as it is on screen, as PNG (2×) and PDF (vector), each file
// written atomically.
void exportGallery(QWidget* gallery, const QString& base, QStringList& written) {
    QImage png(gallery->size() * 2, QImage::Format_ARGB32);
    png.fill(Qt::white);
    {
        QPainter painter(&png);
        painter.scale(2, 2);
        gallery->render(&painter);
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!png.save(&buffer, "PNG")) throw std::runtime_error((base + ".png").toStdString() + ": the gallery could not be drawn");
    px::writeFileAtomically((base + ".png").toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
    bytes.clear();
    {  // into memory first, then written atomically like every other figure
        QBuffer pdfBuffer(&bytes);
        pdfBuffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&pdfBuffer);
        pdf.setResolution(96);
        const QSizeF points(gallery->width() * 72.0 / 96, gallery->height() * 72.0 / 96);  // one widget pixel = 1/96 in
        pdf.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                      QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QPainter painter;
        if (!painter.begin(&pdf)) throw std::runtime_error((base + ".pdf").toStdString() + ": the gallery could not be drawn");
        gallery->render(&painter);
        painter.end();
    }
    px::writeFileAtomically((base + ".pdf").toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
    written << QFileInfo(base).fileName() + ".png" << QFileInfo(base).fileName() + ".pdf";
}
}  // namespace

ExportAllReport exportAll(const ExplorerViews& views, const px::experiment::SweepResult& result, const FigureContext& context,
                          const QString& folder) {
    QDir().mkpath(folder);
    ExportAllReport report;
    const QString notYet = QStringLiteral(": not computed yet — open its tab, wait for it, then export again");
    if (!views.expressivity()->result()) report.leftOut << "expressivity" + notYet;
    if (!views.dimension()->result()) report.leftOut << "utility vs d" + notYet;
    if (!views.hasEmbedding()) report.leftOut << "embedding: no projection yet — open its tab after a computation, then export again";
    const bool demo = views.distinguishabilityPlot()->graphCount() > 0;
    if (!demo) report.leftOut << "distinguishability" + notYet;
    for (auto [plot, name] : {std::pair<QCustomPlot*, const char*>{views.tradeoff(), "tradeoff"}, {views.anatomy(), "noise-anatomy"}}) {
        exportView(plot, folder + "/" + name + ".pdf", px::widgets::presetSize("two-column"), true, context);  // + .csv, .json
        report.written << QString(name) + ".csv" << QString(name) + ".json";
    }
    for (const char* ext : {"png", "pdf", "svg"}) {
        auto write = [&](QCustomPlot* plot, const char* name) {
            px::widgets::exportFigure(plot, folder + "/" + name + "." + ext, 900, 600, 300);
            report.written << QString("%1.%2").arg(name, ext);
        };
        write(views.tradeoff(), "tradeoff");
        write(views.anatomy(), "noise-anatomy");
        if (views.expressivity()->result()) write(views.expressivityPlot(), "expressivity");
        if (views.dimension()->result()) write(views.dimensionPlot(), "utility-vs-d");
        if (views.hasEmbedding()) write(views.embeddingPlot(), "embedding");
        if (demo) write(views.distinguishabilityPlot(), "distinguishability");
    }
    exportGallery(views.gallery(), folder + "/pattern-gallery", report.written);
    QString depthError;
    if (!views.depth()->exportAll(folder, &depthError, &report.leftOut, &report.written)) throw std::runtime_error(depthError.toStdString());
    px::experiment::SweepResult copy = result;
    copy.metadata["session"] = context.session;
    px::experiment::saveSweep(copy, (folder + "/results").toStdString());
    report.written << "results.csv" << "results-summary.csv" << "results.json";
    report.written.removeDuplicates();
    return report;
}

}  // namespace ViewExporter
