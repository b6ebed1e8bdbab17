#include "DepthWorkspace.h"
#include "ComputePool.h"

#include "DepthViews.h"
#include "Notation.h"
#include "QueuedProgress.h"
#include "ViewPresenter.h"
#include "common/Error.h"
#include "common/Progress.h"
#include "dataset/NodeDataset.h"
#include "depthlab/DepthLab.h"
#include "panels/DepthPanels.h"
#include "panels/NodeDataPanel.h"
#include "panels/NumberFieldGuard.h"
#include "panels/WheelGuard.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QComboBox>
#include <QSettings>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <qcustomplot.h>
#include <algorithm>
#include <cmath>

using px::experiment::ResultTable;
using nlohmann::json;

// Its progress is told as the whole queue's (DepthWorkspace::batchFraction); a job already replaced tells nothing.
struct DepthWorkspace::Job : QueuedProgress {
    explicit Job(DepthWorkspace* o)
        : QueuedProgress(o, [o, this](double f) { if (o->job_.get() == this) emit o->progressed(o->batchFraction(f)); }) {}
};

DepthWorkspace::DepthWorkspace(QWidget* parent) : QWidget(parent) {
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Horizontal, this);
    scroll_ = new QScrollArea(split);
    scroll_->setWidgetResizable(true);
    scroll_->setWidget(buildPanels());
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // wide enough instead
    fitPanelWidth();
    scroll_->widget()->installEventFilter(this);  // its size hint changes with the font (presentation mode)
    auto* right = new QWidget(split);
    auto* rv = new QVBoxLayout(right);
    rv->setContentsMargins(0, 0, 0, 0);
    views_ = new DepthViews(right);
    rv->addWidget(views_, 1);
    auto* statusRow = new QHBoxLayout;
    status_ = new QLabel(tr("Depth lab: press Run all (Ctrl+R) or run one experiment"), right);
    status_->setWordWrap(true);  // a long message (an error) wraps: it never widens the window past the screen
    statusRow->addWidget(status_, 1);
    // progress and Cancel beside the lab's own status, unless the window's status bar shows them (useWindowProgress)
    progress_ = new QProgressBar(right);
    progress_->setObjectName("depth-progress");
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(200);
    progress_->hide();
    cancel_ = new QPushButton(tr("Cancel"), right);
    cancel_->setObjectName("depth-cancel");
    cancel_->setToolTip(tr("Stop the running experiment and drop the queued ones"));
    cancel_->hide();
    connect(cancel_, &QPushButton::clicked, this, &DepthWorkspace::cancel);
    connect(this, &DepthWorkspace::busyChanged, this, [this](bool busy) {
        progress_->setVisible(busy && !windowProgress_);
        cancel_->setVisible(busy && !windowProgress_);
        progress_->setValue(0);
    });
    connect(this, &DepthWorkspace::progressed, this, [this](double f) {
        progress_->setValue(int(std::lround(1000 * std::clamp(f, 0.0, 1.0))));
        batchShown_ = std::max(batchShown_, f);  // as the window's bar: never lower
        presenter_->presentAll();
    });
    statusRow->addWidget(progress_);
    statusRow->addWidget(cancel_);
    rv->addLayout(statusRow);
    split->addWidget(scroll_);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({1, 1 << 20});  // the panels as narrow as they may be (their minimum), the plots the rest
    outer->addWidget(split);
    presenter_ = new ViewPresenter(this);
    watchViews();
    setNodeData("builtin:chain-8");
    keepSettings();
    presenter_->start();
}

// The controls as the user left them at the last run of the app, and every change of them kept for the next.
void DepthWorkspace::keepSettings() {
    const QByteArray kept = QSettings().value("depth/settings").toByteArray();
    const json j = json::parse(kept.toStdString(), nullptr, false);  // unreadable: the defaults
    if (!kept.isEmpty() && !j.is_discarded()) {
        for (DepthPanel* p : panels_) p->blockSignals(true);  // taking them starts nothing (a changed ε would run)
        applySettings(DepthSettings::fromJson(j));
        for (DepthPanel* p : panels_) p->blockSignals(false);
    }
    const auto save = [this] { QSettings().setValue("depth/settings", QByteArray::fromStdString(settings().toJson().dump())); };
    for (DepthPanel* p : panels_) connect(p, &DepthPanel::edited, this, save);
    connect(convergence_, &ConvergencePanel::epsilonChanged, this, save);
}

void DepthWorkspace::watchViews() {
    // “Run heat maps”: each experiment's button on the left, named once (each view's note names it at every paint)
    for (const QPushButton* b : scroll_->widget()->findChildren<QPushButton*>())
        if (const QString e = b->property("pxExperiment").toString(); !e.isEmpty())
            runButtons_[e.toStdString()] = "“" + b->text().section(" (", 0, 0) + "”";
    for (const auto& [experiment, plots] : views_->plotsByExperiment())
        for (QCustomPlot* plot : plots) {
            const std::string e = experiment;
            ViewPresenter::Source source;
            source.drawnKey = [this, e] { const json* s = views_->spec(e); return s ? s->dump() : std::string(); };
            source.currentKey = [this, e] { return specFor(e).dump(); };
            source.activity = [this, e] { return activityOf(e); };
            source.settings = [this, e] { return specFor(e); };
            presenter_->add(plot->objectName(), plot, std::move(source));
        }
    for (DepthPanel* p : panels_) connect(p, &DepthPanel::edited, presenter_, &ViewPresenter::presentAll);
    connect(convergence_, &ConvergencePanel::epsilonChanged, presenter_, &ViewPresenter::presentAll);
}

ViewActivity DepthWorkspace::activityOf(const std::string& e) const {
    ViewActivity a;
    const auto named = runButtons_.find(e);
    const QString button = named != runButtons_.end() ? named->second : tr("its Run button");
    a.rerun = button.toStdString();
    a.part = "depth lab";
    const json now = specFor(e);
    const bool running = !runningSpec_.is_null() && runningSpec_ == now;
    a.busy = running || std::any_of(queue_.begin(), queue_.end(), [&](const json& q) { return q == now; });
    if (a.busy) a.fraction = batchShown_;
    if (auto f = failures_.find(e); f != failures_.end() && f->second.first == now.dump()) a.failure = f->second.second.toStdString();
    if (!views_->spec(e) && !a.busy && a.failure.empty())
        a.emptyReason = tr("Not run yet: %1 on the left runs it, “Run all depth experiments” (Ctrl+R) runs every one").arg(button).toStdString();
    return a;
}

bool DepthWorkspace::isCurrent(const std::string& e) const {
    const json* drawn = views_->spec(e);
    return drawn && *drawn == specFor(e);
}

DepthWorkspace::~DepthWorkspace() {
    blockSignals(true);  // its listeners (the window's work indicator) may already be gone
    queue_.clear();
    if (job_) job_->stop = true;
    waitForIdle();
}

QWidget* DepthWorkspace::buildPanels() {
    auto* panel = new QWidget;
    auto* v = new QVBoxLayout(panel);
    auto* runAllButton = new QPushButton(tr("Run all depth experiments"), panel);
    runAllButton->setShortcut(QKeySequence("Ctrl+R"));
    runAllButton->setToolTip(tr("Queue every experiment below with the current settings (Ctrl+R)"));
    connect(runAllButton, &QPushButton::clicked, this, &DepthWorkspace::runAll);
    v->addWidget(runAllButton);
    nodeData_ = new NodeDataPanel(panel);
    convergence_ = new ConvergencePanel(panel);
    panels_ = {new CoseraPanel(panel), nodeData_, new NagPanel(panel), convergence_, new AsampPanel(panel)};
    for (DepthPanel* p : panels_) {
        v->addWidget(p);
        connect(p, &DepthPanel::runRequested, this, [this](const QString& e) {  // one experiment's button: show its tab
            views_->showExperiment(e.toStdString());
            run(e.toStdString());
        });
    }
    v->addStretch(1);
    connect(nodeData_, &NodeDataPanel::status, this, [this](const QString& t) { status_->setText(t); });
    connect(nodeData_, &NodeDataPanel::message, this, &DepthWorkspace::message);
    connect(convergence_, &ConvergencePanel::epsilonChanged, this, [this] {
        run("accounting");
        views_->redraw("propagation", settings().epsilon);
    });
    WheelGuard::install(panel);
    NumberFieldGuard::install(panel);
    typesetFormulas(panel);
    // Lists as wide as about 16 characters, not as their longest choice ("linear probe (PCA, logistic regression)"):
    // in projector mode at 1280×720 the panels took 45 % of the width from the plots. The open list shows every
    // choice whole; the closed one shows as much as its row has room for.
    for (QComboBox* box : panel->findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(16);
    }
    return panel;
}

void DepthWorkspace::typesetFormulas(QWidget* panel) {
    const auto written = [](const QString& t) { return t.contains('_') || t.contains('^'); };  // ‖W_l‖_op, P^L
    for (QWidget* w : panel->findChildren<QWidget*>()) {
        if (written(w->toolTip())) w->setToolTip(px::widgets::typesetNotation(w->toolTip()));
        if (auto* label = qobject_cast<QLabel*>(w); label && written(label->text())) label->setText(px::widgets::typesetNotation(label->text()));
    }
}

DepthSettings DepthWorkspace::settings() const {
    DepthSettings s;
    for (const DepthPanel* p : panels_) p->collect(s);
    return s;
}

void DepthWorkspace::applySettings(const DepthSettings& s) {
    for (DepthPanel* p : panels_) p->apply(s);
}

json DepthWorkspace::specFor(const std::string& e) const {
    const auto data = nodeData_->data();
    return settings().specFor(e, nodeData_->spec().toStdString(), data ? data->numClasses() : 0);
}

bool DepthWorkspace::setNodeData(const QString& spec, QString* error) { return nodeData_->load(spec, error); }
void DepthWorkspace::loadNodeDataInBackground(const QString& spec) { nodeData_->loadInBackground(spec); }
bool DepthWorkspace::hasRun() const { return !views_->empty() || busy(); }
const ResultTable* DepthWorkspace::table(const std::string& e) const { return views_->table(e); }
QCustomPlot* DepthWorkspace::currentPlot() const { return views_->currentPlot(); }
QList<QCustomPlot*> DepthWorkspace::plots() const { return views_->plots(); }
QTabWidget* DepthWorkspace::views() const { return views_; }
void DepthWorkspace::setFontScale(double fs) {
    fitPanelWidth();  // the application font changed with the scale: the panels' width follows it
    views_->setFontScale(fs, settings().epsilon);
    presenter_->setFontScale(fs);
    presenter_->presentAll();
}

bool DepthWorkspace::eventFilter(QObject* watched, QEvent* event) {
    if (watched == scroll_->widget() && event->type() == QEvent::LayoutRequest) fitPanelWidth();
    return QWidget::eventFilter(watched, event);
}

void DepthWorkspace::fitPanelWidth() {
    QWidget* panel = scroll_->widget();
    if (panel->layout()) panel->layout()->activate();
    scroll_->setMinimumWidth(panel->minimumSizeHint().width() + scroll_->verticalScrollBar()->sizeHint().width() + 2 * scroll_->frameWidth());
}

bool DepthWorkspace::exportAll(const QString& folder, QString* error, QStringList* leftOut, QStringList* written) {
    try {
        const QStringList skipped = views_->exportAll(folder, [this](const std::string& e) { return isCurrent(e); }, written);
        if (leftOut) *leftOut << skipped;
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

void DepthWorkspace::runAll() {
    for (const auto& e : {"accounting", "cosera-grid", "nag", "nag-trained", "asamp", "propagation", "sbm-sweep", "cosera-real"})
        if (px::depthlab::depthExperimentAvailable(e)) run(e);
}

void DepthWorkspace::run(const std::string& experiment) {
    if (closed_) return;
    json spec = specFor(experiment);
    // a newer request for the same experiment replaces a queued one
    queue_.erase(std::remove_if(queue_.begin(), queue_.end(), [&](const json& j) { return j["experiment"] == experiment; }),
                 queue_.end());
    queue_.push_back(std::move(spec));
    if (!job_) startNext();
    presenter_->presentAll();
}

// The experiments started since the lab was last idle are one piece of work: the bar goes from 0 to 100 % once
// over all of them (it restarted at each experiment: "99 %" then "26 %"), and the end of the last one is said.
double DepthWorkspace::batchFraction(double running) const {
    const int total = batchDone_ + (job_ ? 1 : 0) + int(queue_.size());
    return total == 0 ? 1.0 : (batchDone_ + std::clamp(running, 0.0, 1.0)) / total;
}

void DepthWorkspace::startNext() {
    if (queue_.empty()) {
        if (batchDone_ > 0 && !batchCancelled_) {
            emit message(batchDone_ == 1 ? tr("Depth lab: the experiment finished")
                                         : tr("Depth lab: all %1 experiments finished").arg(batchDone_));
            // the window's status bar says it for seconds; the lab's own line keeps it
            if (batchDone_ > 1) status_->setText(tr("All %1 experiments finished; the last: %2").arg(batchDone_).arg(status_->text()));
        }
        batchDone_ = 0;
        batchCancelled_ = false;
        batchShown_ = -1;
        emit busyChanged(false);
        presenter_->presentAll();
        return;
    }
    const json spec = queue_.front();
    queue_.erase(queue_.begin());
    const std::string name = spec["experiment"].get<std::string>();
    auto job = std::make_shared<Job>(this);
    job_ = job;
    runningSpec_ = spec;
    if (batchDone_ == 0) {  // the queue's work begins
        batchShown_ = 0;
        emit busyChanged(true);
    }
    emit progressed(batchFraction(0));
    status_->setText(tr("Running %1 (%2 of %3)…").arg(QString::fromStdString(name)).arg(batchDone_ + 1)
                         .arg(batchDone_ + 1 + int(queue_.size())));
    auto data = nodeData_->data();
    const std::string nodeSpecAtStart = nodeData_->spec().toStdString();
    (void)QtConcurrent::run(computePool(), [this, job, spec, name, data, nodeSpecAtStart] {
        auto table = std::make_shared<ResultTable>();
        QString error;
        bool cancelled = false;
        try {
            const bool usesNodeData = spec.contains("data") && spec["data"].get<std::string>() == nodeSpecAtStart;
            *table = px::depthlab::runDepthExperiment(spec, "Depth lab: " + name, *job, usesNodeData ? data.get() : nullptr);
        } catch (const px::Cancelled&) {
            cancelled = true;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(this, [this, job, table, spec, name, error, cancelled] {
            if (job_ == job) job_.reset();
            runningSpec_ = nullptr;
            ++batchDone_;
            if (cancelled || job->stop) {
                status_->setText(tr("Cancelled %1").arg(QString::fromStdString(name)));
                emit message(tr("Depth lab: cancelled %1; the experiments queued after it were dropped").arg(QString::fromStdString(name)));
                batchCancelled_ = true;
            } else if (!error.isEmpty()) {
                failures_[name] = {spec.dump(), error};
                status_->setText(tr("%1 failed: %2").arg(QString::fromStdString(name), error));
                emit message(tr("Depth lab: %1 failed: %2").arg(QString::fromStdString(name), error));
            } else {
                failures_.erase(name);
                views_->setResult(name, *table, spec, settings().epsilon);
                status_->setText(tr("Finished %1 (%2 rows)").arg(QString::fromStdString(name)).arg(table->rows()));
            }
            startNext();
            presenter_->presentAll();
        }, Qt::QueuedConnection);
    });
}

void DepthWorkspace::cancel() {
    queue_.clear();
    presenter_->presentAll();  // the views queued say at once that they will not be computed
    if (job_) {
        job_->stop = true;
        status_->setText(tr("Cancelling…"));
    }
}

void DepthWorkspace::close() {
    closed_ = true;
    cancel();
}

bool DepthWorkspace::busy() const { return job_ != nullptr || !queue_.empty(); }

void DepthWorkspace::waitForIdle() {
    while (busy()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
}
