// The GIN network and the block-diagonal batches it runs on (TorchGin.h).
#include "neural/TorchGin.h"
#include "neural/TorchOps.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace px::neural {

int featureWidth(const GinParams& p, int nodeLabelValues) {
    switch (p.features) {
        case NodeFeatures::Ones: return 1;
        case NodeFeatures::DegreeOneHot: return p.maxDegreeFeature + 1;
        case NodeFeatures::Labels: return std::max(1, nodeLabelValues);
    }
    return 1;
}

GraphBatch makeBatch(const GraphSet& set, const std::vector<int>& members, const GinParams& p, int nodeLabelValues) {
    const std::vector<const Graph*>& graphs = set.graphs;
    const bool labels = p.features == NodeFeatures::Labels;
    if (labels && set.nodeLabels.size() != graphs.size())
        throw std::invalid_argument("GIN: node features \"labels\" need the data set's node labels (this data set has none; use ones or degree)");
    long nodes = 0, arcs = 0;
    for (int i : members) {
        nodes += graphs[i]->numVertices();
        arcs += long(graphs[i]->adjacency().size());
    }
    const int width = featureWidth(p, nodeLabelValues);
    GraphBatch b;
    b.graphs = int(members.size());
    b.nodes = nodes;
    b.x = p.features == NodeFeatures::Ones ? torch::ones({nodes, 1}) : torch::zeros({nodes, width});
    b.rowStart = torch::empty({nodes + 1}, torch::kLong);
    b.neighbours = torch::empty({arcs}, torch::kLong);
    b.graphOf = torch::empty({nodes}, torch::kLong);
    b.invCount = torch::empty({b.graphs, 1});
    auto* rowStart = b.rowStart.data_ptr<std::int64_t>();
    auto* neighbours = b.neighbours.data_ptr<std::int64_t>();
    auto* of = b.graphOf.data_ptr<std::int64_t>();
    auto* inv = b.invCount.data_ptr<float>();
    float* x = b.x.data_ptr<float>();
    long base = 0, a = 0;
    for (int k = 0; k < b.graphs; ++k) {
        const Graph& g = *graphs[members[k]];
        const int n = g.numVertices();
        inv[k] = n > 0 ? 1.0f / float(n) : 0.0f;
        for (int v = 0; v < n; ++v) {
            of[base + v] = k;
            rowStart[base + v] = a;
            if (p.features == NodeFeatures::DegreeOneHot)
                x[(base + v) * width + std::min(g.degree(v), p.maxDegreeFeature)] = 1.0f;
            if (labels) {
                const int l = (*set.nodeLabels[std::size_t(members[k])])[std::size_t(v)];
                if (l < 0 || l >= width) throw std::invalid_argument("GIN: a node label outside 0.." + std::to_string(width - 1));
                x[(base + v) * width + l] = 1.0f;
            }
            for (const int* u = g.neighborsBegin(v); u != g.neighborsEnd(v); ++u) neighbours[a++] = base + *u;
        }
        base += n;
    }
    rowStart[nodes] = a;
    return b;
}

std::vector<GraphBatch> makeBatches(const GraphSet& set, const GinParams& p, int nodeLabelValues) {
    std::vector<GraphBatch> out;
    const int count = int(set.graphs.size());
    for (int start = 0; start < count; start += p.batch) {
        std::vector<int> members;
        for (int i = start; i < std::min(count, start + p.batch); ++i) members.push_back(i);
        out.push_back(makeBatch(set, members, p, nodeLabelValues));
    }
    return out;
}

torch::Tensor ginAggregate(const torch::Tensor& h, const GraphBatch& b) {
    if (h.dim() != 2 || h.size(0) != b.nodes) throw std::invalid_argument("ginAggregate: one row of node states per node of the batch");
    return closedNeighbourSum(h, b.rowStart, b.neighbours);
}

torch::Tensor poolGraphs(const torch::Tensor& h, const GraphBatch& b, Pooling pooling) {
    torch::Tensor sums = torch::zeros({b.graphs, h.size(1)}, h.options()).index_add(0, b.graphOf, h);
    return pooling == Pooling::Sum ? sums : sums * b.invCount.to(h.dtype());
}

GinNetImpl::GinNetImpl(int inWidth, int outWidth, const GinParams& p, at::Generator& gen) : p_(p) {
    for (int l = 0; l < p.layers; ++l) {
        const std::string n = std::to_string(l);
        mlpIn_.push_back(register_module("mlp_in" + n, drawnLinear(l == 0 ? inWidth : p.hidden, p.hidden, gen)));
        mlpOut_.push_back(register_module("mlp_out" + n, drawnLinear(p.hidden, p.hidden, gen)));
        norms_.push_back(register_module("norm" + n, torch::nn::BatchNorm1d(p.hidden)));
        if (p.mlpNorm) mlpNorms_.push_back(register_module("mlp_norm" + n, torch::nn::BatchNorm1d(p.hidden)));
    }
    if (p.readout == Readout::LastLayer) {
        headIn_ = register_module("head_in", drawnLinear(p.hidden, p.hidden, gen));
        headOut_ = register_module("head_out", drawnLinear(p.hidden, outWidth, gen));
    } else {
        for (int l = 0; l <= p.layers; ++l)
            predictions_.push_back(register_module("prediction" + std::to_string(l), drawnLinear(l == 0 ? inWidth : p.hidden, outWidth, gen)));
    }
}

std::vector<torch::Tensor> GinNetImpl::layerStates(const GraphBatch& b) {
    std::vector<torch::Tensor> states = {b.x};
    for (std::size_t l = 0; l < mlpIn_.size(); ++l) {
        torch::Tensor h = mlpIn_[l]->forward(ginAggregate(states.back(), b));
        if (p_.mlpNorm) h = mlpNorms_[l]->forward(h);
        h = mlpOut_[l]->forward(torch::relu(h));
        states.push_back(torch::relu(norms_[l]->forward(h)));
    }
    return states;
}

torch::Tensor GinNetImpl::embed(const GraphBatch& b) { return poolGraphs(layerStates(b).back(), b, p_.pooling); }

torch::Tensor GinNetImpl::dropped(const torch::Tensor& t, at::Generator* dropoutGen) const {
    if (!is_training() || p_.dropout <= 0 || !dropoutGen) return t;
    const torch::Tensor keep = torch::empty_like(t).bernoulli_(1.0 - p_.dropout, *dropoutGen);
    return t * keep / (1.0 - p_.dropout);
}

torch::Tensor GinNetImpl::forward(const GraphBatch& b, at::Generator* dropoutGen) {
    if (p_.readout == Readout::LastLayer) {
        const torch::Tensor g = dropped(embed(b), dropoutGen);
        return headOut_->forward(torch::relu(headIn_->forward(g)));
    }
    const std::vector<torch::Tensor> states = layerStates(b);
    torch::Tensor score;
    for (std::size_t l = 0; l < states.size(); ++l) {
        const torch::Tensor term = dropped(predictions_[l]->forward(poolGraphs(states[l], b, p_.pooling)), dropoutGen);
        score = l == 0 ? term : score + term;
    }
    return score;
}

}  // namespace px::neural
