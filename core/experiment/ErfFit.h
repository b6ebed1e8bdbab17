#pragma once
// The erf law [Indri et al. 2025, §5, Proposition 4]: for two classes whose means differ by Δ under
// Gaussian noise σ, AUC = ½[1 + erf(Δ/(2σ))]. With σ ∝ 1/√ρ this is
//     AUC(ρ) = ½ + (A∞ − ½)·erf(κ√ρ),
// fitted to a sweep by Levenberg–Marquardt (Eigen's unsupported module), with κ and optionally
// A∞ free. The fit is inverted to give the ρ a target AUC needs and the AUC predicted at a ρ.
// Extension: AUC(ρ) = A₀ + (A∞ − A₀)·erf(κ√ρ) with a free floor A₀ — the utility of features that
// no noise touches (the public vertex count n), which the ½ of the paper's law ignores.
// ρ here is the parameter that sets the noise scale (ρ of the Gaussian, ρ' of the smooth one).
#include <vector>

namespace px::experiment {

struct ErfFit {
    double kappa = 0;        // κ
    double aInf = 0.5;       // A∞: the AUC without noise
    double floor = 0.5;      // A₀: the AUC as ρ → 0 (½ in the paper's law)
    bool floorFitted = false;
    bool aInfFitted = false; // false: A∞ was fixed by the caller
    double rmse = 0;         // root-mean-square residual
    double r2 = 0;           // coefficient of determination
    int points = 0;
    bool converged = false;

    double predict(double rho) const;
    // ρ needed for a target AUC; +∞ if the target is at or above A∞ (unreachable), 0 if ≤ ½.
    double rhoFor(double auc) const;
};

// Fits to points (ρ_i, AUC_i), ρ_i > 0. If aInf is given (≥ 0.5) it is held fixed. With
// fitFloor, A₀ is fitted too (needs at least three points).
ErfFit fitErf(const std::vector<double>& rho, const std::vector<double>& auc, double fixedAInf = -1.0,
              bool fitFloor = false);

}  // namespace px::experiment
