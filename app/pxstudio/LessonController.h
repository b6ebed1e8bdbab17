#pragma once
// Help ▸ Lessons: a lesson file played step by step in projector mode (Page Up / Page Down step). Each step's
// settings are the lesson's start with every step up to it merged in (settingsAtStep, Lesson.h), shown as one undo
// step; once the step's views are current its claims are judged (LessonExpect.h); when the lesson ends the user's
// own settings, views and mode come back as they were before it started. LessonPlayer.h draws the band.
#include "DepthSettings.h"
#include "ExplorerSettings.h"
#include "Lesson.h"
#include "ViewState.h"

#include <QObject>
#include <QString>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QAction;
class QMainWindow;
class QMenu;
class QWidget;
class ExplorerController;
class ExplorerViews;
class LessonPlayer;
namespace px::experiment { struct SweepResult; }

class LessonController : public QObject {
    Q_OBJECT
public:
    // What a lesson uses of the window it plays in.
    struct Window {
        QMainWindow* window;  // parent of the dialogs, its status bar, and where Page Up / Page Down answer
        ExplorerViews* views;
        ExplorerController* controller;
        LessonPlayer* player;
        QAction* projector;  // View ▸ Presentation mode (checkable): a lesson is for a room
        std::function<ExplorerSettings()> settings;
        // Shows s as one undo step (its data set loaded if another; throws before anything changed), then makes sure
        // its sweep runs or is on screen.
        std::function<void(const ExplorerSettings&)> show;
        // s on `dataset`, with the label source, D and protocol it gets when opened; the data set loaded (once).
        std::function<ExplorerSettings(ExplorerSettings s, const std::string& dataset)> onDataset;
        std::function<QWidget*(const std::string& key)> control;  // the control a step points at, null for none
        std::function<void(const std::string& title)> showView;
    };
    explicit LessonController(Window window, QObject* parent = nullptr);

    void addMenu(QMenu* help);  // Help ▸ Lessons, and the step keys (enabled while a lesson runs)
    // Plays a lesson file (a resource ":/lessons/…" or a file), in projector mode. Errors in a dialog, naming the
    // field; false then.
    bool open(const QString& path);
    static QStringList shipped();  // the lessons compiled into the app, in order
    // The shipped lesson a command line names: by its number ("4", "04") or the start of its file name
    // ("04-attacks"); empty when none matches.
    static QString findShipped(const QString& numberOrName);
    static std::vector<std::pair<QString, QString>> shippedTitles();  // (title, path) of each
    Lesson::Names names() const;  // what a lesson may name: views, demo pairs, depth experiments and views
    void updateWaiting();  // the band's "computing" line goes once the step's view is current; then the claims
    // The user's own settings while a lesson borrows the window (given back when it ends); none otherwise.
    std::optional<ExplorerSettings> usersOwnSettings() const { return before_ ? std::optional(before_->settings) : std::nullopt; }

private:
    void applyStep(int index);
    void showDepthOfStep(const LessonStep& step);  // the depth lab's trials, experiment and view a step names
    // What the step's claims say that its result (`tradeoff`) and the demo's do not bear out; empty if all hold.
    QStringList falseClaims(const std::vector<LessonClaim>& claims, int step, ViewState tradeoff, ViewState demo);
    // The lesson ended (its last step, End, Escape): the user's own settings, views and mode come back as they were
    // before it started, one undo step.
    void restore();
    void say(const QString& message, int milliseconds) const;  // in the window's status bar

    Window w_;
    QAction *nextStep_ = nullptr, *previousStep_ = nullptr;
    // Help ▸ Lessons ▸ Resume: a lesson ended before its last step (an Escape in front of a room) goes on where it was
    QAction* resume_ = nullptr;
    QString playingPath_, resumePath_;
    int resumeStep_ = -1;
    void offerResume(const Lesson& lesson, int step);  // after an end before the last step; names it in the status bar
    std::map<int, std::shared_ptr<const px::experiment::SweepResult>> results_;  // each step's result, for its claims
    int comparing_ = -1;    // the step whose previous step's settings are computed first (for κ); -1: none
    int comparedFor_ = -1;  // the last step that did so (once per showing)
    std::optional<ExplorerSettings> start_;  // the app's defaults while a lesson plays: every step is merged into them
    // What the user had on screen before the first lesson of a run of lessons: given back when it ends
    struct Before {
        ExplorerSettings settings;
        DepthSettings depth;
        bool projector = false;
        int depthTab = 0;
        QString demoPair;
    };
    std::optional<Before> before_;
};
