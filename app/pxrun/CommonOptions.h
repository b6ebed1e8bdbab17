#pragma once
// Helpers shared by pxrun commands.
#include "Commands.h"
#include "dataset/Dataset.h"
#include "patterns/PatternSet.h"

#include <algorithm>

namespace pxrun {

// "builtin:NAME" for a generated data set, otherwise a path for io::loadDataset.
px::Dataset loadData(const std::string& spec);
// Pattern sampler options: --class --d --seed --mean --max-size --q --duplicates --connected.
px::PatternSamplerParams samplerFromArgs(const Args& a);

}  // namespace pxrun
