#pragma once
// The learner (kNN, SVM, linear, forest, boosting, and a GIN trained on the graphs) and its parameters, the evaluation protocol,
// noisy or clean test embeddings, and the number of repetitions.
#include "SettingsPanel.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

class LearnerPanel : public SettingsPanel {
    Q_OBJECT
public:
    explicit LearnerPanel(QWidget* parent = nullptr);
    void apply(const ExplorerSettings& s) override;
    void collect(ExplorerSettings& s) const override;
    std::vector<std::pair<QWidget*, Reset>> resets() override;

private:
    void enableForLearner();
    QComboBox *learner_, *protocol_;
    QSpinBox *k_, *trees_, *reps_, *ginLayers_, *ginHidden_, *ginEpochs_;
    QComboBox *ginFeatures_, *featureMap_;
    QDoubleSpinBox* c_;
    QCheckBox *noisyTest_, *logN_, *tuning_;
};
