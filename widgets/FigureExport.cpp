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

void exportPlotData(QCustomPlot* plot, const QString& csvPath) {
    auto quote = [](QString v) {
        if (v.contains(',') || v.contains('"')) v = '"' + v.replace("\"", "\"\"") + '"';
        return v;
    };
    QString out = "series,x,y,value\n";
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot->plottable(i);
        if (auto* g = qobject_cast<QCPGraph*>(p)) {
            const QString name = quote(g->name().isEmpty() ? QString("series %1").arg(i + 1) : g->name());
            for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
                out += QString("%1,%2,%3,\n").arg(name).arg(it->key, 0, 'g', 12).arg(it->value, 0, 'g', 12);
        } else if (auto* m = qobject_cast<QCPColorMap*>(p)) {
            QCPColorMapData* d = m->data();  // cell() is not const in QCustomPlot 2.1
            for (int x = 0; x < d->keySize(); ++x)
                for (int y = 0; y < d->valueSize(); ++y) {
                    double k, v;
                    d->cellToCoord(x, y, &k, &v);
                    out += QString("colour map,%1,%2,%3\n").arg(k, 0, 'g', 12).arg(v, 0, 'g', 12).arg(d->cell(x, y), 0, 'g', 12);
                }
        }
    }
    const QString tmp = csvPath + ".tmp";
    QFile f(tmp);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(out.toUtf8()) < 0) {
        throw std::runtime_error(csvPath.toStdString() + ": cannot write plot data");
    }
    f.close();
    QFile::remove(csvPath);
    if (!QFile::rename(tmp, csvPath)) throw std::runtime_error(csvPath.toStdString() + ": cannot replace file");
}

}  // namespace px::widgets
