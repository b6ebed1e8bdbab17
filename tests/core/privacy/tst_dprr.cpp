// Degree-preserving randomized response (privacy/DegreePreservingRR.h), tested statistically
// against its paper's statement and an independent computation:
//  - given the noisy degree d* = d, a vertex's expected report size is exactly d (Hidano & Murakami,
//    Algorithm 1): the mean over R draws lies within 4.5 standard errors of d, for every degree;
//  - with the Laplace degree, the expected report size is E[q(d*)]·(d p + (n−1−d)(1−p)), with E[q]
//    computed by numerical integration over the Laplace density (not by sampling);
//  - a neighbour survives with p·q and a non-neighbour appears with (1 − p)·q.
#include "common/Rng.h"
#include "generators/Generators.h"
#include "privacy/DegreePreservingRR.h"
#include "privacy/RandomizedResponse.h"

#include <QtTest>
#include <cmath>

using namespace px;
using namespace px::privacy;

namespace {

Graph testGraph() {
    Rng rng(5, "dprr test graph");
    return gen::erdosRenyi(80, 0.12, rng);
}

// E[q(d + L)], L ~ Laplace(1/ε₁), by the trapezoid rule on [−40/ε₁, 40/ε₁].
double expectedSampling(int d, int n, double eps1, double eps2) {
    const double b = 1.0 / eps1, lo = -40 * b, hi = 40 * b;
    const int steps = 400000;
    const double h = (hi - lo) / steps;
    double s = 0;
    for (int i = 0; i <= steps; ++i) {
        const double l = lo + i * h;
        const double w = (i == 0 || i == steps) ? 0.5 : 1.0;
        s += w * std::exp(-std::abs(l) / b) / (2 * b) * dprrSamplingProbability(d + l, n, eps2);
    }
    return s * h;
}

}  // namespace

class TestDprr : public QObject {
    Q_OBJECT
private slots:
    void budgetSplit() {
        const DprrBudget b = dprrBudget(1.0, 0.3);
        QCOMPARE(b.eps1, 0.15);
        QCOMPARE(b.eps2, 0.35);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dprrBudget(0.0, 0.3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dprrBudget(1.0, 1.0));
    }

    void publishedSplit() {
        // private-homcounts, gin_baseline_ogbg.py: ε₁ = max(0.1, √(8/(n_max − 1))), ε₂ = ε − ε₁ per vertex.
        const DprrBudget molbace = dprrPublishedBudget(1.0, 97);  // MOLBACE's largest molecule has 97 atoms
        QCOMPARE(molbace.eps1, std::sqrt(8.0 / 96.0));
        QCOMPARE(molbace.eps2, 1.0 - std::sqrt(8.0 / 96.0));
        QVERIFY(std::abs(molbace.eps1 - 0.288675) < 1e-6);
        const DprrBudget large = dprrPublishedBudget(2.0, 1000);  // √(8/999) = 0.0895 < 0.1: the floor
        QCOMPARE(large.eps1, 0.1);
        QCOMPARE(large.eps2, 1.9);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dprrPublishedBudget(0.2, 97));  // ε ≤ ε₁ leaves nothing for the bits
        // Its graph is 2ε-edge-DP (two reports per edge), and the report says so.
        Dataset data;
        data.graphs = {testGraph()};
        const RandomizedResponseModel published(data, {}, 1.0, 1, 1e-6, false, MechanismKind::DegreePreservingRR, DprrSplit::Published);
        QCOMPARE(published.report().pureEpsilon, 2.0);
        const RandomizedResponseModel ours(data, {}, 1.0, 1, 1e-6, false, MechanismKind::DegreePreservingRR);
        QCOMPARE(ours.report().pureEpsilon, 1.0);
        // perturbedGraph is what the densities are counted on: the same draw twice.
        QVERIFY(published.perturbedGraph(0, 0) == published.perturbedGraph(0, 0));
        QVERIFY(published.perturbedGraph(0, 0) != published.perturbedGraph(0, 1));
    }

    void degreesPreservedInExpectationGivenTheDegree() {
        const Graph g = testGraph();
        const int n = g.numVertices();
        const DprrBudget b{0.5, 1.0};
        const int R = 20000;
        int checked = 0;
        for (int v = 0; v < n; v += 7) {
            const int d = g.degree(v);
            if (d == 0) continue;
            Rng rng(11, "dprr degree", std::uint64_t(v));
            double s = 0, s2 = 0;
            for (int r = 0; r < R; ++r) {
                const double k = double(dprrReport(g, v, b, rng, double(d)).size());
                s += k;
                s2 += k * k;
            }
            const double mean = s / R, se = std::sqrt((s2 / R - mean * mean) / R);
            QVERIFY2(std::abs(mean - d) < 4.5 * se, qPrintable(QString("vertex %1: degree %2, mean report %3 ± %4").arg(v).arg(d).arg(mean).arg(se)));
            ++checked;
        }
        QVERIFY(checked >= 8);
    }

    void expectedReportSizeWithLaplaceDegree() {
        const Graph g = testGraph();
        const int n = g.numVertices();
        const DprrBudget b{0.5, 1.0};
        const double p = std::exp(b.eps2) / (1 + std::exp(b.eps2));
        const int R = 40000;
        for (int v : {0, 13, 41}) {
            const int d = g.degree(v);
            const double expected = expectedSampling(d, n, b.eps1, b.eps2) * (d * p + (n - 1 - d) * (1 - p));
            Rng rng(12, "dprr laplace", std::uint64_t(v));
            double s = 0, s2 = 0;
            for (int r = 0; r < R; ++r) {
                const double k = double(dprrReport(g, v, b, rng).size());
                s += k;
                s2 += k * k;
            }
            const double mean = s / R, se = std::sqrt((s2 / R - mean * mean) / R);
            qInfo("vertex %d: degree %d, expected report %.3f, measured %.3f ± %.3f", v, d, expected, mean, se);
            QVERIFY(std::abs(mean - expected) < 4.5 * se);
        }
    }

    void neighbourAndNonNeighbourRates() {
        const Graph g = testGraph();
        const int n = g.numVertices();
        const int v = 3;
        QVERIFY(g.degree(v) > 0);
        const int neighbour = *g.neighborsBegin(v);
        int other = 0;
        while (other == v || g.hasEdge(v, other)) ++other;
        const DprrBudget b{1.0, 0.8};
        const double p = std::exp(b.eps2) / (1 + std::exp(b.eps2));
        const double q = dprrSamplingProbability(g.degree(v), n, b.eps2);
        const int R = 100000;
        Rng rng(13, "dprr rates");
        long hitN = 0, hitO = 0;
        for (int r = 0; r < R; ++r) {
            const auto rep = dprrReport(g, v, b, rng, double(g.degree(v)));
            hitN += std::binary_search(rep.begin(), rep.end(), neighbour) ? 1 : 0;
            hitO += std::binary_search(rep.begin(), rep.end(), other) ? 1 : 0;
            QVERIFY(!std::binary_search(rep.begin(), rep.end(), v));  // never itself
        }
        auto within = [&](long hits, double prob) { return std::abs(double(hits) / R - prob) < 4.5 * std::sqrt(prob * (1 - prob) / R); };
        QVERIFY2(within(hitN, p * q), qPrintable(QString("neighbour %1 vs %2").arg(double(hitN) / R).arg(p * q)));
        QVERIFY2(within(hitO, (1 - p) * q), qPrintable(QString("non-neighbour %1 vs %2").arg(double(hitO) / R).arg((1 - p) * q)));
    }

    void releasedGraphIsTheUnionOfReports() {
        const Graph g = testGraph();
        Rng a(21, "dprr union"), c(21, "dprr union");
        const Graph h = degreePreservingRR(g, {0.5, 1.0}, a);
        QCOMPARE(h.numVertices(), g.numVertices());
        long union_ = 0;
        std::vector<std::vector<int>> reports;
        for (int i = 0; i < g.numVertices(); ++i) reports.push_back(dprrReport(g, i, {0.5, 1.0}, c));
        for (int i = 0; i < g.numVertices(); ++i)
            for (int j = i + 1; j < g.numVertices(); ++j) {
                const bool named = std::binary_search(reports[i].begin(), reports[i].end(), j) ||
                                   std::binary_search(reports[j].begin(), reports[j].end(), i);
                QCOMPARE(h.hasEdge(i, j), named);
                union_ += named ? 1 : 0;
            }
        QCOMPARE(h.numEdges(), union_);
    }
};

QTEST_APPLESS_MAIN(TestDprr)
#include "tst_dprr.moc"
