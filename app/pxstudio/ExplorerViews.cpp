#include "ExplorerViews.h"
#include "Notation.h"
#include "CompactTabBar.h"
#include "ComputePool.h"

#include "DepthWorkspace.h"
#include "DistinguishabilityPlot.h"
#include "EmbeddingPlot.h"
#include "ExpressivityPlot.h"
#include "GinCurvePlot.h"
#include "Palette.h"
#include "learn/Learners.h"
#include "NoiseAnatomyPlot.h"
#include "GraphPairView.h"
#include "PatternGallery.h"
#include "TabNavigation.h"
#include "TradeoffPlot.h"
#include "ViewKeys.h"
#include "ViewPresenter.h"

#include <QComboBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <cmath>
#include <qcustomplot.h>


ExplorerViews::ExplorerViews(ExplorerController* main, std::function<ExplorerSettings()> settings, QWidget* parent)
    : QTabWidget(parent), main_(main), settings_(std::move(settings)),
      expressivity_(new ExplorerController(this, ExplorerController::Mode::Expressivity)),
      dimension_(new ExplorerController(this, ExplorerController::Mode::Dimension)) {
    expressivity_->setWorkName(tr("expressivity view"));  // as the status bar and the views' notes name their work
    dimension_->setWorkName(tr("utility-vs-d view"));
    auto* bar = new px::widgets::CompactTabBar(this);  // short names rather than a tab cut at a narrow bar's edge
    setTabBar(bar);
    tradeoff_ = new QCustomPlot(this);
    addTab(tradeoff_, tr("Trade-off vs ε"));
    setTabToolTip(0, tr("Test utility (mean ± 2 std over repetitions) and re-identification Top-1 accuracy against ε; erf fit\n"
                        "AUC(ρ) = A₀ + (A∞ − A₀)·erf(κ√ρ) (Indri et al. 2025, Proposition 4). The grey band is the public information\n"
                        "alone (n) ± 0.02: a point inside it (hollow marker) has no structural signal."));
    expressivityPlot_ = new QCustomPlot(this);
    addTab(expressivityPlot_, tr("Expressivity vs privacy"));
    setTabToolTip(1, tr("Utility and attack against the pattern class (trees, treewidth ≤ 2, ≤ 3) at the\n"
                        "slider's ε and without noise: more expressive classes need more noise.\n"
                        "Grey: the public information (n) alone."));
    dimensionPlot_ = new QCustomPlot(this);
    addTab(dimensionPlot_, tr("Utility vs d"));
    setTabToolTip(2, tr("Utility and attack against the number of patterns d (5 … 160) for the selected\n"
                        "class, at the slider's ε and without noise: the budget is split over d coordinates.\n"
                        "Grey: the public information (n) alone. With the GIN (no patterns): its test metric against\n"
                        "the training epoch, one line per ε, averaged over the folds and the runs."));
    anatomy_ = new QCustomPlot(this);
    addTab(anatomy_, tr("Noise anatomy"));
    setTabToolTip(3, tr("Per pattern: sensitivity bound s_j, noise scale σ_j and mean clean density (left, log axis),\n"
                        "and the pattern's share of the privacy budget ρ_j/ρ with ρ_j = s_j²/(2σ_j²) (right axis, %):\n"
                        "the budget composes over patterns, ρ = Σ_j ρ_j. Isotropic noise spends it ∝ s_j², equal SNR\n"
                        "gives each pattern 1/d; with d = 200 patterns each gets 0.5 % and its σ_j grows like √d."));
    buildDemoTab();
    buildEmbeddingTab();
    // The scroll area sits in a box of its own: a note moves the box's content below it (ViewPresenter) instead of
    // covering the caption and the first row of patterns (a new user found "PREVIOUS SETTINGS" over them).
    auto* galleryTab = new QWidget(this);
    galleryTab->setObjectName("gallery-tab");
    auto* galleryBox = new QVBoxLayout(galleryTab);
    galleryBox->setContentsMargins(0, 0, 0, 0);
    auto* galleryScroll = new QScrollArea(galleryTab);
    gallery_ = new px::widgets::PatternGallery(galleryScroll);
    galleryScroll->setWidget(gallery_);
    galleryScroll->setWidgetResizable(true);
    galleryBox->addWidget(galleryScroll);
    addTab(galleryTab, tr("Pattern gallery"));
    setTabToolTip(count() - 1, tr("The sampled patterns F as node-link drawings with m, e(F) and treewidth bound"));
    table_ = new QTableWidget(this);
    table_->setObjectName("results-table");
    table_->setSortingEnabled(true);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    addTab(table_, tr("Results"));
    setTabToolTip(count() - 1, tr("Every grid point: mean, std and count of each measure, the public-information and\n"
                                  "shuffled-within-n controls and the no-structural-signal flag"));
    depth_ = new DepthWorkspace(this);
    // Its controls and plots side by side ask for ~880 px; as a tab it would hold the whole window at that width plus the
    // settings column (1,280 px: over a 1280×720 screen once a window manager adds its frame). Below that it squeezes.
    depth_->setMinimumSize(480, 300);
    // A tab widget is as tall as its tallest page's minimum, shown or not: in projector mode the demo's graphs and
    // legend once made the window 776 px tall on a 720 px screen. The views take what the window has instead.
    setMinimumSize(400, 280);
    addTab(depth_, tr("Depth lab"));
    setTabToolTip(count() - 1, tr("Attacks on GNN representations and privacy against depth: COSERA heat maps,\n"
                                  "noisy aggregation vs its bound, GAP vs CARIBOU, AsampGCN (seeds 002–004)"));
    // F1 on a view opens its page of the user guide (docs/guide), in tab order
    const char* pages[] = {"tradeoff.md", "expressivity.md", "utility-vs-d.md", "noise-anatomy.md", "distinguishability.md",
                           "embedding.md", "pattern-gallery.md", "results.md", "depth-lab.md"};
    for (int i = 0; i < count() && i < int(std::size(pages)); ++i) widget(i)->setProperty("helpPage", pages[i]);
    const QString compact[] = {tr("Trade-off"), tr("Expressivity"), tr("Utility vs d"), tr("Noise"), tr("Demo"),
                               tr("Embedding"), tr("Patterns"), tr("Results"), tr("Depth lab")};
    for (int i = 0; i < count() && i < int(std::size(compact)); ++i) bar->setCompactText(i, compact[i]);
    viewActions_ = px::widgets::installTabNavigation(this).actions;
    connect(depth_, &DepthWorkspace::message, this, &ExplorerViews::message);
    connect(this, &QTabWidget::currentChanged, this, &ExplorerViews::onTabChanged);
    connect(expressivity_, &ExplorerController::finished, this, [this] {
        px::widgets::buildExpressivityPlot(expressivityPlot_, *expressivity_->result(), fontScale_);
        drawn_.expressivity = viewkeys::key(*expressivity_->resultFor(), viewkeys::Scope::AtEpsilon);
        presenter_->present("expressivity");
    });
    connect(dimension_, &ExplorerController::finished, this, [this] {
        px::widgets::buildDimensionPlot(dimensionPlot_, *dimension_->result(), fontScale_);
        drawn_.dimension = viewkeys::key(*dimension_->resultFor(), viewkeys::Scope::AtEpsilon);
        presenter_->present("dimension");
    });
    // A failure stays in the view, in words, until the next computation replaces it (not only in the status bar).
    connect(dimension_, &ExplorerController::failed, this, [this](const QString& m) {
        emit message(tr("Utility-vs-d view failed: %1").arg(m));
        px::widgets::showPlotNote(dimensionPlot_, tr("This view could not be computed:\n%1\n(it is tried again when a setting changes)").arg(m));
        drawn_.dimension.clear();
        presenter_->present("dimension");
    });
    connect(expressivity_, &ExplorerController::failed, this, [this](const QString& m) {
        emit message(tr("Expressivity view failed: %1").arg(m));
        px::widgets::showPlotNote(expressivityPlot_, tr("This view could not be computed:\n%1\n(it is tried again when a setting changes)").arg(m));
        drawn_.expressivity.clear();
        presenter_->present("expressivity");
    });
    registerViews();
}

ExplorerViews::~ExplorerViews() { close(); }

void ExplorerViews::close() {
    for (ExplorerController* c : {expressivity_, dimension_}) c->close();
    depth_->close();
    cancelAll(true);
    for (auto& f : demoFutures_) f.waitForFinished();  // they report to this object: done before it goes
}

void ExplorerViews::cancelAll(bool keepRecords) {
    for (ExplorerController* c : {expressivity_, dimension_}) c->cancel(keepRecords);
    depth_->cancel();
    cancelDemo();
    for (ExplorerController* c : {expressivity_, dimension_}) c->waitForIdle();
    depth_->waitForIdle();  // while every view and the window's work indicator still exist
}

void ExplorerViews::buildEmbeddingTab() {
    auto* emb = new QWidget(this);
    auto* row = new QHBoxLayout;
    auto* layout = new QVBoxLayout(emb);
    focus_ = new QSpinBox(emb);
    focus_->setPrefix(tr("graph "));
    focus_->setToolTip(tr("The graph whose repeated noisy releases are drawn around its clean embedding"));
    row->addWidget(new QLabel(tr("Noise cloud of"), emb));
    row->addWidget(focus_);
    row->addStretch(1);
    embeddingPlot_ = new QCustomPlot(emb);
    layout->addLayout(row);
    layout->addWidget(embeddingPlot_, 1);
    connect(focus_, QOverload<int>::of(&QSpinBox::valueChanged), this, &ExplorerViews::refreshEmbedding);
    addTab(emb, tr("Embedding (PCA)"));
    setTabToolTip(count() - 1, tr("Released embeddings projected on the two leading principal components of the\n"
                                  "clean densities, coloured by class; the star is one graph's clean embedding and\n"
                                  "the crosses its repeated releases at the slider's ε."));
}

QCustomPlot* ExplorerViews::currentPlot() const {
    if (currentWidget() == depth_) return depth_->currentPlot();
    if (auto* p = qobject_cast<QCustomPlot*>(currentWidget())) return p;
    return currentWidget() ? currentWidget()->findChild<QCustomPlot*>() : nullptr;
}

void ExplorerViews::onTabChanged() {
    QWidget* w = currentWidget();
    if (w == expressivityPlot_ && expressivityStale_) recomputeSecondary(expressivity_, expressivityStale_);
    if (w == dimensionPlot_ && dimensionStale_) recomputeSecondary(dimension_, dimensionStale_);
    if (w == demoPlot_->parentWidget()) followDemo();  // computed unless drawn for these settings
    if (w == embeddingPlot_->parentWidget()) refreshEmbedding();  // (the depth lab starts nothing: Run all, Ctrl+R)
}

void ExplorerViews::recomputeSecondary(ExplorerController* c, bool& stale) {
    if (!main_->dataset()) return;
    const ExplorerSettings s = settings_();
    if (px::learn::isGraphLearner(s.learner)) {  // these views vary the patterns, which a GIN does not use
        c->cancel();
        stale = false;
        if (c == dimension_) {  // in their place, the GIN's own axis: its test curve against the training epoch
            if (drawGinCurve()) return;
            drawn_.dimension.clear();
            px::widgets::showPlotNote(dimensionPlot_, tr("The GIN learns from the released graphs, not from pattern densities:\n"
                                                         "this view shows its test metric against the training epoch\n"
                                                         "once its sweep has finished."));
            return;
        }
        drawn_.expressivity.clear();
        px::widgets::showPlotNote(expressivityPlot_, tr("The GIN learns from the released graphs, not from pattern densities:\n"
                                                        "this view varies the patterns (their class), so it has nothing to show for it.\n"
                                                        "Choose a density learner (kNN, SVM, forest, …) in the Learner panel to see it."));
        return;
    }
    if (skipWithoutLabels(c, stale)) return;
    QCustomPlot* plot = c == expressivity_ ? expressivityPlot_ : dimensionPlot_;
    if (c->dataset() != main_->dataset()) c->setDataset(main_->dataset(), main_->datasetSpec(), main_->datasetLabels());
    stale = false;
    if (plot->plottableCount() == 0) {  // nothing drawn yet: what the view will show (its note says whether it computes)
        (c == expressivity_ ? drawn_.expressivity : drawn_.dimension).clear();
        px::widgets::showPlotNote(plot, c == expressivity_ ? tr("This view: utility and attack for trees, treewidth ≤ 2 and ≤ 3, against ε")
                                                           : tr("This view: utility and attack for d = 5 … 160 patterns"));
    }
    c->recompute(s);
    presenter_->present(c == expressivity_ ? "expressivity" : "dimension");
}

void ExplorerViews::settingsChanged() {
    emptiedForGraphRelease();
    expressivityStale_ = dimensionStale_ = true;
    if (currentWidget() == expressivityPlot_) recomputeSecondary(expressivity_, expressivityStale_);
    if (currentWidget() == dimensionPlot_) recomputeSecondary(dimension_, dimensionStale_);
    // the demo runs the slider's mechanism: shown, it follows it
    if (currentWidget() == demoPlot_->parentWidget()) followDemo();
    presenter_->presentAll();
}

void ExplorerViews::epsilonMoved() {
    refreshTradeoff();
    if (currentWidget() == dimensionPlot_ && px::learn::isGraphLearner(settings_().learner)) drawGinCurve();
    if (currentWidget() == embeddingPlot_->parentWidget()) refreshEmbedding();
}

void ExplorerViews::epsilonCommitted() { settingsChanged(); }

bool ExplorerViews::selectDemoPair(const QString& name) {
    const int i = demoPair_->findText(name);
    if (i >= 0) demoPair_->setCurrentIndex(i);
    return i >= 0;
}

QStringList ExplorerViews::demoPairNames() const {
    QStringList names;
    for (int i = 0; i < demoPair_->count(); ++i) names << demoPair_->itemText(i);
    return names;
}

void ExplorerViews::setFontScale(double scale) {
    fontScale_ = scale;
    refreshTradeoff();
    if (expressivity_->result()) px::widgets::buildExpressivityPlot(expressivityPlot_, *expressivity_->result(), fontScale_);
    if (px::learn::isGraphLearner(settings_().learner)) {
        if (drawn_.dimension.rfind("gin:", 0) == 0) drawGinCurve();
    } else if (dimension_->result()) {
        px::widgets::buildDimensionPlot(dimensionPlot_, *dimension_->result(), fontScale_);
    }
    if (redrawAnatomy_ && !drawn_.anatomy.empty()) redrawAnatomy_();  // a plot, not a note saying why there is none
    if (redrawDemo_ && !drawn_.demo.empty()) redrawDemo_();
    refreshEmbedding();  // computed again for the settings on screen: cheap (200 releases of one graph)
    presenter_->setFontScale(fontScale_);
    presenter_->presentAll();
    depth_->setFontScale(fontScale_);
    QFont pairFont = font();
    pairFont.setPointSizeF(font().pointSizeF() * fontScale_);
    demoGraphs_->setFont(pairFont);
}

void ExplorerViews::showResult() {
    refreshTradeoff();  // first: anything below may have a view decided again, and the sweep's points are not the result
    if (main_->dataset()) focus_->setRange(0, main_->dataset()->size() - 1);
    refreshResultsTable();
    refreshEmbedding();
    if (px::learn::isGraphLearner(settings_().learner)) {  // the GIN's test curves come with its result
        dimensionStale_ = true;
        if (currentWidget() == dimensionPlot_) recomputeSecondary(dimension_, dimensionStale_);
    }
    showPatterns();
    presenter_->presentAll();
}

void ExplorerViews::showPatterns() {
    if (const px::PatternSet* ps = main_->patterns(); ps && main_->densitiesFor()) {
        const ExplorerSettings& cur = *main_->densitiesFor();  // the patterns' own settings, not the panels'
        drawn_.gallery = viewkeys::key(cur, viewkeys::Scope::Patterns);
        QString caption = tr("%1 patterns of class %2 (seed %3): %4 distinct, largest m = %5, treewidth bound ≤ %6")
                              .arg(ps->size()).arg(QString::fromStdString(cur.patternClass)).arg(cur.patternSeed)
                              .arg(ps->distinctCount()).arg(ps->maxVertices()).arg(ps->maxTreewidthBound());
        // the sampler keeps repeats once it finds no new pattern (too few exist at these sizes): said where the
        // switch is read, not only in the count (a new user took the repeats for the switch not working)
        if (!cur.keepDuplicates && ps->distinctCount() < ps->size())
            caption += tr(". Isomorphic repeats kept although \"keep isomorphic duplicates\" is off: %1 distinct "
                          "patterns were all the sampler found at these sizes (raise Max size for more)").arg(ps->distinctCount());
        gallery_->setPatterns(*ps, caption);
    }
}

void ExplorerViews::showFailure(const QString& reason) {
    if (main_->result()) {
        refreshTradeoff();
    } else {
        px::widgets::showPlotNote(tradeoff_, tr("The computation failed:\n%1\nChange a setting (or press F5) to try again.").arg(reason));
        drawn_.tradeoff.clear();
        drawn_.tradeoffAs = Drawn::Nothing;
        clearResultsTable();  // its rows were another computation's (another data set's) and looked current
    }
    presenter_->presentAll();
}

void ExplorerViews::showAnatomy(const px::privacy::PrivacyReport& report) {
    if (emptiedForGraphRelease()) {
        presenter_->present("anatomy");
        return;
    }
    if (!main_->patterns()) return;
    std::vector<px::widgets::PatternInfo> info;
    for (const auto& p : main_->patterns()->patterns) info.push_back({p.vertices(), p.edges()});
    const double epsilon = settings_().mechanism.epsilon;  // as typed, not as the conversion computes it back
    px::widgets::buildNoiseAnatomyPlot(anatomy_, report, info, fontScale_, epsilon);
    redrawAnatomy_ = [this, report, info, epsilon] { px::widgets::buildNoiseAnatomyPlot(anatomy_, report, info, fontScale_, epsilon); };
    drawn_.anatomy = releaseKey(main_->densitiesFor(), settings_().mechanism);
    presenter_->present("anatomy");
}

void ExplorerViews::refreshEmbedding() {
    if (emptiedForGraphRelease()) {
        presenter_->present("embedding");
        return;
    }
    if (!main_->densities()) return;
    // Fitted here, on the densities drawn: densities of new settings arrive before their sweep ends, and an axis fitted
    // on the last result's put a new user's cloud off centre with the old variance shares, drawn as current.
    pca_ = std::make_unique<px::experiment::PcaBasis>(px::experiment::PcaBasis::fit(*main_->densities()));
    const ExplorerSettings s = settings_();
    QString error;
    auto model = main_->modelAt(s, s.mechanism.epsilon, &error);
    embeddingFailure_ = {error.toStdString(), model ? std::string() : viewkeys::key(s, viewkeys::Scope::Release)};
    if (!model) {
        presenter_->present("embedding");
        return;
    }
    const auto& ds = *main_->dataset();
    std::vector<double> labels;
    for (int i = 0; i < ds.size(); ++i) labels.push_back(ds.labels.cols() > 0 ? ds.labels(i, 0) : std::nan(""));
    const auto proj = px::experiment::projectRelease(*pca_, *main_->densities(), *model, focus_->value(), 200);
    px::widgets::buildEmbeddingPlot(embeddingPlot_, proj, labels, pca_->explained,
                                    tr("Released embeddings at ε = %1 (PCA of the clean densities)").arg(px::widgets::epsilonText(s.mechanism.epsilon)),
                                    fontScale_, ds.tasks.empty() ? std::vector<std::string>{} : ds.tasks[0].classNames);
    drawn_.embedding = releaseKey(main_->densitiesFor(), s.mechanism);
    presenter_->present("embedding");
}

QStringList ExplorerViews::missingForExport() {
    // The embedding is drawn at the slider's ε from the densities on hand, at once: a hidden tab's embedding of an
    // earlier ε is brought up to date rather than left out (a new user's "Compute, then export" left it out).
    if (const ViewStatus e = presenter_->present("embedding"); e.state != ViewState::Current && !e.nothingToShow) refreshEmbedding();
    QStringList missing;
    const std::pair<const char*, QString> views[] = {{"expressivity", tr("expressivity")}, {"dimension", tr("utility vs d")},
                                                     {"demo", tr("distinguishability")}, {"embedding", tr("embedding")}};
    for (const auto& [view, name] : views) {
        const ViewStatus status = presenter_->present(view);  // a view with nothing to show for these settings: not missing
        if (status.state == ViewState::Current || status.nothingToShow) continue;
        // said as the report of the export will say it: not computed, computed for other settings, computing, failed
        const QString state = status.drawnKey.empty() && status.state != ViewState::Failed ? tr("not computed yet")
                              : status.state == ViewState::Previous                       ? tr("computed for other settings")
                              : status.state == ViewState::Failed                         ? tr("failed")
                                                                                           : tr("computing");
        missing << QString("%1 (%2)").arg(name, state);
    }
    return missing;
}

void ExplorerViews::computeForExport() {
    auto stale = [this](const char* view) { return presenter_->present(view).state != ViewState::Current; };
    if (!px::learn::isGraphLearner(settings_().learner)) {
        if (stale("expressivity") && !expressivity_->busy()) recomputeSecondary(expressivity_, expressivityStale_);
        if (stale("dimension") && !dimension_->busy()) recomputeSecondary(dimension_, dimensionStale_);
    }
    if (stale("demo") && !demoRunning_) recomputeDemo();
}

bool ExplorerViews::readyForExport() const { return !expressivity_->busy() && !dimension_->busy() && !demoRunning_; }
