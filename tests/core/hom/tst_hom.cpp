// Homomorphism counts against independent computations: docs/mathematics.md §1 identities, brute force over
// all maps, blow-ups, disjoint unions and isomorphic relabellings.
#include "TestSupport.h"
#include "generators/Generators.h"
#include "graph/GraphAlgorithms.h"
#include "patterns/PatternSampler.h"

#include <Eigen/Dense>
#include <QtTest>
#include <cmath>

using namespace px;
using hom::u128;

namespace {
double relErr(double a, double b) { return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-300}); }
u128 ipow(u128 b, int e) { u128 r = 1; while (e-- > 0) r *= b; return r; }
// hom(F,G) from the density: t · n^m
double fromDensity(const Pattern& f, const Graph& g) { return hom::homDensity(f, g) * std::pow(double(g.numVertices()), f.vertices()); }
Eigen::MatrixXd adjacency(const Graph& g) {
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(g.numVertices(), g.numVertices());
    for (auto [u, v] : g.edges()) a(u, v) = a(v, u) = 1;
    return a;
}
#define CHECK_EXACT(F, G, expected)                                                                      \
    do {                                                                                                 \
        const u128 got_ = hom::homCount(F, G);                                                           \
        QVERIFY2(got_ == u128(expected), qPrintable(QString("%1: got %2 expected %3").arg(pxtest::q(F.describe())) \
                 .arg(pxtest::q(hom::toString(got_))).arg(pxtest::q(hom::toString(u128(expected))))));   \
        QVERIFY2(relErr(fromDensity(F, G), double(expected)) < 1e-12, F.describe().c_str());            \
    } while (0)
}  // namespace

class TestHom : public QObject {
    Q_OBJECT
private slots:
    void specIdentitiesOnRandomGraphs() {
        Rng rng(2024);
        for (int t = 0; t < 25; ++t) {
            const int n = 5 + int(rng.below(25));
            Graph g = pxtest::randomGraph(n, 0.05 + 0.4 * rng.uniform(), rng);
            Eigen::MatrixXd A = adjacency(g);
            Eigen::VectorXd ones = Eigen::VectorXd::Ones(n);
            CHECK_EXACT(Pattern(Graph::fromEdges(1, {})), g, n);
            CHECK_EXACT(Pattern(gen::path(2)), g, 2 * g.numEdges());
            for (int k = 1; k <= 6; ++k) {
                u128 sum = 0;
                for (int v = 0; v < n; ++v) sum += ipow(u128(g.degree(v)), k);
                CHECK_EXACT(Pattern(gen::star(k)), g, sum);  // star with k leaves: Σ deg^k
            }
            Eigen::MatrixXd Ak = Eigen::MatrixXd::Identity(n, n);
            for (int k = 1; k <= 8; ++k) {
                Ak = Ak * A;
                const double walks = ones.dot(Ak * ones);      // 1ᵀ A^k 1 = hom(P_{k+1})
                CHECK_EXACT(Pattern(gen::path(k + 1)), g, u128(std::llround(walks)));
                if (k >= 3) CHECK_EXACT(Pattern(gen::cycle(k)), g, u128(std::llround(Ak.trace())));  // trace A^k
            }
        }
    }
    // Exact equality with brute force over all n^m maps, for every class, n ≤ 7, m ≤ 6.
    void bruteForceAllClasses_data() {
        QTest::addColumn<QString>("key");
        for (const char* k : {"trees", "fan-cactus:1", "fan-cactus:3", "subgraph:1", "subgraph:2", "treewidth:1",
                              "treewidth:2", "treewidth:3", "treewidth:5"})
            QTest::newRow(k) << k;
    }
    void bruteForceAllClasses() {
        QFETCH(QString, key);
        const PatternClass cls = PatternClass::parse(key.toStdString());
        Rng rng(hashString(key.toStdString()));
        int nonzero = 0;
        for (int t = 0; t < 120; ++t) {
            const int m = 1 + int(rng.below(6)), n = 1 + int(rng.below(7));
            Pattern f = samplePattern(cls, m, 0.5 + 0.5 * rng.uniform(), rng);
            Graph g = pxtest::randomGraph(n, 0.2 + 0.7 * rng.uniform(), rng);
            const u128 bf = pxtest::bruteForceHom(f.graph, g);
            const u128 dp = hom::homCount(f, g);
            QVERIFY2(dp == bf, qPrintable(QString("%1 on n=%2: dp %3, brute force %4").arg(pxtest::q(f.describe()))
                                              .arg(n).arg(pxtest::q(hom::toString(dp))).arg(pxtest::q(hom::toString(bf)))));
            QVERIFY2(relErr(fromDensity(f, g), double(bf)) < 1e-12 || bf == 0, f.describe().c_str());
            if (bf == 0) QCOMPARE(hom::homDensity(f, g), 0.0);
            nonzero += bf > 0;
        }
        QVERIFY(nonzero > 30);  // the comparison is not vacuous
    }
    // Decompositions from arbitrary elimination orders (not only the sampler's) give the same count.
    void anyEliminationOrderGivesTheSameCount() {
        Rng rng(17);
        int joins = 0;
        for (int t = 0; t < 150; ++t) {
            const int m = 1 + int(rng.below(7));
            Graph fg = pxtest::randomGraph(m, 0.5, rng);
            std::vector<int> order(m);
            std::iota(order.begin(), order.end(), 0);
            for (int i = m - 1; i > 0; --i) std::swap(order[i], order[rng.below(i + 1)]);
            Pattern f(fg, order);
            hom::HomPlan plan(f);
            for (const auto& bag : plan.bags)
                for (const auto& st : bag.steps) joins += st.generator >= 0;
            Graph g = pxtest::randomGraph(1 + int(rng.below(6)), 0.6, rng);
            QVERIFY2(hom::homCount(f, g) == pxtest::bruteForceHom(fg, g), f.describe().c_str());
        }
        QVERIFY2(joins > 20, "the join path (candidates from a child message) was not exercised");
    }
    void disjointUnionIsMultiplicativeAndIsolatedVerticesAreNeutral() {
        Rng rng(5);
        Graph g = pxtest::randomGraph(12, 0.3, rng);
        Pattern f1(gen::cycle(4)), f2(gen::star(3));
        Pattern both(disjointUnion(f1.graph, f2.graph));
        QVERIFY(relErr(hom::homDensity(both, g), hom::homDensity(f1, g) * hom::homDensity(f2, g)) < 1e-13);
        QCOMPARE(hom::homCount(both, g), hom::homCount(f1, g) * hom::homCount(f2, g));
        Pattern withIsolated(disjointUnion(f1.graph, Graph::fromEdges(1, {})));
        QVERIFY(relErr(hom::homDensity(withIsolated, g), hom::homDensity(f1, g)) < 1e-13);
        QVERIFY(both.isForest() == false);
        Pattern forest(disjointUnion(gen::path(3), gen::star(2)));  // forest path with two roots
        QCOMPARE(hom::homCount(forest, g), pxtest::bruteForceHom(forest.graph, g));
    }
    void blowUpInvariance() {
        Rng rng(8);
        Graph g = pxtest::randomGraph(9, 0.35, rng);
        for (int p : {2, 3}) {
            Graph b = blowUp(g, p);
            for (const char* key : {"trees", "treewidth:2", "treewidth:3", "fan-cactus:2"}) {
                for (int t = 0; t < 10; ++t) {
                    Pattern f = samplePattern(PatternClass::parse(key), 2 + int(rng.below(6)), 0.9, rng);
                    QVERIFY2(relErr(hom::homDensity(f, b), hom::homDensity(f, g)) < 1e-12, f.describe().c_str());
                    QCOMPARE(hom::homCount(f, b), hom::homCount(f, g) * ipow(u128(p), f.vertices()));
                }
            }
        }
    }
    void isomorphicGraphsGiveEqualEmbeddings() {
        Rng rng(12);
        Graph g = pxtest::randomGraph(15, 0.3, rng);
        Graph h = gen::permuted(g, rng);
        for (const char* key : {"trees", "treewidth:3", "subgraph:2"})
            for (int t = 0; t < 10; ++t) {
                Pattern f = samplePattern(PatternClass::parse(key), 2 + int(rng.below(7)), 0.9, rng);
                QCOMPARE(hom::homCount(f, g), hom::homCount(f, h));
                QVERIFY(relErr(hom::homDensity(f, g), hom::homDensity(f, h)) < 1e-13);
            }
    }
    // The 1-WL-hard pairs: equal for every tree, different for some cycle (Dvořák; Dell–Grohe–Rattan).
    void treesCannotSeparateWlPairsButCyclesCan() {
        Dataset pairs = gen::wlHardPairs();
        Rng rng(4);
        for (int i = 0; i < pairs.size(); i += 2) {
            const Graph &a = pairs.graphs[i], &b = pairs.graphs[i + 1];
            for (int t = 0; t < 15; ++t) {
                Pattern f = samplePattern(PatternClass::parse("trees"), 2 + int(rng.below(7)), 1.0, rng);
                QCOMPARE(hom::homCount(f, a), hom::homCount(f, b));
            }
            bool separated = false;
            for (int k = 3; k <= 8; ++k) separated |= hom::homCount(Pattern(gen::cycle(k)), a) != hom::homCount(Pattern(gen::cycle(k)), b);
            QVERIFY(separated);
        }
    }
    // Counts beyond 64 bits stay exact (128-bit path) and the density stays finite and correct.
    void largeCountsDoNotOverflow() {
        Graph k10 = gen::complete(10);
        Pattern p22(gen::path(22));  // hom = 10 · 9^21 ≈ 1.09e21 > 2^64
        QCOMPARE(hom::homCount(p22, k10), u128(10) * ipow(9, 21));
        QVERIFY(relErr(hom::homDensity(p22, k10), std::pow(0.9, 21)) < 1e-12);
        Pattern p60(gen::path(60));
        QVERIFY_THROWS_EXCEPTION(std::overflow_error, hom::homCount(p60, gen::complete(10)));
        QVERIFY(relErr(hom::homDensity(p60, gen::complete(10)), std::pow(0.9, 59)) < 1e-12);
    }
    void forestPathAgreesWithGeneralPath() {
        Rng rng(31);
        for (int t = 0; t < 50; ++t) {
            Graph tree = randomTree(1 + int(rng.below(12)), rng);
            Pattern f(tree);
            QVERIFY(f.isForest());
            Graph g = pxtest::randomGraph(5 + int(rng.below(30)), 0.2, rng);
            hom::HomPlan plan(f);
            hom::Workspace<long double> wsl;
            const long double general = hom::density(plan, g, wsl);  // long double takes the bag DP
            QVERIFY(relErr(double(general), hom::homDensity(f, g)) < 1e-12);
        }
    }
    void emptyGraphIsRejected() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, hom::homDensity(Pattern(gen::path(2)), Graph()));
    }
};

QTEST_APPLESS_MAIN(TestHom)
#include "tst_hom.moc"
