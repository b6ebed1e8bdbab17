#include "PatternsPanel.h"

#include "dataset/Dataset.h"
#include "patterns/PatternClass.h"
#include "NumberFieldGuard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

const QStringList& PatternsPanel::classKeys() {
    static const QStringList keys = {"trees", "fan-cactus:1", "fan-cactus:2", "subgraph:1", "subgraph:2",
                                     "treewidth:1", "treewidth:2", "treewidth:3", "treewidth:4",
                                     "all-trees:4", "all-trees:6", "all-trees:8", "all-trees:10"};
    return keys;
}

PatternsPanel::PatternsPanel(QWidget* parent) : SettingsPanel(tr("Patterns"), parent) {
    auto* form = new QFormLayout(this);
    class_ = new QComboBox;
    class_->addItems(classKeys());
    class_->setToolTip(tr("Pattern class and the GNN whose expressivity it matches:\n trees — MPNN / 1-WL (max e = m − 1)\n"
                          " fan-cactus r — r-ℓMPNN (max e = 2m − 3)\n subgraph k — forest plus ≤ k vertices\n"
                          " treewidth ≤ k — k-FGNN / k-WL (max e = km − k(k+1)/2)\n"
                          " all-trees:k — not sampled: every tree on 2..k vertices once (GHC's tree features;\n"
                          "   k = 6: 13 trees, k = 8: 47, k = 10: 200); d, sizes and seed do not apply"));
    d_ = new QSpinBox;
    d_->setObjectName("patterns-d");
    d_->setRange(1, 500);
    d_->setToolTip(tr("d: number of sampled patterns (embedding dimension)"));
    maxSize_ = new QSpinBox;
    maxSize_->setRange(0, 30);
    maxSize_->setSpecialValueText(tr("no cap"));
    maxSize_->setToolTip(tr("Largest pattern size m (the geometric size law is truncated here)"));
    seed_ = new QSpinBox;
    seed_->setRange(0, 1000000);
    seed_->setToolTip(tr("Seed of the pattern draw (repetitions use the next seeds)"));
    sizeMean_ = new QDoubleSpinBox;
    sizeMean_->setRange(1.5, 15);
    sizeMean_->setSingleStep(0.5);
    sizeMean_->setToolTip(tr("Mean of the size law: m = 1 + Geometric(1/mean), truncated at the max size\n"
                             "(so at most the max size: a smaller max size lowers it, a larger one gives it back)"));
    connected_ = new QCheckBox(tr("connected patterns only"));
    connected_->setToolTip(tr("Redraw disconnected patterns (a disconnected F has t(F,G) = Π t(F_i,G): no new information)"));
    keepDuplicates_ = new QCheckBox(tr("keep isomorphic duplicates"));
    keepDuplicates_->setToolTip(tr("Off: an isomorphic repeat is redrawn. On: kept, as the paper's sampler does\n"
                                   "(a duplicate spends privacy budget on a coordinate it already has)"));
    info_ = new QLabel;
    info_->setWordWrap(true);
    meanLowered_ = new QLabel;
    meanLowered_->setObjectName("size-mean-lowered");
    meanLowered_->setWordWrap(true);
    meanLowered_->hide();
    form->addRow(tr("Class"), class_);
    form->addRow(tr("d"), d_);
    form->addRow(tr("Max size"), maxSize_);
    form->addRow(tr("Size mean"), sizeMean_);
    form->addRow(meanLowered_);
    form->addRow(tr("Seed"), seed_);
    form->addRow(connected_);
    form->addRow(keepDuplicates_);
    form->addRow(info_);
    connect(maxSize_, QOverload<int>::of(&QSpinBox::valueChanged), this, &PatternsPanel::capSizeMean);
    for (QSpinBox* b : {d_, maxSize_, seed_}) connect(b, QOverload<int>::of(&QSpinBox::valueChanged), this, &PatternsPanel::edited);
    connect(sizeMean_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, [this] {
        if (lowering_) return;
        meanWanted_ = 0;  // the user's own mean now
        meanLowered_->hide();
    });
    connect(sizeMean_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, &PatternsPanel::edited);
    for (QCheckBox* b : {connected_, keepDuplicates_}) connect(b, &QCheckBox::toggled, this, &PatternsPanel::edited);
    connect(class_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &PatternsPanel::edited);
    connect(class_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &PatternsPanel::enableSamplerSettings);
}

// The mean of a size law truncated at the maximum size cannot exceed it: the field takes no more, and says when it
// lowered the user's mean (a new user's mean changed silently); a larger cap gives the user's mean back.
void PatternsPanel::capSizeMean(int cap) {
    const double before = sizeMean_->value(), wanted = meanWanted_ > 0 ? meanWanted_ : before;
    const double most = cap > 0 ? std::min(15, cap) : 15;
    lowering_ = true;
    // a refused mean's message quoted the old range ("from 1.5 to 4"): it goes with it (a new user saw it stay)
    if (most != sizeMean_->maximum()) NumberFieldGuard::clear(sizeMean_);
    sizeMean_->setRange(std::min(1.5, most), most);  // a cap of 1: every pattern has one vertex, mean 1
    if (wanted > sizeMean_->value()) sizeMean_->setValue(std::min(wanted, most));
    lowering_ = false;
    meanWanted_ = wanted > sizeMean_->value() ? wanted : 0;
    meanLowered_->setVisible(meanWanted_ > 0);
    meanLowered_->setText(tr("Size mean lowered from %1 to %2: a size law cut at m\u00a0≤\u00a0%3 has no larger mean. A larger max "
                             "size gives it back.").arg(meanWanted_).arg(sizeMean_->value()).arg(cap));
}

// An enumerated class (all-trees:k) is a fixed list: the sampler's settings do not apply to it.
void PatternsPanel::enableSamplerSettings() {
    const bool sampled = !px::PatternClass::parse(class_->currentText().toStdString()).enumerated();
    for (QWidget* w : std::initializer_list<QWidget*>{d_, maxSize_, sizeMean_, seed_, connected_, keepDuplicates_}) w->setEnabled(sampled);
}

void PatternsPanel::apply(const ExplorerSettings& s) {
    // the window applies every edit back to the panels: the sizes shown again keep the note on a lowered mean
    const bool otherSizes = s.maxSize != maxSize_->value() || s.sizeMean != sizeMean_->value();
    silently([&] {
        class_->setCurrentIndex(std::max(0, int(classKeys().indexOf(QString::fromStdString(s.patternClass)))));
        d_->setValue(s.d);
        maxSize_->setValue(s.maxSize);
        sizeMean_->setMaximum(s.maxSize > 0 ? std::min(15, s.maxSize) : 15);
        sizeMean_->setValue(s.sizeMean);
        if (otherSizes) {  // settings restored as they were (undo, a session, a lesson)
            meanWanted_ = 0;
            meanLowered_->hide();
        }
        connected_->setChecked(s.connected);
        keepDuplicates_->setChecked(s.keepDuplicates);
        seed_->setValue(int(s.patternSeed));
    });
    enableSamplerSettings();
}

void PatternsPanel::collect(ExplorerSettings& s) const {
    s.patternClass = class_->currentText().toStdString();
    s.d = d_->value();
    s.maxSize = maxSize_->value();
    s.sizeMean = sizeMean_->value();
    s.connected = connected_->isChecked();
    s.keepDuplicates = keepDuplicates_->isChecked();
    s.patternSeed = std::uint64_t(seed_->value());
}

std::vector<std::pair<QWidget*, SettingsPanel::Reset>> PatternsPanel::resets() {
    const ExplorerSettings d;
    return {{class_, [d](ExplorerSettings& s) { s.patternClass = d.patternClass; }},
            {d_, [d](ExplorerSettings& s) { s.d = d.d; }},
            {maxSize_, [d](ExplorerSettings& s) { s.maxSize = d.maxSize; }},
            {sizeMean_, [d](ExplorerSettings& s) { s.sizeMean = d.sizeMean; }},
            {seed_, [d](ExplorerSettings& s) { s.patternSeed = d.patternSeed; }},
            {connected_, [d](ExplorerSettings& s) { s.connected = d.connected; }},
            {keepDuplicates_, [d](ExplorerSettings& s) { s.keepDuplicates = d.keepDuplicates; }}};
}

void PatternsPanel::describeFor(const px::Dataset& data) {
    const px::PatternClass cls = px::PatternClass::parse(class_->currentText().toStdString());
    // all-trees:M has its own largest size; the max-size box belongs to the sampled classes
    const int m = cls.enumerated() ? cls.param : maxSize_->value() > 0 ? maxSize_->value() : 10;
    const double n = double(data.totalVertices()) / std::max(1, data.size());
    const double e = double(cls.maxEdges(m));
    info_->setText(tr("max e(F) for m = %1: %2; noise variance factor (max e)²/n⁴ = %3").arg(m).arg(e).arg(e * e / std::pow(n, 4), 0, 'g', 3));
}
