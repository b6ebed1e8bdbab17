// The COSERA reference experiments (CoseraGrid.h): the attack on Erdős–Rényi and SBM graphs over width and depth.
#include "depthlab/CoseraGrid.h"

#include "common/Error.h"
#include "generators/Generators.h"

#include <tbb/parallel_for.h>

#include <atomic>
#include <functional>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace px::depthlab {

double GraphModel::edgeProbability() const {
    if (p > 0) return p;
    if (kind == "er") return std::log(double(n)) / n;
    throw std::invalid_argument("SBM needs a positive within-block probability p");
}

std::string GraphModel::label() const {
    std::ostringstream s;
    if (kind == "er") {
        s << "ER n=" << n << " p=";
        if (p > 0) s << p; else s << "ln n/n";
    } else {
        s << "SBM n=" << n << " K=" << blocks << " p=" << p << " q=" << q;
    }
    return s.str();
}

Graph drawGraph(const GraphModel& m, std::uint64_t seed, int trial) {
    if (m.n < 2) throw std::invalid_argument("a graph model needs n >= 2");
    Rng rng(seed, "cosera graph " + m.label(), std::uint64_t(m.n), std::uint64_t(trial));
    if (m.kind == "er") return gen::erdosRenyi(m.n, m.edgeProbability(), rng);
    if (m.kind == "sbm") {
        if (m.blocks < 1 || m.blocks > m.n) throw std::invalid_argument("SBM needs 1 <= K <= n");
        std::vector<int> sizes(m.blocks, m.n / m.blocks);
        for (int i = 0; i < m.n % m.blocks; ++i) ++sizes[i];
        return gen::stochasticBlockModel(sizes, m.edgeProbability(), m.q, rng);
    }
    throw std::invalid_argument("unknown graph model '" + m.kind + "' (expected er or sbm)");
}

std::vector<int> defaultDims() {
    std::vector<int> d;
    for (int k = 2; k <= 11; ++k) d.push_back(1 << k);
    return d;
}

namespace {

void meanAndSd(const std::vector<double>& v, double& mean, double& sd) {
    mean = 0;
    for (double x : v) mean += x;
    mean /= double(v.size());
    double ss = 0;
    for (double x : v) ss += (x - mean) * (x - mean);
    sd = v.size() > 1 ? std::sqrt(ss / double(v.size() - 1)) : 0.0;
}

// Mean and standard deviation over trials of every cell; at(r, c, t) is one trial's metrics.
void summariseCells(MetricGrid& g, int rows, int cols, int trials,
                    const std::function<const AttackMetrics&(int, int, int)>& at) {
    g.aurocMean.resize(rows, cols); g.aurocSd.resize(rows, cols); g.errMean.resize(rows, cols); g.errSd.resize(rows, cols);
    std::vector<double> a(trials), e(trials);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            for (int t = 0; t < trials; ++t) {
                a[t] = at(r, c, t).auroc;
                e[t] = at(r, c, t).err;
            }
            meanAndSd(a, g.aurocMean(r, c), g.aurocSd(r, c));
            meanAndSd(e, g.errMean(r, c), g.errSd(r, c));
        }
}

}  // namespace

MetricGrid runCoseraGrid(const CoseraGridSpec& spec, Progress& progress) {
    if (spec.dims.empty() || spec.maxDepth < 1 || spec.trials < 1) throw std::invalid_argument("empty COSERA grid");
    const int nd = int(spec.dims.size()), nl = spec.maxDepth, nt = spec.trials;
    // samples[(di * nt + t) * nl + l]
    std::vector<AttackMetrics> samples(std::size_t(nd) * nt * nl);
    std::atomic<int> done{0};
    std::atomic<bool> stop{false};
    tbb::parallel_for(0, nd * nt, [&](int task) {
        if (stop.load() || progress.cancelled()) { stop = true; return; }
        const int di = task / nt, t = task % nt;
        const Graph g = drawGraph(spec.model, spec.seed, t);
        Rng rng(spec.seed, "cosera encoder " + spec.model.label(), std::uint64_t(spec.dims[di]), std::uint64_t(t));
        try {
            const auto series = coseraDepthSeries(g, spec.dims[di], nl, spec.weights, spec.sampling, rng, progress);
            for (int l = 0; l < nl; ++l) samples[std::size_t(task) * nl + l] = series[l];
        } catch (const Cancelled&) {
            stop = true;
            return;
        }
        progress.report(double(++done) / (nd * nt));
    });
    if (stop || progress.cancelled()) throw Cancelled();
    MetricGrid out;
    out.rowName = "feature dimension d";
    out.colName = "depth L";
    for (int d : spec.dims) out.rows.push_back(d);
    for (int l = 1; l <= nl; ++l) out.cols.push_back(l);
    summariseCells(out, nd, nl, nt, [&](int di, int l, int t) -> const AttackMetrics& {
        return samples[(std::size_t(di) * nt + t) * nl + l];
    });
    return out;
}

MetricGrid runSbmSweep(const SbmSweepSpec& spec, Progress& progress) {
    const int nk = int(spec.blocks.size()), np = int(spec.pIn.size()), nt = spec.trials;
    if (nk == 0 || np == 0 || nt < 1) throw std::invalid_argument("empty SBM sweep");
    std::vector<AttackMetrics> samples(std::size_t(nk) * np * nt);
    std::atomic<int> done{0};
    std::atomic<bool> stop{false};
    tbb::parallel_for(0, nk * np * nt, [&](int task) {
        if (stop.load() || progress.cancelled()) { stop = true; return; }
        const int ki = task / (np * nt), pi = (task / nt) % np, t = task % nt;
        GraphModel m{"sbm", spec.n, spec.pIn[pi], spec.q, spec.blocks[ki]};
        const Graph g = drawGraph(m, spec.seed, t);
        Rng rng(spec.seed, "cosera encoder " + m.label(), std::uint64_t(spec.d), std::uint64_t(t));
        try {
            const auto series = coseraDepthSeries(g, spec.d, spec.depth, spec.weights, EncoderSampling::Auto, rng, progress);
            samples[task] = series.back();
        } catch (const Cancelled&) {
            stop = true;
            return;
        }
        progress.report(double(++done) / (nk * np * nt));
    });
    if (stop || progress.cancelled()) throw Cancelled();
    MetricGrid out;
    out.rowName = "blocks K";
    out.colName = "within-block p";
    for (int k : spec.blocks) out.rows.push_back(k);
    for (double p : spec.pIn) out.cols.push_back(p);
    summariseCells(out, nk, np, nt, [&](int ki, int pi, int t) -> const AttackMetrics& {
        return samples[(std::size_t(ki) * np + pi) * nt + t];
    });
    return out;
}

}  // namespace px::depthlab
