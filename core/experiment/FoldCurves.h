#pragma once
// The per-epoch test and validation curves of a GIN sweep's folds: Xu et al.'s epoch choice on the fold-mean
// test curve, and the fold-mean curves written into the run rows.
#include "experiment/Evaluation.h"

#include <string>
#include <vector>

namespace px::experiment {

// Xu et al.'s epoch choice: curves[fold][epoch − 1][protocol]; the epoch whose mean over folds of the test
// accuracy (of the RMSE, lowest, for regression) is best, taken for every fold (ties: the earliest).
// Returns the 1-based epoch and sets `chosen` to each fold's score there.
int bestMeanTestEpoch(const std::vector<std::vector<std::vector<TaskScore>>>& curves, int protocol, bool regression,
                      std::vector<TaskScore>& chosen);

// "0.5120 0.5340 …": per-epoch numbers of each fold ([fold][epoch − 1]) averaged over the folds, one value per
// epoch that every fold ran, 4 decimals.
std::string foldMeanValues(const std::vector<std::vector<double>>& curves);
// The same for the test scores of protocol `protocol`: its metric, or its accuracy.
std::string foldMeanCurve(const std::vector<std::vector<std::vector<TaskScore>>>& curves, int protocol, bool accuracy);

}  // namespace px::experiment
