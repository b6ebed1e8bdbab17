#include "PrivacyPanel.h"

#include "EpsilonSlider.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>
#include <algorithm>

namespace {
const QStringList kMechanismKeys = {"gaussian", "smooth", "laplace", "rr", "dprr"};
const QStringList kAllocationKeys = {"isotropic", "equal-snr"};
using px::privacy::SensitivitySource;
}  // namespace

PrivacyPanel::PrivacyPanel(QWidget* parent) : SettingsPanel(tr("Privacy"), parent) {
    auto* form = new QFormLayout(this);
    epsilon_ = new px::widgets::EpsilonSlider;
    delta_ = new QComboBox;
    for (double d : {1e-4, 1e-5, 1e-6, 1e-7, 1e-8}) delta_->addItem(QString::number(d, 'g', 1), d);
    delta_->setToolTip(tr("δ of the (ε, δ) statements"));
    mechanism_ = new QComboBox;
    mechanism_->addItems({tr("Gaussian (global sensitivity)"), tr("smooth-sensitivity Gaussian"), tr("Laplace"), tr("randomized response"),
                          tr("degree-preserving RR (DPRR)")});
    mechanism_->setToolTip(tr("Gaussian: t + N(0, σ²), σ = ‖s‖₂/√(2ρ), ρ-zCDP\nsmooth: (2ρ' + 4dβ², 1/(4β))-tCDP (Theorem 5)\n"
                              "Laplace: pure ε-DP with ℓ1 sensitivity\nrandomized response: flip each pair w.p. 1/(1 + e^ε)\n"
                              "DPRR (Hidano & Murakami): each vertex reports its neighbours by RR, then keeps each reported 1\n"
                              "  w.p. q = d*/(d*(2p−1) + (n−1)(1−p)) with a Laplace degree d*, so degrees survive in expectation;\n"
                              "  ε/2 per vertex (an edge is in two reports)"));
    sensitivity_ = new QComboBox;
    sensitivity_->addItem(tr("declared public bound D"), int(SensitivitySource::PublicDegreeBound));
    sensitivity_->addItem(tr("no degree assumption"), int(SensitivitySource::CountingLemma));
    sensitivity_->setToolTip(tr("Where the sensitivity of t(F, G) comes from (Gaussian and Laplace):\n"
                                " declared D: |Δt| ≤ (2e/n²)(D/n)^(m−c−1), valid only if every graph of the universe has Δ(G) ≤ D\n"
                                "   (a public assumption; graphs above D are refused)\n"
                                " no assumption: the counting lemma, |Δt| ≤ 2e(F)/n² (D = n − 1 for every graph): more noise,\n"
                                "   no promise about the data needed"));
    degree_ = new QSpinBox;
    degree_->setRange(1, 100000);
    degree_->setToolTip(tr("Public degree bound D: |Δt| ≤ (2e/n²)(D/n)^(m−c−1). Graphs with Δ(G) > D are refused.\n"
                           "It belongs to the data set: opening one sets D to its maximum degree, or to the D you declared for it."));
    allocation_ = new QComboBox;
    allocation_->addItems({tr("isotropic (paper)"), tr("equal signal-to-noise")});
    allocation_->setToolTip(tr("Isotropic: σ_j = ‖s‖₂/√(2ρ). Equal SNR: σ_j = s_j √(d/(2ρ)). Both meet Σ s_j²/σ_j² = 2ρ."));
    beta_ = new QDoubleSpinBox;
    beta_->setDecimals(5);
    beta_->setRange(0, 1);
    beta_->setSingleStep(0.001);
    beta_->setSpecialValueText(tr("ρ'/5 (paper)"));
    beta_->setToolTip(tr("β of the smooth sensitivity (smooth mechanism only): noise N(0, S*²/(2ρ')) gives\n"
                         "(2ρ' + 4dβ², 1/(4β))-tCDP; 0 uses the paper's β = ρ'/5"));
    reference_ = new QCheckBox(tr("reference-code reproduction"));
    reference_->setToolTip(tr("Recompute the published code's quantities. No valid guarantee."));
    form->addRow(epsilon_);
    form->addRow(tr("δ"), delta_);
    form->addRow(tr("Mechanism"), mechanism_);
    form->addRow(tr("Sensitivity"), sensitivity_);
    form->addRow(tr("Degree bound D"), degree_);
    form->addRow(tr("Allocation"), allocation_);
    form->addRow(tr("β (smooth)"), beta_);
    form->addRow(reference_);
    connect(epsilon_, &px::widgets::EpsilonSlider::epsilonChanged, this, &PrivacyPanel::epsilonPreview);
    connect(epsilon_, &px::widgets::EpsilonSlider::epsilonCommitted, this, &PrivacyPanel::epsilonCommitted);
    for (QComboBox* b : {delta_, mechanism_, sensitivity_, allocation_})
        connect(b, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &PrivacyPanel::edited);
    for (QComboBox* b : {mechanism_, sensitivity_})
        connect(b, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &PrivacyPanel::enableForMechanism);
    connect(reference_, &QCheckBox::toggled, this, &PrivacyPanel::enableForMechanism);
    connect(degree_, QOverload<int>::of(&QSpinBox::valueChanged), this, &PrivacyPanel::edited);
    connect(reference_, &QCheckBox::toggled, this, &PrivacyPanel::edited);
    connect(beta_, QOverload<double>::of(&QDoubleSpinBox::valueChanged), this, &PrivacyPanel::edited);
}

void PrivacyPanel::enableForMechanism() {
    const QString m = kMechanismKeys[mechanism_->currentIndex()];
    const bool global = m == "gaussian" || m == "laplace";
    sensitivity_->setEnabled(global);
    const bool declared = sensitivity_->currentData().toInt() == int(SensitivitySource::PublicDegreeBound);
    degree_->setEnabled(m == "smooth" ? reference_->isChecked() : global && declared);
    beta_->setEnabled(m == "smooth");
    allocation_->setEnabled(m == "gaussian");  // per-pattern allocation exists for the Gaussian mechanism only
    // Laplace, randomized response and DPRR are pure ε-DP: no δ (its list stayed open beside "pure ε-DP, no δ")
    delta_->setEnabled(m == "gaussian" || m == "smooth");
}

double PrivacyPanel::epsilon() const { return epsilon_->epsilon(); }
bool PrivacyPanel::referenceMode() const { return reference_->isChecked(); }

void PrivacyPanel::apply(const ExplorerSettings& s) {
    silently([&] {
        const auto& m = s.mechanism;
        mechanism_->setCurrentIndex(std::max(0, int(kMechanismKeys.indexOf(QString(px::privacy::key(m.mechanism))))));
        allocation_->setCurrentIndex(m.allocation == px::privacy::Allocation::EqualSnr ? 1 : 0);
        sensitivity_->setCurrentIndex(std::max(0, sensitivity_->findData(int(m.sensitivity))));
        degree_->setValue(m.degreeBound);
        const int di = delta_->findData(m.delta);
        delta_->setCurrentIndex(di >= 0 ? di : 2);
        epsilon_->setEpsilon(m.epsilon);
        reference_->setChecked(m.referenceMode);
        beta_->setValue(m.beta);
        enableForMechanism();
    });
}

void PrivacyPanel::collect(ExplorerSettings& s) const {
    auto& m = s.mechanism;
    m.mechanism = px::privacy::mechanismFromString(kMechanismKeys[mechanism_->currentIndex()].toStdString());
    m.allocation = px::privacy::allocationFromString(kAllocationKeys[allocation_->currentIndex()].toStdString());
    m.sensitivity = SensitivitySource(sensitivity_->currentData().toInt());
    m.degreeBound = degree_->value();
    m.delta = delta_->currentData().toDouble();
    m.epsilon = epsilon_->epsilon();
    m.referenceMode = reference_->isChecked();
    m.beta = beta_->value();
}

std::vector<std::pair<QWidget*, SettingsPanel::Reset>> PrivacyPanel::resets() {
    const auto d = ExplorerSettings{}.mechanism;
    return {{delta_, [d](ExplorerSettings& s) { s.mechanism.delta = d.delta; }},
            {mechanism_, [d](ExplorerSettings& s) { s.mechanism.mechanism = d.mechanism; }},
            {sensitivity_, [d](ExplorerSettings& s) { s.mechanism.sensitivity = d.sensitivity; }},
            {degree_, [d](ExplorerSettings& s) { s.mechanism.degreeBound = d.degreeBound; }},
            {allocation_, [d](ExplorerSettings& s) { s.mechanism.allocation = d.allocation; }},
            {beta_, [d](ExplorerSettings& s) { s.mechanism.beta = d.beta; }},
            {reference_, [d](ExplorerSettings& s) { s.mechanism.referenceMode = d.referenceMode; }}};
}
