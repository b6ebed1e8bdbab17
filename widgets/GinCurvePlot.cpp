#include "GinCurvePlot.h"
#include "Notation.h"

#include "FigureRoles.h"
#include "Palette.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <qcustomplot.h>
#include <sstream>

namespace px::widgets {

namespace {

std::vector<double> parseCurve(const std::string& text) {
    std::vector<double> v;
    std::istringstream in(text);
    for (double x; in >> x;) v.push_back(x);
    return v;
}

// The rows to draw: those scored on released test graphs when the sweep has both protocols.
bool drawn(const experiment::ResultTable& runs, int i, const char* column, bool haveReleasedRows) {
    if (!runs.at(i, column).is_string() || runs.at(i, column).get<std::string>().empty()) return false;
    const auto& noisy = runs.at(i, "noisy_test");
    return !haveReleasedRows || (noisy.is_boolean() && noisy.get<bool>());
}

// "RR", "DPRR" or "DPRR (published split)": the graph release a row's GIN was trained on.
std::string mechanismName(const experiment::ResultTable& runs, int i) {
    std::string name = runs.at(i, "mechanism").is_string() ? runs.at(i, "mechanism").get<std::string>() : "?";
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return char(std::toupper(ch)); });
    if (runs.columnIndex("dprr_split") >= 0 && runs.at(i, "dprr_split").is_string() && runs.at(i, "dprr_split").get<std::string>() == "published")
        name += " (published split)";
    return name;
}

}  // namespace

bool buildGinCurvePlot(QCustomPlot* plot, const experiment::SweepResult& result, double fs, double emphasisEpsilon) {
    const auto& runs = result.runs;
    // the test curve behind a test-curve choice (Xu et al.), else the validation curve behind a validation choice
    const bool test = runs.columnIndex("fold_mean_test_curve") >= 0;
    if (!test && runs.columnIndex("fold_mean_valid_curve") < 0) return false;
    const char* column = test ? "fold_mean_test_curve" : "fold_mean_valid_curve";
    bool haveReleasedRows = false;
    for (int i = 0; i < runs.rows(); ++i)
        haveReleasedRows = haveReleasedRows || (runs.at(i, "noisy_test").is_boolean() && runs.at(i, "noisy_test").get<bool>());
    // One line per mechanism and budget; ε = ∞ trains on the clean graphs whatever the mechanism, so it is one line,
    // drawn from the first mechanism's rows (the others repeat the same trainings).
    std::map<std::pair<double, std::string>, std::vector<std::vector<double>>> lines;  // (budget, mechanism) → each run's curve
    std::string metric = "auc", cleanFrom;
    double publicValue = std::nan("");
    for (int i = 0; i < runs.rows(); ++i) {
        if (!drawn(runs, i, column, haveReleasedRows)) continue;
        const double budget = runs.at(i, "budget").get<double>();
        std::string mechanism = mechanismName(runs, i);
        if (std::isinf(budget)) {
            if (cleanFrom.empty()) cleanFrom = mechanism;
            if (mechanism != cleanFrom) continue;
            mechanism.clear();
        }
        lines[{budget, mechanism}].push_back(parseCurve(runs.at(i, column).get<std::string>()));
        metric = runs.at(i, "metric").get<std::string>();
        if (runs.columnIndex("public_value") >= 0 && runs.at(i, "public_value").is_number()) publicValue = runs.at(i, "public_value").get<double>();
    }
    if (lines.empty()) return false;
    double nearest = lines.begin()->first.first;  // the budget nearest the emphasised ε, on a log scale
    for (const auto& entry : lines) {
        const double budget = entry.first.first;
        if (!std::isinf(budget) && std::abs(std::log(budget / emphasisEpsilon)) < std::abs(std::log(nearest / emphasisEpsilon)))
            nearest = budget;
    }
    resetPlot(plot);
    setPlotFonts(plot, fs);  // explicit fonts: the application's font is the projector's once projector mode is on
    int s = 0, longest = 1;
    for (const auto& [key, curves] : lines) {
        const auto& [budget, mechanism] = key;
        std::size_t epochs = curves.front().size();
        for (const auto& c : curves) epochs = std::min(epochs, c.size());
        QVector<double> x, y;
        for (std::size_t e = 0; e < epochs; ++e) {
            double sum = 0;
            for (const auto& c : curves) sum += c[e];
            x << double(e + 1);
            y << sum / double(curves.size());
        }
        longest = std::max(longest, int(epochs));
        const QColor c = viridis(s++, int(lines.size()));
        const QString label = std::isinf(budget) ? QString("clean graphs, ε = ∞ (no noise)")
                                                 : QString("%1, ε = %2").arg(QString::fromStdString(mechanism)).arg(epsilonText(budget));
        QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis);
        g->setName(label + QString(" (%1 run%2)").arg(curves.size()).arg(curves.size() == 1 ? "" : "s"));
        g->setData(x, y, true);
        const bool bold = budget == nearest || std::isinf(budget);
        g->setPen(QPen(c, (bold ? 2.4 : 0.9) * fs));
        if (bold && epochs <= 60) g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, c, 5 * fs));
        markSeries(g);
        setShortName(g, label);
    }
    plot->xAxis->setRange(0.5, longest + 0.5);
    if (std::isfinite(publicValue)) {
        QCPGraph* g = plot->addGraph(plot->xAxis, plot->yAxis);
        g->setName(QString("public information alone (n) = %1").arg(publicValue, 0, 'f', 3));
        g->setData({0.5, longest + 0.5}, {publicValue, publicValue});
        g->setPen(QPen(QColor(120, 120, 120), 1.2 * fs));
        setShortName(g, "public control (n)");
    }
    plot->xAxis->setLabel("training epoch");
    const QString what = (test ? "test " : "validation ") + QString::fromStdString(metric == "auc" ? "ROC-AUC" : metric);
    plot->yAxis->setLabel(what + (test ? " (released test graphs; mean over folds and runs)" : " (released validation graphs; mean over runs)"));
    setShortLabel(plot->yAxis, what);
    plot->yAxis->rescale(true);
    const QCPRange yr = plot->yAxis->range();
    plot->yAxis->setRange(yr.lower - 0.05 * yr.size() - 1e-3, yr.upper + 0.05 * yr.size() + 1e-3);
    plot->yAxis2->setVisible(false);
    plot->setObjectName("gin-curve");
    placeLegendBelow(plot, 3);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, test ? "GIN: test metric against the training epoch"
                                                                 : "GIN: validation metric against the training epoch",
                                                            QFont(plot->font().family(), int(11 * fs), QFont::Bold)));
    plot->replot();
    return true;
}

}  // namespace px::widgets
