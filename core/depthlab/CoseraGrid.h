#pragma once
// The COSERA reference experiments (docs/mathematics.md §6): mean attack AUROC and ERR over trials on a grid of
// (feature dimension d, depth L) for one random-graph model, and the SBM sweep over (K, p).
// Every trial draws a fresh graph and encoder from keys (seed, model, n, trial, d), so a cell's
// value does not depend on the grid around it or on the thread count.
#include "common/Progress.h"
#include "depthlab/LinearEncoder.h"

#include <string>
#include <vector>

namespace px::depthlab {

struct GraphModel {
    std::string kind = "er";  // "er": G(n, p) with p = ln n / n (p = 0 there) or the given p; "sbm": K equal blocks
    int n = 1000;
    double p = 0;             // er: edge probability (0: ln n / n); sbm: within-block probability
    double q = 0.05;          // sbm: between-block probability
    int blocks = 3;           // sbm: K
    double edgeProbability() const;
    std::string label() const;  // e.g. "ER n=1000 p=ln n/n", "SBM n=500 K=3 p=0.3 q=0.05"
};
Graph drawGraph(const GraphModel& model, std::uint64_t seed, int trial);

struct CoseraGridSpec {
    GraphModel model;
    std::vector<int> dims;   // d values (rows of the grid)
    int maxDepth = 10;       // L = 1..maxDepth (columns)
    int trials = 5;
    WeightKind weights = WeightKind::Identity;
    EncoderSampling sampling = EncoderSampling::Auto;
    std::uint64_t seed = 1;
};

struct MetricGrid {
    std::vector<double> rows, cols;   // axis values
    std::string rowName, colName;
    Eigen::MatrixXd aurocMean, aurocSd, errMean, errSd;
};

// Standard grid: d = 2^2..2^11.
std::vector<int> defaultDims();
MetricGrid runCoseraGrid(const CoseraGridSpec& spec, Progress& progress = noProgress());

struct SbmSweepSpec {
    int n = 500;
    std::vector<int> blocks{2, 3, 4, 5, 6};
    std::vector<double> pIn{0.05, 0.1, 0.2, 0.3, 0.5};
    double q = 0.05;
    int d = 512;
    int depth = 2;
    int trials = 5;
    WeightKind weights = WeightKind::Identity;
    std::uint64_t seed = 1;
};
// Rows: K; columns: p.
MetricGrid runSbmSweep(const SbmSweepSpec& spec, Progress& progress = noProgress());

}  // namespace px::depthlab
