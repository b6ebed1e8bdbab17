// The private propagation read by GAP's trained encoder and heads instead of PCA and logistic regression
// (GapProbe.h).
#include "depthlab/GapProbe.h"

#ifdef PX_HAVE_NEURAL
#include "neural/GapModels.h"
#endif

#include <stdexcept>

namespace px::depthlab {

#ifndef PX_HAVE_NEURAL

namespace {
[[noreturn]] void noNeuralLayer() {
    throw std::invalid_argument("\"model\": \"gap\" trains GAP's networks, which need the neural layer, and this build has none "
                                "(configured with -DPX_NEURAL=OFF); use \"model\": \"linear\"");
}
}  // namespace

Matrix gapEncoderFeatures(const NodeDataset&, std::uint64_t, Progress&) { noNeuralLayer(); }
std::pair<double, double> gapAccuracy(const NodeDataset&, const PropagationResult&, std::uint64_t) { noNeuralLayer(); }
std::pair<double, double> gapFeaturesAccuracy(const NodeDataset&, const Matrix&, std::uint64_t) { noNeuralLayer(); }

#else

namespace {

neural::NodeLabels nodeLabels(const NodeDataset& data) {
    neural::NodeLabels n;
    n.labels = data.labels;
    n.classes = std::max(2, data.numClasses());
    n.train = data.train;
    n.valid = data.valid;
    n.test = data.test;
    return n;
}

neural::GapModelParams paramsFor(std::uint64_t seed) {
    neural::GapModelParams p;
    p.seed = seed;
    return p;
}

}  // namespace

Matrix gapEncoderFeatures(const NodeDataset& data, std::uint64_t seed, Progress& progress) {
    return neural::trainGapEncoder(paramsFor(seed), data.features, nodeLabels(data), progress);
}

std::pair<double, double> gapAccuracy(const NodeDataset& data, const PropagationResult& release, std::uint64_t seed) {
    const long width = release.base.cols();
    if (width < 1 || release.released.cols() % width != 0)
        throw std::invalid_argument("GAP model: the release is not made of blocks of X₀'s width");
    std::vector<Matrix> inputs{release.base};
    for (long k = 0; k < release.released.cols() / width; ++k) {
        Matrix block = release.released.middleCols(k * width, width);
        for (long v = 0; v < block.rows(); ++v) {  // unit rows: post-processing, as the linear probe's input
            const double norm = block.row(v).norm();
            if (norm > 0) block.row(v) /= norm;
        }
        inputs.push_back(std::move(block));
    }
    return neural::trainGapClassifier(paramsFor(seed), inputs, nodeLabels(data));
}

std::pair<double, double> gapFeaturesAccuracy(const NodeDataset& data, const Matrix& x0, std::uint64_t seed) {
    return neural::trainGapClassifier(paramsFor(seed), {x0}, nodeLabels(data));
}

#endif

}  // namespace px::depthlab
