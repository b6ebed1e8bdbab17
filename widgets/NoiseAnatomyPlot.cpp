#include "NoiseAnatomyPlot.h"
#include "Notation.h"

#include "FigureRoles.h"
#include "FittingTextTicker.h"
#include "Palette.h"

#include <cmath>
#include <qcustomplot.h>

namespace px::widgets {

namespace {
// Each pattern's share of the privacy loss (ρ_j/ρ, or ε_j/ε for Laplace) as impulses on the right axis, in %:
// how the allocation spends the budget across patterns (equal SNR: 1/d each; isotropic: ∝ s_j²).
void addBudgetShares(QCustomPlot* plot, const std::vector<double>& share, const std::vector<int>& order, bool pure, double fs) {
    if (share.size() != order.size() || share.empty()) {
        plot->yAxis2->setVisible(false);
        return;
    }
    QVector<double> x, y;
    double top = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        x << double(k);
        y << 100 * share[order[k]];
        top = std::max(top, y.back());
    }
    QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis2);
    g->setName(pure ? "each pattern's share of the privacy budget ε (right axis, %)"
                     : "each pattern's share of the privacy budget ρ (right axis, %)");
    g->setData(x, y, true);
    g->setLineStyle(QCPGraph::lsImpulse);
    g->setLayer("grid");  // under the markers of the three series
    g->setPen(QPen(QColor(150, 150, 150), std::max(1.0, 1.5 * fs)));
    plot->yAxis2->setVisible(true);
    plot->yAxis2->setTickLabels(true);
    plot->yAxis2->setScaleType(QCPAxis::stLinear);
    plot->yAxis2->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot->yAxis2->setRange(0, top > 0 ? top * 1.15 : 1);
    plot->yAxis2->setLabel("budget share (%)");
}
}  // namespace

void buildNoiseAnatomyPlot(QCustomPlot* plot, const privacy::PrivacyReport& r, const std::vector<PatternInfo>& patterns,
                           double fs, double epsilon) {
    resetPlot(plot);
    setPlotFonts(plot, fs);  // explicit fonts: the application's font is the projector's once projector mode is on
    const int d = int(r.noiseMedian.size());
    // Patterns sorted by size, so that the growth of the gap is visible.
    std::vector<int> order(d);
    for (int j = 0; j < d; ++j) order[j] = j;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return std::make_pair(patterns[a].vertices, patterns[a].edges) < std::make_pair(patterns[b].vertices, patterns[b].edges);
    });
    struct Series { const std::vector<double>* values; QString name; QCPScatterStyle::ScatterShape shape; };
    const Series series[] = {{&r.signalMean, "signal: mean clean density t(F, G)", QCPScatterStyle::ssDisc},
                             // Laplace's scale is b = ‖s‖₁/ε (Dwork et al. 2006), not a standard deviation σ
                             {&r.noiseMedian, r.mechanism == "Laplace" ? "noise scale b of the Laplace (median over graphs)"
                                                                       : "noise scale σ (median over graphs)", QCPScatterStyle::ssTriangle},
                             {&r.sensitivityMedian, "sensitivity bound s (median over graphs)", QCPScatterStyle::ssSquare}};
    QSharedPointer<FittingTextTicker> ticks(new FittingTextTicker(plot->xAxis));  // thinned to the room at each replot
    for (int k = 0; k < d; ++k) ticks->addTick(k, QString("m=%1\ne=%2").arg(patterns[order[k]].vertices).arg(patterns[order[k]].edges));
    for (int s = 0; s < 3; ++s) {
        QVector<double> x, y;
        for (int k = 0; k < d; ++k) {
            const double v = (*series[s].values)[order[k]];
            if (v > 0 && std::isfinite(v)) { x << k; y << v; }
        }
        QCPGraph* g = plot->addGraph();
        // a pattern no graph contains has density 0, which a log axis cannot show: said, not silently missing (a new
        // user saw 5 of 160 signal dots on MUTAG and nothing about the rest)
        const int missing = d - int(x.size());
        g->setName(missing == 0 ? series[s].name
                                : QString("%1 (not drawn for %2 of %3 patterns: 0, below the log axis)").arg(series[s].name).arg(missing).arg(d));
        if (missing > 0)  // a figure's legend keeps it (its names are otherwise cut at the first ": ")
            setShortName(g, QString("%1 (not drawn for %2 of %3: 0)").arg(QString(series[s].name).section(':', 0, 0)).arg(missing).arg(d));
        g->setData(x, y, true);
        const QColor c = viridis(s, 3);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(series[s].shape, c, c, 7 * fs));
    }
    addBudgetShares(plot, r.budgetShare, order, r.pureEpsilon >= 0, fs);
    plot->xAxis->setTicker(ticks);
    plot->xAxis->setRange(-1, d);
    // x = 0 is the first pattern, not an origin: QCustomPlot's solid zero line there looked like its budget bar.
    plot->xAxis->grid()->setZeroLinePen(plot->xAxis->grid()->pen());
    plot->xAxis->setLabel("patterns, ordered by size");
    plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    // every decade as a power of ten (10⁻⁴, 10⁻⁶): the default "g" wrote 0.0001 beside 10⁻⁶ on the same axis
    plot->yAxis->setNumberFormat("eb");
    plot->yAxis->setNumberPrecision(0);
    plot->yAxis->rescale();
    QCPRange yr = plot->yAxis->range();
    plot->yAxis->setRange(yr.lower / 3, yr.upper * 3);
    plot->yAxis->setLabel("density scale (log)");
    placeLegendBelow(plot, 2);
    plot->plotLayout()->insertRow(0);
    auto* t = new QCPTextElement(plot, QString("Noise anatomy — %1, %2 allocation, ε = %3")
                                            .arg(QString::fromStdString(r.mechanism), QString::fromStdString(r.allocation))
                                            .arg(epsilonText(std::isnan(epsilon) ? r.epsilon() : epsilon)),
                                 QFont(plot->font().family(), int(11 * fs), QFont::Bold));
    plot->plotLayout()->addElement(0, 0, t);
    plot->setObjectName("noise-anatomy");
    plot->replot();
}

}  // namespace px::widgets
