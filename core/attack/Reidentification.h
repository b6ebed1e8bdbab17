#pragma once
// Re-identification attack (docs/mathematics.md §5; [Indri et al. 2025, §5]): the attacker knows the patterns and every
// clean graph, so every clean embedding, and matches each released (noisy) embedding to the
// nearest clean one. The released n is public, so only graphs with the same n are candidates
// (equivalent to nearest neighbour on the embedding with n appended, and much faster).
// Two attackers: plain Euclidean distance, and one that knows the mechanism and uses the
// noise-whitened distance (the Gaussian negative log-likelihood Σ_j (x_j − t_cj)²/σ_cj² + 2 log σ_cj).
// The stronger of the two is reported. Ties are broken uniformly at random, in expectation: with s
// candidates strictly closer than the true graph and t others tied with it, the true graph is in
// the top k with probability clamp((k − s)/(t + 1), 0, 1). At ε = ∞ this gives the ceiling caused
// by graphs with equal embeddings.
// Cost: time O(Σ_groups T·g·d) over the groups of graphs with equal n (T targets, g candidates: one matrix
// product per block of 128 targets, TBB-parallel); memory O(N·d) plus 128·g distances per block.
#include <Eigen/Core>
#include <cstdint>
#include <functional>

namespace px::attack {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct ReidParams {
    int subset = 0;               // 0: attack every graph; else a seeded random subset of this size
    std::uint64_t seed = 1;       // subset seed
    bool whitened = true;         // also run the mechanism-aware attacker
};

struct ReidResult {
    int attacked = 0;             // graphs attacked
    int graphs = 0;               // candidates in total (N)
    double top1 = 0, top10 = 0;   // the stronger attacker
    double top1Plain = 0, top10Plain = 0, top1Whitened = 0, top10Whitened = 0;
    double top1HalfWidth = 0;     // 95 % interval half-width (subset attacks; 0 when all are attacked)
    double chance1 = 0, chance10 = 0;           // 1/N and 10/N
    double chanceSameN1 = 0, chanceSameN10 = 0; // mean over targets of 1/|same n|, min(1, 10/|same n|)
};

// noiseScale(c, j): the mechanism's noise standard deviation for candidate c and pattern j (for
// the whitened attacker; may be null).
ReidResult reidentify(const RowMatrix& clean, const Eigen::VectorXd& n, const RowMatrix& released,
                      const std::function<double(int, int)>& noiseScale, const ReidParams& params = {});
// The ε = ∞ ceiling: the attack on the clean embeddings themselves.
ReidResult reidentificationCeiling(const RowMatrix& clean, const Eigen::VectorXd& n);

}  // namespace px::attack
