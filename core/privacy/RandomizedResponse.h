#pragma once
// The randomized-response baseline (docs/mathematics.md §4.5): every vertex pair of a graph is flipped
// (edge ↔ non-edge) independently with probability p = 1/(1 + e^ε), which is ε-edge-DP; the
// densities of the perturbed graph are then exact, so the release is private by post-processing.
// Source: [Warner 1965]; the baseline of [Trade-off 2026].
// Cost per graph: O(n + e + f log f) for f ≈ p·n(n − 1)/2 flipped pairs, drawn by geometric skips (Batagelj &
// Brandes 2005), then the densities of the perturbed graph (HomCounter.h); secure mode decides each of the
// n(n − 1)/2 pairs with exact arithmetic, O(n²).
#include "common/Rng.h"
#include "hom/HomCounter.h"
#include "privacy/DegreePreservingRR.h"
#include "privacy/Mechanism.h"
#include "privacy/Samplers.h"

namespace px::privacy {

// One randomized-response draw of g. Pairs to flip are found by geometric skipping, so the cost
// is O(n + e + flips) rather than O(n²).
Graph randomizedResponse(const Graph& g, double epsilon, Rng& rng);

// Secure mode: every vertex pair decided by an exact sampler (exactRandomizedResponseFlip) with
// operating-system randomness, so the flip probability is exactly 1/(1 + e^ε) for the double ε
// given; no floating point touches the decision. O(n²) per graph.
Graph randomizedResponseSecure(const Graph& g, double epsilon, OsEntropy& entropy);

// Densities of a randomized-response draw of every graph: RR (every pair flipped) or, with
// kind = DegreePreservingRR, DPRR (DegreePreservingRR.h; ε is the released graph's edge-DP budget).
class RandomizedResponseModel : public RowSampler {
public:
    RandomizedResponseModel(const Dataset& data, const std::vector<Pattern>& patterns, double epsilon,
                            std::uint64_t seed, double delta = 1e-6, bool secure = false,
                            MechanismKind kind = MechanismKind::RandomizedResponse, DprrSplit split = DprrSplit::Project);
    void sampleRow(int graph, int repetition, double* out) const override;
    // The perturbed graph behind row `graph` of repetition `repetition` (what sampleRow counts on; a GNN
    // trains on it). Secure mode draws fresh OS randomness at every call.
    Graph perturbedGraph(int graph, int repetition) const;
    NoisyEmbedding release(int repetition, Progress& progress = noProgress()) const;
    // Cancellation checked between the patterns of every row (densities on perturbed, denser graphs can
    // take long): sampleRow then throws px::Cancelled. The Progress must outlive the model's use.
    void setCancellation(const Progress* progress) { cancel_ = progress; }
    int rows() const override { return data_.size(); }
    int cols() const override { return int(plans_.size()); }
    const PrivacyReport& report() const override { return report_; }

private:
    const Dataset& data_;
    std::vector<hom::HomPlan> plans_;
    double epsilon_;
    std::uint64_t seed_;
    bool secure_;
    MechanismKind kind_;
    DprrBudget dprr_;  // DPRR: the per-vertex budget
    const Progress* cancel_ = nullptr;
    PrivacyReport report_;
};

}  // namespace px::privacy
