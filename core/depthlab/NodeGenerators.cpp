// Generated node-classification data sets for the depth lab: chains, CARIBOU's chain data, SBM graphs
// (NodeGenerators.h).
#include "depthlab/NodeGenerators.h"

#include "common/Rng.h"
#include "generators/Generators.h"

#include <algorithm>
#include <stdexcept>

namespace px::depthlab {

NodeDataset chainDataset(int classes, int chainsPerClass, int length, std::uint64_t seed) {
    if (classes < 2 || classes > 5 || chainsPerClass < 1 || length < 2)
        throw std::invalid_argument("chains need 2..5 classes, >= 1 chain per class, length >= 2");
    NodeDataset ds;
    ds.name = "chain-" + std::to_string(length);
    const int n = classes * chainsPerClass * length;
    ds.features = NodeDataset::Features::Zero(n, 5);
    ds.labels.resize(n);
    std::vector<Edge> edges;
    int v = 0;
    for (int c = 0; c < classes; ++c) {
        ds.classNames.push_back("class " + std::to_string(c));
        for (int k = 0; k < chainsPerClass; ++k) {
            ds.features(v, c) = 1.0;
            for (int i = 0; i < length; ++i, ++v) {
                ds.labels[v] = c;
                if (i > 0) edges.emplace_back(v - 1, v);
            }
        }
    }
    ds.graph = Graph::fromEdges(n, edges);
    ds.splitRandomly(0.05, 0.10, seed);
    return ds;
}

NodeDataset chainOneDataset(std::uint64_t seed) {
    NodeDataset ds = chainDataset(2, 3, 8, seed);
    ds.name = "chain-1";
    ds.publishedEdgeEntries = 6 * 7 + 48;
    std::vector<int> order(48);
    for (int v = 0; v < 48; ++v) order[v] = v;
    Rng rng(seed, "chain-1 split");
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    ds.train.assign(order.begin(), order.begin() + 8);
    ds.valid.assign(order.begin() + 8, order.begin() + 16);
    ds.test.assign(order.begin() + 16, order.end());
    for (auto* s : {&ds.train, &ds.valid, &ds.test}) std::sort(s->begin(), s->end());
    return ds;
}

NodeDataset sbmNodeDataset(int n, double pIn, double pOut, double signal, int featureDims, std::uint64_t seed) {
    if (n < 4 || featureDims < 1) throw std::invalid_argument("SBM node data needs n >= 4 and >= 1 feature");
    NodeDataset ds;
    ds.name = "sbm-nodes";
    Rng rng(seed, "sbm node graph", std::uint64_t(n));
    ds.graph = gen::stochasticBlockModel({n / 2, n - n / 2}, pIn, pOut, rng);
    ds.classNames = {"block 0", "block 1"};
    ds.labels.resize(n);
    ds.features.resize(n, featureDims);
    Rng noise(seed, "sbm node features", std::uint64_t(n));
    for (int v = 0; v < n; ++v) {
        ds.labels[v] = v < n / 2 ? 0 : 1;
        for (int j = 0; j < featureDims; ++j) ds.features(v, j) = noise.normal();
        ds.features(v, 0) += ds.labels[v] == 1 ? signal : -signal;
    }
    ds.splitRandomly(0.2, 0.1, seed);
    return ds;
}

std::vector<std::string> builtinNodeDatasets() { return {"chain-1", "chain-8", "chain-16", "sbm-nodes"}; }

NodeDataset builtinNodeDataset(const std::string& name, std::uint64_t seed) {
    if (name == "chain-1") return chainOneDataset(seed);
    if (name == "chain-8") return chainDataset(2, 40, 8, seed);
    if (name == "chain-16") return chainDataset(2, 20, 16, seed);
    if (name == "sbm-nodes") return sbmNodeDataset(400, 0.05, 0.005, 0.5, 8, seed);
    std::string known;
    const std::vector<std::string> names = builtinNodeDatasets();
    for (std::size_t i = 0; i < names.size(); ++i) known += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    throw std::invalid_argument("unknown built-in node data set '" + name + "' (expected " + known + ")");
}

}  // namespace px::depthlab
