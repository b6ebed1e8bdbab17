#pragma once
// The explorer's views as tabs: trade-off vs ε, expressivity vs privacy, utility vs d, noise anatomy,
// the distinguishability demo, the PCA embedding, the pattern gallery, the results table, and the
// depth lab. It draws what the main controller hands it, and computes three things itself: it drives the two
// secondary controllers (expressivity, utility vs d), recomputed only while their tab is shown; it starts the
// distinguishability demo (px::experiment::distinguishability on one pair of graphs, on the compute pool, see
// recomputeDemo in ExplorerDemo.cpp: one part of the window's work, with progress and Cancel); and it projects 200 releases of one graph for the PCA embedding on the GUI thread. Each view
// records the key of the settings what it draws was computed for (ViewKeys.h), and a ViewPresenter marks every
// view whose key is not the current settings' (ExplorerPresentation.cpp).
#include "ExplorerController.h"
#include "experiment/Distinguishability.h"
#include "experiment/EmbeddingProjection.h"

#include <QFuture>
#include <QList>
#include <QTabWidget>
#include <optional>
#include <functional>
#include <memory>

class QAction;
class QComboBox;
class QSpinBox;
class QTableWidget;
class QCustomPlot;
class DepthWorkspace;
class QueuedProgress;
class ViewPresenter;
namespace px::widgets { class GraphPairView; class PatternGallery; struct TradeoffOptions; }
namespace px::privacy { struct PrivacyReport; }

class ExplorerViews : public QTabWidget {
    Q_OBJECT
public:
    // settings: the window's current settings (for the secondary computations and previews).
    ExplorerViews(ExplorerController* main, std::function<ExplorerSettings()> settings, QWidget* parent = nullptr);
    ~ExplorerViews() override;

    QCustomPlot* tradeoff() const { return tradeoff_; }
    QCustomPlot* anatomy() const { return anatomy_; }
    QCustomPlot* expressivityPlot() const { return expressivityPlot_; }
    QCustomPlot* dimensionPlot() const { return dimensionPlot_; }
    QCustomPlot* embeddingPlot() const { return embeddingPlot_; }
    QCustomPlot* distinguishabilityPlot() const { return demoPlot_; }
    px::widgets::GraphPairView* demoGraphs() const { return demoGraphs_; }
    px::widgets::PatternGallery* gallery() const { return gallery_; }
    DepthWorkspace* depth() const { return depth_; }
    ExplorerController* expressivity() const { return expressivity_; }
    ExplorerController* dimension() const { return dimension_; }
    bool hasEmbedding() const { return bool(pca_); }
    // One action per view (Ctrl+1 … Ctrl+9), also listed by the "All views" button in the tab bar's corner.
    const QList<QAction*>& viewActions() const { return viewActions_; }
    // The plot of the current tab (the depth lab's current plot there), or null.
    QCustomPlot* currentPlot() const;

    void setFontScale(double scale);
    // The distinguishability demo's pair, by name; false if there is none of that name.
    bool selectDemoPair(const QString& name);
    QStringList demoPairNames() const;
    // The demo's result as drawn last (for the pair and mechanism of drawn key "demo").
    const px::experiment::DistinguishabilityResult& demoResult() const { return demoShown_; }
    // The main computation finished: redraw everything that depends on it.
    void showResult();
    // A partial result of the running computation (progressive trade-off plot).
    // stopped: the sweep was stopped (Esc, Cancel) and this part is all there is; the legend and readout say so.
    void showPartial(const px::experiment::SweepResult& partial, bool stopped = false);
    // The main sweep was stopped: its part on screen is drawn again, saying it is all there is.
    void sweepStopped() { refreshTradeoff(); }
    // A preview of the running computation (SweepPreview.h): drawn faded under a note, never exported.
    void showPreview(const px::experiment::SweepResult& preview);
    // The slider moved (cheap: marker, embedding cloud) or was committed (secondary views go stale).
    void epsilonMoved();
    void epsilonCommitted();
    // Settings changed: the secondary views are stale (recomputed now if shown).
    void settingsChanged();
    void showAnatomy(const px::privacy::PrivacyReport& report);
    // The main computation ended on a data set without class labels (ExplorerController::doneWithoutLabels): the
    // views that train a classifier say so over empty, greyed axes; the embedding is drawn from the densities.
    void showUnlabelled();
    // The main computation failed: the trade-off view shows the last result that succeeded (not the failed run's
    // first points), or, if there is none, the reason in the view.
    void showFailure(const QString& reason);
    // Export all: the explorer views it would leave out because they are not current, each with why ("expressivity
    // (not computed yet)"; the embedding, drawn at once from the densities on hand, is brought up to date first),
    // starting their computation, and whether everything started has finished (a failure counts: the export then
    // says why).
    QStringList missingForExport();
    void computeForExport();
    bool readyForExport() const;
    // A computation of a view other than the main one runs (expressivity, utility vs d, the demo).
    bool busy() const { return !readyForExport(); }
    // The distinguishability demo's computation: running, its progress (0 to 1, -1 when none runs), and its stop.
    bool demoBusy() const { return demoRunning_; }
    double demoFraction() const { return demoFraction_; }
    void cancelDemo();
    void followDemo();  // the demo shown computes the current settings' result when it does not draw it
    static const char* const kDemoWorkName;  // what the status bar and the demo's note call its work
    // Stops every view's work; keepRecords: unfinished sweeps stay recorded for resuming (the app closing).
    void cancelAll(bool keepRecords = false);
    // The app closing: every view's work stopped (records kept) and no new work started; returns when idle.
    void close();
    // Every view's state (current, preview, previous settings, computing, failed, empty) and its note.
    ViewPresenter* presenter() const { return presenter_; }
    // The view name of a tab's page or plot ("tradeoff", "gallery", …; "" for none): the presenter's name for it.
    QString viewName(const QWidget* page) const;
    // The key of a release drawn from the densities of `densitiesFor` under `mechanism` ("" without densities).
    static std::string releaseKey(const std::optional<ExplorerSettings>& densitiesFor, const px::privacy::MechanismParams& mechanism);

signals:
    void message(const QString& text);
    void demoStarted();                 // the demo's computation started (replacing a running one)
    void demoProgressed(double fraction);
    void demoEnded();                   // it finished, failed or was cancelled; demoBusy() is false

private:
    // Why a view that trains a classifier has nothing to show: the data set has no class labels ("" when it has).
    std::string needsLabelsReason() const;
    bool skipWithoutLabels(ExplorerController* c, bool& stale);
    void showNeedsLabels(QCustomPlot* plot);  // empty, greyed axes under the view's "needs class labels" note  // a secondary view on unlabelled data: true, nothing started
    QString previewNote(const px::experiment::SweepResult& preview) const;  // "PREVIEW on n of N graphs"
    px::widgets::TradeoffOptions tradeoffOptions() const;                   // the slider's marker, the font scale
    void buildDemoTab();
    void buildEmbeddingTab();
    void onTabChanged();
    void refreshTradeoff();
    void refreshEmbedding();
    // Randomized response releases graphs: the release views (noise anatomy, embedding) have nothing to draw; true
    // then, and they are emptied (no drawing of another mechanism's release left under the note that says why).
    bool emptiedForGraphRelease();
    void showPatterns();  // the gallery: the patterns of the densities on hand
    void refreshResultsTable();
    void clearResultsTable();  // no rows, no columns, nothing drawn
    void recomputeDemo();
    void recomputeSecondary(ExplorerController* c, bool& stale);
    void registerViews();  // ExplorerPresentation.cpp
    // The key of what each view draws ("" for nothing or a note); how the trade-off view draws it.
    enum class Drawn { Nothing, Final, Partial, Preview };
    struct DrawnKeys {
        std::string tradeoff, table, gallery, anatomy, embedding, expressivity, dimension, demo;
        Drawn tradeoffAs = Drawn::Nothing;
    } drawn_;
    // Why the embedding cannot be drawn for the settings of key `failedFor` (no noise model: D below a graph's degree):
    // a sweep's failure is news only for the ε it ran at, the embedding's for its own.
    struct { std::string why, failedFor; } embeddingFailure_;
    // What the demo depends on (the mechanism as the demo runs it, the pattern seed, the pair) and its key.
    static nlohmann::json demoSettings(const ExplorerSettings& s, int pair);
    std::string demoKey(const ExplorerSettings& s, int pair) const;
    bool drawGinCurve();  // the GIN's test curve in the utility-vs-d view; false if there is none to draw
    ViewPresenter* presenter_ = nullptr;
    ExplorerController* main_;
    std::function<ExplorerSettings()> settings_;
    ExplorerController* expressivity_;  // trees vs treewidth ≤ 2, 3 at the slider's ε
    ExplorerController* dimension_;     // the selected class over d at the slider's ε
    bool expressivityStale_ = true, dimensionStale_ = true;
    bool demoRunning_ = false;
    int demoGeneration_ = 0;
    std::string demoRequested_;  // the key of the demo's latest computation (running, or ended)
    double demoFraction_ = -1;
    std::shared_ptr<QueuedProgress> demoJob_;  // the running demo's progress and stop flag
    // The demo's computations still running (a replaced one stops at its next check): waited for on close(), since
    // they report to this object.
    QList<QFuture<std::optional<px::experiment::DistinguishabilityResult>>> demoFutures_;
    px::experiment::DistinguishabilityResult demoShown_;  // the latest demo request: an earlier one that finishes later is not drawn
    double fontScale_ = 1.0;
    // What the anatomy and the demo drew last, so that a new font scale (projector mode on or off) draws them again
    // at it, as they were (their keys unchanged): drawn at the old scale, their text overflowed the normal window.
    std::function<void()> redrawAnatomy_, redrawDemo_;
    QString demoDrawnTitle_;  // the demo's title as drawn: it names the panel's mechanism when that is not the Gaussian
    QList<QAction*> viewActions_;
    QCustomPlot *tradeoff_, *anatomy_, *expressivityPlot_, *dimensionPlot_, *demoPlot_, *embeddingPlot_;
    QComboBox* demoPair_;
    px::widgets::GraphPairView* demoGraphs_;  // the pair itself, drawn above its plot
    QSpinBox* focus_;
    QTableWidget* table_;
    px::widgets::PatternGallery* gallery_;
    DepthWorkspace* depth_;
    std::unique_ptr<px::experiment::PcaBasis> pca_;  // fitted on the clean densities of the last result
};
