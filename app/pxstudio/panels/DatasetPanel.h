#pragma once
// The data set picker (built-in generated sets, the public sets of ../shared/data when present, and
// files opened by the user) and a summary of the loaded set: size, evaluation protocol, and the
// distribution of maximum degrees with how many graphs the declared bound D refuses; where its class labels come
// from, and a button that opens the import dialog to choose another source.
#include "SettingsPanel.h"

class QComboBox;
class QLabel;
class QPushButton;
namespace px { struct Dataset; }

class DatasetPanel : public SettingsPanel {
    Q_OBJECT
public:
    explicit DatasetPanel(QWidget* parent = nullptr);
    void apply(const ExplorerSettings& s) override;
    void collect(ExplorerSettings& s) const override;
    std::vector<std::pair<QWidget*, Reset>> resets() override { return {}; }
    // Selects spec, adding it (labelled name) if it is not listed yet; silent.
    void select(const QString& spec, const QString& name);
    void describe(const px::Dataset& data, const ExplorerSettings& s);
    QComboBox* picker() const { return box_; }  // shared with the projector strip

signals:
    void datasetChosen(const QString& spec);  // the user picked another entry
    void labelsRequested();                   // the user asked to choose where the labels come from

private:
    QString unlabelledLine(const ExplorerSettings& s) const;  // "Labels: none found (source: auto)"
    QString labelsLine(const ExplorerSettings& s) const;      // what the line says of the labels described last
    QComboBox* box_;
    QLabel* summary_;
    QLabel* labelsLine_;
    QPushButton* labelsButton_;
    std::string labels_ = "auto";
    // The data set and label source last described, and whether it has no class labels (the line says so, not "auto").
    std::string describedData_, describedLabels_;
    std::string describedOrigin_;  // where the described data's labels were read, in words (empty: not said)
    bool describedUnlabelled_ = false;  // the settings' label source, shown and collected as it was applied
};
