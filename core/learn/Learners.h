#pragma once
#include "common/Progress.h"
// Downstream learners behind one call, using well-kept libraries where they exist. Which learners there are,
// their parameters and what each can do: LearnerRegistry.h (knn, svm, linear, rf, forest, boosting, and the
// GIN, which trains on the graphs themselves and is run by the GIN sweep, experiment/GinSweep.h).
// Missing labels (NaN) are left out of training. Scores: the class-1 score for binary tasks (for
// ROC-AUC), the prediction for regression, the predicted class for multi-class tasks.
#include "dataset/Dataset.h"
#include "learn/Knn.h"
#include "learn/LearnerKind.h"
#include "neural/GinParams.h"

#include <string>
#include <vector>

namespace px::learn {

struct LearnerConfig {
    LearnerKind kind = LearnerKind::Knn;
    int k = 10;                 // knn: neighbours
    double C = 1.0;             // svm, linear: regularisation
    double gamma = 0.0;         // svm: RBF width (0: 1/features)
    int trees = 100;            // forest: trees; boosting: rounds
    int maxDepth = 6;           // forest, boosting (rf: 0 = unlimited)
    int minSamplesSplit = 2;    // rf
    double featureTolerance = 0;  // rf: values this close count as equal (scikit-learn: 1e-7)
    std::uint64_t seed = 1;     // forest, rf, boosting
    bool dual = false;          // linear classification: dual coordinate descent (faster when features > rows)
    neural::GinParams gin;      // gin: the network and its training
    // knn, not a setting (never in a spec file): k is being explored, so the neighbour memo keeps 2k for the next
    // k to read (KnnParams::exploringK). The app sets it for a recompute that changed k alone.
    bool exploringK = false;
    // Cancellation (not a setting): checked between boosting rounds and before every rf tree; an svm fit
    // runs in a child process that is killed (libsvm cannot be interrupted). Throws px::Cancelled.
    // XGBoost's "forest" grows in one call and stops only after it.
    const Progress* stop = nullptr;
};

// Throws std::invalid_argument for a graph learner or a training set without labels.
std::vector<double> fitPredict(const LearnerConfig& config, const RowMatrix& xTrain, const std::vector<double>& yTrain,
                               const RowMatrix& xTest, TaskType type);
// Learners that learn from graphs rather than from density rows (the registry's needsGraphs).
bool isGraphLearner(LearnerKind kind);
// True if this build has the trained networks (LibTorch; CMake option PX_NEURAL).
bool haveNeuralLayer();

}  // namespace px::learn
