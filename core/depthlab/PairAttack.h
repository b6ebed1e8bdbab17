#pragma once
// Edge reconstruction from node representations (COSERA, [Wu et al. 2024, §4]): the score of an unordered
// node pair is the cosine similarity of its two rows; the attack is judged over all n(n−1)/2 pairs
// with the true edges as positives.
//   AUROC = P(score of a random edge > score of a random non-edge), ties counted ½ (Mann–Whitney).
//   ERR   = min over thresholds τ of FPR(τ) + FNR(τ), the smallest type-I + type-II error of a
//           threshold attacker (τ ranges over all cuts of the sorted scores, including ±∞, so
//           ERR ≤ 1 always).
// Cost: time O(n²·cols) for the Gram matrix (blocks of 64 rows, TBB-parallel) and O(N log P) for the ranks;
// memory O(P) for coseraAttack (scores streamed), O(n²) for cosinePairScores.
#include "graph/Graph.h"

#include <Eigen/Dense>
#include <vector>

namespace px::depthlab {

using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct AttackMetrics {
    double auroc = 0.5;
    double err = 1.0;
};

// Metrics of scores with binary labels (1 = positive), O(N log P) for P positives. Needs at least
// one positive and one negative, and no NaN (throws std::invalid_argument otherwise).
AttackMetrics rankMetrics(std::vector<std::pair<double, char>>& scoredLabels);

// Cosine-similarity scores of every unordered pair of rows of H (a zero row scores 0 against
// everything), labelled by the edges of g; O(n² · cols) for the Gram matrix, TBB-parallel.
std::vector<std::pair<double, char>> cosinePairScores(const Matrix& h, const Graph& g);

// The COSERA attack on representations h of the nodes of g: exactly rankMetrics(cosinePairScores(h, g)), streamed
// (memory O(P) instead of n²/2 scores).
AttackMetrics coseraAttack(const Matrix& h, const Graph& g);

}  // namespace px::depthlab
