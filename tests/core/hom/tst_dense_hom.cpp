// The matrix evaluator for treewidth-≤2 patterns (hom/DenseEvaluator.h) against independent
// computations: brute force over all maps on small graphs, the sparse bag-table DP on random dense
// and sparse graphs (with hubs), every elimination order, the 1-WL-hard pairs, and the whole
// density matrix under each forced path.
#include "TestSupport.h"
#include "generators/Generators.h"
#include "hom/DenseEvaluator.h"
#include "hom/DensityMatrix.h"
#include "patterns/PatternSampler.h"

#include <QtTest>
#include <cmath>

using namespace px;

namespace {
double relErr(double a, double b) { return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-300}); }

double matrixDensity(const Pattern& f, const Graph& g, bool gemm) {
    hom::DensePlan plan(f);
    hom::DenseWorkspace ws;
    ws.bind(g);
    return hom::denseDensity(plan, g, ws, gemm);
}

// A sparse graph with a few hubs joined to most vertices (the REDDIT shape).
Graph hubGraph(int n, int hubs, Rng& rng) {
    std::vector<Edge> e;
    for (int u = 1; u < n; ++u) e.push_back({int(rng.below(std::uint64_t(u))), u});  // a random tree
    for (int h = 0; h < hubs; ++h)
        for (int v = 0; v < n; ++v)
            if (v != h && rng.uniform() < 0.7) e.push_back({h, v});
    return Graph::fromEdges(n, e);
}

std::vector<int> randomOrder(int m, Rng& rng) {
    std::vector<int> o(m);
    for (int i = 0; i < m; ++i) o[i] = i;
    for (int i = m - 1; i > 0; --i) std::swap(o[i], o[rng.below(std::uint64_t(i + 1))]);
    return o;
}

const char* kWidth2Classes[] = {"trees", "fan-cactus:1", "fan-cactus:3", "subgraph:1", "treewidth:1", "treewidth:2"};
}  // namespace

class TestDenseHom : public QObject {
    Q_OBJECT
private slots:
    void bruteForceOnSmallGraphs_data() {
        QTest::addColumn<QString>("key");
        for (const char* k : kWidth2Classes) QTest::newRow(k) << k;
    }
    // Exact agreement with all n^m maps (n ≤ 7, m ≤ 6), both matrix modes, connected or not.
    void bruteForceOnSmallGraphs() {
        QFETCH(QString, key);
        const PatternClass cls = PatternClass::parse(key.toStdString());
        Rng rng(hashString("dense-" + key.toStdString()));
        int checked = 0, nonzero = 0;
        for (int t = 0; t < 150; ++t) {
            const int m = 1 + int(rng.below(6)), n = 1 + int(rng.below(7));
            Pattern f = samplePattern(cls, m, 0.5 + 0.5 * rng.uniform(), rng);
            if (!hom::DensePlan(f).supported) continue;
            Graph g = pxtest::randomGraph(n, 0.2 + 0.7 * rng.uniform(), rng);
            const double bf = double(pxtest::bruteForceHom(f.graph, g));
            const double scale = std::pow(double(n), m);
            for (bool gemm : {false, true}) {
                const double got = matrixDensity(f, g, gemm) * scale;
                QVERIFY2(relErr(got, bf) < 1e-12 || (bf == 0 && got == 0),
                         qPrintable(QString("%1 on n=%2 (%3): %4 vs brute force %5").arg(pxtest::q(f.describe())).arg(n)
                                        .arg(gemm ? "gemm" : "scatter").arg(got, 0, 'g', 17).arg(bf, 0, 'g', 17)));
            }
            ++checked;
            nonzero += bf > 0;
        }
        QVERIFY(checked > 100);
        QVERIFY(nonzero > 30);  // not vacuous
    }
    // Against the sparse DP on larger graphs: dense ER, sparse ER, hub graphs; patterns up to m = 8,
    // decompositions from random elimination orders (exercising every kind of child message).
    void agreesWithSparseDp_data() {
        QTest::addColumn<QString>("key");
        for (const char* k : kWidth2Classes) QTest::newRow(k) << k;
    }
    void agreesWithSparseDp() {
        QFETCH(QString, key);
        const PatternClass cls = PatternClass::parse(key.toStdString());
        Rng rng(hashString("sparse-vs-dense-" + key.toStdString()));
        int compared = 0, matrixBags = 0;
        for (int t = 0; t < 60; ++t) {
            const int m = 2 + int(rng.below(7));
            Pattern sampled = samplePattern(cls, m, 0.6 + 0.4 * rng.uniform(), rng);
            Pattern f = t % 2 ? Pattern(sampled.graph, randomOrder(m, rng)) : sampled;
            hom::DensePlan plan(f);
            if (!plan.supported) continue;
            matrixBags += plan.matrixBags;
            Graph g = t % 3 == 0 ? gen::erdosRenyi(20 + int(rng.below(60)), 0.5 + 0.4 * rng.uniform(), rng)
                    : t % 3 == 1 ? gen::erdosRenyi(40 + int(rng.below(100)), 0.04, rng)
                                 : hubGraph(30 + int(rng.below(80)), 1 + int(rng.below(3)), rng);
            const double dp = hom::homDensity(f, g);
            for (bool gemm : {false, true}) {
                const double got = matrixDensity(f, g, gemm);
                QVERIFY2(relErr(got, dp) <= 1e-12,
                         qPrintable(QString("%1 on n=%2, e=%3 (%4): %5 vs DP %6").arg(pxtest::q(f.describe())).arg(g.numVertices())
                                        .arg(g.numEdges()).arg(gemm ? "gemm" : "scatter").arg(got, 0, 'g', 17).arg(dp, 0, 'g', 17)));
            }
            ++compared;
        }
        QVERIFY(compared >= 40);
        if (cls.treewidthBound() >= 2) QVERIFY(matrixBags > 0);  // matrix messages were exercised
    }
    // Graphs of more than one 256-column panel (the evaluator's unit between cancellation checks), so that every
    // panelled product, copy and Hadamard step crosses panel boundaries: both modes and both plans against the DP.
    // (Eigen's triangular product once left the rows under each panel's square at zero for n > 256.)
    void graphsLargerThanOnePanel() {
        Rng rng(2560);
        const Graph twoPanels = gen::erdosRenyi(300, 0.3, rng), threePanels = gen::erdosRenyi(530, 0.15, rng);
        std::vector<Pattern> patterns = {Pattern(gen::cycle(4)), Pattern(gen::cycle(5)), Pattern(gen::cycle(6)),
                                         Pattern(Graph::fromEdges(4, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}}))};
        for (int t = 0; t < 4; ++t) patterns.push_back(samplePattern(PatternClass::parse("treewidth:2"), 5, 0.9, rng));
        for (const Pattern& f : patterns) {
            const hom::DensePlan own(f), products = hom::DensePlan::forProducts(f);
            QVERIFY(own.supported);
            for (const Graph* g : {&twoPanels, &threePanels}) {
                const double reference = g == &twoPanels ? hom::homDensity(f, *g) : matrixDensity(f, *g, false);
                for (int mode = 0; mode < 3; ++mode) {
                    hom::DenseWorkspace ws;
                    ws.bind(*g);
                    const double got = hom::denseDensity(mode == 2 ? products : own, *g, ws, mode > 0);
                    QVERIFY2(relErr(got, reference) <= 1e-12,
                             qPrintable(QString("%1 on n=%2 (%3): %4 vs %5").arg(pxtest::q(f.describe())).arg(g->numVertices())
                                            .arg(mode == 0 ? "scatter" : mode == 1 ? "gemm" : "gemm, products plan")
                                            .arg(got, 0, 'g', 17).arg(reference, 0, 'g', 17)));
                }
            }
        }
    }
    // The plan for GEMM mode is never dearer than the pattern's own, is cheaper where equal messages can be shared
    // (the diamond: both degree-2 vertices give the same A diag(1) A), and counts the same homomorphisms.
    void productsPlanNeedsFewerProducts() {
        const Pattern diamond(Graph::fromEdges(4, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}}), {0, 1, 2, 3});
        QVERIFY(hom::DensePlan(diamond).productCost() > 0.6);
        QCOMPARE(hom::DensePlan::forProducts(diamond).productCost(), 0.6);
        Rng rng(77);
        int cheaper = 0, compared = 0;
        for (int t = 0; t < 60; ++t) {
            const Pattern f = samplePattern(PatternClass::parse("treewidth:2"), 3 + int(rng.below(7)), 0.9, rng);
            const hom::DensePlan own(f), products = hom::DensePlan::forProducts(f);
            if (!own.supported) continue;
            QVERIFY(products.supported);
            QVERIFY(products.productCost() <= own.productCost());
            cheaper += products.productCost() < own.productCost();
            const Graph g = gen::erdosRenyi(20 + int(rng.below(40)), 0.6, rng);
            hom::DenseWorkspace ws;
            ws.bind(g);
            QVERIFY(relErr(hom::denseDensity(products, g, ws, true), hom::homDensity(f, g)) <= 1e-12);
            ++compared;
        }
        QVERIFY(compared >= 50);
        QVERIFY2(cheaper >= 10, qPrintable(QString("only %1 of %2 sampled patterns got a cheaper plan").arg(cheaper).arg(compared)));
    }
    // Trees cannot tell the 1-WL-hard pairs apart, cycles can: the matrix path sees the same.
    void wlHardPairs() {
        const Dataset pairs = gen::wlHardPairs();
        for (int i = 0; i + 1 < pairs.size(); i += 2) {
            const Graph& a = pairs.graphs[i];
            const Graph& b = pairs.graphs[i + 1];
            for (int k = 3; k <= 8; ++k) {
                const Pattern c(gen::cycle(k));
                for (bool gemm : {false, true}) {
                    QVERIFY(relErr(matrixDensity(c, a, gemm), hom::homDensity(c, a)) <= 1e-12);
                    QVERIFY(relErr(matrixDensity(c, b, gemm), hom::homDensity(c, b)) <= 1e-12);
                }
            }
            Rng rng(7 + i);
            for (int t = 0; t < 10; ++t) {
                const Pattern tree(randomTree(2 + int(rng.below(7)), rng));
                QVERIFY(relErr(matrixDensity(tree, a, true), matrixDensity(tree, b, false)) <= 1e-12);
            }
            bool separated = false;
            for (int k = 3; k <= 8; ++k)
                separated |= relErr(matrixDensity(Pattern(gen::cycle(k)), a, true), matrixDensity(Pattern(gen::cycle(k)), b, true)) > 1e-9;
            QVERIFY2(separated, "some cycle separates each 1-WL-hard pair");
        }
    }
    // The matrix plan's elimination order leaves no more unmasked n × n messages than the pattern's own
    // decomposition, and a cycle C_k keeps exactly the k − 3 that every width-2 order has.
    void orderMinimisesUnmaskedMessages() {
        auto unmasked = [](const hom::DensePlan& p) {
            int k = 0;
            for (const auto& b : p.bags) k += b.sepSize == 2 && !b.masked;
            return k;
        };
        auto unmaskedOfOwnDecomposition = [&](const Pattern& f) {
            return unmasked(hom::DensePlan::fromDecomposition(f.graph, f.decomposition));
        };
        for (int k = 4; k <= 9; ++k) QCOMPARE(unmasked(hom::DensePlan(Pattern(gen::cycle(k)))), k - 3);
        Rng rng(123);
        int improved = 0;
        for (int t = 0; t < 200; ++t) {
            const Pattern f = samplePattern(PatternClass::parse("treewidth:2"), 4 + int(rng.below(5)), 0.8, rng);
            const hom::DensePlan plan(f);
            if (!plan.supported) continue;
            QVERIFY(unmasked(plan) <= unmaskedOfOwnDecomposition(f));
            improved += unmasked(plan) < unmaskedOfOwnDecomposition(f);
        }
        qInfo("%d of 200 sampled patterns got an order with fewer unmasked messages", improved);
    }
    void widthThreeIsNotSupported() {
        QVERIFY(!hom::DensePlan(Pattern(gen::complete(4))).supported);
        QVERIFY(hom::DensePlan(Pattern(gen::cycle(7))).supported);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, matrixDensity(Pattern(gen::complete(4)), gen::complete(5), true));
    }
    // The whole matrix is the same under every path, and the path counts add up.
    void densityMatrixUnderEveryPath() {
        Rng rng(99);
        Dataset ds;
        ds.name = "mixed";
        for (int i = 0; i < 24; ++i)
            ds.graphs.push_back(i % 3 == 0 ? gen::erdosRenyi(60, 0.6, rng) : i % 3 == 1 ? gen::erdosRenyi(80, 0.05, rng) : hubGraph(70, 2, rng));
        std::vector<Pattern> patterns;
        for (const char* k : {"trees", "treewidth:2", "fan-cactus:2", "treewidth:3"})
            for (int j = 0; j < 3; ++j) patterns.push_back(samplePattern(PatternClass::parse(k), 3 + j * 2, 0.9, rng));
        DensityParams p;
        const DensityMatrix dp = [&] { p.path = DensityPath::SparseDp; return DensityMatrix::compute(ds, patterns, p); }();
        for (DensityPath path : {DensityPath::Auto, DensityPath::Scatter, DensityPath::Gemm}) {
            p.path = path;
            const DensityMatrix other = DensityMatrix::compute(ds, patterns, p);
            for (int i = 0; i < dp.rows(); ++i)
                for (int j = 0; j < dp.cols(); ++j)
                    QVERIFY2(relErr(other.t(i, j), dp.t(i, j)) <= 1e-12, qPrintable(QString("graph %1 pattern %2").arg(i).arg(j)));
            for (int j = 0; j < dp.cols(); ++j) {
                const auto& c = other.pathCounts[j];
                QCOMPARE(c[0] + c[1] + c[2], long(ds.size()));
                if (!hom::DensePlan(patterns[j]).supported) QCOMPARE(c[0], long(ds.size()));  // width 3: always the DP
            }
        }
        for (int j = 0; j < dp.cols(); ++j) QCOMPARE(dp.pathCounts[j][0], long(ds.size()));
    }
    // The cost model's choices at the extremes: small sparse molecules stay on the DP, a dense graph
    // with a cycle pattern goes to GEMM, a large sparse graph with hubs to the scatter path.
    void costModelChoosesSensibly() {
        Rng rng(5);
        const Pattern c6(gen::cycle(6));
        const hom::HomPlan sp(c6);
        const hom::DensePlan dn(c6);
        const Graph molecule = gen::cycle(24);
        auto choice = [&](const Graph& g) { return hom::estimateCost(sp, dn, hom::GraphShape::of(g)).choice; };
        QVERIFY2(choice(molecule) == hom::EvalPath::SparseDp, hom::toString(choice(molecule)));
        const Graph dense = gen::erdosRenyi(400, 0.5, rng);
        QVERIFY2(choice(dense) == hom::EvalPath::Gemm, hom::toString(choice(dense)));
        const Graph hubs = hubGraph(2000, 1, rng);
        QVERIFY2(choice(hubs) == hom::EvalPath::Scatter, hom::toString(choice(hubs)));
    }
};

QTEST_APPLESS_MAIN(TestDenseHom)
#include "tst_dense_hom.moc"
