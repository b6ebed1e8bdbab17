#pragma once
// Exact k nearest training rows of each query, computed and selected in one pass: distances are formed a few
// queries × a few training rows at a time in SIMD registers and compared at once with each query's current k-th
// nearest, so no n_query × n_train distance matrix is ever written. The distance of query x to training row t is
// ‖t‖² − 2 (x·t) (‖x‖² is the same for every t and is left out), with x·t accumulated over the features in order by
// fused multiply-adds (plain multiply-adds where the CPU has none): the same value for the same pair whatever the
// sizes, the order, the blocking or the threads. The k kept are the k smallest (distance, index) pairs: ties go to
// the lower training index.
// Rows are visited from the query's neighbourhood outwards along the training rows' first principal direction p,
// and a block of rows is skipped when its projections are too far: ‖x − t‖² ≥ (p·x − p·t)², so such a row's
// distance cannot be below the k-th nearest (with a margin far above rounding; NaN or infinite values turn the
// skipping off). On density features, which are strongly correlated, most rows are skipped when the noise is low.
#include <Eigen/Core>

namespace px::learn {

// out[q·k + r] = the r-th nearest training row of query q (nearest first); k ≤ train.rows().
// Parallel over blocks of queries (TBB).
void kNearestRows(const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>& train,
                  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>& queries, int k, int* out);

}  // namespace px::learn
