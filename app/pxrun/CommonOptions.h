#pragma once
// Helpers shared by pxrun commands.
#include "Commands.h"
#include "dataset/Dataset.h"
#include "hom/DensityMatrix.h"
#include "io/LabelSources.h"
#include "patterns/PatternSet.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace pxrun {

// "builtin:NAME" for a generated data set, otherwise a path for io::loadDataset; `labels` is the --labels choice
// (auto, none, csv[:COLUMN], graphml[:KEY]: io::FolderLabels::parse).
px::Dataset loadData(const std::string& spec, const std::string& labels = "auto");
// The --labels value parsed; a bad one is refused as "option --labels: expected …, got '…'".
px::io::FolderLabels labelsOption(const std::string& value);
// Pattern sampler options: --class --d --seed --mean --max-size --q --duplicates --connected.
px::PatternSamplerParams samplerFromArgs(const Args& a);
// --path auto|sparse|scatter|gemm (how densities are counted; see hom/DenseEvaluator.h).
px::DensityPath pathFromArgs(const Args& a);
// --max-memory GiB (sparse-DP tables, all threads) and --max-minutes (estimated DP work) into the params.
void limitsFromArgs(const Args& a, px::DensityParams& dp);
// Takes every "--set key=value" out of argv (into `sets`) and returns the rest.
std::vector<std::string> takeSets(const std::vector<std::string>& argv, std::vector<std::string>& sets);
// --set key=value on a spec: the value is JSON when it parses (numbers, arrays, objects), else a string;
// a dotted key (learner.kind) reaches into nested objects, creating them if missing.
void applySet(nlohmann::json& spec, const std::string& kv);
// "sparse DP x %, matrix scatter y %, matrix GEMM z % of (graph, pattern) pairs"
std::string pathSummary(const px::DensityMatrix& dm);

}  // namespace pxrun
