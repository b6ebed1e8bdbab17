#pragma once
// Edge-level sensitivity of homomorphism densities (docs/mathematics.md §3). Neighbouring graphs have the same
// vertex set and differ in one edge. All bounds use public inputs only: n, the pattern's m, e(F),
// c(F), and a degree bound D that is either a public assumption or, for the smooth bound, the
// graph's own maximum degree (handled by the β-smooth construction).
// Formula: |t(F, G) − t(F, G′)| ≤ (2e(F)/n²)·min(1, D/n)^(m − c − 1); the smooth bound is
// max_k e^(−βk) f_F(min(Δ(G) + k + 1, n − 1)). Sources: the counting lemma, [Indri et al. 2025, §4.1, Theorem 3]
// (exponent m − 2 there), [Nissim, Raskhodnikova & Smith 2007].
// Cost: O(1) per pattern for every bound: the smooth maximum is taken in closed form (the log of its terms is
// concave in k, so it lies at k = 0, at saturation or next to k* = (m − c − 1)/β − Δ − 1); smoothBoundByScan,
// which checks it, is O(n − Δ).
#include "patterns/Pattern.h"

#include <vector>

namespace px::privacy {

// The pattern quantities the bounds use.
struct PatternShape {
    int m = 0;   // vertices
    int e = 0;   // edges
    int c = 0;   // connected components
    static PatternShape of(const Pattern& p) { return {p.vertices(), p.edges(), p.components()}; }
};

// Counting lemma: |Δt| ≤ 2e(F)/n² (no assumption).
double countingLemmaBound(const PatternShape& f, int n);
// Bounded degree D (≥ max(Δ(G), Δ(G'))): (2e/n²)(D/n)^(m−c−1), capped by the counting lemma.
double degreeBound(const PatternShape& f, int n, double D);
// The published code's bound: exponent m − 2 for every pattern. Understates disconnected patterns
// by (n/D)^(c−1) — not a valid bound; only for reference-code reproduction mode.
double referenceDegreeBound(const PatternShape& f, int n, double D);
// β-smooth upper bound on the local sensitivity at a graph with n vertices and maximum degree
// maxDegree: S = max over all k ≥ 0 of e^(−βk) · degreeBound(min(maxDegree + k + 1, n − 1)).
// Exact: the log of the k-th term is concave in k, so the maximum is at ⌊k*⌋ or ⌈k*⌉ with
// k* = x/β − maxDegree − 1 (x = m − c − 1), clamped to where the bound saturates.
double smoothBound(const PatternShape& f, int n, int maxDegree, double beta);
// The same maximum by scanning every k (the reference for tests).
double smoothBoundByScan(const PatternShape& f, int n, int maxDegree, double beta);
// The paper's computation (reference mode): max over k = 1..6 of e^(−βk) · k · LS with
// LS = referenceDegreeBound(D). Not an upper bound on the smooth sensitivity (its true
// supremum over k is about LS/(eβ)).
double referenceSmoothBound(const PatternShape& f, int n, double D, double beta);

double l2Norm(const std::vector<double>& s);
double l1Norm(const std::vector<double>& s);

}  // namespace px::privacy
