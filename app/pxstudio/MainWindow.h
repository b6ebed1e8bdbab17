#pragma once
// PXStudio main window. For now it lists the built-in data sets; the explorer views of the
// desktop-app issue plug in here.
#include <QMainWindow>

namespace px::widgets { class DatasetSummaryView; }

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    // Loads a data set folder or file and adds it to the table; errors go to a dialog.
    void openDataset(const QString& path);

private:
    void openDialog();
    px::widgets::DatasetSummaryView* table_;
};
