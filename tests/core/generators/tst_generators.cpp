#include "TestSupport.h"
#include "generators/Generators.h"
#include "graph/GraphAlgorithms.h"

#include <QtTest>
#include <algorithm>

using namespace px;

class TestGenerators : public QObject {
    Q_OBJECT
private slots:
    void seededAndDeterministic() {
        for (const auto& name : gen::builtinNames()) {
            Dataset a = gen::builtin(name, 3), b = gen::builtin(name, 3);
            QCOMPARE(a.contentHash(), b.contentHash());
            QVERIFY(a.size() > 0);
            for (const auto& g : a.graphs) QVERIFY(g.numVertices() > 0);
        }
        QVERIFY(gen::builtin("sbm-cycles", 1).contentHash() != gen::builtin("sbm-cycles", 2).contentHash());
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, gen::builtin("nope"));
    }
    void erdosRenyiEdgeCountMatchesExpectation() {
        Rng rng(11);
        const int n = 2000;
        const double p = 0.005;
        long total = 0;
        for (int r = 0; r < 20; ++r) total += gen::erdosRenyi(n, p, rng).numEdges();
        const double mean = double(total) / 20, expected = p * n * (n - 1) / 2;
        const double sd = std::sqrt(expected * (1 - p) / 20);
        QVERIFY2(std::abs(mean - expected) < 5 * sd, qPrintable(QString("%1 vs %2").arg(mean).arg(expected)));
        QCOMPARE(gen::erdosRenyi(10, 1.0, rng).numEdges(), 45L);
        QCOMPARE(gen::erdosRenyi(10, 0.0, rng).numEdges(), 0L);
    }
    void sbmCycleTaskKeepsDegreesButNotTriangles() {
        // Each rewired graph keeps its SBM draw's degree sequence exactly; check via a direct pair.
        Rng rng(5);
        Graph g = gen::stochasticBlockModel({8, 8, 8}, 0.5, 0.03, rng);
        Graph r = gen::rewireDegreePreserving(g, 10.0, rng);
        for (int v = 0; v < g.numVertices(); ++v) QCOMPARE(r.degree(v), g.degree(v));
        QVERIFY(r != g);
        Dataset ds = gen::sbmCycleTask(40, 1);
        QCOMPARE(ds.size(), 40);
        QCOMPARE(ds.tasks[0].type, TaskType::Binary);
        QCOMPARE(int(ds.labels.sum()), 20);
    }
    void cslIsRegularAndWlHard() {
        Dataset csl = gen::cslDataset(1, 2);
        QCOMPARE(csl.size(), 20);
        for (const auto& g : csl.graphs) {
            QCOMPARE(g.numVertices(), 41);
            QCOMPARE(g.numEdges(), 82L);
            QCOMPARE(g.maxDegree(), 4);
        }
        QVERIFY(isIsomorphic(csl.graphs[0], csl.graphs[1]));   // same class, relabelled
        QVERIFY(!isIsomorphic(csl.graphs[0], csl.graphs[2]));  // skip 2 vs skip 3
    }
    void wlPairsHaveEqualDegreeSequences() {
        Dataset ds = gen::wlHardPairs();
        QCOMPARE(ds.size() % 2, 0);
        for (int i = 0; i < ds.size(); i += 2) {
            QCOMPARE(degreeHistogram(ds.graphs[i]), degreeHistogram(ds.graphs[i + 1]));
            QVERIFY(!isIsomorphic(ds.graphs[i], ds.graphs[i + 1]));
        }
    }
};

QTEST_APPLESS_MAIN(TestGenerators)
#include "tst_generators.moc"
