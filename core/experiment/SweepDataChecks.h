#pragma once
// What a sweep learns on its data set: the tasks it scores, the splits of its protocol, and the checks of the spec
// against the data, once the data set is loaded and before any run: what the spec asks for must be possible on
// these graphs. Errors are px::InputError naming the spec file and the field (as a JSON pointer), then what the
// data set says, rather than an error from deep inside a run.
#include "dataset/Dataset.h"
#include "experiment/Evaluation.h"
#include "experiment/SweepSpec.h"

#include <string>
#include <vector>

namespace px::experiment {

// The label columns a sweep scores (spec "task": an index or "all"), the spec then checked against the data
// (checkSpecAgainstData); throws InputError naming the field.
std::vector<int> sweepTasks(const SweepSpec& spec, const Dataset& data);
// The splits of the sweep's protocol (the data set's split, or K folds) and their name for the run table.
struct SweepSplits {
    std::vector<TrainTest> splits;
    std::string name;
};
SweepSplits sweepSplits(const SweepSpec& spec, const Dataset& data, int task);

// - every mechanism calibrated to a public degree bound D (at a finite budget): no graph's maximum degree exceeds D
//   ("/mechanisms/i/degree_bound"); reference mode, which never checks, is left to report it;
// - every task the sweep learns has labelled graphs in the training part of each split or fold ("/task").
void checkSpecAgainstData(const SweepSpec& spec, const Dataset& data, const std::vector<int>& tasks);

}  // namespace px::experiment
