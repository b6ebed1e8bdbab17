#include "LearnerPanel.h"

#include "learn/LearnerRegistry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>
#include <algorithm>

namespace {
// A combo box of (label, data) choices with its tooltip.
QComboBox* choices(std::initializer_list<std::pair<QString, const char*>> items, const QString& tip) {
    auto* box = new QComboBox;
    for (const auto& [label, data] : items) box->addItem(label, data);
    box->setToolTip(tip);
    return box;
}
}  // namespace

LearnerPanel::LearnerPanel(QWidget* parent) : SettingsPanel(tr("Learner"), parent) {
    auto* form = new QFormLayout(this);
    learner_ = new QComboBox;
    QString tip;
    for (const px::learn::LearnerDescription& d : px::learn::learnerRegistry()) {
        if (d.needsNeuralLayer && !px::learn::haveNeuralLayer()) continue;
        const QString line = QString::fromStdString(d.key + ": " + d.title + " (" + d.summary + ")");
        learner_->addItem(QString::fromStdString(d.key));
        learner_->setItemData(learner_->count() - 1, line, Qt::ToolTipRole);
        tip += line + "\n";
    }
    learner_->setToolTip(tip + tr("A GIN trains on the graphs: with the rr or dprr mechanism on the perturbed graphs, at ε = ∞ on the clean ones.\n"
                                  "Density mechanisms (Gaussian, Laplace) do not apply to it: choosing the GIN switches a density mechanism to\n"
                                  "rr, and choosing a density mechanism under the GIN switches the learner back to knn."));
    c_ = new QDoubleSpinBox;
    c_->setDecimals(3);
    c_->setRange(0.001, 1000);
    c_->setToolTip(tr("C: inverse regularisation of svm and linear"));
    trees_ = new QSpinBox;
    trees_->setRange(1, 2000);
    trees_->setToolTip(tr("Trees of the forest, rounds of boosting"));
    k_ = new QSpinBox;
    k_->setRange(1, 5000);
    k_->setToolTip(tr("k of the k-nearest-neighbour classifier (features standardised on the training set)"));
    auto spin = [](int lo, int hi, const QString& tip) {
        auto* b = new QSpinBox;
        b->setRange(lo, hi);
        b->setToolTip(tip);
        return b;
    };
    ginLayers_ = spin(1, 10, tr("GIN layers: message-passing steps; a GIN of L layers sees the L-hop neighbourhood and is at most as\n"
                                "discriminative as L rounds of 1-WL colour refinement. The published baseline (private-homcounts) uses 5."));
    ginHidden_ = spin(4, 512, tr("GIN width: the hidden size of every layer's MLP (the baseline uses 300; smaller trains faster)"));
    ginEpochs_ = spin(1, 500, tr("GIN epochs: passes over the training graphs; the test score is taken at the epoch with the best\n"
                                 "validation metric (the validation graphs are released like the training graphs). Baseline: 100."));
    ginFeatures_ = choices({{tr("all ones"), "ones"}, {tr("degree one-hot"), "degree"}, {tr("node labels"), "labels"}},
                           tr("GIN node features h⁰_v: all ones (the published baseline: the GIN sees structure only), the one-hot\n"
                                "code of the degree (Xu et al. on social graphs), or of the data set's node labels (atom types of\n"
                                "the TU molecules; data sets without node labels refuse it). The 1-WL colouring starts from them."));
    protocol_ = choices({{tr("train/test split"), "split"}, {tr("10-fold CV"), "10-fold"}},
                        tr("Split: the data set's own split (OGB scaffold), else a stratified seeded 80/20 split.\n"
                             "10-fold: the TU-benchmark protocol (Xu et al. 2019): the shipped folds when the data set has\n"
                             "them (GIN folders' 10fold_idx), else stratified seeded folds; the value is the mean over folds.\n"
                             "It belongs to the data set: 10-fold where folds are shipped, else its split, unless you chose otherwise for it."));
    noisyTest_ = new QCheckBox(tr("noisy test embeddings"));
    noisyTest_->setToolTip(tr("On: every embedding is private (a real release). Off: clean test features, the reference code's choice."));
    featureMap_ = choices({{tr("densities t"), "density"}, {tr("counts t·n^m"), "count"}, {tr("signed log counts"), "log-count"}},
                          tr("What the learner sees of each released density t_j (pattern F_j with m_j vertices), then n:\n"
                               " densities: t_j as released\n counts: c_j = t_j · n^m_j, the homomorphism count (GHC, Welke et al.)\n"
                               " signed log counts: sign(c_j) · log(1 + |c_j|) (a noisy t_j may be negative)\n"
                               "Post-processing of the release and the public n: no privacy cost. Standardised on the training rows after."));
    logN_ = new QCheckBox(tr("log n as a feature"));
    logN_->setToolTip(tr("Adds log n (public under edge privacy) beside n; the public-information control gets it too."));
    tuning_ = new QCheckBox(tr("tune by nested CV"));
    tuning_->setToolTip(tr("Choose the learner's hyper-parameters inside each training part: every point of its grid\n"
                           "(kNN k ∈ {1, 3, 5, 10, 20, 50}; SVM C ∈ {0.01 … 100} × γ; linear C; forest/boosting depth and trees)\n"
                           "is scored by 5-fold cross-validation on the training rows alone, the best is refitted on them.\n"
                           "The test rows are never seen (no leakage); k, C and trees above are then only the starting point.\n"
                           "The controls are tuned the same way. The choice per fold is in the run table (column tuned).\n"
                           "GIN: batch ∈ {32, 128} × dropout ∈ {0, 0.5} at the width above, each trained once and chosen on\n"
                           "the validation graphs it holds out for its epoch (no inner folds): 4 trainings per fold."));
    reps_ = new QSpinBox;
    reps_->setRange(1, 5);
    reps_->setToolTip(tr("Repetitions r: r pattern seeds × r noise seeds per budget"));
    form->addRow(tr("Learner"), learner_);
    form->addRow(tr("k"), k_);
    form->addRow(tr("C"), c_);
    form->addRow(tr("Trees"), trees_);
    form->addRow(tr("GIN layers"), ginLayers_);
    form->addRow(tr("GIN width"), ginHidden_);
    form->addRow(tr("GIN epochs"), ginEpochs_);
    form->addRow(tr("GIN node features"), ginFeatures_);
    form->addRow(tr("Evaluation"), protocol_);
    form->addRow(noisyTest_);
    form->addRow(tr("Features"), featureMap_);
    form->addRow(logN_);
    form->addRow(tuning_);
    form->addRow(tr("Repetitions"), reps_);
    for (QSpinBox* b : {k_, trees_, reps_, ginLayers_, ginHidden_, ginEpochs_}) connect(b, QOverload<int>::of(&QSpinBox::valueChanged), this, &LearnerPanel::edited);
    connect(c_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, &LearnerPanel::edited);
    for (QComboBox* b : {learner_, protocol_, ginFeatures_, featureMap_}) connect(b, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &LearnerPanel::edited);
    connect(learner_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &LearnerPanel::enableForLearner);
    for (QCheckBox* b : {noisyTest_, logN_, tuning_}) connect(b, &QCheckBox::toggled, this, &LearnerPanel::edited);
}

// What the registry says the chosen learner has: its parameters' fields, and the feature fields unless it
// reads the graphs themselves.
void LearnerPanel::enableForLearner() {
    const auto kind = px::learn::learnerFromKey(learner_->currentText().toStdString());
    const px::learn::LearnerDescription& d = px::learn::describeLearner(kind.value_or(px::learn::LearnerKind::Knn));
    k_->setEnabled(d.parameter("k"));
    c_->setEnabled(d.parameter("C"));
    trees_->setEnabled(d.parameter("trees"));
    for (QSpinBox* b : {ginLayers_, ginHidden_, ginEpochs_}) b->setEnabled(d.parameter("layers"));
    ginFeatures_->setEnabled(d.needsGraphs);
    featureMap_->setEnabled(!d.needsGraphs);
    logN_->setEnabled(!d.needsGraphs);
}

void LearnerPanel::apply(const ExplorerSettings& s) {
    silently([&] {
        learner_->setCurrentIndex(std::max(0, learner_->findText(QString::fromStdString(px::learn::learnerKey(s.learner)))));
        k_->setValue(s.k);
        c_->setValue(s.C);
        trees_->setValue(s.trees);
        ginLayers_->setValue(s.ginLayers);
        ginHidden_->setValue(s.ginHidden);
        ginEpochs_->setValue(s.ginEpochs);
        ginFeatures_->setCurrentIndex(std::max(0, ginFeatures_->findData(QString::fromStdString(s.ginFeatures))));
        protocol_->setCurrentIndex(std::max(0, protocol_->findData(QString::fromStdString(s.protocol))));
        noisyTest_->setChecked(s.noisyTest);
        featureMap_->setCurrentIndex(std::max(0, featureMap_->findData(QString::fromStdString(s.featureMap))));
        logN_->setChecked(s.appendLogN);
        tuning_->setChecked(s.nestedTuning);
        reps_->setValue(s.repetitions);
        enableForLearner();
    });
}

void LearnerPanel::collect(ExplorerSettings& s) const {
    s.learner = px::learn::learnerFromKey(learner_->currentText().toStdString()).value_or(s.learner);
    s.k = k_->value();
    s.C = c_->value();
    s.trees = trees_->value();
    s.ginLayers = ginLayers_->value();
    s.ginHidden = ginHidden_->value();
    s.ginEpochs = ginEpochs_->value();
    s.ginFeatures = ginFeatures_->currentData().toString().toStdString();
    s.protocol = protocol_->currentData().toString().toStdString();
    s.noisyTest = noisyTest_->isChecked();
    s.featureMap = featureMap_->currentData().toString().toStdString();
    s.appendLogN = logN_->isChecked();
    s.nestedTuning = tuning_->isChecked();
    s.repetitions = reps_->value();
}

std::vector<std::pair<QWidget*, SettingsPanel::Reset>> LearnerPanel::resets() {
    const ExplorerSettings d;
    return {{learner_, [d](ExplorerSettings& s) { s.learner = d.learner; }},
            {k_, [d](ExplorerSettings& s) { s.k = d.k; }},
            {c_, [d](ExplorerSettings& s) { s.C = d.C; }},
            {trees_, [d](ExplorerSettings& s) { s.trees = d.trees; }},
            {ginLayers_, [d](ExplorerSettings& s) { s.ginLayers = d.ginLayers; }},
            {ginHidden_, [d](ExplorerSettings& s) { s.ginHidden = d.ginHidden; }},
            {ginEpochs_, [d](ExplorerSettings& s) { s.ginEpochs = d.ginEpochs; }},
            {ginFeatures_, [d](ExplorerSettings& s) { s.ginFeatures = d.ginFeatures; }},
            {protocol_, [d](ExplorerSettings& s) { s.protocol = d.protocol; }},
            {noisyTest_, [d](ExplorerSettings& s) { s.noisyTest = d.noisyTest; }},
            {featureMap_, [d](ExplorerSettings& s) { s.featureMap = d.featureMap; }},
            {logN_, [d](ExplorerSettings& s) { s.appendLogN = d.appendLogN; }},
            {tuning_, [d](ExplorerSettings& s) { s.nestedTuning = d.nestedTuning; }},
            {reps_, [d](ExplorerSettings& s) { s.repetitions = d.repetitions; }}};
}
