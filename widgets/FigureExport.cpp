#include "FigureExport.h"

#include <QFileInfo>
#include <QSvgGenerator>
#include <qcustomplot.h>
#include <stdexcept>

namespace px::widgets {

void exportFigure(QCustomPlot* plot, const QString& path, int width, int height, int dpi) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QString tmp = path + ".tmp." + suffix;
    bool ok = false;
    if (suffix == "png") {
        ok = plot->savePng(tmp, width, height, dpi / 96.0, -1, dpi);
    } else if (suffix == "pdf") {
        ok = plot->savePdf(tmp, width, height, QCP::epNoCosmetic, "PXStudio", plot->objectName());
    } else if (suffix == "svg") {
        QSvgGenerator svg;
        svg.setFileName(tmp);
        svg.setSize(QSize(width, height));
        svg.setViewBox(QRect(0, 0, width, height));
        svg.setTitle(plot->objectName());
        svg.setDescription("PXStudio figure");
        QCPPainter painter;
        ok = painter.begin(&svg);
        if (ok) {
            plot->toPainter(&painter, width, height);
            painter.end();
        }
    } else {
        throw std::runtime_error(path.toStdString() + ": unknown figure format (expected .png, .pdf or .svg)");
    }
    if (!ok || !QFileInfo(tmp).exists() || QFileInfo(tmp).size() == 0) {
        QFile::remove(tmp);
        throw std::runtime_error(path.toStdString() + ": cannot write figure");
    }
    QFile::remove(path);
    if (!QFile::rename(tmp, path)) throw std::runtime_error(path.toStdString() + ": cannot replace file");
}

}  // namespace px::widgets
