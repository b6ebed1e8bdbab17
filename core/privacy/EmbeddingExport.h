#pragma once
// Export of released embeddings for use elsewhere (e.g. Python): a CSV table, a NumPy .npy
// matrix, and a JSON sidecar with the format version, every parameter and seed, the data set's
// content hash and the full privacy report. Reference-mode results say so in every file.
#include "privacy/Mechanism.h"

#include <nlohmann/json.hpp>
#include <string>

namespace px::privacy {

nlohmann::json toJson(const MechanismParams& p);
// Inverse of toJson; throws std::invalid_argument naming the bad field.
// Strict: unknown keys, wrong kinds and out-of-range values are std::invalid_argument naming the key
// path under `path` (e.g. "mechanisms[0].delta").
MechanismParams mechanismParamsFromJson(const nlohmann::json& j, const std::string& path = "mechanism");

// Writes <prefix>.csv (graph, n, F0..F{d−1}), <prefix>.npy (N × (d+1) float64: n then the
// densities) and <prefix>.json (metadata plus the report). All three are written atomically.
void exportEmbedding(const std::string& prefix, const NoisyEmbedding& e, const nlohmann::json& metadata);
// A NumPy v1.0 .npy file of a row-major float64 matrix.
void writeNpy(const std::string& path, const double* data, long rows, long cols);

}  // namespace px::privacy
