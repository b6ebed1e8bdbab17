#pragma once
// The privacy budget (the ε slider and δ), the mechanism, the sensitivity's source (a declared public
// degree bound D, or no degree assumption: the counting lemma with D = n − 1 per graph), the noise
// allocation, β of the smooth mechanism and the reference-code reproduction mode.
#include "SettingsPanel.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
namespace px::widgets { class EpsilonSlider; }

class PrivacyPanel : public SettingsPanel {
    Q_OBJECT
public:
    explicit PrivacyPanel(QWidget* parent = nullptr);
    void apply(const ExplorerSettings& s) override;
    void collect(ExplorerSettings& s) const override;
    std::vector<std::pair<QWidget*, Reset>> resets() override;
    px::widgets::EpsilonSlider* slider() const { return epsilon_; }
    double epsilon() const;
    bool referenceMode() const;

signals:
    void epsilonPreview();    // while the slider moves: cheap previews only
    void epsilonCommitted();  // once per drag or key press

private:
    void enableForMechanism();
    px::widgets::EpsilonSlider* epsilon_;
    QComboBox *delta_, *mechanism_, *sensitivity_, *allocation_;
    QSpinBox* degree_;
    QDoubleSpinBox* beta_;
    QCheckBox* reference_;
};
