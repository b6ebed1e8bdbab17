// The depth lab's propagation views: accuracy and COSERA AUROC of the released features against hops
// and against ε, per scheme, beside the non-private propagation and the features alone.
#include "DepthPlots.h"

#include "DepthPlotKit.h"
#include "FigureRoles.h"
#include "Palette.h"

#include <QStringList>
#include <algorithm>
#include <cmath>
#include <map>

namespace px::widgets {

using namespace depthplot;

namespace {
QString schemeName(const std::string& scheme, bool longForm) {
    if (scheme == "gap") return longForm ? "GAP (all hops released)" : "GAP";
    if (scheme == "caribou-reference") return "CARIBOU reference code (NO valid guarantee)";
    return longForm ? "CARIBOU (last layer released)" : "CARIBOU";
}

// Error bars of 2 sd over the runs (as the trade-off plot draws them).
void addTwoSdBars(QCPGraph* g, const QVector<double>& sd, QColor c, double fs) {
    QVector<double> err;
    for (double v : sd) err << (std::isfinite(v) ? 2 * v : 0.0);
    addErrorBars(g, err, QPen(c, 1.0 * fs), 0, 1);  // accuracies
}

// The public-information control: a linear classifier on the features alone (no edges used).
void addFeaturesAlone(QCustomPlot* plot, const ResultTable& t, double fs) {
    if (t.rows() == 0 || t.columnIndex("features_only_accuracy") < 0) return;
    const double v = num(t, 0, "features_only_accuracy");
    const QCPRange r = plot->xAxis->range();
    QCPGraph* g = line(plot, QString("features alone, no edges (public information) = %1").arg(v, 0, 'f', 3), {r.lower, r.upper}, {v, v},
                       QColor(120, 120, 120), fs, Qt::SolidLine, QCPScatterStyle::ssNone);
    setShortName(g, "features alone (public)");
}

// The δ of the private schemes' (ε, δ) claims, from the table's own column ("δ = 1e-05"; several values are
// listed), so that a plot against ε says at which δ its points hold; empty without that column.
QString deltaWords(const ResultTable& t) {
    if (t.columnIndex("delta") < 0) return {};
    std::vector<double> deltas;
    for (int i = 0; i < t.rows(); ++i)
        if (const double d = num(t, i, "delta"); str(t, i, "scheme") != "none" && d > 0 &&
                                                 std::find(deltas.begin(), deltas.end(), d) == deltas.end())
            deltas.push_back(d);
    QStringList words;
    for (double d : deltas) words << QString::number(d, 'g', 3);
    return words.isEmpty() ? QString() : "δ = " + words.join(", ");
}

void propagationSeries(QCustomPlot* plot, const ResultTable& t, double epsilon, const std::string& metric, double fs) {
    std::map<std::string, std::vector<int>> byScheme;
    for (int i = 0; i < t.rows(); ++i) {
        const double e = num(t, i, "epsilon");
        if (std::isinf(e) || std::abs(e - epsilon) < 1e-12) byScheme[str(t, i, "scheme")].push_back(i);
    }
    int k = 0;
    for (auto& [scheme, rows] : byScheme) {
        const bool none = scheme == "none";
        const QColor c = none ? QColor(90, 90, 90) : viridis(k++, 3);
        QVector<double> x, y;
        PointRecords records;  // for the figure's CSV; the public information here is the features alone
        const bool accuracy = metric == "test_accuracy_mean";
        for (int i : rows) {
            x << num(t, i, "hops");
            y << num(t, i, metric);
            records.std << (accuracy ? num(t, i, "test_accuracy_sd") : std::nan(""));
            records.runs << num(t, i, "runs");
            records.publicControl << (accuracy ? num(t, i, "features_only_accuracy") : std::nan(""));
        }
        const QString name = none ? "non-private propagation" : schemeName(scheme, true);
        QCPGraph* g = line(plot, name, x, y, c, fs, none ? Qt::DotLine : Qt::SolidLine);
        setShortName(g, none ? "non-private" : scheme == "caribou-reference" ? "CARIBOU code, NO guarantee" : schemeName(scheme, false));
        setPointRecords(g, records);
        if (accuracy) addTwoSdBars(g, records.std, c, fs);
    }
}
}  // namespace

void buildAccuracyVsDepthPlot(QCustomPlot* plot, const ResultTable& t, double epsilon, double fs) {
    prepare(plot);
    propagationSeries(plot, t, epsilon, "test_accuracy_mean", fs);
    plot->xAxis->setLabel("hops K");
    plot->yAxis->setLabel("test accuracy, linear classifier (mean ± 2 sd over runs)");
    setShortLabel(plot->yAxis, "test accuracy (± 2 sd)");
    plot->rescaleAxes();
    plot->xAxis->setRange(plot->xAxis->range().lower - 0.5, plot->xAxis->range().upper + 0.5);
    addFeaturesAlone(plot, t, fs);
    plot->yAxis->setRange(0, 1.02);
    finish(plot, QString("Accuracy against depth at %1").arg(epsLabel(epsilon)), fs);
}

void buildAccuracyVsEpsilonPlot(QCustomPlot* plot, const ResultTable& t, double fs) {
    prepare(plot);
    // per (scheme, ε): the row with the best validation accuracy (test accuracy reported there)
    std::map<std::string, std::map<double, int>> best;
    for (int i = 0; i < t.rows(); ++i) {
        auto& slot = best[str(t, i, "scheme")];
        const double e = num(t, i, "epsilon");
        auto it = slot.find(e);
        if (it == slot.end() || num(t, i, "valid_accuracy_mean") > num(t, it->second, "valid_accuracy_mean")) slot[e] = i;
    }
    int k = 0;
    const auto eps = distinctValues(t, "epsilon");
    for (auto& [scheme, byEps] : best) {
        QVector<double> x, y;
        if (scheme == "none") {
            if (eps.empty()) continue;
            const int i = byEps.begin()->second;
            x << eps.front() << eps.back();
            y << num(t, i, "test_accuracy_mean") << num(t, i, "test_accuracy_mean");
            line(plot, QString("non-private (best K = %1)").arg(num(t, i, "hops")), x, y, QColor(90, 90, 90), fs, Qt::DotLine,
                 QCPScatterStyle::ssNone);
            continue;
        }
        PointRecords records;
        for (auto& [e, i] : byEps) {
            x << e;
            y << num(t, i, "test_accuracy_mean");
            records.std << num(t, i, "test_accuracy_sd");
            records.runs << num(t, i, "runs");
            records.publicControl << num(t, i, "features_only_accuracy");
        }
        const QColor c = viridis(k++, 3);
        QCPGraph* g = line(plot, schemeName(scheme, false), x, y, c, fs);
        setPointRecords(g, records);
        addTwoSdBars(g, records.std, c, fs);
    }
    logX(plot);
    const QString delta = deltaWords(t);
    plot->xAxis->setLabel(QString("ε (%1; depth chosen on validation nodes)").arg(delta.isEmpty() ? "δ fixed" : delta));
    plot->yAxis->setLabel("test accuracy at the best depth (mean ± 2 sd over runs)");
    setShortLabel(plot->yAxis, "test accuracy (± 2 sd)");
    plot->rescaleAxes();
    if (!eps.empty()) plot->xAxis->setRange(eps.front() / 1.3, eps.back() * 1.3);
    addFeaturesAlone(plot, t, fs);
    plot->yAxis->setRange(0, 1.02);
    finish(plot, delta.isEmpty() ? QString("Accuracy against ε at the best depth") : "Accuracy against ε at the best depth, " + delta, fs);
}

namespace {
// AUROC 0.5 is chance. Values below it are not "better than private": edges then look less alike than
// non-edges (heterophilous propagation), and an attacker who flips the score's sign gets 1 − AUROC.
void attackChanceLine(QCustomPlot* plot, double fs) {
    const QCPRange r = plot->xAxis->range();
    line(plot, "chance 0.5 (below it, linked nodes look less alike: 1 − AUROC is the attack's power)", {r.lower, r.upper},
         {0.5, 0.5}, QColor(150, 150, 150), fs, Qt::DashDotLine, QCPScatterStyle::ssNone);
}

// Cleared for a new build; without attack columns, a title that says how to get them.
bool attackWasRun(QCustomPlot* plot, const ResultTable& t, double fs) {
    prepare(plot);
    if (t.columnIndex("attack_auroc_mean") >= 0) return true;
    addTitle(plot, "Run propagation with \"attack\" on to see COSERA on the released features", fs);
    plot->replot();
    return false;
}
}  // namespace

void buildAttackVsDepthPlot(QCustomPlot* plot, const ResultTable& t, double epsilon, double fs) {
    if (!attackWasRun(plot, t, fs)) return;
    propagationSeries(plot, t, epsilon, "attack_auroc_mean", fs);
    plot->xAxis->setLabel("hops K");
    plot->yAxis->setLabel("COSERA AUROC on the released features");
    plot->rescaleAxes();
    attackChanceLine(plot, fs);
    plot->yAxis->setRange(std::min(0.45, plot->yAxis->range().lower - 0.02), 1.02);
    finish(plot, QString("Edge reconstruction from the release at %1").arg(epsLabel(epsilon)), fs);
}

void buildAttackVsEpsilonPlot(QCustomPlot* plot, const ResultTable& t, int hops, double fs) {
    if (!attackWasRun(plot, t, fs)) return;
    std::map<std::string, std::vector<int>> byScheme;
    for (int i = 0; i < t.rows(); ++i)
        if (int(num(t, i, "hops")) == hops) byScheme[str(t, i, "scheme")].push_back(i);
    const auto eps = distinctValues(t, "epsilon");
    int k = 0;
    for (auto& [scheme, rows] : byScheme) {
        QVector<double> x, y;
        if (scheme == "none") {
            if (eps.empty()) continue;
            x << eps.front() << eps.back();
            y << num(t, rows.front(), "attack_auroc_mean") << num(t, rows.front(), "attack_auroc_mean");
            line(plot, "non-private propagation", x, y, QColor(90, 90, 90), fs, Qt::DotLine, QCPScatterStyle::ssNone);
            continue;
        }
        for (int i : rows) { x << num(t, i, "epsilon"); y << num(t, i, "attack_auroc_mean"); }
        line(plot, schemeName(scheme, false), x, y, viridis(k++, 3), fs);
    }
    logX(plot);
    const QString delta = deltaWords(t);
    plot->xAxis->setLabel(delta.isEmpty() ? QString("ε") : QString("ε (%1)").arg(delta));
    plot->yAxis->setLabel("COSERA AUROC on the released features");
    plot->rescaleAxes();
    attackChanceLine(plot, fs);
    plot->yAxis->setRange(std::min(0.45, plot->yAxis->range().lower - 0.02), 1.02);
    finish(plot, QString("Edge reconstruction from the release against ε, K = %1 hops%2").arg(hops).arg(delta.isEmpty() ? "" : ", " + delta), fs);
}


}  // namespace px::widgets
