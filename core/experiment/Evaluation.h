#pragma once
// One evaluation of the private pipeline: release the embeddings (or use the clean ones at ε = ∞),
// train the learner on the training graphs, score the test graphs, and attack the release.
#include "attack/Reidentification.h"
#include "dataset/Dataset.h"
#include "experiment/FeatureMap.h"
#include "hom/DensityMatrix.h"
#include "learn/Learners.h"
#include "learn/Tuning.h"
#include "privacy/Mechanism.h"

#include <memory>
#include <vector>

namespace px::experiment {

struct TrainTest {
    std::vector<int> train, test;
    std::string name;  // "scaffold", "stratified(seed=1)"
};
// The data set's own split if it has one, else a seeded stratified 80/20 split on the task.
TrainTest chooseSplit(const Dataset& ds, int task, std::uint64_t seed);
// k-fold cross-validation (the TU-benchmark protocol, Xu et al. 2019): the data set's shipped folds if
// it has k of them, else seeded stratified folds (each class shuffled, its i-th graph in fold i mod k).
std::vector<TrainTest> chooseFolds(const Dataset& ds, int task, std::uint64_t seed, int k);
// The released rows permuted among graphs with the same vertex count (seeded): the control that keeps
// everything that depends on n, the noise scale included, and removes the graph structure.
// The permutation behind that control: position i takes the row (or graph) from[i], which has the same n.
std::vector<int> sameNPermutation(const std::vector<long>& n, std::uint64_t seed);
// Mean, and sample standard deviation (0 for fewer than two values), summed in order.
double meanOf(const std::vector<double>& v);
double sampleStdOf(const std::vector<double>& v);
DensityMatrix::Matrix shuffleWithinSameN(const DensityMatrix::Matrix& rows, const Eigen::VectorXd& n, std::uint64_t seed);

struct EvaluationParams {
    std::vector<int> tasks;        // label columns to score (their metrics are averaged)
    learn::LearnerConfig learner;  // kind and parameters (k for kNN)
    learn::TuningConfig tuning;    // nested: the learner's hyper-parameters chosen on the training rows (Tuning.h)
    bool noisyTest = true;         // false: clean test features (reference code)
    bool appendN = true;           // n as a feature
    bool appendLogN = false;       // log n as a feature
    FeatureMap featureMap = FeatureMap::Density;  // what the learner sees of the release (FeatureMap.h)
    std::vector<int> patternSizes; // |V(F_j)| of each column (for the count maps)
    bool standardize = true;       // standardise on the training set
    bool attack = true;
    int attackSubset = 0;
    std::uint64_t seed = 1;        // attack subset seed
};

struct EvaluationResult {
    std::string metric;            // "auc", "rmse" or "accuracy"
    double value = 0;              // mean over the selected tasks
    double accuracy = 0;           // classification tasks: accuracy (binary: score above the learner's threshold); NaN otherwise
    std::string tuned;             // nested tuning: the chosen hyper-parameters (per task, '|'-separated); else empty
    attack::ReidResult attack;     // zero if not run
    bool attacked = false;
};

// The metric of one task's predictions: ROC-AUC (binary; also the accuracy of scores above `threshold`),
// accuracy (multi-class; predictions are classes) or RMSE (regression, accuracy NaN). Missing labels are skipped.
struct TaskScore {
    std::string metric;
    double value = 0, accuracy = 0;
};
TaskScore scoreTask(TaskType type, const std::vector<double>& predicted, const std::vector<double>& labels, double threshold);

// The public information alone: the same learner, split and preprocessing on the vertex count n only.
EvaluationResult evaluatePublicOnly(const Dataset& ds, const TrainTest& split, const Eigen::VectorXd& n, const EvaluationParams& params);

// Clean features are used when `release` is null (ε = ∞).
EvaluationResult evaluate(const Dataset& ds, const TrainTest& split, const DensityMatrix& clean,
                          const DensityMatrix::Matrix* released, const privacy::RowSampler* mechanism,
                          const std::function<double(int, int)>& noiseScale, const EvaluationParams& params);

}  // namespace px::experiment
