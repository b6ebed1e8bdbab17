#pragma once
// PXStudio main window: settings panels on the left (data set, patterns, privacy, learner), views
// on the right (trade-off, noise anatomy, results table), progress and Cancel in the status bar.
// Every parameter change restarts the background computation (debounced); moving the ε slider only
// moves the plot marker and refreshes the privacy report.
#include "DepthWorkspace.h"
#include "ExplorerController.h"
#include "ExplorerSettings.h"
#include "experiment/EmbeddingProjection.h"

#include <functional>
#include <map>
#include <memory>

#include <QMainWindow>

class QComboBox;
class QSpinBox;
class QDoubleSpinBox;
class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QTimer;
class QMenu;
class QUndoStack;
class QCustomPlot;
namespace px::widgets { class EpsilonSlider; class PatternGallery; }

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a data set folder or file (errors in a dialog, nothing lost).
    bool openDataset(const QString& path);
    bool openSession(const QString& path);
    bool saveSession(const QString& path);
    // Writes every view as PNG, PDF and SVG plus the results CSV and JSON sidecar into a folder.
    bool exportAllViews(const QString& folder);
    // One view as a figure (format from the suffix) of the given size and DPI; with sidecars also
    // PATH-without-suffix.csv (the plotted data) and .json (session, slider ε, privacy report).
    bool exportView(QCustomPlot* plot, const QString& path, int width, int height, int dpi, bool sidecars);
    ExplorerSettings settings() const;
    void applySettings(const ExplorerSettings& s);
    ExplorerController* controller() { return controller_; }
    ExplorerController* expressivityController() { return expressivity_; }
    ExplorerController* dimensionController() { return dimension_; }
    QString autosavePath() const;
    QUndoStack* undoStack() { return undo_; }
    DepthWorkspace* depthWorkspace() { return depth_; }
    // Sessions and data sets opened or saved, newest first (at most 8, QSettings).
    QStringList recentFiles() const;
    // Applies settings from undo/redo (no new undo step) and recomputes.
    void restoreSettings(const ExplorerSettings& s);
    // Resets the setting behind a control (or its label, or its text field) to the default.
    void resetControl(QObject* target);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildPanels();
    void buildViews();
    void buildMenus();
    void scheduleRecompute();
    void startRecompute();
    void onFinished();
    void refreshPlots();
    void refreshReport();
    void refreshResultsTable();
    void exportCurrentView();
    void setPresentation(bool on);
    void autosave();
    bool exportPlot(QCustomPlot* plot, const QString& path);

    void installResets();
    std::map<QObject*, std::function<void(ExplorerSettings&)>> resetters_;
    void addRecentFile(const QString& path);
    void refreshRecentMenu();
    QMenu* recentMenu_ = nullptr;
    void recordUndoStep();
    QUndoStack* undo_;
    ExplorerSettings committed_;  // the settings of the last undo step
    std::string loadedSpec_;      // the data set spec the controller holds
    bool loadDataset(const std::string& spec);
    ExplorerController* controller_;
    ExplorerController* expressivity_;  // trees vs treewidth ≤ 2, 3 at the slider's ε
    bool expressivityStale_ = true;
    ExplorerController* dimension_;     // the selected class over d at the slider's ε
    bool dimensionStale_ = true;
    void recomputeDimension();
    QCustomPlot* dimensionPlot_;
    void recomputeExpressivity();
    QTimer* debounce_;
    bool applying_ = false;
    double fontScale_ = 1.0;
    // Panels
    QComboBox* datasetBox_;
    QLabel* datasetSummary_;
    QComboBox* classBox_;
    QSpinBox* dBox_;
    QSpinBox* maxSizeBox_;
    QSpinBox* seedBox_;
    QDoubleSpinBox* sizeMeanBox_;
    QCheckBox* connectedBox_;
    QCheckBox* keepDuplicatesBox_;
    QDoubleSpinBox* betaBox_;
    QComboBox* learnerBox_;
    QDoubleSpinBox* cBox_;
    QSpinBox* treesBox_;
    QLabel* classInfo_;
    px::widgets::EpsilonSlider* epsilon_;
    QComboBox* deltaBox_;
    QComboBox* mechanismBox_;
    QSpinBox* degreeBox_;
    QComboBox* allocationBox_;
    QCheckBox* referenceBox_;
    QLabel* report_;
    QSpinBox* kBox_;
    QCheckBox* noisyTestBox_;
    QSpinBox* repsBox_;
    // Views
    QLabel* banner_;
    QTabWidget* tabs_;
    QCustomPlot* tradeoff_;
    QCustomPlot* anatomy_;
    QCustomPlot* expressivityPlot_;
    QCustomPlot* demoPlot_;
    QCustomPlot* embeddingPlot_;
    QSpinBox* focusBox_;
    std::unique_ptr<px::experiment::PcaBasis> pca_;  // fitted on the clean densities of the last result
    void refreshEmbedding();
    QComboBox* demoPairBox_;
    void recomputeDemo();
    QTableWidget* table_;
    px::widgets::PatternGallery* gallery_;
    DepthWorkspace* depth_;
    bool dockHiddenForDepth_ = false;
    QProgressBar* progress_;
    QPushButton* cancel_;
};
