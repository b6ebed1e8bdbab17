#include "Palette.h"

#include "FigureRoles.h"
#include "ScreenFit.h"

#include <algorithm>
#include <cmath>
#include <qcustomplot.h>
#include <vector>

namespace px::widgets {

QColor viridis(int i, int n) {
    // Viridis control points (matplotlib's colormap at 0, 0.125, ..., 1).
    static const double stops[9][3] = {{0.267, 0.005, 0.329}, {0.283, 0.141, 0.458}, {0.254, 0.265, 0.530},
                                       {0.207, 0.372, 0.553}, {0.164, 0.471, 0.558}, {0.128, 0.567, 0.551},
                                       {0.135, 0.659, 0.518}, {0.267, 0.749, 0.441}, {0.478, 0.821, 0.318}};
    const double t = n <= 1 ? 0.0 : 0.85 * double(i) / double(n - 1);  // stop before the pale yellow end
    const double pos = t * 8.0;
    const int k = std::min(7, int(std::floor(pos)));
    const double f = pos - k;
    auto mix = [&](int c) { return stops[k][c] + f * (stops[k + 1][c] - stops[k][c]); };
    return QColor::fromRgbF(float(mix(0)), float(mix(1)), float(mix(2)));
}

void addErrorBars(QCPGraph* g, const QVector<double>& halfWidths, const QPen& pen, double lo, double hi) {
    auto* bars = new QCPErrorBars(g->keyAxis(), g->valueAxis());
    bars->setDataPlottable(g);
    QVector<double> below, above;
    int k = 0;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd() && k < halfWidths.size(); ++it, ++k) {
        below << std::max(0.0, std::min(halfWidths[k], it->value - lo));  // an AUC bar never reaches 1.15
        above << std::max(0.0, std::min(halfWidths[k], hi - it->value));
    }
    bars->setData(below, above);
    bars->setProperty("pxHalfWidths", QVariant::fromValue(halfWidths));
    bars->setPen(pen);
    bars->removeFromLegend();
}

QVector<double> errorBarHalfWidths(const QCPErrorBars* bars) {
    if (bars->property("pxHalfWidths").isValid()) return bars->property("pxHalfWidths").value<QVector<double>>();
    QVector<double> plus;
    for (int k = 0; k < bars->dataCount(); ++k) plus << bars->data()->at(k).errorPlus;
    return plus;
}

void resetPlot(QCustomPlot* plot) {
    fitAxisLabelsOnScreen(plot);
    plot->clearPlottables();
    plot->clearItems();
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) setShortLabel(axis, QString());  // a new build sets its own
    // the title row inserted by the last build (none after a note: resetting twice must not take the axes)
    if (plot->plotLayout()->rowCount() > 1 && qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0))) {
        plot->plotLayout()->removeAt(0);
        plot->plotLayout()->simplify();
    }
}

void showPlotNote(QCustomPlot* plot, const QString& note) {
    resetPlot(plot);
    plot->legend->setVisible(false);
    auto* text = new QCPItemText(plot);
    text->position->setType(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(0.5, 0.5);
    text->setPositionAlignment(Qt::AlignCenter);
    text->setText(note);
    text->setTextAlignment(Qt::AlignCenter);
    text->setColor(QColor(90, 90, 90));
    plot->replot();
}

void placeLegendBelow(QCustomPlot* plot, int columns) {
    plot->legend->setVisible(true);
    plot->legend->setBorderPen(Qt::NoPen);
    if (plot->legend->layout() == plot->axisRect()->insetLayout()) {
        plot->axisRect()->insetLayout()->take(plot->legend);
        plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, plot->legend);
        plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
    }
    if (plot->width() > 100) columns = fittingLegendColumns(plot, plot->width() - 24, columns);
    plot->legend->setWrap(columns);  // before setFillOrder, which rearranges with the current wrap
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
}

int fittingLegendColumns(QCustomPlot* plot, int width, int maxColumns) {
    std::vector<int> widths;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = plot->legend->item(i)) widths.push_back(item->minimumOuterSizeHint().width());
    int columns = 1;
    for (int k = 2; k <= maxColumns && k <= int(widths.size()); ++k) {
        std::vector<int> column(std::size_t(k), 0);
        for (std::size_t i = 0; i < widths.size(); ++i) column[i % std::size_t(k)] = std::max(column[i % std::size_t(k)], widths[i]);
        int total = (k - 1) * plot->legend->columnSpacing();
        for (int w : column) total += w;
        if (total <= width) columns = k;
    }
    return columns;
}

}  // namespace px::widgets
