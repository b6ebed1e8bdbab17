// Lessons: Help ▸ Lessons plays a lesson file step by step in projector mode (LessonController.h).
#include "LessonController.h"

#include "DepthWorkspace.h"
#include "ExplorerController.h"
#include "ExplorerViews.h"
#include "LessonExpect.h"
#include "LessonPlayer.h"
#include "ViewKeys.h"
#include "ViewPresenter.h"
#include "common/JsonInput.h"  // readRegularFile

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <algorithm>
#include <exception>
#include <qcustomplot.h>

LessonController::LessonController(Window window, QObject* parent) : QObject(parent), w_(std::move(window)) {}

QStringList LessonController::shipped() {
    QStringList paths;
    for (const QString& f : QDir(":/lessons").entryList({"*.json"}, QDir::Files, QDir::Name)) paths << ":/lessons/" + f;
    return paths;
}

QString LessonController::findShipped(const QString& numberOrName) {
    if (numberOrName.isEmpty()) return {};
    bool isNumber = false;
    const int number = numberOrName.toInt(&isNumber);
    for (const QString& path : shipped()) {
        const QString file = QFileInfo(path).fileName();
        if (isNumber ? file.section('-', 0, 0).toInt() == number : file.startsWith(numberOrName)) return path;
    }
    return {};
}

std::vector<std::pair<QString, QString>> LessonController::shippedTitles() {
    std::vector<std::pair<QString, QString>> titled;
    for (const QString& path : shipped()) {
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

Lesson::Names LessonController::names() const {
    Lesson::Names names;
    for (int i = 0; i < w_.views->count(); ++i) names.views.push_back(w_.views->tabText(i).toStdString());
    for (const QString& p : w_.views->demoPairNames()) names.demoPairs.push_back(p.toStdString());
    names.depthRuns = {"cosera-grid", "sbm-sweep", "cosera-real", "nag", "accounting", "propagation", "asamp"};
    QTabWidget* depthViews = w_.views->depth()->views();
    for (int i = 0; i < depthViews->count(); ++i)
        if (!depthViews->widget(i)->objectName().isEmpty()) names.depthViews.push_back(depthViews->widget(i)->objectName().toStdString());
    return names;
}

void LessonController::addMenu(QMenu* help) {
    QMenu* lessons = help->addMenu(tr("&Lessons"));
    int number = 0;  // "&1 What a homomorphism density sees": numbered as --lesson NN and the welcome card number them
    for (const auto& [title, path] : shippedTitles())
        lessons->addAction(QString("&%1 %2").arg(++number).arg(title), this, [this, path = path] { open(path); });
    lessons->addSeparator();
    resume_ = lessons->addAction(tr("&Resume the lesson ended before its last step"), this, [this] {
        const int step = resumeStep_;
        if (open(resumePath_) && step < int(w_.player->lesson().steps.size())) w_.player->showStep(step);
    });
    resume_->setEnabled(false);
    lessons->addAction(tr("Open lesson &file…"), this, [this] {
        const QString p = QFileDialog::getOpenFileName(w_.window, tr("Open lesson"), {}, tr("PXStudio lesson (*.json)"));
        if (!p.isEmpty()) open(p);
    });
    nextStep_ = new QAction(tr("Next lesson step"), w_.window);
    nextStep_->setShortcut(QKeySequence(Qt::Key_PageDown));
    previousStep_ = new QAction(tr("Previous lesson step"), w_.window);
    previousStep_->setShortcut(QKeySequence(Qt::Key_PageUp));
    for (QAction* a : {nextStep_, previousStep_}) {
        a->setEnabled(false);  // only while a lesson runs: elsewhere the keys are the slider's and the lists'
        w_.window->addAction(a);
    }
    connect(nextStep_, &QAction::triggered, w_.player, &LessonPlayer::next);
    connect(previousStep_, &QAction::triggered, w_.player, &LessonPlayer::previous);
    connect(w_.player, &LessonPlayer::stepShown, this, &LessonController::applyStep);
    connect(w_.player, &LessonPlayer::stopped, this, [this] {
        for (QAction* a : {nextStep_, previousStep_}) a->setEnabled(false);
        const Lesson& lesson = w_.player->lesson();
        const int step = w_.player->step();
        restore();
        if (step + 1 < int(lesson.steps.size())) offerResume(lesson, step);
        else say(tr("Lesson ended: your own settings are back"), 4000);
    });
}

void LessonController::offerResume(const Lesson& lesson, int step) {
    resumePath_ = playingPath_;
    resumeStep_ = step;
    resume_->setText(tr("&Resume “%1” at step %2").arg(QString::fromStdString(lesson.title)).arg(step + 1));
    resume_->setEnabled(true);
    const QString hint = tr("Lesson ended at step %1 of %2: your own settings are back. Help ▸ Lessons ▸ Resume goes back to that step.")
                             .arg(step + 1).arg(lesson.steps.size());
    say(hint, 15000);
    // said again once the user's own settings are on screen: their sweep's "Done" replaced it at once (a new user never
    // saw it); not when that is long after, nor once the lesson was resumed or another opened
    QElapsedTimer since;
    since.start();
    connect(w_.controller, &ExplorerController::finished, this, [this, hint, since] {
        if (resume_->isEnabled() && since.elapsed() < 60000) say(hint, 15000);
    }, Qt::SingleShotConnection);
}

bool LessonController::open(const QString& path) {
    QFile f(path);
    try {
        std::string text;
        if (path.startsWith(":/")) {  // shipped inside the app (Qt's resources)
            if (!f.open(QIODevice::ReadOnly)) throw std::invalid_argument(path.toStdString() + ": cannot be read (" + f.errorString().toStdString() + ")");
            text = f.readAll().toStdString();
        } else {  // a regular file of at most 1 MiB: a FIFO would hang the window, /dev/zero fill the memory
            text = px::readRegularFile(path.toStdString(), std::size_t(1) << 20);
        }
        const Lesson lesson = Lesson::parse(text, path.toStdString(), names());
        for (QAction* a : {nextStep_, previousStep_}) a->setEnabled(true);
        if (resume_) resume_->setEnabled(false);  // another start: nothing left to resume
        playingPath_ = path;
        results_.clear();
        comparing_ = comparedFor_ = -1;
        if (!w_.player->running() || !before_) {  // a lesson opened during another goes back to before the first
            QComboBox* pair = w_.views->distinguishabilityPlot()->parentWidget()->findChild<QComboBox*>();
            before_ = Before{w_.settings(), w_.views->depth()->settings(), w_.projector->isChecked(),
                             w_.views->depth()->views()->currentIndex(), pair ? pair->currentText() : QString()};
        }
        // Every lesson starts from the app's defaults, not from what the user had: a step shows what its author saw
        // (a user's d = 300 made a 300-bar wall of lesson 2's noise anatomy). The user's own come back when it ends.
        start_ = ExplorerSettings{};
        w_.projector->setChecked(true);  // a lesson is for a room: projector mode
        w_.player->start(lesson);
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(w_.window, tr("Cannot open lesson"), QString::fromStdString(e.what()));
        return false;
    }
}

void LessonController::restore() {
    if (!before_) return;
    const Before before = *before_;
    before_.reset();
    start_.reset();
    w_.projector->setChecked(before.projector);
    w_.views->depth()->applySettings(before.depth);
    w_.views->depth()->views()->setCurrentIndex(before.depthTab);
    if (!before.demoPair.isEmpty()) w_.views->selectDemoPair(before.demoPair);
    try {
        w_.show(before.settings);  // the data set too, if a step changed it
    } catch (const std::exception& e) {  // the user's data set no longer loads (deleted during the lesson)
        say(tr("Cannot go back to data set %1: %2").arg(QString::fromStdString(before.settings.dataset), e.what()), 15000);
    }
    w_.showView(before.settings.view);
}

void LessonController::applyStep(int index) {
    const Lesson& lesson = w_.player->lesson();
    const LessonStep& step = lesson.steps[std::size_t(index)];
    // A claim about κ against the previous step needs that step's result: a lesson resumed at this step, or stepped
    // through faster than its sweeps, has none (it was judged false, "from nan"). The previous step's settings are
    // computed first (the band says so), then this step's.
    const bool aboutKappa = std::any_of(step.expect.begin(), step.expect.end(), [](const LessonClaim& c) { return !c.kappa.empty(); });
    comparing_ = aboutKappa && index > 0 && !results_.count(index - 1) && comparedFor_ != index ? index : -1;
    if (comparing_ >= 0) comparedFor_ = index;  // once: a previous step that cannot be computed is not tried again
    const int shown = comparing_ >= 0 ? index - 1 : index;
    try {
        // A step's settings are the lesson's start with every step up to it merged in, in order: the same whether it is
        // reached forward or back (Page Up from a step that changed the data set goes back to the earlier data set).
        ExplorerSettings base = start_.value_or(w_.settings());
        const std::string dataset = settingsAtStep(base, lesson, shown).dataset;
        // its own D and protocol, then the steps' fields: also for the defaults a lesson starts from (their D = 20 is
        // no data set's, and on the built-in data, whose largest degree is 12, drew other curves than the app does)
        if (dataset != base.dataset || start_) base = w_.onDataset(base, dataset);
        // Whatever changed (even only the data set, loaded above): the sweep of the step's settings runs or is on screen.
        w_.show(settingsAtStep(base, lesson, shown));
    } catch (const std::exception& e) {
        say(tr("This lesson step cannot be shown: %1").arg(QString::fromStdString(e.what())), 15000);
    }
    showDepthOfStep(step);
    if (!step.view.empty()) w_.showView(step.view);
    if (!step.demoPair.empty()) w_.views->selectDemoPair(QString::fromStdString(step.demoPair));
    if (!step.depthView.empty())
        for (int i = 0; i < w_.views->depth()->views()->count(); ++i)
            if (w_.views->depth()->views()->widget(i)->objectName().toStdString() == step.depthView) w_.views->depth()->views()->setCurrentIndex(i);
    w_.player->pointAt(w_.control(step.highlight), w_.window);
    w_.player->setWaiting(comparing_ >= 0 ? tr("Computing the previous step's result first, to compare κ with it… the views say which settings they show.")
                                          : tr("Computing this step's result… the views say which settings they show until it is in."));
    updateWaiting();
}

void LessonController::showDepthOfStep(const LessonStep& step) {
    if (step.depthTrials > 0) {
        DepthSettings d = w_.views->depth()->settings();
        d.trials = step.depthTrials;
        w_.views->depth()->applySettings(d);
    }
    // queued before the depth lab is shown: a first visit would otherwise run every experiment
    if (!step.depthRun.empty()) w_.views->depth()->run(step.depthRun);
}

void LessonController::updateWaiting() {
    LessonPlayer* player = w_.player;
    ExplorerViews* views = w_.views;
    if (!player->running() || !player->waiting()) return;
    if (comparing_ >= 0) {  // the previous step's result, for this step's κ: then this step's own settings
        const ViewState tradeoff = views->presenter()->status("tradeoff").state;
        const bool isIn = w_.controller->resultOf(w_.settings()) != nullptr;
        if (!(tradeoff == ViewState::Current && isIn) && tradeoff != ViewState::Failed) return;
        const int step = comparing_;
        comparing_ = -1;
        if (isIn) results_[step - 1] = std::make_shared<const px::experiment::SweepResult>(*w_.controller->result());
        applyStep(step);
        return;
    }
    QString name = views->viewName(views->currentWidget());
    if (name.isEmpty() && views->currentWidget()) name = views->viewName(views->currentWidget()->findChild<QCustomPlot*>());
    if (name.isEmpty()) name = "tradeoff";  // a view without a state of its own (the depth lab): the main result
    const ViewStatus status = views->presenter()->status(name);
    // done: current, failed, or with nothing to show for these settings (not: not computed yet, about to start)
    if (status.state != ViewState::Current && status.state != ViewState::Failed && !status.nothingToShow) return;
    // a step that runs a depth-lab experiment waits for the plot it shows (the band said the step was ready while
    // its NAG plot was still empty)
    const LessonStep& shown = player->lesson().steps[std::size_t(player->step())];
    if (!shown.depthRun.empty() && views->currentWidget() == views->depth()) {
        const QCustomPlot* plot = views->depth()->currentPlot();
        const ViewState lab = plot ? views->depth()->presenter()->status(plot->objectName()).state : ViewState::Failed;
        // while the lab computes (a lesson whose view is not its run's would otherwise wait for ever)
        if (lab != ViewState::Current && lab != ViewState::Failed && views->depth()->busy()) return;
    }
    // The step's result, and what the step says about it (against the previous step's, for κ): the claims read the
    // trade-off, so they wait for it too
    const int step = player->step();
    const auto& claims = player->lesson().steps[std::size_t(step)].expect;
    const ViewState tradeoff = views->presenter()->status("tradeoff").state;  // as last decided: presenting here would re-enter
    const auto settled = [](ViewState s) { return s == ViewState::Current || s == ViewState::Failed; };
    const bool aboutDemo = std::any_of(claims.begin(), claims.end(), [](const LessonClaim& c) { return c.aboutDemo(); });
    const bool aboutCurve = std::any_of(claims.begin(), claims.end(), [](const LessonClaim& c) { return !c.aboutDemo(); });
    const ViewState demo = views->presenter()->status("demo").state;
    if ((aboutCurve && !settled(tradeoff)) || (aboutDemo && !settled(demo))) return;
    player->setWaiting({});
    if (tradeoff == ViewState::Current && w_.controller->result())
        results_[step] = std::make_shared<const px::experiment::SweepResult>(*w_.controller->result());
    player->setVerdict(falseClaims(claims, step, tradeoff, demo), !claims.empty());
}

// What the step says that its result (and the demo's) does not bear out, in words; empty if every claim holds.
QStringList LessonController::falseClaims(const std::vector<LessonClaim>& claims, int step, ViewState tradeoff, ViewState demo) {
    ViewPresenter* presenter = w_.views->presenter();
    const bool aboutDemo = std::any_of(claims.begin(), claims.end(), [](const LessonClaim& c) { return c.aboutDemo(); });
    const bool aboutCurve = std::any_of(claims.begin(), claims.end(), [](const LessonClaim& c) { return !c.aboutDemo(); });
    QStringList wrong;
    if (aboutDemo) {
        if (demo != ViewState::Current)
            wrong << tr("the demo could not be computed (%1)").arg(QString::fromStdString(presenter->status("demo").note));
        else
            for (const std::string& w : falseDemoClaims(claims, w_.views->demoResult())) wrong << QString::fromStdString(w);
    }
    if (aboutCurve) {
        const auto previous = results_.find(step - 1);
        const auto* result = w_.controller->result();
        if (tradeoff != ViewState::Current || !result)
            wrong << tr("its result could not be computed (%1)").arg(QString::fromStdString(presenter->status("tradeoff").note));
        else
            for (const std::string& w : falseLessonClaims(claims, *result, previous == results_.end() ? nullptr : previous->second.get()))
                wrong << QString::fromStdString(w);
    }
    return wrong;
}

void LessonController::say(const QString& message, int milliseconds) const {
    w_.window->statusBar()->showMessage(message, milliseconds);
}
