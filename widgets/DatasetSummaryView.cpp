#include "DatasetSummaryView.h"

#include <QHeaderView>

namespace px::widgets {

DatasetSummaryView::DatasetSummaryView(QWidget* parent) : QTableWidget(parent) {
    const QStringList headers = {tr("Data set"), tr("Graphs"), tr("Vertices (mean)"), tr("Edges (mean)"),
                                 tr("Max degree"), tr("Tasks"), tr("Split"), tr("Content hash")};
    setColumnCount(int(headers.size()));
    setHorizontalHeaderLabels(headers);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    horizontalHeaderItem(2)->setToolTip(tr("n = |V(G)|, averaged over graphs; n is public under edge-level DP"));
    horizontalHeaderItem(4)->setToolTip(tr("Δ = max degree over all graphs: the smallest public degree bound D "
                                           "this data would satisfy (docs/mathematics.md §3)"));
}

void DatasetSummaryView::addDataset(const Dataset& ds) {
    const int row = rowCount();
    insertRow(row);
    const double N = std::max(1, ds.size());
    QStringList tasks;
    for (const auto& t : ds.tasks) tasks << QString::fromStdString(t.name) + " (" + toString(t.type) + ")";
    QString split = ds.split ? QString("%1 %2/%3/%4")
                                   .arg(QString::fromStdString(ds.split->name))
                                   .arg(ds.split->train.size())
                                   .arg(ds.split->valid.size())
                                   .arg(ds.split->test.size())
                             : tr("none");
    const QStringList cells = {QString::fromStdString(ds.name), QString::number(ds.size()),
                               QString::number(double(ds.totalVertices()) / N, 'f', 1),
                               QString::number(double(ds.totalEdges()) / N, 'f', 1), QString::number(ds.maxDegree()),
                               tasks.join(", "), split, QString::fromStdString(ds.contentHash())};
    for (int c = 0; c < int(cells.size()); ++c) setItem(row, c, new QTableWidgetItem(cells[c]));
}

}  // namespace px::widgets
