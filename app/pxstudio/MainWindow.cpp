#include "MainWindow.h"
#include "PatternGallery.h"
#include "ExportDialog.h"

#include "DistinguishabilityPlot.h"
#include "EmbeddingPlot.h"
#include "EpsilonSlider.h"
#include "ExpressivityPlot.h"
#include "FigureExport.h"
#include "NoiseAnatomyPlot.h"
#include "TradeoffPlot.h"
#include "common/AtomicFile.h"
#include "generators/Generators.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QFutureWatcher>
#include <QUndoCommand>
#include <QtConcurrent>
#include <QUndoStack>
#include <QVBoxLayout>
#include <cmath>
#include <fstream>
#include <qcustomplot.h>
#include <sstream>

namespace {
// One undo step: the settings before and after a committed change (a slider drag, a spin box or
// combo box edit). The first redo is the change itself, already applied.
class SetSettings : public QUndoCommand {
public:
    SetSettings(MainWindow* w, ExplorerSettings before, ExplorerSettings after)
        : QUndoCommand(QObject::tr("Change settings")), w_(w), before_(std::move(before)), after_(std::move(after)) {}
    void undo() override { w_->restoreSettings(before_); }
    void redo() override {
        if (first_) { first_ = false; return; }
        w_->restoreSettings(after_);
    }

private:
    MainWindow* w_;
    ExplorerSettings before_, after_;
    bool first_ = true;
};

const QStringList kClassKeys = {"trees", "fan-cactus:1", "fan-cactus:2", "subgraph:1", "subgraph:2",
                                "treewidth:1", "treewidth:2", "treewidth:3", "treewidth:4"};
const QStringList kMechanismKeys = {"gaussian", "smooth", "laplace", "rr"};
const QStringList kAllocationKeys = {"isotropic", "equal-snr"};
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), undo_(new QUndoStack(this)), controller_(new ExplorerController(this)),
      expressivity_(new ExplorerController(this, ExplorerController::Mode::Expressivity)),
      dimension_(new ExplorerController(this, ExplorerController::Mode::Dimension)) {
    setWindowTitle(tr("PXStudio — privacy and expressivity of graph representations"));
    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(300);
    connect(debounce_, &QTimer::timeout, this, &MainWindow::startRecompute);
    buildViews();
    buildPanels();
    buildMenus();
    connect(controller_, &ExplorerController::started, this, [this] {
        progress_->setValue(0);
        progress_->setVisible(true);
        cancel_->setEnabled(true);
        statusBar()->showMessage(tr("Computing densities, private releases, kNN and attacks…"));
    });
    connect(controller_, &ExplorerController::progressed, this, [this](double f) { progress_->setValue(int(f * 1000)); });
    connect(controller_, &ExplorerController::finished, this, &MainWindow::onFinished);
    connect(controller_, &ExplorerController::partialReady, this, [this] {  // progressive trade-off plot
        const auto* p = controller_->partialResult();
        if (!p || p->aggregated.rows() == 0) return;
        px::widgets::TradeoffOptions opt;
        opt.markerEpsilon = epsilon_->epsilon();
        opt.fontScale = fontScale_;
        px::widgets::buildTradeoffPlot(tradeoff_, *p, opt);
        statusBar()->showMessage(tr("Computing… %1 runs so far").arg(p->runs.rows()));
    });
    connect(controller_, &ExplorerController::cancelled, this, [this] {
        if (controller_->busy()) return;
        progress_->setVisible(false);
        cancel_->setEnabled(false);
        statusBar()->showMessage(tr("Cancelled"), 4000);
    });
    connect(controller_, &ExplorerController::failed, this, [this](const QString& msg) {
        progress_->setVisible(false);
        cancel_->setEnabled(false);
        statusBar()->showMessage(tr("Failed: %1").arg(msg));
        QMessageBox::warning(this, tr("Computation failed"), msg);
    });
    connect(expressivity_, &ExplorerController::finished, this, [this] {
        px::widgets::buildExpressivityPlot(expressivityPlot_, *expressivity_->result(), fontScale_);
    });
    connect(dimension_, &ExplorerController::finished, this, [this] {
        px::widgets::buildDimensionPlot(dimensionPlot_, *dimension_->result(), fontScale_);
    });
    connect(dimension_, &ExplorerController::failed, this, [this](const QString& msg) {
        statusBar()->showMessage(tr("Utility-vs-d view failed: %1").arg(msg), 6000);
    });
    connect(expressivity_, &ExplorerController::failed, this, [this](const QString& msg) {
        statusBar()->showMessage(tr("Expressivity view failed: %1").arg(msg), 6000);
    });
    connect(tabs_, &QTabWidget::currentChanged, this, [this] {
        if (tabs_->currentWidget() == expressivityPlot_ && expressivityStale_) recomputeExpressivity();
        if (tabs_->currentWidget() == dimensionPlot_ && dimensionStale_) recomputeDimension();
        if (tabs_->currentWidget() == demoPlot_->parentWidget()) recomputeDemo();
        if (tabs_->currentWidget() == embeddingPlot_->parentWidget()) refreshEmbedding();
        if (tabs_->currentWidget() == depth_ && !depth_->hasRun()) depth_->runAll();
        // the settings dock drives the density views only; the depth lab has its own controls
        if (auto* dock = findChild<QDockWidget*>("settings-dock")) {
            const bool depth = tabs_->currentWidget() == depth_;
            if (depth && dock->isVisible()) { dock->hide(); dockHiddenForDepth_ = true; }
            else if (!depth && dockHiddenForDepth_) { dock->show(); dockHiddenForDepth_ = false; }
        }
    });
    connect(depth_, &DepthWorkspace::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    QSettings prefs;
    restoreGeometry(prefs.value("window/geometry").toByteArray());
    restoreState(prefs.value("window/state").toByteArray());
    if (!restoreGeometry(prefs.value("window/geometry").toByteArray())) resize(1400, 860);
    // Restore the autosaved session (the last state before exit or crash), else the defaults.
    ExplorerSettings s;
    std::ifstream in(autosavePath().toStdString());
    if (in) {
        std::stringstream ss;
        ss << in.rdbuf();
        try { s = ExplorerSettings::fromJson(nlohmann::json::parse(ss.str())); } catch (...) { s = ExplorerSettings{}; }
    }
    if (s.dataset.rfind("builtin:", 0) != 0) s.dataset = "builtin:sbm-cycles";  // files are reopened explicitly
    applySettings(s);
    committed_ = settings();
    startRecompute();
}

void MainWindow::recordUndoStep() {
    const ExplorerSettings now = settings();
    if (now == committed_) return;
    undo_->push(new SetSettings(this, committed_, now));
    committed_ = now;
}

bool MainWindow::loadDataset(const std::string& spec) {
    try {
        controller_->setDataset(ExplorerController::loadDataset(spec));
        loadedSpec_ = spec;
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot open data set"), QString::fromStdString(e.what()));
        return false;
    }
}

void MainWindow::restoreSettings(const ExplorerSettings& s) {
    applySettings(s);  // reloads the data set only if it changed
    committed_ = settings();
    autosave();
    startRecompute();
}

MainWindow::~MainWindow() {
    // the dock hidden only while the depth lab is shown must come back next time
    if (auto* dock = findChild<QDockWidget*>("settings-dock"); dock && dockHiddenForDepth_) dock->show();
    QSettings prefs;
    prefs.setValue("window/geometry", saveGeometry());
    prefs.setValue("window/state", saveState());
    controller_->cancel();
    expressivity_->cancel();
    dimension_->cancel();
    controller_->waitForIdle();
    expressivity_->waitForIdle();
    dimension_->waitForIdle();
}

QString MainWindow::autosavePath() const {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + "/autosave-session.json";
}

void MainWindow::buildViews() {
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    banner_ = new QLabel(tr("<b>REFERENCE-CODE REPRODUCTION MODE</b> — the published code's quantities (exponent m − 2, "
                            "smooth bound over k ≤ 6, β = ρ'/5). These results carry <b>no valid privacy guarantee</b>."),
                         central);
    banner_->setStyleSheet("background:#b22; color:white; padding:6px;");
    banner_->setWordWrap(true);
    banner_->setVisible(false);
    layout->addWidget(banner_);
    tabs_ = new QTabWidget(central);
    tradeoff_ = new QCustomPlot(tabs_);
    anatomy_ = new QCustomPlot(tabs_);
    expressivityPlot_ = new QCustomPlot(tabs_);
    table_ = new QTableWidget(tabs_);
    table_->setSortingEnabled(true);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tabs_->addTab(tradeoff_, tr("Trade-off vs ε"));
    tabs_->addTab(expressivityPlot_, tr("Expressivity vs privacy"));
    dimensionPlot_ = new QCustomPlot(tabs_);
    tabs_->addTab(dimensionPlot_, tr("Utility vs d"));
    tabs_->setTabToolTip(tabs_->count() - 1, tr("Utility and attack against the number of patterns d (5 … 160) for the selected\n"
                                                "class, at the slider's ε and without noise: the budget is split over d coordinates."));
    tabs_->addTab(anatomy_, tr("Noise anatomy"));
    auto* demo = new QWidget(tabs_);
    auto* demoLayout = new QVBoxLayout(demo);
    demoPairBox_ = new QComboBox(demo);
    for (const auto& p : px::experiment::demoPairs()) demoPairBox_->addItem(QString::fromStdString(p.name));
    demoPairBox_->setToolTip(tr("Two graphs with the same n: 1-WL-equivalent pairs (trees cannot separate them) and\n"
                                "two neighbouring graphs (privacy must make them indistinguishable)"));
    demoPlot_ = new QCustomPlot(demo);
    demoLayout->addWidget(demoPairBox_);
    demoLayout->addWidget(demoPlot_, 1);
    connect(demoPairBox_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &MainWindow::recomputeDemo);
    tabs_->addTab(demo, tr("Distinguishability demo"));
    tabs_->setTabToolTip(tabs_->count() - 1, tr("Expressivity and privacy on one pair of graphs: does each pattern class see\n"
                                                "a difference, and how much do the noisy releases overlap at each ε?"));
    auto* emb = new QWidget(tabs_);
    auto* embLayout = new QHBoxLayout;
    auto* embBox = new QVBoxLayout(emb);
    focusBox_ = new QSpinBox(emb);
    focusBox_->setPrefix(tr("graph "));
    focusBox_->setToolTip(tr("The graph whose repeated noisy releases are drawn around its clean embedding"));
    embLayout->addWidget(new QLabel(tr("Noise cloud of"), emb));
    embLayout->addWidget(focusBox_);
    embLayout->addStretch(1);
    embeddingPlot_ = new QCustomPlot(emb);
    embBox->addLayout(embLayout);
    embBox->addWidget(embeddingPlot_, 1);
    connect(focusBox_, QOverload<int>::of(&QSpinBox::valueChanged), this, &MainWindow::refreshEmbedding);
    tabs_->addTab(emb, tr("Embedding (PCA)"));
    tabs_->setTabToolTip(tabs_->count() - 1, tr("Released embeddings projected on the two leading principal components of the\n"
                                                "clean densities, coloured by class; the star is one graph's clean embedding and\n"
                                                "the crosses its repeated releases at the slider's ε."));
    auto* galleryScroll = new QScrollArea(tabs_);
    gallery_ = new px::widgets::PatternGallery(galleryScroll);
    galleryScroll->setWidget(gallery_);
    galleryScroll->setWidgetResizable(true);
    tabs_->addTab(galleryScroll, tr("Pattern gallery"));
    tabs_->setTabToolTip(tabs_->count() - 1, tr("The sampled patterns F as node-link drawings with m, e(F) and treewidth bound"));
    tabs_->addTab(table_, tr("Results"));
    depth_ = new DepthWorkspace(tabs_);
    tabs_->addTab(depth_, tr("Depth lab"));
    tabs_->setTabToolTip(tabs_->count() - 1, tr("Attacks on GNN representations and privacy against depth: COSERA heat maps,\n"
                                                "noisy aggregation vs its bound, GAP vs CARIBOU, AsampGCN (seeds 002–004)"));
    tabs_->setTabToolTip(0, tr("Test utility (mean ± 2 std over repetitions) and re-identification Top-1 accuracy\n"
                               "against ε; erf fit AUC(ρ) = A₀ + (A∞ − A₀)·erf(κ√ρ) (seed paper, Proposition 4)."));
    tabs_->setTabToolTip(1, tr("Utility and attack against the pattern class (trees, treewidth ≤ 2, ≤ 3) at the\n"
                               "slider's ε and without noise: more expressive classes need more noise."));
    tabs_->setTabToolTip(2, tr("Per pattern: sensitivity bound s_j, noise scale σ_j and mean clean density."));
    layout->addWidget(tabs_, 1);
    setCentralWidget(central);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(260);
    progress_->setVisible(false);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setEnabled(false);
    cancel_->setShortcut(Qt::Key_Escape);
    cancel_->setToolTip(tr("Stop the running computation (Esc)"));
    connect(cancel_, &QPushButton::clicked, controller_, &ExplorerController::cancel);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
}

void MainWindow::buildPanels() {
    auto* panel = new QWidget;
    auto* v = new QVBoxLayout(panel);
    auto changed = [this] { if (!applying_) scheduleRecompute(); };

    auto* dataBox = new QGroupBox(tr("Data set"));
    auto* df = new QVBoxLayout(dataBox);
    datasetBox_ = new QComboBox;
    for (const auto& n : px::gen::builtinNames()) datasetBox_->addItem(tr("built-in: %1").arg(QString::fromStdString(n)), QString("builtin:") + QString::fromStdString(n));
    datasetBox_->setToolTip(tr("Built-in generated data sets (seeded), or File ▸ Open data set… for OGB, TU, GraphML or edge lists"));
    datasetSummary_ = new QLabel;
    datasetSummary_->setWordWrap(true);
    df->addWidget(datasetBox_);
    df->addWidget(datasetSummary_);
    connect(datasetBox_, QOverload<int>::of(&QComboBox::activated), this, [this](int i) {
        if (!loadDataset(datasetBox_->itemData(i).toString().toStdString())) return;
        scheduleRecompute();
    });
    v->addWidget(dataBox);

    auto* patBox = new QGroupBox(tr("Patterns"));
    auto* pf = new QFormLayout(patBox);
    classBox_ = new QComboBox;
    classBox_->addItems(kClassKeys);
    classBox_->setToolTip(tr("Pattern class and the GNN whose expressivity it matches:\n trees — MPNN / 1-WL (max e = m − 1)\n"
                             " fan-cactus r — r-ℓMPNN (max e = 2m − 3)\n subgraph k — forest plus ≤ k vertices\n"
                             " treewidth ≤ k — k-FGNN / k-WL (max e = km − k(k+1)/2)"));
    dBox_ = new QSpinBox;
    dBox_->setRange(1, 500);
    dBox_->setToolTip(tr("d: number of sampled patterns (embedding dimension)"));
    maxSizeBox_ = new QSpinBox;
    maxSizeBox_->setRange(0, 30);
    maxSizeBox_->setSpecialValueText(tr("no cap"));
    maxSizeBox_->setToolTip(tr("Largest pattern size m (the geometric size law is truncated here)"));
    seedBox_ = new QSpinBox;
    seedBox_->setRange(0, 1000000);
    seedBox_->setToolTip(tr("Seed of the pattern draw (repetitions use the next seeds)"));
    sizeMeanBox_ = new QDoubleSpinBox;
    sizeMeanBox_->setRange(1.5, 15);
    sizeMeanBox_->setSingleStep(0.5);
    sizeMeanBox_->setToolTip(tr("Mean of the size law: m = 1 + Geometric(1/mean), truncated at the max size"));
    connectedBox_ = new QCheckBox(tr("connected patterns only"));
    connectedBox_->setToolTip(tr("Redraw disconnected patterns (a disconnected F has t(F,G) = Π t(F_i,G): no new information)"));
    keepDuplicatesBox_ = new QCheckBox(tr("keep isomorphic duplicates"));
    keepDuplicatesBox_->setToolTip(tr("Off: an isomorphic repeat is redrawn. On: kept, as the paper's sampler does\n"
                                      "(a duplicate spends privacy budget on a coordinate it already has)"));
    classInfo_ = new QLabel;
    classInfo_->setWordWrap(true);
    pf->addRow(tr("Class"), classBox_);
    pf->addRow(tr("d"), dBox_);
    pf->addRow(tr("Max size"), maxSizeBox_);
    pf->addRow(tr("Size mean"), sizeMeanBox_);
    pf->addRow(tr("Seed"), seedBox_);
    pf->addRow(connectedBox_);
    pf->addRow(keepDuplicatesBox_);
    pf->addRow(classInfo_);
    for (QSpinBox* b : {dBox_, maxSizeBox_, seedBox_}) connect(b, QOverload<int>::of(&QSpinBox::valueChanged), this, changed);
    connect(sizeMeanBox_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, changed);
    for (QCheckBox* b : {connectedBox_, keepDuplicatesBox_}) connect(b, &QCheckBox::toggled, this, changed);
    connect(classBox_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, changed);
    v->addWidget(patBox);

    auto* privBox = new QGroupBox(tr("Privacy"));
    auto* rf = new QFormLayout(privBox);
    epsilon_ = new px::widgets::EpsilonSlider;
    deltaBox_ = new QComboBox;
    for (double d : {1e-4, 1e-5, 1e-6, 1e-7, 1e-8}) deltaBox_->addItem(QString::number(d, 'g', 1), d);
    deltaBox_->setToolTip(tr("δ of the (ε, δ) statements"));
    mechanismBox_ = new QComboBox;
    mechanismBox_->addItems({tr("Gaussian (global sensitivity)"), tr("smooth-sensitivity Gaussian"), tr("Laplace"), tr("randomized response")});
    mechanismBox_->setToolTip(tr("Gaussian: t + N(0, σ²), σ = ‖s‖₂/√(2ρ), ρ-zCDP\nsmooth: (2ρ' + 4dβ², 1/(4β))-tCDP (Theorem 5)\n"
                                 "Laplace: pure ε-DP with ℓ1 sensitivity\nrandomized response: flip each pair w.p. 1/(1 + e^ε)"));
    degreeBox_ = new QSpinBox;
    degreeBox_->setRange(1, 100000);
    degreeBox_->setToolTip(tr("Public degree bound D: |Δt| ≤ (2e/n²)(D/n)^(m−c−1). Graphs with Δ(G) > D are refused."));
    allocationBox_ = new QComboBox;
    allocationBox_->addItems({tr("isotropic (paper)"), tr("equal signal-to-noise")});
    allocationBox_->setToolTip(tr("Isotropic: σ_j = ‖s‖₂/√(2ρ). Equal SNR: σ_j = s_j √(d/(2ρ)). Both meet Σ s_j²/σ_j² = 2ρ."));
    betaBox_ = new QDoubleSpinBox;
    betaBox_->setDecimals(5);
    betaBox_->setRange(0, 1);
    betaBox_->setSingleStep(0.001);
    betaBox_->setSpecialValueText(tr("ρ'/5 (paper)"));
    betaBox_->setToolTip(tr("β of the smooth sensitivity (smooth mechanism only): noise N(0, S*²/(2ρ')) gives\n"
                            "(2ρ' + 4dβ², 1/(4β))-tCDP; 0 uses the paper's β = ρ'/5"));
    referenceBox_ = new QCheckBox(tr("reference-code reproduction"));
    referenceBox_->setToolTip(tr("Recompute the published code's quantities. No valid guarantee."));
    report_ = new QLabel;
    report_->setWordWrap(true);
    report_->setTextFormat(Qt::RichText);
    rf->addRow(epsilon_);
    rf->addRow(tr("δ"), deltaBox_);
    rf->addRow(tr("Mechanism"), mechanismBox_);
    rf->addRow(tr("Degree bound D"), degreeBox_);
    rf->addRow(tr("Allocation"), allocationBox_);
    rf->addRow(tr("β (smooth)"), betaBox_);
    rf->addRow(referenceBox_);
    rf->addRow(report_);
    connect(epsilon_, &px::widgets::EpsilonSlider::epsilonChanged, this, [this] {
        refreshPlots();
        refreshReport();
        if (tabs_->currentWidget() == embeddingPlot_->parentWidget()) refreshEmbedding();
    });
    connect(epsilon_, &px::widgets::EpsilonSlider::epsilonCommitted, this, [this] {
        recordUndoStep();
        autosave();
        expressivityStale_ = true;
        dimensionStale_ = true;
        if (tabs_->currentWidget() == expressivityPlot_) recomputeExpressivity();
        if (tabs_->currentWidget() == dimensionPlot_) recomputeDimension();
    });
    for (QComboBox* b : {deltaBox_, mechanismBox_, allocationBox_}) connect(b, QOverload<int>::of(&QComboBox::currentIndexChanged), this, changed);
    connect(degreeBox_, QOverload<int>::of(&QSpinBox::valueChanged), this, changed);
    connect(referenceBox_, &QCheckBox::toggled, this, changed);
    connect(betaBox_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, changed);
    connect(mechanismBox_, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
            [this] { betaBox_->setEnabled(kMechanismKeys[mechanismBox_->currentIndex()] == "smooth"); });
    v->addWidget(privBox);

    auto* learnBox = new QGroupBox(tr("Learner"));
    auto* lf = new QFormLayout(learnBox);
    learnerBox_ = new QComboBox;
    for (const char* l : {"knn", "svm", "linear", "forest", "boosting"}) learnerBox_->addItem(l);
    learnerBox_->setToolTip(tr("knn: exact k nearest neighbours (Eigen)\nsvm: libsvm RBF C-SVC / ε-SVR\n"
                               "linear: liblinear L2 logistic regression / linear SVR\nforest, boosting: XGBoost"));
    cBox_ = new QDoubleSpinBox;
    cBox_->setDecimals(3);
    cBox_->setRange(0.001, 1000);
    cBox_->setToolTip(tr("C: inverse regularisation of svm and linear"));
    treesBox_ = new QSpinBox;
    treesBox_->setRange(1, 2000);
    treesBox_->setToolTip(tr("Trees of the forest, rounds of boosting"));
    kBox_ = new QSpinBox;
    kBox_->setRange(1, 5000);
    kBox_->setToolTip(tr("k of the k-nearest-neighbour classifier (features standardised on the training set)"));
    noisyTestBox_ = new QCheckBox(tr("noisy test embeddings"));
    noisyTestBox_->setToolTip(tr("On: every embedding is private (a real release). Off: clean test features, the reference code's choice."));
    repsBox_ = new QSpinBox;
    repsBox_->setRange(1, 5);
    repsBox_->setToolTip(tr("Repetitions r: r pattern seeds × r noise seeds per budget"));
    lf->addRow(tr("Learner"), learnerBox_);
    lf->addRow(tr("k"), kBox_);
    lf->addRow(tr("C"), cBox_);
    lf->addRow(tr("Trees"), treesBox_);
    lf->addRow(noisyTestBox_);
    lf->addRow(tr("Repetitions"), repsBox_);
    connect(kBox_, QOverload<int>::of(&QSpinBox::valueChanged), this, changed);
    connect(treesBox_, QOverload<int>::of(&QSpinBox::valueChanged), this, changed);
    connect(cBox_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, changed);
    connect(learnerBox_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, changed);
    connect(learnerBox_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, [this] {
        const QString l = learnerBox_->currentText();
        kBox_->setEnabled(l == "knn");
        cBox_->setEnabled(l == "svm" || l == "linear");
        treesBox_->setEnabled(l == "forest" || l == "boosting");
    });
    connect(repsBox_, QOverload<int>::of(&QSpinBox::valueChanged), this, changed);
    connect(noisyTestBox_, &QCheckBox::toggled, this, changed);
    v->addWidget(learnBox);
    v->addStretch(1);

    auto* scroll = new QScrollArea;
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    auto* dock = new QDockWidget(tr("Settings"), this);
    dock->setObjectName("settings-dock");
    dock->setWidget(scroll);
    dock->setMinimumWidth(340);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    installResets();
}

void MainWindow::installResets() {
    using S = ExplorerSettings;
    const S d;
    const std::vector<std::pair<QWidget*, std::function<void(S&)>>> resets{
        {classBox_, [d](S& s) { s.patternClass = d.patternClass; }},
        {dBox_, [d](S& s) { s.d = d.d; }},
        {maxSizeBox_, [d](S& s) { s.maxSize = d.maxSize; }},
        {sizeMeanBox_, [d](S& s) { s.sizeMean = d.sizeMean; }},
        {connectedBox_, [d](S& s) { s.connected = d.connected; }},
        {keepDuplicatesBox_, [d](S& s) { s.keepDuplicates = d.keepDuplicates; }},
        {betaBox_, [d](S& s) { s.mechanism.beta = d.mechanism.beta; }},
        {learnerBox_, [d](S& s) { s.learner = d.learner; }},
        {cBox_, [d](S& s) { s.C = d.C; }},
        {treesBox_, [d](S& s) { s.trees = d.trees; }},
        {seedBox_, [d](S& s) { s.patternSeed = d.patternSeed; }},
        {deltaBox_, [d](S& s) { s.mechanism.delta = d.mechanism.delta; }},
        {mechanismBox_, [d](S& s) { s.mechanism.mechanism = d.mechanism.mechanism; }},
        {degreeBox_, [d](S& s) { s.mechanism.degreeBound = d.mechanism.degreeBound; }},
        {allocationBox_, [d](S& s) { s.mechanism.allocation = d.mechanism.allocation; }},
        {referenceBox_, [d](S& s) { s.mechanism.referenceMode = d.mechanism.referenceMode; }},
        {kBox_, [d](S& s) { s.k = d.k; }},
        {noisyTestBox_, [d](S& s) { s.noisyTest = d.noisyTest; }},
        {repsBox_, [d](S& s) { s.repetitions = d.repetitions; }}};
    for (const auto& [control, reset] : resets) {
        std::vector<QObject*> targets{control};
        if (auto* edit = control->findChild<QLineEdit*>()) targets.push_back(edit);
        if (auto* form = qobject_cast<QFormLayout*>(control->parentWidget() ? control->parentWidget()->layout() : nullptr))
            if (QWidget* label = form->labelForField(control)) targets.push_back(label);
        for (QObject* t : targets) {
            t->installEventFilter(this);
            resetters_[t] = reset;
        }
        control->setToolTip(control->toolTip() + (control->toolTip().isEmpty() ? "" : "\n") + tr("Double-click (or its label) to reset to the default"));
    }
}

void MainWindow::resetControl(QObject* target) {
    auto it = resetters_.find(target);
    if (it == resetters_.end()) return;
    ExplorerSettings s = settings();
    it->second(s);
    applySettings(s);
    recordUndoStep();
    scheduleRecompute();
    statusBar()->showMessage(tr("Reset to the default"), 2000);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonDblClick && resetters_.count(watched)) {
        resetControl(watched);
        return true;
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open data set…"), QKeySequence::Open, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open data set folder"));
        if (!dir.isEmpty()) openDataset(dir);
    });
    file->addAction(tr("Open &session…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open session"), {}, tr("PXStudio session (*.json)"));
        if (!p.isEmpty()) openSession(p);
    });
    file->addAction(tr("&Save session…"), QKeySequence::Save, this, [this] {
        const QString p = QFileDialog::getSaveFileName(this, tr("Save session"), "session.json", tr("PXStudio session (*.json)"));
        if (!p.isEmpty()) saveSession(p);
    });
    recentMenu_ = file->addMenu(tr("Open &recent"));
    recentMenu_->setToolTipsVisible(true);
    refreshRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Export current view…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::exportCurrentView);
    file->addAction(tr("Export &all views…"), QKeySequence(tr("Ctrl+Shift+E")), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export all views to folder"));
        if (!dir.isEmpty()) exportAllViews(dir);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = undo_->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = undo_->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* pres = view->addAction(tr("&Presentation mode"));
    pres->setCheckable(true);
    pres->setShortcut(QKeySequence(tr("F5")));
    pres->setToolTip(tr("Large fonts and thick lines for lectures"));
    connect(pres, &QAction::toggled, this, &MainWindow::setPresentation);
    view->addAction(tr("&Recompute"), QKeySequence::Refresh, this, &MainWindow::startRecompute);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About PXStudio"), this, [this] {
        QMessageBox::about(this, tr("About PXStudio"),
                           tr("<b>PXStudio %1</b><br>Private homomorphism-density embeddings of graphs: privacy against "
                              "expressivity.<br>GPL-3.0-or-later; QCustomPlot is GPL-3.").arg(PX_VERSION));
    });
}

ExplorerSettings MainWindow::settings() const {
    ExplorerSettings s;
    s.dataset = datasetBox_->currentData().toString().toStdString();
    s.patternClass = classBox_->currentText().toStdString();
    s.d = dBox_->value();
    s.maxSize = maxSizeBox_->value();
    s.sizeMean = sizeMeanBox_->value();
    s.connected = connectedBox_->isChecked();
    s.keepDuplicates = keepDuplicatesBox_->isChecked();
    s.patternSeed = std::uint64_t(seedBox_->value());
    s.mechanism.mechanism = px::privacy::mechanismFromString(kMechanismKeys[mechanismBox_->currentIndex()].toStdString());
    s.mechanism.allocation = px::privacy::allocationFromString(kAllocationKeys[allocationBox_->currentIndex()].toStdString());
    s.mechanism.degreeBound = degreeBox_->value();
    s.mechanism.delta = deltaBox_->currentData().toDouble();
    s.mechanism.epsilon = epsilon_->epsilon();
    s.mechanism.referenceMode = referenceBox_->isChecked();
    s.mechanism.beta = betaBox_->value();
    s.learner = learnerBox_->currentText().toStdString();
    s.k = kBox_->value();
    s.C = cBox_->value();
    s.trees = treesBox_->value();
    s.noisyTest = noisyTestBox_->isChecked();
    s.repetitions = repsBox_->value();
    return s;
}

void MainWindow::applySettings(const ExplorerSettings& s) {
    applying_ = true;
    int idx = datasetBox_->findData(QString::fromStdString(s.dataset));
    if (idx < 0) {
        datasetBox_->addItem(QFileInfo(QString::fromStdString(s.dataset)).fileName(), QString::fromStdString(s.dataset));
        idx = datasetBox_->count() - 1;
    }
    datasetBox_->setCurrentIndex(idx);
    classBox_->setCurrentIndex(std::max(0, int(kClassKeys.indexOf(QString::fromStdString(s.patternClass)))));
    dBox_->setValue(s.d);
    maxSizeBox_->setValue(s.maxSize);
    sizeMeanBox_->setValue(s.sizeMean);
    connectedBox_->setChecked(s.connected);
    keepDuplicatesBox_->setChecked(s.keepDuplicates);
    seedBox_->setValue(int(s.patternSeed));
    mechanismBox_->setCurrentIndex(std::max(0, int(kMechanismKeys.indexOf(QString(px::privacy::key(s.mechanism.mechanism))))));
    allocationBox_->setCurrentIndex(s.mechanism.allocation == px::privacy::Allocation::EqualSnr ? 1 : 0);
    degreeBox_->setValue(s.mechanism.degreeBound);
    int di = deltaBox_->findData(s.mechanism.delta);
    deltaBox_->setCurrentIndex(di >= 0 ? di : 2);
    epsilon_->setEpsilon(s.mechanism.epsilon);
    referenceBox_->setChecked(s.mechanism.referenceMode);
    betaBox_->setValue(s.mechanism.beta);
    betaBox_->setEnabled(s.mechanism.mechanism == px::privacy::MechanismKind::SmoothGaussian);
    learnerBox_->setCurrentIndex(std::max(0, learnerBox_->findText(QString::fromStdString(s.learner))));
    kBox_->setValue(s.k);
    cBox_->setValue(s.C);
    treesBox_->setValue(s.trees);
    noisyTestBox_->setChecked(s.noisyTest);
    repsBox_->setValue(s.repetitions);
    applying_ = false;
    if (s.dataset != loadedSpec_ || !controller_->dataset()) loadDataset(s.dataset);
}

bool MainWindow::openDataset(const QString& path) {
    try {
        auto ds = ExplorerController::loadDataset(path.toStdString());
        int idx = datasetBox_->findData(path);
        if (idx < 0) {
            datasetBox_->addItem(QString::fromStdString(ds->name), path);
            idx = datasetBox_->count() - 1;
        }
        applying_ = true;
        datasetBox_->setCurrentIndex(idx);
        if (ds->maxDegree() > degreeBox_->value()) degreeBox_->setValue(ds->maxDegree());
        applying_ = false;
        controller_->setDataset(ds);
        loadedSpec_ = path.toStdString();
        recordUndoStep();
        for (const auto& w : ds->warnings) statusBar()->showMessage(QString::fromStdString(w), 6000);
        if (!path.startsWith("builtin:")) addRecentFile(path);
        startRecompute();
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot open data set"), QString::fromStdString(e.what()));
        return false;
    }
}

bool MainWindow::openSession(const QString& path) {
    try {
        std::ifstream in(path.toStdString());
        if (!in) throw std::runtime_error("cannot open file");
        std::stringstream ss;
        ss << in.rdbuf();
        applySettings(ExplorerSettings::fromJson(nlohmann::json::parse(ss.str())));
        addRecentFile(path);
        startRecompute();
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot open session"), path + ":\n" + QString::fromStdString(e.what()));
        return false;
    }
}

bool MainWindow::saveSession(const QString& path) {
    try {
        px::writeFileAtomically(path.toStdString(), [&](std::ostream& o) { o << settings().toJson().dump(1) << "\n"; });
        statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
        addRecentFile(path);
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot save session"), QString::fromStdString(e.what()));
        return false;
    }
}

QStringList MainWindow::recentFiles() const { return QSettings().value("recent/files").toStringList(); }

void MainWindow::addRecentFile(const QString& path) {
    QStringList list = recentFiles();
    const QString abs = QFileInfo(path).absoluteFilePath();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > 8) list.removeLast();
    QSettings().setValue("recent/files", list);
    refreshRecentMenu();
}

void MainWindow::refreshRecentMenu() {
    if (!recentMenu_) return;
    recentMenu_->clear();
    const QStringList list = recentFiles();
    for (int i = 0; i < list.size(); ++i) {
        const QString p = list[i];
        QAction* a = recentMenu_->addAction(QString("&%1 %2").arg(i + 1).arg(QFileInfo(p).fileName()), this, [this, p] {
            if (!QFileInfo::exists(p)) {
                QMessageBox::warning(this, tr("Open recent"), tr("%1 no longer exists").arg(p));
                return;
            }
            if (p.endsWith(".json") && QFileInfo(p).isFile()) openSession(p);
            else openDataset(p);
        });
        a->setToolTip(p);
    }
    if (list.isEmpty()) recentMenu_->addAction(tr("(none yet)"))->setEnabled(false);
    else {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear list"), this, [this] {
            QSettings().remove("recent/files");
            refreshRecentMenu();
        });
    }
}

void MainWindow::autosave() {
    try {
        px::writeFileAtomically(autosavePath().toStdString(), [&](std::ostream& o) { o << settings().toJson().dump(1) << "\n"; });
    } catch (...) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(autosavePath()), 4000);
    }
}

void MainWindow::scheduleRecompute() {
    recordUndoStep();
    autosave();
    banner_->setVisible(referenceBox_->isChecked());
    debounce_->start();
}

void MainWindow::startRecompute() {
    debounce_->stop();
    banner_->setVisible(referenceBox_->isChecked());
    if (auto ds = controller_->dataset()) {
        datasetSummary_->setText(tr("%1 graphs, %2 vertices on average, max degree %3; %4")
                                     .arg(ds->size())
                                     .arg(double(ds->totalVertices()) / std::max(1, ds->size()), 0, 'f', 1)
                                     .arg(ds->maxDegree())
                                     .arg(ds->split ? tr("split %1").arg(QString::fromStdString(ds->split->name)) : tr("stratified 80/20 split")));
        const px::PatternClass cls = px::PatternClass::parse(classBox_->currentText().toStdString());
        const int m = maxSizeBox_->value() > 0 ? maxSizeBox_->value() : 10;
        const double n = double(ds->totalVertices()) / std::max(1, ds->size());
        const double e = double(cls.maxEdges(m));
        classInfo_->setText(tr("max e(F) for m = %1: %2; noise variance factor (max e)²/n⁴ = %3")
                                .arg(m).arg(e).arg(e * e / std::pow(n, 4), 0, 'g', 3));
    }
    controller_->recompute(settings());
    expressivityStale_ = true;
    dimensionStale_ = true;
    if (tabs_->currentWidget() == expressivityPlot_) recomputeExpressivity();
    if (tabs_->currentWidget() == dimensionPlot_) recomputeDimension();
}

void MainWindow::recomputeDemo() {
    const auto pairs = px::experiment::demoPairs();
    const int idx = std::clamp(demoPairBox_->currentIndex(), 0, int(pairs.size()) - 1);
    px::experiment::DistinguishabilityParams p;
    p.mechanism = settings().mechanism;
    p.mechanism.mechanism = px::privacy::MechanismKind::Gaussian;
    p.mechanism.referenceMode = false;
    p.seed = std::uint64_t(seedBox_->value());
    const double marker = epsilon_->epsilon();
    const QString title = tr("Distinguishability: %1").arg(QString::fromStdString(pairs[idx].name));
    auto* watcher = new QFutureWatcher<px::experiment::DistinguishabilityResult>(this);
    connect(watcher, &QFutureWatcher<px::experiment::DistinguishabilityResult>::finished, this, [this, watcher, title, marker] {
        try {
            px::widgets::buildDistinguishabilityPlot(demoPlot_, watcher->result(), title, marker, fontScale_);
        } catch (const std::exception& e) {
            statusBar()->showMessage(tr("Demo failed: %1").arg(e.what()), 6000);
        }
        watcher->deleteLater();
    });
    const px::experiment::GraphPair pair = pairs[idx];
    watcher->setFuture(QtConcurrent::run([pair, p] { return px::experiment::distinguishability(pair.g0, pair.g1, p); }));
}

void MainWindow::recomputeExpressivity() {
    if (!controller_->dataset()) return;
    if (expressivity_->dataset() != controller_->dataset()) expressivity_->setDataset(controller_->dataset());
    expressivityStale_ = false;
    expressivity_->recompute(settings());
}

void MainWindow::recomputeDimension() {
    if (!controller_->dataset()) return;
    if (dimension_->dataset() != controller_->dataset()) dimension_->setDataset(controller_->dataset());
    dimensionStale_ = false;
    dimension_->recompute(settings());
}

void MainWindow::onFinished() {
    progress_->setVisible(false);
    cancel_->setEnabled(false);
    statusBar()->showMessage(tr("Done: %1 runs").arg(controller_->result()->runs.rows()), 4000);
    pca_ = controller_->densities() ? std::make_unique<px::experiment::PcaBasis>(px::experiment::PcaBasis::fit(*controller_->densities()))
                                    : nullptr;
    if (controller_->dataset()) focusBox_->setRange(0, controller_->dataset()->size() - 1);
    refreshPlots();
    refreshReport();
    refreshResultsTable();
    refreshEmbedding();
    if (const px::PatternSet* ps = controller_->patterns()) {
        const ExplorerSettings cur = settings();
        gallery_->setPatterns(*ps, tr("%1 patterns of class %2 (seed %3): %4 distinct, largest m = %5, treewidth bound ≤ %6")
                                       .arg(ps->size()).arg(QString::fromStdString(cur.patternClass)).arg(cur.patternSeed)
                                       .arg(ps->distinctCount()).arg(ps->maxVertices()).arg(ps->maxTreewidthBound()));
    }
}

void MainWindow::refreshEmbedding() {
    if (!pca_ || !controller_->densities()) return;
    auto model = controller_->modelAt(settings(), epsilon_->epsilon());
    if (!model) return;
    const auto& ds = *controller_->dataset();
    std::vector<double> labels;
    for (int i = 0; i < ds.size(); ++i) labels.push_back(ds.labels.cols() > 0 ? ds.labels(i, 0) : std::nan(""));
    const auto proj = px::experiment::projectRelease(*pca_, *controller_->densities(), *model, focusBox_->value(), 200);
    px::widgets::buildEmbeddingPlot(embeddingPlot_, proj, labels, pca_->explained,
                                    tr("Released embeddings at ε = %1 (PCA of the clean densities)").arg(epsilon_->epsilon(), 0, 'g', 3),
                                    fontScale_);
}

void MainWindow::refreshPlots() {
    const auto* r = controller_->result();
    if (!r) return;
    px::widgets::TradeoffOptions opt;
    opt.markerEpsilon = epsilon_->epsilon();
    opt.fontScale = fontScale_;
    px::widgets::buildTradeoffPlot(tradeoff_, *r, opt);
}

void MainWindow::refreshReport() {
    px::privacy::PrivacyReport rep;
    QString error;
    if (!controller_->reportAt(settings(), epsilon_->epsilon(), rep, &error)) {
        report_->setText(error.isEmpty() ? tr("<i>privacy report after the first computation</i>") : "<span style='color:#b22'>" + error.toHtmlEscaped() + "</span>");
        epsilon_->setRhoText({});
        return;
    }
    QString html = QString("<b>%1</b><br>").arg(QString::fromStdString(rep.summary()).toHtmlEscaped());
    html += "<table>";
    for (int i = 0; i < int(rep.conversions.size()); ++i)
        html += QString("<tr><td>%1%2</td><td align=right>ε = %3</td></tr>")
                    .arg(i == rep.tightest ? "▶ " : "", QString::fromStdString(rep.conversions[i].name).toHtmlEscaped())
                    .arg(rep.conversions[i].epsilon, 0, 'g', 4);
    html += "</table>";
    double lo = INFINITY, hi = 0;
    for (double s : rep.noiseMedian) { lo = std::min(lo, s); hi = std::max(hi, s); }
    html += tr("noise scale per pattern: %1 … %2").arg(lo, 0, 'g', 3).arg(hi, 0, 'g', 3);
    report_->setText(html);
    // the slider's ρ view: the same budget as a zCDP / tCDP ρ (pure-DP mechanisms have none)
    if (rep.pureEpsilon >= 0) epsilon_->setRhoText(tr("pure ε-DP (no ρ)"));
    else if (std::isinf(rep.omega)) epsilon_->setRhoText(tr("ρ = %1 (zCDP)").arg(rep.rho, 0, 'g', 3));
    else epsilon_->setRhoText(tr("ρ = %1, ω = %2 (tCDP)").arg(rep.rho, 0, 'g', 3).arg(rep.omega, 0, 'g', 3));
    std::vector<px::widgets::PatternInfo> info;
    for (const auto& p : controller_->patterns()->patterns) info.push_back({p.vertices(), p.edges()});
    px::widgets::buildNoiseAnatomyPlot(anatomy_, rep, info, fontScale_);
}

void MainWindow::refreshResultsTable() {
    const auto* r = controller_->result();
    if (!r) return;
    const auto& a = r->aggregated;
    table_->setSortingEnabled(false);
    table_->clear();
    // The columns that vary across the grid first, then the run's parameters.
    std::vector<std::string> cols;
    for (const char* c : {"budget", "epsilon_mean", "metric", "value_mean", "value_std", "value_count", "top1_mean",
                          "top10_mean", "ceiling_top1_mean", "chance_same_n_top1_mean", "noise_param_rho_mean"})
        if (a.columnIndex(c) >= 0) cols.push_back(c);
    for (const auto& c : a.columns())
        if (std::find(cols.begin(), cols.end(), c) == cols.end()) cols.push_back(c);
    table_->setRowCount(a.rows());
    table_->setColumnCount(int(cols.size()));
    QStringList headers;
    for (const auto& c : cols) headers << QString::fromStdString(c);
    table_->setHorizontalHeaderLabels(headers);
    for (int i = 0; i < a.rows(); ++i)
        for (int c = 0; c < int(cols.size()); ++c) {
            const auto& v = a.at(i, cols[c]);
            auto* item = new QTableWidgetItem;
            if (v.is_number()) item->setData(Qt::DisplayRole, v.get<double>());
            else item->setText(v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump()));
            table_->setItem(i, c, item);
        }
    table_->setSortingEnabled(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

bool MainWindow::exportPlot(QCustomPlot* plot, const QString& path) {
    try {
        px::widgets::exportFigure(plot, path, 900, 600, 300);
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Export failed"), QString::fromStdString(e.what()));
        return false;
    }
}

void MainWindow::exportCurrentView() {
    auto* plot = tabs_->currentWidget() == depth_ ? depth_->currentPlot() : qobject_cast<QCustomPlot*>(tabs_->currentWidget());
    if (!plot) {
        statusBar()->showMessage(tr("Choose a plot tab to export"), 4000);
        return;
    }
    ExportDialog dialog(plot->objectName().isEmpty() ? "figure" : plot->objectName(), this);
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
    if (exportView(plot, dialog.path(), dialog.figureWidth(), dialog.figureHeight(), dialog.dpi(), dialog.withSidecars()))
        statusBar()->showMessage(tr("Exported %1").arg(dialog.path()), 4000);
}

bool MainWindow::exportView(QCustomPlot* plot, const QString& path, int width, int height, int dpi, bool sidecars) {
    try {
        px::widgets::exportFigure(plot, path, width, height, dpi);
        if (!sidecars) return true;
        const QString base = QFileInfo(path).path() + "/" + QFileInfo(path).completeBaseName();
        px::widgets::exportPlotData(plot, base + ".csv");
        nlohmann::json side;
        side["format"] = "pxstudio-figure";
        side["version"] = 1;
        side["view"] = plot->objectName().toStdString();
        side["figure"] = {{"file", QFileInfo(path).fileName().toStdString()}, {"width", width}, {"height", height}, {"dpi", dpi}};
        side["session"] = settings().toJson();
        side["slider_epsilon"] = epsilon_->epsilon();
        px::privacy::PrivacyReport report;
        if (controller_->reportAt(settings(), epsilon_->epsilon(), report)) side["privacy_report"] = report.toJson();
        if (tabs_->currentWidget() == depth_ || depth_->plots().contains(plot)) side["depth_lab"] = true;
        const std::string text = side.dump(2) + "\n";
        px::writeFileAtomically((base + ".json").toStdString(), [&](std::ostream& o) { o << text; });
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Export failed"), QString::fromStdString(e.what()));
        return false;
    }
}

bool MainWindow::exportAllViews(const QString& folder) {
    const auto* r = controller_->result();
    if (!r) return false;
    QDir().mkpath(folder);
    for (auto [plot, name] : {std::pair<QCustomPlot*, const char*>{tradeoff_, "tradeoff"}, {anatomy_, "noise-anatomy"}})
        if (!exportView(plot, folder + "/" + name + ".pdf", 900, 600, 300, true)) return false;  // + .csv, .json
    for (const char* ext : {"png", "pdf", "svg"}) {
        if (!exportPlot(tradeoff_, folder + "/tradeoff." + ext)) return false;
        if (!exportPlot(anatomy_, folder + "/noise-anatomy." + ext)) return false;
        if (expressivity_->result() && !exportPlot(expressivityPlot_, folder + "/expressivity." + ext)) return false;
        if (dimension_->result() && !exportPlot(dimensionPlot_, folder + "/utility-vs-d." + ext)) return false;
        if (pca_ && !exportPlot(embeddingPlot_, folder + "/embedding." + ext)) return false;
    }
    QString depthError;
    if (!depth_->exportAll(folder, &depthError)) {
        QMessageBox::critical(this, tr("Export failed"), depthError);
        return false;
    }
    try {
        px::experiment::SweepResult copy = *r;
        copy.metadata["session"] = settings().toJson();
        px::experiment::saveSweep(copy, (folder + "/results").toStdString());
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Export failed"), QString::fromStdString(e.what()));
        return false;
    }
    statusBar()->showMessage(tr("Exported all views to %1").arg(folder), 4000);
    return true;
}

void MainWindow::setPresentation(bool on) {
    fontScale_ = on ? 1.6 : 1.0;
    QFont f = qApp->font();
    f.setPointSizeF(on ? 14 : 10);
    qApp->setFont(f);
    refreshPlots();
    refreshReport();
    if (expressivity_->result()) px::widgets::buildExpressivityPlot(expressivityPlot_, *expressivity_->result(), fontScale_);
    if (dimension_->result()) px::widgets::buildDimensionPlot(dimensionPlot_, *dimension_->result(), fontScale_);
    depth_->setFontScale(fontScale_);
}
