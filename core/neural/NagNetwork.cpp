// The noisy-aggregation network and its aggregators (TorchNag.h).
#include "neural/TorchNag.h"
#include "neural/TorchOps.h"

#include <cmath>
#include <limits>

namespace px::neural {

NodeGraph nodeGraph(const Graph& g) {
    const long n = g.numVertices();
    NodeGraph t;
    t.nodes = n;
    const std::vector<int>& off = g.offsets();
    const std::vector<int>& adj = g.adjacency();
    t.rowStart = torch::empty({n + 1}, torch::kLong);
    t.neighbours = torch::empty({long(adj.size())}, torch::kLong);
    t.invClosedDegree = torch::empty({n, 1});
    t.invSqrtClosedDegree = torch::empty({n, 1});
    t.source = torch::empty({long(adj.size()) + n}, torch::kLong);
    t.target = torch::empty({long(adj.size()) + n}, torch::kLong);
    auto* rs = t.rowStart.data_ptr<std::int64_t>();
    auto* nb = t.neighbours.data_ptr<std::int64_t>();
    auto* src = t.source.data_ptr<std::int64_t>();
    auto* dst = t.target.data_ptr<std::int64_t>();
    float* inv = t.invClosedDegree.data_ptr<float>();
    float* invSqrt = t.invSqrtClosedDegree.data_ptr<float>();
    long arc = 0;
    for (long v = 0; v <= n; ++v) rs[v] = off[std::size_t(v)];
    for (std::size_t a = 0; a < adj.size(); ++a) nb[a] = adj[a];
    for (long v = 0; v < n; ++v) {
        const double closed = g.degree(int(v)) + 1.0;
        inv[v] = float(1.0 / closed);
        invSqrt[v] = float(1.0 / std::sqrt(closed));
        src[arc] = v;
        dst[arc++] = v;
        for (const int* u = g.neighborsBegin(int(v)); u != g.neighborsEnd(int(v)); ++u) {
            src[arc] = *u;
            dst[arc++] = v;
        }
    }
    return t;
}

torch::Tensor normalizeRows(const torch::Tensor& x) {
    const torch::Tensor norms = x.norm(2, {1}, true);
    return x / torch::where(norms > 0, norms, torch::ones_like(norms));
}

torch::Tensor aggregateFixed(NagAggregator a, const torch::Tensor& x, const NodeGraph& g) {
    switch (a) {
        case NagAggregator::Sum: return closedNeighbourSum(x, g.rowStart, g.neighbours);
        case NagAggregator::Mean: return closedNeighbourSum(x, g.rowStart, g.neighbours) * g.invClosedDegree;
        case NagAggregator::Gcn:  // D̃^(−½) (A + I) D̃^(−½) x
            return closedNeighbourSum(x * g.invSqrtClosedDegree, g.rowStart, g.neighbours) * g.invSqrtClosedDegree;
        case NagAggregator::Max: return closedNeighbourMax(x, g.rowStart, g.neighbours);
        case NagAggregator::None: return x;
        case NagAggregator::Attention: break;
    }
    throw std::invalid_argument("aggregateFixed: attention needs the layer's attention vectors");
}

namespace {
// The largest entry of each target's group of arcs (the arcs are grouped by target, each group non-empty).
torch::Tensor maxPerTarget(const torch::Tensor& values, const NodeGraph& g) {
    const torch::Tensor v = values.contiguous();
    torch::Tensor out = torch::empty({g.nodes}, v.options());
    const auto* target = g.target.data_ptr<std::int64_t>();
    AT_DISPATCH_FLOATING_TYPES(v.scalar_type(), "maxPerTarget", [&] {
        const scalar_t* in = v.data_ptr<scalar_t>();
        scalar_t* o = out.data_ptr<scalar_t>();
        for (long i = 0; i < g.nodes; ++i) o[i] = -std::numeric_limits<scalar_t>::infinity();
        for (long a = 0; a < v.numel(); ++a) o[target[a]] = std::max(o[target[a]], in[a]);
    });
    return out;
}
}  // namespace

torch::Tensor attentionAggregate(const torch::Tensor& z, const torch::Tensor& attSource, const torch::Tensor& attTarget,
                                 const NodeGraph& g) {
    const torch::Tensor scoreSource = z.matmul(attSource), scoreTarget = z.matmul(attTarget);
    const torch::Tensor e = torch::leaky_relu(scoreTarget.index_select(0, g.target) + scoreSource.index_select(0, g.source), 0.2);
    // softmax within each target's group; the group maximum (a constant for the gradient) keeps exp finite
    const torch::Tensor groupMax = maxPerTarget(e.detach(), g);
    const torch::Tensor ex = torch::exp(e - groupMax.index_select(0, g.target));
    const torch::Tensor denominator = torch::zeros({g.nodes}, e.options()).index_add(0, g.target, ex);
    const torch::Tensor alpha = ex / denominator.index_select(0, g.target);
    return torch::zeros({g.nodes, z.size(1)}, z.options()).index_add(0, g.target, alpha.unsqueeze(1) * z.index_select(0, g.source));
}

NagNetImpl::NagNetImpl(int inWidth, int classes, const NagTrainParams& p, at::Generator& gen) : p_(p) {
    torch::NoGradGuard noGrad;
    for (int l = 0; l < p.depth; ++l) {
        const std::string n = std::to_string(l);
        layers_.push_back(register_module("layer" + n, drawnLinear(l == 0 ? inWidth : p.width, p.width, gen, false)));
        if (p.aggregator == NagAggregator::Attention) {
            const double bound = std::sqrt(6.0 / (p.width + 1.0));
            attSource_.push_back(register_parameter("att_source" + n, torch::empty({p.width}).uniform_(-bound, bound, gen)));
            attTarget_.push_back(register_parameter("att_target" + n, torch::empty({p.width}).uniform_(-bound, bound, gen)));
        }
        if (p.scheme == NagScheme::Constrained) {
            torch::Tensor u = torch::empty({p.width}).normal_(0, 1, gen);
            powerU_.push_back(register_buffer("power_u" + n, u / u.norm()));
        }
    }
    decoder_ = register_module("decoder", drawnLinear(p.width, classes, gen, true));
}

torch::Tensor NagNetImpl::weight(int l) {
    const torch::Tensor& v = layers_[std::size_t(l)]->weight;  // width × in
    if (p_.scheme == NagScheme::Unconstrained) return v;
    if (!is_training()) {
        torch::NoGradGuard noGrad;
        const double sigmaMax = at::linalg_svdvals(v.to(torch::kDouble))[0].item<double>();
        return v / float(sigmaMax);
    }
    torch::Tensor& u = powerU_[std::size_t(l)];
    torch::Tensor right;
    {
        torch::NoGradGuard noGrad;
        right = v.t().matmul(u);
        right = right / right.norm().clamp_min(1e-12);
        torch::Tensor left = v.matmul(right);
        u.copy_(left / left.norm().clamp_min(1e-12));
    }
    const torch::Tensor sigmaHat = u.dot(v.matmul(right));  // uᵀ V v, differentiable in V (Miyato et al.)
    return v / sigmaHat;
}

std::vector<double> NagNetImpl::operatorNorms() {
    const bool training = is_training();
    eval();
    std::vector<double> norms;
    torch::NoGradGuard noGrad;
    for (int l = 0; l < p_.depth; ++l) norms.push_back(at::linalg_svdvals(weight(l).to(torch::kDouble))[0].item<double>());
    train(training);
    return norms;
}

std::vector<torch::Tensor> NagNetImpl::encoderParameters() {
    std::vector<torch::Tensor> out;
    for (auto& l : layers_) out.push_back(l->weight);
    for (auto& a : attSource_) out.push_back(a);
    for (auto& a : attTarget_) out.push_back(a);
    return out;
}

torch::Tensor NagNetImpl::encode(const torch::Tensor& firstInput, const NodeGraph& g, at::Generator& noise) {
    torch::Tensor h;
    for (int l = 0; l < p_.depth; ++l) {
        torch::Tensor input = firstInput;
        if (l > 0) {
            const torch::Tensor u = normalizeRows(h);
            input = p_.aggregator == NagAggregator::Attention ? u : aggregateFixed(p_.aggregator, u, g);
        }
        const torch::Tensor w = weight(l);
        torch::Tensor out = input.matmul(w.t());
        if (p_.aggregator == NagAggregator::Attention) out = attentionAggregate(out, attSource_[std::size_t(l)], attTarget_[std::size_t(l)], g);
        if (p_.sigma > 0) out = out + torch::empty_like(out).normal_(0, p_.sigma, noise);
        h = l + 1 < p_.depth ? torch::relu(out) : out;
    }
    return h;
}

}  // namespace px::neural
