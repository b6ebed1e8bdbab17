#pragma once
// The learners that fit on rows of features (densities and n), one function each; LearnerRegistry.cpp
// registers them. fitPredict (Learners.h) leaves out unlabelled rows before calling one.
#include "learn/Learners.h"

#include <vector>

namespace px::learn {

// Training rows that have a label, as a compact copy.
struct LabelledRows {
    RowMatrix x;
    std::vector<double> y;
};

std::vector<double> fitKnn(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xTest, TaskType type);
std::vector<double> fitSvm(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xTest, TaskType type);
std::vector<double> fitLinear(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xTest, TaskType type);
std::vector<double> fitXgbForest(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xTest, TaskType type);
std::vector<double> fitXgbBoosting(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xTest, TaskType type);
std::vector<double> fitBreimanForest(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xTest, TaskType type);

}  // namespace px::learn
