// Statistical tests of every noise sampler. Each test uses a fixed seed (or, for the secure
// sampler, OS randomness) and a threshold whose false-alarm rate under a correct sampler is
// stated next to it; a broken sampler (wrong scale, bias, wrong shape) fails by far.
#include "TestSupport.h"
#include "privacy/DegreePreservingRR.h"
#include "privacy/RandomizedResponse.h"
#include "privacy/Samplers.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace px;
using namespace px::privacy;

namespace {
// Kolmogorov–Smirnov statistic √n·D of sorted samples against a CDF.
template <class Cdf>
double ksStatistic(std::vector<double> x, Cdf cdf) {
    std::sort(x.begin(), x.end());
    double d = 0;
    const double n = double(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double f = cdf(x[i]);
        d = std::max({d, f - double(i) / n, double(i + 1) / n - f});
    }
    return d * std::sqrt(n);
}
// √n·D > 1.95 has probability ≈ 0.001 under the null (Kolmogorov distribution).
constexpr double kKsCritical = 1.95;
}  // namespace

class TestSamplers : public QObject {
    Q_OBJECT
private slots:
    void gaussianMomentsAndShape() {
        Rng rng(1, "test-normal");
        std::vector<double> x(200001);
        fillStandardNormal(rng, x.data(), int(x.size()));  // odd count: the last pair half used
        double mean = 0, var = 0;
        for (double v : x) mean += v;
        mean /= double(x.size());
        for (double v : x) var += (v - mean) * (v - mean);
        var /= double(x.size() - 1);
        // |mean| < 4.4/√n and |var − 1| < 4.4·√(2/n): each a 1e-5 false-alarm rate.
        QVERIFY(std::abs(mean) < 4.4 / std::sqrt(double(x.size())));
        QVERIFY(std::abs(var - 1) < 4.4 * std::sqrt(2.0 / double(x.size())));
        QVERIFY(ksStatistic(x, [](double v) { return 0.5 * std::erfc(-v / std::sqrt(2.0)); }) < kKsCritical);
    }
    void laplaceShape() {
        Rng rng(2, "test-laplace");
        const double b = 0.37;
        std::vector<double> x(100000);
        for (double& v : x) v = laplace(rng, b);
        auto cdf = [b](double v) { return v < 0 ? 0.5 * std::exp(v / b) : 1 - 0.5 * std::exp(-v / b); };
        QVERIFY(ksStatistic(x, cdf) < kKsCritical);
        // A wrong scale is caught: the same draws against b·1.05.
        auto wrong = [b](double v) { return v < 0 ? 0.5 * std::exp(v / (1.05 * b)) : 1 - 0.5 * std::exp(-v / (1.05 * b)); };
        QVERIFY(ksStatistic(x, wrong) > kKsCritical);
    }
    void bernoulliExpIsExact() {
        OsEntropy r;
        const int n = 200000;
        for (auto [num, den] : {std::pair<int, int>{1, 3}, {1, 1}, {5, 2}}) {
            long hits = 0;
            for (int i = 0; i < n; ++i) hits += DiscreteGaussian<OsEntropy>::bernoulliExp(r, num, den);
            const double p = std::exp(-double(num) / den), sd = std::sqrt(p * (1 - p) / n);
            QVERIFY2(std::abs(double(hits) / n - p) < 4.9 * sd, qPrintable(QString("%1 vs %2").arg(double(hits) / n).arg(p)));  // 1e-6
        }
    }
    // Chi-square goodness of fit of the secure discrete Gaussian against its exact pmf.
    void discreteGaussianFitsItsPmf_data() {
        QTest::addColumn<qulonglong>("num");
        QTest::addColumn<qulonglong>("den");
        QTest::newRow("sigma^2=2.25") << qulonglong(9) << qulonglong(4);
        QTest::newRow("sigma^2=40") << qulonglong(40) << qulonglong(1);
        QTest::newRow("sigma^2=1050625/65536") << qulonglong(1050625) << qulonglong(65536);
    }
    void discreteGaussianFitsItsPmf() {
        QFETCH(qulonglong, num);
        QFETCH(qulonglong, den);
        const double s2 = double(num) / double(den);
        OsEntropy r;
        DiscreteGaussian<OsEntropy> dg(num, den);
        const int n = 60000;
        const long lim = long(std::ceil(3 * std::sqrt(s2)));  // bins −lim..lim plus two tails
        std::vector<long> count(2 * lim + 3, 0);
        double mean = 0, m2 = 0;
        for (int i = 0; i < n; ++i) {
            const long y = dg.sample(r);
            mean += double(y);
            m2 += double(y) * double(y);
            const long bin = y < -lim ? 0 : y > lim ? 2 * lim + 2 : y + lim + 1;
            ++count[bin];
        }
        double chi2 = 0, tailLow = 0;
        for (long y = -200 * lim - 10; y < -lim; ++y) tailLow += discreteGaussianPmf(y, s2);
        for (long b = 0; b < long(count.size()); ++b) {
            const double p = (b == 0 || b == long(count.size()) - 1) ? tailLow : discreteGaussianPmf(b - lim - 1, s2);
            const double e = n * p;
            chi2 += (count[b] - e) * (count[b] - e) / e;
        }
        const double dof = double(count.size() - 1);
        // Chi-square critical value at 1e-4 false alarms ≈ dof + 3.72·√(2·dof) + 7 (Wilson–Hilferty, generous).
        QVERIFY2(chi2 < dof + 3.72 * std::sqrt(2 * dof) + 7, qPrintable(QString("chi2 %1, dof %2").arg(chi2).arg(dof)));
        mean /= n;
        QVERIFY(std::abs(mean) < 4.4 * std::sqrt(s2 / n));
        QVERIFY(m2 / n < s2 * (1 + 4.4 * std::sqrt(2.0 / n)));  // variance of N_Z(0, σ²) is ≤ σ²
    }
    // ε as an exact fraction n / 2^k: the secure samplers use exactly the ε the user gave.
    void exactFractionIsExact() {
        for (double eps : {0.1, 1.0, 1.5, 3.0, 1e-9, 1000.0, 0.7310585786300049}) {
            const auto [n, d] = exactFraction(eps);
            QVERIFY((d & (d - 1)) == 0);                           // a power of two
            QCOMPARE(double(n) / double(d), eps);                  // exact: both are exact in a double's range
            QVERIFY(d == 1 || (n & 1) == 1);                       // reduced
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, exactFraction(0.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, exactFraction(std::nan("")));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, exactFraction(1e300));
    }
    // Secure randomized response: the flip rate is 1/(1 + e^ε), and a sampler off by 0.2 in ε fails.
    void secureRandomizedResponseFlipRate() {
        Rng rng(5, "test-rr-secure");
        const int n = 400;
        Graph g = pxtest::randomGraph(n, 0.05, rng);
        OsEntropy entropy;
        for (double eps : {0.1, 1.5, 4.0}) {
            const double p = 1 / (1 + std::exp(eps)), wrong = 1 / (1 + std::exp(eps + 0.2));
            long flips = 0, pairs = 0;
            for (int r = 0; r < 6; ++r) {
                Graph h = randomizedResponseSecure(g, eps, entropy);
                QCOMPARE(h.numVertices(), n);
                for (int u = 0; u < n; ++u)
                    for (int v = u + 1; v < n; ++v) flips += g.hasEdge(u, v) != h.hasEdge(u, v);
                pairs += long(n) * (n - 1) / 2;
            }
            const double rate = double(flips) / pairs, sd = std::sqrt(p * (1 - p) / pairs);
            QVERIFY2(std::abs(rate - p) < 4.9 * sd, qPrintable(QString("ε=%1: %2 vs %3").arg(eps).arg(rate).arg(p)));  // 1e-6
            QVERIFY2(std::abs(rate - wrong) > 4.9 * sd, qPrintable(QString("ε=%1: no power").arg(eps)));
        }
    }
    void secureRandomizedResponseIsReportedAndSmoothIsRefused() {
        Rng rng(6, "test-rr-model");
        Dataset data;
        data.name = "two";
        data.graphs = {pxtest::randomGraph(30, 0.2, rng), pxtest::randomGraph(30, 0.2, rng)};
        const std::vector<Pattern> patterns = {Pattern(Graph::fromEdges(2, {{0, 1}})), Pattern(Graph::fromEdges(3, {{0, 1}, {1, 2}, {0, 2}}))};
        RandomizedResponseModel secure(data, patterns, 1.0, 1, 1e-6, true);
        QVERIFY(secure.report().secure);
        QVERIFY(QString::fromStdString(secure.report().assumption).contains("secure"));
        const NoisyEmbedding e = secure.release(0);
        QCOMPARE(int(e.values.rows()), 2);
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) QVERIFY(e.values(i, j) >= 0 && e.values(i, j) <= 1);
        QVERIFY(!RandomizedResponseModel(data, patterns, 1.0, 1).report().secure);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RandomizedResponseModel(data, patterns, 1e300, 1, 1e-6, true));
    }
    void randomizedResponseFlipRate() {
        Rng rng(4, "test-rr");
        Graph g = pxtest::randomGraph(60, 0.1, rng);
        const double eps = 1.5, p = 1 / (1 + std::exp(eps));
        long flips = 0, pairs = 0;
        for (int r = 0; r < 40; ++r) {
            Graph h = randomizedResponse(g, eps, rng);
            for (int u = 0; u < 60; ++u)
                for (int v = u + 1; v < 60; ++v) flips += g.hasEdge(u, v) != h.hasEdge(u, v);
            pairs += 60 * 59 / 2;
        }
        const double rate = double(flips) / pairs, sd = std::sqrt(p * (1 - p) / pairs);
        QVERIFY2(std::abs(rate - p) < 4.9 * sd, qPrintable(QString("%1 vs %2").arg(rate).arg(p)));  // 1e-6
    }
    void largeBudgetsLeaveTheGraphAlone() {
        // At ε = 18 … 700 the flip probability is 1e-8 … 1e-304: the geometric gaps are astronomically long. They once
        // overflowed into negative vertex ids (found in the app's ε grid with a GIN on rr graphs); now the draw ends.
        Rng rng(8, "test-rr-large");
        const Graph g = pxtest::randomGraph(300, 0.05, rng);
        for (double eps : {30.0, 100.0, 700.0, 1e6}) {
            QVERIFY(randomizedResponse(g, eps, rng) == g);
            const Graph d = degreePreservingRR(g, dprrBudget(eps, 0.3), rng);
            QVERIFY(d.numVertices() == g.numVertices());
        }
        // A DPRR report whose noisy degree is nearly 0 samples with a tiny q: no overflow either.
        for (int i = 0; i < 50; ++i) QVERIFY(dprrReport(g, i, {1.0, 20.0}, rng, 1e-300).size() <= std::size_t(g.numVertices()));
    }
};

QTEST_APPLESS_MAIN(TestSamplers)
#include "tst_samplers.moc"
