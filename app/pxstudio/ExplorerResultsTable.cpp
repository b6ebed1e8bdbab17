// The results view of ExplorerViews: every grid point of the finished sweep as a sortable table.
#include "ExplorerViews.h"
#include "ViewKeys.h"

#include <QHeaderView>
#include <QTableWidget>
#include <cmath>

namespace {
// A table cell that shows rounded text and sorts by its exact number.
class NumericItem : public QTableWidgetItem {
public:
    NumericItem(double value, const QString& text) : QTableWidgetItem(text), value_(value) {}
    bool operator<(const QTableWidgetItem& other) const override {
        if (auto* o = dynamic_cast<const NumericItem*>(&other)) return value_ < o->value_ || (std::isnan(o->value_) && !std::isnan(value_));
        return QTableWidgetItem::operator<(other);
    }

private:
    double value_;
};
}  // namespace

void ExplorerViews::clearResultsTable() {
    table_->setSortingEnabled(false);
    table_->clear();
    table_->setRowCount(0);
    table_->setColumnCount(0);
    drawn_.table.clear();
}

void ExplorerViews::refreshResultsTable() {
    const auto* r = main_->result();
    if (!r) return;
    const auto& a = r->aggregated;
    table_->setSortingEnabled(false);
    table_->clear();
    // The columns that vary across the grid first, with the verdict on them (visible without scrolling, also in
    // projector mode, where lesson 3 points at it), then the controls, then the run's parameters.
    std::vector<std::string> cols;
    for (const char* c : {"budget", "epsilon_mean", "metric", "value_mean", "value_std", "no_structural_signal", "public_value_mean",
                          "shuffled_value_mean", "value_count", "accuracy_mean", "top1_mean", "top10_mean",
                          "ceiling_top1_mean", "chance_same_n_top1_mean", "noise_param_rho_mean"})
        if (a.columnIndex(c) >= 0) cols.push_back(c);
    for (const auto& c : a.columns())
        if (std::find(cols.begin(), cols.end(), c) == cols.end()) cols.push_back(c);
    table_->setRowCount(a.rows());
    table_->setColumnCount(int(cols.size()));
    QStringList headers;
    for (const auto& c : cols) headers << QString::fromStdString(c);
    table_->setHorizontalHeaderLabels(headers);
    for (int i = 0; i < a.rows(); ++i) {
        const bool noNoise = a.at(i, "budget").is_number() && std::isinf(a.at(i, "budget").get<double>());
        for (int c = 0; c < int(cols.size()); ++c) {
            const auto& v = a.at(i, cols[c]);
            QTableWidgetItem* item;
            if (v.is_number()) {
                // Four significant digits on screen, the full value in the tooltip and for sorting; ∞ for the
                // no-noise row's budget and ε (its ε is undefined: no privacy).
                const double x = v.get<double>();
                const bool infinite = std::isinf(x) || (noNoise && std::isnan(x) && cols[c].rfind("epsilon", 0) == 0);
                item = new NumericItem(infinite ? INFINITY : x, infinite ? "∞" : std::isnan(x) ? "—" : QString::number(x, 'g', 4));
                item->setToolTip(QString::number(x, 'g', 17));
            } else {
                item = new QTableWidgetItem(v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump()));
            }
            table_->setItem(i, c, item);
        }
    }
    table_->setSortingEnabled(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    drawn_.table = main_->resultFor() ? viewkeys::key(*main_->resultFor(), viewkeys::Scope::Sweep) : "";
}
