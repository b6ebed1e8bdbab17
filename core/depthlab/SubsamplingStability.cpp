// AsampGCN: votes of GCNs on edge-subsampled graphs and the propose-test-release of the majority
// (SubsamplingStability.h).
#include "depthlab/SubsamplingStability.h"

#include "common/Error.h"
#include "privacy/Samplers.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>

namespace px::depthlab {

double asampMaxSampling(double epsilon, double delta) { return epsilon / (32.0 * std::log(1.0 / delta)); }

BinaryNodeTask BinaryNodeTask::from(const NodeDataset& data, int positiveClass) {
    if (data.train.empty()) throw std::invalid_argument("the data set has no training nodes");
    BinaryNodeTask t;
    const int n = data.numNodes();
    t.y.resize(n);
    for (int v = 0; v < n; ++v) t.y[v] = data.labels[v] == positiveClass ? 1.0 : -1.0;
    Eigen::RowVectorXd mPos = Eigen::RowVectorXd::Zero(data.features.cols()), mNeg = mPos;
    int nPos = 0, nNeg = 0;
    for (int v : data.train) {
        if (t.y[v] > 0) { mPos += data.features.row(v); ++nPos; } else { mNeg += data.features.row(v); ++nNeg; }
    }
    if (nPos == 0 || nNeg == 0) throw std::invalid_argument("the training nodes must contain both classes");
    const Eigen::RowVectorXd dir = mPos / nPos - mNeg / nNeg, mid = 0.5 * (mPos / nPos + mNeg / nNeg);
    t.x.resize(n);
    for (int v = 0; v < n; ++v) t.x[v] = (data.features.row(v) - mid).dot(dir);
    t.train = data.train;
    t.test = data.test;
    return t;
}

namespace {

// Lx on the subgraph given by `keep` (per CSR slot of g, symmetric), or on g when keep is empty.
std::vector<double> laplacianTimesX(const Graph& g, const BinaryNodeTask& t, const std::vector<char>& keep) {
    const int n = g.numVertices();
    const auto& off = g.offsets();
    const auto& adj = g.adjacency();
    std::vector<double> lx(n);
    for (int v = 0; v < n; ++v) {
        double s = 0;
        int deg = 0;
        for (int k = off[v]; k < off[v + 1]; ++k)
            if (keep.empty() || keep[k]) { s += t.x[adj[k]]; ++deg; }
        lx[v] = deg * t.x[v] - s;
    }
    return lx;
}

// (h₀, h₁) by least squares on [x, Lx] → y over the training nodes (tiny ridge for stability).
std::pair<double, double> leastSquaresTaps(const BinaryNodeTask& t, const std::vector<double>& lx) {
    double a = 1e-9, b = 0, c = 1e-9, r0 = 0, r1 = 0;
    for (int v : t.train) {
        a += t.x[v] * t.x[v]; b += t.x[v] * lx[v]; c += lx[v] * lx[v];
        r0 += t.x[v] * t.y[v]; r1 += lx[v] * t.y[v];
    }
    const double det = a * c - b * b;
    return {(c * r0 - b * r1) / det, (a * r1 - b * r0) / det};
}

// (h₀, h₁) minimising Σ_train log(1 + exp(−y (h₀ x + h₁ Lx))) + ½·1e-6·|h|², by Newton's method from 0 (the
// loss is convex; 2 × 2 Hessian).
std::pair<double, double> logisticTaps(const BinaryNodeTask& t, const std::vector<double>& lx) {
    const double ridge = 1e-6;
    double h0 = 0, h1 = 0;
    for (int iter = 0; iter < 100; ++iter) {
        double g0 = ridge * h0, g1 = ridge * h1, a = ridge, b = 0, c = ridge;
        for (int v : t.train) {
            const double z = t.y[v] * (h0 * t.x[v] + h1 * lx[v]);
            const double p = 1.0 / (1.0 + std::exp(z));          // σ(−z): the gradient's weight
            const double w = p * (1.0 - p);                      // the Hessian's weight
            g0 -= p * t.y[v] * t.x[v];
            g1 -= p * t.y[v] * lx[v];
            a += w * t.x[v] * t.x[v]; b += w * t.x[v] * lx[v]; c += w * lx[v] * lx[v];
        }
        const double det = a * c - b * b;
        const double d0 = (c * g0 - b * g1) / det, d1 = (a * g1 - b * g0) / det;
        h0 -= d0;
        h1 -= d1;
        if (std::abs(d0) + std::abs(d1) < 1e-12 * (1.0 + std::abs(h0) + std::abs(h1))) break;
    }
    return {h0, h1};
}

std::vector<int> classify(const Graph& g, const BinaryNodeTask& t, const std::vector<char>& keep, AsampFit fit) {
    const std::vector<double> lx = laplacianTimesX(g, t, keep);
    const auto [h0, h1] = fit == AsampFit::Logistic ? logisticTaps(t, lx) : leastSquaresTaps(t, lx);
    std::vector<int> out(lx.size());
    for (std::size_t v = 0; v < lx.size(); ++v) out[v] = h0 * t.x[v] + h1 * lx[v] >= 0 ? 1 : -1;
    return out;
}

}  // namespace

const char* toString(AsampFit f) { return f == AsampFit::Logistic ? "logistic" : "least-squares"; }

AsampFit asampFitFromString(const std::string& s) {
    if (s == "least-squares") return AsampFit::LeastSquares;
    if (s == "logistic") return AsampFit::Logistic;
    throw std::invalid_argument("unknown base fit '" + s + "' (expected least-squares or logistic)");
}

std::vector<int> gcnBaseClassifier(const Graph& g, const BinaryNodeTask& task, AsampFit fit) { return classify(g, task, {}, fit); }

std::pair<double, double> gcnFilterTaps(const Graph& g, const BinaryNodeTask& task, AsampFit fit) {
    const std::vector<double> lx = laplacianTimesX(g, task, {});
    return fit == AsampFit::Logistic ? logisticTaps(task, lx) : leastSquaresTaps(task, lx);
}

std::vector<int> asampRelease(const Graph& g, const BinaryNodeTask& task, const AsampParams& p, std::uint64_t run) {
    if (!(p.sampling > 0 && p.sampling <= 1) || p.subgraphs < 1 || !(p.epsilon > 0) || !(p.delta > 0 && p.delta < 1))
        throw std::invalid_argument("AsampGCN needs 0 < p_s <= 1, m >= 1, epsilon > 0, 0 < delta < 1");
    const int n = g.numVertices();
    const auto& off = g.offsets();
    const auto& adj = g.adjacency();
    std::vector<int> plus(n, 0);
    std::vector<char> keep(adj.size());
    for (int s = 0; s < p.subgraphs; ++s) {
        Rng rng(p.seed, "asamp subgraph", run, std::uint64_t(s));
        for (int v = 0; v < n; ++v)
            for (int k = off[v]; k < off[v + 1]; ++k) {
                const int u = adj[k];
                if (u < v) continue;  // decide each edge once, mirror below
                keep[k] = rng.bernoulli(p.sampling) ? 1 : 0;
            }
        for (int v = 0; v < n; ++v)
            for (int k = off[v]; k < off[v + 1]; ++k) {
                const int u = adj[k];
                if (u >= v) continue;
                const int* pos = std::lower_bound(adj.data() + off[u], adj.data() + off[u + 1], v);
                keep[k] = keep[pos - adj.data()];
            }
        const auto f = classify(g, task, keep, p.fit);
        for (int v = 0; v < n; ++v) plus[v] += f[v] > 0 ? 1 : 0;
    }
    std::vector<int> out(n);
    const double threshold = std::log(1.0 / p.delta) / p.epsilon;
    Rng noise(p.seed, "asamp laplace", run);
    for (int v = 0; v < n; ++v) {
        const int c1 = std::max(plus[v], p.subgraphs - plus[v]), c2 = p.subgraphs - c1;
        const int majority = plus[v] * 2 >= p.subgraphs ? 1 : -1;
        const double lap = privacy::laplace(noise, 1.0 / p.epsilon);  // drawn for every node: keeps streams aligned
        if (!p.proposeTestRelease) { out[v] = majority; continue; }
        const double dHat = double(c1 - c2) / (4.0 * p.subgraphs * p.sampling) - 1.0;
        out[v] = dHat + lap > threshold ? majority : 0;
    }
    return out;
}

AsampSummary summariseAsamp(const Graph& g, const BinaryNodeTask& task, const AsampParams& p, int runs) {
    AsampSummary s;
    s.samplingProbability = p.sampling;
    s.privacyConditionHolds = p.sampling <= asampMaxSampling(p.epsilon, p.delta);
    const auto base = gcnBaseClassifier(g, task, p.fit);
    long released = 0, correctReleased = 0, total = 0, baseCorrect = 0;
    for (int v : task.test) baseCorrect += base[v] == int(task.y[v]) ? 1 : 0;
    for (int r = 0; r < runs; ++r) {
        const auto out = asampRelease(g, task, p, std::uint64_t(r));
        for (int v : task.test) {
            ++total;
            if (out[v] == 0) continue;
            ++released;
            correctReleased += out[v] == int(task.y[v]) ? 1 : 0;
        }
    }
    s.baseAccuracy = task.test.empty() ? 0 : double(baseCorrect) / double(task.test.size());
    s.abstention = total ? 1.0 - double(released) / double(total) : 0;
    s.accuracyReleased = released ? double(correctReleased) / double(released) : std::nan("");  // none released: undefined
    s.accuracyOverall = total ? double(correctReleased) / double(total) : 0;
    return s;
}

std::vector<AsampSummary> asampSweep(const Graph& g, const BinaryNodeTask& task, AsampParams params,
                                     const std::vector<double>& values, int runs, Progress& progress) {
    std::vector<AsampSummary> out(values.size());
    std::atomic<int> done{0};
    tbb::parallel_for(0, int(values.size()), [&](int i) {
        if (progress.cancelled()) return;
        AsampParams p = params;
        p.sampling = values[i];
        out[i] = summariseAsamp(g, task, p, runs);
        progress.report(double(++done) / double(values.size()));
    });
    if (progress.cancelled()) throw Cancelled();
    return out;
}

}  // namespace px::depthlab
