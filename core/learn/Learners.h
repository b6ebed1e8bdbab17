#pragma once
#include "common/Progress.h"
// Downstream learners behind one call, using well-kept libraries where they exist:
//   knn       exact k-nearest neighbours (Knn.h)
//   svm       libsvm: RBF C-SVC (classification) / ε-SVR (regression)
//   linear    liblinear: L2-regularised logistic regression / L2-loss linear SVR
//   forest    XGBoost random forest (num_parallel_tree trees, one round, row and column subsampling)
//   rf        Breiman's random forest as scikit-learn builds it (RandomForest.h): bootstrap, √d
//             features per split, unlimited depth by default, min_samples_split
//   boosting  XGBoost gradient-boosted trees
//   gin       a graph isomorphism network trained on the graphs themselves (core/neural; not on feature
//             rows: the sweep gives it graphs, see experiment/GraphSweep.h)
// Missing labels (NaN) are left out of training. Scores: the class-1 score for binary tasks (for
// ROC-AUC), the prediction for regression, the predicted class for multi-class tasks.
#include "dataset/Dataset.h"
#include "learn/Knn.h"
#include "neural/GinParams.h"

#include <string>
#include <vector>

namespace px::learn {

struct LearnerConfig {
    std::string kind = "knn";   // knn, svm, linear, forest, rf, boosting
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
    // Cancellation (not a setting): checked between boosting rounds and before every rf tree; an svm fit
    // runs in a child process that is killed (libsvm cannot be interrupted). Throws px::Cancelled.
    // XGBoost's "forest" grows in one call and stops only after it.
    const Progress* stop = nullptr;
};

// Throws std::invalid_argument for an unknown kind or a training set without labels.
std::vector<double> fitPredict(const LearnerConfig& config, const RowMatrix& xTrain, const std::vector<double>& yTrain,
                               const RowMatrix& xTest, TaskType type);
bool isKnownLearner(const std::string& kind);
// The tree depth a learner gets when none is asked for: 0 (unlimited) for Breiman's rf, else LearnerConfig's.
int defaultMaxDepth(const std::string& kind);
// Learners that learn from graphs rather than from density rows (gin).
bool isGraphLearner(const std::string& kind);
// True if this build has the trained networks (LibTorch; CMake option PX_NEURAL).
bool haveNeuralLayer();

}  // namespace px::learn
