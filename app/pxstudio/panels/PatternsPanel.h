#pragma once
// Pattern class, d, the size law, the pattern seed and the connectivity / duplicate policies.
#include "SettingsPanel.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
namespace px { struct Dataset; }

class PatternsPanel : public SettingsPanel {
    Q_OBJECT
public:
    explicit PatternsPanel(QWidget* parent = nullptr);
    void apply(const ExplorerSettings& s) override;
    void collect(ExplorerSettings& s) const override;
    std::vector<std::pair<QWidget*, Reset>> resets() override;
    // The class's largest e(F) at the size cap and the noise-variance factor (max e)²/n⁴ on this data.
    void describeFor(const px::Dataset& data);
    static const QStringList& classKeys();
    QComboBox* classPicker() const { return class_; }  // shared with the projector strip

private:
    void enableSamplerSettings();
    void capSizeMean(int cap);


    QComboBox* class_;
    QSpinBox *d_, *maxSize_, *seed_;
    QDoubleSpinBox* sizeMean_;
    QCheckBox *connected_, *keepDuplicates_;
    QLabel *info_, *meanLowered_;
    double meanWanted_ = 0;  // the size mean the user set, lowered by a smaller max size (0: none lowered)
    bool lowering_ = false;  // capSizeMean is setting the mean: not the user's edit
};
