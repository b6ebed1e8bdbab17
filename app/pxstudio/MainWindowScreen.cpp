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

// The ρ line before the privacy report can give it (the densities of new patterns pending): it names the guarantee,
// never goes blank. A graph mechanism's needs no densities at all: randomized response is pure ε-edge-DP (Warner
// 1965); DPRR is as this project divides ε, twice ε as the published baseline does (DegreePreservingRR.h).
// Laplace is pure ε-DP (Dwork et al. 2006); the Gaussians' ρ (Bun and Steinke 2016; tCDP: Bun et al. 2018) is
// calibrated to the patterns' sensitivities, so its number waits for them.
QString MainWindow::rhoTextBeforeReport() const {
    const px::privacy::MechanismParams m = settings().mechanism;
    using px::privacy::MechanismKind;
    switch (m.mechanism) {
    case MechanismKind::Gaussian:  // its ρ needs no data (a new user saw it vanish while a large data set computed)
        try {
            px::privacy::MechanismParams atSlider = m;
            atSlider.epsilon = privacy_->epsilon();  // as the report's line: the slider's ε, also while it moves
            return tr("ρ = %1 (zCDP)").arg(px::privacy::gaussianRho(atSlider), 0, 'g', 4);
        } catch (const std::exception&) {
            return tr("ρ (zCDP): once these patterns' densities are computed");
        }
    case MechanismKind::SmoothGaussian: return tr("ρ, ω (tCDP): once these patterns' densities are computed");
    case MechanismKind::Laplace: return tr("pure ε-DP (no ρ)");
    case MechanismKind::DegreePreservingRR:
        if (m.dprrSplit == px::privacy::DprrSplit::Published) return tr("pure 2ε-edge-DP (no ρ)");
        break;
    case MechanismKind::RandomizedResponse: break;
    }
    return tr("pure ε-edge-DP (no ρ)");
}

void MainWindow::setRhoText(const QString& text) {
    privacy_->slider()->setRhoText(text);
    strip_->slider()->setRhoText(text);
}
