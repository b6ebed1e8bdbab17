// Randomized response on edges (fast and exact) and the model releasing perturbed graphs' densities
// (RandomizedResponse.h).
#include "privacy/RandomizedResponse.h"

#include "common/Error.h"
#include "privacy/DegreePreservingRR.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace px::privacy {

Graph randomizedResponse(const Graph& g, double epsilon, Rng& rng) {
    const long n = g.numVertices();
    const double p = 1.0 / (1.0 + std::exp(epsilon));
    // Flipped pairs in lower-triangle order (v, w), w < v, by geometric gaps (Batagelj & Brandes).
    std::vector<Edge> flips;
    if (p > 0 && n > 1) {
        const double lq = std::log1p(-p);
        const double pairs = double(n) * double(n - 1) / 2;
        long v = 1, w = -1;
        while (v < n) {
            // A gap past the last pair ends the draw; for large ε (p ≈ e^−ε) it is astronomically long and
            // must not be converted to an integer (that overflowed into negative vertex ids).
            const double gap = std::floor(std::log(1.0 - rng.uniform()) / lq);
            if (!(gap < pairs)) break;
            w += 1 + long(gap);
            while (w >= v && v < n) { w -= v; ++v; }
            if (v < n) flips.push_back({int(w), int(v)});
        }
    }
    // Symmetric difference of the edge set and the flips (both as sorted (min, max) pairs).
    std::vector<Edge> edges = g.edges(), out;
    std::sort(flips.begin(), flips.end());
    std::set_symmetric_difference(edges.begin(), edges.end(), flips.begin(), flips.end(), std::back_inserter(out));
    return Graph::fromEdges(int(n), out);
}

Graph randomizedResponseSecure(const Graph& g, double epsilon, OsEntropy& entropy) {
    const auto [num, den] = exactFraction(epsilon);
    const int n = g.numVertices();
    std::vector<Edge> flips;
    for (int v = 1; v < n; ++v)
        for (int w = 0; w < v; ++w)
            if (exactRandomizedResponseFlip(entropy, num, den)) flips.push_back({w, v});
    std::vector<Edge> edges = g.edges(), out;  // flips are generated in sorted (min, max) order
    std::sort(flips.begin(), flips.end());
    std::set_symmetric_difference(edges.begin(), edges.end(), flips.begin(), flips.end(), std::back_inserter(out));
    return Graph::fromEdges(n, out);
}

RandomizedResponseModel::RandomizedResponseModel(const Dataset& data, const std::vector<Pattern>& patterns,
                                                 double epsilon, std::uint64_t seed, double delta, bool secure,
                                                 MechanismKind kind, DprrSplit split)
    : data_(data), epsilon_(epsilon), seed_(seed), secure_(secure), kind_(kind) {
    if (!(epsilon > 0)) throw std::invalid_argument("randomized response needs ε > 0");
    if (!perturbsGraph(kind)) throw std::invalid_argument("RandomizedResponseModel takes rr or dprr");
    if (secure && kind != MechanismKind::RandomizedResponse)
        throw std::invalid_argument("secure mode covers randomized response, not DPRR (its Laplace degree and sampling are floating point)");
    if (secure) exactFraction(epsilon);  // throws for an ε the exact sampler cannot take
    for (const auto& p : patterns) plans_.emplace_back(p);
    PrivacyReport& r = report_;
    r.mechanism = toString(kind);
    r.allocation = "none";
    double graphEpsilon = epsilon;  // the released graph's edge-DP guarantee
    if (kind == MechanismKind::DegreePreservingRR && split == DprrSplit::Published) {
        int nMax = 0;
        for (const Graph& g : data.graphs) nMax = std::max(nMax, g.numVertices());
        dprr_ = dprrPublishedBudget(epsilon, nMax);
        graphEpsilon = 2 * epsilon;
        r.assumption = "none: DPRR with the published split, every vertex reports its neighbours with the whole ε (Laplace degree ε₁ = " +
                       std::to_string(dprr_.eps1) + ", randomized response ε₂ = " + std::to_string(dprr_.eps2) +
                       "), reports joined by union: the graph is 2ε = " + std::to_string(graphEpsilon) + " edge-DP, not ε";
    } else if (kind == MechanismKind::DegreePreservingRR) {
        dprr_ = dprrBudget(epsilon, kDprrDefaultDegreeShare);
        r.assumption = "none: DPRR, every vertex reports its neighbours with ε/2 (Laplace degree ε₁ = " + std::to_string(dprr_.eps1) +
                       ", randomized response ε₂ = " + std::to_string(dprr_.eps2) + "), reports joined by union (2·(ε₁+ε₂) = ε edge-DP)";
    } else {
        r.assumption = "none: each vertex pair flipped with probability 1/(1 + e^ε), densities of the perturbed graph";
    }
    if (secure) r.assumption += " (secure: exact flips with operating-system randomness)";
    r.secure = secure;
    r.dataset = data.name;
    r.delta = delta;
    r.pureEpsilon = graphEpsilon;
    r.targetEpsilon = epsilon;
    r.conversions = conversions(pureGuarantee(graphEpsilon), delta);
    r.tightest = tightestConversion(r.conversions);
    r.patterns = int(patterns.size());
    r.graphs = data.size();
}

Graph RandomizedResponseModel::perturbedGraph(int i, int rep) const {
    if (secure_) {
        thread_local OsEntropy entropy;
        return randomizedResponseSecure(data_.graphs[i], epsilon_, entropy);
    }
    if (kind_ == MechanismKind::DegreePreservingRR) {
        Rng rng(seed_, "dprr", std::uint64_t(i), std::uint64_t(rep));
        return degreePreservingRR(data_.graphs[i], dprr_, rng);
    }
    Rng rng(seed_, "randomized-response", std::uint64_t(i), std::uint64_t(rep));
    return randomizedResponse(data_.graphs[i], epsilon_, rng);
}

void RandomizedResponseModel::sampleRow(int i, int rep, double* out) const {
    const Graph noisy = perturbedGraph(i, rep);
    thread_local hom::Workspace<double> ws;
    ws.bind(noisy);
    struct Unbind {
        hom::Workspace<double>& w;
        ~Unbind() { w.unbind(); }
    } unbind{ws};
    for (int j = 0; j < cols(); ++j) {
        if (cancel_ && cancel_->cancelled()) throw Cancelled();
        out[j] = hom::density(plans_[j], noisy, ws);
    }
}

NoisyEmbedding RandomizedResponseModel::release(int rep, Progress& progress) const {
    NoisyEmbedding e;
    const int N = rows();
    e.values.resize(N, cols());
    e.n.resize(N);
    e.report = report_;
    std::atomic<bool> stop{false};
    std::atomic<long> done{0};
    tbb::parallel_for(tbb::blocked_range<int>(0, N, 16), [&](const tbb::blocked_range<int>& r) {
        if (stop || progress.cancelled()) { stop = true; return; }
        for (int i = r.begin(); i < r.end(); ++i) {
            e.n(i) = data_.graphs[i].numVertices();
            sampleRow(i, rep, e.values.row(i).data());
        }
        progress.report(double(done += r.size()) / std::max(N, 1));
    });
    if (stop) throw Cancelled();
    return e;
}

}  // namespace px::privacy
