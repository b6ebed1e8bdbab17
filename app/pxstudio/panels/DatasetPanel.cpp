#include "DatasetPanel.h"

#include "SharedData.h"
#include "dataset/DegreeProfile.h"
#include "experiment/SweepRunner.h"
#include "generators/Generators.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

namespace {
// A warning when the smallest test part the sweep will score is too small for its scores to mean much:
// ROC-AUC on n₊ positives and n₋ negatives takes values in steps of 1/(n₊·n₋) (Hanley & McNeil 1982).
QString smallTestPartWarning(const px::Dataset& ds, const ExplorerSettings& s) {
    px::experiment::SweepSpec spec;  // the split seed the sweeps use
    spec.protocol = s.protocol;
    std::vector<px::experiment::TrainTest> parts;
    try {
        parts = px::experiment::sweepSplits(spec, ds, 0).splits;
    } catch (const std::exception&) {
        return {};  // no labels: the sweep says why it cannot score
    }
    const px::experiment::TrainTest* smallest = nullptr;
    for (const auto& part : parts)
        if (!smallest || part.test.size() < smallest->test.size()) smallest = &part;
    if (!smallest || ds.labels.cols() == 0) return {};
    std::map<double, int> perClass;
    for (int g : smallest->test)
        if (!std::isnan(ds.labels(g, 0))) ++perClass[ds.labels(g, 0)];
    int fewest = perClass.empty() ? 0 : perClass.begin()->second;
    for (const auto& [label, count] : perClass) fewest = std::min(fewest, count);
    if (smallest->test.size() >= 20 && fewest >= 5 && perClass.size() >= 2) return {};
    QStringList counts;
    for (const auto& [label, count] : perClass) counts << QString::number(count);
    QString text = QObject::tr("Only %1 test graphs%2 (%3 per class)")
                       .arg(smallest->test.size())
                       .arg(parts.size() > 1 ? QObject::tr(" in the smallest fold") : QString())
                       .arg(counts.join(" / "));
    if (perClass.size() == 2)
        text += QObject::tr(": ROC-AUC moves in steps of 1/%1, so its curves say little").arg(counts[0].toInt() * counts[1].toInt());
    else if (perClass.size() < 2)
        text += QObject::tr(": with one class in the test part ROC-AUC is not defined");
    return "<br><span style='color:#b22'>" + text + ".</span>";
}
}  // namespace

DatasetPanel::DatasetPanel(QWidget* parent) : SettingsPanel(tr("Data set"), parent) {
    auto* layout = new QVBoxLayout(this);
    box_ = new QComboBox;
    for (const auto& n : px::gen::builtinNames())
        box_->addItem(tr("built-in: %1").arg(QString::fromStdString(n)), QString("builtin:") + QString::fromStdString(n));
    const QStringList shared = sharedGraphDatasets();
    if (!shared.isEmpty()) box_->insertSeparator(box_->count());
    for (const QString& name : shared) {
        box_->addItem(QString(name).remove("-gin").remove("-rebuilt"), QDir(sharedDataDir() + "/" + name).absolutePath());
        box_->setItemData(box_->count() - 1, sharedDataDir() + "/" + name, Qt::ToolTipRole);
    }
    box_->setToolTip(tr("Built-in generated data sets (seeded); the public TU, social (GIN format) and OGB sets of\n"
                        "../shared/data when present; or File ▸ Open data set… for OGB, TU, GIN, GraphML or edge lists"));
    summary_ = new QLabel;
    summary_->setObjectName("dataset-summary");
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::RichText);
    labelsLine_ = new QLabel;
    labelsLine_->setObjectName("labels-line");
    labelsLine_->setWordWrap(true);  // "Labels: none (opened without class labels)" wraps instead of widening the panel
    labelsButton_ = new QPushButton(tr("Labels…"));
    labelsButton_->setObjectName("labels-button");
    labelsButton_->setToolTip(tr("Where the class labels come from: labels.csv (a column), a GraphML graph key, the\n"
                                 "format's own, or none; with a preview of the first graphs"));
    auto* labelsRow = new QHBoxLayout;
    labelsRow->addWidget(labelsLine_, 1);
    labelsRow->addWidget(labelsButton_);
    layout->addWidget(box_);
    layout->addLayout(labelsRow);
    layout->addWidget(summary_);
    connect(labelsButton_, &QPushButton::clicked, this, &DatasetPanel::labelsRequested);
    connect(box_, QOverload<int>::of(&QComboBox::activated), this, [this](int i) { emit datasetChosen(box_->itemData(i).toString()); });
}

void DatasetPanel::select(const QString& spec, const QString& name) {
    silently([&] {
        int idx = box_->findData(spec);
        if (idx < 0) {
            box_->addItem(name.isEmpty() ? QFileInfo(spec).fileName() : name, spec);
            idx = box_->count() - 1;
        }
        box_->setCurrentIndex(idx);
    });
}

void DatasetPanel::apply(const ExplorerSettings& s) {
    select(QString::fromStdString(s.dataset), {});
    labels_ = s.labels;
    const bool sameData = s.dataset == describedData_ && s.labels == describedLabels_;
    labelsLine_->setText(sameData ? labelsLine(s) : tr("Labels: %1").arg(QString::fromStdString(s.labels)));
    labelsButton_->setEnabled(s.dataset.rfind("builtin:", 0) != 0);  // generated data: its own classes
}

void DatasetPanel::collect(ExplorerSettings& s) const {
    s.dataset = box_->currentData().toString().toStdString();
    s.labels = labels_;
}

// Where the labels came from, in the words of the loader ("labels.csv column 'class'"), and whether the app found
// the source itself (auto) or was told it: "Labels: auto" alone did not say what auto had taken.
QString DatasetPanel::labelsLine(const ExplorerSettings& s) const {
    if (describedUnlabelled_) return unlabelledLine(s);
    if (describedOrigin_.empty()) return tr("Labels: %1").arg(QString::fromStdString(s.labels));
    const QString origin = QString::fromStdString(describedOrigin_);
    return s.labels == "auto" ? tr("Labels: %1 (found automatically)").arg(origin) : tr("Labels: %1").arg(origin);
}

QString DatasetPanel::unlabelledLine(const ExplorerSettings& s) const {
    return s.labels == "none" ? tr("Labels: none (opened without class labels)")
                              : tr("Labels: none found (source: %1)").arg(QString::fromStdString(s.labels));
}

void DatasetPanel::describe(const px::Dataset& ds, const ExplorerSettings& s) {
    const px::DegreeProfile deg = px::DegreeProfile::of(ds);
    const bool folds = s.protocol != "split";
    describedData_ = s.dataset;
    describedLabels_ = s.labels;
    describedUnlabelled_ = ds.tasks.empty();
    describedOrigin_ = ds.tasks.empty() ? std::string() : ds.tasks[0].origin;
    labelsLine_->setText(labelsLine(s));
    // no labels, nothing to train: no split or folds to describe (they were described as if there were)
    QString protocol = describedUnlabelled_ && ds.size() == 1
                           ? tr("one graph, so no classes to learn: the views that train need a folder of graphs of two classes")
                       : describedUnlabelled_ ? tr("no class labels, so no train/test split or folds apply (they need labels: "
                                                   "choose a label source with Labels… above)")
                       : folds ? (ds.folds.size() == 10 ? tr("10-fold CV on the shipped folds") : tr("stratified 10-fold CV"))
                       : ds.split ? tr("split %1").arg(QString::fromStdString(ds.split->name)) : tr("stratified 80/20 split");
    QString text = tr("%1, %2 vertices on average; %3.<br>Max degree per graph: median %4, 95th percentile %5, 99th %6, max %7.")
                       .arg(ds.size() == 1 ? tr("1 graph") : tr("%1 graphs").arg(ds.size()))
                       .arg(double(ds.totalVertices()) / std::max(1, ds.size()), 0, 'f', 1)
                       .arg(protocol)
                       .arg(deg.quantile(0.5)).arg(deg.quantile(0.95)).arg(deg.quantile(0.99)).arg(deg.max());
    const auto& m = s.mechanism;
    const bool usesD = m.sensitivity == px::privacy::SensitivitySource::PublicDegreeBound &&
                       (m.mechanism == px::privacy::MechanismKind::Gaussian || m.mechanism == px::privacy::MechanismKind::Laplace);
    if (usesD) {
        const int refused = deg.refusedBy(m.degreeBound);
        const auto mine = s.perDataset.find(s.dataset);
        const bool declared = mine != s.perDataset.end() && mine->second.degreeBound > 0;
        const QString origin = declared                          ? tr("declared for this data set")
                               : m.degreeBound == deg.max() ? tr("its maximum degree")
                                                            : tr("its maximum degree is %1").arg(deg.max());
        text += "<br>" + (refused > 0 ? tr("<span style='color:#b22'>D = %1 (%2) refuses %3 of %4 graphs (Δ(G) &gt; D).</span>")
                                            .arg(m.degreeBound).arg(origin).arg(refused).arg(ds.size())
                                      : tr("D = %1 (%2) refuses no graph.").arg(m.degreeBound).arg(origin));
    }
    summary_->setText(text + smallTestPartWarning(ds, s));
}
