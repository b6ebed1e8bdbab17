#pragma once
// Table of data sets with their size statistics, label tasks and split.
#include "dataset/Dataset.h"

#include <QTableWidget>

namespace px::widgets {

class DatasetSummaryView : public QTableWidget {
    Q_OBJECT
public:
    explicit DatasetSummaryView(QWidget* parent = nullptr);
    // Appends one row describing the data set.
    void addDataset(const Dataset& ds);
};

}  // namespace px::widgets
