#pragma once
// The "Depth lab" workspace: attacks on GNN representations and privacy against depth (COSERA
// heat maps, noisy aggregation vs its bound, GAP vs CARIBOU accounting and propagation, AsampGCN).
// Controls on the left, one plot per view on the right. Experiments are core/gnn/DepthLab specs
// run off the UI thread one at a time (a queue), with progress and a Cancel that stops the
// running one and drops the queue.
#include "experiment/ResultTable.h"

#include <QWidget>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QCustomPlot;
namespace px { struct NodeDataset; }

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
    bool busy() const;
    void waitForIdle();
    bool hasRun() const { return !tables_.empty() || busy(); }

    // The spec the controls describe for an experiment (also what pxrun depth would run).
    nlohmann::json specFor(const std::string& experiment) const;
    const px::experiment::ResultTable* table(const std::string& experiment) const;
    QCustomPlot* currentPlot() const;
    QList<QCustomPlot*> plots() const;
    QTabWidget* views() const { return views_; }
    // Every computed view as PNG, PDF and SVG and every table as CSV (+ its spec as JSON).
    bool exportAll(const QString& folder, QString* error = nullptr);
    void setFontScale(double fs);
    // Selects the node data set for propagation / NAG / AsampGCN: "builtin:NAME" or a LINQS path,
    // loaded on the calling thread (tests, start-up); the controls load in the background instead.
    bool setNodeData(const QString& spec, QString* error = nullptr);
    void loadNodeDataInBackground(const QString& spec);

signals:
    void message(QString text);

private:
    struct Job;
    void buildControls(QWidget* panel);
    void buildViews();
    void startNext();
    void onResult(const std::string& experiment, const px::experiment::ResultTable& table);
    void redraw(const std::string& experiment);
    void refreshTable();
    void adoptNodeData(std::shared_ptr<const px::NodeDataset> data, const QString& spec);

    std::vector<nlohmann::json> queue_;
    std::shared_ptr<Job> job_;
    std::map<std::string, px::experiment::ResultTable> tables_;
    std::map<std::string, nlohmann::json> specs_;
    std::shared_ptr<const px::NodeDataset> nodeData_;
    QString nodeSpec_;
    double fontScale_ = 1.0;

    // controls
    QComboBox* modelBox_;
    QComboBox* nBox_;
    QComboBox* weightsBox_;
    QSpinBox* trialsBox_;
    QComboBox* nodeDataBox_;
    QDoubleSpinBox* nagDepthBox_;
    QDoubleSpinBox* opNormBox_;
    QDoubleSpinBox* epsBox_;
    QComboBox* deltaBox_;
    QDoubleSpinBox* contractionBox_;
    QCheckBox* attackBox_;
    QSpinBox* subgraphsBox_;
    QLabel* dataInfo_;
    // views
    QTabWidget* views_;
    QCustomPlot* aurocMap_;
    QCustomPlot* errMap_;
    QCustomPlot* sbmMap_;
    QCustomPlot* realPlot_;
    QCustomPlot* nagPlot_;
    QCustomPlot* multiplierPlot_;
    QCustomPlot* accDepthPlot_;
    QCustomPlot* accEpsPlot_;
    QCustomPlot* attackDepthPlot_;
    QCustomPlot* attackEpsPlot_;
    QCustomPlot* asampPlot_;
    QComboBox* tableChoice_;
    QTableWidget* table_;
    QProgressBar* progress_;
    QLabel* status_;
    QPushButton* cancel_;
};
