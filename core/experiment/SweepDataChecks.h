#pragma once
// Checks of a sweep spec against its data set, once the data set is loaded and before any run: what the spec
// asks for must be possible on these graphs. Errors are px::InputError naming the spec file and the field
// (as a JSON pointer), then what the data set says, rather than an error from deep inside a run. sweepTasks
// (SweepRunner.h), defined here, reads "task" against the data set and then runs these checks.
#include "dataset/Dataset.h"
#include "experiment/SweepSpec.h"

#include <vector>

namespace px::experiment {

// - every mechanism calibrated to a public degree bound D (at a finite budget): no graph's maximum degree exceeds D
//   ("/mechanisms/i/degree_bound"); reference mode, which never checks, is left to report it;
// - every task the sweep learns has labelled graphs in the training part of each split or fold ("/task").
void checkSpecAgainstData(const SweepSpec& spec, const Dataset& data, const std::vector<int>& tasks);

}  // namespace px::experiment
