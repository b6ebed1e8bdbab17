#pragma once
// Linear GNN encoder of COSERA ([Wu et al. 2024, §3], docs/mathematics.md §6): H = P^L X W_1⋯W_L with
// P = (D + I)^(−1)(A + I), X an n × d matrix of i.i.d. N(0, 1) features and W_l either the
// identity or He-initialised Gaussian matrices (entries N(0, 2/d), [Wu et al. 2024, appendix C.1]).
//
// Two ways to draw it, with the same joint law of the Gram matrices H_l H_lᵀ (l = 1..L), which is
// all the cosine attack looks at:
//  - Explicit: draw X and every W_l and multiply; O(L·n·d²) with Gaussian weights.
//  - GramFactor (d ≥ n): carry an n × n factor F_l with F_l F_lᵀ distributed as H_l H_lᵀ.
//    X Xᵀ is Wishart_n(d, I) = T Tᵀ with T the Bartlett factor (T_ii = √χ²_{d−i},
//    T_ij ~ N(0, 1) below the diagonal), so F_0 = T. Given H_{l−1}, the columns of H_{l−1} W_l
//    are i.i.d. N(0, s² H_{l−1}H_{l−1}ᵀ), hence H_{l−1}W_l (…)ᵀ = s² F_{l−1} T_l T_lᵀ F_{l−1}ᵀ
//    in law with a fresh Bartlett factor T_l; P acts from the left. So F_l = s·P·F_{l−1}·T_l,
//    O(L·n³) however large d is.
// Both reuse one draw along the depth axis (H_l = P H_{l−1} W_l), so a whole depth series costs
// one run to the largest L.
#include "common/Progress.h"
#include "common/Rng.h"
#include "depthlab/PairAttack.h"

#include <functional>

namespace px::depthlab {

enum class WeightKind { Identity, Gaussian };
enum class EncoderSampling { Auto, Explicit, GramFactor };  // Auto: GramFactor when d ≥ n

const char* toString(WeightKind w);
WeightKind weightKindFromString(const std::string& s);  // "identity", "gaussian"

// P·M with P = (D + I)^(−1)(A + I): every row becomes the mean over its closed neighbourhood.
Matrix meanPropagate(const Graph& g, const Matrix& m);
// Lower-triangular T with T Tᵀ ~ Wishart_n(d, I); needs d ≥ n.
Matrix bartlettFactor(int n, int d, Rng& rng);
// r · t for lower-triangular n × n matrices (the result is lower triangular), about n³/6 work.
Matrix lowerTriangularProduct(const Matrix& r, const Matrix& t);
// χ² with k degrees of freedom (k > 0), via Marsaglia–Tsang gamma sampling.
double chiSquare(Rng& rng, double k);

// Calls visit(l, H_l) for l = firstVisited..maxDepth on one draw of the encoder (H_l or its Gram
// factor). Checks progress.cancelled() between layers.
void linearEncoderSeries(const Graph& g, int d, int maxDepth, WeightKind weights, EncoderSampling sampling, Rng& rng,
                         const std::function<void(int, const Matrix&)>& visit, const Progress& progress = noProgress(),
                         int firstVisited = 1);

// The encoder on given features x (n × d), explicitly: P^L x W_1⋯W_L.
Matrix linearEncoder(const Graph& g, const Matrix& x, int depth, WeightKind weights, Rng& rng);

// The COSERA attack at depth L only (one configuration).
AttackMetrics coseraConfiguration(const Graph& g, int d, int depth, WeightKind weights, EncoderSampling sampling,
                                  Rng& rng, const Progress& progress = noProgress());
// The COSERA attack (AUROC, ERR) at every depth 1..maxDepth of one encoder draw on g.
std::vector<AttackMetrics> coseraDepthSeries(const Graph& g, int d, int maxDepth, WeightKind weights,
                                             EncoderSampling sampling, Rng& rng,
                                             const Progress& progress = noProgress());

}  // namespace px::depthlab
