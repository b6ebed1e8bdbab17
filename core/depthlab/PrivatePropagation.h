#pragma once
// Edge-level private feature propagation over K hops, then a linear classifier on the release
// (post-processing: no further privacy cost). docs/mathematics.md §6.
//  GAP (Sajadmanesh et al. 2023, aggregation perturbation): X₀ = rows of the features scaled to
//    unit norm; X_k = normalise(A X_{k−1} + N(0, σ²)), Δ = √2 (one undirected edge adds one unit
//    row to two sums); every hop is released, so the cost composes linearly over K.
//  CARIBOU [Zheng et al. 2026]: X_k = c(α₁ÂX_{k−1} + (1−α₁)1μ(X_{k−1})ᵀ) + βX₀ + N(0, σ²), σ = z·Δ_E, rows
//    projected into the unit ball on all but the last layer; only X_K is released (K_eff applies).
//    Not the public code's extra un-noised aggregation after the last noise step.
//  CARIBOU reference (`caribou-reference`): the released code's choices (yuzhengcuhk/caribou-public
//    bc7bf38, caribou_inf.py/caribou_edp.py), kept to show what they do, with NO valid guarantee:
//    Â without self-loops; after every noise step an extra aggregation
//    c(α₁Âx + (1−α₁)·row mean) + βX₀ without noise, and the release taken after it; rows projected
//    after the noise step, so the noised step's input is not in the unit ball; βX₀ on unnormalised
//    features; the minimum degree read from the private graph; δ = 10^−(digits of the stored edge
//    count). The K_eff formula is the code's (the same as ours).
// The classifier sees [X₀ | release] (features are public at edge level).
// Cost: O(K·(n + e)·d) for K hops of d features, plus the classifier (liblinear) on the release; memory
// O(K·n·d) for GAP (every hop released), O(n·d) per hop for CARIBOU.
#include "common/Progress.h"
#include "dataset/NodeDataset.h"
#include "depthlab/PairAttack.h"

#include <string>

namespace px::depthlab {

enum class PropagationScheme { NonPrivate, Gap, Caribou, CaribouReference };
const char* toString(PropagationScheme s);
PropagationScheme propagationSchemeFromString(const std::string& s);  // none, gap, caribou, caribou-reference
// The label every output of a scheme carries (empty for a valid mechanism).
const char* guaranteeLabel(PropagationScheme s);

struct PropagationParams {
    PropagationScheme scheme = PropagationScheme::Caribou;
    int hops = 10;
    double epsilon = 1.0;
    double delta = 1e-5;
    double contraction = 0.8;  // CARIBOU c
    double alpha1 = 0.8;       // CARIBOU α₁
    double beta = 0.2;         // CARIBOU β
    // Minimum degree promised for every graph of the domain (CARIBOU's Δ_E depends on it). A
    // public promise, not the private graph's own value; 0 is valid for every graph.
    int minDegreePromise = 0;
    int reducedDims = 64;      // features reduced by PCA to this many columns first (0: keep)
    std::uint64_t seed = 1;
    bool noiseFree = false;    // audits only: the same computation with σ = 0 (its mean path)
};

struct PropagationResult {
    Matrix released;       // what leaves the mechanism
    Matrix base;           // X₀ (public features, unit rows)
    double multiplier = 0; // σ/Δ
    double sensitivity = 0;
    double sigma = 0;
    double epsilon = 0;    // achieved ε at δ (∞ when non-private)
    double delta = 0;      // the δ of that claim (the reference mode's own rule there)
    int minDegreeUsed = 0; // d in the sensitivity (CARIBOU: the promise; reference: the private graph's)
    bool validGuarantee = true;  // false: the claim does not hold (reference mode)
};

// Rank-r principal components of the rows (centred), by randomised SVD with a seeded sketch.
Matrix reduceFeatures(const Matrix& x, int dims, std::uint64_t seed);

// X₀: the reduced features with unit rows (what `base` of propagatePrivately expects).
Matrix unitRowFeatures(const NodeDataset& data, int reducedDims, std::uint64_t seed);
Matrix unitRows(Matrix reduced);  // the same from already reduced features

// `base`: X₀ computed once by unitRowFeatures (else computed here from params.reducedDims).
// `raw`: the same reduced features before the rows are scaled (reduceFeatures with base's seed),
// which only the reference mode's βX₀ uses; pass it with `base` so it is not recomputed per draw.
PropagationResult propagatePrivately(const NodeDataset& data, const PropagationParams& params,
                                     const Progress& progress = noProgress(), const Matrix* base = nullptr,
                                     const Matrix* raw = nullptr);

// [X₀ | release with unit rows]: what the classifier sees (row scaling is post-processing).
Matrix classifierFeatures(const PropagationResult& r);

// Accuracy of an L2-regularised logistic regression (liblinear) trained on data.train, on
// data.valid (first; NaN without validation nodes) and data.test (second). C ≤ 0: C chosen from
// {0.1, 1, 10} by validation accuracy (the test accuracy reported is that of the chosen C).
std::pair<double, double> linearAccuracy(const NodeDataset& data, const Matrix& features, double C = 0);
inline double linearTestAccuracy(const NodeDataset& data, const Matrix& features, double C = 0) {
    return linearAccuracy(data, features, C).second;
}

}  // namespace px::depthlab
