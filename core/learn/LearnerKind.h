#pragma once
// The learners a sweep can run. Each is described once, with its parameters and capabilities, in
// LearnerRegistry.cpp; code asks the registry what a learner can do instead of comparing names.
namespace px::learn {

enum class LearnerKind { Knn, Svm, Linear, Forest, RandomForest, Boosting, Gin };

}  // namespace px::learn
