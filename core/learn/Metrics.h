#pragma once
// Evaluation metrics. ROC-AUC is the Mann–Whitney statistic with average ranks for ties
// (O(n log n)); multi-task data sets average over tasks, each over its graphs with a label.
#include <vector>

namespace px::learn {

// ROC-AUC of scores against binary labels (1 = positive). NaN labels are skipped. Returns NaN if a
// class is absent.
double rocAuc(const std::vector<double>& scores, const std::vector<double>& labels);
double accuracy(const std::vector<double>& predicted, const std::vector<double>& labels);
double rmse(const std::vector<double>& predicted, const std::vector<double>& labels);

}  // namespace px::learn
