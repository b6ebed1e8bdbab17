#include "ProjectorStrip.h"

#include "EpsilonSlider.h"
#include "panels/PrivacyPanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

ProjectorStrip::ProjectorStrip(QComboBox* datasetPicker, QComboBox* classPicker, PrivacyPanel* privacy, QWidget* parent)
    : QWidget(parent), panelDataset_(datasetPicker), panelClass_(classPicker), privacy_(privacy) {
    setObjectName("projector-strip");
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(6, 2, 6, 2);
    dataset_ = new QComboBox;
    dataset_->setObjectName("strip-dataset");
    dataset_->setModel(panelDataset_->model());  // one list: files opened later appear in both
    dataset_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    dataset_->setMinimumContentsLength(12);
    class_ = new QComboBox;
    class_->setObjectName("strip-class");
    class_->setModel(panelClass_->model());
    class_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    class_->setMinimumContentsLength(10);
    epsilon_ = new px::widgets::EpsilonSlider;
    epsilon_->setObjectName("strip-epsilon");
    epsilon_->setRhoBeside(true);  // one row: the plot keeps the height a second line would take
    row->addWidget(new QLabel(tr("Data")));
    row->addWidget(dataset_, 2);
    row->addWidget(new QLabel(tr("Patterns")));
    row->addWidget(class_, 1);
    row->addWidget(epsilon_, 4);
    setToolTip(tr("Projector mode (F11 leaves it): the data set, the pattern class and ε. Every other setting is in the "
                  "settings column of the normal mode. Esc cancels a computation."));

    connect(dataset_, QOverload<int>::of(&QComboBox::activated), this, [this](int i) {
        emit datasetChosen(dataset_->itemData(i).toString());
    });
    connect(class_, QOverload<int>::of(&QComboBox::activated), this, [this](int i) { panelClass_->setCurrentIndex(i); });
    // ε here is ε in the Privacy panel: moving either moves both, and the panel says what happened.
    auto* panelSlider = privacy_->slider();
    connect(epsilon_, &px::widgets::EpsilonSlider::epsilonChanged, this, [this, panelSlider](double e) {
        panelSlider->setEpsilon(e);
        emit privacy_->epsilonPreview();
    });
    connect(epsilon_, &px::widgets::EpsilonSlider::epsilonCommitted, this, [this, panelSlider](double e) {
        panelSlider->setEpsilon(e);
        emit privacy_->epsilonCommitted();
    });
    connect(privacy_, &PrivacyPanel::epsilonPreview, this, &ProjectorStrip::follow);
    connect(privacy_, &PrivacyPanel::epsilonCommitted, this, &ProjectorStrip::follow);
    connect(panelDataset_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &ProjectorStrip::follow);
    connect(panelClass_, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &ProjectorStrip::follow);
}

void ProjectorStrip::follow() {
    const QSignalBlocker a(dataset_), b(class_), c(epsilon_);
    dataset_->setCurrentIndex(panelDataset_->currentIndex());
    class_->setCurrentIndex(panelClass_->currentIndex());
    epsilon_->setEpsilon(privacy_->epsilon());
}
