#pragma once
// AsampGCN [Zhang et al. 2026] (docs/mathematics.md §6): private node labels by subsampling stability
// [Smith & Thakurta 2013] (propose-test-release). Binary task, labels y ∈ {−1, +1}, one scalar feature x
// per node.
//  - Base classifier on a graph G: f(G) = σ((h₀ I + h₁ L) x), L = D − A, thresholded at ½, with (h₀, h₁)
//    trained on the training nodes of that same graph (so f depends on G only): by least squares on ±1
//    (the stand-in, f = sign(…)) or by the logistic loss, σ the logistic function (Newton's method, exact
//    for two parameters; a ridge of 1e-6 keeps separable training sets finite).
//  - m subgraphs keep every edge independently with probability p_s; each votes for every node.
//  - Per node, c₁ ≥ c₂ are the two vote counts; d̂ = (c₁ − c₂)/(4 m p_s) − 1; the majority label
//    is released when d̂ + Lap(1/ε) > ln(1/δ)/ε, otherwise ⊥ (abstain).
//  - The privacy argument needs p_s ≲ ε / (32 ln(1/δ)); larger p_s makes the claim vacuous.
// Cost: time O(m·(e·log Δ + n)) for m subgraphs (each edge kept or not once, Lx on the subgraph, a fit on
// its training nodes: closed form, or at most 100 Newton steps); memory O(n + e).
#include "common/Rng.h"
#include "dataset/NodeDataset.h"
#include "common/Progress.h"

#include <string>
#include <utility>
#include <vector>

namespace px::depthlab {

enum class AsampFit { LeastSquares, Logistic };
const char* toString(AsampFit f);                 // "least-squares", "logistic"
AsampFit asampFitFromString(const std::string& s);

struct AsampParams {
    AsampFit fit = AsampFit::LeastSquares;  // how the base GCN's (h₀, h₁) are trained on each subgraph
    double sampling = 0.01;   // p_s
    int subgraphs = 200;      // m
    double epsilon = 1.0;
    double delta = 1e-5;
    bool proposeTestRelease = true;  // false: release the majority vote without the test (not private)
    std::uint64_t seed = 1;
};

// The largest p_s for which the privacy condition holds: ε / (32 ln(1/δ)).
double asampMaxSampling(double epsilon, double delta);

// Binary view of a node data set: y = +1 for `positiveClass`, −1 otherwise, and the scalar
// feature x = projection of the features on the difference of the class means over the training
// nodes (features and training labels are not what the edge-level guarantee protects).
struct BinaryNodeTask {
    std::vector<double> x, y;   // y = 0 for nodes outside the training set is never read
    std::vector<int> train, test;
    static BinaryNodeTask from(const NodeDataset& data, int positiveClass);
};

// Predictions f(G) ∈ {−1, +1} for every node.
std::vector<int> gcnBaseClassifier(const Graph& g, const BinaryNodeTask& task, AsampFit fit = AsampFit::LeastSquares);
// The trained filter taps (h₀, h₁) of the base classifier on g.
std::pair<double, double> gcnFilterTaps(const Graph& g, const BinaryNodeTask& task, AsampFit fit);

// One run of the mechanism; output per node: +1, −1 or 0 (abstain). `run` keys the randomness.
std::vector<int> asampRelease(const Graph& g, const BinaryNodeTask& task, const AsampParams& params, std::uint64_t run);

struct AsampSummary {
    double samplingProbability = 0;
    double accuracyReleased = 0;   // among released test nodes (NaN when every node abstains)
    double abstention = 0;         // fraction of test nodes abstained
    double accuracyOverall = 0;    // abstentions count as errors
    double baseAccuracy = 0;       // f(G) on the full graph, not private
    bool privacyConditionHolds = false;
};
AsampSummary summariseAsamp(const Graph& g, const BinaryNodeTask& task, const AsampParams& params, int runs = 1);

// Sweep over p_s; every entry uses `runs` runs.
std::vector<AsampSummary> asampSweep(const Graph& g, const BinaryNodeTask& task, AsampParams params,
                                     const std::vector<double>& samplingValues, int runs = 1,
                                     Progress& progress = noProgress());

}  // namespace px::depthlab
