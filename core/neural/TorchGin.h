#pragma once
// LibTorch side of the GIN learner (internal to core/neural: include only from its .cpp files and the
// neural tests, since torch headers cost ~20 s per translation unit).
#include "graph/Graph.h"
#include "neural/GinParams.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>
#include <vector>

namespace px::neural {

// Several graphs joined into one block-diagonal graph.
struct GraphBatch {
    torch::Tensor x;         // N × F node features
    torch::Tensor src, dst;  // directed edge list of the batch (every undirected edge in both directions), int64
    torch::Tensor graphOf;   // N: which graph of the batch each node belongs to, int64
    torch::Tensor invCount;  // B × 1: 1 / nodes of each graph (0 for a graph without nodes)
    int graphs = 0;
    long nodes = 0;
};

// Input width of the node features.
int featureWidth(const GinParams& p);
// The batch of graphs[members[0]], graphs[members[1]], … in that order.
GraphBatch makeBatch(const std::vector<const Graph*>& graphs, const std::vector<int>& members, const GinParams& p);
// Consecutive batches of at most p.batch graphs covering all graphs in order (for scoring).
std::vector<GraphBatch> makeBatches(const std::vector<const Graph*>& graphs, const GinParams& p);

// One GIN layer's aggregation with ε = 0: h_v + Σ_{u ∈ N(v)} h_u.
torch::Tensor ginAggregate(const torch::Tensor& h, const GraphBatch& b);
// Mean (or sum) of the node states of each graph: B × width.
torch::Tensor poolGraphs(const torch::Tensor& h, const GraphBatch& b, Pooling pooling);

class GinNetImpl : public torch::nn::Module {
public:
    // Weights drawn from `gen` as PyTorch's default initialisation does (uniform ±1/√fan_in).
    GinNetImpl(int inWidth, int outWidth, const GinParams& p, at::Generator& gen);
    // The pooled graph vectors (before the head).
    torch::Tensor embed(const GraphBatch& b);
    // Outputs B × outWidth. In training mode dropout masks come from `dropoutGen` (if dropout > 0).
    torch::Tensor forward(const GraphBatch& b, at::Generator* dropoutGen = nullptr);

private:
    GinParams p_;
    std::vector<torch::nn::Linear> mlpIn_, mlpOut_;
    std::vector<torch::nn::BatchNorm1d> norms_;
    torch::nn::Linear headIn_{nullptr}, headOut_{nullptr};
};
TORCH_MODULE(GinNet);

}  // namespace px::neural
