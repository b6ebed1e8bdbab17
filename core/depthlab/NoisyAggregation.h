#pragma once
// Noisy aggregation (NAG, [Wu et al. 2024, §6, eq. (1)]): every layer ℓ2-normalises its input rows,
// aggregates over the closed neighbourhood N(v) ∪ {v}, applies W_l and adds N(0, σ² I):
//   h_v^(l) = W_l · AGG({ h_u^(l−1) / ‖h_u^(l−1)‖ : u ∈ N(v) ∪ {v} }) + σ·ξ_v.
// [Wu et al. 2024, §6, Theorem 6.1] (proof in its appendix, eqs. (51)–(53): the test's error equals
// 1 − TV, and Bretagnolle–Huber bounds TV by √(1 − e^(−KL))): for ANY adversary that sees all
// layers' outputs and the weights, and any node pair,
//   P(Â_uv = 1 | A_uv = 0) + P(Â_uv = 0 | A_uv = 1) ≥ 1 − √(1 − exp(−C Σ_l ‖W_l‖²_op / σ²)),
// C = 1 for SUM, MEAN and GCN pooling, C = 4 for MAX and attention pooling.
// The encoder here uses W_l = ω·Q_l with Q_l a random orthogonal matrix, so ‖W_l‖_op = ω exactly
// (the paper's "constrained scheme").
// Cost per layer: O((n + e)·d) to aggregate, O(d³) for the random orthogonal W (QR), O(n·d²) to apply it;
// memory O(n·d + d²).
#include "depthlab/PairAttack.h"
#include "common/Rng.h"

#include <string>

namespace px::depthlab {

enum class Aggregation { Sum, Mean, Gcn, Max };
const char* toString(Aggregation a);
Aggregation aggregationFromString(const std::string& s);  // sum, mean, gcn, max
double nagConstant(Aggregation a);                         // C of Theorem 6.1

// The lower bound of Theorem 6.1 on type-I + type-II error; opNormSquaredSum = Σ_l ‖W_l‖²_op.
double nagErrorLowerBound(Aggregation a, double opNormSquaredSum, double sigma);

struct NagParams {
    Aggregation aggregation = Aggregation::Mean;
    int depth = 2;
    double sigma = 1.0;       // noise standard deviation per coordinate
    double opNorm = 1.0;      // ω = ‖W_l‖_op of every layer
};

// Output of the last layer on node features x (n × d).
Matrix noisyAggregation(const Graph& g, const Matrix& x, const NagParams& params, Rng& rng);

// Haar-random d × d orthogonal matrix (QR of a Gaussian matrix with the sign fix).
Matrix randomOrthogonal(int d, Rng& rng);

}  // namespace px::depthlab
