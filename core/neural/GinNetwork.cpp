// The GIN network and the block-diagonal batches it runs on (TorchGin.h).
#include "neural/TorchGin.h"

#include <algorithm>
#include <cmath>

namespace px::neural {

int featureWidth(const GinParams& p) {
    return p.features == NodeFeatures::Ones ? 1 : p.maxDegreeFeature + 1;
}

GraphBatch makeBatch(const std::vector<const Graph*>& graphs, const std::vector<int>& members, const GinParams& p) {
    long nodes = 0, arcs = 0;
    for (int i : members) {
        nodes += graphs[i]->numVertices();
        arcs += long(graphs[i]->adjacency().size());
    }
    const int width = featureWidth(p);
    GraphBatch b;
    b.graphs = int(members.size());
    b.nodes = nodes;
    b.x = p.features == NodeFeatures::Ones ? torch::ones({nodes, 1}) : torch::zeros({nodes, width});
    b.src = torch::empty({arcs}, torch::kLong);
    b.dst = torch::empty({arcs}, torch::kLong);
    b.graphOf = torch::empty({nodes}, torch::kLong);
    b.invCount = torch::empty({b.graphs, 1});
    auto* src = b.src.data_ptr<std::int64_t>();
    auto* dst = b.dst.data_ptr<std::int64_t>();
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
            if (p.features == NodeFeatures::DegreeOneHot)
                x[(base + v) * width + std::min(g.degree(v), p.maxDegreeFeature)] = 1.0f;
            for (const int* u = g.neighborsBegin(v); u != g.neighborsEnd(v); ++u, ++a) {
                src[a] = base + *u;
                dst[a] = base + v;
            }
        }
        base += n;
    }
    return b;
}

std::vector<GraphBatch> makeBatches(const std::vector<const Graph*>& graphs, const GinParams& p) {
    std::vector<GraphBatch> out;
    for (int start = 0; start < int(graphs.size()); start += p.batch) {
        std::vector<int> members;
        for (int i = start; i < std::min<int>(int(graphs.size()), start + p.batch); ++i) members.push_back(i);
        out.push_back(makeBatch(graphs, members, p));
    }
    return out;
}

torch::Tensor ginAggregate(const torch::Tensor& h, const GraphBatch& b) {
    return h.index_add(0, b.dst, h.index_select(0, b.src));
}

torch::Tensor poolGraphs(const torch::Tensor& h, const GraphBatch& b, Pooling pooling) {
    torch::Tensor sums = torch::zeros({b.graphs, h.size(1)}, h.options()).index_add(0, b.graphOf, h);
    return pooling == Pooling::Sum ? sums : sums * b.invCount.to(h.dtype());
}

namespace {
torch::nn::Linear drawnLinear(int in, int out, at::Generator& gen) {
    torch::nn::Linear l(in, out);
    torch::NoGradGuard noGrad;
    const double bound = 1.0 / std::sqrt(double(in));
    l->weight.uniform_(-bound, bound, gen);
    l->bias.uniform_(-bound, bound, gen);
    return l;
}
}  // namespace

GinNetImpl::GinNetImpl(int inWidth, int outWidth, const GinParams& p, at::Generator& gen) : p_(p) {
    for (int l = 0; l < p.layers; ++l) {
        const std::string n = std::to_string(l);
        mlpIn_.push_back(register_module("mlp_in" + n, drawnLinear(l == 0 ? inWidth : p.hidden, p.hidden, gen)));
        mlpOut_.push_back(register_module("mlp_out" + n, drawnLinear(p.hidden, p.hidden, gen)));
        norms_.push_back(register_module("norm" + n, torch::nn::BatchNorm1d(p.hidden)));
    }
    headIn_ = register_module("head_in", drawnLinear(p.hidden, p.hidden, gen));
    headOut_ = register_module("head_out", drawnLinear(p.hidden, outWidth, gen));
}

torch::Tensor GinNetImpl::embed(const GraphBatch& b) {
    torch::Tensor h = b.x;
    for (std::size_t l = 0; l < mlpIn_.size(); ++l) {
        h = mlpOut_[l]->forward(torch::relu(mlpIn_[l]->forward(ginAggregate(h, b))));
        h = torch::relu(norms_[l]->forward(h));
    }
    return poolGraphs(h, b, p_.pooling);
}

torch::Tensor GinNetImpl::forward(const GraphBatch& b, at::Generator* dropoutGen) {
    torch::Tensor g = embed(b);
    if (is_training() && p_.dropout > 0 && dropoutGen) {
        const torch::Tensor keep = torch::empty_like(g).bernoulli_(1.0 - p_.dropout, *dropoutGen);
        g = g * keep / (1.0 - p_.dropout);
    }
    return headOut_->forward(torch::relu(headIn_->forward(g)));
}

}  // namespace px::neural
