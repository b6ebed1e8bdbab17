// The main window's settings and session: what the panels hold, applying a session (and its data set),
// restoring the last one, opening a data set, and committing an edit (with what the GIN and a data set's
// own D and protocol imply).
#include "MainWindow.h"
#include "WelcomeCard.h"

#include "ExplorerViews.h"
#include "ProjectorStrip.h"
#include "SessionModel.h"
#include "learn/LearnerRegistry.h"
#include "panels/DatasetPanel.h"
#include "panels/PrivacyPanel.h"
#include "io/LabelSources.h"
#include "privacy/Mechanism.h"

#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

ExplorerSettings MainWindow::settings() const {
    ExplorerSettings s;
    for (const SettingsPanel* p : panels_) p->collect(s);
    s.perDataset = perDataset_;
    s.view = views_->tabText(views_->currentIndex()).toStdString();
    return s;
}

void MainWindow::applySettings(const ExplorerSettings& given) {
    ExplorerSettings s = given;
    if (s.dataset != loadedSpec_ || s.labels != loadedLabels_ || !controller_->dataset()) {
        auto ds = ExplorerController::loadDataset(s.dataset, s.labels);  // throws before anything changed
        controller_->setDataset(ds, s.dataset, s.labels);
        if (welcome_ && !welcome_->isHidden()) welcome_->dismiss();  // opened: the card has done its work (a failure leaves it)
        loadedSpec_ = s.dataset;
        loadedLabels_ = s.labels;
        dataset_->select(QString::fromStdString(s.dataset), QString::fromStdString(ds->name));
    }
    fillUndeclaredDegreeBound(s, *controller_->dataset());
    perDataset_ = s.perDataset;
    for (SettingsPanel* p : panels_) p->apply(s);
    banner_->setVisible(s.mechanism.referenceMode);
    strip_->follow();
}

// The one path of every change of settings (SettingsChange.h says what each kind of change means).
void MainWindow::apply(const ExplorerSettings& wanted, ChangeOrigin origin) {
    const ChangePlan plan = planChange(session_->committed(), wanted, origin, rules_);
    applySettings(plan.settings);  // loads its data set if another (throws before anything changed)
    if (plan.notice != SettingsNotice::None) sayNotice(settingsNoticeText(plan.notice, plan.settings));
    if (plan.undoStep) {
        session_->commit(settings());
    } else {
        session_->setCommitted(settings());
        session_->autosave(settings());
    }
    switch (plan.recompute) {
    case Recompute::Nothing: break;
    case Recompute::AtEpsilon: views_->epsilonCommitted(); break;
    case Recompute::SweepDebounced: debounce_->start(); break;
    case Recompute::SweepNow: startRecompute(); break;
    }
    // ρ, the report and the previews follow the change at once (or say what they wait for), not when the sweep ends;
    // at start-up nothing is computed yet, and the report says so already
    if (plan.recompute != Recompute::Nothing && origin != ChangeOrigin::Startup) refreshEpsilonDependents();
    if (plan.ensureSweep) ensureComputing();
}

ExplorerSettings MainWindow::onDataset(ExplorerSettings s, const std::string& dataset) {
    s.labels = labelsFor(dataset);  // the labels chosen for it, as when opened
    const bool loaded = dataset == loadedSpec_ && s.labels == loadedLabels_ && controller_->dataset();
    auto ds = loaded ? controller_->dataset() : ExplorerController::loadDataset(dataset, s.labels);  // once: applySettings keeps it
    s.dataset = dataset;
    applyDatasetChoices(s, *ds);  // its own D and protocol, as when opened
    if (!loaded) {
        controller_->setDataset(ds, dataset, s.labels);
        loadedSpec_ = dataset;
        loadedLabels_ = s.labels;
        dataset_->select(QString::fromStdString(dataset), QString::fromStdString(ds->name));
    }
    return s;
}

QString MainWindow::restoreLastSession() {
    QString missing, unreadable;
    ExplorerSettings s = session_->restoreAutosave(&missing);
    const bool fresh = s == ExplorerSettings{};
    giveTheGinAGraphMechanism(s, tr("The last session's GIN trains on released graphs, not on densities"));
    try {
        applySettings(s);
    } catch (const std::exception& e) {  // the data set is there but no longer loads: start from the defaults
        unreadable = QString::fromStdString(s.dataset) + ": " + QString::fromStdString(e.what());
        s = ExplorerSettings{};
        applySettings(s);
    }
    if (fresh || !missing.isEmpty() || !unreadable.isEmpty()) {  // the default data set's own D and protocol
        applyDatasetChoices(s, *controller_->dataset());
        applySettings(s);
    }
    showView(s.view);
    restored_ = true;
    if (!missing.isEmpty()) return tr("The last session's data set %1 is no longer there; opened the built-in default instead").arg(missing);
    if (!unreadable.isEmpty()) return tr("The last session's data set cannot be loaded (%1); opened the built-in default instead").arg(unreadable);
    return {};
}

void MainWindow::restoreSettings(const ExplorerSettings& s) {
    try {
        apply(s, ChangeOrigin::Undo);  // reloads the data set only if it changed
    } catch (const std::exception& e) {  // e.g. undo back to a data set whose files were deleted meanwhile
        statusBar()->showMessage(tr("Cannot go back to data set %1: %2").arg(QString::fromStdString(s.dataset), QString::fromStdString(e.what())), 15000);
    }
}

bool MainWindow::samePatternsAndData(const ExplorerSettings& a, const ExplorerSettings& b) {
    return a.dataset == b.dataset && a.labels == b.labels && a.patternClass == b.patternClass && a.d == b.d && a.maxSize == b.maxSize &&
           a.sizeMean == b.sizeMean && a.connected == b.connected && a.keepDuplicates == b.keepDuplicates &&
           a.patternSeed == b.patternSeed;
}

QString MainWindow::chosenLabels(const QString& path) const {
    const auto mine = perDataset_.find(path.toStdString());
    if (mine != perDataset_.end() && !mine->second.labels.empty()) return QString::fromStdString(mine->second.labels);
    return path.startsWith("builtin:") ? QString() : session_->chosenLabels(path);
}

std::string MainWindow::labelsFor(const std::string& dataset) const {
    const QString chosen = chosenLabels(QString::fromStdString(dataset));
    return chosen.isEmpty() ? std::string("auto") : chosen.toStdString();
}

bool MainWindow::openDataset(const QString& path, const QString& labels, std::shared_ptr<const px::Dataset> read) {
    try {
        ExplorerSettings s = settings();
        s.dataset = path.toStdString();
        s.labels = labels.isEmpty() ? labelsFor(s.dataset) : px::io::FolderLabels::parse(labels.toStdString()).describe();
        auto ds = read ? std::move(read) : ExplorerController::loadDataset(s.dataset, s.labels);
        applyDatasetChoices(s, *ds);  // its own D and protocol (or what was declared for it), not the last set's
        if (!labels.isEmpty()) perDataset_[s.dataset].labels = s.labels;  // chosen for it: kept for it
        s.perDataset = perDataset_;
        controller_->setDataset(ds, s.dataset, s.labels);
        if (welcome_ && !welcome_->isHidden()) welcome_->dismiss();  // it says the built-in data is behind it: no longer
        loadedSpec_ = s.dataset;
        loadedLabels_ = s.labels;
        dataset_->select(path, QString::fromStdString(ds->name));
        apply(s, ChangeOrigin::Dataset);
        for (const auto& w : ds->warnings) statusBar()->showMessage(QString::fromStdString(w), 6000);
        if (!path.startsWith("builtin:")) session_->addRecentFile(path);
        if (!path.startsWith("builtin:") && !labels.isEmpty()) session_->rememberLabels(path, QString::fromStdString(s.labels));
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot open data set"), QString::fromStdString(e.what()));
        return false;
    }
}

bool MainWindow::changeLabels(const QString& labels) {
    ExplorerSettings s = settings();
    try {
        s.labels = px::io::FolderLabels::parse(labels.toStdString()).describe();
        if (s.labels == loadedLabels_) return true;
        s.perDataset[s.dataset].labels = s.labels;
        apply(s, ChangeOrigin::Labels);  // reloads the data set with these labels (throws before anything changed); one undo step
        if (s.dataset.rfind("builtin:", 0) != 0) session_->rememberLabels(QString::fromStdString(s.dataset), QString::fromStdString(s.labels));
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot use these labels"), QString::fromStdString(e.what()));
        return false;
    }
    return true;
}
