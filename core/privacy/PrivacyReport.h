#pragma once
// What a private release guarantees and how: mechanism, assumptions, ρ or (ρ, ω), ε at δ under
// every available conversion and which is the tightest valid one, noise scales. Exported as JSON
// with every result.
#include "privacy/Accounting.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace px::privacy {

struct PrivacyReport {
    std::string mechanism;         // "Gaussian", "smooth-sensitivity Gaussian", "Laplace", ...
    std::string allocation;        // "isotropic", "equal signal-to-noise", "weights"
    std::string assumption;        // e.g. "public degree bound D = 6 (Δ(G) ≤ D for every graph)"
    std::string dataset;           // name of the released data set
    bool referenceMode = false;    // reference-code reproduction: NO valid guarantee
    bool validGuarantee = true;    // false in reference mode
    bool secure = false;           // discrete Gaussian with OS randomness
    double rho = 0.0;              // ρ (zCDP), ρ'-derived tCDP ρ, or 0 for pure DP
    double omega = kInf;           // tCDP order bound (∞: zCDP)
    double beta = 0.0;             // smooth-sensitivity β (0 if unused)
    double rhoPrime = 0.0;         // the smooth mechanism's ρ' (0 if unused)
    double pureEpsilon = -1.0;     // pure ε (−1 if not pure DP)
    double delta = 0.0;            // δ of the (ε, δ) statements
    double targetEpsilon = -1.0;   // the ε the noise was calibrated for (−1: set by ρ)
    std::vector<Conversion> conversions;  // ε at δ under each conversion
    int tightest = 0;              // index of the smallest ε in conversions
    int patterns = 0;              // d
    int graphs = 0;                // N
    std::vector<double> sensitivityMedian;  // per pattern, median over graphs of s_j
    std::vector<double> noiseMedian;        // per pattern, median over graphs of σ_j (or b_j)
    std::vector<double> signalMean;         // per pattern, mean clean density (for SNR; never released)
    // Per pattern, its share of the privacy loss (sums to 1): ρ_j / ρ with ρ_j = s_j² / (2σ_j²) for the Gaussian
    // mechanisms, ε_j / ε with ε_j = s_j / b_j for Laplace; averaged over graphs (the allocation can depend on n).
    std::vector<double> budgetShare;
    std::vector<double> noisePerGraph;      // per graph, root-mean-square noise scale over patterns
    double secureInflation = 1.0;  // secure mode: noise std relative to the nominal σ (grid rounding)
    std::vector<std::string> warnings;

    double epsilon() const { return conversions.empty() ? kInf : conversions[tightest].epsilon; }
    nlohmann::json toJson() const;
    // One paragraph for people: what is guaranteed, under which assumption.
    std::string summary() const;
};

}  // namespace px::privacy
