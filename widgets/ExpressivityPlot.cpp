#include "ExpressivityPlot.h"

#include "Palette.h"
#include "patterns/PatternClass.h"

#include <cmath>
#include <map>
#include <qcustomplot.h>

namespace px::widgets {

void buildExpressivityPlot(QCustomPlot* plot, const experiment::SweepResult& result, double fs) {
    resetPlot(plot);
    const auto& a = result.aggregated;
    // Series by budget; x = the class's treewidth bound.
    std::map<double, std::vector<int>> byBudget;
    std::string metric = "auc";
    for (int i = 0; i < a.rows(); ++i) {
        byBudget[a.at(i, "budget").get<double>()].push_back(i);
        metric = a.at(i, "metric").get<std::string>();
    }
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    int s = 0;
    for (auto& [budget, rows] : byBudget) {
        const QColor c = viridis(s++, int(byBudget.size()));
        QVector<double> x, y, err, ay;
        std::vector<std::pair<int, int>> order;
        for (int i : rows) order.push_back({PatternClass::parse(a.at(i, "pattern_class").get<std::string>()).treewidthBound(), i});
        std::sort(order.begin(), order.end());
        for (auto [tw, i] : order) {
            x << tw;
            y << a.at(i, "value_mean").get<double>();
            err << 2 * a.at(i, "value_std").get<double>();
            ay << (a.at(i, "top1_mean").is_number() ? a.at(i, "top1_mean").get<double>() : std::nan(""));
            ticks->addTick(tw, QString::fromStdString(a.at(i, "pattern_class").get<std::string>()));
        }
        const QString label = std::isinf(budget) ? QString("ε = ∞ (no noise)") : QString("ε = %1").arg(budget, 0, 'g', 3);
        QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis);
        g->setName(label + ": utility");
        g->setData(x, y, true);
        g->setPen(QPen(c, 2 * fs));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, c, 7 * fs));
        auto* bars = new QCPErrorBars(plot->xAxis, plot->yAxis);
        bars->setDataPlottable(g);
        bars->setData(err);
        bars->setPen(QPen(c, 1.2 * fs));
        bars->removeFromLegend();
        QCPGraph* att = plot->addGraph(plot->xAxis, plot->yAxis2);
        att->setName(label + ": attack Top-1");
        att->setData(x, ay, true);
        att->setPen(QPen(c, 1.2 * fs, Qt::DashDotLine));
        att->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, c, 6 * fs));
    }
    plot->xAxis->setTicker(ticks);
    plot->xAxis->setRange(0.5, 3.5);
    plot->xAxis->setLabel("pattern class (maximum treewidth)");
    plot->yAxis->setLabel(metric == "auc" ? "test ROC-AUC (mean ± 2 std)" : "test " + QString::fromStdString(metric));
    plot->yAxis->rescale(true);
    QCPRange yr = plot->yAxis->range();
    plot->yAxis->setRange(yr.lower - 0.05 * yr.size() - 1e-3, yr.upper + 0.05 * yr.size() + 1e-3);
    plot->yAxis2->setVisible(true);
    plot->yAxis2->setLabel("re-identification Top-1 accuracy");
    plot->yAxis2->setRange(0, 1.02);
    placeLegendBelow(plot, 2);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, "Expressivity vs privacy", QFont(plot->font().family(), int(11 * fs), QFont::Bold)));
    plot->setObjectName("expressivity");
    plot->replot();
}

void buildDimensionPlot(QCustomPlot* plot, const experiment::SweepResult& result, double fs) {
    resetPlot(plot);
    const auto& a = result.aggregated;
    std::map<double, std::vector<int>> byBudget;
    std::string metric = "auc", cls;
    for (int i = 0; i < a.rows(); ++i) {
        byBudget[a.at(i, "budget").get<double>()].push_back(i);
        metric = a.at(i, "metric").get<std::string>();
        cls = a.at(i, "pattern_class").get<std::string>();
    }
    int s = 0;
    for (auto& [budget, rows] : byBudget) {
        const QColor c = viridis(s++, int(byBudget.size()));
        std::vector<std::pair<int, int>> order;
        for (int i : rows) order.push_back({a.at(i, "d").get<int>(), i});
        std::sort(order.begin(), order.end());
        QVector<double> x, y, err, ay;
        for (auto [d, i] : order) {
            x << d;
            y << a.at(i, "value_mean").get<double>();
            err << 2 * a.at(i, "value_std").get<double>();
            ay << (a.at(i, "top1_mean").is_number() ? a.at(i, "top1_mean").get<double>() : std::nan(""));
        }
        const QString label = std::isinf(budget) ? QString("ε = ∞ (no noise)") : QString("ε = %1").arg(budget, 0, 'g', 3);
        QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis);
        g->setName(label + ": utility");
        g->setData(x, y, true);
        g->setPen(QPen(c, 2 * fs));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, c, 7 * fs));
        auto* bars = new QCPErrorBars(plot->xAxis, plot->yAxis);
        bars->setDataPlottable(g);
        bars->setData(err);
        bars->setPen(QPen(c, 1.2 * fs));
        bars->removeFromLegend();
        QCPGraph* att = plot->addGraph(plot->xAxis, plot->yAxis2);
        att->setName(label + ": attack Top-1");
        att->setData(x, ay, true);
        att->setPen(QPen(c, 1.2 * fs, Qt::DashDotLine));
        att->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, c, 6 * fs));
    }
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(2);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setLabel("number of patterns d (" + QString::fromStdString(cls) + ")");
    plot->xAxis->rescale();
    plot->xAxis->setRange(plot->xAxis->range().lower / 1.3, plot->xAxis->range().upper * 1.3);
    plot->yAxis->setLabel(metric == "auc" ? "test ROC-AUC (mean ± 2 std)" : "test " + QString::fromStdString(metric));
    plot->yAxis->rescale(true);
    QCPRange yr = plot->yAxis->range();
    plot->yAxis->setRange(yr.lower - 0.05 * yr.size() - 1e-3, yr.upper + 0.05 * yr.size() + 1e-3);
    plot->yAxis2->setVisible(true);
    plot->yAxis2->setLabel("re-identification Top-1 accuracy");
    plot->yAxis2->setRange(0, 1.02);
    placeLegendBelow(plot, 2);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, "Utility against the number of patterns d", QFont(plot->font().family(), int(11 * fs), QFont::Bold)));
    plot->setObjectName("dimension");
    plot->replot();
}

}  // namespace px::widgets
