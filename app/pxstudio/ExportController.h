#pragma once
// File ▸ Export: one view as a figure (the export dialog), or every view with its data and the session into a folder
// named by the data set and the settings (Export all). It reads the views, the main computation's result and the
// settings on screen; the window only hands it the file menu and forwards the calls its tests make.
#include "ExplorerSettings.h"
#include "FigureExport.h"

#include <QObject>
#include <QString>
#include <functional>

class QCustomPlot;
class QMainWindow;
class QMenu;
class ExplorerController;
class ExplorerViews;
class WorkIndicator;
struct FigureContext;

class ExportController : public QObject {
    Q_OBJECT
public:
    // What the exports read of the window: its parts, the settings on screen and the ε slider's value.
    struct Sources {
        QMainWindow* window;  // parent of the dialogs, and its status bar
        ExplorerViews* views;
        ExplorerController* controller;
        WorkIndicator* work;  // Cancel calls off an export that waits for its views
        std::function<ExplorerSettings()> settings;
        std::function<double()> sliderEpsilon;
        std::function<void()> recompute;  // F5: the main computation of the settings on screen (a stopped sweep's rest)
    };
    explicit ExportController(Sources sources, QObject* parent = nullptr);

    // "Export current view…" and "Export all views…" in `file`.
    void addActions(QMenu* file);
    // Every view, its data and the session into exportAllFolder(folder); views not computed yet are computed first if
    // the user asks (a question box, "export-all-ask"), and a report lists what was written and what left out, and why.
    // False if nothing could be written.
    bool exportAllViews(const QString& folder);
    // Where Export all writes in the folder the user chose: a folder named by the data set and the settings on screen
    // ("COLLAB_treewidth-2_d20_eps1_3fa2c1d0": class, d, ε and the first digits of the settings' key), so that two
    // exports are never confused.
    QString exportAllFolder(const QString& chosen) const;
    // One view as a figure (format from the suffix) of the given size and DPI; with sidecars also
    // PATH-without-suffix.csv (the plotted data) and .json (session, slider ε, privacy report).
    bool exportView(QCustomPlot* plot, const QString& path, const px::widgets::FigureSize& size, bool sidecars);
    // The export dialog's file name for `plot`: its view and the data set ("trade-off vs epsilon-COLLAB"), or for a
    // depth lab plot its experiment.
    QString suggestedExportName(const QCustomPlot* plot) const;
    void exportCurrentView();  // the export dialog for the plot on screen

private:
    bool writeAllViews(const QString& folder);
    FigureContext figureContext() const;  // what a figure's JSON sidecar records
    void say(const QString& message, int milliseconds = 0) const;  // in the window's status bar

    Sources in_;
};
