#include "EpsilonSlider.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <algorithm>
#include <cmath>

namespace px::widgets {

namespace {
// log10 ε ∈ [−1, 2]: ε from 0.1 to 100, the explorer's budget grid (ExplorerController), 100 positions per decade
constexpr int kSteps = 300;
constexpr double kLogMin = -1.0, kLogMax = 2.0;
const char* const kFieldTip = QT_TRANSLATE_NOOP("EpsilonSlider", "Type ε (a number from 0.1 to 100) and press Enter.");
}  // namespace

EpsilonSlider::EpsilonSlider(QWidget* parent) : QWidget(parent) {
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setRange(0, kSteps);
    slider_->setSingleStep(kSteps / 30);  // 0.1 decade
    slider_->setPageStep(kSteps / 6);     // half a decade
    field_ = new QLineEdit(this);
    field_->setObjectName("epsilon-field");
    fitFieldToFont();
    field_->setToolTip(tr(kFieldTip));
    label_ = new QLabel(this);  // ρ at this ε, under the slider
    label_->setObjectName("rho-label");
    label_->setWordWrap(true);
    error_ = new QLabel(this);
    error_->setObjectName("epsilon-error");
    error_->setWordWrap(true);
    error_->setStyleSheet("QLabel { color: #a93226; }");
    error_->hide();
    auto* row = new QHBoxLayout;
    row_ = row;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(slider_, 1);
    row->addWidget(new QLabel("ε =", this));
    row->addWidget(field_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(error_);
    layout->addWidget(label_);
    connect(field_, &QLineEdit::editingFinished, this, &EpsilonSlider::takeTypedEpsilon);
    connect(field_, &QLineEdit::textEdited, this, [this](const QString& text) {  // valid again: the refusal goes
        bool ok = false;
        const double eps = text.trimmed().toDouble(&ok);
        if (!inputError_.isEmpty() && ok && eps >= toEpsilon(0) * (1 - 1e-9) && eps <= toEpsilon(kSteps) * (1 + 1e-9)) showInputError({});
    });
    setToolTip(tr("Privacy budget ε of (ε, δ)-differential privacy with respect to one edge, on a log scale.\n"
                  "Smaller ε: more noise, stronger privacy. The noise is calibrated so that the tightest valid\n"
                  "conversion (for the Gaussian: the exact analytic curve δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2))\n"
                  "meets the target. Double-click to reset to ε = 1."));
    slider_->installEventFilter(this);
    setEpsilon(kDefault);
    connect(slider_, &QSlider::valueChanged, this, [this](int position) {
        epsilon_ = toEpsilon(position);
        typed_ = false;
        updateLabel();
        emit epsilonChanged(epsilon());
        if (!slider_->isSliderDown()) emit epsilonCommitted(epsilon());  // keyboard or page steps
    });
    connect(slider_, &QSlider::sliderReleased, this, [this] { emit epsilonCommitted(epsilon()); });
}

double EpsilonSlider::epsilon() const { return epsilon_; }

void EpsilonSlider::setEpsilon(double eps) {
    const QSignalBlocker block(slider_);
    epsilon_ = std::clamp(eps, toEpsilon(0), toEpsilon(kSteps));
    typed_ = std::abs(toEpsilon(toPosition(epsilon_)) - epsilon_) > 1e-12 * epsilon_;  // not a knob position: shown in full
    slider_->setValue(toPosition(epsilon_));
    updateLabel();
}

int EpsilonSlider::toPosition(double eps) {
    const double t = (std::log10(std::max(eps, 1e-12)) - kLogMin) / (kLogMax - kLogMin);
    return int(std::lround(std::clamp(t, 0.0, 1.0) * kSteps));
}

// Each position is ε = 10^(−1 + position/100) rounded to three significant digits: the number the field shows is
// the ε used, quoted alike by the privacy report (a new user read 13.5 in the field and 13.49 in the report).
// Rounding moves ε by at most 0.5 %, less than half a step (1.2 %): every position keeps its own value.
double EpsilonSlider::toEpsilon(int position) {
    const double exact = std::pow(10.0, kLogMin + (kLogMax - kLogMin) * double(position) / kSteps);
    const int exponent = int(std::floor(std::log10(exact))) - 2;  // of the third significant digit
    if (exponent >= 0) return std::round(exact / std::pow(10.0, exponent)) * std::pow(10.0, exponent);
    const double scale = std::pow(10.0, -exponent);  // an exact power of ten: 126 / 100 is the double nearest 1.26
    return std::round(exact * scale) / scale;
}

void EpsilonSlider::setRhoBeside(bool beside) {
    layout()->removeWidget(label_);
    label_->setWordWrap(!beside);
    if (beside) row_->addWidget(label_);
    else static_cast<QVBoxLayout*>(layout())->addWidget(label_);
}

void EpsilonSlider::updateLabel() {
    shownText_ = QString::number(epsilon_, 'g', typed_ ? 12 : 3);
    if (inputError_.isEmpty() || !field_->hasFocus()) field_->setText(shownText_);
    label_->setText(rhoText_);
    label_->setVisible(!rhoText_.isEmpty());
}

void EpsilonSlider::takeTypedEpsilon() {
    // Leaving a field the user did not type into takes nothing: its text is the value rounded for display
    if (field_->text() == shownText_ && inputError_.isEmpty()) return;
    bool ok = false;
    const double eps = field_->text().trimmed().toDouble(&ok);
    const double lo = toEpsilon(0), hi = toEpsilon(kSteps);
    if (!ok || !(eps >= lo * (1 - 1e-9) && eps <= hi * (1 + 1e-9))) {
        showInputError(tr("ε must be a number from %1 to %2; \"%3\" is not.").arg(lo).arg(hi).arg(field_->text().trimmed()));
        return;
    }
    showInputError({});
    const double taken = std::clamp(eps, lo, hi);
    if (taken == epsilon_) {
        updateLabel();
        return;
    }
    setEpsilon(taken);  // exactly as typed; the knob to its nearest position
    emit epsilonChanged(epsilon_);
    emit epsilonCommitted(epsilon_);
}

void EpsilonSlider::showInputError(const QString& error) {
    inputError_ = error;
    field_->setStyleSheet(error.isEmpty() ? QString() : QString("QLineEdit { border: 2px solid #c0392b; }"));
    field_->setToolTip(error.isEmpty() ? tr(kFieldTip) : error);
    error_->setText(error);
    error_->setVisible(!error.isEmpty());
}

void EpsilonSlider::setRhoText(const QString& text) {
    rhoText_ = text;
    updateLabel();
}

void EpsilonSlider::mouseDoubleClickEvent(QMouseEvent*) { resetToDefault(); }

void EpsilonSlider::resetToDefault() {
    if (slider_->value() != toPosition(kDefault)) {
        slider_->setValue(toPosition(kDefault));  // emits
    } else if (epsilon_ != kDefault) {  // a typed value near 1: the knob does not move, the value does
        setEpsilon(kDefault);
        emit epsilonChanged(epsilon_);
        emit epsilonCommitted(epsilon_);
    }
}

// Wide enough for "0.5623" in the font it has now: projector mode enlarges the application's font, and the field,
// sized once for the desktop's, showed ".5623" (a new user read it so).
void EpsilonSlider::fitFieldToFont() {
    field_->setMaximumWidth(field_->fontMetrics().horizontalAdvance("0.0000") + 16);
}

void EpsilonSlider::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange && field_ && error_) {  // (not while the constructor builds them)
        fitFieldToFont();
        error_->setFont(font());  // the refusal as large as the field it is about
    }
    QWidget::changeEvent(event);
}

bool EpsilonSlider::eventFilter(QObject* watched, QEvent* event) {
    if (watched == slider_ && event->type() == QEvent::MouseButtonDblClick) {
        resetToDefault();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace px::widgets
