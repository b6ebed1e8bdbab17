#include "DepthWorkspace.h"

#include "DepthPlots.h"
#include "QueuedProgress.h"
#include "FigureExport.h"
#include "common/AtomicFile.h"
#include "common/Error.h"
#include "common/Progress.h"
#include "dataset/NodeDataset.h"
#include "gnn/DepthLab.h"
#include "gnn/NodeGenerators.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <qcustomplot.h>

#include <atomic>
#include <cmath>
#include <cstdlib>

using px::experiment::ResultTable;
using nlohmann::json;

struct DepthWorkspace::Job : QueuedProgress {
    explicit Job(DepthWorkspace* o) : QueuedProgress(o, [o](double f) { o->progress_->setValue(int(f * 1000)); }) {}
};

namespace {

QString sharedDataDir() {
    const QByteArray env = qgetenv("PX_SHARED_DATA");
    return env.isEmpty() ? QString(PX_SHARED_DATA_DIR) : QString::fromLocal8Bit(env);
}

QCustomPlot* newPlot(QWidget* parent) {
    auto* p = new QCustomPlot(parent);
    p->setMinimumSize(420, 300);
    p->setInteraction(QCP::iRangeZoom, false);
    return p;
}

const char* kViewTips[] = {
    "COSERA (seed 002): cosine similarity of the node representations H = P^L X W₁⋯W_L scores every node pair;\n"
    "AUROC over all n(n−1)/2 pairs with the true edges as positives, mean over trials. Lighter = stronger attack.",
    "ERR = min over thresholds of FPR + FNR (type-I + type-II error of the best threshold attacker).\n"
    "Lighter = stronger attack (lower error).",
    "COSERA on SBM graphs (K equal blocks, within-block p, between-block q) at one (d, L):\n"
    "dense blocks create a barrier — same-block non-edges look like edges.",
    "COSERA on the selected node data set with its own features: H = P^L X W₁⋯W_L against depth L,\n"
    "identity and random weights (AUROC solid, ERR dashed).",
    "Noisy aggregation (NAG): every layer normalises rows, aggregates, applies W_l (‖W_l‖_op = ω) and adds N(0, σ²).\n"
    "Seed 002, Theorem 6.1: any attacker's type-I + type-II error ≥ 1 − √(1 − exp(−C Σ‖W_l‖²_op/σ²)),\n"
    "C = 1 (sum, mean, GCN) or 4 (max). Dashed: the bound; solid: COSERA measured.",
    "Noise multiplier σ/Δ for (ε, δ) after K hops, exact Gaussian conversion.\n"
    "GAP composes linearly: μ = √K·Δ/σ. CARIBOU (contraction c, last layer only) uses\n"
    "K_eff = (1+c)(1−c^K)/((1−c)(1+c^K)) → (1+c)/(1−c): the cost converges with depth.",
    "Test accuracy of a linear classifier (liblinear, C chosen on validation nodes) on [public features | release]\n"
    "against the number of hops at the chosen ε. Post-processing: no extra privacy cost.",
    "Test accuracy at the depth with the best validation accuracy, for every ε.",
    "COSERA on the released features: how much of the graph the private release still reveals.",
    "COSERA on the released features against ε at the deepest propagation run.",
    "AsampGCN (seed 003): m subgraphs keep each edge with probability p_s; the majority label is released when\n"
    "d̂ = (c₁ − c₂)/(4 m p_s) − 1 plus Lap(1/ε) exceeds ln(1/δ)/ε, else ⊥. Privacy needs p_s ≤ ε/(32 ln(1/δ)) (shaded).",
};

}  // namespace

DepthWorkspace::DepthWorkspace(QWidget* parent) : QWidget(parent) {
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    auto* panel = new QWidget;
    buildControls(panel);
    scroll->setWidget(panel);
    scroll->setMinimumWidth(300);
    auto* right = new QWidget(split);
    auto* rv = new QVBoxLayout(right);
    rv->setContentsMargins(0, 0, 0, 0);
    views_ = new QTabWidget(right);
    rv->addWidget(views_, 1);
    auto* statusRow = new QHBoxLayout;
    status_ = new QLabel(tr("Depth lab: press Run all (Ctrl+R) or run one experiment"), right);
    progress_ = new QProgressBar(right);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(240);
    progress_->setVisible(false);
    cancel_ = new QPushButton(tr("Cancel"), right);
    cancel_->setEnabled(false);
    cancel_->setToolTip(tr("Stop the running depth experiment and drop the queued ones"));
    connect(cancel_, &QPushButton::clicked, this, &DepthWorkspace::cancel);
    statusRow->addWidget(status_, 1);
    statusRow->addWidget(progress_);
    statusRow->addWidget(cancel_);
    rv->addLayout(statusRow);
    split->addWidget(scroll);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    outer->addWidget(split);
    buildViews();
    setNodeData("builtin:chain-8");
}

DepthWorkspace::~DepthWorkspace() {
    queue_.clear();
    if (job_) job_->stop = true;
    waitForIdle();
}

void DepthWorkspace::buildControls(QWidget* panel) {
    auto* v = new QVBoxLayout(panel);
    auto* runAllButton = new QPushButton(tr("Run all depth experiments"), panel);
    runAllButton->setShortcut(QKeySequence("Ctrl+R"));
    runAllButton->setToolTip(tr("Queue every experiment below with the current settings (Ctrl+R)"));
    connect(runAllButton, &QPushButton::clicked, this, &DepthWorkspace::runAll);
    v->addWidget(runAllButton);

    auto* cosera = new QGroupBox(tr("COSERA: edge reconstruction"), panel);
    auto* cf = new QFormLayout(cosera);
    modelBox_ = new QComboBox(cosera);
    modelBox_->addItem(tr("sparse Erdős–Rényi, p = ln n / n"), "er");
    modelBox_->addItem(tr("SBM, K = 3, p = 0.3, q = 0.05"), "sbm");
    modelBox_->setToolTip(tr("Random graph model of the heat maps (SPEC §6 reference grid)"));
    nBox_ = new QComboBox(cosera);
    for (int n : {100, 500, 1000}) nBox_->addItem(QString::number(n), n);
    nBox_->setToolTip(tr("Nodes per graph. n = 1000: about 500k pairs per configuration, 10 × 10 × trials configurations"));
    weightsBox_ = new QComboBox(cosera);
    weightsBox_->addItem(tr("identity"), "identity");
    weightsBox_->addItem(tr("random (He init.)"), "gaussian");
    weightsBox_->setToolTip(tr("W_l = I, or i.i.d. N(0, 2/d) entries (seed 002, appendix C.1)"));
    trialsBox_ = new QSpinBox(cosera);
    trialsBox_->setRange(1, 20);
    trialsBox_->setValue(5);
    trialsBox_->setToolTip(tr("Independent graphs and encoders per cell (mean shown)"));
    cf->addRow(tr("Graphs"), modelBox_);
    cf->addRow(tr("n"), nBox_);
    cf->addRow(tr("Weights"), weightsBox_);
    cf->addRow(tr("Trials"), trialsBox_);
    auto* runGrid = new QPushButton(tr("Run heat maps (d × L)"), cosera);
    connect(runGrid, &QPushButton::clicked, this, [this] { run("cosera-grid"); });
    auto* runSbm = new QPushButton(tr("Run SBM sweep (K × p)"), cosera);
    connect(runSbm, &QPushButton::clicked, this, [this] { run("sbm-sweep"); });
    cf->addRow(runGrid);
    cf->addRow(runSbm);
    v->addWidget(cosera);

    auto* node = new QGroupBox(tr("Node data (NAG, propagation, AsampGCN)"), panel);
    auto* nf = new QFormLayout(node);
    nodeDataBox_ = new QComboBox(node);
    for (const auto& n : px::gnn::builtinNodeDatasets())
        nodeDataBox_->addItem(tr("built-in: %1").arg(QString::fromStdString(n)), "builtin:" + QString::fromStdString(n));
    for (const char* name : {"cora", "citeseer"})
        if (QDir(sharedDataDir() + "/" + name).exists())
            nodeDataBox_->addItem(QString("%1 (%2)").arg(name, sharedDataDir()), sharedDataDir() + "/" + name);
    nodeDataBox_->setToolTip(tr("Chains need information to travel l − 1 hops; Cora and Citeseer are read from ../shared/data\n"
                                "(LINQS format) when present, or opened with the button below"));
    connect(nodeDataBox_, QOverload<int>::of(&QComboBox::activated), this,
            [this](int i) { loadNodeDataInBackground(nodeDataBox_->itemData(i).toString()); });
    auto* open = new QPushButton(tr("Open LINQS folder…"), node);
    open->setToolTip(tr("A folder with NAME.content and NAME.cites (Cora, Citeseer format)"));
    connect(open, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open LINQS citation data"));
        if (!dir.isEmpty()) loadNodeDataInBackground(dir);
    });
    dataInfo_ = new QLabel(node);
    dataInfo_->setWordWrap(true);
    auto* runReal = new QPushButton(tr("Run COSERA on this data"), node);
    runReal->setToolTip(tr("The linear encoder on the data set's own features (Cora/Citeseer: 256 principal components),\n"
                           "attacked at every depth 1..10"));
    connect(runReal, &QPushButton::clicked, this, [this] { run("cosera-real"); });
    nf->addRow(nodeDataBox_);
    nf->addRow(open);
    nf->addRow(dataInfo_);
    nf->addRow(runReal);
    v->addWidget(node);

    auto* nag = new QGroupBox(tr("Noisy aggregation (NAG)"), panel);
    auto* gf = new QFormLayout(nag);
    nagDepthBox_ = new QDoubleSpinBox(nag);
    nagDepthBox_->setDecimals(0);
    nagDepthBox_->setRange(1, 10);
    nagDepthBox_->setValue(2);
    nagDepthBox_->setToolTip(tr("Layers L of the noisy GNN"));
    opNormBox_ = new QDoubleSpinBox(nag);
    opNormBox_->setRange(0.1, 10);
    opNormBox_->setValue(1.0);
    opNormBox_->setToolTip(tr("Operator norm ω of every W_l (orthogonal matrices scaled by ω)"));
    gf->addRow(tr("Layers"), nagDepthBox_);
    gf->addRow(tr("‖W_l‖_op"), opNormBox_);
    auto* runNag = new QPushButton(tr("Run NAG vs bound"), nag);
    runNag->setToolTip(tr("On the node data set above if it is Cora/Citeseer, else on ER graphs with Gaussian features"));
    connect(runNag, &QPushButton::clicked, this, [this] { run("nag"); });
    gf->addRow(runNag);
    v->addWidget(nag);

    auto* conv = new QGroupBox(tr("Convergent vs linear privacy"), panel);
    auto* pf = new QFormLayout(conv);
    epsBox_ = new QDoubleSpinBox(conv);
    epsBox_->setRange(0.05, 64);
    epsBox_->setValue(1.0);
    epsBox_->setSingleStep(0.25);
    epsBox_->setToolTip(tr("ε of the accounting view and of the accuracy/attack-vs-depth views"));
    deltaBox_ = new QComboBox(conv);
    for (double d : {1e-4, 1e-5, 1e-6}) deltaBox_->addItem(QString::number(d, 'g', 2), d);
    deltaBox_->setCurrentIndex(1);
    contractionBox_ = new QDoubleSpinBox(conv);
    contractionBox_->setRange(0.05, 0.99);
    contractionBox_->setSingleStep(0.05);
    contractionBox_->setValue(0.8);
    contractionBox_->setToolTip(tr("CARIBOU contraction c: X_{k+1} = c(α₁ÂX_k + (1−α₁)1μᵀ) + βX₀ + noise"));
    attackBox_ = new QCheckBox(tr("attack the released features"), conv);
    attackBox_->setChecked(true);
    attackBox_->setToolTip(tr("Run COSERA on every release (all n(n−1)/2 pairs; slower on Cora)"));
    pf->addRow(tr("ε"), epsBox_);
    pf->addRow(tr("δ"), deltaBox_);
    pf->addRow(tr("CARIBOU c"), contractionBox_);
    pf->addRow(attackBox_);
    auto* runAcc = new QPushButton(tr("Update noise vs depth"), conv);
    connect(runAcc, &QPushButton::clicked, this, [this] { run("accounting"); });
    auto* runProp = new QPushButton(tr("Run private propagation"), conv);
    connect(runProp, &QPushButton::clicked, this, [this] { run("propagation"); });
    pf->addRow(runAcc);
    pf->addRow(runProp);
    v->addWidget(conv);
    connect(epsBox_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, [this] {
        run("accounting");
        redraw("propagation");
    });

    auto* asamp = new QGroupBox(tr("Subsampling stability (AsampGCN)"), panel);
    auto* af = new QFormLayout(asamp);
    subgraphsBox_ = new QSpinBox(asamp);
    subgraphsBox_->setRange(10, 2000);
    subgraphsBox_->setValue(200);
    subgraphsBox_->setToolTip(tr("m: number of subsampled graphs that vote"));
    af->addRow(tr("Subgraphs m"), subgraphsBox_);
    auto* runAsamp = new QPushButton(tr("Run AsampGCN vs p_s"), asamp);
    runAsamp->setToolTip(tr("Binary task: class 1 against the rest, on the node data above (for a chain data set,\n"
                            "which has no per-node signal, on the built-in SBM task); ε and δ from the group above"));
    connect(runAsamp, &QPushButton::clicked, this, [this] { run("asamp"); });
    af->addRow(runAsamp);
    v->addWidget(asamp);
    v->addStretch(1);
}

void DepthWorkspace::buildViews() {
    aurocMap_ = newPlot(views_);
    errMap_ = newPlot(views_);
    sbmMap_ = newPlot(views_);
    realPlot_ = newPlot(views_);
    nagPlot_ = newPlot(views_);
    multiplierPlot_ = newPlot(views_);
    accDepthPlot_ = newPlot(views_);
    accEpsPlot_ = newPlot(views_);
    attackDepthPlot_ = newPlot(views_);
    attackEpsPlot_ = newPlot(views_);
    asampPlot_ = newPlot(views_);
    const QList<QPair<QCustomPlot*, QString>> tabs{{aurocMap_, tr("COSERA AUROC")},   {errMap_, tr("COSERA ERR")},
                                                   {sbmMap_, tr("SBM sweep")},        {realPlot_, tr("COSERA on data")},
                                                   {nagPlot_, tr("NAG vs bound")},
                                                   {multiplierPlot_, tr("Noise vs depth")}, {accDepthPlot_, tr("Accuracy vs depth")},
                                                   {accEpsPlot_, tr("Accuracy vs ε")},  {attackDepthPlot_, tr("Attack vs depth")},
                                                   {attackEpsPlot_, tr("Attack vs ε")},
                                                   {asampPlot_, tr("AsampGCN vs p_s")}};
    const char* names[] = {"cosera-auroc", "cosera-err", "sbm-sweep", "cosera-real", "nag", "noise-vs-depth",
                           "accuracy-vs-depth", "accuracy-vs-epsilon", "attack-vs-depth", "attack-vs-epsilon", "asamp"};
    for (int i = 0; i < tabs.size(); ++i) {
        tabs[i].first->setObjectName(names[i]);
        views_->addTab(tabs[i].first, tabs[i].second);
        views_->setTabToolTip(i, tr(kViewTips[i]));
        tabs[i].first->setToolTip(tr(kViewTips[i]));
    }
    auto* tablePage = new QWidget(views_);
    auto* tv = new QVBoxLayout(tablePage);
    tableChoice_ = new QComboBox(tablePage);
    for (const auto& e : px::gnn::depthExperiments()) tableChoice_->addItem(QString::fromStdString(e));
    connect(tableChoice_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &DepthWorkspace::refreshTable);
    table_ = new QTableWidget(tablePage);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSortingEnabled(true);
    tv->addWidget(tableChoice_);
    tv->addWidget(table_, 1);
    views_->addTab(tablePage, tr("Tables"));
    views_->setTabToolTip(views_->count() - 1, tr("The tidy result table of each experiment (what pxrun depth writes as CSV)"));
}

bool DepthWorkspace::setNodeData(const QString& spec, QString* error) {
    try {
        adoptNodeData(std::make_shared<const px::NodeDataset>(px::gnn::loadNodeData(spec.toStdString())), spec);
        return true;
    } catch (const std::exception& e) {
        if (error) *error = tr("Could not load %1: %2").arg(spec, QString::fromStdString(e.what()));
        return false;
    }
}

void DepthWorkspace::loadNodeDataInBackground(const QString& spec) {
    struct Loaded {
        std::shared_ptr<const px::NodeDataset> data;
        QString error;
    };
    status_->setText(tr("Loading %1…").arg(spec));
    nodeDataBox_->setEnabled(false);
    auto* watcher = new QFutureWatcher<Loaded>(this);
    connect(watcher, &QFutureWatcher<Loaded>::finished, this, [this, watcher, spec] {
        const Loaded r = watcher->result();
        watcher->deleteLater();
        nodeDataBox_->setEnabled(true);
        if (!r.data) {
            status_->setText(tr("Could not load %1").arg(spec));
            emit message(tr("Could not load %1: %2").arg(spec, r.error));
            nodeDataBox_->setCurrentIndex(std::max(0, nodeDataBox_->findData(nodeSpec_)));
            return;
        }
        adoptNodeData(r.data, spec);
        status_->setText(tr("Loaded %1").arg(QString::fromStdString(r.data->name)));
    });
    watcher->setFuture(QtConcurrent::run([spec]() -> Loaded {
        try {
            return {std::make_shared<const px::NodeDataset>(px::gnn::loadNodeData(spec.toStdString())), {}};
        } catch (const std::exception& e) {
            return {nullptr, QString::fromStdString(e.what())};
        }
    }));
}

void DepthWorkspace::adoptNodeData(std::shared_ptr<const px::NodeDataset> data, const QString& spec) {
    nodeData_ = std::move(data);
    nodeSpec_ = spec;
    int idx = nodeDataBox_->findData(spec);
    if (idx < 0) {
        nodeDataBox_->addItem(QString::fromStdString(nodeData_->name), spec);
        idx = nodeDataBox_->count() - 1;
    }
    nodeDataBox_->setCurrentIndex(idx);
    QString info = tr("%1: %2 nodes, %3 edges, %4 features, %5 classes; split %6/%7/%8")
                       .arg(QString::fromStdString(nodeData_->name))
                       .arg(nodeData_->numNodes())
                       .arg(nodeData_->graph.numEdges())
                       .arg(nodeData_->features.cols())
                       .arg(nodeData_->numClasses())
                       .arg(nodeData_->train.size())
                       .arg(nodeData_->valid.size())
                       .arg(nodeData_->test.size());
    for (const auto& w : nodeData_->warnings) info += "\n" + QString::fromStdString(w);
    dataInfo_->setText(info);
}

json DepthWorkspace::specFor(const std::string& e) const {
    json s = px::gnn::defaultDepthSpec(e);
    const int n = nBox_->currentData().toInt();
    const bool builtinNodes = nodeSpec_.startsWith("builtin:");
    if (e == "cosera-grid") {
        s["model"] = modelBox_->currentData().toString().toStdString();
        s["n"] = n;
        if (s["model"] == "sbm") s["p"] = 0.3;
        s["weights"] = weightsBox_->currentData().toString().toStdString();
        s["trials"] = trialsBox_->value();
    } else if (e == "sbm-sweep") {
        s["n"] = std::min(n, 500);
        s["weights"] = weightsBox_->currentData().toString().toStdString();
        s["trials"] = std::min(trialsBox_->value(), 3);
    } else if (e == "cosera-real") {
        s["data"] = nodeSpec_.toStdString();
        s["features"] = builtinNodes ? 0 : 256;  // Cora/Citeseer: 256 principal components keep it to seconds
        s["trials"] = builtinNodes ? std::min(trialsBox_->value(), 3) : 1;
    } else if (e == "nag") {
        s["data"] = builtinNodes ? "" : nodeSpec_.toStdString();
        s["n"] = std::min(n, 500);
        if (!builtinNodes) s["trials"] = 1;  // real data: one graph, the noise is the only randomness
        s["depth"] = int(nagDepthBox_->value());
        s["op_norm"] = opNormBox_->value();
    } else if (e == "accounting") {
        s["epsilon"] = epsBox_->value();
        s["delta"] = deltaBox_->currentData().toDouble();
        s["contractions"] = {0.6, 0.9, contractionBox_->value()};
    } else if (e == "propagation") {
        s["data"] = nodeSpec_.toStdString();
        s["delta"] = deltaBox_->currentData().toDouble();
        s["contraction"] = contractionBox_->value();
        s["attack"] = attackBox_->isChecked();
        std::vector<double> eps = s["epsilons"].get<std::vector<double>>();
        if (!builtinNodes) {  // Cora/Citeseer: a coarser grid keeps a run to a minute or two
            eps = {0.5, 1.0, 2.0, 4.0, 8.0};
            s["hops"] = {1, 2, 4, 8, 12, 20};
        }
        if (std::find(eps.begin(), eps.end(), epsBox_->value()) == eps.end()) eps.push_back(epsBox_->value());
        std::sort(eps.begin(), eps.end());
        s["epsilons"] = eps;
        s["trials"] = builtinNodes ? 2 : 1;
    } else if (e == "asamp") {
        // chains carry no per-node signal for a one-feature GCN: the built-in SBM task stands in
        s["data"] = nodeSpec_.startsWith("builtin:chain") ? std::string("builtin:sbm-nodes") : nodeSpec_.toStdString();
        s["epsilon"] = epsBox_->value();
        s["delta"] = deltaBox_->currentData().toDouble();
        s["subgraphs"] = subgraphsBox_->value();
        s["positive_class"] = nodeData_ && nodeData_->numClasses() > 1 ? 1 : 0;
    }
    return s;
}

void DepthWorkspace::runAll() {
    for (const auto& e : {"accounting", "cosera-grid", "nag", "asamp", "propagation", "sbm-sweep", "cosera-real"}) run(e);
}

void DepthWorkspace::run(const std::string& experiment) {
    json spec = specFor(experiment);
    // a newer request for the same experiment replaces a queued one
    queue_.erase(std::remove_if(queue_.begin(), queue_.end(), [&](const json& j) { return j["experiment"] == experiment; }),
                 queue_.end());
    queue_.push_back(std::move(spec));
    if (!job_) startNext();
}

void DepthWorkspace::startNext() {
    if (queue_.empty()) {
        progress_->setVisible(false);
        cancel_->setEnabled(false);
        return;
    }
    const json spec = queue_.front();
    queue_.erase(queue_.begin());
    const std::string name = spec["experiment"].get<std::string>();
    auto job = std::make_shared<Job>(this);
    job_ = job;
    progress_->setValue(0);
    progress_->setVisible(true);
    cancel_->setEnabled(true);
    status_->setText(tr("Running %1… (%2 queued)").arg(QString::fromStdString(name)).arg(queue_.size()));
    auto data = nodeData_;
    const std::string nodeSpecAtStart = nodeSpec_.toStdString();
    (void)QtConcurrent::run([this, job, spec, name, data, nodeSpecAtStart] {
        auto table = std::make_shared<ResultTable>();
        QString error;
        bool cancelled = false;
        try {
            const bool usesNodeData = spec.contains("data") && spec["data"].get<std::string>() == nodeSpecAtStart;
            *table = px::gnn::runDepthExperiment(spec, "Depth lab: " + name, *job, usesNodeData ? data.get() : nullptr);
        } catch (const px::Cancelled&) {
            cancelled = true;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(this, [this, job, table, spec, name, error, cancelled] {
            if (job_ == job) job_.reset();
            if (cancelled || job->stop) {
                status_->setText(tr("Cancelled %1").arg(QString::fromStdString(name)));
            } else if (!error.isEmpty()) {
                status_->setText(tr("%1 failed: %2").arg(QString::fromStdString(name), error));
                emit message(tr("Depth lab: %1 failed: %2").arg(QString::fromStdString(name), error));
            } else {
                specs_[name] = spec;
                onResult(name, *table);
                status_->setText(tr("Finished %1 (%2 rows)").arg(QString::fromStdString(name)).arg(table->rows()));
            }
            startNext();
        }, Qt::QueuedConnection);
    });
}

void DepthWorkspace::cancel() {
    queue_.clear();
    if (job_) job_->stop = true;
}

bool DepthWorkspace::busy() const { return job_ != nullptr || !queue_.empty(); }

void DepthWorkspace::waitForIdle() {
    while (busy()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
}

const ResultTable* DepthWorkspace::table(const std::string& e) const {
    auto it = tables_.find(e);
    return it == tables_.end() ? nullptr : &it->second;
}

void DepthWorkspace::onResult(const std::string& e, const ResultTable& t) {
    tables_[e] = t;
    redraw(e);
    if (tableChoice_->currentText().toStdString() == e) refreshTable();
}

void DepthWorkspace::redraw(const std::string& e) {
    const ResultTable* t = table(e);
    if (!t || t->rows() == 0) return;
    namespace w = px::widgets;
    const double fs = fontScale_;
    if (e == "cosera-grid") {
        const auto& s = specs_[e];
        const QString model = s["model"] == "er" ? tr("ER, p = ln n / n") : tr("SBM K = 3, p = 0.3, q = 0.05");
        const QString what = tr("%1, n = %2, %3 weights, %4 trials").arg(model).arg(s["n"].get<int>())
                                 .arg(QString::fromStdString(s["weights"].get<std::string>())).arg(s["trials"].get<int>());
        w::buildAttackHeatmap(aurocMap_, *t, "d", "depth", "auroc_mean", tr("COSERA AUROC — %1").arg(what), fs);
        w::buildAttackHeatmap(errMap_, *t, "d", "depth", "err_mean", tr("COSERA ERR — %1").arg(what), fs);
    } else if (e == "sbm-sweep") {
        const auto& s = specs_[e];
        w::buildAttackHeatmap(sbmMap_, *t, "blocks", "p", "auroc_mean",
                              tr("COSERA AUROC on SBM, n = %1, q = %2, d = %3, L = %4")
                                  .arg(s["n"].get<int>()).arg(s["q"].get<double>()).arg(s["d"].get<int>()).arg(s["depth"].get<int>()),
                              fs);
    } else if (e == "cosera-real") {
        const std::string data = specs_[e]["data"].get<std::string>();
        w::buildRealAttackPlot(realPlot_, *t, QString::fromStdString(data.rfind("builtin:", 0) == 0 ? data.substr(8)
                                                                          : QFileInfo(QString::fromStdString(data)).fileName().toStdString()),
                               fs);
    } else if (e == "nag") {
        w::buildNagPlot(nagPlot_, *t, fs);
    } else if (e == "accounting") {
        w::buildMultiplierPlot(multiplierPlot_, *t, fs);
    } else if (e == "propagation") {
        // the ε of the depth views: the control's value if it was run, else the closest run
        const auto eps = w::distinctValues(*t, "epsilon");
        double target = epsBox_->value(), best = eps.empty() ? target : eps.front();
        for (double x : eps)
            if (std::abs(std::log(x / target)) < std::abs(std::log(best / target))) best = x;
        w::buildAccuracyVsDepthPlot(accDepthPlot_, *t, best, fs);
        w::buildAccuracyVsEpsilonPlot(accEpsPlot_, *t, fs);
        w::buildAttackVsDepthPlot(attackDepthPlot_, *t, best, fs);
        const auto hops = w::distinctValues(*t, "hops");
        w::buildAttackVsEpsilonPlot(attackEpsPlot_, *t, hops.empty() ? 1 : int(hops.back()), fs);
    } else if (e == "asamp") {
        w::buildAsampPlot(asampPlot_, *t, fs);
    }
}

void DepthWorkspace::refreshTable() {
    const ResultTable* t = table(tableChoice_->currentText().toStdString());
    table_->setSortingEnabled(false);
    table_->clear();
    if (!t) { table_->setRowCount(0); table_->setColumnCount(0); return; }
    const auto& cols = t->columns();
    table_->setColumnCount(int(cols.size()));
    table_->setRowCount(t->rows());
    QStringList headers;
    for (const auto& c : cols) headers << QString::fromStdString(c);
    table_->setHorizontalHeaderLabels(headers);
    for (int r = 0; r < t->rows(); ++r)
        for (int c = 0; c < int(cols.size()); ++c) {
            const auto& v = t->at(r, cols[c]);
            auto* item = new QTableWidgetItem;
            if (v.is_number()) item->setData(Qt::DisplayRole, v.get<double>());
            else item->setText(QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump()));
            table_->setItem(r, c, item);
        }
    table_->setSortingEnabled(true);
    table_->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
}

QCustomPlot* DepthWorkspace::currentPlot() const { return qobject_cast<QCustomPlot*>(views_->currentWidget()); }

QList<QCustomPlot*> DepthWorkspace::plots() const {
    return {aurocMap_, errMap_, sbmMap_, realPlot_, nagPlot_, multiplierPlot_, accDepthPlot_, accEpsPlot_, attackDepthPlot_,
            attackEpsPlot_, asampPlot_};
}

bool DepthWorkspace::exportAll(const QString& folder, QString* error) {
    QDir().mkpath(folder);
    const std::map<std::string, QList<QCustomPlot*>> byExperiment{
        {"cosera-grid", {aurocMap_, errMap_}}, {"sbm-sweep", {sbmMap_}}, {"cosera-real", {realPlot_}}, {"nag", {nagPlot_}},
        {"accounting", {multiplierPlot_}}, {"propagation", {accDepthPlot_, accEpsPlot_, attackDepthPlot_, attackEpsPlot_}},
        {"asamp", {asampPlot_}}};
    try {
        for (const auto& [name, t] : tables_) {
            const QString base = folder + "/depth-" + QString::fromStdString(name);
            t.saveCsv((base + ".csv").toStdString());
            const std::string text = specs_[name].dump(2) + "\n";
            px::writeFileAtomically((base + ".json").toStdString(), [&](std::ostream& o) { o << text; });
            for (QCustomPlot* p : byExperiment.at(name))
                for (const char* ext : {"png", "pdf", "svg"})
                    px::widgets::exportFigure(p, folder + "/depth-" + p->objectName() + "." + ext, 900, 600, 300);
        }
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
    return true;
}

void DepthWorkspace::setFontScale(double fs) {
    fontScale_ = fs;
    for (const auto& [name, t] : tables_) redraw(name);
}
