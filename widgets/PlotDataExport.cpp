// The data behind a figure: every graph's points with their error bars and, where the plot recorded
// them, the std over runs, the number of runs and the controls per point; colour-map cells.
#include "FigureExport.h"
#include "FigureRoles.h"
#include "Palette.h"
#include "common/AtomicFile.h"
#include "io/Csv.h"

#include <QFile>
#include <cmath>
#include <qcustomplot.h>
#include <map>
#include <stdexcept>

namespace px::widgets {

void exportPlotData(QCustomPlot* plot, const QString& csvPath) {
    auto quote = [](const QString& v) {  // RFC 4180, as run tables are written (io/Csv.h)
        const QByteArray utf8 = v.toUtf8();
        return QString::fromStdString(px::io::csvField(std::string_view(utf8.constData(), std::size_t(utf8.size()))));
    };
    // Error bars by the graph they belong to (QCPErrorBars draws the std over runs in the app's plots).
    std::map<const QCPAbstractPlottable*, const QCPErrorBars*> errors;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* e = qobject_cast<QCPErrorBars*>(plot->plottable(i)); e && e->dataPlottable()) errors[e->dataPlottable()] = e;
    QString out = "series,x,y,mean,std,runs,public_control,shuffled_control,error_bar,value\n";
    auto number = [](double v) { return QString::number(v, 'g', 12); };
    auto cell = [&](const QVector<double>& v, int k) { return k < v.size() && !std::isnan(v[k]) ? number(v[k]) : QString(); };
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot->plottable(i);
        if (auto* g = qobject_cast<QCPGraph*>(p)) {
            const QString name = quote(fullName(g).isEmpty() ? QString("series %1").arg(i + 1) : fullName(g));
            const QCPErrorBars* bars = errors.count(g) ? errors[g] : nullptr;
            const PointRecords r = pointRecords(g);
            const QVector<double> halfWidths = bars ? errorBarHalfWidths(bars) : QVector<double>();
            int k = 0;
            for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it, ++k) {
                QString err;
                if (k < halfWidths.size()) err = number(halfWidths[k]);  // the ± 2 sd, also where drawn clipped
                // y is the plotted value; mean repeats it where it is a mean over recorded runs.
                const QString mean = k < r.runs.size() && r.runs[k] > 0 ? number(it->value) : QString();
                out += QString("%1,%2,%3,%4,%5,%6,%7,%8,%9,\n")
                           .arg(name, number(it->key), number(it->value), mean, cell(r.std, k), cell(r.runs, k),
                                cell(r.publicControl, k), cell(r.shuffledControl, k), err);
            }
        } else if (auto* m = qobject_cast<QCPColorMap*>(p)) {
            QCPColorMapData* d = m->data();  // cell() is not const in QCustomPlot 2.1
            for (int x = 0; x < d->keySize(); ++x)
                for (int y = 0; y < d->valueSize(); ++y) {
                    double k, v;
                    d->cellToCoord(x, y, &k, &v);
                    out += QString("colour map,%1,%2,,,,,,,%3\n").arg(number(k), number(v), number(d->cell(x, y)));
                }
        }
    }
    const QByteArray bytes = out.toUtf8();
    px::writeFileAtomically(csvPath.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

}  // namespace px::widgets
