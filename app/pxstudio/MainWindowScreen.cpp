// The projector strip in the window (projector mode itself: PresentationMode.h), and ρ under both ε sliders.
#include "MainWindow.h"

#include "EpsilonSlider.h"
#include "ProjectorStrip.h"
#include "panels/DatasetPanel.h"
#include "panels/PatternsPanel.h"
#include "panels/PrivacyPanel.h"

QWidget* MainWindow::buildProjectorStrip() {
    strip_ = new ProjectorStrip(dataset_->picker(), patterns_->classPicker(), privacy_);
    strip_->hide();
    strip_->setProperty("helpPage", "projector-mode.md");
    connect(strip_, &ProjectorStrip::datasetChosen, this, [this](const QString& spec) { openDataset(spec); });
    return strip_;
}

void MainWindow::setRhoText(const QString& text) {
    privacy_->slider()->setRhoText(text);
    strip_->slider()->setRhoText(text);
}
