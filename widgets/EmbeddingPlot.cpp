#include "EmbeddingPlot.h"

#include "Palette.h"

#include <cmath>
#include <map>
#include <qcustomplot.h>

namespace px::widgets {

void buildEmbeddingPlot(QCustomPlot* plot, const experiment::EmbeddingProjection& p, const std::vector<double>& labels,
                        const double explained[2], const QString& title, double fs, const std::vector<std::string>& classNames) {
    resetPlot(plot);
    setPlotFonts(plot, fs);  // explicit fonts: the application's font is the projector's once projector mode is on
    std::map<long, QVector<int>> byClass;
    for (int i = 0; i < int(p.released.rows()); ++i) {
        const double y = i < int(labels.size()) ? labels[i] : std::nan("");
        byClass[std::isnan(y) ? -1 : std::lround(y)].push_back(i);
    }
    int c = 0;
    for (auto& [cls, rows] : byClass) {
        const QColor colour = viridis(c++, int(byClass.size()));
        QCPGraph* g = plot->addGraph();
        const QString name = cls >= 0 && std::size_t(cls) < classNames.size() ? QString::fromStdString(classNames[std::size_t(cls)])
                                                                             : QString::number(cls);
        g->setName(cls < 0 ? QString("released (no class labels)") : QString("class %1 (released)").arg(name));
        QVector<double> x, y;
        for (int i : rows) { x << p.released(i, 0); y << p.released(i, 1); }
        g->setData(x, y);
        g->setLineStyle(QCPGraph::lsNone);
        QColor fill = colour;
        fill.setAlpha(140);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, fill, fill, 4 * fs));
    }
    QCPGraph* cloud = plot->addGraph();
    cloud->setName(QString("graph %1: repeated releases").arg(p.focus));
    QVector<double> cx(p.cloud.col(0).data(), p.cloud.col(0).data() + p.cloud.rows());
    QVector<double> cy(p.cloud.col(1).data(), p.cloud.col(1).data() + p.cloud.rows());
    cloud->setData(cx, cy);
    cloud->setLineStyle(QCPGraph::lsNone);
    cloud->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QColor(200, 60, 60), 5 * fs));
    QCPGraph* focus = plot->addGraph();
    focus->setName(QString("graph %1: clean embedding").arg(p.focus));
    focus->setData({p.clean(p.focus, 0)}, {p.clean(p.focus, 1)});
    focus->setLineStyle(QCPGraph::lsNone);
    focus->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, Qt::black, 14 * fs));
    plot->xAxis->setLabel(QString("PC 1 of the clean densities (%1 % of variance)").arg(100 * explained[0], 0, 'f', 1));
    plot->yAxis->setLabel(QString("PC 2 (%1 %)").arg(100 * explained[1], 0, 'f', 1));
    plot->xAxis->setScaleType(QCPAxis::stLinear);
    plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis->setScaleType(QCPAxis::stLinear);
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis2->setVisible(false);
    plot->rescaleAxes();
    // a margin, so that the outermost releases are drawn whole instead of cut by the axis rect
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) axis->scaleRange(1.08, axis->range().center());
    placeLegendBelow(plot, 2);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, title, QFont(plot->font().family(), int(11 * fs), QFont::Bold)));
    plot->setObjectName("embedding");
    plot->replot();
}

}  // namespace px::widgets
