#pragma once
// Privacy accounting (docs/mathematics.md §4): guarantees of the mechanisms, their conversions to (ε, δ)-DP,
// composition and calibration.
//
// A Guarantee holds everything a mechanism can certify:
//  - an RDP curve D_α ≤ ρ·α for 1 < α < ω (ρ-zCDP when ω = ∞, (ρ, ω)-tCDP otherwise);
//  - for a Gaussian with fixed scale, the exact privacy curve of μ-GDP (Balle & Wang 2018;
//    μ = sensitivity / σ), composing as μ² adds;
//  - for pure ε-DP mechanisms (Laplace, randomized response), ε itself.
// Conversions (all valid upper bounds, the smallest is reported as tightest):
//  - BDRS (Bun, Dwork, Rothblum & Steinke 2018): ε = ρ + 2√(ρ ln(1/δ)) if ln(1/δ) ≤ (ω−1)²ρ,
//    else ε = ρω + ln(1/δ)/(ω−1). ([Indri et al. 2025, appendix A.2, Lemma 3] prints both conditions as ≥.)
//    ω ≤ 1 admits no order: ε = ∞ (as the minimisations over an empty range of α give).
//  - tight RDP → DP (Balle et al. 2020; Canonne, Kamath & Steinke 2020; Asoodeh et al.):
//    ε = min over 1 < α < ω of ρα + ln((α−1)/α) − (ln δ + ln α)/(α−1).
//  - Mironov 2017: ε = min over α of ρα + ln(1/δ)/(α−1).
//  - analytic Gaussian: δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2), inverted by bisection.
// Cost: every conversion is O(1) except the minimisations over α (a 400-point log grid, then golden-section
// refinement); calibration bisects on the noise parameter (at most 200 steps).
#include <limits>
#include <string>
#include <vector>

namespace px::privacy {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Guarantee {
    double rho = 0.0;             // RDP slope: D_α ≤ ρα
    double omega = kInf;          // admissible orders 1 < α < ω (∞: zCDP)
    double gaussianMu = -1.0;     // ≥ 0: exactly μ-GDP (fixed-scale Gaussian); −1: not known
    double pureEpsilon = -1.0;    // ≥ 0: pure ε-DP; −1: not known
    bool valid = true;            // false: computed in reference-code reproduction mode

    // Composition of two releases: RDP curves add on the common orders, GDP μ² add, pure ε add.
    Guarantee compose(const Guarantee& other) const;
};

struct Conversion {
    std::string name;     // "analytic Gaussian", "tight RDP", "BDRS", "Mironov RDP", "pure DP"
    double epsilon;       // ε at the requested δ (∞ if the conversion gives nothing)
};

double normalCdf(double x);
// δ(ε) of μ-GDP (exact privacy curve of a Gaussian with sensitivity/σ = μ).
double gaussianDelta(double epsilon, double mu);
// Smallest ε with δ(ε) ≤ δ for μ-GDP (bisection; relative accuracy 1e-12).
double gaussianEpsilon(double mu, double delta);
// Largest μ with gaussianEpsilon(μ, δ) ≤ ε.
double gaussianMuFor(double epsilon, double delta);

double bdrsEpsilon(double rho, double omega, double delta);
double tightRdpEpsilon(double rho, double omega, double delta);
double mironovEpsilon(double rho, double omega, double delta);

// Every conversion that applies to g, in a fixed order.
std::vector<Conversion> conversions(const Guarantee& g, double delta);
// Index into conversions() of the smallest ε.
int tightestConversion(const std::vector<Conversion>& c);
double tightestEpsilon(const Guarantee& g, double delta);

// Calibration: the largest value of a noise parameter x in [lo, hi] whose guarantee meets the
// target ε at δ, for a guarantee that gets weaker as x grows (bisection on the tightest
// conversion). Throws std::invalid_argument if even x = lo misses the target.
template <class MakeGuarantee>
double calibrate(MakeGuarantee make, double epsilon, double delta, double lo, double hi);

}  // namespace px::privacy

#include "privacy/Accounting.inl"
