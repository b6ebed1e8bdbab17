#pragma once
// Exact k-nearest neighbours by brute force (learn/NearestScan.h: distances ‖y‖² − 2 xᵀy formed and selected in
// SIMD registers, a few queries against a few training points at a time), and learners on them.
// Parallel over query blocks with TBB; deterministic (ties broken by training index).
// Cost: time O(q·t·d) for q queries and t training rows at worst (blocks skipped along the first principal
// direction make it much less on correlated features); memory O(q·k) for the neighbour lists.
#include <Eigen/Core>
#include <vector>

namespace px::learn {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Column means and standard deviations fitted on training rows; apply to any rows.
struct Standardizer {
    Eigen::RowVectorXd mean, scale;  // scale = 1/std (1 where std = 0)
    static Standardizer fit(const RowMatrix& train);
    RowMatrix apply(const RowMatrix& x) const;
};

struct KnnParams {
    int k = 10;                // neighbours
    bool weighted = false;     // false: plain average of neighbour labels
    bool exploringK = false;   // k is being explored: the neighbour memo keeps 2k (NeighbourMemo.h)
};

// Predictions for every query row: for each label column of `trainLabels` (NaN = missing, skipped),
// the mean label of the k nearest training rows that have one (class-1 fraction for binary labels,
// which serves as the score for ROC-AUC; the mean for regression).
Eigen::MatrixXd knnPredict(const RowMatrix& train, const Eigen::MatrixXd& trainLabels, const RowMatrix& queries,
                           const KnnParams& params);

// Indices of the k nearest training rows of each query, sorted by distance then index.
// `exploringK`: as KnnParams::exploringK.
std::vector<std::vector<int>> knnIndices(const RowMatrix& train, const RowMatrix& queries, int k, bool exploringK = false);

}  // namespace px::learn
