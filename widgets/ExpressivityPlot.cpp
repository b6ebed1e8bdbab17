#include "ExpressivityPlot.h"
#include "Notation.h"

#include "FigureRoles.h"
#include "Palette.h"
#include "patterns/PatternClass.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <qcustomplot.h>

namespace px::widgets {

namespace {

// One utility series (mean ± 2 std, left axis) and one attack Top-1 series (right axis) per budget,
// against x(row) of the aggregated table; the rows of each budget are drawn in order of x.
// Returns the metric name of the table.
std::string drawSeriesByBudget(QCustomPlot* plot, const experiment::ResultTable& a, const std::function<double(int)>& x,
                               double fs) {
    std::map<double, std::vector<int>> byBudget;
    std::string metric = "auc";
    for (int i = 0; i < a.rows(); ++i) {
        byBudget[a.at(i, "budget").get<double>()].push_back(i);
        metric = a.at(i, "metric").get<std::string>();
    }
    int s = 0;
    for (auto& [budget, rows] : byBudget) {
        const QColor c = viridis(s++, int(byBudget.size()));
        std::vector<std::pair<double, int>> order;
        for (int i : rows) order.push_back({x(i), i});
        std::sort(order.begin(), order.end());
        QVector<double> xs, y, err, ay;
        PointRecords records;
        auto number = [&](int i, const char* column) { return a.at(i, column).is_number() ? a.at(i, column).get<double>() : std::nan(""); };
        for (auto [xv, i] : order) {
            xs << xv;
            y << a.at(i, "value_mean").get<double>();
            err << 2 * a.at(i, "value_std").get<double>();
            records.std << number(i, "value_std");
            records.runs << number(i, "value_count");
            records.publicControl << number(i, "public_value_mean");
            records.shuffledControl << number(i, "shuffled_value_mean");
            ay << (a.at(i, "top1_mean").is_number() ? a.at(i, "top1_mean").get<double>() : std::nan(""));
        }
        const QString label = std::isinf(budget) ? QString("ε = ∞ (no noise)") : QString("ε = %1").arg(epsilonText(budget));
        QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis);
        g->setName(label + ": utility");
        g->setData(xs, y, true);
        g->setPen(QPen(c, 2 * fs));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, c, 7 * fs));
        markSeries(g);
        setShortName(g, label);
        setPointRecords(g, records);
        addErrorBars(g, err, QPen(c, 1.2 * fs), 0, metric == "rmse" ? INFINITY : 1);  // AUC, accuracy ∈ [0, 1]
        QCPGraph* att = plot->addGraph(plot->xAxis, plot->yAxis2);
        att->setName(label + ": attack Top-1");
        att->setData(xs, ay, true);
        att->setPen(QPen(c, 1.2 * fs, Qt::DashDotLine));
        att->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, c, 6 * fs));
        setStyleKey(att, "attack Top-1 (right)");
    }
    return metric;
}

// Left axis (utility, padded), right axis (attack), the public-information control across the x range
// (the same data set's n alone), legend below, title on top.
void finishUtilityPlot(QCustomPlot* plot, const experiment::ResultTable& a, const std::string& metric, const QString& title,
                       double fs) {
    // Every font from fs, as the trade-off plot does: a font left to the axis keeps the size of the last mode (leaving
    // projector mode once kept projector-size ticks beside normal titles).
    setPlotFonts(plot, fs);
    if (a.rows() > 0 && a.columnIndex("public_value_mean") >= 0 && a.at(0, "public_value_mean").is_number()) {
        const double v = a.at(0, "public_value_mean").get<double>();
        const QCPRange r = plot->xAxis->range();
        QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis);
        g->setName(QString("public information alone (n) = %1").arg(v, 0, 'f', 3));
        g->setData({r.lower, r.upper}, {v, v});
        g->setPen(QPen(QColor(120, 120, 120), 1.2 * fs));
        setShortName(g, "public control (n)");
    }
    plot->yAxis->setLabel(metric == "auc" ? "test ROC-AUC (mean ± 2 std)" : "test " + QString::fromStdString(metric));
    plot->yAxis->rescale(true);
    QCPRange yr = plot->yAxis->range();
    plot->yAxis->setRange(yr.lower - 0.05 * yr.size() - 1e-3, yr.upper + 0.05 * yr.size() + 1e-3);
    plot->yAxis2->setVisible(true);
    plot->yAxis2->setLabel("re-identification Top-1 accuracy");
    setShortLabel(plot->yAxis2, "attack Top-1");
    plot->yAxis2->setRange(0, 1.02);
    placeLegendBelow(plot, 2);
    plot->plotLayout()->insertRow(0);
    // the release it was computed with, in the trade-off legend's words ("rr isotropic"): the title says whose result it is
    QString release;
    if (a.rows() > 0 && a.columnIndex("mechanism") >= 0 && a.at(0, "mechanism").is_string()) {
        release = QString::fromStdString(a.at(0, "mechanism").get<std::string>());
        if (a.columnIndex("allocation") >= 0 && a.at(0, "allocation").is_string())
            release += " " + QString::fromStdString(a.at(0, "allocation").get<std::string>());
    }
    const QString shown = release.isEmpty() ? title : title + " — " + release;
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, shown, QFont(plot->font().family(), int(11 * fs), QFont::Bold)));
    plot->replot();
}

}  // namespace

void buildExpressivityPlot(QCustomPlot* plot, const experiment::SweepResult& result, double fs) {
    resetPlot(plot);
    const auto& a = result.aggregated;
    // x = the class's treewidth bound, labelled with the class
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    int lowest = 1, highest = 1;
    bool any = false;
    const std::string metric = drawSeriesByBudget(plot, a, [&](int i) {
        const std::string cls = a.at(i, "pattern_class").get<std::string>();
        const int tw = PatternClass::parse(cls).treewidthBound();
        ticks->addTick(tw, QString::fromStdString(cls));
        lowest = any ? std::min(lowest, tw) : tw;
        highest = any ? std::max(highest, tw) : tw;
        any = true;
        return double(tw);
    }, fs);
    plot->xAxis->setScaleType(QCPAxis::stLinear);
    plot->xAxis->setTicker(ticks);
    plot->xAxis->setRange(lowest - 0.5, highest + 0.5);  // the classes drawn, half a step either side
    plot->xAxis->setLabel("pattern class (maximum treewidth)");
    plot->setObjectName("expressivity");
    finishUtilityPlot(plot, a, metric, "Expressivity vs privacy", fs);
}

void buildDimensionPlot(QCustomPlot* plot, const experiment::SweepResult& result, double fs) {
    resetPlot(plot);
    const auto& a = result.aggregated;
    const std::string metric = drawSeriesByBudget(plot, a, [&](int i) { return double(a.at(i, "d").get<int>()); }, fs);
    const std::string cls = a.rows() ? a.at(0, "pattern_class").get<std::string>() : std::string();
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(2);
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setLabel("number of patterns d (" + QString::fromStdString(cls) + ")");
    plot->xAxis->rescale();
    plot->xAxis->setRange(plot->xAxis->range().lower / 1.3, plot->xAxis->range().upper * 1.3);
    plot->setObjectName("dimension");
    finishUtilityPlot(plot, a, metric, "Utility against the number of patterns d", fs);
}

}  // namespace px::widgets
