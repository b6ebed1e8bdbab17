#pragma once
// Degree-preserving randomized response (DPRR; Hidano & Murakami, "Degree-Preserving Randomized
// Response for Graph Neural Networks under Local Differential Privacy", Algorithm 1). Every vertex
// i reports its own neighbour list:
//   1. a noisy degree d*ᵢ = dᵢ + Lap(1/ε₁);
//   2. Warner's randomized response on each bit aᵢⱼ (j ≠ i), kept with p = e^ε₂ / (1 + e^ε₂);
//   3. edge sampling: every 1 after step 2 survives with qᵢ = d*ᵢ / (d*ᵢ(2p − 1) + (n − 1)(1 − p)),
//      clipped to [0, 1] (0 when the denominator is ≤ 0).
// Given d*ᵢ = dᵢ the expected reported degree is qᵢ·(dᵢ p + (n − 1 − dᵢ)(1 − p)) = dᵢ exactly: the
// paper's degree preservation. Each report is (ε₁ + ε₂)-edge-LDP. The released graph joins i and j
// when either report names the other, so one edge reaches two reports: the graph is
// 2(ε₁ + ε₂)-edge-DP. This project's DPRR at ε therefore gives every vertex ε/2, split into
// ε₁ = share·ε/2 and ε₂ = (1 − share)·ε/2. (The published baseline gives every vertex the whole ε
// and symmetrises the same way, so its "ε = 1" graph is 2-edge-DP.)
// Cost per graph: expected O((n + e)·log Δ): vertex i keeps each neighbour with p·q and reaches the other
// vertices by geometric skips, about as many as its degree (its expected report size is dᵢ), each checked
// with hasEdge in O(log Δ); memory O(n + e).
#include "common/Rng.h"
#include "graph/Graph.h"

#include <cmath>
#include <vector>

namespace px::privacy {

struct DprrBudget {
    double eps1 = 0, eps2 = 0;  // per vertex: Laplace on the degree, randomized response on the bits
};
// The split of a central budget ε (see above). share in (0, 1).
DprrBudget dprrBudget(double epsilon, double degreeShare);

// The published baseline's split (private-homcounts, gin_baseline_ogbg.py): every vertex gets the whole ε,
// ε₁ = max(0.1, √(8/(n_max − 1))) for its degree and ε₂ = ε − ε₁ for the bits (the code writes 1 − ε₁: its runs
// use ε = 1). Throws std::invalid_argument when ε ≤ ε₁. The symmetrised graph is 2ε-edge-DP.
DprrBudget dprrPublishedBudget(double epsilon, int maxVertices);

// The sampling probability qᵢ for a noisy degree d* (step 3).
double dprrSamplingProbability(double noisyDegree, int n, double eps2);

// Vertex i's report: the sorted list of j it names. `noisyDegree` NaN: drawn here (step 1).
std::vector<int> dprrReport(const Graph& g, int i, const DprrBudget& b, Rng& rng, double noisyDegree = NAN);

// The released graph: every vertex's report, symmetrised by union.
Graph degreePreservingRR(const Graph& g, const DprrBudget& b, Rng& rng);

// The default degree share: 0.3, near the published baseline's heuristic for molecules
// (ε₁ = max(0.1, √(8/(n_max − 1))) of a budget 1, ≈ 0.29 for 97-atom graphs).
constexpr double kDprrDefaultDegreeShare = 0.3;

}  // namespace px::privacy
