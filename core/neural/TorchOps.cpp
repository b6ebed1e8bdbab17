// Sparse neighbourhood operators of the GIN and NAG networks (TorchOps.h).
#include "neural/TorchOps.h"

#include <ATen/Parallel.h>
#include <dlfcn.h>
#include <cmath>
#include <limits>
#include <mutex>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace px::neural {

namespace {

// out_v = h_v + Σ_{u ∈ N(v)} h_u for every row v (h contiguous, N × width).
template <typename T>
void selfPlusNeighbourSum(const T* h, T* out, const std::int64_t* rowStart, const std::int64_t* neighbours, long nodes, long width) {
    at::parallel_for(0, nodes, 64, [&](long begin, long end) {
        for (long v = begin; v < end; ++v) {
            T* o = out + v * width;
            const T* self = h + v * width;
            for (long c = 0; c < width; ++c) o[c] = self[c];
            for (std::int64_t a = rowStart[v]; a < rowStart[v + 1]; ++a) {
                const T* in = h + neighbours[a] * width;
                for (long c = 0; c < width; ++c) o[c] += in[c];
            }
        }
    });
}

torch::Tensor symmetricAggregate(const torch::Tensor& h, const torch::Tensor& rowStart, const torch::Tensor& neighbours) {
    const torch::Tensor in = h.contiguous();
    torch::Tensor out = torch::empty_like(in);
    AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "closedNeighbourSum", [&] {
        selfPlusNeighbourSum(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), rowStart.data_ptr<std::int64_t>(),
                             neighbours.data_ptr<std::int64_t>(), in.size(0), in.size(1));
    });
    return out;
}

struct SumFunction : torch::autograd::Function<SumFunction> {
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& h, const torch::Tensor& rowStart,
                                 const torch::Tensor& neighbours) {
        ctx->save_for_backward({rowStart, neighbours});
        return symmetricAggregate(h, rowStart, neighbours);
    }
    static torch::autograd::tensor_list backward(torch::autograd::AutogradContext* ctx, torch::autograd::tensor_list grads) {
        const auto saved = ctx->get_saved_variables();
        return {symmetricAggregate(grads[0], saved[0], saved[1]), torch::Tensor(), torch::Tensor()};
    }
};

// out_v = max over the closed neighbourhood, arg_v = the node attaining it (per channel).
template <typename T>
void closedMax(const T* h, T* out, std::int64_t* arg, const std::int64_t* rowStart, const std::int64_t* neighbours, long nodes,
               long width) {
    at::parallel_for(0, nodes, 64, [&](long begin, long end) {
        for (long v = begin; v < end; ++v) {
            T* o = out + v * width;
            std::int64_t* a = arg + v * width;
            const T* self = h + v * width;
            for (long c = 0; c < width; ++c) { o[c] = self[c]; a[c] = v; }
            for (std::int64_t k = rowStart[v]; k < rowStart[v + 1]; ++k) {
                const std::int64_t u = neighbours[k];
                const T* in = h + u * width;
                for (long c = 0; c < width; ++c)
                    if (in[c] > o[c]) { o[c] = in[c]; a[c] = u; }
            }
        }
    });
}

// grad_in[arg_v,c][c] += grad_out[v][c]: serial, so the sums are taken in one fixed order.
template <typename T>
void scatterToArgMax(const T* gradOut, T* gradIn, const std::int64_t* arg, long nodes, long width) {
    for (long v = 0; v < nodes; ++v)
        for (long c = 0; c < width; ++c) gradIn[arg[v * width + c] * width + c] += gradOut[v * width + c];
}

struct MaxFunction : torch::autograd::Function<MaxFunction> {
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& h, const torch::Tensor& rowStart,
                                 const torch::Tensor& neighbours) {
        const torch::Tensor in = h.contiguous();
        torch::Tensor out = torch::empty_like(in);
        torch::Tensor arg = torch::empty(in.sizes(), torch::kLong);
        AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "closedNeighbourMax", [&] {
            closedMax(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), arg.data_ptr<std::int64_t>(), rowStart.data_ptr<std::int64_t>(),
                      neighbours.data_ptr<std::int64_t>(), in.size(0), in.size(1));
        });
        ctx->save_for_backward({arg});
        return out;
    }
    static torch::autograd::tensor_list backward(torch::autograd::AutogradContext* ctx, torch::autograd::tensor_list grads) {
        const torch::Tensor arg = ctx->get_saved_variables()[0];
        const torch::Tensor g = grads[0].contiguous();
        torch::Tensor in = torch::zeros_like(g);
        AT_DISPATCH_FLOATING_TYPES(g.scalar_type(), "closedNeighbourMaxBackward", [&] {
            scatterToArgMax(g.data_ptr<scalar_t>(), in.data_ptr<scalar_t>(), arg.data_ptr<std::int64_t>(), g.size(0), g.size(1));
        });
        return {in, torch::Tensor(), torch::Tensor()};
    }
};

void checkShape(const torch::Tensor& h, const torch::Tensor& rowStart, const char* what) {
    if (h.dim() != 2 || h.size(0) + 1 != rowStart.size(0))
        throw std::invalid_argument(std::string(what) + ": one row of node states per node of the graph");
}

}  // namespace

torch::Tensor closedNeighbourSum(const torch::Tensor& h, const torch::Tensor& rowStart, const torch::Tensor& neighbours) {
    checkShape(h, rowStart, "closedNeighbourSum");
    return SumFunction::apply(h, rowStart, neighbours);
}

torch::Tensor closedNeighbourMax(const torch::Tensor& h, const torch::Tensor& rowStart, const torch::Tensor& neighbours) {
    checkShape(h, rowStart, "closedNeighbourMax");
    return MaxFunction::apply(h, rowStart, neighbours);
}

torch::Tensor indexTensor(const std::vector<int>& ids) { return torch::tensor(std::vector<std::int64_t>(ids.begin(), ids.end())); }

torch::nn::Linear drawnLinear(int in, int out, at::Generator& gen, bool bias) {
    torch::nn::Linear l(torch::nn::LinearOptions(in, out).bias(bias));
    torch::NoGradGuard noGrad;
    const double bound = 1.0 / std::sqrt(double(in));
    l->weight.uniform_(-bound, bound, gen);
    if (bias) l->bias.uniform_(-bound, bound, gen);
    return l;
}

void keepFreedMemoryForReuse() {
#if defined(__GLIBC__)
    // glibc hands a freed block at the top of its heap back to the kernel once more than 128 KiB are free there
    // (the default trim threshold), and a training frees and re-allocates its activations every batch: each
    // step then page-faults fresh zeroed pages (perf on MOLBACE: ~5 % of the time in clear_page and page faults;
    // the epoch is 10 % faster with these two settings). Tensors up to 64 MiB come from the heap, which keeps up
    // to 256 MiB free for the next batch.
    static std::once_flag once;
    std::call_once(once, [] {
        mallopt(M_MMAP_THRESHOLD, 64 << 20);
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
    });
#endif
}

ThreadScope::ThreadScope(int threads) : saved_(at::get_num_threads()) {
    keepFreedMemoryForReuse();
    at::set_num_threads(std::max(1, threads));
    setBlas_ = reinterpret_cast<void (*)(int)>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
    auto getBlas = reinterpret_cast<int (*)()>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
    if (setBlas_ && getBlas) {
        savedBlas_ = getBlas();
        setBlas_(std::max(1, threads));
    }
}

ThreadScope::~ThreadScope() {
    at::set_num_threads(saved_);
    if (setBlas_ && savedBlas_ > 0) setBlas_(savedBlas_);
}

}  // namespace px::neural
