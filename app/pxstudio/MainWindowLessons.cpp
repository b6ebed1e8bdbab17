// Lessons: Help ▸ Lessons plays a lesson file step by step in projector mode (Page Up / Page Down step).
#include "MainWindow.h"
#include "WelcomeCard.h"

#include "DepthWorkspace.h"
#include "EpsilonSlider.h"
#include "ExplorerViews.h"
#include "LessonPlayer.h"
#include "ProjectorStrip.h"
#include "SessionModel.h"
#include "ViewPresenter.h"
#include "panels/DatasetPanel.h"
#include "panels/LearnerPanel.h"
#include "panels/PatternsPanel.h"
#include "panels/PrivacyPanel.h"
#include "common/JsonInput.h"  // readRegularFile

#include <QAction>
#include <QComboBox>
#include <algorithm>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <qcustomplot.h>

QStringList MainWindow::shippedLessons() {
    QStringList paths;
    for (const QString& f : QDir(":/lessons").entryList({"*.json"}, QDir::Files, QDir::Name)) paths << ":/lessons/" + f;
    return paths;
}

Lesson::Names MainWindow::lessonNames() const {
    Lesson::Names names;
    for (int i = 0; i < views_->count(); ++i) names.views.push_back(views_->tabText(i).toStdString());
    for (const QString& p : views_->demoPairNames()) names.demoPairs.push_back(p.toStdString());
    names.depthRuns = {"cosera-grid", "sbm-sweep", "cosera-real", "nag", "accounting", "propagation", "asamp"};
    QTabWidget* depthViews = views_->depth()->views();
    for (int i = 0; i < depthViews->count(); ++i)
        if (!depthViews->widget(i)->objectName().isEmpty()) names.depthViews.push_back(depthViews->widget(i)->objectName().toStdString());
    return names;
}

std::vector<std::pair<QString, QString>> MainWindow::shippedLessonTitles() {
    std::vector<std::pair<QString, QString>> titled;
    for (const QString& path : shippedLessons()) {
        QFile f(path);
        QString title = QFileInfo(path).completeBaseName();
        if (f.open(QIODevice::ReadOnly)) {
            const auto lesson = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
            if (lesson.is_object() && lesson.value("title", nlohmann::json()).is_string()) title = QString::fromStdString(lesson["title"].get<std::string>());
        }
        titled.emplace_back(title, path);
    }
    return titled;
}

void MainWindow::buildLessonMenu(QMenu* help) {
    QMenu* lessons = help->addMenu(tr("&Lessons"));
    int number = 0;  // "&1 What a homomorphism density sees": numbered as --lesson NN and the welcome card number them
    for (const auto& [title, path] : shippedLessonTitles())
        lessons->addAction(QString("&%1 %2").arg(++number).arg(title), this, [this, path = path] { openLesson(path); });
    lessons->addSeparator();
    lessons->addAction(tr("Open lesson &file…"), this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open lesson"), {}, tr("PXStudio lesson (*.json)"));
        if (!p.isEmpty()) openLesson(p);
    });
    nextStep_ = new QAction(tr("Next lesson step"), this);
    nextStep_->setShortcut(QKeySequence(Qt::Key_PageDown));
    previousStep_ = new QAction(tr("Previous lesson step"), this);
    previousStep_->setShortcut(QKeySequence(Qt::Key_PageUp));
    for (QAction* a : {nextStep_, previousStep_}) {
        a->setEnabled(false);  // only while a lesson runs: elsewhere the keys are the slider's and the lists'
        addAction(a);
    }
    connect(nextStep_, &QAction::triggered, lessonPlayer_, &LessonPlayer::next);
    connect(previousStep_, &QAction::triggered, lessonPlayer_, &LessonPlayer::previous);
    connect(lessonPlayer_, &LessonPlayer::stepShown, this, &MainWindow::applyLessonStep);
    connect(lessonPlayer_, &LessonPlayer::stopped, this, [this] {
        for (QAction* a : {nextStep_, previousStep_}) a->setEnabled(false);
        restoreAfterLesson();
        statusBar()->showMessage(tr("Lesson ended: your own settings are back"), 4000);
    });
}

bool MainWindow::openLesson(const QString& path) {
    if (welcome_ && !welcome_->isHidden()) welcome_->dismiss();
    QFile f(path);
    try {
        std::string text;
        if (path.startsWith(":/")) {  // shipped inside the app (Qt's resources)
            if (!f.open(QIODevice::ReadOnly)) throw std::invalid_argument(path.toStdString() + ": cannot be read (" + f.errorString().toStdString() + ")");
            text = f.readAll().toStdString();
        } else {  // a regular file of at most 1 MiB: a FIFO would hang the window, /dev/zero fill the memory
            text = px::readRegularFile(path.toStdString(), std::size_t(1) << 20);
        }
        const Lesson lesson = Lesson::parse(text, path.toStdString(), lessonNames());
        for (QAction* a : {nextStep_, previousStep_}) a->setEnabled(true);
        lessonResults_.clear();
        if (!lessonPlayer_->running() || !beforeLesson_) {  // a lesson opened during another goes back to before the first
            QComboBox* pair = views_->distinguishabilityPlot()->parentWidget()->findChild<QComboBox*>();
            beforeLesson_ = BeforeLesson{settings(), views_->depth()->settings(), presenting_, views_->depth()->views()->currentIndex(),
                                         pair ? pair->currentText() : QString()};
        }
        lessonStart_ = beforeLesson_->settings;
        presentation_->setChecked(true);  // a lesson is for a room: projector mode
        lessonPlayer_->start(lesson);
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot open lesson"), QString::fromStdString(e.what()));
        return false;
    }
}

void MainWindow::restoreAfterLesson() {
    if (!beforeLesson_) return;
    const BeforeLesson before = *beforeLesson_;
    beforeLesson_.reset();
    lessonStart_.reset();
    presentation_->setChecked(before.projector);
    views_->depth()->applySettings(before.depth);
    views_->depth()->views()->setCurrentIndex(before.depthTab);
    if (!before.demoPair.isEmpty()) views_->selectDemoPair(before.demoPair);
    try {
        if (!(before.settings == settings())) {
            applySettings(before.settings);  // the data set too, if a step changed it
            session_->commit(settings());
            refreshEpsilonDependents();
            views_->epsilonCommitted();
        }
        ensureComputing();
    } catch (const std::exception& e) {  // the user's data set no longer loads (deleted during the lesson)
        statusBar()->showMessage(tr("Cannot go back to data set %1: %2").arg(QString::fromStdString(before.settings.dataset), e.what()), 15000);
    }
    showView(before.settings.view);
}

void MainWindow::setProjectorMode(bool on) { presentation_->setChecked(on); }

QWidget* MainWindow::lessonTarget(const std::string& key) const {
    if (key == "dataset") return presenting_ ? strip_->datasetPicker() : dataset_->picker();
    if (key == "class") return presenting_ ? strip_->classPicker() : patterns_->classPicker();
    if (key == "epsilon") return presenting_ ? static_cast<QWidget*>(strip_->slider()) : privacy_->slider();
    if (key == "learner") return presenting_ ? nullptr : learner_;
    if (key == "view") return views_->tabBar();
    return nullptr;
}

void MainWindow::applyLessonStep(int index) {
    const LessonStep& step = lessonPlayer_->lesson().steps[std::size_t(index)];
    try {
        // A step's settings are the lesson's start with every step up to it merged in, in order: the same whether it is
        // reached forward or back (Page Up from a step that changed the data set goes back to the earlier data set).
        const Lesson& lesson = lessonPlayer_->lesson();
        ExplorerSettings base = lessonStart_.value_or(settings());
        const std::string dataset = settingsAtStep(base, lesson, index).dataset;
        if (dataset != base.dataset) {
            base.labels = labelsFor(dataset);  // the labels chosen for it, as when opened
            const bool loaded = dataset == loadedSpec_ && base.labels == loadedLabels_ && controller_->dataset();
            auto ds = loaded ? controller_->dataset() : ExplorerController::loadDataset(dataset, base.labels);  // once: applySettings keeps it
            base.dataset = dataset;  // its own D and protocol, as when opened; then the steps' own fields
            applyDatasetChoices(base, *ds);
            if (!loaded) {
                controller_->setDataset(ds, dataset, base.labels);
                loadedSpec_ = dataset;
                loadedLabels_ = base.labels;
                dataset_->select(QString::fromStdString(dataset), QString::fromStdString(ds->name));
            }
        }
        const ExplorerSettings wanted = settingsAtStep(base, lesson, index);
        if (!(wanted == settings())) {
            applySettings(wanted);  // loads another data set if the step names one; throws before anything changed
            session_->commit(settings());
            refreshEpsilonDependents();
            views_->epsilonCommitted();
        }
        // Whatever changed (even only the data set, loaded above): the sweep of the step's settings runs or is on screen.
        ensureComputing();
    } catch (const std::exception& e) {
        statusBar()->showMessage(tr("This lesson step cannot be shown: %1").arg(QString::fromStdString(e.what())), 15000);
    }
    if (step.depthTrials > 0) {
        DepthSettings d = views_->depth()->settings();
        d.trials = step.depthTrials;
        views_->depth()->applySettings(d);
    }
    // queued before the depth lab is shown: a first visit would otherwise run every experiment
    if (!step.depthRun.empty()) views_->depth()->run(step.depthRun);
    if (!step.view.empty()) showView(step.view);
    if (!step.demoPair.empty()) views_->selectDemoPair(QString::fromStdString(step.demoPair));
    if (!step.depthView.empty())
        for (int i = 0; i < views_->depth()->views()->count(); ++i)
            if (views_->depth()->views()->widget(i)->objectName().toStdString() == step.depthView) views_->depth()->views()->setCurrentIndex(i);
    lessonPlayer_->pointAt(lessonTarget(step.highlight), this);
    lessonPlayer_->setWaiting(tr("Computing this step's result… the views say which settings they show until it is in."));
    updateLessonWaiting();
}

void MainWindow::updateLessonWaiting() {
    if (!lessonPlayer_->running() || !lessonPlayer_->waiting()) return;
    QString name = views_->viewName(views_->currentWidget());
    if (name.isEmpty() && views_->currentWidget()) name = views_->viewName(views_->currentWidget()->findChild<QCustomPlot*>());
    if (name.isEmpty()) name = "tradeoff";  // a view without a state of its own (the depth lab): the main result
    const ViewStatus status = views_->presenter()->status(name);
    // done: current, failed, or with nothing to show for these settings (not: not computed yet, about to start)
    if (status.state != ViewState::Current && status.state != ViewState::Failed && !status.nothingToShow) return;
    // The step's result, and what the step says about it (against the previous step's, for κ): the claims read the
    // trade-off, so they wait for it too
    const int step = lessonPlayer_->step();
    const auto& claims = lessonPlayer_->lesson().steps[std::size_t(step)].expect;
    const ViewState tradeoff = views_->presenter()->status("tradeoff").state;  // as last decided: presenting here would re-enter
    const auto settled = [](ViewState s) { return s == ViewState::Current || s == ViewState::Failed; };
    const bool aboutDemo = std::any_of(claims.begin(), claims.end(), [](const LessonClaim& c) { return c.aboutDemo(); });
    const bool aboutCurve = std::any_of(claims.begin(), claims.end(), [](const LessonClaim& c) { return !c.aboutDemo(); });
    const ViewState demo = views_->presenter()->status("demo").state;
    if ((aboutCurve && !settled(tradeoff)) || (aboutDemo && !settled(demo))) return;
    lessonPlayer_->setWaiting({});
    const bool tradeoffCurrent = tradeoff == ViewState::Current;
    if (tradeoffCurrent && controller_->result()) lessonResults_[step] = std::make_shared<const px::experiment::SweepResult>(*controller_->result());
    QStringList wrong;
    if (aboutDemo) {
        if (demo != ViewState::Current) wrong << tr("the demo could not be computed (%1)").arg(QString::fromStdString(views_->presenter()->status("demo").note));
        else
            for (const std::string& w : falseDemoClaims(claims, views_->demoResult())) wrong << QString::fromStdString(w);
    }
    if (aboutCurve) {
        auto previous = lessonResults_.find(step - 1);
        if (!tradeoffCurrent || !controller_->result()) wrong << tr("its result could not be computed (%1)").arg(QString::fromStdString(
                                                                    views_->presenter()->status("tradeoff").note));
        else
            for (const std::string& w : falseLessonClaims(claims, *controller_->result(), previous == lessonResults_.end() ? nullptr : previous->second.get()))
                wrong << QString::fromStdString(w);
    }
    lessonPlayer_->setVerdict(wrong, !claims.empty());
}
