#pragma once
// The trained models of GAP (Sajadmanesh et al., USENIX Security 2023; read in sisaman/GAP at 11b03d3 and
// 401fc0f: core/methods/gap/gap_inf.py, core/classifiers/encoder.py, multi_mlp.py) for the depth lab's
// private propagation, used by GAP and by CARIBOU alike:
//  - the encoder module, pre-trained on the node features and training labels only (no edge, so no
//    privacy cost at edge level): MLP f → h → h (Linear, batch norm, SELU, Linear), rows normalised; for
//    training a head (batch norm, SELU, Linear h → classes) follows. Its normalised output is X₀.
//  - the classification module on what the mechanism releases: one MLP per input (X₀ and every released
//    hop; here one Linear h → h each, as GAP's base_layers = 1), the outputs concatenated, rows normalised,
//    batch norm, SELU and a head Linear → classes. (GAP's code builds its per-hop MLPs as one module
//    repeated, so they share weights; the paper describes one per hop, which is what is built here.)
// Both: Adam, learning rate 0.01, full batch, cross-entropy, 100 epochs, the weights of the epoch with the
// best validation accuracy (GAP's defaults: hidden 16, no dropout, batch norm on).
// Deterministic for a seed on one thread. The API has no LibTorch type.
#include "common/Progress.h"

#include <Eigen/Dense>
#include <cstdint>
#include <utility>
#include <vector>

namespace px::neural {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct GapModelParams {
    int hidden = 16;          // width of the encoder and of every per-input MLP
    int encoderEpochs = 100;  // pre-training epochs of the encoder (0: left at its initialisation)
    int epochs = 100;         // training epochs of the classification module
    double lr = 0.01;         // Adam
    std::uint64_t seed = 0;   // weights
    int threads = 1;
};

struct NodeLabels {
    std::vector<int> labels;              // class of every node
    int classes = 2;
    std::vector<int> train, valid, test;  // node indices; valid may be empty (then the last epoch is taken)
};

// X₀: the pre-trained encoder's normalised output for every node (n × hidden).
RowMatrix trainGapEncoder(const GapModelParams& params, const RowMatrix& features, const NodeLabels& nodes,
                          Progress& progress = noProgress());

// Accuracy of the classification module trained on `inputs` (each n × width: X₀ and the released hops),
// on the validation nodes (first; NaN without them) and the test nodes (second), at the epoch with the best
// validation accuracy.
std::pair<double, double> trainGapClassifier(const GapModelParams& params, const std::vector<RowMatrix>& inputs,
                                             const NodeLabels& nodes, Progress& progress = noProgress());

}  // namespace px::neural
