// The main window's menus and what they do: sessions, recent files, export.
#include "MainWindow.h"
#include "WelcomeCard.h"
#include "ViewPresenter.h"

#include "DepthWorkspace.h"
#include "ExplorerViews.h"
#include "ExportDialog.h"
#include "SessionModel.h"
#include "ViewExporter.h"
#include "ViewKeys.h"
#include "WorkIndicator.h"
#include "panels/PrivacyPanel.h"
#include "learn/LearnerRegistry.h"
#include "learn/Learners.h"
#include "privacy/Mechanism.h"
#ifdef PX_HAVE_NEURAL
#include "neural/KernelPath.h"
#endif

#include <exception>
#include <QAction>
#include <QWhatsThis>
#include <QDockWidget>
#include "common/AtomicFile.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QRegularExpression>
#include <QMenuBar>
#include <QMessageBox>
#include <QTimer>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoStack>
#include <qcustomplot.h>

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open data set…"), QKeySequence::Open, this, &MainWindow::chooseDataset);
    file->addAction(tr("Open data set &file…"), this, &MainWindow::chooseDatasetFile);
    file->addAction(tr("Open &session…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open session"), {},
                                                     tr("PXStudio session (*.pxstudio.json);;Any JSON file (*.json)"));
        if (!p.isEmpty()) openSession(p);
    });
    file->addAction(tr("&Save session…"), QKeySequence::Save, this, [this] {
        const QString p = QFileDialog::getSaveFileName(this, tr("Save session"), "session.pxstudio.json",
                                                     tr("PXStudio session (*.pxstudio.json)"));
        if (!p.isEmpty()) saveSession(p);
    });
    file->addAction(tr("Save as pxrun s&weep spec…"), this, [this] {
        const QString p = QFileDialog::getSaveFileName(this, tr("Save the settings as a sweep spec for pxrun"), "sweep.json",
                                                     tr("pxrun sweep spec (*.json)"));
        if (!p.isEmpty()) saveSweepSpec(p);
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
    QAction* undo = undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* pres = presentation_ = view->addAction(tr("&Presentation mode"));
    pres->setCheckable(true);
    pres->setShortcut(QKeySequence(tr("F11")));  // F5 is Recompute (QKeySequence::Refresh)
    pres->setToolTip(tr("Large fonts and thick lines for lectures"));
    connect(pres, &QAction::toggled, this, &MainWindow::setPresentation);
    view->addAction(tr("&Recompute"), QKeySequence::Refresh, this, &MainWindow::startRecompute);
    view->addSeparator();
    view->addMenu(tr("&Go to view"))->addActions(views_->viewActions());
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User guide (page for this view)"), QKeySequence::HelpContents, this, [this] { showHelp(helpPageForFocus()); });
    help->addAction(tr("&Contents"), this, [this] { showHelp("index.md"); });
    help->addAction(tr("&Glossary: ε, ρ, D, controls, COSERA, NAG…"), this, [this] { showHelp("glossary.md"); });
    help->addAction(tr("&Projector mode and keys"), this, [this] { showHelp("projector-mode.md"); });
    help->addAction(tr("W&elcome page"), this, &MainWindow::showWelcome);
    QAction* whatsThis = QWhatsThis::createAction(this);  // Shift+F1, then click any panel or view
    whatsThis->setText(tr("&What's this? (click a panel or view)"));
    help->addAction(whatsThis);
    buildLessonMenu(help);
    help->addSeparator();
    help->addAction(tr("&About PXStudio"), this, [this] {
#ifdef PX_HAVE_NEURAL
        // a GIN seed gives the same table bit for bit on one kernel path (docs/trained-networks.md, "On one kernel path")
        QString kernels;
        try {
            kernels = tr("<br>GIN kernels: %1").arg(QString::fromStdString(px::neural::kernelPathInUse()));
        } catch (const std::exception& e) {  // libpx_neural.so missing: say so, the rest of the app works
            kernels = tr("<br>GIN kernels: not available (%1)").arg(QString::fromStdString(e.what()).toHtmlEscaped());
        }
#else
        const QString kernels;
#endif
        QMessageBox::about(this, tr("About PXStudio"),
                           tr("<b>PXStudio %1</b><br>Private homomorphism-density embeddings of graphs: privacy against "
                              "expressivity.<br>GPL-3.0-or-later; QCustomPlot is GPL-3.%2").arg(PX_VERSION, kernels));
    });
}

void MainWindow::refreshRecentMenu() {
    if (!recentMenu_) return;
    recentMenu_->clear();
    const QStringList list = recentFiles();
    for (int i = 0; i < list.size(); ++i) {
        const QString p = list[i];
        QAction* a = recentMenu_->addAction(QString("&%1 %2").arg(i + 1).arg(QFileInfo(p).fileName()), this, [this, p] { openRecent(p); });
        a->setToolTip(p);
    }
    if (list.isEmpty()) recentMenu_->addAction(tr("(none yet)"))->setEnabled(false);
    else {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("Clear list"), session_, &SessionModel::clearRecentFiles);
    }
}

bool MainWindow::giveTheGinAGraphMechanism(ExplorerSettings& s, const QString& why) {
    if (!::giveTheGinAGraphMechanism(s)) return false;
    sayNotice(why + tr(": the mechanism is now randomized response (RR); DPRR is the other choice in the Privacy panel."));
    return true;
}

void MainWindow::sayNotice(const QString& notice) {
    nextNotice_ = notice;
    statusBar()->showMessage(nextNotice_, 10000);
}

// The words for what the settings rules (SettingsRules.h) did on their own.
QString MainWindow::settingsNoticeText(SettingsNotice notice, const ExplorerSettings& now) const {
    const QString mechanism = QString::fromStdString(px::privacy::toString(now.mechanism.mechanism));
    switch (notice) {
    case SettingsNotice::None: return {};
    case SettingsNotice::GinGetsRandomizedResponse:
        return tr("A GIN trains on released graphs: the mechanism is now randomized response (RR); DPRR is the other choice in the Privacy panel.");
    case SettingsNotice::MechanismGivenBack:
        return tr("Back to a density learner: the mechanism is %1 again, as before the GIN (RR and DPRR remain in the Privacy panel).").arg(mechanism);
    case SettingsNotice::GraphMechanismCosts:
        return tr("Note: a density learner under %1 perturbs every graph, then counts its densities again on each noise draw: "
                  "on large graphs far slower than noise on the densities (Esc cancels).").arg(mechanism);
    case SettingsNotice::DensityMechanismLeavesGin:
        return tr("Noisy densities are features for a density learner, not graphs for the GIN: the learner is now %1 "
                  "(choose the GIN again, with RR or DPRR, in the Learner panel).").arg(QString::fromStdString(px::learn::learnerKey(now.learner)));
    }
    return {};
}

bool MainWindow::openSession(const QString& path) {
    if (welcome_ && !welcome_->isHidden()) welcome_->dismiss();
    try {
        ExplorerSettings s = SessionModel::readSession(path);
        giveTheGinAGraphMechanism(s, tr("%1 asks for a GIN, which trains on released graphs, not on densities")
                                         .arg(QFileInfo(path).fileName()));
        applySettings(s);
        showView(s.view);
        session_->addRecentFile(path);
        session_->commit(settings());
        startRecompute();
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot open session"), path + ":\n" + QString::fromStdString(e.what()));
        return false;
    }
}

bool MainWindow::saveSession(const QString& path) {
    try {
        SessionModel::writeSession(path, settings());
        statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
        session_->addRecentFile(path);
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot save session"), QString::fromStdString(e.what()));
        return false;
    }
}

// The trade-off view's sweep as pxrun runs it (`pxrun sweep FILE --out PREFIX`): the same spec the app computes,
// so that a view can be reproduced, sharded or extended in batch and its numbers committed as a run table.
bool MainWindow::saveSweepSpec(const QString& path) {
    try {
        const nlohmann::json spec = ExplorerController::specFor(settings()).toJson();
        px::writeFileAtomically(path.toStdString(), [&](std::ostream& o) { o << spec.dump(1) << "\n"; });
        statusBar()->showMessage(tr("Saved %1: pxrun sweep %1 --out PREFIX computes this view in batch").arg(path), 8000);
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot save the sweep spec"), QString::fromStdString(e.what()));
        return false;
    }
}

FigureContext MainWindow::figureContext() const {
    FigureContext c;
    c.session = settings().toJson();
    c.sliderEpsilon = privacy_->epsilon();
    px::privacy::PrivacyReport report;
    if (controller_->reportAt(settings(), privacy_->epsilon(), report)) c.privacyReport = report.toJson();
    return c;
}

// "trade-off vs epsilon-COLLAB": the plot's view and the data set (or the depth lab's experiment), so that the
// exports of several views do not overwrite each other. ExportDialog makes it a safe file name.
QString MainWindow::suggestedExportName(const QCustomPlot* plot) const {
    int tab = views_->indexOf(const_cast<QCustomPlot*>(plot));
    if (tab < 0) tab = views_->currentIndex();  // a plot inside a tab (the depth lab's)
    QString view = views_->tabText(tab).remove('&').toLower().replace(QString("ε"), "epsilon");
    if (views_->widget(tab) == views_->depth()) return view + "-" + plot->objectName();
    QString path = QString::fromStdString(settings().dataset);
    while (path.endsWith('/')) path.chop(1);  // a TU folder
    const QString dataset = QFileInfo(path).completeBaseName();
    return view + "-" + QString(dataset).remove(QRegularExpression("^builtin:"));
}

QString MainWindow::exportAllFolder(const QString& chosen) const {
    const ExplorerSettings s = settings();
    QString path = QString::fromStdString(s.dataset);
    while (path.endsWith('/')) path.chop(1);
    const QString dataset = QFileInfo(path).completeBaseName().remove(QRegularExpression("^builtin:"));
    // the data set and the settings in words a reader recognises, then the key that tells any two settings apart
    QString name = QString("%1_%2_d%3_eps%4_%5").arg(dataset, QString::fromStdString(s.patternClass)).arg(s.d)
                       .arg(s.mechanism.epsilon, 0, 'g', 3).arg(QString::fromStdString(viewkeys::key(s, viewkeys::Scope::AtEpsilon)).left(8));
    name.replace(QRegularExpression("[^A-Za-z0-9._+-]"), "-");
    return QDir(chosen).filePath(name);
}

void MainWindow::exportCurrentView() {
    QCustomPlot* plot = views_->currentPlot();
    if (!plot) {
        statusBar()->showMessage(tr("Choose a plot tab to export"), 4000);
        return;
    }
    ExportDialog dialog(suggestedExportName(plot), this);
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
    if (exportView(plot, dialog.path(), dialog.figureSize(), dialog.withSidecars()))
        statusBar()->showMessage(tr("Exported %1").arg(dialog.path()), 4000);
}

bool MainWindow::exportView(QCustomPlot* plot, const QString& path, const px::widgets::FigureSize& size, bool sidecars) {
    try {
        const bool depth = views_->currentWidget() == views_->depth() || views_->depth()->plots().contains(plot);
        ViewExporter::exportView(plot, path, size, sidecars, figureContext(), depth);
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Export failed"), QString::fromStdString(e.what()));
        return false;
    }
}

bool MainWindow::exportAllViews(const QString& folder) {
    if (views_->presenter()->present("tradeoff").state != ViewState::Current) {
        statusBar()->showMessage(tr("Nothing to export yet: the computation for these settings has not finished"), 8000);
        return false;
    }
    const QStringList missing = views_->missingForExport();
    if (missing.isEmpty()) return writeAllViews(folder);
    // Not modal (a lecture, a running computation go on): compute the missing views first, or export what is there.
    auto* ask = new QMessageBox(QMessageBox::Question, tr("Export all views"),
                                tr("Not computed yet: %1.\nCompute them now and export when they are ready, or export what "
                                   "is there (the report then lists what was left out)?").arg(missing.join(", ")),
                                QMessageBox::Cancel, this);
    ask->setObjectName("export-all-ask");
    QPushButton* compute = ask->addButton(tr("Compute, then export"), QMessageBox::AcceptRole);
    QPushButton* now = ask->addButton(tr("Export what is there"), QMessageBox::ActionRole);
    ask->setDefaultButton(compute);
    ask->setAttribute(Qt::WA_DeleteOnClose);
    connect(ask, &QMessageBox::buttonClicked, this, [this, folder, compute, now, missing](QAbstractButton* b) {
        if (b == now) writeAllViews(folder);
        if (b != compute) return;
        views_->computeForExport();
        statusBar()->showMessage(tr("Computing %1 for the export; the files follow… (Cancel calls the export off)").arg(missing.join(", ")));
        // Cancel (Esc) stays enabled while the export waits, and calls it off: nothing is written, not even the folder.
        work_->setWaiting(tr("export"));
        auto* wait = new QTimer(this);
        auto off = connect(work_, &WorkIndicator::cancelled, wait, [this, wait, folder] {
            wait->stop();
            wait->deleteLater();
            statusBar()->showMessage(tr("Export cancelled: nothing was written to %1").arg(folder), 8000);
        });
        connect(wait, &QTimer::timeout, this, [this, wait, folder, off] {
            if (!views_->readyForExport()) return;
            disconnect(off);
            wait->deleteLater();
            work_->setWaiting({});
            writeAllViews(folder);
        });
        wait->start(200);
    });
    ask->open();
    return true;
}

bool MainWindow::writeAllViews(const QString& folder) {
    const auto* r = controller_->result();
    if (!r) return false;
    ViewExporter::ExportAllReport report;
    try {
        report = ViewExporter::exportAll(*views_, *r, figureContext(), exportAllFolder(folder));
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Export failed"), QString::fromStdString(e.what()));
        return false;
    }
    const QString target = exportAllFolder(folder);
    QString summary = (report.written.size() == 1 ? tr("Wrote 1 file to %1.") : tr("Wrote %1 files to %2.").arg(report.written.size()))
                          .arg(target);
    if (!report.leftOut.isEmpty()) summary += tr("\n\nLeft out:\n• %1").arg(report.leftOut.join("\n• "));
    statusBar()->showMessage(report.leftOut.isEmpty() ? tr("Exported all views to %1").arg(target)
                                                      : tr("Exported to %1; left out: %2").arg(target, report.leftOut.join("; ")),
                             15000);
    // Not modal: the window goes on (a lecture, a running computation); the file list is under "Show Details".
    auto* box = new QMessageBox(QMessageBox::Information, tr("Export all views"), summary, QMessageBox::Ok, this);
    box->setObjectName("export-all-report");
    box->setDetailedText(report.written.join("\n"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return true;
}
