#pragma once
// Sparse neighbourhood operators and weight initialisation on LibTorch, shared by the GIN and NAG
// networks (internal to core/neural: include only from its .cpp files and the neural tests).
//
// A graph is given by its adjacency in CSR form: node v's neighbours are neighbours[rowStart[v] …
// rowStart[v+1]), every undirected edge listed from both ends, no self loop (int64 tensors). Each output
// row is computed by one thread in a fixed order, so every operator is deterministic.
#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

namespace px::neural {

// (A + I)·h: h_v + Σ_{u ∈ N(v)} h_u for every row v. O(E·width). Its backward is (A + I)·grad (A is
// symmetric), so it never materialises the E × width message tensor that index_select + index_add needs.
torch::Tensor closedNeighbourSum(const torch::Tensor& h, const torch::Tensor& rowStart, const torch::Tensor& neighbours);

// max_{u ∈ N(v) ∪ {v}} h_u per channel (GraphSAGE's max pooling over the closed neighbourhood). The
// gradient of an output entry goes to the node that attains the maximum (the first in the order v,
// then N(v) ascending, on ties). O(E·width).
torch::Tensor closedNeighbourMax(const torch::Tensor& h, const torch::Tensor& rowStart, const torch::Tensor& neighbours);

// A 1-D int64 tensor of node indices.
torch::Tensor indexTensor(const std::vector<int>& ids);

// A linear map in → out with PyTorch's default initialisation (uniform ±1/√in for weight and bias) drawn
// from `gen` instead of torch's global generator.
torch::nn::Linear drawnLinear(int in, int out, at::Generator& gen, bool bias = true);

// Process-wide, once: keep freed memory in the heap for the next batch instead of returning it to the kernel
// (glibc's mallopt; nothing elsewhere). Every ThreadScope calls it.
void keepFreedMemoryForReuse();

// Sets the thread count of torch's own kernels and of the BLAS under it for one training, and restores both
// (they are process-wide); first calls keepFreedMemoryForReuse. Debian's LibTorch calls an OpenBLAS
// (libopenblas0-pthread) that keeps a thread pool of its own, which at::set_num_threads does not reach: found
// by name, so any BLAS works.
class ThreadScope {
public:
    explicit ThreadScope(int threads);
    ~ThreadScope();
    ThreadScope(const ThreadScope&) = delete;
    ThreadScope& operator=(const ThreadScope&) = delete;

private:
    int saved_, savedBlas_ = 0;
    void (*setBlas_)(int) = nullptr;
};

}  // namespace px::neural
