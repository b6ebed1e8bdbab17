#include "TradeoffPlot.h"

#include "FigureExport.h"
#include "FigureRoles.h"
#include "Palette.h"
#include "SliderReadout.h"

#include <cmath>
#include <map>
#include <qcustomplot.h>

namespace px::widgets {

namespace {
double num(const nlohmann::json& v) { return v.is_number() ? v.get<double>() : std::nan(""); }

// The public-information control as a band: from the better control (the public information alone,
// or the release shuffled among graphs of equal n, per ε) to 0.02 beyond it. A point inside the band
// has no structural signal; such points get a hollow grey ring. Series: the first one's controls.
void addControls(QCustomPlot* plot, const experiment::ResultTable& a, const std::map<std::string, std::vector<int>>& rows,
                 const std::vector<std::string>& order, const std::string& metric, double xLo, double xHi, double fs) {
    if (order.empty() || a.columnIndex("public_value_mean") < 0) return;
    const double sign = metric == "rmse" ? -1.0 : 1.0;  // lower is better for RMSE
    std::vector<std::pair<double, double>> control;     // (ε, better control)
    double publicValue = std::nan("");
    for (int i : rows.at(order[0])) {
        const double e = num(a.at(i, "epsilon_mean")), p = num(a.at(i, "public_value_mean")), sh = num(a.at(i, "shuffled_value_mean"));
        publicValue = p;
        if (!std::isfinite(e) || std::isnan(p)) continue;
        control.push_back({e, std::isnan(sh) ? p : sign * std::max(sign * p, sign * sh)});
    }
    if (std::isnan(publicValue)) return;
    std::sort(control.begin(), control.end());
    QVector<double> x{xLo}, lo, hi;
    lo << (control.empty() ? publicValue : control.front().second);
    for (auto [e, c] : control) { x << e; lo << c; }
    x << xHi;
    lo << lo.back();
    for (double v : lo) hi << v + sign * 0.02;
    QCPGraph* base = plot->addGraph(plot->xAxis, plot->yAxis);
    base->setData(x, lo, true);
    base->setPen(QPen(QColor(120, 120, 120), 0.8 * fs));
    base->setName(QString("controls: public information (n) = %1, or shuffled within n").arg(publicValue, 0, 'f', 3));
    setShortName(base, "best control");  // the line is the better of the two
    QCPGraph* top = plot->addGraph(plot->xAxis, plot->yAxis);
    top->setData(x, hi, true);
    top->setPen(Qt::NoPen);
    top->setBrush(QColor(120, 120, 120, 50));
    top->setChannelFillGraph(base);
    top->setName("+0.02 above the better control; ringed points: no structural signal (not above it by max(0.02, 2 sd))");
    setShortName(top, "+0.02: no structural signal");
    QVector<double> fx, fy;
    for (const auto& series : order)
        for (int i : rows.at(series))
            if (a.at(i, "no_structural_signal") == true && std::isfinite(num(a.at(i, "epsilon_mean")))) {
                fx << num(a.at(i, "epsilon_mean"));
                fy << num(a.at(i, "value_mean"));
            }
    if (fx.isEmpty()) return;
    QCPGraph* flags = plot->addGraph(plot->xAxis, plot->yAxis);
    flags->setData(fx, fy);
    flags->setLineStyle(QCPGraph::lsNone);
    flags->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(90, 90, 90), 1.5 * fs), Qt::NoBrush, 12 * fs));
    flags->removeFromLegend();
    flags->setName("no structural signal");
}
// The erf law's curve for one series, placed at the ε each noise parameter ρ gives; or, where there is none,
// an entry "erf: no fit (why)" in the legend, so that a missing curve is never a mystery.
void addErfFit(QCustomPlot* plot, const experiment::SweepResult& result, const std::string& group, int head, const std::string& metric,
               const QColor& colour, double fs, double xLo, double xHi, bool partial, bool stopped) {
    const experiment::ResultTable& a = result.aggregated;
    const experiment::FitSummary* found = nullptr;
    for (const auto& f : result.fits)
        if (f.group == group) found = &f;
    QString why;
    // a law fitted to the first few points of a sweep is any curve through them (A∞ = 114 with three points in)
    if (partial) why = stopped ? "the sweep was stopped before its end; F5 computes the rest" : "fitted when the sweep is done";
    else if (metric != "auc") why = QString("the erf law describes ROC-AUC; this metric is %1").arg(QString::fromStdString(metric));
    else if (!found) why = "fewer than two noisy budgets with a noise parameter, or no signal even at ε = ∞";
    else if (!found->noFit.empty()) why = QString::fromStdString(found->noFit);
    if (!why.isEmpty()) {
        QCPGraph* none = plot->addGraph(plot->xAxis, plot->yAxis);  // no data: a legend entry only
        none->setName("erf: no fit (" + why + ")");
        none->setPen(QPen(colour, 1.0 * fs, Qt::DotLine));
        setShortName(none, "erf: no fit");
        return;
    }
    privacy::MechanismParams m;
    m.mechanism = privacy::mechanismFromString(a.at(head, "mechanism").get<std::string>());
    m.delta = num(a.at(head, "delta"));
    m.beta = std::isfinite(num(a.at(head, "beta"))) ? num(a.at(head, "beta")) : 0.0;
    m.referenceMode = a.at(head, "reference_mode") == true;
    const int d = int(num(a.at(head, "d")));
    // The paper's law (floor ½), or the floored law where it fits clearly better.
    const bool useFloor = found->floored.points > 0 && found->floored.r2 > found->fit.r2 + 0.05;
    const experiment::ErfFit& law = useFloor ? found->floored : found->fit;
    // ρ from 10⁻⁹ up to where ε passes the axis: Laplace's ε = √(2ρ) needs ρ = 5,000 for ε = 100 (the curve once
    // ended at ε = 14.1, the ε of ρ = 100), the Gaussian's far less
    double top = 2;
    while (top < 12 && !(experiment::epsilonForNoiseParameter(m, std::pow(10.0, top), d) >= xHi)) ++top;
    QVector<double> fx, fy;
    const int samples = int(11 * (top + 9));  // eleven a decade
    for (int k = 0; k <= samples; ++k) {
        const double rho = std::pow(10.0, -9 + (top + 9) * k / samples);
        const double e = experiment::epsilonForNoiseParameter(m, rho, d);
        if (!(e >= xLo && e <= xHi)) continue;
        fx << e;
        fy << law.predict(rho);
    }
    QCPGraph* fit = plot->addGraph(plot->xAxis, plot->yAxis);
    fit->setName(useFloor ? QString("erf fit, floor A₀ = %1: κ = %2, A∞ = %3, R² = %4")
                                .arg(law.floor, 0, 'f', 3).arg(law.kappa, 0, 'g', 3).arg(law.aInf, 0, 'f', 3).arg(law.r2, 0, 'f', 2)
                          : QString("erf fit: κ = %1, A∞ = %2, R² = %3").arg(law.kappa, 0, 'g', 3).arg(law.aInf, 0, 'f', 3).arg(law.r2, 0, 'f', 2));
    fit->setData(fx, fy, true);
    fit->setPen(QPen(colour, 1.0 * fs, Qt::DotLine));
    setStyleKey(fit, "erf fit");
}

// One series' points in increasing ε: the release (value, 2 sd, records), its value without noise, its attack.
struct SeriesPoints {
    QVector<double> x, y, err, ax, ay;
    PointRecords records, infRecords, attackRecords;
    double atInf = std::nan("");
};

SeriesPoints collectSeries(const experiment::ResultTable& a, const std::vector<int>& rows) {
    SeriesPoints p;
    std::vector<std::pair<double, int>> sorted;
    for (int i : rows) sorted.push_back({num(a.at(i, "epsilon_mean")), i});
    std::sort(sorted.begin(), sorted.end(), [](auto& l, auto& r) { return l.first < r.first; });
    for (auto [e, i] : sorted) {
        const double v = num(a.at(i, "value_mean"));
        const double sd = num(a.at(i, "value_std")), runs = num(a.at(i, "value_count"));
        const double pub = num(a.at(i, "public_value_mean")), shuffled = num(a.at(i, "shuffled_value_mean"));
        if (std::isinf(num(a.at(i, "budget"))) || !std::isfinite(e)) {
            p.atInf = v;
            p.infRecords = {{sd, sd}, {runs, runs}, {pub, pub}, {shuffled, shuffled}};
            continue;
        }
        p.x << e;
        p.y << v;
        p.err << 2 * sd;
        p.records.std << sd;
        p.records.runs << runs;
        p.records.publicControl << pub;
        p.records.shuffledControl << shuffled;
        const double t = num(a.at(i, "top1_mean"));
        if (std::isfinite(t)) {
            p.ax << e;
            p.ay << t;
            p.attackRecords.std << num(a.at(i, "top1_std"));
            p.attackRecords.runs << num(a.at(i, "top1_count"));
            p.attackRecords.publicControl << num(a.at(i, "chance_same_n_top1_mean"));  // a guess within the same n
        }
    }
    return p;
}

// The release with its error bars, and its value without noise as a dashed line across the axis.
void drawRelease(QCustomPlot* plot, const SeriesPoints& p, const QString& name, const QColor& colour, const std::string& metric,
                 double fs, double xLo, double xHi) {
    QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis);
    g->setName(name);
    g->setData(p.x, p.y, true);
    g->setPen(QPen(colour, 1.8 * fs));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colour, colour, 6 * fs));
    markSeries(g, "private release");
    setPointRecords(g, p.records);
    addErrorBars(g, p.err, QPen(colour, 1.2 * fs), 0, metric == "rmse" ? INFINITY : 1);  // AUC, accuracy ∈ [0, 1]
    if (!std::isfinite(p.atInf)) return;
    QCPGraph* inf = plot->addGraph(plot->xAxis, plot->yAxis);
    inf->setName(name + "  (ε = ∞)");
    inf->setData({xLo, xHi}, {p.atInf, p.atInf});
    inf->setPen(QPen(colour, 1.2 * fs, Qt::DashLine));
    setStyleKey(inf, "ε = ∞ (no noise)");
    setPointRecords(inf, p.infRecords);
}

void drawAttack(QCustomPlot* plot, const SeriesPoints& p, const QString& name, const QColor& colour, double fs) {
    QCPGraph* att = plot->addGraph(plot->xAxis, plot->yAxis2);
    att->setName(name + "  attack Top-1");
    att->setData(p.ax, p.ay, true);
    att->setPen(QPen(colour, 1.2 * fs, Qt::DashDotLine));
    att->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, colour, 5 * fs));
    setStyleKey(att, "attack Top-1 (right)");
    setPointRecords(att, p.attackRecords);
}

void labelAxes(QCustomPlot* plot, const experiment::ResultTable& a, const std::string& metric, bool anyAttack) {
    const double delta = a.rows() ? num(a.at(0, "delta")) : 0;
    // Laplace, randomized response and DPRR are pure ε-DP: their ε needs no δ and no conversion
    bool pure = a.rows() > 0 && a.columnIndex("mechanism") >= 0;
    for (std::size_t i = 0; pure && i < a.rows(); ++i) {
        const auto& m = a.at(i, "mechanism");
        pure = m.is_string() && (m == "laplace" || m == "rr" || m == "dprr");
    }
    plot->xAxis->setLabel(pure ? QString("privacy budget ε (pure ε-DP, no δ)")
                               : QString("privacy budget ε (δ = %1, tightest valid conversion)").arg(delta, 0, 'g', 2));
    setShortLabel(plot->xAxis, pure ? QString("privacy budget ε (pure DP)") : QString("privacy budget ε (δ = %1)").arg(delta, 0, 'g', 2));
    plot->yAxis->setLabel(metric == "auc" ? "test ROC-AUC (mean ± 2 std)" : metric == "rmse" ? "test RMSE (mean ± 2 std)"
                                                                                            : "test accuracy (mean ± 2 std)");
    setShortLabel(plot->yAxis, metric == "auc" ? "ROC-AUC (± 2 sd)" : metric == "rmse" ? "RMSE (± 2 sd)" : "accuracy (± 2 sd)");
    plot->yAxis->rescale(true);
    QCPRange yr = plot->yAxis->range();
    plot->yAxis->setRange(yr.lower - 0.05 * yr.size() - 1e-3, yr.upper + 0.05 * yr.size() + 1e-3);
    plot->yAxis2->setVisible(anyAttack);
    plot->yAxis2->setLabel("re-identification Top-1 accuracy");
    setShortLabel(plot->yAxis2, "attack Top-1");
    plot->yAxis2->setRange(0, 1.02);
}

// The data set's name (or the caller's title) on top; in red, and saying so, for reference-code results.
void addTitle(QCustomPlot* plot, const experiment::SweepResult& result, const QString& given, const QFont& font) {
    const experiment::ResultTable& a = result.aggregated;
    plot->plotLayout()->insertRow(0);
    QString title = given.isEmpty() ? QString::fromStdString(result.metadata.value("dataset", nlohmann::json::object()).value("name", std::string("sweep")))
                                    : given;
    bool reference = false;
    for (int i = 0; i < a.rows(); ++i) reference |= a.at(i, "reference_mode") == true;
    if (reference) title += "  —  REFERENCE-CODE MODE: NO VALID PRIVACY GUARANTEE";
    auto* t = new QCPTextElement(plot, title, font);
    if (reference) t->setTextColor(QColor(180, 30, 30));
    plot->plotLayout()->addElement(0, 0, t);
    plot->setObjectName(title);
}

}  // namespace

namespace {
// A preview looks unfinished: every line dashed and faded, and its title says what it is in another colour.
void markAsPreview(QCustomPlot* plot, const QString& note) {
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot->plottable(i);
        QPen pen = p->pen();
        QColor c = pen.color();
        c.setAlpha(110);
        pen.setColor(c);
        if (pen.style() == Qt::SolidLine) pen.setStyle(Qt::DashLine);
        p->setPen(pen);
    }
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))  // the title says it, in the preview's colour
        if (auto* title = qobject_cast<QCPTextElement*>(e)) {
            title->setText(title->text() + " — " + note);
            title->setTextColor(QColor(150, 70, 0));
            break;
        }
    plot->setProperty(kPreviewProperty, true);
}
}  // namespace

namespace {
// The preview's utility curves beneath a partial result, faded and dashed, one legend entry for all of them.
void drawPreviewBeneath(QCustomPlot* plot, const experiment::SweepResult& preview, const QString& note, double fs) {
    const experiment::ResultTable& a = preview.aggregated;
    std::map<std::string, std::vector<int>> rows;
    for (int i = 0; i < a.rows(); ++i) rows[experiment::seriesLabel(a, i)].push_back(i);
    int s = 0;
    for (const auto& [label, members] : rows) {
        const SeriesPoints p = collectSeries(a, members);
        QColor colour = viridis(s, int(rows.size()));
        colour.setAlpha(110);
        QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis);
        g->setName(note);
        g->setData(p.x, p.y, true);
        g->setPen(QPen(colour, 1.4 * fs, Qt::DashLine));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colour, Qt::white, 5 * fs));
        if (s++ > 0) g->removeFromLegend();
    }
    plot->setProperty(kPreviewProperty, true);
}
}  // namespace

void buildTradeoffPlot(QCustomPlot* plot, const experiment::SweepResult& result, const TradeoffOptions& opt) {
    resetPlot(plot);
    const experiment::ResultTable& a = result.aggregated;
    const double fs = opt.fontScale;
    const QFont base = setPlotFonts(plot, fs);

    // Series in order of first appearance.
    std::vector<std::string> order;
    std::map<std::string, std::vector<int>> rows;
    std::string metric = "auc";
    double epsMin = INFINITY, epsMax = 0, chance = 0;
    int chanceCount = 0;
    for (int i = 0; i < a.rows(); ++i) {
        const std::string label = experiment::seriesLabel(a, i);
        if (!rows.count(label)) order.push_back(label);
        rows[label].push_back(i);
        if (a.at(i, "metric").is_string()) metric = a.at(i, "metric").get<std::string>();
        const double e = num(a.at(i, "epsilon_mean"));
        if (std::isfinite(e) && e > 0) { epsMin = std::min(epsMin, e); epsMax = std::max(epsMax, e); }
        const double c = num(a.at(i, "chance_same_n_top1_mean"));
        if (std::isfinite(c)) { chance += c; ++chanceCount; }
    }
    if (opt.previewBeneath)  // the axis keeps the preview's whole grid while the sweep's points arrive
        for (int i = 0; i < opt.previewBeneath->aggregated.rows(); ++i)
            if (const double e = num(opt.previewBeneath->aggregated.at(i, "epsilon_mean")); std::isfinite(e) && e > 0) {
                epsMin = std::min(epsMin, e);
                epsMax = std::max(epsMax, e);
            }
    if (!(epsMax > 0)) { epsMin = 0.1; epsMax = 10; }
    double xLo = epsMin / 1.6, xHi = epsMax * 1.6;
    if (opt.markerEpsilon > 0) {  // the slider's marker stays on the axis wherever the slider is
        xLo = std::min(xLo, opt.markerEpsilon / 1.3);
        xHi = std::max(xHi, opt.markerEpsilon * 1.3);
    }
    // At least two decades: over less, QCustomPlot's log ticker falls back to linear ticks (0.25, 0.5, ...),
    // which makes a log axis look linear while only a few points are in (a partial result).
    if (const double widen = std::sqrt(100 / (xHi / xLo)); widen > 1) { xLo /= widen; xHi *= widen; }
    const bool anyAttack = a.columnIndex("top1_mean") >= 0 && opt.showAttack;

    addControls(plot, a, rows, order, metric, xLo, xHi, fs);  // beneath the series
    if (opt.previewBeneath) drawPreviewBeneath(plot, *opt.previewBeneath, opt.previewBeneathNote, fs);
    QString readout;  // the first series at the slider's ε
    for (std::size_t s = 0; s < order.size(); ++s) {
        const QColor colour = viridis(int(s), int(order.size()));
        const QString name = QString::fromStdString(order[s]);
        const SeriesPoints p = collectSeries(a, rows[order[s]]);
        if (s == 0 && opt.markerEpsilon > 0 && !p.x.isEmpty())
            readout = describeReading(readAtEpsilon(p.x, p.y, p.err, p.ax, p.ay, opt.markerEpsilon), opt.markerEpsilon,
                                      metric == "auc" ? "ROC-AUC" : metric == "rmse" ? "RMSE" : "accuracy", opt.partial, opt.stopped);
        drawRelease(plot, p, name, colour, metric, fs, xLo, xHi);
        if (opt.showFit) addErfFit(plot, result, order[s], rows.at(order[s]).front(), metric, colour, fs, xLo, xHi, opt.partial, opt.stopped);
        if (anyAttack && !p.ax.isEmpty()) drawAttack(plot, p, name, colour, fs);
    }
    if (anyAttack && chanceCount > 0) {
        QCPGraph* c = plot->addGraph(plot->xAxis, plot->yAxis2);
        c->setName("attack chance level (same n)");
        const double level = chance / chanceCount;
        c->setData({xLo, xHi}, {level, level});
        c->setPen(QPen(Qt::gray, 1.0 * fs, Qt::DotLine));
        setShortName(c, "attack chance (same n)");
    }
    if (opt.markerEpsilon > 0) {
        auto* line = new QCPItemStraightLine(plot);
        line->setObjectName(kSliderMarkerName);  // left out of exported figures unless asked for
        line->point1->setCoords(opt.markerEpsilon, 0);
        line->point2->setCoords(opt.markerEpsilon, 1);
        line->setPen(QPen(QColor(200, 60, 60), 1.5 * fs));
    }

    QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->xAxis->setTicker(logTicker);
    plot->xAxis->setRange(xLo, xHi);
    if (!readout.isEmpty()) addSliderReadout(plot, opt.markerEpsilon, readout, fs);
    labelAxes(plot, a, metric, anyAttack);
    if (opt.compactLegend) showShortNames(plot);
    placeLegendBelow(plot, opt.compactLegend ? 4 : 2);

    addTitle(plot, result, opt.title, QFont(base.family(), int(11 * fs), QFont::Bold));
    if (!opt.previewNote.isEmpty()) markAsPreview(plot, opt.previewNote);
    keepSliderReadoutAwayFromData(plot);  // at every layout, before the plot is drawn
    plot->replot();
}

}  // namespace px::widgets
