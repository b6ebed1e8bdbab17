#pragma once
#include "common/Progress.h"
// Breiman's random forest (Breiman 2001), configured like scikit-learn's RandomForestClassifier /
// RandomForestRegressor: every tree grows on a bootstrap sample (n rows drawn with replacement,
// kept as weights), each split looks at max_features features drawn at random (√d for
// classification, d for regression; more if none of them splits the node), thresholds are
// midpoints between consecutive distinct values, the impurity is Gini (classification) or the
// variance (regression), and a node becomes a leaf when it is pure, holds fewer than
// min_samples_split distinct rows, or reaches max_depth (0: unlimited). Predictions average the
// trees' leaf class frequencies (probabilities) or leaf means. Trees are grown in parallel (TBB),
// each from its own seeded stream, so the forest does not depend on the thread count.
// Cost: time O(T·mtry·n log n·depth) for T trees on n rows (each node sorts its rows on mtry features);
// memory O(n·d) for the data plus the trees' nodes.
#include "dataset/Dataset.h"
#include "learn/Knn.h"

#include <cstdint>
#include <vector>

namespace px::learn {

struct ForestParams {
    int trees = 200;
    int minSamplesSplit = 2;
    int maxDepth = 0;        // 0: unlimited
    int maxFeatures = 0;     // 0: √d (classification) or d (regression)
    bool bootstrap = true;
    std::uint64_t seed = 1;
    // Values closer than this count as equal: no threshold between them, and a feature whose
    // range in a node is below it is constant there. scikit-learn hard-codes 1e-7
    // (FEATURE_THRESHOLD in _splitter.pyx), which on homomorphism densities (many below 1e-6)
    // silently drops the small ones; 0 compares values exactly.
    double featureTolerance = 0;
    const Progress* stop = nullptr;  // cancellation, checked before every tree (throws px::Cancelled)
};

// Binary: P(class 1) per test row; MultiClass: the class with the highest mean probability;
// Regression: the mean prediction. Labels are class indices 0..C−1 for classification.
std::vector<double> randomForestPredict(const ForestParams& params, const RowMatrix& xTrain, const std::vector<double>& yTrain,
                                        const RowMatrix& xTest, TaskType type);

}  // namespace px::learn
