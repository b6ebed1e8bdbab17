#include "EpsilonSlider.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <cmath>

namespace px::widgets {

namespace {
// log10 ε ∈ [−1, 2]: ε from 0.1 to 100, the explorer's budget grid (ExplorerController), 100 positions per decade
constexpr int kSteps = 300;
constexpr double kLogMin = -1.0, kLogMax = 2.0;
}  // namespace

EpsilonSlider::EpsilonSlider(QWidget* parent) : QWidget(parent) {
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setRange(0, kSteps);
    slider_->setPageStep(kSteps / 20);
    label_ = new QLabel(this);
    label_->setMinimumWidth(70);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(slider_, 1);
    layout->addWidget(label_);
    setToolTip(tr("Privacy budget ε of (ε, δ)-differential privacy with respect to one edge, on a log scale.\n"
                  "Smaller ε: more noise, stronger privacy. The noise is calibrated so that the tightest valid\n"
                  "conversion (for the Gaussian: the exact analytic curve δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2))\n"
                  "meets the target. Double-click to reset to ε = 1."));
    slider_->installEventFilter(this);
    setEpsilon(kDefault);
    connect(slider_, &QSlider::valueChanged, this, [this] {
        updateLabel();
        emit epsilonChanged(epsilon());
        if (!slider_->isSliderDown()) emit epsilonCommitted(epsilon());  // keyboard or page steps
    });
    connect(slider_, &QSlider::sliderReleased, this, [this] { emit epsilonCommitted(epsilon()); });
}

double EpsilonSlider::epsilon() const { return toEpsilon(slider_->value()); }

void EpsilonSlider::setEpsilon(double eps) {
    const QSignalBlocker block(slider_);
    slider_->setValue(toPosition(eps));
    updateLabel();
}

int EpsilonSlider::toPosition(double eps) {
    const double t = (std::log10(std::max(eps, 1e-12)) - kLogMin) / (kLogMax - kLogMin);
    return int(std::lround(std::clamp(t, 0.0, 1.0) * kSteps));
}

double EpsilonSlider::toEpsilon(int position) {
    return std::pow(10.0, kLogMin + (kLogMax - kLogMin) * double(position) / kSteps);
}

void EpsilonSlider::updateLabel() {
    label_->setText(QString("ε = %1").arg(epsilon(), 0, 'g', 3) + (rhoText_.isEmpty() ? QString() : "\n" + rhoText_));
}

void EpsilonSlider::setRhoText(const QString& text) {
    rhoText_ = text;
    updateLabel();
}

void EpsilonSlider::mouseDoubleClickEvent(QMouseEvent*) {
    slider_->setValue(toPosition(kDefault));
}

bool EpsilonSlider::eventFilter(QObject* watched, QEvent* event) {
    if (watched == slider_ && event->type() == QEvent::MouseButtonDblClick) {
        slider_->setValue(toPosition(kDefault));
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace px::widgets
