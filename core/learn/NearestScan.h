#pragma once
// Exact k nearest training rows of each query by brute force, computed and selected in one pass: distances are
// formed a few queries × a few training rows at a time in SIMD registers and compared at once with each query's
// current k-th nearest, so no n_query × n_train distance matrix is ever written. The distance of query x to
// training row t is ‖t‖² − 2 (x·t) (‖x‖² is the same for every t and is left out), with x·t accumulated over the
// features in order by fused multiply-adds (plain multiply-adds where the CPU has none): the same value for the
// same pair whatever the sizes, the blocking or the threads. Ties go to the lower training index.
#include <Eigen/Core>

namespace px::learn {

// out[q·k + r] = the r-th nearest training row of query q (nearest first); k ≤ train.rows().
// Parallel over blocks of queries (TBB).
void kNearestRows(const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>& train,
                  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>& queries, int k, int* out);

}  // namespace px::learn
