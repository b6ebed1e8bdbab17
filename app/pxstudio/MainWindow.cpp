#include "MainWindow.h"

#include "DepthWorkspace.h"
#include "EpsilonSlider.h"
#include "ExplorerViews.h"
#include "ExportController.h"
#include "ImportDialog.h"
#include "SessionModel.h"
#include "WordStatusBar.h"
#include "WorkIndicator.h"
#include "HelpController.h"
#include "LessonController.h"
#include "LessonPlayer.h"
#include "PresentationMode.h"
#include "ProjectorStrip.h"
#include "panels/DatasetPanel.h"
#include "panels/LearnerPanel.h"
#include "panels/PatternsPanel.h"
#include "panels/PrivacyPanel.h"
#include "panels/ReportPanel.h"
#include "panels/NumberFieldGuard.h"
#include "panels/WheelGuard.h"
#include "learn/LearnerRegistry.h"
#include "privacy/Mechanism.h"
#include "SliderReadout.h"
#include "ViewKeys.h"
#include "ViewPresenter.h"

#include <QAction>
#include <QDockWidget>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <qcustomplot.h>

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), session_(new SessionModel(this)), controller_(new ExplorerController(this)) {
    setWindowTitle(tr("PXStudio — privacy and expressivity of graph representations"));
    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(300);
    connect(debounce_, &QTimer::timeout, this, &MainWindow::startRecompute);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    banner_ = new QLabel(tr("<b>REFERENCE-CODE REPRODUCTION MODE</b> — the published code's quantities (exponent m − 2, "
                            "smooth bound over k ≤ 6, β = ρ'/5). These results carry <b>no valid privacy guarantee</b>."));
    banner_->setStyleSheet("background:#b22; color:white; padding:6px;");
    banner_->setWordWrap(true);
    banner_->setVisible(false);
    views_ = new ExplorerViews(controller_, [this] { return settings(); }, central);
    auto* question = new QLabel(central);  // "The question this view answers", over the views (not in projector mode)
    question->setObjectName("view-question");
    question->setStyleSheet("QLabel { color: #444; }");
    question->setWordWrap(true);  // a narrow window wraps it instead of growing wider
    layout->addWidget(banner_);
    layout->addWidget(question);
    layout->addWidget(views_, 1);
    lessonPlayer_ = new LessonPlayer(central);
    layout->addWidget(lessonPlayer_);
    setCentralWidget(central);
    auto* dock = new QDockWidget(tr("Settings"), this);
    dock->setObjectName("settings-dock");
    dock->setWidget(buildPanels());
    dock->setMinimumWidth(340);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    layout->insertWidget(0, buildProjectorStrip());
    presentation_ = new PresentationMode(this, dock, views_, strip_, lessonPlayer_);
    help_ = new HelpController(this, views_, question, presentation_);
    connect(presentation_, &PresentationMode::switched, this, [this] {
        help_->showViewQuestion();  // projector mode: the strip alone over the views
        refreshReport();
    });
    views_->installEventFilter(this);
    setStatusBar(new px::widgets::WordStatusBar(this));  // a long message ends at a word, not cut at the progress words
    work_ = new WorkIndicator(statusBar(), controller_, views_);
    // one source of progress: every view's note says again what the bar says, at each step (not at its next paint)
    connect(work_, &WorkIndicator::changed, this, [this] { views_->presenter()->presentAll(); });
    lessons_ = new LessonController({this, views_, controller_, lessonPlayer_, presentation_->action(), [this] { return settings(); },
                                     [this](const ExplorerSettings& s) { apply(s, ChangeOrigin::Lesson); },
                                     [this](ExplorerSettings s, const std::string& dataset) { return onDataset(std::move(s), dataset); },
                                     [this](const std::string& key) { return lessonTarget(key); },
                                     [this](const std::string& title) { showView(title); }},
                                    this);
    session_->keepInAutosave([this] { return lessons_->usersOwnSettings(); });  // a lesson cut short is not the user's
    exports_ = new ExportController({this, views_, controller_, work_, [this] { return settings(); }, [this] { return privacy_->epsilon(); },
                                  [this] { startRecompute(); }}, this);
    buildMenus();
    help_->installWhatsThis();
    connectController();
    connect(views_, &ExplorerViews::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(views_, &QTabWidget::currentChanged, this, [this] {
        if (restored_) session_->autosave(settings());  // the view on screen is part of the session
        help_->showViewQuestion();
    });
    help_->showViewQuestion();
    connect(session_, &SessionModel::restoreRequested, this, &MainWindow::restoreSettings);
    connect(session_, &SessionModel::recentFilesChanged, this, &MainWindow::refreshRecentMenu);
    QSettings prefs;
    restoreGeometry(prefs.value("window/geometry").toByteArray());
    restoreState(prefs.value("window/state").toByteArray());
    presentation_->fitToScreen(prefs.contains("window/geometry"));
    const QString restored = restoreLastSession();
    registerReport();
    connect(views_->presenter(), &ViewPresenter::presented, lessons_, &LessonController::updateWaiting);
    connect(views_->depth()->presenter(), &ViewPresenter::presented, lessons_, &LessonController::updateWaiting);
    views_->presenter()->start();
    apply(settings(), ChangeOrigin::Startup);  // the restored session, taken as committed; its sweep starts
    if (QSettings().value("welcome/show", true).toBool()) showWelcome();
    if (!restored.isEmpty()) {  // after "Computing…", and repeated with "Done"
        notice_ = restored;
        statusBar()->showMessage(restored, 15000);
    }
}

MainWindow::~MainWindow() {
    // A field being typed into is finished now, while the window is whole (its focus would otherwise leave it during
    // QWidget's destructor, and its signal reach a window that no longer exists)
    if (QWidget* typing = focusWidget()) typing->clearFocus();
    session_->autosave(settings());  // what is on screen, whatever happened last
    // the state saved is the normal mode's: the settings column shown unless the user closed it
    presentation_->showDockAsInNormalMode();
    QSettings prefs;
    prefs.setValue("window/geometry", saveGeometry());
    prefs.setValue("window/state", saveState());
    // unfinished sweeps stay recorded (the next start resumes them); nothing new starts while the window waits
    controller_->close();
    views_->close();
    controller_->waitForIdle();
    // nor the parts that answer for it
    for (QObject* child : findChildren<QObject*>())
        for (const QObject* receiver : std::initializer_list<const QObject*>{this, lessons_, exports_, presentation_, help_})
            QObject::disconnect(child, nullptr, receiver, nullptr);
}

ExplorerController* MainWindow::expressivityController() { return views_->expressivity(); }
ExplorerController* MainWindow::dimensionController() { return views_->dimension(); }
QString MainWindow::autosavePath() const { return session_->autosavePath(); }
QUndoStack* MainWindow::undoStack() { return session_->undoStack(); }
DepthWorkspace* MainWindow::depthWorkspace() { return views_->depth(); }
QStringList MainWindow::recentFiles() const { return session_->recentFiles(); }
bool MainWindow::exportAllViews(const QString& folder) { return exports_->exportAllViews(folder); }
QString MainWindow::exportAllFolder(const QString& chosen) const { return exports_->exportAllFolder(chosen); }
bool MainWindow::exportView(QCustomPlot* plot, const QString& path, const px::widgets::FigureSize& size, bool sidecars) {
    return exports_->exportView(plot, path, size, sidecars);
}
QString MainWindow::suggestedExportName(const QCustomPlot* plot) const { return exports_->suggestedExportName(plot); }
QString MainWindow::helpPageForFocus() const { return help_->pageForFocus(); }
HelpWindow* MainWindow::showHelp(const QString& page) { return help_->show(page); }
bool MainWindow::projectorMode() const { return presentation_->on(); }

QWidget* MainWindow::buildPanels() {
    auto* panel = new QWidget;
    auto* v = new QVBoxLayout(panel);
    dataset_ = new DatasetPanel;
    patterns_ = new PatternsPanel;
    privacy_ = new PrivacyPanel;
    learner_ = new LearnerPanel;
    report_ = new ReportPanel;
    panels_ = {dataset_, patterns_, privacy_, learner_};
    dataset_->setProperty("helpPage", "panel-dataset.md");  // F1's page in the user guide
    patterns_->setProperty("helpPage", "panel-patterns.md");
    privacy_->setProperty("helpPage", "panel-privacy.md");
    learner_->setProperty("helpPage", "panel-learner.md");
    report_->setProperty("helpPage", "panel-report.md");
    for (SettingsPanel* p : panels_) {
        v->addWidget(p);
        connect(p, &SettingsPanel::changed, this, [this] { apply(settings(), ChangeOrigin::Edit); });
        installResets(p);
    }
    v->insertWidget(3, report_);  // the report right under the privacy settings it explains
    v->addStretch(1);
    connect(dataset_, &DatasetPanel::datasetChosen, this, [this](const QString& spec) { openDataset(spec); });
    connect(dataset_, &DatasetPanel::labelsRequested, this, [this] {  // the import dialog for the data set on screen
        const ExplorerSettings s = settings();
        ImportDialog dialog(QString::fromStdString(s.dataset), QString::fromStdString(s.labels), this);
        dialog.setLabelsOnly();
        if (dialog.exec() == QDialog::Accepted) changeLabels(dialog.labels());
    });
    connect(privacy_, &PrivacyPanel::epsilonPreview, this, [this] {
        views_->epsilonMoved();
        refreshReport();
    });
    connect(privacy_, &PrivacyPanel::epsilonCommitted, this, [this] { apply(settings(), ChangeOrigin::Epsilon); });
    WheelGuard::install(panel);
    NumberFieldGuard::install(panel);
    auto* scroll = new QScrollArea;
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the dock is made wide enough instead
    scroll->setMinimumWidth(panel->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 2 * scroll->frameWidth());
    return scroll;
}

namespace {
// Two notices of one sweep, both said: "A offers more than one source…. Shown from the kept record…".
QString joinedNotice(const QString& first, const QString& then) {
    if (first.isEmpty()) return then;
    return first + (first.endsWith('.') ? " " : ". ") + then;
}
}  // namespace

void MainWindow::connectController() {
    connect(controller_, &ExplorerController::started, this,
            [this] {
                notice_ = nextNotice_;
                nextNotice_.clear();
                markStale();
                if (report_->text().contains(tr("Computation failed")))  // an old failure is not the news any more
                    showReportMessage(tr("<i>Recomputing for the new settings…</i>"));
                // The patterns and data set as computed last (k, ε or the learner changed): their densities are kept.
                const bool densitiesKept = computedFor_ && requested_ && samePatternsAndData(*computedFor_, *requested_) &&
                                           requested_->repetitions <= computedFor_->repetitions;
                const QString computing = densitiesKept ? tr("Recomputing with the densities already computed: private releases, learners, "
                                                             "controls and attacks…")
                                                        : tr("Computing densities, private releases, learners, controls and attacks…");
                statusBar()->showMessage(joinedNotice(notice_, notice_.isEmpty() ? computing : tr("Computing…")));  // once "…).. Computing"
            });
    connect(controller_, &ExplorerController::partialReady, this, [this] {  // progressive trade-off plot
        const auto* p = controller_->partialResult();
        if (!p || p->aggregated.rows() == 0) return;
        views_->showPartial(*p);
        const QString so = tr("Computing… %1 runs so far").arg(p->runs.rows());
        statusBar()->showMessage(joinedNotice(notice_, so));  // the notice stays until the sweep ends
    });
    connect(controller_, &ExplorerController::previewReady, this, [this] {  // a first answer on part of a large data set
        const auto* p = controller_->previewResult();
        if (!p || p->aggregated.rows() == 0) return;
        views_->showPreview(*p);
        const auto& about = p->metadata["preview"];
        const QString what = tr("Preview on %1 of %2 graphs (every class in proportion, first pattern seed): the full sweep "
                                "is running and replaces it point by point")
                                 .arg(about.value("graphs", 0)).arg(about.value("of", 0));
        markStale();
        statusBar()->showMessage(joinedNotice(notice_, what));
    });
    connect(controller_, &ExplorerController::densitiesReady, this, &MainWindow::refreshReport);
    // on the result's arrival, before the progress bar hears of the end (finished) and has the views decided again:
    // decided before the result is drawn, the trade-off called the sweep just ended "stopped" (its points still drawn)
    connect(controller_, &ExplorerController::resultArrived, this, [this] {
        computedFor_ = requested_;
        views_->showResult();
        markStale();
        if (notice_.isEmpty()) statusBar()->showMessage(tr("Done: %1 runs").arg(controller_->result()->runs.rows()), 4000);
        else statusBar()->showMessage(joinedNotice(tr("Done: %1 runs").arg(controller_->result()->runs.rows()), notice_), 12000);
        notice_.clear();
        refreshReport();
    });
    connect(controller_, &ExplorerController::cancelled, this, [this] {
        if (controller_->busy()) return;
        views_->sweepStopped();  // a stopped sweep's points say they are all there is
        markStale();
        if (!controller_->replaced()) statusBar()->showMessage(tr("Cancelled"), 4000);  // only what the user stopped
    });
    connect(session_, &SessionModel::autosaveStateChanged, this, [this](const QString& reason) {
        if (reason.isEmpty()) statusBar()->showMessage(tr("Autosave works again"), 4000);
        else
            statusBar()->showMessage(tr("Autosave failed (%1). Your settings are kept in this window and its undo history; "
                                        "save the session elsewhere (File ▸ Save session…, Ctrl+S).").arg(reason));
    });
    connect(controller_, &ExplorerController::notice, this, [this](const QString& m) {
        // repeated with "Done", which would otherwise replace it at once; once only (a new user read it twice in a row)
        if (!notice_.contains(m)) notice_ = joinedNotice(notice_, m);
        statusBar()->showMessage(m, 10000);
    });
    connect(controller_, &ExplorerController::failed, this, [this](const QString& msg) {
        // inline, not a modal dialog: the next settings change simply tries again
        statusBar()->showMessage(tr("Failed: %1").arg(msg));
        markStale();
        views_->showFailure(msg);  // the last good result again over the failed run's partial points, or the reason
        showReportMessage("<span style='color:#b22'><b>" + tr("Computation failed") + ":</b> " + msg.toHtmlEscaped() + "</span>");
    });
    connect(controller_, &ExplorerController::doneWithoutLabels, this, [this] {  // a normal state: what works, what needs labels
        statusBar()->showMessage(joinedNotice(notice_, tr(ExplorerController::kNoLabels)));  // a notice of the opening stays
        notice_.clear();
        markStale();
    });
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::MouseButtonDblClick && resetters_.count(watched)) {
        resetControl(watched);
        return true;
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showView(const std::string& title) {
    for (int i = 0; i < views_->count(); ++i)
        if (views_->tabText(i).toStdString() == title) views_->setCurrentIndex(i);
}

void MainWindow::refreshEpsilonDependents() {
    // The report and the previews need the densities: valid while data set and patterns are those computed
    if (!computedFor_ || !samePatternsAndData(*computedFor_, settings())) {
        showReportMessage(tr("<i>Privacy report after the computation for the new data set or patterns…</i>"));
        setRhoText(rhoTextBeforeReport());  // the guarantee named, its ρ once the densities are there
        return;
    }
    refreshReport();
    views_->epsilonMoved();
}

void MainWindow::markStale() {
    views_->presenter()->presentAll();
    presentReport();
}

void MainWindow::ensureComputing() {
    if (!ExplorerController::sameSweep(controller_->busy() ? controller_->runningFor() : controller_->resultFor(), settings()))
        startRecompute();
}

void MainWindow::startRecompute() {
    debounce_->stop();
    const ExplorerSettings s = settings();
    banner_->setVisible(s.mechanism.referenceMode);
    if (auto ds = controller_->dataset()) {
        dataset_->describe(*ds, s);
        patterns_->describeFor(*ds);
    }
    requested_ = s;
    controller_->recompute(s);
    views_->settingsChanged();
}

void MainWindow::refreshReport() {
    px::privacy::PrivacyReport rep;
    QString error;
    if (!controller_->reportAt(settings(), privacy_->epsilon(), rep, &error)) {
        const QString waiting = controller_->busy() ? tr("<i>privacy report as soon as the densities of these settings are computed</i>")
                                                    : tr("<i>privacy report after the first computation</i>");
        showReportMessage(error.isEmpty() ? waiting : "<span style='color:#b22'>" + error.toHtmlEscaped() + "</span>");
        setRhoText(rhoTextBeforeReport());
        return;
    }
    // The sweep's part (utility beside the controls, the attack) only from a result of these settings: a stopped sweep
    // of another mechanism left its numbers under the new mechanism's guarantee (a new user's finding)
    const px::experiment::SweepResult* result = controller_->resultOf(settings());
    reportWaitsForResult_ = !result && controller_->dataset() && !controller_->dataset()->tasks.empty();
    report_->showReport(rep, result, privacy_->epsilon(), reportWaitsForResult_);
    ExplorerSettings drawnFor = settings();
    drawnFor.mechanism.epsilon = privacy_->epsilon();
    // The report quotes the privacy report of the densities on hand and the sweep's results (utility, controls, attack):
    // its key is both. Without a result yet, only the first part is drawn, and the report says the rest is computing.
    const std::string release = ExplorerViews::releaseKey(controller_->densitiesFor(), drawnFor.mechanism);
    // (data without class labels: no sweep result is to come, and the privacy part is the whole report)
    const std::string sweep = viewkeys::key(settings(), viewkeys::Scope::Sweep);  // its part drawn, or waited for
    reportDrawn_ = release.empty() ? std::string() : viewkeys::keyOf({{"release", release}, {"sweep", sweep}});
    presentReport();
    // the slider's ρ view: the same budget as a zCDP / tCDP ρ (pure-DP mechanisms have none)
    // to the four digits the report's own line quotes (a new user read ρ = 3.14 beside the report's ρ = 3.142)
    setRhoText(rep.pureEpsilon >= 0       ? tr("pure ε-DP (no ρ)")
               : std::isinf(rep.omega) ? tr("ρ = %1 (zCDP)").arg(rep.rho, 0, 'g', 4)
                                       : tr("ρ = %1, ω = %2 (tCDP)").arg(rep.rho, 0, 'g', 4).arg(rep.omega, 0, 'g', 4));
    views_->showAnatomy(rep);
}
