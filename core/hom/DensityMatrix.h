#pragma once
// The embedding matrix of a data set for a pattern set: N × d homomorphism densities t(F_j, G_i)
// plus the vertex count n_i of every graph (docs/mathematics.md §1: densities cannot tell G from its blow-ups,
// and n is public under edge privacy). Computed in parallel over graphs with TBB; every entry
// is computed by the same sequential code whatever the thread count, so the result is
// bit-identical for any number of threads. Cancellable; reports progress.
// Cost: time Σ_i Σ_j cost(F_j, G_i), each pair on the cheaper of the sparse DP (HomCounter.h) and the matrix
// path (DenseEvaluator.h), spread over graphs; memory N × (d + 1) doubles plus one workspace per thread.
#include "common/Progress.h"
#include "dataset/Dataset.h"
#include "patterns/PatternSet.h"

#include <Eigen/Core>
#include <array>
#include <vector>

namespace px {

// How each (graph, pattern) pair is counted: the cheapest path by the cost model of
// hom/DenseEvaluator.h, or one path forced (patterns the matrix paths cannot take use the DP).
enum class DensityPath { Auto, SparseDp, Scatter, Gemm };

struct DensityParams {
    int threads = 0;  // 0: all hardware threads
    int grain = 32;   // graphs per parallel task (small enough for ~100 ms cancellation)
    DensityPath path = DensityPath::Auto;
    // Memory the sparse DP's bag tables may use in all (bytes; 0: half of physical memory). Patterns whose
    // estimated tables exceed it on some graph are refused before any work (ResourceError); a table that
    // outgrows it anyway stops the computation with the same error.
    double maxMemoryBytes = 0;
    // Estimated seconds of sparse-DP work above which the computation is refused up front (0: no limit).
    double maxEstimatedSeconds = 3600;
};

struct DensityMatrix {
    using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    Matrix t;            // N × d: t(F_j, G_i), each in [0, 1]
    Eigen::VectorXd n;   // N: vertex count of each graph
    // Per pattern: how many graphs went each way (sparse DP, matrix scatter, matrix GEMM).
    std::vector<std::array<long, 3>> pathCounts;
    int rows() const { return int(t.rows()); }
    int cols() const { return int(t.cols()); }

    static DensityMatrix compute(const Dataset& data, const std::vector<Pattern>& patterns,
                                 const DensityParams& params = {}, Progress& progress = noProgress());
    // The densities of several pattern sets in one pass over the graphs: each set's matrix is, bit for bit, the one
    // compute(data, set) gives (each set chooses its own paths), while the dense adjacency and the messages whose
    // expressions are equal across sets are computed once per graph.
    static std::vector<DensityMatrix> computeSets(const Dataset& data, const std::vector<std::vector<Pattern>>& sets,
                                                  const DensityParams& params = {}, Progress& progress = noProgress());
    static DensityMatrix compute(const Dataset& data, const PatternSet& patterns,
                                 const DensityParams& params = {}, Progress& progress = noProgress()) {
        return compute(data, patterns.patterns, params, progress);
    }
};

}  // namespace px
