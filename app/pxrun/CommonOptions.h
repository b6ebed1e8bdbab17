#pragma once
// Helpers shared by pxrun commands.
#include "Commands.h"
#include "dataset/Dataset.h"
#include "hom/DensityMatrix.h"
#include "patterns/PatternSet.h"

#include <algorithm>

namespace pxrun {

// "builtin:NAME" for a generated data set, otherwise a path for io::loadDataset.
px::Dataset loadData(const std::string& spec);
// Pattern sampler options: --class --d --seed --mean --max-size --q --duplicates --connected.
px::PatternSamplerParams samplerFromArgs(const Args& a);
// --path auto|sparse|scatter|gemm (how densities are counted; see hom/DenseEvaluator.h).
px::DensityPath pathFromArgs(const Args& a);
// --max-memory GiB (sparse-DP tables, all threads) and --max-minutes (estimated DP work) into the params.
void limitsFromArgs(const Args& a, px::DensityParams& dp);
// "sparse DP x %, matrix scatter y %, matrix GEMM z % of (graph, pattern) pairs"
std::string pathSummary(const px::DensityMatrix& dm);

}  // namespace pxrun
