// The projector strip in the window (projector mode itself: PresentationMode.h), and ρ under both ε sliders.
#include "MainWindow.h"

#include "EpsilonSlider.h"
#include "ProjectorStrip.h"
#include "panels/DatasetPanel.h"
#include "panels/PatternsPanel.h"
#include "panels/PrivacyPanel.h"
#include "privacy/Mechanism.h"

QWidget* MainWindow::buildProjectorStrip() {
    strip_ = new ProjectorStrip(dataset_->picker(), patterns_->classPicker(), privacy_);
    strip_->hide();
    strip_->setProperty("helpPage", "projector-mode.md");
    connect(strip_, &ProjectorStrip::datasetChosen, this, [this](const QString& spec) { openDataset(spec); });
    return strip_;
}

// A graph mechanism has no noise model, but its guarantee needs none: randomized response is pure ε-edge-DP (Warner
// 1965); DPRR is as this project divides ε, twice ε as the published baseline does (DegreePreservingRR.h). Empty for
// the mechanisms on densities, whose ρ the privacy report gives.
QString MainWindow::graphMechanismRhoText() const {
    const px::privacy::MechanismParams m = settings().mechanism;
    if (!px::privacy::perturbsGraph(m.mechanism)) return {};
    return m.mechanism == px::privacy::MechanismKind::DegreePreservingRR && m.dprrSplit == px::privacy::DprrSplit::Published
               ? tr("pure 2ε-edge-DP (no ρ)")
               : tr("pure ε-edge-DP (no ρ)");
}

void MainWindow::setRhoText(const QString& text) {
    privacy_->slider()->setRhoText(text);
    strip_->slider()->setRhoText(text);
}
