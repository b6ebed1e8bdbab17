#pragma once
// The "Depth lab" workspace: attacks on GNN representations and privacy against depth (COSERA
// heat maps, noisy aggregation vs its bound, GAP vs CARIBOU accounting and propagation, AsampGCN).
// Settings panels on the left, DepthViews on the right. Experiments are core/depthlab/DepthLab specs run
// off the UI thread one at a time (a queue); cancel() stops the running one and drops the queue. The
// window shows the progress and offers the Cancel.
#include "DepthSettings.h"
#include "experiment/ResultTable.h"

#include <QString>
#include <QWidget>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

class QLabel;
class QProgressBar;
class ViewPresenter;
struct ViewActivity;
class QPushButton;
class QScrollArea;
class QTabWidget;
class QCustomPlot;
class DepthPanel;
class DepthViews;
class ConvergencePanel;
class NodeDataPanel;

class DepthWorkspace : public QWidget {
    Q_OBJECT
public:
    explicit DepthWorkspace(QWidget* parent = nullptr);
    ~DepthWorkspace() override;

    // Queues every experiment with the current controls (built-in data: seconds).
    void runAll();
    // Queues one experiment ("cosera-grid", "sbm-sweep", "nag", "accounting", "propagation", "asamp").
    void run(const std::string& experiment);
    void cancel();
    // The app closing: cancels and refuses every later run (see ExplorerController::close).
    void close();
    bool busy() const;
    void waitForIdle();
    // In the window, whose status bar shows this lab's progress and Cancel (WorkIndicator): the lab's own bar and
    // Cancel stay hidden (two of each were on screen). Alone (tests, no window), it shows its own.
    void useWindowProgress() { windowProgress_ = true; }
    bool hasRun() const;

    DepthSettings settings() const;
    void applySettings(const DepthSettings& s);
    // The spec the controls describe for an experiment (also what pxrun depth would run).
    nlohmann::json specFor(const std::string& experiment) const;
    const px::experiment::ResultTable* table(const std::string& experiment) const;
    QCustomPlot* currentPlot() const;
    QList<QCustomPlot*> plots() const;
    QTabWidget* views() const;
    // Every computed view as PNG, PDF and SVG and every table as CSV (+ its spec as JSON).
    // Exports every computed depth-lab view; `leftOut` receives the ones not computed yet.
    bool exportAll(const QString& folder, QString* error = nullptr, QStringList* leftOut = nullptr, QStringList* written = nullptr);
    void setFontScale(double fs);
    // Every view of the lab says what it shows, as the explorer's do (ViewPresenter): a result of other settings than
    // the controls', a failure, a run in progress, or nothing run yet. One view per plot, named as its plot.
    ViewPresenter* presenter() const { return presenter_; }
    bool isCurrent(const std::string& experiment) const;  // its result drawn is of the controls' settings
    // Selects the node data set for propagation / NAG / AsampGCN: "builtin:NAME" or a LINQS path,
    // loaded on the calling thread (tests, start-up); the controls load in the background instead.
    bool setNodeData(const QString& spec, QString* error = nullptr);
    void loadNodeDataInBackground(const QString& spec);

signals:
    void message(QString text);
    void busyChanged(bool busy);       // an experiment started, or the queue ran empty
    void progressed(double fraction);  // of the experiments started since the lab was last idle, the running one's part in it

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Job;
    QWidget* buildPanels();
    static void typesetFormulas(QWidget* panel);  // labels and tooltips written as ‖W_l‖_op shown with sub- and superscripts
    void fitPanelWidth();  // the settings column as wide as its panels need (no horizontal scrolling)
    void startNext();
    void watchViews();
    void keepSettings();                                      // every plot a view of presenter_
    ViewActivity activityOf(const std::string& experiment) const;

    double batchFraction(double running) const;  // done + the running one's fraction, over all since idle

    std::vector<nlohmann::json> queue_;
    std::shared_ptr<Job> job_;
    int batchDone_ = 0;             // experiments ended (finished, failed or cancelled) since the lab was last idle
    bool batchCancelled_ = false;   // the user cancelled: the end is not "finished"
    std::vector<DepthPanel*> panels_;
    NodeDataPanel* nodeData_;
    ConvergencePanel* convergence_;
    DepthViews* views_;
    QScrollArea* scroll_;
    QLabel* status_;
    QProgressBar* progress_;
    QPushButton* cancel_;  // shown while an experiment runs
    ViewPresenter* presenter_;
    std::map<std::string, QString> runButtons_;             // experiment → the words of the button that runs it
    nlohmann::json runningSpec_;                            // of the running experiment (null: none)
    double batchShown_ = -1;                                // the lab's progress as the status bar says it
    std::map<std::string, std::pair<std::string, QString>> failures_;  // experiment → (spec that failed, why)
    bool closed_ = false;
    bool windowProgress_ = false;
};
