#pragma once
// The pieces of one GIN sweep run (GinSweep.cpp): the graphs it learns from (released by rr/dprr, or the data
// set's own at ε = ∞), their shuffled control, the training/validation/test parts of a split, and one training
// scored on both test protocols.
#include "dataset/Dataset.h"
#include "experiment/ParallelTrainings.h"
#include "experiment/SweepRunner.h"
#include "experiment/SweepSpec.h"
#include "neural/GinTrainer.h"
#include "privacy/Mechanism.h"
#include "privacy/PrivacyReport.h"

#include <cstdint>
#include <vector>

namespace px::experiment {

// Graphs with their node-label rows (empty when the data set has none), in one order.
struct GraphView {
    std::vector<const Graph*> graphs;
    std::vector<const std::vector<int>*> nodeLabels;
};

// The data set's graphs, or `replaced` (one graph per data set graph) with the data set's node labels.
GraphView viewOf(const Dataset& ds, const std::vector<Graph>* replaced = nullptr);

// The graphs a run learns from: the data set's own (ε = ∞) or one perturbed copy of each.
struct Released {
    std::vector<Graph> storage;
    GraphView view;
    privacy::PrivacyReport report;
};
Released release(const Dataset& ds, const privacy::MechanismParams& mp, double budget, const std::string& specSource);

// The released graphs (with their node labels) permuted among graphs of the same vertex count (seeded):
// the shuffled control.
GraphView shuffledWithinSameN(const GraphView& released, std::uint64_t seed);

// Training, validation and test graphs of one split. Graphs without a label are left out of training.
struct Parts {
    std::vector<int> train, valid, test;
};
// Validation: the data set's own validation part (dataValid), none (noValidation: Xu et al.'s test-curve choice),
// or else 10 % of each class of the training part, drawn with (seed, fold).
Parts partsOf(const Dataset& ds, const TrainTest& t, int task, bool dataValid, bool noValidation, std::uint64_t seed, int fold);

// One GIN training on `learnFrom`'s graphs of parts.train (validation on parts.valid), scored on the test graphs
// twice: as released (releasedTest) and clean. Throws when the build has no neural layer.
Trained trainAndScore(const SweepSpec& spec, const Dataset& ds, int task, const Parts& parts, const GraphView& learnFrom,
                      const GraphView& releasedTest, std::uint64_t seed, Progress& progress,
                      const neural::TrainingCheckpoint& checkpoint);

// Where training `part` of run `r` keeps its checkpoint between epochs: beside the journal; no path without one.
// A best-effort journal (the desktop app's) gives best-effort checkpoints.
neural::TrainingCheckpoint partCheckpoint(const SweepOptions& options, int r, int part);

}  // namespace px::experiment
