#pragma once
// LibTorch side of the noisy-aggregation networks (internal to core/neural: include only from its .cpp
// files and the neural tests).
#include "graph/Graph.h"
#include "neural/NagParams.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>
#include <vector>

namespace px::neural {

// One graph's tensors for every aggregator.
struct NodeGraph {
    torch::Tensor rowStart, neighbours;  // adjacency in CSR form, both directions, no self loop (int64)
    torch::Tensor invClosedDegree;       // n × 1: 1 / (deg v + 1)
    torch::Tensor invSqrtClosedDegree;   // n × 1: 1 / √(deg v + 1)
    torch::Tensor source, target;        // the arcs u → v with u ∈ N(v) ∪ {v}, grouped by v (int64)
    long nodes = 0;
};
NodeGraph nodeGraph(const Graph& g);

// x_v / ‖x_v‖ for every row (a zero row stays zero).
torch::Tensor normalizeRows(const torch::Tensor& x);
// AGG of the rows of x over every closed neighbourhood, for every aggregator but Attention (whose weights
// depend on the layer's parameters). None returns x.
torch::Tensor aggregateFixed(NagAggregator a, const torch::Tensor& x, const NodeGraph& g);
// GAT's one-head attention over the closed neighbourhood: α_vu = softmax_{u ∈ N[v]} LeakyReLU_0.2(a_tᵀ z_v +
// a_sᵀ z_u), out_v = Σ_u α_vu z_u. O(E·d).
torch::Tensor attentionAggregate(const torch::Tensor& z, const torch::Tensor& attSource, const torch::Tensor& attTarget,
                                 const NodeGraph& g);

class NagNetImpl : public torch::nn::Module {
public:
    // Weights drawn from `gen` (PyTorch's default initialisation; attention vectors Glorot-uniform).
    NagNetImpl(int inWidth, int classes, const NagTrainParams& p, at::Generator& gen);
    // The last layer's output, n × width. `firstInput` is AGG(normalised x) (Attention: normalised x);
    // the noise is drawn from `noise`.
    torch::Tensor encode(const torch::Tensor& firstInput, const NodeGraph& g, at::Generator& noise);
    torch::Tensor decode(const torch::Tensor& h) { return decoder_->forward(h); }
    // W_l as the layer uses it: the free weight, or with spectral normalisation V_l / σ̂ (training: one
    // power iteration per call, Miyato et al.) or V_l / σ_max(V_l) exactly (inference).
    torch::Tensor weight(int l);
    // ‖W_l‖_op of the inference weights, exactly (largest singular value, in double).
    std::vector<double> operatorNorms();
    std::vector<torch::Tensor> encoderParameters();

private:
    NagTrainParams p_;
    std::vector<torch::nn::Linear> layers_;
    std::vector<torch::Tensor> attSource_, attTarget_;
    std::vector<torch::Tensor> powerU_;  // spectral normalisation: the power iteration's left vector per layer
    torch::nn::Linear decoder_{nullptr};
};
TORCH_MODULE(NagNet);

}  // namespace px::neural
