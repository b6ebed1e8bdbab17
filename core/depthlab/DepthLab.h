#pragma once
// The depth lab's experiments behind one spec, shared by the desktop app's Depth workspace and
// `pxrun depth`. A spec is a JSON object whose "experiment" field picks one of:
//   cosera-grid   attack AUROC/ERR over (d, L) on ER or SBM graphs          (rows: d, L)
//   sbm-sweep     the same attack on SBM graphs over (K, p) at one (d, L)    (rows: K, p)
//   cosera-real   the attack on a real graph with its own features, vs depth (rows: weights, L)
//   nag           COSERA against noisy aggregation, next to Theorem 6.1's bound (rows: aggregation, σ)
//                 with untrained random orthogonal weights (the stand-in)
//   nag-trained   NAG networks trained for node classification: accuracy, COSERA on the test nodes,
//                 operator norms and the bound (rows: aggregation, encoder, σ, d; TrainedNag.h)
//   accounting    noise multiplier σ/Δ against depth for GAP and CARIBOU c   (rows: scheme, hops)
//   propagation   private propagation + linear classifier (+ optional attack) (rows: scheme, ε, hops;
//                 or one per run, or the paper-selection view: PropagationExperiment.h)
//   propagation-audit  empirical privacy audit of the propagation schemes (rows: scheme, hops, β)
//   asamp         AsampGCN accuracy / abstention / privacy condition vs p_s  (rows: p_s)
// Results are tidy tables (experiment::ResultTable), one row per configuration.
#include "common/Progress.h"
#include "dataset/NodeDataset.h"
#include "experiment/ResultTable.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace px::depthlab {

std::vector<std::string> depthExperiments();
// Whether this build can run an experiment: nag-trained trains networks on the neural layer, which builds
// configured with -DPX_NEURAL=OFF (the sanitizer and fuzz builds) do not have.
bool depthExperimentAvailable(const std::string& experiment);
// The default spec of an experiment (every field present, so it documents itself).
nlohmann::json defaultDepthSpec(const std::string& experiment);

// "builtin:NAME" (chain-1, chain-8, chain-16, sbm-nodes) or a LINQS folder/file (Cora, Citeseer).
NodeDataset loadNodeData(const std::string& spec);

// Runs a spec; missing fields take their defaults. Throws InputError naming `source` and the
// field for a bad spec, Cancelled when progress is cancelled. `data` overrides the spec's "data"
// (already loaded node data, e.g. by the app); may be null.
experiment::ResultTable runDepthExperiment(const nlohmann::json& spec, const std::string& source,
                                           Progress& progress = noProgress(), const NodeDataset* data = nullptr);
nlohmann::json loadDepthSpec(const std::string& path);  // parses and checks "experiment"

}  // namespace px::depthlab
