// The depth lab's engine (core/depthlab) against independent computations: attack metrics by brute
// force, the Gram-factor encoder against the explicit one in law (two-sample KS, with a check that
// the test has power), the NAG bound in closed form and below the measured error, the depth
// accounting against docs/mathematics.md §6's reference table, CARIBOU's sensitivity against exhaustive search,
// and the privacy of one CARIBOU layer and of AsampGCN with the statistical audit.
#include "TestSupport.h"
#include "common/Error.h"
#include "generators/Generators.h"
#include "depthlab/CoseraGrid.h"
#include "depthlab/DepthAccounting.h"
#include "depthlab/DepthLab.h"
#include "depthlab/NodeGenerators.h"
#include "depthlab/NoisyAggregation.h"
#include "depthlab/PrivatePropagation.h"
#include "depthlab/SubsamplingStability.h"
#include "io/LinqsLoader.h"
#include "privacy/Accounting.h"
#include "privacy/Audit.h"

#include <QtTest>
#include <tbb/global_control.h>

using namespace px;
using namespace px::depthlab;

namespace {

AttackMetrics bruteForceMetrics(const std::vector<std::pair<double, char>>& s) {
    std::vector<double> pos, neg;
    for (auto [x, l] : s) (l ? pos : neg).push_back(x);
    double wins = 0;
    for (double p : pos)
        for (double q : neg) wins += p > q ? 1.0 : p == q ? 0.5 : 0.0;
    std::vector<double> taus{-1e300, 1e300};
    for (auto [x, l] : s) taus.push_back(x);
    double err = 2;
    for (double t : taus) {  // declare an edge when score >= t
        double fn = 0, fp = 0;
        for (double p : pos) fn += p < t;
        for (double q : neg) fp += q >= t;
        err = std::min(err, fn / pos.size() + fp / neg.size());
    }
    return {wins / (double(pos.size()) * neg.size()), err};
}

// Two-sample Kolmogorov–Smirnov statistic.
double ksStatistic(std::vector<double> a, std::vector<double> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::size_t i = 0, j = 0;
    double d = 0;
    while (i < a.size() && j < b.size()) {
        const double x = std::min(a[i], b[j]);
        while (i < a.size() && a[i] <= x) ++i;
        while (j < b.size() && b[j] <= x) ++j;
        d = std::max(d, std::abs(double(i) / a.size() - double(j) / b.size()));
    }
    return d;
}

double cosine(const Matrix& h, int i, int j) { return h.row(i).dot(h.row(j)) / (h.row(i).norm() * h.row(j).norm()); }

// Cosines of pairs (0,1) and (0,3) at depth L over many encoder draws.
std::vector<double> cosineSamples(const Graph& g, int d, int depth, WeightKind w, EncoderSampling s, int draws,
                                  const char* key) {
    std::vector<double> out;
    for (int r = 0; r < draws; ++r) {
        Rng rng(99, key, std::uint64_t(r));
        linearEncoderSeries(g, d, depth, w, s, rng, [&](int l, const Matrix& h) {
            if (l == depth) { out.push_back(cosine(h, 0, 1)); out.push_back(1000 + cosine(h, 0, 3)); }
        });
    }
    return out;
}

Eigen::MatrixXd caribouOperator(const Graph& g) {  // Â = D̃^(−½)(A + I)D̃^(−½)
    const int n = g.numVertices();
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, n);
    for (int v = 0; v < n; ++v) {
        a(v, v) = 1.0 / (g.degree(v) + 1);
        for (const int* u = g.neighborsBegin(v); u != g.neighborsEnd(v); ++u)
            a(v, *u) = 1.0 / std::sqrt((g.degree(v) + 1.0) * (g.degree(*u) + 1.0));
    }
    return a;
}

// Lower bound on sup ‖M X‖_F over X with rows in the unit ball: projected gradient ascent from
// random starts (every iterate is feasible, so the value is attained).
double sensitivityLowerBound(const Eigen::MatrixXd& m, Rng& rng) {
    const int n = int(m.rows());
    double best = 0;
    for (int start = 0; start < 4; ++start) {
        Eigen::MatrixXd x(n, n);
        for (long i = 0; i < x.size(); ++i) x.data()[i] = rng.normal();
        for (int it = 0; it < 300; ++it) {
            Eigen::MatrixXd grad = m.transpose() * (m * x);
            for (int j = 0; j < n; ++j) {
                const double nr = grad.row(j).norm();
                if (nr > 0) x.row(j) = grad.row(j) / nr;
            }
        }
        best = std::max(best, (m * x).norm());
    }
    return best;
}

int minDegree(const Graph& g) {
    int d = g.numVertices();
    for (int v = 0; v < g.numVertices(); ++v) d = std::min(d, g.degree(v));
    return d;
}

}  // namespace

class TestDepthLabEngine : public QObject {
    Q_OBJECT
private slots:
    // ---- attack metrics ----
    void rankMetricsMatchBruteForce() {
        for (int rep = 0; rep < 60; ++rep) {
            Rng rng(5, "metrics", rep);
            const int n = 5 + int(rng.below(60));
            std::vector<std::pair<double, char>> s;
            for (int i = 0; i < n; ++i) s.push_back({double(rng.below(rep % 3 == 0 ? 4 : 1000)), char(rng.bernoulli(0.3))});
            s.push_back({double(rng.below(10)), 1});
            s.push_back({double(rng.below(10)), 0});
            const AttackMetrics ref = bruteForceMetrics(s);
            const AttackMetrics m = rankMetrics(s);
            QVERIFY2(std::abs(m.auroc - ref.auroc) < 1e-12, qPrintable(QString::number(rep)));
            QVERIFY2(std::abs(m.err - ref.err) < 1e-12, qPrintable(QString::number(rep)));
        }
        std::vector<std::pair<double, char>> onlyEdges{{1.0, 1}, {2.0, 1}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rankMetrics(onlyEdges));
    }
    void perfectAndUselessScores() {
        std::vector<std::pair<double, char>> perfect{{0.1, 0}, {0.2, 0}, {0.9, 1}, {0.8, 1}};
        QCOMPARE(rankMetrics(perfect).auroc, 1.0);
        QCOMPARE(rankMetrics(perfect).err, 0.0);
        std::vector<std::pair<double, char>> tied{{0.5, 0}, {0.5, 1}, {0.5, 0}, {0.5, 1}};
        QCOMPARE(rankMetrics(tied).auroc, 0.5);
        QCOMPARE(rankMetrics(tied).err, 1.0);
    }
    void cosineScoresMatchDirectComputation() {
        Rng rng(2, "cos");
        const Graph g = gen::erdosRenyi(30, 0.2, rng);
        Matrix h(30, 5);
        for (long i = 0; i < h.size(); ++i) h.data()[i] = rng.normal();
        h.row(7).setZero();
        const auto s = cosinePairScores(h, g);
        QCOMPARE(s.size(), std::size_t(30 * 29 / 2));
        std::size_t k = 0;
        for (int i = 1; i < 30; ++i)
            for (int j = 0; j < i; ++j, ++k) {
                const double ref = (i == 7 || j == 7) ? 0.0 : cosine(h, i, j);
                QVERIFY(std::abs(s[k].first - ref) < 1e-12);
                QCOMPARE(bool(s[k].second), g.hasEdge(i, j));
            }
    }
    void attackEqualsMetricsOfAllPairScores() {
        // coseraAttack never holds the n²/2 scores: it must still give exactly what ranking all of them gives,
        // ties included (repeated and zero rows, small integer entries).
        for (int rep = 0; rep < 12; ++rep) {
            Rng rng(9, "fused attack", rep);
            const int n = 20 + int(rng.below(200));
            const Graph g = gen::erdosRenyi(n, 0.02 + 0.2 * rng.uniform(), rng);
            if (g.numEdges() == 0 || g.numEdges() == long(n) * (n - 1) / 2) continue;
            Matrix h(n, 1 + int(rng.below(6)));
            for (long i = 0; i < h.size(); ++i) h.data()[i] = rep % 2 ? double(rng.below(3)) : rng.normal();
            h.row(int(rng.below(std::uint64_t(n)))).setZero();
            h.row(1) = h.row(0);
            auto all = cosinePairScores(h, g);
            const AttackMetrics ref = rankMetrics(all);
            const AttackMetrics m = coseraAttack(h, g);
            QCOMPARE(m.auroc, ref.auroc);
            QCOMPARE(m.err, ref.err);
        }
        Rng rng(4, "nan attack");
        const Graph g = gen::erdosRenyi(40, 0.2, rng);
        Matrix h = Matrix::Ones(40, 3);
        h(5, 1) = std::nan("");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, coseraAttack(h, g));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, coseraAttack(Matrix::Ones(40, 3), Graph::fromEdges(40, {})));
    }

    // ---- encoder ----
    void meanPropagationIsTheDenseOperator() {
        Rng rng(3, "prop");
        const Graph g = gen::erdosRenyi(25, 0.2, rng);
        Matrix x(25, 3);
        for (long i = 0; i < x.size(); ++i) x.data()[i] = rng.normal();
        Eigen::MatrixXd p = Eigen::MatrixXd::Identity(25, 25);
        for (auto [u, v] : g.edges()) { p(u, v) = 1; p(v, u) = 1; }
        for (int v = 0; v < 25; ++v) p.row(v) /= g.degree(v) + 1.0;
        QVERIFY((meanPropagate(g, x) - p * x).norm() < 1e-12);
    }
    void triangularProductMatchesDense() {
        Rng rng(12, "tri");
        for (int n : {5, 64, 200}) {
            Matrix a = Matrix::Zero(n, n), b = Matrix::Zero(n, n);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j <= i; ++j) { a(i, j) = rng.normal(); b(i, j) = rng.normal(); }
            QVERIFY((lowerTriangularProduct(a, b) - a * b).norm() < 1e-10 * (a * b).norm());
        }
    }
    void chiSquareMoments() {
        for (double k : {0.7, 3.5, 100.0}) {
            Rng rng(4, "chi", std::uint64_t(k * 10));
            const int n = 40000;
            double s = 0, ss = 0;
            for (int i = 0; i < n; ++i) { const double x = chiSquare(rng, k); s += x; ss += x * x; }
            const double mean = s / n, var = ss / n - mean * mean;
            QVERIFY2(std::abs(mean - k) < 5 * std::sqrt(2 * k / n), qPrintable(QString("k=%1 mean=%2").arg(k).arg(mean)));
            QVERIFY2(std::abs(var / (2 * k) - 1) < 0.06, qPrintable(QString("k=%1 var=%2").arg(k).arg(var)));
        }
    }
    void bartlettFactorHasWishartMean() {
        const int n = 5, d = 9, draws = 4000;
        Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(n, n);
        Rng rng(6, "bartlett");
        for (int r = 0; r < draws; ++r) {
            const Matrix t = bartlettFactor(n, d, rng);
            sum += t * t.transpose();
        }
        sum /= draws;  // E = d·I; entry variance: d (off-diagonal), 2d (diagonal)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                QVERIFY(std::abs(sum(i, j) - (i == j ? d : 0)) < 5 * std::sqrt((i == j ? 2.0 : 1.0) * d / draws));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bartlettFactor(5, 4, rng));
    }
    void gramFactorSamplingMatchesExplicitInLaw() {
        auto e = gen::cycle(6).edges();
        e.push_back({0, 3});
        const Graph g = Graph::fromEdges(6, e);
        const int draws = 3000;
        const double critical = 1.95 * std::sqrt(2.0 / (2 * draws));  // KS, α = 0.001
        for (WeightKind w : {WeightKind::Identity, WeightKind::Gaussian}) {
            const auto ex = cosineSamples(g, 8, 3, w, EncoderSampling::Explicit, draws, "explicit");
            const auto fa = cosineSamples(g, 8, 3, w, EncoderSampling::GramFactor, draws, "factor");
            const double ks = ksStatistic(ex, fa);
            QVERIFY2(ks < critical, qPrintable(QString("%1: KS %2 >= %3").arg(toString(w)).arg(ks).arg(critical)));
        }
        // The test has power: a different d is told apart.
        const auto ex = cosineSamples(g, 8, 3, WeightKind::Gaussian, EncoderSampling::Explicit, draws, "explicit");
        const auto other = cosineSamples(g, 24, 3, WeightKind::Gaussian, EncoderSampling::GramFactor, draws, "factor");
        QVERIFY(ksStatistic(ex, other) > critical);
    }
    void coseraReproducesThePapersFindings() {
        // Sparse ER at large d and small L: near-perfect reconstruction; dense SBM: a barrier.
        Rng rng(1, "finding");
        const Graph er = drawGraph(GraphModel{"er", 300}, 1, 0);
        const auto erSeries = coseraDepthSeries(er, 512, 2, WeightKind::Identity, EncoderSampling::Auto, rng);
        QVERIFY2(erSeries[1].auroc > 0.98, qPrintable(QString::number(erSeries[1].auroc)));
        QVERIFY(erSeries[1].err < 0.1);
        const Graph sbm = drawGraph(GraphModel{"sbm", 300, 0.3, 0.05, 3}, 1, 0);
        const auto sbmSeries = coseraDepthSeries(sbm, 512, 2, WeightKind::Identity, EncoderSampling::Auto, rng);
        QVERIFY2(sbmSeries[1].auroc < erSeries[1].auroc - 0.1, qPrintable(QString::number(sbmSeries[1].auroc)));
        QVERIFY(sbmSeries[1].err > 0.3);
    }
    void gridIsDeterministicWhateverTheThreads() {
        CoseraGridSpec spec;
        spec.model = GraphModel{"er", 80};
        spec.dims = {4, 16, 128};
        spec.maxDepth = 3;
        spec.trials = 2;
        spec.weights = WeightKind::Gaussian;
        const MetricGrid a = runCoseraGrid(spec);
        MetricGrid b;
        {
            tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
            b = runCoseraGrid(spec);
        }
        QCOMPARE(a.aurocMean.rows(), 3);
        QCOMPARE(a.aurocMean.cols(), 3);
        QVERIFY(a.aurocMean == b.aurocMean);
        QVERIFY(a.errSd == b.errSd);
        CancelFlag cancel;
        cancel.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled, runCoseraGrid(spec, cancel));
    }

    // ---- noisy aggregation ----
    void nagBoundClosedForm() {
        QVERIFY(std::abs(nagErrorLowerBound(Aggregation::Mean, 1.0, 1.0) - (1 - std::sqrt(1 - std::exp(-1.0)))) < 1e-15);
        QVERIFY(std::abs(nagErrorLowerBound(Aggregation::Max, 1.0, 2.0) - (1 - std::sqrt(1 - std::exp(-1.0)))) < 1e-15);
        QCOMPARE(nagErrorLowerBound(Aggregation::Sum, 0.0, 1.0), 1.0);
        QVERIFY(nagErrorLowerBound(Aggregation::Gcn, 100.0, 1.0) < 1e-20);
        QVERIFY(nagErrorLowerBound(Aggregation::Gcn, 3.0, 1.0) > nagErrorLowerBound(Aggregation::Max, 3.0, 1.0));
    }
    void randomOrthogonalIsOrthogonal() {
        Rng rng(8, "orth");
        const Matrix q = randomOrthogonal(12, rng);
        QVERIFY((q.transpose() * q - Matrix::Identity(12, 12)).norm() < 1e-12);
    }
    void measuredNagErrorRespectsTheBound() {
        const Graph g = drawGraph(GraphModel{"er", 150}, 3, 0);
        Rng fx(9, "features");
        Matrix x(150, 16);
        for (long i = 0; i < x.size(); ++i) x.data()[i] = fx.normal();
        double previous = -1;
        for (double sigma : {0.05, 0.5, 1.0, 2.0}) {
            NagParams p;
            p.sigma = sigma;
            Rng rng(9, "nag", std::uint64_t(sigma * 100));
            const AttackMetrics m = coseraAttack(noisyAggregation(g, x, p, rng), g);
            const double bound = nagErrorLowerBound(p.aggregation, p.depth * p.opNorm * p.opNorm, sigma);
            QVERIFY2(m.err >= bound - 0.02, qPrintable(QString("sigma %1: err %2 < bound %3").arg(sigma).arg(m.err).arg(bound)));
            if (sigma == 0.05) QVERIFY2(m.err < 0.5, qPrintable(QString::number(m.err)));  // little noise: the attack works
            QVERIFY(m.err > previous - 0.05);
            previous = m.err;
        }
    }

    // ---- depth accounting ----
    void accountingMatchesSpecReferenceTable() {
        const double d = 1e-5;
        QVERIFY(std::abs(noiseMultiplier(1, d, 10) - 11.80) < 0.005);
        QVERIFY(std::abs(noiseMultiplier(1, d, 10, 0.9) - 11.30) < 0.005);
        QVERIFY(std::abs(noiseMultiplier(1, d, 10, 0.6) - 7.42) < 0.005);
        QVERIFY(std::abs(noiseMultiplier(1, d, 50) - 26.38) < 0.005);
        QVERIFY(std::abs(noiseMultiplier(1, d, 50, 0.9) - 16.18) < 0.005);
        QVERIFY(std::abs(noiseMultiplier(1, d, 50, 0.6) - 7.46) < 0.005);
        // round trip and limits
        QVERIFY(std::abs(depthEpsilon(noiseMultiplier(2, d, 20, 0.7), d, 20, 0.7) - 2) < 1e-6);
        QCOMPARE(effectiveHops(1, 0.5), 1.0);
        QVERIFY(std::abs(effectiveHops(400, 0.6) - 1.6 / 0.4) < 1e-9);
        for (int k = 1; k < 30; ++k) QVERIFY(effectiveHops(k, 0.8) <= k + 1e-12);
        // linear composition: RDP K·α·Δ²/(2σ²) is the zCDP ρ = K/(2z²); the exact μ-GDP ε is tighter
        const double z = noiseMultiplier(1, d, 10);
        QVERIFY(privacy::bdrsEpsilon(10 / (2 * z * z), privacy::kInf, d) > 1.0);
    }
    void caribouSensitivityBoundsExhaustiveSearch() {
        std::vector<Graph> graphs{gen::cycle(8), gen::path(7), gen::star(5), gen::circularSkipLink(11, 2), gen::complete(5)};
        for (int r = 0; r < 4; ++r) {
            Rng rng(10, "sens graphs", r);
            graphs.push_back(gen::erdosRenyi(11, 0.35, rng));
        }
        Rng rng(10, "ascent");
        bool largerGraphDegreeFails = false;
        for (const Graph& g : graphs) {
            const int n = g.numVertices();
            const Eigen::MatrixXd a0 = caribouOperator(g);
            for (int u = 0; u < n; ++u)
                for (int v = u + 1; v < n; ++v) {
                    if (g.hasEdge(u, v)) continue;
                    auto e = g.edges();
                    e.push_back({u, v});
                    const Graph g1 = Graph::fromEdges(n, e);
                    const double lower = sensitivityLowerBound(caribouOperator(g1) - a0, rng);
                    // Theorem 4 with d = minimum degree of the graph WITHOUT the edge holds ...
                    QVERIFY2(lower <= caribouEdgeSensitivity(1, 1, minDegree(g)) + 1e-9,
                             qPrintable(QString("n=%1 edge %2-%3: %4").arg(n).arg(u).arg(v).arg(lower)));
                    // ... while the minimum degree of the graph WITH it can be too optimistic.
                    if (lower > caribouEdgeSensitivity(1, 1, minDegree(g1)) + 1e-9) largerGraphDegreeFails = true;
                }
        }
        QVERIFY(largerGraphDegreeFails);
        QVERIFY(caribouEdgeSensitivity(0.5, 0.5, 2) == 0.25 * caribouEdgeSensitivity(1, 1, 2));
    }
    void oneCaribouLayerPassesTheAudit() {
        // hops = 1: the release is Gaussian around the layer's output; the projection onto the
        // difference of the two means is the optimal test.
        NodeDataset d0;
        d0.graph = gen::cycle(8);
        d0.features = NodeDataset::Features::Constant(8, 1, 1.0);
        for (int v = 0; v < 8; v += 2) d0.features(v, 0) = -1;
        d0.labels.assign(8, 0);
        d0.classNames = {"x"};
        NodeDataset d1 = d0;
        auto e = d0.graph.edges();
        e.push_back({0, 3});
        d1.graph = Graph::fromEdges(8, e);
        PropagationParams p;
        p.hops = 1;
        p.epsilon = 1.5;
        p.reducedDims = 0;
        p.minDegreePromise = 2;
        p.seed = 0;
        PropagationParams clean = p;
        clean.epsilon = 1e9;  // practically no noise: the two means
        const Matrix mean0 = propagatePrivately(d0, clean).released, mean1 = propagatePrivately(d1, clean).released;
        const Matrix dir = mean1 - mean0;
        QVERIFY(dir.norm() > 0.05);
        std::vector<double> a, b;
        for (int r = 0; r < 20000; ++r) {
            PropagationParams q = p;
            q.seed = std::uint64_t(r + 1);
            a.push_back(ldexp(std::nearbyint(ldexp((propagatePrivately(d0, q).released - mean0).cwiseProduct(dir).sum(), 30)), -30));
            b.push_back(ldexp(std::nearbyint(ldexp((propagatePrivately(d1, q).released - mean0).cwiseProduct(dir).sum(), 30)), -30));
        }
        const auto res = privacy::auditStatistics(a, b, p.epsilon, p.delta, 0.95, "projection");
        QVERIFY2(!res.contradictsClaim(), qPrintable(QString("bound %1").arg(res.epsilonLowerBound)));
        // with a tenth of the noise the same audit exposes the shortfall
        std::vector<double> a2, b2;
        for (int r = 0; r < 20000; ++r) {
            PropagationParams q = p;
            q.seed = std::uint64_t(r + 1);
            const double shrink = 0.1;
            const Matrix n0 = propagatePrivately(d0, q).released - mean0, n1 = propagatePrivately(d1, q).released - mean1;
            a2.push_back((shrink * n0).cwiseProduct(dir).sum());
            b2.push_back((shrink * n1 + dir).cwiseProduct(dir).sum());
        }
        QVERIFY(privacy::auditStatistics(a2, b2, p.epsilon, p.delta, 0.95, "projection").contradictsClaim());
    }

    // ---- private propagation ----
    void propagationNoiseFollowsTheAccounting() {
        const NodeDataset ds = builtinNodeDataset("sbm-nodes");
        PropagationParams p;
        p.scheme = PropagationScheme::Gap;
        p.hops = 5;
        const auto gap = propagatePrivately(ds, p);
        QVERIFY(std::abs(gap.sigma - std::sqrt(2.0) * std::sqrt(5.0) / privacy::gaussianMuFor(1.0, 1e-5)) < 1e-9);
        QCOMPARE(gap.released.cols(), 5 * gap.base.cols());
        p.scheme = PropagationScheme::Caribou;
        const auto car = propagatePrivately(ds, p);
        QVERIFY(std::abs(car.multiplier - noiseMultiplier(1.0, 1e-5, 5, p.contraction)) < 1e-12);
        QVERIFY(std::abs(car.sensitivity - caribouEdgeSensitivity(p.contraction, p.alpha1, 0)) < 1e-12);
        QCOMPARE(car.released.cols(), car.base.cols());
        QVERIFY(propagatePrivately(ds, p).released == car.released);  // seeded
        p.seed = 2;
        QVERIFY(propagatePrivately(ds, p).released != car.released);
    }
    void chainsNeedDepth() {
        const NodeDataset ds = chainDataset(2, 40, 8, 1);
        QCOMPARE(ds.numNodes(), 640);
        QCOMPARE(ds.graph.numEdges(), 80L * 7);
        QCOMPARE(ds.features.sum(), 80.0);
        PropagationParams p;
        p.scheme = PropagationScheme::NonPrivate;
        auto accuracy = [&](int hops) {
            p.hops = hops;
            const auto r = propagatePrivately(ds, p);
            Matrix x(ds.numNodes(), r.base.cols() + r.released.cols());
            x << r.base, r.released;
            return linearTestAccuracy(ds, x);
        };
        const double shallow = accuracy(2), deep = accuracy(8);
        QVERIFY2(deep > 0.95 && deep > shallow + 0.2, qPrintable(QString("%1 vs %2").arg(shallow).arg(deep)));
    }

    // ---- AsampGCN ----
    void asampConditionAndBaseClassifier() {
        QVERIFY(std::abs(asampMaxSampling(1, 1e-5) - 1 / (32 * std::log(1e5))) < 1e-15);
        const NodeDataset ds = builtinNodeDataset("sbm-nodes");
        const BinaryNodeTask task = BinaryNodeTask::from(ds, 1);
        const auto base = gcnBaseClassifier(ds.graph, task);
        double correct = 0;
        for (int v : task.test) correct += base[v] == int(task.y[v]);
        QVERIFY2(correct / task.test.size() > 0.8, qPrintable(QString::number(correct / task.test.size())));
        AsampParams p;
        p.proposeTestRelease = false;
        p.subgraphs = 20;
        for (int o : asampRelease(ds.graph, task, p, 0)) QVERIFY(o == 1 || o == -1);
        p.proposeTestRelease = true;
        p.sampling = 0.5;  // far outside the condition: the test abstains everywhere
        const auto s = summariseAsamp(ds.graph, task, p);
        QVERIFY(!s.privacyConditionHolds);
        QCOMPARE(s.abstention, 1.0);
        QVERIFY(std::isnan(s.accuracyReleased));  // no label released: undefined, not 0
        QCOMPARE(s.accuracyOverall, 0.0);
    }
    void asampLogisticBaseIsTheLogisticLossMinimiser() {
        // The trained taps: the gradient of the training loss (central differences) vanishes there, and no other
        // taps tried, the least-squares ones among them, have a smaller loss.
        const NodeDataset ds = builtinNodeDataset("sbm-nodes");
        const BinaryNodeTask task = BinaryNodeTask::from(ds, 1);
        std::vector<double> lx(ds.numNodes());
        for (int v = 0; v < ds.numNodes(); ++v) {
            double s = 0;
            for (const int* u = ds.graph.neighborsBegin(v); u != ds.graph.neighborsEnd(v); ++u) s += task.x[*u];
            lx[v] = ds.graph.degree(v) * task.x[v] - s;
        }
        auto loss = [&](double h0, double h1) {
            double l = 0.5e-6 * (h0 * h0 + h1 * h1);
            for (int v : task.train) l += std::log1p(std::exp(-task.y[v] * (h0 * task.x[v] + h1 * lx[v])));
            return l;
        };
        const auto [h0, h1] = gcnFilterTaps(ds.graph, task, AsampFit::Logistic);
        const double e = 1e-6 * (1 + std::abs(h0) + std::abs(h1));
        QVERIFY(std::abs(loss(h0 + e, h1) - loss(h0 - e, h1)) / (2 * e) < 1e-5 * (1 + loss(h0, h1)));
        QVERIFY(std::abs(loss(h0, h1 + e) - loss(h0, h1 - e)) / (2 * e) < 1e-5 * (1 + loss(h0, h1)));
        const auto [l0, l1] = gcnFilterTaps(ds.graph, task, AsampFit::LeastSquares);
        QVERIFY(loss(h0, h1) <= loss(l0, l1));
        QVERIFY(loss(h0, h1) <= loss(1.1 * h0, 0.9 * h1) && loss(h0, h1) <= loss(0.9 * h0, 1.1 * h1));
        const auto base = gcnBaseClassifier(ds.graph, task, AsampFit::Logistic);
        double correct = 0;
        for (int v : task.test) correct += base[v] == int(task.y[v]);
        QVERIFY2(correct / task.test.size() > 0.8, qPrintable(QString::number(correct / task.test.size())));
        const auto t = runDepthExperiment({{"experiment", "asamp"}, {"sampling", {0.001, 0.05}}, {"runs", 1}, {"subgraphs", 10},
                                           {"base", "logistic"}}, "<test>");
        QCOMPARE(t.at(0, "base").get<std::string>(), std::string("logistic"));
        QVERIFY_THROWS_EXCEPTION(InputError, runDepthExperiment({{"experiment", "asamp"}, {"base", "svm"}}, "<test>"));
    }
    void asampPassesTheAuditAndTheAuditCatchesABrokenRelease() {
        const NodeDataset ds = sbmNodeDataset(30, 0.25, 0.03, 0.4, 3, 4);
        const BinaryNodeTask task = BinaryNodeTask::from(ds, 1);
        // a neighbouring pair where one edge flips the full-graph prediction of its endpoint
        int target = -1;
        Graph g1;
        for (int t = 0; t < 30 && target < 0; ++t)
            for (int u = 0; u < 30 && target < 0; ++u) {
                if (u == t || ds.graph.hasEdge(t, u)) continue;
                auto e = ds.graph.edges();
                e.push_back({t, u});
                Graph h = Graph::fromEdges(30, e);
                if (gcnBaseClassifier(h, task)[t] != gcnBaseClassifier(ds.graph, task)[t]) { target = t; g1 = h; }
            }
        QVERIFY(target >= 0);
        auto auditOf = [&](const AsampParams& p) {
            std::vector<double> a, b;
            for (int r = 0; r < 12000; ++r) {
                a.push_back(asampRelease(ds.graph, task, p, std::uint64_t(r))[target] + 1);  // 0, 1 (⊥), 2
                b.push_back(asampRelease(g1, task, p, std::uint64_t(r))[target] + 1);
            }
            return privacy::auditStatistics(a, b, p.epsilon, p.delta, 0.95, "output label");
        };
        AsampParams valid;
        valid.epsilon = 2.0;
        valid.delta = 1e-3;
        valid.sampling = asampMaxSampling(valid.epsilon, valid.delta);
        valid.subgraphs = 40;
        const auto ok = auditOf(valid);
        QVERIFY2(!ok.contradictsClaim(), qPrintable(QString("bound %1").arg(ok.epsilonLowerBound)));
        AsampParams broken = valid;  // the full graph's label, released without the test
        broken.sampling = 1.0;
        broken.subgraphs = 1;
        broken.proposeTestRelease = false;
        const auto bad = auditOf(broken);
        QVERIFY2(bad.contradictsClaim(), qPrintable(QString("bound %1").arg(bad.epsilonLowerBound)));
    }

    // ---- experiment specs (shared by the app and pxrun) ----
    void everyExperimentRunsFromASmallSpec() {
        using nlohmann::json;
        const std::vector<json> specs{
            {{"experiment", "cosera-grid"}, {"n", 40}, {"dims", {4, 64}}, {"max_depth", 2}, {"trials", 1}},
            {{"experiment", "sbm-sweep"}, {"n", 60}, {"blocks", {2}}, {"p", {0.3}}, {"d", 8}, {"trials", 1}},
            {{"experiment", "cosera-real"}, {"max_depth", 2}, {"trials", 2}},
            {{"experiment", "nag"}, {"n", 60}, {"features", 8}, {"aggregations", {"max"}}, {"sigmas", {0.5}}, {"trials", 1}},
            {{"experiment", "accounting"}, {"max_hops", 5}, {"contractions", {0.5}}},
            {{"experiment", "propagation"}, {"schemes", {"caribou", "none"}}, {"epsilons", {2.0}}, {"hops", {3}},
             {"trials", 1}, {"attack", true}},
            {{"experiment", "asamp"}, {"sampling", {0.001, 0.5}}, {"runs", 1}, {"subgraphs", 10}}};
        const std::map<std::string, int> rows{{"cosera-grid", 4}, {"sbm-sweep", 1}, {"cosera-real", 4}, {"nag", 1},
                                              {"accounting", 10}, {"propagation", 2}, {"asamp", 2}};
        for (const auto& spec : specs) {
            const std::string e = spec["experiment"];
            const auto t = runDepthExperiment(spec, "test spec");
            QCOMPARE(t.rows(), rows.at(e));
            QVERIFY2(t.columns().size() >= 3, e.c_str());
        }
        const auto prop = runDepthExperiment(specs[5], "test spec");
        QVERIFY(prop.at(1, "epsilon") == "inf");
        QVERIFY(prop.at(0, "attack_auroc_mean").is_number());
    }
    void badSpecsNameTheField() {
        using nlohmann::json;
        auto message = [](const json& spec) {
            try {
                runDepthExperiment(spec, "spec.json");
            } catch (const InputError& e) {
                return std::string(e.what());
            }
            return std::string("no error");
        };
        QVERIFY(message({{"experiment", "frobnicate"}}).find("unknown experiment") != std::string::npos);
        QVERIFY(message(json::array()).find("spec.json") != std::string::npos);
        QVERIFY(message({{"experiment", "nag"}, {"sigma", 1}}).find("unknown field \"/sigma\"") != std::string::npos);
        QVERIFY(message({{"experiment", "accounting"}, {"delta", 2}}).find("field \"/delta\"") != std::string::npos);
        QVERIFY(message({{"experiment", "cosera-grid"}, {"dims", "many"}}).find("field \"/dims\": expected a non-empty list") != std::string::npos);
        QVERIFY(message({{"experiment", "propagation"}, {"data", "builtin:nope"}}).find("nope") != std::string::npos);
        QVERIFY(message({{"experiment", "cosera-grid"}, {"weights", "orthogonal"}}).find("orthogonal") != std::string::npos);
        // a NAG needs features to aggregate; only COSERA on a real graph reads 0 as "all of them"
        QVERIFY2(message({{"experiment", "nag"}, {"features", 0}}).find("field \"/features\": expected a number of features per node in [1, 65536]") !=
                     std::string::npos, message({{"experiment", "nag"}, {"features", 0}}).c_str());
        QVERIFY(message({{"experiment", "cosera-grid"}, {"trials", "five"}}).find("json.exception") == std::string::npos);
        for (const auto& e : depthExperiments()) QCOMPARE(defaultDepthSpec(e)["experiment"].get<std::string>(), e);
    }

};

QTEST_GUILESS_MAIN(TestDepthLabEngine)
#include "tst_depthlab.moc"
