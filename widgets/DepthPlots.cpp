#include "DepthPlots.h"

#include "DepthPlotKit.h"
#include "FigureRoles.h"
#include "Palette.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <qcustomplot.h>
#include <set>

namespace px::widgets {

using namespace depthplot;

std::vector<double> distinctValues(const ResultTable& t, const std::string& column) {
    std::set<double> s;
    for (int i = 0; i < t.rows(); ++i) {
        const double v = num(t, i, column);
        if (std::isfinite(v)) s.insert(v);
    }
    return {s.begin(), s.end()};
}

namespace {
// [lo, hi] of the metric's finite values, rounded out to 0.05 and kept within [floor, ceiling]; at least 0.1 wide.
QCPRange spreadRange(const ResultTable& t, const std::string& metric, double floor, double ceiling) {
    double lo = ceiling, hi = floor;
    for (int i = 0; i < t.rows(); ++i)
        if (const double v = num(t, i, metric); std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (lo > hi) return {floor, ceiling};
    lo = std::max(floor, std::floor(lo / 0.05 + 1e-9) * 0.05);
    hi = std::min(ceiling, std::ceil(hi / 0.05 - 1e-9) * 0.05);
    if (hi - lo < 0.1) lo = std::max(floor, hi - 0.1), hi = std::min(ceiling, lo + 0.1);
    return {lo, hi};
}
}  // namespace

void buildAttackHeatmap(QCustomPlot* plot, const ResultTable& t, const std::string& rowKey, const std::string& colKey,
                        const std::string& metric, const QString& title, double fs) {
    prepare(plot);
    const auto rows = distinctValues(t, rowKey), cols = distinctValues(t, colKey);
    if (rows.empty() || cols.empty()) { plot->replot(); return; }
    const bool log2Rows = rowKey == "d";
    auto rowCoord = [&](double v) { return log2Rows ? std::log2(v) : double(std::find(rows.begin(), rows.end(), v) - rows.begin()); };
    auto colCoord = [&](double v) { return colKey == "depth" ? v : double(std::find(cols.begin(), cols.end(), v) - cols.begin()); };
    // x: columns (depth L or p), y: rows (log₂ d or K)
    auto* map = new QCPColorMap(plot->xAxis, plot->yAxis);
    map->data()->setSize(int(cols.size()), int(rows.size()));
    map->data()->setRange(QCPRange(colCoord(cols.front()), colCoord(cols.back())),
                          QCPRange(rowCoord(rows.front()), rowCoord(rows.back())));
    for (int i = 0; i < t.rows(); ++i) {
        const int ci = int(std::find(cols.begin(), cols.end(), num(t, i, colKey)) - cols.begin());
        const int ri = int(std::find(rows.begin(), rows.end(), num(t, i, rowKey)) - rows.begin());
        map->data()->setCell(ci, ri, num(t, i, metric));
    }
    QCPColorGradient grad;
    grad.clearColorStops();
    for (int k = 0; k <= 8; ++k) grad.setColorStopAt(k / 8.0, viridis(k, 9));
    if (metric.rfind("err", 0) == 0) grad = grad.inverted();  // lighter = stronger attack in both maps
    map->setInterpolate(false);
    auto* scale = new QCPColorScale(plot);
    plot->plotLayout()->addElement(0, 1, scale);
    scale->setType(QCPAxis::atRight);
    map->setColorScale(scale);  // the map takes over the scale's gradient: set ours afterwards
    map->setGradient(grad);
    const bool isErr = metric.rfind("err", 0) == 0;
    scale->axis()->setLabel(isErr ? "ERR = min (FPR + FNR)" : "AUROC");
    // The colours spread the data's own range (rounded out to 0.05, within the metric's [0, 1] or [0.5, 1]), so
    // that 0.88 and 0.99 do not look alike; the scale's axis says where it starts.
    const QCPRange range = spreadRange(t, metric, isErr ? 0.0 : 0.5, 1.0);
    map->setDataRange(range);
    auto* group = new QCPMarginGroup(plot);
    plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    // cell labels
    for (int i = 0; i < t.rows(); ++i) {
        auto* txt = new QCPItemText(plot);
        txt->position->setCoords(colCoord(num(t, i, colKey)), rowCoord(num(t, i, rowKey)));
        const double v = num(t, i, metric);
        txt->setText(QString::number(v, 'f', 2));
        QFont font(plot->font().family());
        font.setPointSizeF(8 * fs);  // 10.7 px at 96 dpi: readable from a lecture hall's middle rows
        txt->setFont(font);
        setCellLabel(txt, 1.0);  // one column of the map
        const double along = std::clamp((v - range.lower) / range.size(), 0.0, 1.0);  // position on the gradient
        const double lightness = isErr ? 1 - along : along;                           // viridis: light at the top
        txt->setColor(lightness > 0.55 ? Qt::black : Qt::white);  // dark text on light cells
    }
    QSharedPointer<QCPAxisTickerText> yt(new QCPAxisTickerText), xt(new QCPAxisTickerText);
    for (double r : rows) yt->addTick(rowCoord(r), log2Rows ? powerOfTwo(int(std::lround(std::log2(r)))) : QString::number(r));
    for (double c : cols) xt->addTick(colCoord(c), QString::number(c));
    plot->yAxis->setTicker(yt);
    plot->xAxis->setTicker(xt);
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {  // ticks outside: inside, one met a cell's "0.99" and read "−0.99"
        axis->setTickLength(0, int(std::lround(4 * fs)));
        axis->setSubTickLength(0, 0);
    }
    plot->xAxis->setLabel(colKey == "depth" ? "depth L" : QString::fromStdString(colKey == "p" ? "within-block p" : colKey));
    plot->yAxis->setLabel(log2Rows ? "feature dimension d" : rowKey == "blocks" ? "blocks K" : QString::fromStdString(rowKey));
    plot->xAxis->setRange(colCoord(cols.front()) - 0.5, colCoord(cols.back()) + 0.5);
    plot->yAxis->setRange(rowCoord(rows.front()) - 0.5, rowCoord(rows.back()) + 0.5);
    addTitle(plot, title, fs);
    plot->replot();
}

void buildNagPlot(QCustomPlot* plot, const ResultTable& t, double fs) {
    prepare(plot);
    std::map<std::string, std::vector<int>> byAgg;
    for (int i = 0; i < t.rows(); ++i) byAgg[str(t, i, "aggregation")].push_back(i);
    int k = 0;
    for (auto& [agg, rows] : byAgg) {
        const QColor c = viridis(k++, int(byAgg.size()));
        QVector<double> x, y, b;
        for (int i : rows) {
            if (!(num(t, i, "sigma") > 0)) continue;
            x << num(t, i, "sigma");
            y << num(t, i, "err_mean");
            b << num(t, i, "err_lower_bound");
        }
        // short names for a projector's legend (its eight full names took 13 % of a 1280×720 screen)
        setShortName(line(plot, QString::fromStdString(agg) + ": COSERA ERR (measured)", x, y, c, fs), QString::fromStdString(agg) + ": measured");
        setShortName(line(plot, QString::fromStdString(agg) + ": lower bound, any attacker", x, b, c, fs, Qt::DashLine, QCPScatterStyle::ssNone),
                     QString::fromStdString(agg) + ": bound");
    }
    logX(plot);
    plot->xAxis->setLabel("noise σ per coordinate and layer");
    plot->yAxis->setLabel("type-I + type-II error");
    setShortLabel(plot->yAxis, "error (ERR)");  // a short axis (projector, 1280×720) cut it to "type-I + type-II er…"
    plot->xAxis->rescale();
    plot->xAxis->setRange(plot->xAxis->range().lower * 0.8, plot->xAxis->range().upper * 1.25);
    plot->yAxis->setRange(0, 1.05);
    // the network the noise went through: its layers and the operator norm of every W_l (the bound depends on both)
    const QString network = t.rows() > 0 && t.columnIndex("depth") >= 0 && t.columnIndex("op_norm") >= 0
                                ? QString(" (L = %1, ‖Wₗ‖ = %2)").arg(num(t, 0, "depth")).arg(num(t, 0, "op_norm"), 0, 'g', 3)
                                : QString();
    if (fs > 1) showShortNames(plot);  // projector mode (figures keep the full names)
    finish(plot, "Noisy aggregation" + network + ": measured attack error vs Theorem 6.1 bound", fs, 4);
}

void buildTrainedNagPlot(QCustomPlot* plot, const ResultTable& t, double fs) {
    prepare(plot);
    const auto widths = distinctValues(t, "width");
    if (widths.empty()) { plot->replot(); return; }
    const double width = widths.front();
    std::map<std::string, std::vector<int>> byAgg;
    int control = -1;
    std::string scheme;
    for (int i = 0; i < t.rows(); ++i) {
        if (num(t, i, "width") != width) continue;
        const std::string agg = str(t, i, "aggregation");
        scheme = str(t, i, "scheme");
        if (agg.rfind("none", 0) == 0) control = i;
        else if (str(t, i, "encoder") == "trained") byAgg[agg].push_back(i);
    }
    const QPen barPen(QColor(90, 90, 90));
    int k = 0;
    for (auto& [agg, rows] : byAgg) {
        const QColor c = viridis(k++, int(byAgg.size()));
        QVector<double> x, acc, accSd, err, errSd, bound;
        for (int i : rows) {
            x << num(t, i, "sigma");
            acc << num(t, i, "accuracy_mean");
            accSd << 2 * num(t, i, "accuracy_sd");
            err << num(t, i, "err_mean");
            errSd << 2 * num(t, i, "err_sd");
            bound << num(t, i, "err_lower_bound_mean");
        }
        // one legend entry per aggregation (its colour); the line styles are keyed once, in grey, below
        addErrorBars(line(plot, QString::fromStdString(agg), x, acc, c, fs), accSd, barPen, 0, 1);  // accuracy and ERR ∈ [0, 1]
        QCPGraph* attack = line(plot, QString(), x, err, c, fs, Qt::DashLine, QCPScatterStyle::ssSquare);
        addErrorBars(attack, errSd, barPen, 0, 1);
        attack->removeFromLegend();
        line(plot, QString(), x, bound, c, fs, Qt::DotLine, QCPScatterStyle::ssNone)->removeFromLegend();
    }
    const QColor key(80, 80, 80);
    // named by what they mean, their icons show the style ("solid: test accuracy" lost its meaning in a paper
    // figure's legend, which keeps a name up to its first ": ")
    line(plot, "test accuracy", {}, {}, key, fs);
    line(plot, "COSERA ERR", {}, {}, key, fs, Qt::DashLine, QCPScatterStyle::ssSquare);
    line(plot, "ERR bound, any attacker", {}, {}, key, fs, Qt::DotLine, QCPScatterStyle::ssNone);
    plot->xAxis->rescale();
    const QCPRange xr = plot->xAxis->range();
    const double pad = std::max(0.05, 0.06 * (xr.upper - xr.lower));
    if (control >= 0) {
        const QColor grey(120, 120, 120);
        const QVector<double> ends{xr.lower - pad, xr.upper + pad};
        const double a = num(t, control, "accuracy_mean"), e = num(t, control, "err_mean");
        line(plot, "features alone (no edge used)", ends, {a, a}, grey, fs, Qt::SolidLine, QCPScatterStyle::ssNone);
        line(plot, QString(), ends, {e, e}, grey, fs, Qt::DashLine, QCPScatterStyle::ssNone)->removeFromLegend();
    }
    plot->xAxis->setRange(xr.lower - pad, xr.upper + pad);
    plot->xAxis->setLabel("noise σ per coordinate and layer");
    plot->yAxis->setLabel("accuracy / type-I + type-II error");
    setShortLabel(plot->yAxis, "accuracy / ERR");
    plot->yAxis->setRange(0, 1.05);
    finish(plot, QString("Trained NAG (%1, d = %2): accuracy, attack error and bound").arg(QString::fromStdString(scheme)).arg(width), fs,
           3);
}

void buildMultiplierPlot(QCustomPlot* plot, const ResultTable& t, double fs) {
    prepare(plot);
    std::map<double, std::vector<int>> byC;
    for (int i = 0; i < t.rows(); ++i) byC[num(t, i, "contraction")].push_back(i);
    int k = 0;
    double eps = 0;
    for (auto it = byC.rbegin(); it != byC.rend(); ++it) {
        const QColor c = it->first >= 1 ? QColor(200, 40, 40) : viridis(k++, int(byC.size()) - 1);
        QVector<double> x, y;
        QString name;
        for (int i : it->second) {
            x << num(t, i, "hops");
            y << num(t, i, "multiplier");
            name = QString::fromStdString(str(t, i, "scheme"));
            eps = num(t, i, "epsilon");
        }
        line(plot, name, x, y, c, fs, it->first >= 1 ? Qt::DashLine : Qt::SolidLine, QCPScatterStyle::ssNone);
    }
    plot->xAxis->setLabel("hops K (layers)");
    plot->yAxis->setLabel("noise multiplier σ/Δ");
    plot->rescaleAxes();
    plot->yAxis->setRangeLower(0);
    finish(plot, QString("Noise needed for %1, δ = %2: ρ linear in K vs convergent").arg(epsLabel(eps)).arg(num(t, 0, "delta"), 0, 'g', 2), fs);
}

void buildRealAttackPlot(QCustomPlot* plot, const ResultTable& t, const QString& dataName, double fs) {
    prepare(plot);
    std::map<std::string, std::vector<int>> byWeights;
    for (int i = 0; i < t.rows(); ++i) byWeights[str(t, i, "weights")].push_back(i);
    int k = 0;
    long dims = 0;
    for (auto& [w, rows] : byWeights) {
        const QColor c = viridis(k++, 2);
        QVector<double> x, a, e;
        for (int i : rows) {
            x << num(t, i, "depth");
            a << num(t, i, "auroc_mean");
            e << num(t, i, "err_mean");
            dims = long(num(t, i, "feature_dims"));
        }
        line(plot, QString::fromStdString(w) + " weights: AUROC", x, a, c, fs);
        line(plot, QString::fromStdString(w) + " weights: ERR", x, e, c, fs, Qt::DashLine, QCPScatterStyle::ssSquare);
    }
    plot->xAxis->setLabel("depth L");
    plot->yAxis->setLabel("AUROC (solid) / ERR (dashed)");
    plot->rescaleAxes();
    plot->xAxis->setRange(0.5, plot->xAxis->range().upper + 0.5);
    plot->yAxis->setRange(0, 1.02);
    finish(plot, QString("COSERA on %1 with its own features (%2 dims)").arg(dataName).arg(dims), fs);
}

void buildAsampPlot(QCustomPlot* plot, const ResultTable& t, double fs) {
    prepare(plot);
    QVector<double> x, acc, abst, overall, base;
    double maxPs = 0;
    for (int i = 0; i < t.rows(); ++i) {
        x << num(t, i, "sampling");
        acc << num(t, i, "accuracy_released");
        abst << num(t, i, "abstention");
        overall << num(t, i, "accuracy_overall");
        base << num(t, i, "base_accuracy");
        maxPs = num(t, i, "max_sampling");
    }
    if (!x.isEmpty()) {
        auto* band = new QCPItemRect(plot);
        band->topLeft->setCoords(x.front() * 0.8, 1.05);
        band->bottomRight->setCoords(std::min(maxPs, x.back() * 1.25), 0);
        band->setPen(Qt::NoPen);
        band->setBrush(QColor(120, 190, 120, 60));
        band->setLayer("background");
        auto* label = new QCPItemText(plot);
        label->position->setCoords(std::sqrt(x.front() * 0.8 * std::max(maxPs, x.front())), 1.0);
        label->setText(QString("privacy condition holds: p_s ≤ ε/(32 ln(1/δ)) = %1").arg(maxPs, 0, 'g', 3));
        label->setFont(QFont(plot->font().family(), int(8 * fs)));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->position->setCoords(x.front() * 0.85, 1.03);
    }
    line(plot, "accuracy of released labels (none where all abstain)", x, acc, viridis(0, 3), fs);
    line(plot, "abstention rate (⊥)", x, abst, viridis(1, 3), fs, Qt::DashLine, QCPScatterStyle::ssSquare);
    line(plot, "overall accuracy (⊥ counts as wrong)", x, overall, viridis(2, 3), fs);
    line(plot, "base GCN, full graph (not private)", x, base, QColor(90, 90, 90), fs, Qt::DotLine, QCPScatterStyle::ssNone);
    logX(plot);
    plot->xAxis->setLabel("edge sampling probability p_s");
    plot->yAxis->setLabel("fraction of test nodes");
    plot->xAxis->rescale();
    if (!x.isEmpty()) plot->xAxis->setRange(x.front() * 0.8, x.back() * 1.25);
    plot->yAxis->setRange(0, 1.05);
    finish(plot, "AsampGCN: utility and abstention against p_s", fs);
}

}  // namespace px::widgets
