#pragma once
// Trains a GIN (GinParams.h) on labelled graphs and scores test graphs, on LibTorch, on the CPU.
//
// Graphs of a mini-batch are joined into one block-diagonal graph; a layer's neighbour sum is one pass
// over the batch's adjacency in CSR form (both directions of every edge), so the cost of a layer is
// O(E·h) for the messages and O(N·h²) for the MLP. Training is deterministic for a seed on one thread:
// the weights are drawn from a generator of the training's own (not torch's global one), and the batch
// order and dropout masks from px::Rng streams keyed by the seed. Progress is reported per batch and a
// cancel is noticed within one batch (px::Cancelled).
//
// Selection: after every epoch the validation graphs are scored; the test sets are scored only when the
// validation metric improves, so every test score comes from the epoch with the best validation metric
// (the reference baseline's rule). Without validation graphs the last epoch is taken. With
// EpochSelection::TestCurve every epoch's test scores are kept as well (testCurve) for the caller to choose.
// The API has no LibTorch type: only GinTrainer.cpp and GinNetwork.cpp include torch.
#include "common/Progress.h"
#include "dataset/Dataset.h"
#include "neural/GinParams.h"

#include <functional>
#include <string>
#include <vector>

namespace px::neural {

struct GraphSet {
    GraphSet(std::vector<const Graph*> g = {}) : graphs(std::move(g)) {}
    std::vector<const Graph*> graphs;
    std::vector<const std::vector<int>*> nodeLabels;  // features "labels": one per graph (its Dataset::nodeLabels row)
};

struct LabelledGraphs : GraphSet {
    std::vector<double> labels;  // one per graph: 0/1, the class index, or the target value
};

struct GinProblem {
    TaskType type = TaskType::Binary;
    int classes = 2;                                // MultiClass: number of classes
    LabelledGraphs train, valid;                    // valid may be empty
    std::vector<GraphSet> tests;                    // every test set is scored at the selected epoch
    int nodeLabelValues = 0;                        // features "labels": width of the one-hot code
    // The validation metric of the scores of `valid` (same convention as the outcome's scores), and
    // whether lower is better (RMSE). Required when valid is non-empty.
    std::function<double(const std::vector<double>& scores)> validMetric;
    bool lowerIsBetter = false;
};

struct EpochRecord {
    int epoch = 0;               // 1-based
    double trainLoss = 0;        // mean over the training graphs
    double validMetric = 0;      // NaN without validation graphs
    double seconds = 0;          // wall time of the epoch (training and validation)
};

struct GinOutcome {
    // Per test set, one score per graph: binary tasks the probability of class 1, multi-class the predicted
    // class, regression the prediction. Taken at `selectedEpoch`.
    std::vector<std::vector<double>> testScores;
    // EpochSelection::TestCurve: testCurve[epoch − 1][test set] = the scores after that epoch.
    std::vector<std::vector<std::vector<double>>> testCurve;
    int selectedEpoch = 0;
    double selectedValid = 0;    // the validation metric at that epoch (NaN without validation graphs)
    std::vector<EpochRecord> epochs;
    long parameters = 0;         // trainable parameters
    double trainFlopsPerEpoch = 0;  // multiply-adds × 2 of the dense layers, forward and backward (≈ 3 × forward)
    double seconds = 0;          // whole training (with a checkpoint: summed over the processes that ran it)
    int resumedAfterEpoch = 0;   // the epoch of the checkpoint this training went on from (0: from the start)
    std::string checkpointNote;  // why an existing checkpoint was not restored (empty if none was refused)
};

// Runs `work` with torch's and the BLAS's thread counts set to `threads` and restores them after: a caller that
// runs several trainings at once sets them once around all of them (they are process-wide).
void withTrainingThreads(int threads, const std::function<void()>& work);

// Where a training keeps its state between epochs (network, optimizer, dropout stream, the best epoch's scores,
// the curves so far), so that a stopped training (killed, cancelled, the machine shut down) goes on from its last
// checkpoint and ends with the outcome of an unbroken one, bit for bit on one thread. The file is removed when
// the training ends; one of another training (other settings or graphs) is not restored but replaced.
struct TrainingCheckpoint {
    std::string path;           // empty: no checkpoint
    double everySeconds = 300;  // written after an epoch that ends at least this long after the last write (0: every epoch)
    bool bestEffort = false;    // a failed write stops the checkpoints (checkpointNote says why), not the training
};

// Throws std::invalid_argument for impossible settings or an empty training set, px::Cancelled on cancel,
// InputError if the checkpoint cannot be written.
GinOutcome trainGin(const GinParams& params, const GinProblem& problem, Progress& progress = noProgress(),
                    const TrainingCheckpoint& checkpoint = {});

// The graph-level outputs (pooled vector, before the head) of an untrained GIN with the given seed for each
// graph, as rows; used by the tests to check what a GIN can and cannot tell apart.
std::vector<std::vector<double>> ginGraphEmbeddings(const GinParams& params, const GraphSet& graphs, int nodeLabelValues = 0);

}  // namespace px::neural
