#pragma once
// Decides the type of each label column once a loader has read it.
#include "dataset/Dataset.h"

namespace px::io {

// OGB-style columns: binary if every present value is 0 or 1, otherwise regression.
void inferOgbTaskTypes(Dataset& ds);
// Class columns (TU): values are mapped to 0..C-1 in ascending order of the original value;
// binary for two classes, multi-class for more. Returns the original value of each class (also kept, as text, in
// the task's classNames).
std::vector<double> encodeClasses(Dataset& ds, int task);
// Sets one class column from raw per-graph values (or, if empty, no label columns at all) and
// checks the data set.
void setClassLabels(Dataset& ds, std::vector<double> values);
// Sets Dataset::nodeLabels from one raw label per node, graph after graph (ds.graphs already read; the count
// must match, which the caller has checked): values mapped to 0..L−1 in ascending order, with a note.
void setNodeLabels(Dataset& ds, const std::vector<long>& perNode);

}  // namespace px::io
