#pragma once
// Empirical privacy audit (docs/mathematics.md §5). For a pair of neighbouring graphs (G0, G1), draw the
// mechanism many times on each, run a test that tells the two output distributions apart, and
// turn its error rates into a lower bound on ε: (ε, δ)-DP forces FPR·e^ε + FNR ≥ 1 − δ for every
// test, so ε ≥ ln((1 − δ − FNR) / FPR). The rates are replaced by Clopper–Pearson upper
// confidence bounds, and the test (threshold and direction) is chosen on one half of the draws and
// evaluated on the other, so the bound holds with the stated confidence. A valid mechanism's
// bound stays below its claimed ε (up to the confidence); an invalid one can exceed it.
// Tests: the likelihood ratio (Neyman–Pearson optimal) for Gaussian and Laplace mechanisms, whose
// output densities the auditor knows; for randomized response a projection onto t(G1) − t(G0).
// Cost: 2·samples draws of the mechanism at O(d) each (randomized response perturbs the graph and counts its
// densities again per draw), O(samples·log samples) for the sorts; memory O(samples).
#include "privacy/Mechanism.h"

namespace px::privacy {

struct AuditParams {
    int samples = 100000;      // draws per graph (half choose the test, half evaluate it)
    double confidence = 0.95;  // the lower bound holds with this probability
    std::uint64_t seed = 12345;// seed of the mechanism's noise streams during the audit
    // false (default): the test statistic is rounded to 2^−30, so the audit judges the mechanism as
    // specified. true: raw floating-point statistics, which can exploit the low-order-bit leakage of
    // floating-point noise (Mironov 2012) — e.g. the Laplace likelihood ratio is constant outside
    // [t1, t0] in exact arithmetic, but its rounding differs between the two graphs.
    bool rawFloatingPoint = false;
};

struct AuditResult {
    double claimedEpsilon = 0;    // the mechanism's tightest ε at δ
    double delta = 0;
    double epsilonLowerBound = 0; // certified: ε ≥ this with probability ≥ confidence
    double fpr = 0, fnr = 0;      // point estimates on the evaluation half
    double fprUpper = 0, fnrUpper = 0;  // their Clopper–Pearson upper bounds
    double threshold = 0;
    std::string test;             // "likelihood ratio" or "projection"
    int samples = 0;
    bool validGuarantee = true;   // the mechanism's own claim (false in reference mode)
    bool contradictsClaim() const { return epsilonLowerBound > claimedEpsilon; }
};

// Audits the mechanism of `params` on the neighbouring graphs g0, g1 (same vertex count,
// differing in exactly one edge; throws std::invalid_argument otherwise).
AuditResult auditPair(const Graph& g0, const Graph& g1, const std::vector<Pattern>& patterns,
                      const MechanismParams& params, const AuditParams& audit = {});

// The same lower bound for any mechanism, from a scalar statistic of its outputs: `g0` and `g1`
// hold the statistic of independent draws on the two neighbouring inputs (≥ 100 each). The first
// half of each chooses the test (threshold and direction), the second half evaluates it.
AuditResult auditStatistics(std::vector<double> g0, std::vector<double> g1, double claimedEpsilon, double delta,
                            double confidence, const std::string& test);

// Clopper–Pearson upper bound on a binomial proportion (k of n) at one-sided level 1 − alpha.
double clopperPearsonUpper(long k, long n, double alpha);

}  // namespace px::privacy
