#include "DepthPanels.h"

#include "depthlab/DepthLab.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>

QPushButton* DepthPanel::runButton(const QString& text, const QString& experiment, const QString& tip) {
    auto* b = new QPushButton(text, this);
    if (!tip.isEmpty()) b->setToolTip(tip);
    b->setProperty("pxExperiment", experiment);  // the views' notes name the button that runs them
    connect(b, &QPushButton::clicked, this, [this, experiment] { emit runRequested(experiment); });
    return b;
}

namespace {
void select(QComboBox* box, const QVariant& data) { box->setCurrentIndex(std::max(0, box->findData(data))); }
}  // namespace

CoseraPanel::CoseraPanel(QWidget* parent) : DepthPanel(tr("COSERA: edge reconstruction"), parent) {
    auto* form = new QFormLayout(this);
    model_ = new QComboBox(this);
    model_->addItem(tr("sparse Erdős–Rényi, p = ln n / n"), "er");
    model_->addItem(tr("SBM, K = 3, p = 0.3, q = 0.05"), "sbm");
    model_->setToolTip(tr("Random graph model of the heat maps (docs/mathematics.md §6 reference grid)"));
    n_ = new QComboBox(this);
    for (int n : {100, 500, 1000}) n_->addItem(QString::number(n), n);
    n_->setToolTip(tr("Nodes per graph. n = 1000: about 500k pairs per configuration, 10 × 10 × trials configurations"));
    weights_ = new QComboBox(this);
    weights_->addItem(tr("identity"), "identity");
    weights_->addItem(tr("random (He init.)"), "gaussian");
    weights_->setToolTip(tr("W_l = I, or i.i.d. N(0, 2/d) entries (Wu et al. 2024, appendix C.1)"));
    trials_ = new QSpinBox(this);
    trials_->setRange(1, 20);
    trials_->setToolTip(tr("Independent graphs and encoders per cell (mean shown)"));
    form->addRow(tr("Graphs"), model_);
    form->addRow(tr("n"), n_);
    form->addRow(tr("Weights"), weights_);
    form->addRow(tr("Trials"), trials_);
    form->addRow(runButton(tr("Run heat maps (d × L)"), "cosera-grid"));
    form->addRow(runButton(tr("Run SBM sweep (K × p)"), "sbm-sweep"));
    apply(DepthSettings{});
    for (QComboBox* b : {model_, n_, weights_}) connect(b, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &DepthPanel::edited);
    connect(trials_, QOverload<int>::of(&QSpinBox::valueChanged), this, &DepthPanel::edited);
}

void CoseraPanel::apply(const DepthSettings& s) {
    select(model_, QString::fromStdString(s.model));
    select(n_, s.n);
    select(weights_, QString::fromStdString(s.weights));
    trials_->setValue(s.trials);
}

void CoseraPanel::collect(DepthSettings& s) const {
    s.model = model_->currentData().toString().toStdString();
    s.n = n_->currentData().toInt();
    s.weights = weights_->currentData().toString().toStdString();
    s.trials = trials_->value();
}

NagPanel::NagPanel(QWidget* parent) : DepthPanel(tr("Noisy aggregation (NAG)"), parent) {
    auto* form = new QFormLayout(this);
    depth_ = new QDoubleSpinBox(this);
    depth_->setDecimals(0);
    depth_->setRange(1, 10);
    depth_->setToolTip(tr("Layers L of the noisy GNN"));
    opNorm_ = new QDoubleSpinBox(this);
    opNorm_->setRange(0.1, 10);
    opNorm_->setToolTip(tr("Operator norm ω of every W_l (orthogonal matrices scaled by ω)"));
    form->addRow(tr("Layers"), depth_);
    form->addRow(tr("‖W_l‖_op"), opNorm_);
    form->addRow(runButton(tr("Run NAG vs bound (untrained)"), "nag",
                           tr("Random orthogonal weights of norm ω, no training. On the node data set above if it is\n"
                              "Cora/Citeseer, else on ER graphs with Gaussian features")));
    scheme_ = new QComboBox(this);
    scheme_->addItem(tr("unconstrained (σ = 0, 1, 4)"), "unconstrained");
    scheme_->addItem(tr("constrained (σ = 0, 0.1, 1)"), "constrained");
    scheme_->setToolTip(tr("Training scheme of Wu et al. 2024, §6. Unconstrained: W_l free, so ‖W_l‖_op grows with training and the\n"
                           "bound 1 − √(1 − exp(−C Σ‖W_l‖²/σ²)) can become vacuous. Constrained: spectral normalisation\n"
                           "W_l = V_l / σ_max(V_l), so the released representation has ‖W_l‖_op = 1 and the bound holds."));
    width_ = new QComboBox(this);
    for (int d : {16, 32, 64, 128, 256, 512}) width_->addItem(QString::number(d), d);
    width_->setToolTip(tr("Width d of the trained networks (the representation is n × d). The cost of an epoch grows\n"
                          "like n·(f·d + d²): on Cora d = 32 takes about 0.01 s an epoch, d = 512 about 0.1 s"));
    form->addRow(tr("Training"), scheme_);
    form->addRow(tr("Width d"), width_);
    QPushButton* train = runButton(tr("Train NAG networks"), "nag-trained",
                                   tr("2-layer NAG networks (mean, sum, GCN, max, attention) trained for node classification on the\n"
                                      "node data set above (Planetoid-style split), then COSERA on the test nodes' subgraph"));
    if (!px::depthlab::depthExperimentAvailable("nag-trained")) {
        train->setEnabled(false);
        train->setToolTip(tr("This build has no neural layer (configured with -DPX_NEURAL=OFF)"));
    }
    form->addRow(train);
    apply(DepthSettings{});
    for (QDoubleSpinBox* b : {depth_, opNorm_}) connect(b, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, &DepthPanel::edited);
    for (QComboBox* b : {scheme_, width_}) connect(b, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &DepthPanel::edited);
}

void NagPanel::apply(const DepthSettings& s) {
    depth_->setValue(s.nagDepth);
    opNorm_->setValue(s.opNorm);
    select(scheme_, QString::fromStdString(s.nagScheme));
    select(width_, s.nagWidth);
}

void NagPanel::collect(DepthSettings& s) const {
    s.nagDepth = int(depth_->value());
    s.opNorm = opNorm_->value();
    s.nagScheme = scheme_->currentData().toString().toStdString();
    s.nagWidth = width_->currentData().toInt();
}

ConvergencePanel::ConvergencePanel(QWidget* parent) : DepthPanel(tr("Convergent vs linear privacy"), parent) {
    auto* form = new QFormLayout(this);
    epsilon_ = new QDoubleSpinBox(this);
    epsilon_->setRange(0.05, 64);
    epsilon_->setSingleStep(0.25);
    epsilon_->setToolTip(tr("ε of the accounting view and of the accuracy/attack-vs-depth views"));
    delta_ = new QComboBox(this);
    for (double d : {1e-4, 1e-5, 1e-6}) delta_->addItem(QString::number(d, 'g', 2), d);
    delta_->setToolTip(tr("δ of the (ε, δ) statements of accounting, propagation and AsampGCN"));
    contraction_ = new QDoubleSpinBox(this);
    contraction_->setRange(0.05, 0.99);
    contraction_->setSingleStep(0.05);
    contraction_->setToolTip(tr("CARIBOU contraction c: X_{k+1} = c(α₁ÂX_k + (1−α₁)1μᵀ) + βX₀ + noise"));
    attack_ = new QCheckBox(tr("attack the released features"), this);
    attack_->setToolTip(tr("Run COSERA on every release (all n(n−1)/2 pairs; slower on Cora)"));
    form->addRow(tr("ε"), epsilon_);
    form->addRow(tr("δ"), delta_);
    form->addRow(tr("CARIBOU c"), contraction_);
    reference_ = new QCheckBox(tr("also CARIBOU's code (NO guarantee)"), this);
    reference_->setToolTip(tr("The public code's choices, shown to see what they do: an extra un-noised aggregation after every\n"
                              "noise step (the release is taken after it), no projection before the noised step, the minimum\n"
                              "degree read from the private graph, δ = 10^−digits(#edges). Its claim fails the audit\n"
                              "(pxrun depth propagation-audit) for β > 0; docs/depth-lab-experiments.md has the numbers."));
    model_ = new QComboBox(this);
    model_->addItem(tr("linear probe (PCA, logistic regression)"), "linear");
    model_->addItem(tr("GAP's trained encoder and MLP heads"), "gap");
    model_->setToolTip(tr("How a release is read (post-processing, no privacy cost). Linear: X₀ = 64 principal components\n"
                          "with unit rows, a logistic regression on [X₀ | release]. GAP: X₀ = an MLP encoder pre-trained on\n"
                          "the features and training labels (no edge used), then one MLP per input (X₀ and each released\n"
                          "hop), concatenated, and a SELU head MLP; Adam, 100 epochs, best validation epoch (GAP's defaults)"));
    form->addRow(tr("Model"), model_);
    form->addRow(attack_);
    form->addRow(reference_);
    form->addRow(runButton(tr("Update noise vs depth"), "accounting"));
    form->addRow(runButton(tr("Run private propagation"), "propagation"));
    apply(DepthSettings{});
    connect(epsilon_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, &ConvergencePanel::epsilonChanged);
    connect(contraction_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, &DepthPanel::edited);
    connect(delta_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &DepthPanel::edited);
    connect(attack_, &QCheckBox::toggled, this, &DepthPanel::edited);
    connect(reference_, &QCheckBox::toggled, this, &DepthPanel::edited);
    connect(model_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &DepthPanel::edited);
}

void ConvergencePanel::apply(const DepthSettings& s) {
    epsilon_->setValue(s.epsilon);
    select(delta_, s.delta);
    contraction_->setValue(s.contraction);
    attack_->setChecked(s.attack);
    reference_->setChecked(s.caribouReference);
    select(model_, QString::fromStdString(s.propagationModel));
}

void ConvergencePanel::collect(DepthSettings& s) const {
    s.epsilon = epsilon_->value();
    s.delta = delta_->currentData().toDouble();
    s.contraction = contraction_->value();
    s.attack = attack_->isChecked();
    s.caribouReference = reference_->isChecked();
    s.propagationModel = model_->currentData().toString().toStdString();
}

AsampPanel::AsampPanel(QWidget* parent) : DepthPanel(tr("Subsampling stability (AsampGCN)"), parent) {
    auto* form = new QFormLayout(this);
    subgraphs_ = new QSpinBox(this);
    subgraphs_->setRange(10, 2000);
    subgraphs_->setToolTip(tr("m: number of subsampled graphs that vote"));
    form->addRow(tr("Subgraphs m"), subgraphs_);
    fit_ = new QComboBox(this);
    fit_->addItem(tr("least squares (sign)"), "least-squares");
    fit_->addItem(tr("logistic loss (trained)"), "logistic");
    fit_->setToolTip(tr("How each subgraph's one-layer GCN f = σ((h₀I + h₁L)x) learns its taps (h₀, h₁) from the training\n"
                        "nodes: least squares on ±1 labels, or the logistic loss (σ the logistic function, Newton's method)"));
    form->addRow(tr("Base GCN"), fit_);
    form->addRow(runButton(tr("Run AsampGCN vs pₛ"), "asamp",
                           tr("Binary task: class 1 against the rest, on the node data above (for a chain data set,\n"
                              "which has no per-node signal, on the built-in SBM task); ε and δ from the group above")));
    apply(DepthSettings{});
    connect(subgraphs_, QOverload<int>::of(&QSpinBox::valueChanged), this, &DepthPanel::edited);
    connect(fit_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &DepthPanel::edited);
}

void AsampPanel::apply(const DepthSettings& s) {
    subgraphs_->setValue(s.subgraphs);
    select(fit_, QString::fromStdString(s.asampFit));
}

void AsampPanel::collect(DepthSettings& s) const {
    s.subgraphs = subgraphs_->value();
    s.asampFit = fit_->currentData().toString().toStdString();
}
