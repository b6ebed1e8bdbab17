// The main window's menus and what they do: sessions, recent files (export: ExportController).
#include "MainWindow.h"
#include "WelcomeCard.h"
#include "ViewPresenter.h"

#include "DepthWorkspace.h"
#include "ExportController.h"
#include "HelpController.h"
#include "PresentationMode.h"
#include "LessonController.h"
#include "ExplorerViews.h"
#include "SessionModel.h"
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
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QUndoStack>

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
    exports_->addActions(file);
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
    view->addAction(presentation_->action());
    view->addAction(tr("&Recompute"), QKeySequence::Refresh, this, &MainWindow::startRecompute);
    view->addSeparator();
    view->addMenu(tr("&Go to view"))->addActions(views_->viewActions());
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help_->addActions(help);
    help->addAction(tr("W&elcome page"), this, &MainWindow::showWelcome);
    QAction* whatsThis = QWhatsThis::createAction(this);  // Shift+F1, then click any panel or view
    whatsThis->setText(tr("&What's this? (click a panel or view)"));
    help->addAction(whatsThis);
    lessons_->addMenu(help);
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
        showView(s.view);
        apply(s, ChangeOrigin::Session);
        session_->addRecentFile(path);
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
