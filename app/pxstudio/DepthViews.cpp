#include "DepthViews.h"
#include "Notation.h"

#include "DepthPlots.h"
#include "Palette.h"
#include "FigureExport.h"
#include "TabNavigation.h"
#include "common/AtomicFile.h"
#include "depthlab/DepthLab.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

using px::experiment::ResultTable;

namespace {

QCustomPlot* newPlot(QWidget* parent) {
    auto* p = new QCustomPlot(parent);
    p->setMinimumSize(300, 220);  // fits beside the depth settings on a 1280-pixel screen
    p->setInteraction(QCP::iRangeZoom, false);
    return p;
}

const char* kViewTips[] = {
    "COSERA (Wu et al. 2024): cosine similarity of the node representations H = P^L X W₁⋯W_L scores every node pair;\n"
    "AUROC over all n(n−1)/2 pairs with the true edges as positives, mean over trials. Lighter = stronger attack.",
    "ERR = min over thresholds of FPR + FNR (type-I + type-II error of the best threshold attacker).\n"
    "Lighter = stronger attack (lower error).",
    "COSERA on SBM graphs (K equal blocks, within-block p, between-block q) at one (d, L):\n"
    "dense blocks create a barrier — same-block non-edges look like edges.",
    "COSERA on the selected node data set with its own features: H = P^L X W₁⋯W_L against depth L,\n"
    "identity and random weights (AUROC solid, ERR dashed).",
    "Noisy aggregation (NAG): every layer normalises rows, aggregates, applies W_l (‖W_l‖_op = ω) and adds N(0, σ²).\n"
    "Wu et al. 2024, Theorem 6.1: any attacker's type-I + type-II error ≥ 1 − √(1 − exp(−C Σ‖W_l‖²_op/σ²)),\n"
    "C = 1 (sum, mean, GCN) or 4 (max). Dashed: the bound; solid: COSERA measured.",
    "Trained NAG networks (Wu et al. 2024, §7.2): 2 layers, each h = W_l·AGG(normalised rows) + N(0, σ²), ReLU between, a linear\n"
    "decoder, Adam on the training nodes. Solid: test accuracy; dashed: COSERA's ERR on the test nodes' subgraph (lower =\n"
    "stronger attack); dotted: Theorem 6.1's bound on any attacker's ERR with the trained ‖W_l‖_op (0 = vacuous). Grey: the\n"
    "same network without aggregation (features alone, no edge used). Bars: ± 2 sd over trials.",
    "Noise multiplier σ/Δ for (ε, δ) after K hops, exact Gaussian conversion.\n"
    "GAP composes linearly: μ = √K·Δ/σ. CARIBOU (contraction c, last layer only) uses\n"
    "K_eff = (1+c)(1−c^K)/((1−c)(1+c^K)) → (1+c)/(1−c): the cost converges with depth.",
    "Test accuracy of a linear classifier (liblinear, C chosen on validation nodes) on [public features | release]\n"
    "against the number of hops at the chosen ε (mean ± 2 sd over runs), beside the features alone (public\n"
    "information: no edge used). Post-processing: no extra privacy cost. On the chain data all feature rows but\n"
    "one per chain are 0: the private schemes scale every noisy row to unit length, so any noise on such a row\n"
    "becomes a unit vector of pure noise, and the private curves stay below the non-private one even as ε → ∞.",
    "Test accuracy at the depth with the best validation accuracy, for every ε (mean ± 2 sd over runs), beside the\n"
    "features alone (public information). On the chain data the non-private line is not the limit ε → ∞ (see Acc. vs L).",
    "COSERA on the released features: how much of the graph the private release still reveals.",
    "COSERA on the released features against ε at the deepest propagation run.",
    "AsampGCN (Zhang et al. 2026): m subgraphs keep each edge with probability p_s; the majority label is released when\n"
    "d̂ = (c₁ − c₂)/(4 m p_s) − 1 plus Lap(1/ε) exceeds ln(1/δ)/ε, else ⊥. Privacy needs p_s ≤ ε/(32 ln(1/δ)) (shaded).",
};

}  // namespace

DepthViews::DepthViews(QWidget* parent) : QTabWidget(parent) {
    aurocMap_ = newPlot(this);
    errMap_ = newPlot(this);
    sbmMap_ = newPlot(this);
    realPlot_ = newPlot(this);
    nagPlot_ = newPlot(this);
    trainedNagPlot_ = newPlot(this);
    multiplierPlot_ = newPlot(this);
    accDepthPlot_ = newPlot(this);
    accEpsPlot_ = newPlot(this);
    attackDepthPlot_ = newPlot(this);
    attackEpsPlot_ = newPlot(this);
    asampPlot_ = newPlot(this);
    // Short tab names (the tooltips say what each view is), so that all thirteen fit without scrolling.
    const QList<QPair<QCustomPlot*, QString>> tabs{{aurocMap_, tr("AUROC")},     {errMap_, tr("ERR")},
                                                   {sbmMap_, tr("SBM sweep")},       {realPlot_, tr("On data")},
                                                   {nagPlot_, tr("NAG")},      {trainedNagPlot_, tr("NAG trained")}, {multiplierPlot_, tr("Noise vs L")},
                                                   {accDepthPlot_, tr("Acc. vs L")}, {accEpsPlot_, tr("Acc. vs ε")},
                                                   {attackDepthPlot_, tr("Attack vs L")}, {attackEpsPlot_, tr("Attack vs ε")},
                                                   {asampPlot_, tr("AsampGCN")}};
    const char* names[] = {"cosera-auroc", "cosera-err", "sbm-sweep", "cosera-real", "nag", "nag-trained", "noise-vs-depth",
                           "accuracy-vs-depth", "accuracy-vs-epsilon", "attack-vs-depth", "attack-vs-epsilon", "asamp"};
    for (int i = 0; i < tabs.size(); ++i) {
        tabs[i].first->setObjectName(names[i]);
        addTab(tabs[i].first, tabs[i].second);
        setTabToolTip(i, px::widgets::typesetNotation(tr(kViewTips[i])));
        tabs[i].first->setToolTip(px::widgets::typesetNotation(tr(kViewTips[i])));
        // until its experiment has run, no bare 0–5 axes to read as a result: the view's note says what to press
        px::widgets::hideEmptyAxes(tabs[i].first);
    }
    auto* tablePage = new QWidget(this);
    auto* tv = new QVBoxLayout(tablePage);
    tableChoice_ = new QComboBox(tablePage);
    for (const auto& e : px::depthlab::depthExperiments()) tableChoice_->addItem(QString::fromStdString(e));
    connect(tableChoice_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &DepthViews::refreshTable);
    tableView_ = new QTableWidget(tablePage);
    tableView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tableView_->setSortingEnabled(true);
    tv->addWidget(tableChoice_);
    tv->addWidget(tableView_, 1);
    addTab(tablePage, tr("Tables"));
    setTabToolTip(count() - 1, tr("The tidy result table of each experiment (what pxrun depth writes as CSV)"));
    px::widgets::installTabNavigation(this, false, tr("Depth views"));  // Ctrl+1 … 9 are the main window's views
}

QCustomPlot* DepthViews::currentPlot() const { return qobject_cast<QCustomPlot*>(currentWidget()); }

void DepthViews::setResult(const std::string& e, const ResultTable& t, const nlohmann::json& spec, double epsilon) {
    tables_[e] = t;
    specs_[e] = spec;
    redraw(e, epsilon);
    if (tableChoice_->currentText().toStdString() == e) refreshTable();
}

void DepthViews::showExperiment(const std::string& e) {
    const auto plots = plotsByExperiment();
    if (auto it = plots.find(e); it != plots.end() && indexOf(it->second.front()) >= 0) setCurrentIndex(indexOf(it->second.front()));
}

std::map<std::string, QList<QCustomPlot*>> DepthViews::plotsByExperiment() const {
    return {{"cosera-grid", {aurocMap_, errMap_}}, {"sbm-sweep", {sbmMap_}}, {"cosera-real", {realPlot_}}, {"nag", {nagPlot_}},
            {"nag-trained", {trainedNagPlot_}}, {"accounting", {multiplierPlot_}},
            {"propagation", {accDepthPlot_, accEpsPlot_, attackDepthPlot_, attackEpsPlot_}}, {"asamp", {asampPlot_}}};
}

const nlohmann::json* DepthViews::spec(const std::string& e) const {
    auto it = specs_.find(e);
    return it == specs_.end() ? nullptr : &it->second;
}

const ResultTable* DepthViews::table(const std::string& e) const {
    auto it = tables_.find(e);
    return it == tables_.end() ? nullptr : &it->second;
}

void DepthViews::redraw(const std::string& e, double epsilon) {
    const ResultTable* t = table(e);
    if (!t || t->rows() == 0) return;
    namespace w = px::widgets;
    const double fs = fontScale_;
    if (e == "cosera-grid") {
        const auto& s = specs_[e];
        const QString model = s["model"] == "er" ? tr("ER, p = ln n / n") : tr("SBM K = 3, p = 0.3, q = 0.05");
        // the weights in the words of the control that chose them
        const QString weights = s["weights"] == "gaussian" ? tr("random (He init.)") : QString::fromStdString(s["weights"].get<std::string>());
        const QString what = tr("%1, n = %2, %3 weights, %4 trials").arg(model).arg(s["n"].get<int>()).arg(weights).arg(s["trials"].get<int>());
        w::buildAttackHeatmap(aurocMap_, *t, "d", "depth", "auroc_mean", tr("COSERA AUROC — %1").arg(what), fs);
        w::buildAttackHeatmap(errMap_, *t, "d", "depth", "err_mean", tr("COSERA ERR — %1").arg(what), fs);
    } else if (e == "sbm-sweep") {
        const auto& s = specs_[e];
        w::buildAttackHeatmap(sbmMap_, *t, "blocks", "p", "auroc_mean",
                              tr("COSERA AUROC on SBM, n = %1, q = %2, d = %3, L = %4")
                                  .arg(s["n"].get<int>()).arg(s["q"].get<double>()).arg(s["d"].get<int>()).arg(s["depth"].get<int>()),
                              fs);
    } else if (e == "cosera-real") {
        const std::string data = specs_[e]["data"].get<std::string>();
        w::buildRealAttackPlot(realPlot_, *t, QString::fromStdString(data.rfind("builtin:", 0) == 0 ? data.substr(8)
                                                                          : QFileInfo(QString::fromStdString(data)).fileName().toStdString()),
                               fs);
    } else if (e == "nag") {
        w::buildNagPlot(nagPlot_, *t, fs);
    } else if (e == "nag-trained") {
        w::buildTrainedNagPlot(trainedNagPlot_, *t, fs);
    } else if (e == "accounting") {
        w::buildMultiplierPlot(multiplierPlot_, *t, fs);
    } else if (e == "propagation") {
        // the ε of the depth views: the control's value if it was run, else the closest run
        const auto eps = w::distinctValues(*t, "epsilon");
        double target = epsilon, best = eps.empty() ? target : eps.front();
        for (double x : eps)
            if (std::abs(std::log(x / target)) < std::abs(std::log(best / target))) best = x;
        w::buildAccuracyVsDepthPlot(accDepthPlot_, *t, best, fs);
        w::buildAccuracyVsEpsilonPlot(accEpsPlot_, *t, fs);
        w::buildAttackVsDepthPlot(attackDepthPlot_, *t, best, fs);
        const auto hops = w::distinctValues(*t, "hops");
        w::buildAttackVsEpsilonPlot(attackEpsPlot_, *t, hops.empty() ? 1 : int(hops.back()), fs);
    } else if (e == "asamp") {
        w::buildAsampPlot(asampPlot_, *t, fs);
    }
}

void DepthViews::refreshTable() {
    const ResultTable* t = table(tableChoice_->currentText().toStdString());
    tableView_->setSortingEnabled(false);
    tableView_->clear();
    if (!t) { tableView_->setRowCount(0); tableView_->setColumnCount(0); return; }
    const auto& cols = t->columns();
    tableView_->setColumnCount(int(cols.size()));
    tableView_->setRowCount(t->rows());
    QStringList headers;
    for (const auto& c : cols) headers << QString::fromStdString(c);
    tableView_->setHorizontalHeaderLabels(headers);
    for (int r = 0; r < t->rows(); ++r)
        for (int c = 0; c < int(cols.size()); ++c) {
            const auto& v = t->at(r, cols[c]);
            auto* item = new QTableWidgetItem;
            if (v.is_number()) item->setData(Qt::DisplayRole, v.get<double>());
            else item->setText(QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump()));
            tableView_->setItem(r, c, item);
        }
    tableView_->setSortingEnabled(true);
    tableView_->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
}

QList<QCustomPlot*> DepthViews::plots() const {
    return {aurocMap_, errMap_, sbmMap_, realPlot_, nagPlot_, trainedNagPlot_, multiplierPlot_, accDepthPlot_, accEpsPlot_, attackDepthPlot_,
            attackEpsPlot_, asampPlot_};
}

QStringList DepthViews::exportAll(const QString& folder, const std::function<bool(const std::string&)>& current, QStringList* written) const {
    QDir().mkpath(folder);
    const auto byExperiment = plotsByExperiment();
    QStringList notRun, stale;
    for (const auto& [name, t] : tables_) {
        if (!current(name)) {  // drawn from other settings: a file named for this lab's settings would say otherwise
            stale << QString::fromStdString(name);
            continue;
        }
        const QString base = folder + "/depth-" + QString::fromStdString(name);
        t.saveCsv((base + ".csv").toStdString());
        const std::string text = specs_.at(name).dump(2) + "\n";
        px::writeFileAtomically((base + ".json").toStdString(), [&](std::ostream& o) { o << text; });
        if (written) *written << QFileInfo(base).fileName() + ".csv" << QFileInfo(base).fileName() + ".json";
        // at the paper size of the window's other figures in the same folder (they were 900 × 600 screen pixels)
        const px::widgets::FigureSize size = px::widgets::presetSize("two-column");
        for (QCustomPlot* p : byExperiment.at(name))
            for (const char* ext : {"png", "pdf", "svg"}) {
                px::widgets::exportFigure(p, folder + "/depth-" + p->objectName() + "." + ext, size);
                if (written) *written << "depth-" + p->objectName() + "." + ext;
            }
    }
    for (const auto& [name, plots] : byExperiment)
        if (!tables_.count(name) && px::depthlab::depthExperimentAvailable(name)) notRun << QString::fromStdString(name);
    // named as their tabs are ("Noise vs L"), not as their experiments ("accounting")
    const auto tabsOf = [&](const QStringList& experiments) {
        QStringList tabs;
        for (const QString& e : experiments)
            for (QCustomPlot* p : byExperiment.at(e.toStdString())) tabs << tabText(indexOf(p));
        return tabs;
    };
    notRun = tabsOf(notRun);
    stale = tabsOf(stale);
    QStringList leftOut;
    if (!notRun.isEmpty()) leftOut << "depth lab: " + notRun.join(", ") + ": not run — Run all in the depth lab, then export again";
    if (!stale.isEmpty())
        leftOut << "depth lab: " + stale.join(", ") + ": computed for other settings — run again in the depth lab, then export again";
    return leftOut;
}

void DepthViews::setFontScale(double fs, double epsilon) {
    fontScale_ = fs;
    for (const auto& [name, t] : tables_) redraw(name, epsilon);
}
