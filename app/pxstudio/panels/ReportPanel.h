#pragma once
// The privacy report at the slider's ε: the guarantee and its conversions, the assumption it rests on
// (a declared degree bound, or none), the noise scales; what the densities add over the public
// information and the shuffled-within-n control at that ε; and what edge-level privacy does and
// does not cover, with the re-identification attack's Top-1 beside its chance level.
#include "experiment/SweepRunner.h"
#include "privacy/PrivacyReport.h"

#include <QGroupBox>

class QLabel;

class ReportPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit ReportPanel(QWidget* parent = nullptr);
    // `result`: the sweep of the report's own settings, or null (its part is left out; `sweepToCome`: the report says
    // that part comes with the sweep).
    void showReport(const px::privacy::PrivacyReport& report, const px::experiment::SweepResult* result, double epsilon,
                    bool sweepToCome = false);
    void showMessage(const QString& html);
    QString text() const;
    // The utility line alone (also used by exports): "densities add +0.045 AUC over the public information …".
    // sliderEpsilon: where the slider is; a grid point elsewhere is named as the nearest one (the plot's readout
    // interpolates between grid points).
    static QString controlsLine(const px::experiment::ControlComparison& c, double sliderEpsilon = -1);

private:
    QLabel* label_;
};
