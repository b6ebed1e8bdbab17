#include "ExplorerController.h"

#include "experiment/DensityCache.h"
#include "experiment/SweepPreview.h"
#include "ComputePool.h"
#include "QueuedProgress.h"
#include "ViewKeys.h"

#include "common/Error.h"
#include "generators/Generators.h"
#include "io/Loaders.h"
#include "learn/LearnerRegistry.h"
#include "learn/NeighbourMemo.h"

#include "experiment/RunJournal.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QMetaObject>
#include <QStandardPaths>
#include <QThread>
#include <QtConcurrent>
#include <cmath>

const char* const ExplorerController::kNoLabels =
    "No class labels: noise anatomy, privacy report and PCA embedding shown; trade-off, expressivity, utility vs d "
    "and results need labels (Labels…)";

// A running job: its cancel flag and the progress adapter the engine calls from worker threads.
struct ExplorerController::Job : QueuedProgress {
    // Progress of a job that was replaced or stopped is not news: only the current job's reaches the window.
    explicit Job(ExplorerController* o)
        : QueuedProgress(o, [o, self = this](double f) {
              if (o->job_.get() == self && !self->stop) {
                  o->fraction_ = f;
                  emit o->progressed(f);
              }
          }) {}
    std::atomic<bool> keepJournal{false};  // stopped by the app closing: the next start resumes it
};

#include "ExplorerJournal.h"

// kNN's neighbour lists kept between recomputes (NeighbourMemo.h): a change of k re-reads them instead of searching
// again. 128 MiB holds about five sweeps of COLLAB at the default settings (40 runs × 10 folds × 500 queries × 32
// neighbours).
constexpr std::size_t kNeighbourMemoBytes = std::size_t(128) << 20;

std::shared_ptr<px::experiment::DensityCache> ExplorerController::newDensityCache() {
    return std::make_shared<px::experiment::DensityCache>(std::size_t(256) << 20, px::experiment::DiskDensityStore::fromEnvironment());
}

ExplorerController::ExplorerController(QObject* parent, Mode mode) : QObject(parent), mode_(mode) {
    if (px::learn::neighbourMemoLimit() < kNeighbourMemoBytes) px::learn::setNeighbourMemoLimit(kNeighbourMemoBytes);
    setJournalFolder(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/unfinished-sweeps");
}

ExplorerController::~ExplorerController() {
    close();
    waitForIdle();
}

void ExplorerController::setJournalFolder(const QString& folder) {
    journalFolder_ = folder;
    if (folder.isEmpty()) return;
    const QDateTime stale = QDateTime::currentDateTime().addDays(-14);
    for (const QFileInfo& f : QDir(folder).entryInfoList({"*.runs.partial", "*.runs.partial.*.ckpt", "*.runs.done"}, QDir::Files))
        if (f.lastModified() < stale) QFile::remove(f.filePath());
    // Finished records (a few kB each, a GIN sweep's up to ~1 MB): the 200 most recently used stay.
    const QFileInfoList finished = QDir(folder).entryInfoList({"*.runs.done"}, QDir::Files, QDir::Time);
    for (int i = 200; i < finished.size(); ++i) QFile::remove(finished[i].filePath());
}

std::shared_ptr<const px::Dataset> ExplorerController::loadDataset(const std::string& spec, const std::string& labels) {
    const px::io::FolderLabels choice = px::io::FolderLabels::parse(labels);
    if (spec.rfind("builtin:", 0) != 0) return std::make_shared<const px::Dataset>(px::io::loadDataset(spec, choice));
    if (choice.source == px::io::FolderLabels::Source::CsvColumn || choice.source == px::io::FolderLabels::Source::GraphMLKey)
        throw std::invalid_argument("labels " + labels + " applies to a folder of graph files, not to generated data (" + spec + ")");
    px::Dataset ds = px::gen::builtin(spec.substr(8));
    if (choice.source == px::io::FolderLabels::Source::None) {  // as pxrun's --labels none
        ds.tasks.clear();
        ds.labels.resize(ds.size(), 0);
    }
    return std::make_shared<const px::Dataset>(std::move(ds));
}

void ExplorerController::setDataset(std::shared_ptr<const px::Dataset> data, const std::string& spec, const std::string& labels) {
    cancel();
    data_ = std::move(data);
    dataSpec_ = spec;
    dataLabels_ = labels;
    densityCache_ = newDensityCache();  // the densities of this data set only
    result_.reset();
    patterns_.reset();
    densities_.reset();
    resultFor_.reset();
    densitiesFor_.reset();
    failure_.clear();
}

px::experiment::SweepSpec ExplorerController::specFor(const ExplorerSettings& s, Mode mode) {
    px::experiment::SweepSpec spec;
    spec.source = "the settings panels";  // what an error found while it runs names
    spec.name = "explorer";
    spec.dataset = s.dataset;
    spec.labels = s.labels;
    spec.patterns.patternClass = px::PatternClass::parse(s.patternClass);
    spec.patterns.count = s.d;
    spec.patterns.size.maxSize = s.maxSize;
    spec.patterns.size.mean = s.sizeMean;
    spec.patterns.connected = s.connected;
    spec.patterns.duplicates = s.keepDuplicates ? px::DuplicatePolicy::Keep : px::DuplicatePolicy::Resample;
    spec.patternSeeds.clear();
    spec.noiseSeeds.clear();
    for (int r = 0; r < s.repetitions; ++r) {
        spec.patternSeeds.push_back(s.patternSeed + std::uint64_t(r));
        spec.noiseSeeds.push_back(std::uint64_t(r + 1));
    }
    px::privacy::MechanismParams m = s.mechanism;
    m.axis = px::privacy::BudgetAxis::Epsilon;
    spec.mechanisms = {m};
    spec.budgetAxis = px::privacy::BudgetAxis::Epsilon;
    spec.budgets.clear();
    if (mode == Mode::Expressivity) {
        spec.classes = {"trees", "treewidth:2", "treewidth:3"};
        spec.budgets = {s.mechanism.epsilon, INFINITY};
    } else if (mode == Mode::Dimension) {
        spec.dims = {5, 10, 20, 40, 80, 160};
        spec.budgets = {s.mechanism.epsilon, INFINITY};
    } else {
        for (int i = 0; i < 9; ++i) spec.budgets.push_back(0.1 * std::pow(1000.0, i / 8.0));  // 0.1 … 100
        spec.budgets.push_back(INFINITY);
    }
    spec.learner.kind = s.learner;
    spec.learner.k = s.k;
    spec.learner.C = s.C;
    spec.learner.trees = s.trees;
    spec.learner.maxDepth = px::learn::defaultMaxDepth(s.learner);  // rf: trees grown to purity, as in a spec file
    spec.learner.gin.layers = s.ginLayers;
    spec.learner.gin.hidden = s.ginHidden;
    spec.learner.gin.epochs = s.ginEpochs;
    spec.learner.gin.features = px::neural::nodeFeaturesFromString(s.ginFeatures);
    // folds and controls train side by side on every core; each keeps its seed, so the results are the same
    spec.learner.gin.parallelTrainings = std::max(1, QThread::idealThreadCount());
    if (px::learn::isGraphLearner(s.learner)) spec.patternSeeds.resize(1);  // a GIN uses no patterns: seeds repeat by noise seed
    spec.noisyTest = s.noisyTest;
    spec.featureMap = px::experiment::featureMapFromKey(s.featureMap);
    spec.appendLogN = s.appendLogN;
    spec.tuning.nested = s.nestedTuning;
    if (s.nestedTuning && s.learner == px::learn::LearnerKind::Gin) {  // Xu et al.'s batch × dropout, the panel's width kept: 4 trainings per fold
        spec.tuning.grid.batch = {32, 128};
        spec.tuning.grid.dropout = {0, 0.5};
    }
    spec.protocol = s.protocol;
    return spec;
}

namespace {
bool changesKAlone(const std::optional<ExplorerSettings>& last, const ExplorerSettings& now) {
    if (!last || last->k == now.k) return false;
    ExplorerSettings otherK = now;
    otherK.k = last->k;
    return otherK == *last;
}
}  // namespace

void ExplorerController::recompute(const ExplorerSettings& settings) {
    cancel();
    if (!data_ || closed_) return;
    px::experiment::SweepSpec spec = specFor(settings, mode_);
    // k alone changed: the user is exploring k, so kNN keeps twice the neighbours for the next change to read.
    spec.learner.exploringK = changesKAlone(lastSettings_, settings);
    lastSettings_ = settings;
    runningFor_ = settings;
    if (!dataSpec_.empty()) runningFor_->dataset = dataSpec_;  // the data it runs on, not what a panel may say
    if (!dataLabels_.empty()) runningFor_->labels = dataLabels_;
    failure_.clear();
    fraction_ = 0;
    auto job = std::make_shared<Job>(this);
    job_ = job;
    auto data = data_;
    ++running_;
    preview_.reset();
    partial_.reset();  // the points of a replaced job are not this one's
    emit started();
    const bool previewAllowed = previewAbove_ > 0 && data->size() >= previewAbove_ && data->totalEdges() >= previewAboveEdges_ &&
                                !px::learn::isGraphLearner(spec.learner.kind);
    (void)QtConcurrent::run(computePool(), [this, job, data, spec, interval = partialInterval_, folder = journalFolder_,
                                            cache = densityCache_, previewAllowed,
                                            previewGraphs = previewGraphs_ > 0 ? previewGraphs_ : std::clamp(data->size() / 20, 100, 500)]() {
        std::unique_ptr<px::experiment::SweepResult> result;
        std::shared_ptr<const px::PatternSet> patterns;
        std::shared_ptr<const px::DensityMatrix> densities;
        QString error;
        bool wasCancelled = false, unlabelled = false;
        std::unique_ptr<px::experiment::RunJournal> journal;
        QString finishedRecord;
        try {
            px::PatternSamplerParams pp = spec.patterns;
            pp.seed = spec.patternSeeds[0];
            // One bar for the whole job: sampling the patterns is its first 2 %, a preview (if any) the next 6 %,
            // the sweep the rest.
            px::SubProgress sampling(*job, 0.0, 0.02);
            patterns = std::make_shared<const px::PatternSet>(px::PatternSet::sample(pp, sampling));
            QString notice;
            journal = openJournal(folder, spec, *data, notice, finishedRecord);
            if (!notice.isEmpty()) noticeIfCurrent(job, notice);
            // Worth it only when densities are to be computed and the runs are not restored from a record.
            const bool preview = previewAllowed && !cache->holds(*data, *patterns) && !(journal && journal->restoredRuns() > 0);
            px::SubProgress previewing(*job, 0.02, 0.06), sweeping(*job, preview ? 0.08 : 0.02, preview ? 0.92 : 0.98);
            if (data->tasks.empty()) {  // nothing to learn, but the noise needs no labels: its densities are delivered
                densities = cache->get(*data, *patterns, sweeping);
                unlabelled = true;
            }
            if (preview && !unlabelled) runPreview(job, spec, *data, previewGraphs, previewing);
            px::experiment::SweepOptions opt;
            opt.journal = journal.get();
            opt.partialInterval = interval;
            opt.densities = cache.get();
            // All pattern sets' densities in one pass (SweepOptions::densitiesTogether, as pxrun): messages the sets share
            // are computed once, so the sweep is done sooner; until its first points, its preview is on screen.
            auto peeked = std::make_shared<std::atomic<bool>>(false);  // the densities are looked up until found, once
            opt.onPartial = [this, job, patterns, cache, peeked](const px::experiment::SweepResult& p) {
                auto copy = std::make_shared<const px::experiment::SweepResult>(p);
                // the report needs the densities, not the whole sweep
                auto computed = peeked->load() ? nullptr : cache->peek(*patterns);
                if (computed) peeked->store(true);
                QMetaObject::invokeMethod(this, [this, job, copy, patterns, computed] {
                    if (job != job_ || job->stop) return;
                    partial_ = copy;
                    if (computed && computed != densities_) {
                        patterns_ = patterns;
                        densities_ = computed;
                        densitiesFor_ = runningFor_;
                        emit densitiesReady();
                    }
                    emit partialReady();
                }, Qt::QueuedConnection);
            };
            if (!unlabelled) {
                result = std::make_unique<px::experiment::SweepResult>(px::experiment::runSweep(spec, *data, opt, sweeping));
                densities = cache->get(*data, *patterns, *job);  // the sweep's first pattern set: kept by it
            }
        } catch (const px::Cancelled&) {
            wasCancelled = true;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        // Finished, failed or replaced by other settings: the record goes. Stopped by the app closing: it stays.
        if (journal && result && error.isEmpty() && !wasCancelled && journal->problem().empty())
            keepFinishedRecord(finishedRecord, *journal);
        if (journal && !(wasCancelled && job->keepJournal)) {
            if (!journal->problem().empty()) {
                const QString problem = tr("The sweep's record for resuming stopped: %1").arg(QString::fromStdString(journal->problem()));
                noticeIfCurrent(job, problem);
            }
            journal->finish();
        }
        QMetaObject::invokeMethod(
            this,
            [this, job, res = std::shared_ptr<px::experiment::SweepResult>(std::move(result)), patterns, densities, error,
             wasCancelled, unlabelled]() mutable { deliver(job, std::move(res), patterns, densities, error, wasCancelled, unlabelled); },
            Qt::QueuedConnection);
    });
}

bool ExplorerController::sameSweep(const std::optional<ExplorerSettings>& computedFor, const ExplorerSettings& settings) {
    return computedFor && viewkeys::key(*computedFor, viewkeys::Scope::Sweep) == viewkeys::key(settings, viewkeys::Scope::Sweep);
}

// From a job's thread: its notice, said on the UI thread only if it is still the current job (a replaced
// job's "Shown from the kept record…" would otherwise stand beside the next sweep's progress).
void ExplorerController::noticeIfCurrent(const std::shared_ptr<Job>& job, const QString& text) {
    QMetaObject::invokeMethod(this, [this, job, text] {
        if (job == job_ && !job->stop) emit notice(text);
    }, Qt::QueuedConnection);
}

// On the UI thread: a job's end, news only if it is still the current job.
void ExplorerController::deliver(const std::shared_ptr<Job>& job, std::shared_ptr<px::experiment::SweepResult> res,
                                 std::shared_ptr<const px::PatternSet> patterns, std::shared_ptr<const px::DensityMatrix> densities,
                                 const QString& error, bool wasCancelled, bool unlabelled) {
    --running_;
    if (job != job_ || job->stop || wasCancelled) {
        lastEndReplaced_ = job != job_;
        emit cancelled();
        return;
    }
    if (unlabelled && error.isEmpty()) {  // what needs no labels is in; nothing failed
        patterns_ = std::move(patterns);
        densities_ = std::move(densities);
        densitiesFor_ = runningFor_;
        partial_.reset();
        preview_.reset();
        emit densitiesReady();
        emit doneWithoutLabels();
        return;
    }
    if (!error.isEmpty()) {
        if (densities) {  // what the failed job computed before it failed (unlabelled data: its densities)
            patterns_ = std::move(patterns);
            densities_ = std::move(densities);
            densitiesFor_ = runningFor_;
            emit densitiesReady();
        }
        failure_ = error;
        partial_.reset();  // a failed run's first points are not shown as these settings' result
        preview_.reset();
        emit failed(error);
        return;
    }
    result_ = std::make_unique<px::experiment::SweepResult>(std::move(*res));
    resultFor_ = runningFor_;
    partial_.reset();
    preview_.reset();
    patterns_ = std::move(patterns);
    densities_ = std::move(densities);
    densitiesFor_ = runningFor_;
    emit resultArrived();
    emit finished();
}

// Runs on the job's thread. A preview that fails is only a preview: the sweep after it says what is wrong.
void ExplorerController::runPreview(const std::shared_ptr<Job>& job, const px::experiment::SweepSpec& spec, const px::Dataset& data,
                                    int graphs, px::Progress& progress) {
    std::shared_ptr<const px::experiment::SweepResult> preview;
    try {
        preview = std::make_shared<const px::experiment::SweepResult>(px::experiment::runPreviewSweep(spec, data, graphs, progress));
    } catch (const px::Cancelled&) {
        throw;
    } catch (const std::exception&) {
        progress.report(1.0);
        return;
    }
    QMetaObject::invokeMethod(this, [this, job, preview] {
        if (job != job_ || job->stop || partial_) return;  // the sweep's own points came first
        preview_ = preview;
        emit previewReady();
    }, Qt::QueuedConnection);
}

void ExplorerController::cancel(bool keepRecord) {
    if (!job_) return;
    if (keepRecord) job_->keepJournal = true;
    job_->stop = true;
}

void ExplorerController::close() {
    closed_ = true;
    cancel(true);
}

void ExplorerController::waitForIdle() {
    while (running_ > 0) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
}

std::unique_ptr<px::privacy::NoiseModel> ExplorerController::modelAt(const ExplorerSettings& s, double epsilon, QString* error) const {
    if (!densities_ || !patterns_ || !data_) return nullptr;
    px::privacy::MechanismParams m = s.mechanism;
    m.axis = px::privacy::BudgetAxis::Epsilon;
    m.epsilon = epsilon;
    if (px::privacy::perturbsGraph(m.mechanism)) {
        if (error) *error = tr("randomized response (RR, DPRR) releases perturbed graphs: no noise model to preview");
        return nullptr;
    }
    try {
        return std::make_unique<px::privacy::NoiseModel>(densities_, patterns_->patterns, px::privacy::GraphFacts::of(*data_), m,
                                                         data_->name);
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return nullptr;
    }
}

bool ExplorerController::reportAt(const ExplorerSettings& s, double epsilon, px::privacy::PrivacyReport& out, QString* error) const {
    auto model = modelAt(s, epsilon, error);
    if (!model) return false;
    out = model->report();
    return true;
}
