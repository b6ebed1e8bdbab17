#pragma once
// Trains a noisy-aggregation network (NagParams.h) for transductive node classification on one graph,
// full batch, on LibTorch on the CPU, and releases the node representations the COSERA attacker sees.
//
// Training: Adam on the cross-entropy of the training nodes, for a fixed number of epochs, with noise
// drawn at every step ([Wu et al. 2024, appendix C.2.1]: depth 2, 1000 full-batch steps, lr 1e-3). After
// training the network runs once more in inference mode with fresh noise (drawn from inferenceSeed): that
// pass gives the accuracies and the released representations. The operator norms reported are those of
// the weights of that pass, computed exactly (singular values), as Theorem 6.1 needs.
// Cost of an epoch: O(E·d) for the aggregations and O(n·(f·d + (L−1)·d²)) for the weights; the first
// layer's aggregation of the (constant) input is computed once, except for attention, which depends on W.
// Deterministic for a seed on one thread; progress per epoch, a cancel is noticed within one epoch.
// The API has no LibTorch type: only NagNetwork.cpp and NagTrainer.cpp include torch.
#include "common/Progress.h"
#include "graph/Graph.h"
#include "neural/NagParams.h"

#include <Eigen/Dense>
#include <vector>

namespace px::neural {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct NodeProblem {
    const Graph* graph = nullptr;
    const RowMatrix* features = nullptr;  // n × f
    std::vector<int> labels;              // class of every node, in [0, classes)
    int classes = 2;
    std::vector<int> train, valid, test;  // node indices; valid may be empty
};

struct NagOutcome {
    double trainAccuracy = 0, validAccuracy = 0, testAccuracy = 0;  // of the inference pass (NaN for an empty set)
    RowMatrix representations;      // n × d: the last layer's output in the inference pass (noise included)
    std::vector<double> opNorms;    // ‖W_l‖_op of the weights used in the inference pass, one per layer
    std::vector<double> trainLoss;  // per epoch
    long parameters = 0;            // trainable parameters (encoder and decoder)
    double flopsPerEpoch = 0;       // multiply-adds × 2 of the dense products, forward and backward
    double seconds = 0;             // training and inference
};

// Throws std::invalid_argument for impossible settings or inputs, px::Cancelled on cancel.
NagOutcome trainNag(const NagTrainParams& params, const NodeProblem& problem, Progress& progress = noProgress());

}  // namespace px::neural
