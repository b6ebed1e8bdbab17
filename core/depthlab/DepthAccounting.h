#pragma once
// Privacy cost against depth (docs/mathematics.md §6; [Zheng et al. 2026]). K noisy propagation steps with sensitivity Δ and
// Gaussian noise σ each:
//  - linear composition (GAP): the K Gaussian releases compose exactly to one Gaussian with
//    μ = √K·Δ/σ (RDP ε(α) = K α Δ²/(2σ²));
//  - contractive layers with Lipschitz constant c < 1 and only the last layer released
//    (CARIBOU, contractive noisy iteration): K is replaced by
//    K_eff = min(K, (1 + c)(1 − c^K) / ((1 − c)(1 + c^K))) → (1 + c)/(1 − c).
// Calibration uses the exact (analytic) Gaussian conversion: σ/Δ = √K_eff / μ(ε, δ).
// Cost: O(1) per call (closed forms; the Gaussian conversions bisect, at most 200 steps).
namespace px::depthlab {

double effectiveHops(int hops, double contraction);  // contraction ≥ 1 (or ≤ 0): K itself
// Noise multiplier σ/Δ for (ε, δ) after `hops` steps; contraction c in (0, 1), or 1 for GAP.
double noiseMultiplier(double epsilon, double delta, int hops, double contraction = 1.0);
// ε at δ of `hops` steps with noise multiplier z = σ/Δ.
double depthEpsilon(double multiplier, double delta, int hops, double contraction = 1.0);

// Edge-level sensitivity of one CARIBOU layer X ↦ c(α₁ÂX + (1−α₁)1μ(X)ᵀ) + βX₀ on inputs with
// rows in the unit ball, Â = D̃^(−½)(A + I)D̃^(−½), for graphs of minimum degree ≥ dMin (docs/mathematics.md §6,
// [Zheng et al. 2026, Theorem 4] as in its public code):
//   Δ_E = √2·c·α₁·[1/((d+1)(d+2)) + C_min/√(d+1) + 1/√((d+1)(d+2))],
//   C_min = d/√(d+1) − d/√(d+2) for d > 3, 0.1584 otherwise.
double caribouEdgeSensitivity(double contraction, double alpha1, int dMin);

}  // namespace px::depthlab
