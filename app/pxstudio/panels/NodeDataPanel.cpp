#include "NodeDataPanel.h"
#include "../ComputePool.h"

#include "SharedData.h"
#include "dataset/NodeDataset.h"
#include "depthlab/DepthLab.h"
#include "depthlab/NodeGenerators.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QLabel>
#include <QPushButton>
#include <QtConcurrent>

NodeDataPanel::NodeDataPanel(QWidget* parent) : DepthPanel(tr("Node data (NAG, propagation, AsampGCN)"), parent) {
    auto* form = new QFormLayout(this);
    box_ = new QComboBox(this);
    for (const auto& n : px::depthlab::builtinNodeDatasets())
        box_->addItem(tr("built-in: %1").arg(QString::fromStdString(n)), "builtin:" + QString::fromStdString(n));
    for (const char* name : {"cora", "citeseer"})
        if (QDir(sharedDataDir() + "/" + name).exists()) box_->addItem(QString("%1 (%2)").arg(name, sharedDataDir()), sharedDataDir() + "/" + name);
    box_->setToolTip(tr("Chains need information to travel l − 1 hops; Cora and Citeseer are read from ../shared/data\n"
                        "(LINQS format) when present, or opened with the button below"));
    connect(box_, QOverload<int>::of(&QComboBox::activated), this, [this](int i) { loadInBackground(box_->itemData(i).toString()); });
    auto* open = new QPushButton(tr("Open LINQS folder…"), this);
    open->setToolTip(tr("A folder with NAME.content and NAME.cites (Cora, Citeseer format)"));
    connect(open, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open LINQS citation data"));
        if (!dir.isEmpty()) loadInBackground(dir);
    });
    info_ = new QLabel(this);
    info_->setWordWrap(true);
    form->addRow(box_);
    form->addRow(open);
    form->addRow(info_);
    form->addRow(runButton(tr("Run COSERA on this data"), "cosera-real",
                           tr("The linear encoder on the data set's own features (Cora/Citeseer: 256 principal components),\n"
                              "attacked at every depth 1..10")));
}

bool NodeDataPanel::load(const QString& spec, QString* error) {
    try {
        adopt(std::make_shared<const px::NodeDataset>(px::depthlab::loadNodeData(spec.toStdString())), spec);
        return true;
    } catch (const std::exception& e) {
        if (error) *error = tr("Could not load %1: %2").arg(spec, QString::fromStdString(e.what()));
        return false;
    }
}

void NodeDataPanel::loadInBackground(const QString& spec) {
    struct Loaded {
        std::shared_ptr<const px::NodeDataset> data;
        QString error;
    };
    emit status(tr("Loading %1…").arg(spec));
    box_->setEnabled(false);
    auto* watcher = new QFutureWatcher<Loaded>(this);
    connect(watcher, &QFutureWatcher<Loaded>::finished, this, [this, watcher, spec] {
        const Loaded r = watcher->result();
        watcher->deleteLater();
        box_->setEnabled(true);
        if (!r.data) {
            emit status(tr("Could not load %1").arg(spec));
            emit message(tr("Could not load %1: %2").arg(spec, r.error));
            box_->setCurrentIndex(std::max(0, box_->findData(spec_)));
            return;
        }
        adopt(r.data, spec);
        emit status(tr("Loaded %1").arg(QString::fromStdString(r.data->name)));
    });
    watcher->setFuture(QtConcurrent::run(computePool(), [spec]() -> Loaded {
        try {
            return {std::make_shared<const px::NodeDataset>(px::depthlab::loadNodeData(spec.toStdString())), {}};
        } catch (const std::exception& e) {
            return {nullptr, QString::fromStdString(e.what())};
        }
    }));
}

void NodeDataPanel::adopt(std::shared_ptr<const px::NodeDataset> data, const QString& spec) {
    data_ = std::move(data);
    spec_ = spec;
    int idx = box_->findData(spec);
    if (idx < 0) {
        box_->addItem(QString::fromStdString(data_->name), spec);
        idx = box_->count() - 1;
    }
    box_->setCurrentIndex(idx);
    QString info = tr("%1: %2 nodes, %3 edges, %4 features, %5 classes; split %6/%7/%8")
                       .arg(QString::fromStdString(data_->name))
                       .arg(data_->numNodes())
                       .arg(data_->graph.numEdges())
                       .arg(data_->features.cols())
                       .arg(data_->numClasses())
                       .arg(data_->train.size())
                       .arg(data_->valid.size())
                       .arg(data_->test.size());
    for (const auto& w : data_->warnings) info += "\n" + QString::fromStdString(w);
    info_->setText(info);
    emit edited();  // the experiments on node data are of other settings now
}
