#pragma once
// The depth lab's views: one plot per view (COSERA heat maps, SBM sweep, COSERA on data, NAG vs its
// bound, noise vs depth, accuracy and attack against depth and ε, AsampGCN) and the tidy tables.
// It keeps each experiment's last result and spec, draws them, and exports them.
#include "experiment/ResultTable.h"

#include <QTabWidget>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

class QComboBox;
class QTableWidget;
class QCustomPlot;

class DepthViews : public QTabWidget {
    Q_OBJECT
public:
    explicit DepthViews(QWidget* parent = nullptr);
    // A finished experiment: keep and draw it. epsilon: the ε control (the depth views show the closest run).
    void setResult(const std::string& experiment, const px::experiment::ResultTable& table, const nlohmann::json& spec, double epsilon);
    void redraw(const std::string& experiment, double epsilon);
    // Brings the tab that draws `experiment` (its first plot) to the front: where its result will land.
    void showExperiment(const std::string& experiment);
    const px::experiment::ResultTable* table(const std::string& experiment) const;
    const nlohmann::json* spec(const std::string& experiment) const;  // the spec of what is drawn (null: not run)
    // The plots that draw each experiment's result ("cosera-grid": both heat maps; "propagation": four views).
    std::map<std::string, QList<QCustomPlot*>> plotsByExperiment() const;
    bool empty() const { return tables_.empty(); }
    QCustomPlot* currentPlot() const;  // the current tab's plot (null on the tables)
    QList<QCustomPlot*> plots() const;
    void setFontScale(double fs, double epsilon);
    // Every computed view as PNG, PDF and SVG and every table as CSV (+ its spec as JSON); throws. Writes the
    // experiments whose result is of the current settings (`current`); returns the others, each with the reason.
    QStringList exportAll(const QString& folder, const std::function<bool(const std::string&)>& current, QStringList* written = nullptr) const;

private:
    void refreshTable();
    std::map<std::string, px::experiment::ResultTable> tables_;
    std::map<std::string, nlohmann::json> specs_;
    double fontScale_ = 1.0;
    QCustomPlot *aurocMap_, *errMap_, *sbmMap_, *realPlot_, *nagPlot_, *trainedNagPlot_, *multiplierPlot_, *accDepthPlot_, *accEpsPlot_,
        *attackDepthPlot_, *attackEpsPlot_, *asampPlot_;
    QComboBox* tableChoice_;
    QTableWidget* tableView_;
};
