#pragma once
// The depth lab's trained noisy-aggregation experiment ("nag-trained"; [Wu et al. 2024, §7.2, appendix C.2]):
// for every aggregation, noise scale σ and width d, NAG networks (core/neural) are trained for node
// classification, then attacked with COSERA on the subgraph induced by the test nodes, beside the lower
// bound of Theorem 6.1 evaluated with the trained weights' operator norms.
// Rows: one per (aggregation, encoder, σ, d) with the mean and sd over trials of the test accuracy, the
// attack's AUROC and ERR, the operator norms and the bound; and with "controls" one row per d for the
// features alone (the same network with no aggregation: no edge is used), whose attack shows what the
// features' own similarity reveals about the edges.
#include "common/Progress.h"
#include "experiment/ResultTable.h"
#include "depthlab/DepthSpecReader.h"

#include <nlohmann/json.hpp>

namespace px::depthlab {

nlohmann::json trainedNagDefaults();
experiment::ResultTable trainedNagExperiment(const SpecReader& s, Progress& progress, const NodeDataset* given);

}  // namespace px::depthlab
