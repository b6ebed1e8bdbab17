#include "TestSupport.h"
#include "graph/GraphAlgorithms.h"

#include <QtTest>
#include <algorithm>
#include <numeric>
#include <stdexcept>

using namespace px;

class TestGraph : public QObject {
    Q_OBJECT
private slots:
    void csrIsSortedAndSymmetric() {
        Graph g = Graph::fromEdges(4, {{2, 0}, {0, 1}, {3, 2}, {1, 2}});
        QCOMPARE(g.numVertices(), 4);
        QCOMPARE(g.numEdges(), 4L);
        QCOMPARE(g.degree(2), 3);
        QCOMPARE(g.maxDegree(), 3);
        for (int v = 0; v < 4; ++v) {
            QVERIFY(std::is_sorted(g.neighborsBegin(v), g.neighborsEnd(v)));
            for (auto p = g.neighborsBegin(v); p != g.neighborsEnd(v); ++p) QVERIFY(g.hasEdge(*p, v));
        }
        QVERIFY(g.hasEdge(0, 2));
        QVERIFY(!g.hasEdge(0, 3));
        auto e = g.edges();
        QCOMPARE(int(e.size()), 4);
        QCOMPARE(e[0], Edge(0, 1));
        QCOMPARE(e[3], Edge(2, 3));
    }
    void selfLoopsAndDuplicatesAreDroppedAndReported() {
        EdgeCleanup c;
        Graph g = Graph::fromEdges(3, {{0, 1}, {1, 1}, {1, 0}, {1, 2}, {0, 1}, {2, 2}}, &c);
        QCOMPARE(g.numEdges(), 2L);
        QCOMPARE(c.selfLoops, (std::vector<std::size_t>{1, 5}));
        QCOMPARE(c.duplicates, (std::vector<std::size_t>{2, 4}));
        QVERIFY(!c.clean());
    }
    void outOfRangeEndpointThrows() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Graph::fromEdges(3, {{0, 3}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Graph::fromEdges(3, {{-1, 0}}));
    }
    void componentsAndForests() {
        Graph g = Graph::fromEdges(6, {{0, 1}, {1, 2}, {3, 4}});
        int k = 0;
        auto comp = connectedComponents(g, &k);
        QCOMPARE(k, 3);
        QCOMPARE(comp[0], comp[2]);
        QVERIFY(comp[0] != comp[3]);
        QVERIFY(isAcyclic(g));
        QVERIFY(!isConnected(g));
        QVERIFY(!isAcyclic(Graph::fromEdges(3, {{0, 1}, {1, 2}, {2, 0}})));
    }
    void isomorphismDetectsRelabellingAndRejectsWlPairs() {
        Rng rng(7);
        Graph a = pxtest::randomGraph(9, 0.4, rng);
        std::vector<int> perm = {3, 8, 1, 0, 7, 2, 6, 5, 4};
        std::vector<Edge> e;
        for (auto [u, v] : a.edges()) e.push_back({perm[u], perm[v]});
        QVERIFY(isIsomorphic(a, Graph::fromEdges(9, e)));
        // C6 and two triangles: same degrees, not isomorphic.
        Graph c6 = Graph::fromEdges(6, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}});
        Graph t2 = Graph::fromEdges(6, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}});
        QVERIFY(!isIsomorphic(c6, t2));
        QCOMPARE(degreeHistogram(c6), degreeHistogram(t2));
    }
    // Against an independent computation: every bijection of two small graphs tried. Half the pairs are a random
    // relabelling (isomorphic), half another graph with the same degree sequence where one exists (the hard case
    // for the vertex classes: equal degrees, maybe equal triangle counts), the rest two graphs of one size.
    void isomorphismAgreesWithTryingEveryBijection() {
        const auto bruteForce = [](const Graph& a, const Graph& b) {
            if (a.numVertices() != b.numVertices() || a.numEdges() != b.numEdges()) return false;
            std::vector<int> p(a.numVertices());
            std::iota(p.begin(), p.end(), 0);
            do {
                bool same = true;
                for (auto [u, v] : a.edges()) same = same && b.hasEdge(p[u], p[v]);
                if (same) return true;
            } while (std::next_permutation(p.begin(), p.end()));
            return false;
        };
        Rng rng(11);
        int isomorphic = 0, sameDegrees = 0;
        for (int trial = 0; trial < 400; ++trial) {
            const int n = 4 + int(rng.next() % 4);
            const Graph a = pxtest::randomGraph(n, 0.5, rng);
            Graph b;
            if (trial % 2 == 0) {
                std::vector<int> perm(n);
                std::iota(perm.begin(), perm.end(), 0);
                for (int i = n - 1; i > 0; --i) std::swap(perm[i], perm[rng.next() % (i + 1)]);
                std::vector<Edge> e;
                for (auto [u, v] : a.edges()) e.push_back({perm[u], perm[v]});
                b = Graph::fromEdges(n, e);
            } else {
                b = pxtest::randomGraph(n, 0.5, rng);
                for (int tries = 0; tries < 200 && degreeHistogram(b) != degreeHistogram(a); ++tries) b = pxtest::randomGraph(n, 0.5, rng);
            }
            const bool expected = bruteForce(a, b);
            isomorphic += expected;
            sameDegrees += !expected && degreeHistogram(a) == degreeHistogram(b);
            QCOMPARE(isIsomorphic(a, b), expected);
        }
        QVERIFY(isomorphic >= 200 && sameDegrees >= 20);  // both kinds of pair were tried
    }
    void blowUpAndUnion() {
        Graph p3 = Graph::fromEdges(3, {{0, 1}, {1, 2}});
        Graph b = blowUp(p3, 2);
        QCOMPARE(b.numVertices(), 6);
        QCOMPARE(b.numEdges(), 8L);
        Graph u = disjointUnion(p3, p3);
        QCOMPARE(u.numVertices(), 6);
        QCOMPARE(u.numEdges(), 4L);
        QCOMPARE(numComponents(u), 2);
    }
};

QTEST_APPLESS_MAIN(TestGraph)
#include "tst_graph.moc"
