#pragma once
// LibTorch side of the GIN learner (internal to core/neural: include only from its .cpp files and the
// neural tests, since torch headers cost ~20 s per translation unit).
#include "graph/Graph.h"
#include "neural/GinParams.h"
#include "neural/GinTrainer.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>
#include <vector>

namespace px::neural {

// Several graphs joined into one block-diagonal graph.
struct GraphBatch {
    torch::Tensor x;         // N × F node features
    torch::Tensor rowStart;    // N + 1: node v's neighbours are neighbours[rowStart[v] … rowStart[v+1]), int64
    torch::Tensor neighbours;  // the batch's adjacency in CSR form (every undirected edge in both directions), int64
    torch::Tensor graphOf;   // N: which graph of the batch each node belongs to, int64
    torch::Tensor invCount;  // B × 1: 1 / nodes of each graph (0 for a graph without nodes)
    int graphs = 0;
    long nodes = 0;
};

// Input width of the node features (labels: the number of distinct node labels).
int featureWidth(const GinParams& p, int nodeLabelValues = 0);
// The batch of set.graphs[members[0]], set.graphs[members[1]], … in that order.
GraphBatch makeBatch(const GraphSet& set, const std::vector<int>& members, const GinParams& p, int nodeLabelValues = 0);
// Consecutive batches of at most p.batch graphs covering all graphs in order (for scoring).
std::vector<GraphBatch> makeBatches(const GraphSet& set, const GinParams& p, int nodeLabelValues = 0);

// One GIN layer's aggregation with ε = 0: h_v + Σ_{u ∈ N(v)} h_u, i.e. (A + I)·h. A row-wise CSR kernel
// with its own backward: A is symmetric (undirected graphs), so the gradient is (A + I)·grad as well. It
// never materialises the E × width message tensor that index_select + index_add needs (15 GB per layer on
// COLLAB at width 300), and each output row is summed by one thread in a fixed order (deterministic).
torch::Tensor ginAggregate(const torch::Tensor& h, const GraphBatch& b);
// Mean (or sum) of the node states of each graph: B × width.
torch::Tensor poolGraphs(const torch::Tensor& h, const GraphBatch& b, Pooling pooling);

class GinNetImpl : public torch::nn::Module {
public:
    // Weights drawn from `gen` as PyTorch's default initialisation does (uniform ±1/√fan_in).
    GinNetImpl(int inWidth, int outWidth, const GinParams& p, at::Generator& gen);
    // The pooled graph vectors of the last layer (before the head).
    torch::Tensor embed(const GraphBatch& b);
    // Outputs B × outWidth. In training mode dropout masks come from `dropoutGen` (if dropout > 0).
    torch::Tensor forward(const GraphBatch& b, at::Generator* dropoutGen = nullptr);

private:
    // The node states of the input and of every layer: layers + 1 tensors.
    std::vector<torch::Tensor> layerStates(const GraphBatch& b);
    torch::Tensor dropped(const torch::Tensor& t, at::Generator* dropoutGen) const;

    GinParams p_;
    std::vector<torch::nn::Linear> mlpIn_, mlpOut_;
    std::vector<torch::nn::BatchNorm1d> norms_, mlpNorms_;
    torch::nn::Linear headIn_{nullptr}, headOut_{nullptr};  // readout last_layer
    std::vector<torch::nn::Linear> predictions_;             // readout every_layer: one per layer state
};
TORCH_MODULE(GinNet);

}  // namespace px::neural
