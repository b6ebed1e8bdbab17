#include "MainWindow.h"

#include "DatasetSummaryView.h"
#include "generators/Generators.h"
#include "io/Loaders.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QVBoxLayout>

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("PXStudio — privacy and expressivity of graph representations"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    auto* intro = new QLabel(tr("<b>Data sets</b> — built-in generated sets are ready; "
                                "File ▸ Open data set… loads OGB, TU, GraphML or edge-list data."), central);
    layout->addWidget(intro);
    table_ = new px::widgets::DatasetSummaryView(central);
    layout->addWidget(table_);
    setCentralWidget(central);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open data set…"), this, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About PXStudio"), this, [this] {
        QMessageBox::about(this, tr("About PXStudio"),
                           tr("PXStudio %1\nPrivate homomorphism-density embeddings of graphs.\nGPL-3.0-or-later.")
                               .arg(PX_VERSION));
    });

    for (const auto& name : px::gen::builtinNames()) table_->addDataset(px::gen::builtin(name));
    statusBar()->showMessage(tr("%1 built-in data sets ready").arg(px::gen::builtinNames().size()));
    resize(1100, 420);
}

void MainWindow::openDialog() {
    QString dir = QFileDialog::getExistingDirectory(this, tr("Open data set folder"));
    if (!dir.isEmpty()) openDataset(dir);
}

void MainWindow::openDataset(const QString& path) {
    try {
        px::Dataset ds = px::io::loadDataset(path.toStdString());
        table_->addDataset(ds);
        statusBar()->showMessage(tr("Loaded %1 (%2 graphs, %3 warnings)")
                                     .arg(QString::fromStdString(ds.name))
                                     .arg(ds.size())
                                     .arg(ds.warnings.size()));
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot open data set"), QString::fromStdString(e.what()));
    }
}
