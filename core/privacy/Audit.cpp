// Empirical privacy audit of a mechanism on neighbouring graphs with Clopper–Pearson bounds (Audit.h).
#include "privacy/Audit.h"

#include "privacy/RandomizedResponse.h"

#include <algorithm>
#include <boost/math/special_functions/beta.hpp>
#include <cmath>
#include <memory>

namespace px::privacy {

double clopperPearsonUpper(long k, long n, double alpha) {
    if (n <= 0) return 1.0;
    if (k >= n) return 1.0;
    return boost::math::ibeta_inv(double(k + 1), double(n - k), 1.0 - alpha);
}

namespace {

struct Best {
    double bound = -kInf;
    double threshold = 0;
    bool reversed = false;
};

// Lower bound ln((1 − δ − FNR⁺)/FPR⁺) for "reject G0 when stat > τ" (or, reversed, "reject G1
// when stat ≤ τ"), with stat values of G0 draws in a and G1 draws in b, both sorted.
double boundAt(const std::vector<double>& a, const std::vector<double>& b, double tau, bool reversed, double delta,
               double alpha, double* fpr = nullptr, double* fnr = nullptr, double* fprU = nullptr, double* fnrU = nullptr) {
    const long na = long(a.size()), nb = long(b.size());
    const long aAbove = na - long(std::upper_bound(a.begin(), a.end(), tau) - a.begin());
    const long bAtOrBelow = long(std::upper_bound(b.begin(), b.end(), tau) - b.begin());
    // Event S = {stat > τ}: DP gives P1(S) ≤ e^ε P0(S) + δ, i.e. with FPR = P0(S) (G0 draws above τ)
    // and FNR = 1 − P1(S) (G1 draws at or below τ), ε ≥ ln((1 − δ − FNR)/FPR).
    long fp = aAbove, fn = bAtOrBelow, nfp = na, nfn = nb;
    // Reversed, S' = {stat ≤ τ}: P0(S') ≤ e^ε P1(S') + δ, so FPR = P1(S'), FNR = 1 − P0(S').
    if (reversed) { fp = bAtOrBelow; nfp = nb; fn = aAbove; nfn = na; }
    const double fpU = clopperPearsonUpper(fp, nfp, alpha / 2), fnU = clopperPearsonUpper(fn, nfn, alpha / 2);
    if (fpr) *fpr = double(fp) / nfp;
    if (fnr) *fnr = double(fn) / nfn;
    if (fprU) *fprU = fpU;
    if (fnrU) *fnrU = fnU;
    const double num = 1.0 - delta - fnU;
    if (num <= 0 || fpU <= 0) return -kInf;
    return std::log(num / fpU);
}

Best chooseTest(const std::vector<double>& a, const std::vector<double>& b, double delta, double alpha) {
    std::vector<double> all(a);
    all.insert(all.end(), b.begin(), b.end());
    std::sort(all.begin(), all.end());
    Best best;
    const int candidates = 400;
    for (int c = 0; c <= candidates; ++c) {
        const double tau = all[std::min(all.size() - 1, std::size_t(double(c) / candidates * double(all.size() - 1)))];
        for (bool rev : {false, true}) {
            const double v = boundAt(a, b, tau, rev, delta, alpha);
            if (v > best.bound) best = {v, tau, rev};
        }
    }
    return best;
}

}  // namespace

AuditResult auditPair(const Graph& g0, const Graph& g1, const std::vector<Pattern>& patterns,
                      const MechanismParams& params, const AuditParams& audit) {
    if (g0.numVertices() != g1.numVertices()) throw std::invalid_argument("audit graphs must share their vertex set");
    std::vector<Edge> e0 = g0.edges(), e1 = g1.edges(), diff;
    std::set_symmetric_difference(e0.begin(), e0.end(), e1.begin(), e1.end(), std::back_inserter(diff));
    if (diff.size() != 1) throw std::invalid_argument("audit graphs must differ in exactly one edge");
    if (audit.samples < 100) throw std::invalid_argument("an audit needs at least 100 draws per graph");

    Dataset pair;
    pair.name = "audit pair";
    pair.graphs = {g0, g1};
    MechanismParams mp = params;
    mp.seed = audit.seed;
    const DensityMatrix clean = DensityMatrix::compute(pair, patterns);
    std::unique_ptr<RowSampler> sampler;
    const NoiseModel* noise = nullptr;
    if (perturbsGraph(mp.mechanism)) {
        sampler = std::make_unique<RandomizedResponseModel>(pair, patterns, mp.epsilon, mp.seed, mp.delta, mp.secure, mp.mechanism, mp.dprrSplit);
    } else {
        auto m = std::make_unique<NoiseModel>(clean, patterns, GraphFacts::of(pair), mp, pair.name);
        noise = m.get();
        sampler = std::move(m);
    }
    const int d = int(patterns.size());
    // Test statistic: log-likelihood ratio log p1(x) − log p0(x) where the densities are known,
    // else the projection onto t(G1) − t(G0).
    auto statistic = [&](const double* x) {
        double s = 0.0;
        if (noise && !mp.secure && mp.mechanism != MechanismKind::Laplace) {
            for (int j = 0; j < d; ++j) {
                const double s0 = noise->noiseScale(0, j), s1 = noise->noiseScale(1, j);
                if (s0 <= 0 || s1 <= 0) continue;
                const double z0 = (x[j] - clean.t(0, j)) / s0, z1 = (x[j] - clean.t(1, j)) / s1;
                s += 0.5 * (z0 * z0 - z1 * z1) + std::log(s0 / s1);
            }
        } else if (noise && mp.mechanism == MechanismKind::Laplace) {
            for (int j = 0; j < d; ++j) {
                const double b0 = noise->noiseScale(0, j), b1 = noise->noiseScale(1, j);
                if (b0 <= 0 || b1 <= 0) continue;
                s += std::abs(x[j] - clean.t(0, j)) / b0 - std::abs(x[j] - clean.t(1, j)) / b1 + std::log(b0 / b1);
            }
        } else {
            for (int j = 0; j < d; ++j) s += (x[j] - clean.t(0, j)) * (clean.t(1, j) - clean.t(0, j));
        }
        return audit.rawFloatingPoint ? s : std::ldexp(std::nearbyint(std::ldexp(s, 30)), -30);
    };
    const int half = audit.samples / 2;
    std::vector<double> a1, b1, a2, b2;
    std::vector<double> row(d);
    for (int r = 0; r < 2 * half; ++r) {
        sampler->sampleRow(0, r, row.data());
        (r < half ? a1 : a2).push_back(statistic(row.data()));
        sampler->sampleRow(1, r, row.data());
        (r < half ? b1 : b2).push_back(statistic(row.data()));
    }
    for (auto* v : {&a1, &b1, &a2, &b2}) std::sort(v->begin(), v->end());
    const double alpha = 1.0 - audit.confidence;
    const Best best = chooseTest(a1, b1, mp.delta, alpha);

    AuditResult res;
    res.claimedEpsilon = sampler->report().epsilon();
    res.delta = mp.delta;
    res.samples = audit.samples;
    res.validGuarantee = sampler->report().validGuarantee;
    res.test = (noise && !mp.secure) ? "likelihood ratio" : "projection";
    res.threshold = best.threshold;
    res.epsilonLowerBound = std::max(0.0, boundAt(a2, b2, best.threshold, best.reversed, mp.delta, alpha, &res.fpr,
                                                  &res.fnr, &res.fprUpper, &res.fnrUpper));
    return res;
}

AuditResult auditStatistics(std::vector<double> g0, std::vector<double> g1, double claimedEpsilon, double delta,
                            double confidence, const std::string& test) {
    if (g0.size() < 100 || g1.size() < 100) throw std::invalid_argument("an audit needs at least 100 draws per input");
    const std::size_t h0 = g0.size() / 2, h1 = g1.size() / 2;
    std::vector<double> a1(g0.begin(), g0.begin() + long(h0)), a2(g0.begin() + long(h0), g0.end());
    std::vector<double> b1(g1.begin(), g1.begin() + long(h1)), b2(g1.begin() + long(h1), g1.end());
    for (auto* v : {&a1, &b1, &a2, &b2}) std::sort(v->begin(), v->end());
    const double alpha = 1.0 - confidence;
    const Best best = chooseTest(a1, b1, delta, alpha);
    AuditResult res;
    res.claimedEpsilon = claimedEpsilon;
    res.delta = delta;
    res.samples = int(g0.size());
    res.test = test;
    res.threshold = best.threshold;
    res.epsilonLowerBound = std::max(0.0, boundAt(a2, b2, best.threshold, best.reversed, delta, alpha, &res.fpr,
                                                  &res.fnr, &res.fprUpper, &res.fnrUpper));
    return res;
}

}  // namespace px::privacy
