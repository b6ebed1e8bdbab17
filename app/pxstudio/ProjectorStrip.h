#pragma once
// Projector mode's settings: one slim row above the views, in place of the settings column, with what a
// lecturer changes while talking — the data set, the pattern class and ε (typed or slid, with its ρ).
// The pickers share their lists with the settings panels and stay in step with them both ways: a choice
// made here is the same choice made in the panel (one undo step, one recomputation). Esc cancels, as
// everywhere (the status bar's Cancel stays on screen).
#include <QWidget>

class QComboBox;
class PrivacyPanel;
namespace px::widgets { class EpsilonSlider; }

class ProjectorStrip : public QWidget {
    Q_OBJECT
public:
    // datasetPicker, classPicker: the panels' combo boxes. A pick here sets theirs; datasetChosen is then
    // emitted for the data set, as the panel's own picker would.
    ProjectorStrip(QComboBox* datasetPicker, QComboBox* classPicker, PrivacyPanel* privacy, QWidget* parent = nullptr);
    px::widgets::EpsilonSlider* slider() const { return epsilon_; }
    QComboBox* datasetPicker() const { return dataset_; }
    QComboBox* classPicker() const { return class_; }
    // Takes the panels' current values (after a restore, undo or lesson step).
    void follow();

signals:
    void datasetChosen(const QString& spec);

private:
    QComboBox* panelDataset_;
    QComboBox* panelClass_;
    PrivacyPanel* privacy_;
    QComboBox* dataset_;
    QComboBox* class_;
    px::widgets::EpsilonSlider* epsilon_;
};
