#pragma once
// The depth lab's private propagation read by GAP's trained models (neural/GapModels.h) instead of PCA
// features and a logistic regression: "model": "gap" in a propagation spec. X₀ is the pre-trained encoder's
// output (features and training labels only: no edge used, no privacy cost at edge level); the
// classification module sees X₀ and every released hop (GAP: all K hops; CARIBOU: the last one). Needs the
// neural layer: without it (-DPX_NEURAL=OFF) every function throws std::invalid_argument saying so.
#include "common/Progress.h"
#include "dataset/NodeDataset.h"
#include "depthlab/PrivatePropagation.h"

#include <utility>

namespace px::depthlab {

// X₀ of the GAP model: the encoder's normalised output, n × 16.
Matrix gapEncoderFeatures(const NodeDataset& data, std::uint64_t seed, Progress& progress = noProgress());

// (validation, test) accuracy of GAP's classification module on [X₀, released hop blocks of X₀'s width].
std::pair<double, double> gapAccuracy(const NodeDataset& data, const PropagationResult& release, std::uint64_t seed);
// The same on X₀ alone (the features-only control of the GAP model).
std::pair<double, double> gapFeaturesAccuracy(const NodeDataset& data, const Matrix& x0, std::uint64_t seed);

}  // namespace px::depthlab
