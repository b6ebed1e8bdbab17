#pragma once
// Hyper-parameters chosen without leakage: nested cross-validation. Inside each outer training part, every
// point of the learner's grid is scored by k-fold cross-validation on those training rows alone (stratified
// for classification, seeded), the best mean inner score wins (the first in grid order on ties), and the
// learner is refitted with it on the whole training part. The test rows are never seen: tuneOnTraining is
// given the training rows only. Inner fits run in parallel (TBB).
// The GIN (a graph learner) is tuned by the GIN sweep (experiment/GinSweep.h) on one inner hold-out instead: every grid point trains
// on the training part and is scored on the validation part it already holds out for its epoch choice
// (experiment/GinTuning.h); chooseByValidation is that choice.
// Cost: |grid| × k inner fits on the training rows plus one refit, per outer training part; memory that of
// one fit per thread.
#include "learn/Learners.h"

#include <string>
#include <vector>

namespace px::learn {

// Values to try per hyper-parameter; an empty list keeps the base configuration's value. defaultGrid gives
// the grid used when a spec says only "nested".
struct TuningGrid {
    std::vector<int> k;                 // knn
    std::vector<double> C;              // svm, linear
    std::vector<double> gamma;          // svm (0: 1/features)
    std::vector<int> trees;             // forest, boosting
    std::vector<int> maxDepth;          // forest, boosting, rf (rf: 0 = unlimited)
    std::vector<int> minSamplesSplit;   // rf
    std::vector<int> hidden;            // gin: layer width
    std::vector<int> batch;             // gin: graphs per mini-batch
    std::vector<double> dropout;        // gin
    std::vector<double> lr;             // gin: Adam learning rate
    bool empty() const;
};
TuningGrid defaultGrid(LearnerKind kind);

struct TuningConfig {
    bool nested = false;
    int folds = 5;             // inner folds
    std::uint64_t seed = 1;    // inner fold assignment
    TuningGrid grid;           // empty lists: defaultGrid(kind)'s
};

// Every configuration of the grid (the Cartesian product, in a fixed order), from `base`.
std::vector<LearnerConfig> gridConfigurations(const LearnerConfig& base, const TuningGrid& grid);
// "k=10", "C=1,gamma=0.1", "trees=200,max_depth=6": the tuned hyper-parameters of a configuration.
std::string describeHyperParameters(const LearnerConfig& config);

struct TunedLearner {
    LearnerConfig chosen;
    double innerScore = 0;  // mean inner-fold score of the chosen point (AUC, accuracy or −RMSE)
};
// The index of the best validation score (the highest, or the lowest when lowerIsBetter; NaN never wins;
// ties: the first). Throws std::invalid_argument for an empty list.
std::size_t chooseByValidation(const std::vector<double>& scores, bool lowerIsBetter);

// Chooses by inner cross-validation on (xTrain, yTrain) only. Throws std::invalid_argument for a graph
// learner or a training set too small for the inner folds.
TunedLearner tuneOnTraining(const LearnerConfig& base, const TuningConfig& tuning, const RowMatrix& xTrain,
                            const std::vector<double>& yTrain, TaskType type);

}  // namespace px::learn
