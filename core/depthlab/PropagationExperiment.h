#pragma once
// The depth lab's private-propagation experiments (DepthLab.h):
//   propagation        schemes × ε × hops × (c, α₁, β) grid × trials, a linear classifier on every
//                      release. "rows" picks the table: "summary" (one row per setting: mean, sd,
//                      worst, best), "runs" (one row per run) or "selection" (one row per scheme and
//                      ε: the mean run next to the best run, i.e. what reporting the maximum over a
//                      grid × repeats shows, and the expected best of k runs with k equal for every
//                      scheme, beside the majority-class and features-only controls).
//                      "model": "linear" reads every release with PCA features and a logistic regression;
//                      "gap" with GAP's trained encoder and MLP heads (GapProbe.h).
//   propagation-audit  the empirical audit (PropagationAudit.h) of each scheme on neighbouring graphs.
// Every setting draws its own noise: the seed of a run mixes the spec's seed with all its settings.
#include "common/Progress.h"
#include "experiment/ResultTable.h"
#include "depthlab/DepthSpecReader.h"

#include <cstdint>
#include <vector>

namespace px::depthlab {

nlohmann::json propagationDefaults();
nlohmann::json propagationAuditDefaults();
experiment::ResultTable propagationExperiment(const SpecReader& s, Progress& progress, const NodeDataset* given);
experiment::ResultTable propagationAuditExperiment(const SpecReader& s, Progress& progress, const NodeDataset* given);

// The expected maximum of k runs drawn without replacement from `runs` (exact, from the order
// statistics: Σ_i x_(i) C(i−1, k−1) / C(N, k)); k ≥ N gives the maximum.
double expectedBestOf(std::vector<double> runs, int k);

// A run's seed: the spec's seed mixed with every setting of the run (independent noise per setting).
std::uint64_t settingSeed(std::uint64_t seed, const std::vector<double>& settings);

}  // namespace px::depthlab
