#pragma once
// PXStudio main window. It only composes: the settings panels in a dock on the left (data set,
// patterns, privacy, learner, report), the views on the right (ExplorerViews), the session model
// (undo, autosave, recent files), and progress with one Cancel for all background work in the status
// bar. Every change of settings, whatever made it, goes through apply (SettingsChange.h decides what it
// needs); moving the ε slider before letting go only moves the plot marker and refreshes the report.
#include "DepthSettings.h"
#include "ExplorerController.h"
#include "ExplorerSettings.h"
#include "FigureExport.h"
#include "Lesson.h"
#include "SettingsChange.h"
#include "SettingsRules.h"

#include <QMainWindow>
#include <functional>
#include <map>
#include <optional>
#include <utility>
#include <vector>

class QLabel;
class QMenu;
class QTimer;
class QUndoStack;
class QCustomPlot;
class DatasetPanel;
class DepthWorkspace;
class ExportController;
class ExplorerViews;
class LearnerPanel;
class PatternsPanel;
class PrivacyPanel;
class HelpController;
class HelpWindow;
class PresentationMode;
class LessonController;
class LessonPlayer;
class QAction;
class ProjectorStrip;
class ReportPanel;
class SessionModel;
class SettingsPanel;
class WelcomeCard;
class WorkIndicator;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a data set folder or file (errors in a dialog, nothing lost). `labels`: the label source
    // (io::FolderLabels spec); empty: the one last chosen for this data set, else auto. `read`: the data set as a
    // preview already read it with those labels (not read again), else null.
    bool openDataset(const QString& path, const QString& labels = {}, std::shared_ptr<const px::Dataset> read = nullptr);
    // The label source of the data set on screen changed (the Labels… button's import dialog): reloads it and
    // recomputes, one undo step; errors in a dialog, the settings unchanged then.
    bool changeLabels(const QString& labels);
    // The label source last chosen for `dataset` (in this session, else remembered with the recent files), else "auto".
    std::string labelsFor(const std::string& dataset) const;
    // The import dialog (ImportDialog.h) for `path`, then openDataset with the source chosen there (File ▸ Open).
    bool importDataset(const QString& path);
    // A recent entry: a session, or a data set reopened with the label source chosen for it last time, without
    // asking; never chosen and ambiguous (io::labelChoiceIsAmbiguous), through the import dialog as File ▸ Open.
    bool openRecent(const QString& path);
    // A path given on the command line: opened directly (no dialog) with `labels` if given (--labels), else the
    // source chosen last time, else the automatic one; when that is ambiguous, the status bar says so.
    bool openFromCommandLine(const QString& path, const QString& labels = {});
    bool openSession(const QString& path);
    bool saveSession(const QString& path);
    bool saveSweepSpec(const QString& path);
    // File ▸ Export, as ExportController.h says (the tests call them on the window).
    bool exportAllViews(const QString& folder);
    QString exportAllFolder(const QString& chosen) const;
    bool exportView(QCustomPlot* plot, const QString& path, const px::widgets::FigureSize& size, bool sidecars);
    QString suggestedExportName(const QCustomPlot* plot) const;
    ExplorerSettings settings() const;
    // Fills the panels with s (loading its data set if it is not the one loaded): apply's first step, without an
    // undo step or a computation. Throws when the data set cannot be loaded, and then nothing has changed.
    void applySettings(const ExplorerSettings& s);
    ExplorerController* controller() { return controller_; }
    // Anything still to come on screen: a debounced recompute, the main computation, a view's own computation.
    bool busyAnywhere() const;
    ExplorerController* expressivityController();
    ExplorerController* dimensionController();
    QString autosavePath() const;
    QUndoStack* undoStack();
    DepthWorkspace* depthWorkspace();
    QStringList recentFiles() const;
    // The one path of a change of settings: shows `wanted` as SettingsChange.h plans it for its origin (the rules, an
    // undo step or not, the sweep again or the views at ε only). Throws when its data set cannot be loaded, and then
    // nothing has changed.
    void apply(const ExplorerSettings& wanted, ChangeOrigin origin);
    // Undo or redo: apply with no new undo step; a data set that no longer loads is said in the status bar.
    void restoreSettings(const ExplorerSettings& s);
    // Resets the setting behind a control (or its label, or its text field) to the default.
    void resetControl(QObject* target);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // a double click resets a control
    void keyPressEvent(QKeyEvent* event) override;   // Escape nobody took: closes the welcome card, else ends a lesson

private:
    QWidget* buildPanels();
    QWidget* lessonTarget(const std::string& key) const;  // the control a lesson step points at
    // s on `dataset`, with the label source, D and protocol it gets when opened; the data set loaded (once).
    ExplorerSettings onDataset(ExplorerSettings s, const std::string& dataset);
    void buildMenus();
    void refreshRecentMenu();
    void installResets(SettingsPanel* panel);
    void connectController();
    QString restoreLastSession();  // what the user should know about it (a data set gone), or empty
    // Every view says again whether it shows the current settings (ViewPresenter), the report panel too.
    void markStale();
    void presentReport();  // the report panel's state and note (MainWindowReport.cpp)
    void registerReport();  // the report panel as a view of the presenter
    void showReportMessage(const QString& html);  // a message in the report panel in place of a report
    void showView(const std::string& title);  // the tab of that title, if there is one
    void refreshEpsilonDependents();
    static bool samePatternsAndData(const ExplorerSettings& a, const ExplorerSettings& b);
    // A GIN trains on released graphs: under a density mechanism it gets randomized response, and the status bar
    // (now and when the sweep ends) says so, naming `why`. False if nothing had to change.
    bool giveTheGinAGraphMechanism(ExplorerSettings& s, const QString& why);
    // A notice in the status bar, now and again when the sweep the change starts ends.
    void sayNotice(const QString& notice);
    // The label source chosen for `path` (this session's, else the one remembered with the recent files); "" if none.
    QString chosenLabels(const QString& path) const;
    QString settingsNoticeText(SettingsNotice notice, const ExplorerSettings& now) const;
    void startRecompute();
    // Starts the main computation unless it runs for the current settings or its result is theirs.
    void ensureComputing();
    void refreshReport();
    QWidget* buildProjectorStrip();
    void setRhoText(const QString& text);  // under both ε sliders
    QString rhoTextBeforeReport() const;

public:
    // The user guide, as HelpController.h says (the tests call them on the window).
    QString helpPageForFocus() const;
    HelpWindow* showHelp(const QString& page);
    // Lessons, as LessonController.h says (the welcome card's first: it closes the card).
    bool openLesson(const QString& path);
    static QStringList shippedLessons();
    static std::vector<std::pair<QString, QString>> shippedLessonTitles();
    // The first-start page (WelcomeCard.h): shown at the first start and while its box says so, and from Help.
    void showWelcome();
    WelcomeCard* welcomeCard() const { return welcome_; }
    void chooseDataset();  // File ▸ Open data set: a folder dialog, then the import dialog (importDataset)
    void chooseDatasetFile();  // File ▸ Open data set file: a file dialog, then the import dialog
    LessonPlayer* lessonPlayer() const { return lessonPlayer_; }
    void setProjectorMode(bool on);  // as F11 does
    bool projectorMode() const;
    Lesson::Names lessonNames() const;

private:

    SessionModel* session_;
    ExplorerController* controller_;
    ExplorerViews* views_;
    DatasetPanel* dataset_;
    PatternsPanel* patterns_;
    PrivacyPanel* privacy_;
    LearnerPanel* learner_;
    ReportPanel* report_;
    std::vector<SettingsPanel*> panels_;
    std::map<QObject*, std::function<void(ExplorerSettings&)>> resetters_;
    std::string loadedSpec_;  // the data set spec the controller holds
    std::string loadedLabels_;  // and the label source it was loaded with
    std::map<std::string, DatasetChoices> perDataset_;
    std::optional<ExplorerSettings> requested_, computedFor_;  // of the running / the last finished computation
    std::string reportDrawn_;  // the key of the privacy report shown (ViewKeys.h), "" for a message
    bool reportWaitsForResult_ = false;  // the report shows the privacy part only: the sweep's results are still to come
    bool restored_ = false;  // the last session is on screen (tab changes before it are not the user's)  // D and protocol the user declared, by data set
    QTimer* debounce_;
    QString notice_;  // the running sweep's notice (runs resumed, record not kept), repeated when it ends
    QString nextNotice_;  // a settings change's notice, said while the sweep it starts runs and when it ends
    QLabel* banner_;
    QMenu* recentMenu_ = nullptr;
    WorkIndicator* work_;
    ExportController* exports_;
    SettingsRules rules_;  // the learner–mechanism rules of an edit, with what choosing the GIN replaced
    ProjectorStrip* strip_ = nullptr;
    WelcomeCard* welcome_ = nullptr;
    LessonPlayer* lessonPlayer_ = nullptr;
    PresentationMode* presentation_ = nullptr;
    HelpController* help_ = nullptr;
    LessonController* lessons_ = nullptr;
};
