#pragma once
// Runs the explorer's computations off the UI thread: a sweep over ε for the current settings
// (densities once, then re-noise, learn and attack per budget and repetition). Starting a new job
// cancels the running one; progress arrives as signals on the UI thread. Nothing is computed in
// widgets: they draw what this controller hands them.
#include "ExplorerSettings.h"
#include "experiment/DensityCache.h"
#include "experiment/SweepRunner.h"
#include "hom/DensityMatrix.h"
#include "privacy/Mechanism.h"

#include <QObject>
#include <atomic>
#include <memory>
#include <optional>

class ExplorerController : public QObject {
    Q_OBJECT
public:
    // TradeOff: the selected pattern class over an ε grid. Expressivity: trees and treewidth ≤ 2, 3
    // at the slider's ε and at ε = ∞ (the same d, size law, mechanism and learner).
    // Dimension: the selected class with d ∈ {5, 10, 20, 40, 80, 160} at the slider's ε and ε = ∞.
    enum class Mode { TradeOff, Expressivity, Dimension };
    explicit ExplorerController(QObject* parent = nullptr, Mode mode = Mode::TradeOff);
    // What a sweep on a data set without class labels does (a normal state, not a failure): it delivers its
    // patterns and densities (what needs no labels) and ends with doneWithoutLabels(); these words say what works.
    static const char* const kNoLabels;
    ~ExplorerController() override;

    // Loads (or generates) the data set of the settings; throws px::InputError on bad files.
    // `labels`: where the class labels come from (io::FolderLabels spec). Generated data takes auto or none only.
    static std::shared_ptr<const px::Dataset> loadDataset(const std::string& spec, const std::string& labels = "auto");
    // `spec`: what the data set was opened as (builtin:NAME or a path); every result computed on it carries that spec as
    // its settings' data set, whatever the panels said when it was started; `labels` likewise (the label source it
    // was loaded with; "": the settings' own).
    void setDataset(std::shared_ptr<const px::Dataset> data, const std::string& spec = {}, const std::string& labels = {});
    std::shared_ptr<const px::Dataset> dataset() const { return data_; }
    const std::string& datasetSpec() const { return dataSpec_; }
    const std::string& datasetLabels() const { return dataLabels_; }

    // Starts a sweep for these settings (cancelling any running one).
    void recompute(const ExplorerSettings& settings);
    // Seconds between progressive (partial) results of a sweep; 0: after every run but the last.
    void setPartialInterval(double seconds) { partialInterval_ = seconds; }
    // Stops the running sweep. keepRecord: its record stays, so that the same settings resume it (the app
    // closing, the user's Cancel); otherwise (settings replaced) the record goes.
    void cancel(bool keepRecord = false);
    // The app closing: stops the running sweep (its record kept) and refuses every later recompute, so that
    // waiting for idle cannot meet a sweep that a timer or a view started while it waited.
    void close();
    bool busy() const { return running_ > 0; }
    // The last job that ended without its result was replaced by newer settings, not stopped by a Cancel: nothing
    // the user cancelled (a lesson's first step once greeted the room with "Cancelled").
    bool replaced() const { return lastEndReplaced_; }
    // Where unfinished sweeps are recorded run by run (empty: nowhere), so that the same settings resume them
    // after a crash or a restart instead of starting over. Records older than two weeks are removed.
    void setJournalFolder(const QString& folder);
    const QString& journalFolder() const { return journalFolder_; }
    // A data set of at least `aboveGraphs` graphs whose densities are neither kept nor on disk gets a preview
    // first: the sweep on a stratified subsample of at most `graphs` graphs (SweepPreview.h). 0 turns it off.
    // By default one graph in 20, between 100 and 500: a preview's densities then cost ~5 % of the sweep's
    // first pattern set (COLLAB: 250 graphs, REDDIT-BINARY: 100).
    // A preview for data sets of at least `aboveGraphs` graphs and `aboveEdges` edges, on `graphs` of them.
    void setPreview(int aboveGraphs, int graphs, long aboveEdges = 0) {
        previewAbove_ = aboveGraphs;
        previewGraphs_ = graphs;
        previewAboveEdges_ = aboveEdges;
    }
    // The running job's preview, until its sweep finishes (null when there is none): drawn as a preview only.
    const px::experiment::SweepResult* previewResult() const { return preview_.get(); }
    // Waits until no job runs (tests, shutdown).
    void waitForIdle();

    const px::experiment::SweepResult* result() const { return result_.get(); }
    // The settings each result was computed for (ViewKeys.h: a view draws a result with its key, never with the
    // current settings' key): the finished result, the running job (its preview and partial results), the densities
    // and patterns on hand. Empty when there is no such result.
    const std::optional<ExplorerSettings>& resultFor() const { return resultFor_; }
    const std::optional<ExplorerSettings>& runningFor() const { return runningFor_; }
    const std::optional<ExplorerSettings>& densitiesFor() const { return densitiesFor_; }
    // Whether `computedFor` (one of the three above) is the sweep `settings` ask for (ViewKeys.h, Scope::Sweep).
    static bool sameSweep(const std::optional<ExplorerSettings>& computedFor, const ExplorerSettings& settings);
    // The finished result if it is the sweep `settings` ask for, else null: what may be quoted as theirs.
    const px::experiment::SweepResult* resultOf(const ExplorerSettings& settings) const {
        return sameSweep(resultFor_, settings) ? result_.get() : nullptr;
    }
    // Why the last job failed (empty: it did not), and its last reported progress (0 to 1, -1 when none runs).
    const QString& failure() const { return failure_; }
    // What the status bar and the views' notes call this controller's work ("sweep", "expressivity view", …).
    const QString& workName() const { return workName_; }
    void setWorkName(const QString& name) { workName_ = name; }
    double fraction() const { return busy() ? fraction_ : -1; }
    // The runs of the running job so far (summarised), for progressive plots; null when none.
    const px::experiment::SweepResult* partialResult() const { return partial_.get(); }
    // The privacy report at another ε for the last computed patterns (fast: no recomputation of
    // densities); empty optional-like result if nothing was computed yet.
    bool reportAt(const ExplorerSettings& settings, double epsilon, px::privacy::PrivacyReport& out, QString* error = nullptr) const;
    const px::PatternSet* patterns() const { return patterns_.get(); }
    const px::DensityMatrix* densities() const { return densities_.get(); }
    // A noise model for the last computed patterns at another ε (null if none, or on error).
    std::unique_ptr<px::privacy::NoiseModel> modelAt(const ExplorerSettings& settings, double epsilon, QString* error = nullptr) const;

    // The sweep spec the explorer runs for the settings (public for tests and export).
    static px::experiment::SweepSpec specFor(const ExplorerSettings& s, Mode mode = Mode::TradeOff);

signals:
    void started();
    void progressed(double fraction);
    void partialReady();
    // A preview of the running sweep is in (previewResult()); the sweep's own points follow.
    void previewReady();
    // The densities of the running sweep's patterns are in (before it finishes): the privacy report can be drawn.
    void densitiesReady();
    // The result is in (result(), resultFor()): emitted just before finished, so that the window draws it before the
    // listeners of finished (the progress bar, whose end has every view decided again) hear of the end.
    void resultArrived();
    void finished();
    void failed(QString message);
    // The job ended on a data set without class labels: its patterns and densities are in (densitiesReady() came
    // first), nothing was learnt, and nothing failed (kNoLabels says what works and what needs labels).
    void doneWithoutLabels();
    // A job ended without its result: stopped by cancel(), or replaced by a newer recompute (replaced()).
    void cancelled();
    // Something the user should know that is not an error (runs resumed from the last session, a record not kept).
    void notice(QString message);

private:
    struct Job;
    void deliver(const std::shared_ptr<Job>& job, std::shared_ptr<px::experiment::SweepResult> res,
                 std::shared_ptr<const px::PatternSet> patterns, std::shared_ptr<const px::DensityMatrix> densities, const QString& error,
                 bool wasCancelled, bool unlabelled);
    void noticeIfCurrent(const std::shared_ptr<Job>& job, const QString& text);
    void runPreview(const std::shared_ptr<Job>& job, const px::experiment::SweepSpec& spec, const px::Dataset& data, int graphs,
                    px::Progress& progress);
    double partialInterval_ = 0.3;
    QString workName_ = tr("sweep");
    QString journalFolder_;
    Mode mode_;
    std::shared_ptr<const px::Dataset> data_;
    std::string dataSpec_, dataLabels_;
    std::shared_ptr<Job> job_;
    std::atomic<int> running_{0};
    bool lastEndReplaced_ = false;
    std::unique_ptr<px::experiment::SweepResult> result_;
    std::shared_ptr<const px::experiment::SweepResult> partial_, preview_;
    int previewAbove_ = 1500, previewGraphs_ = -1;  // -1: N / 20 within [100, 500]
    // ... and 500,000 edges: IMDB-BINARY and -MULTI (1,000 and 1,500 small graphs) finish their whole sweep in under
    // half a second, so a preview on a hundred of their graphs would only show a worse curve first.
    long previewAboveEdges_ = 500000;
    std::shared_ptr<const px::PatternSet> patterns_;
    std::shared_ptr<const px::DensityMatrix> densities_;
    // Densities computed for this data set, by pattern set: a setting that leaves the patterns as they were
    // recomputes without them. Replaced with the data set.
    // A cache backed by the density store the environment names (PX_DENSITY_CACHE): the app, not the engine, decides.
    static std::shared_ptr<px::experiment::DensityCache> newDensityCache();
    std::shared_ptr<px::experiment::DensityCache> densityCache_ = newDensityCache();
    std::optional<ExplorerSettings> lastSettings_;  // of the last recompute: did this one change k alone?
    std::optional<ExplorerSettings> resultFor_, runningFor_, densitiesFor_;
    QString failure_;
    double fraction_ = 0;
    bool closed_ = false;
};
