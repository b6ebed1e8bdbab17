#pragma once
// Edge-level private feature propagation over K hops, then a linear classifier on the release
// (post-processing: no further privacy cost). SPEC §6.
//  GAP (Sajadmanesh et al. 2023, aggregation perturbation): X₀ = rows of the features scaled to
//    unit norm; X_k = normalise(A X_{k−1} + N(0, σ²)), Δ = √2 (one undirected edge adds one unit
//    row to two sums); every hop is released, so the cost composes linearly over K.
//  CARIBOU (seed 004): X_k = c(α₁ÂX_{k−1} + (1−α₁)1μ(X_{k−1})ᵀ) + βX₀ + N(0, σ²), σ = z·Δ_E, rows
//    projected into the unit ball on all but the last layer; only X_K is released (K_eff applies).
//    Not the public code's extra un-noised aggregation after the last noise step.
// The classifier sees [X₀ | release] (features are public at edge level).
#include "common/Progress.h"
#include "dataset/NodeDataset.h"
#include "gnn/PairAttack.h"

#include <string>

namespace px::gnn {

enum class PropagationScheme { NonPrivate, Gap, Caribou };
const char* toString(PropagationScheme s);
PropagationScheme propagationSchemeFromString(const std::string& s);  // none, gap, caribou

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
};

struct PropagationResult {
    Matrix released;       // what leaves the mechanism
    Matrix base;           // X₀ (public features, unit rows)
    double multiplier = 0; // σ/Δ
    double sensitivity = 0;
    double sigma = 0;
    double epsilon = 0;    // achieved ε at δ (∞ when non-private)
};

// Rank-r principal components of the rows (centred), by randomised SVD with a seeded sketch.
Matrix reduceFeatures(const Matrix& x, int dims, std::uint64_t seed);

// X₀: the reduced features with unit rows (what `base` of propagatePrivately expects).
Matrix unitRowFeatures(const NodeDataset& data, int reducedDims, std::uint64_t seed);

// `base`: X₀ computed once by unitRowFeatures (else computed here from params.reducedDims).
PropagationResult propagatePrivately(const NodeDataset& data, const PropagationParams& params,
                                     const Progress& progress = noProgress(), const Matrix* base = nullptr);

// [X₀ | release with unit rows]: what the classifier sees (row scaling is post-processing).
Matrix classifierFeatures(const PropagationResult& r);

// Accuracy of an L2-regularised logistic regression (liblinear) trained on data.train, on
// data.valid (first; NaN without validation nodes) and data.test (second). C ≤ 0: C chosen from
// {0.1, 1, 10} by validation accuracy (the test accuracy reported is that of the chosen C).
std::pair<double, double> linearAccuracy(const NodeDataset& data, const Matrix& features, double C = 0);
inline double linearTestAccuracy(const NodeDataset& data, const Matrix& features, double C = 0) {
    return linearAccuracy(data, features, C).second;
}

}  // namespace px::gnn
