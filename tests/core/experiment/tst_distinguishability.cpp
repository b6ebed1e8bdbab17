// The distinguishability demo's "separating patterns" and clean distance against hom counts computed in the
// test by brute force (every map of F's vertices into G, checked edge by edge), on the demo's own pairs and on
// random pairs of small graphs (RapidCheck). A pattern separates two graphs with the same n exactly when its hom
// counts differ; rounding in the densities must not make a tree "separate" two 1-WL-equivalent graphs.
#include "common/Error.h"
#include "experiment/Distinguishability.h"
#include "patterns/PatternSet.h"

#include <QtTest>
#include <algorithm>
#include <functional>
#include "PropertySupport.h"
#include <rapidcheck.h>

using namespace px;
using namespace px::experiment;

namespace {

// hom(F, G) by backtracking over F's vertices in index order, checking every edge to an earlier vertex.
unsigned long long bruteHom(const Graph& f, const Graph& g) {
    const int m = f.numVertices(), n = g.numVertices();
    std::vector<int> image(std::size_t(m), -1);
    unsigned long long count = 0;
    std::function<void(int)> extend = [&](int v) {
        if (v == m) {
            ++count;
            return;
        }
        for (int x = 0; x < n; ++x) {
            bool ok = true;
            for (const int* u = f.neighborsBegin(v); ok && u != f.neighborsEnd(v); ++u)
                if (*u < v && !g.hasEdge(image[std::size_t(*u)], x)) ok = false;
            if (!ok) continue;
            image[std::size_t(v)] = x;
            extend(v + 1);
        }
    };
    extend(0);
    return count;
}

PatternSet patternsOf(const DistinguishabilityParams& p, const std::string& cls) {
    PatternSamplerParams sp;
    sp.patternClass = PatternClass::parse(cls);
    sp.count = p.d;
    sp.size.maxSize = p.maxSize;
    sp.seed = p.seed;
    return PatternSet::sample(sp);
}

int bruteSeparating(const PatternSet& set, const Graph& g0, const Graph& g1) {
    int separating = 0;
    for (const Pattern& f : set.patterns) separating += bruteHom(f.graph, g0) != bruteHom(f.graph, g1);
    return separating;
}

Graph randomGraph(int n) {
    std::vector<Edge> edges;
    for (int u = 0; u < n; ++u)
        for (int v = u + 1; v < n; ++v)
            if (*rc::gen::inRange(0, 3) == 0) edges.push_back({u, v});
    return Graph::fromEdges(n, edges);
}

// Whether F's vertices can be coloured with `colours` colours, no edge inside a colour: backtracking in index order.
bool colourable(const Graph& f, int colours) {
    std::vector<int> colour(std::size_t(f.numVertices()), -1);
    std::function<bool(int)> extend = [&](int v) {
        if (v == f.numVertices()) return true;
        for (int c = 0; c < colours; ++c) {
            bool ok = true;
            for (const int* u = f.neighborsBegin(v); ok && u != f.neighborsEnd(v); ++u)
                if (*u < v && colour[std::size_t(*u)] == c) ok = false;
            if (!ok) continue;
            colour[std::size_t(v)] = c;
            if (extend(v + 1)) return true;
        }
        return false;
    };
    return extend(0);
}

}  // namespace

class TestDistinguishability : public QObject {
    Q_OBJECT
private slots:
    // The four 1-WL-equivalent pairs: no tree separates them, every count agrees with brute force, and the clean
    // distance is exactly 0 where nothing separates (decalin vs bicyclopentyl differ by 4e−19 in floating point).
    void demoPairsAgreeWithBruteForce() {
        DistinguishabilityParams p;
        p.d = 12;
        p.maxSize = 6;
        p.epsilons = {1};
        const auto pairs = demoPairs();
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            const auto r = distinguishability(pairs[i].g0, pairs[i].g1, p);
            for (const auto& c : r.classes) {
                const int expected = bruteSeparating(patternsOf(p, c.patternClass), pairs[i].g0, pairs[i].g1);
                const QString where = QString::fromStdString(pairs[i].name + " / " + c.patternClass);
                QVERIFY2(c.separatingPatterns == expected, qPrintable(where + QString(": %1, brute force %2").arg(c.separatingPatterns).arg(expected)));
                QVERIFY2((c.cleanDistance == 0.0) == (expected == 0), qPrintable(where));
                QVERIFY2((c.overlap.front() == 1.0) == (expected == 0), qPrintable(where));
                if (i < 4 && c.patternClass == "trees") QVERIFY2(expected == 0, qPrintable(where + " (1-WL-equivalent)"));
            }
        }
    }
    // The demo reports its progress and stops when asked: the fractions never go down and end at 1, the result is
    // the one computed without a progress; a stop asked after the first report throws px::Cancelled before the
    // second class starts (the demo was once a computation the window could not show or call off).
    void reportsProgressAndStopsWhenCancelled() {
        struct Recorder : px::Progress {
            std::vector<double> seen;
            int stopAfter = -1;  // cancelled once this many reports arrived (-1: never)
            void report(double f) override { seen.push_back(f); }
            bool cancelled() const override { return stopAfter >= 0 && int(seen.size()) >= stopAfter; }
        };
        DistinguishabilityParams p;
        p.d = 8;
        p.maxSize = 6;
        const GraphPair pair = demoPairs().front();
        Recorder all;
        const auto withProgress = distinguishability(pair.g0, pair.g1, p, all);
        const auto without = distinguishability(pair.g0, pair.g1, p);
        QVERIFY(all.seen.size() >= p.classes.size());
        QVERIFY(std::is_sorted(all.seen.begin(), all.seen.end()));
        QCOMPARE(all.seen.back(), 1.0);
        QVERIFY(all.seen.front() < 1.0 / double(p.classes.size()) + 1e-12);  // the first class's share, not the whole
        QCOMPARE(withProgress.classes.size(), without.classes.size());
        for (std::size_t i = 0; i < without.classes.size(); ++i) {
            QCOMPARE(withProgress.classes[i].separatingPatterns, without.classes[i].separatingPatterns);
            QCOMPARE(withProgress.classes[i].overlap, without.classes[i].overlap);
        }
        Recorder stopping;
        stopping.stopAfter = 1;
        QVERIFY_THROWS_EXCEPTION(px::Cancelled, distinguishability(pair.g0, pair.g1, p, stopping));
        QVERIFY2(stopping.seen.back() <= 1.0 / double(p.classes.size()) + 1e-12, qPrintable(QString::number(stopping.seen.back())));
    }
    // What lesson 1 says of decalin and bicyclopentyl: a 5-cycle maps into bicyclopentyl, never into decalin
    // (bipartite), while the 30 treewidth-2 patterns the demo draws all count the same in both.
    void aFiveCycleSeparatesDecalinFromBicyclopentyl() {
        const auto pairs = demoPairs();
        const auto pair = std::find_if(pairs.begin(), pairs.end(), [](const GraphPair& p) { return p.name == "decalin vs bicyclopentyl"; });
        QVERIFY(pair != pairs.end());
        const Graph c5 = Graph::fromEdges(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}});
        QCOMPARE(bruteHom(c5, pair->g0), 0ULL);
        QVERIFY(bruteHom(c5, pair->g1) > 0);
        const DistinguishabilityParams p;
        QCOMPARE(bruteSeparating(patternsOf(p, "treewidth:2"), pair->g0, pair->g1), 0);
    }
    // What lesson 1 step 3 says of C6 vs two triangles: a pattern separates them exactly when it has an odd cycle
    // (not 2-colourable) and three colours suffice (C6 = K3 × K2, so hom(F, C6) = hom(F, K3)·hom(F, K2)), so a
    // treewidth-3 pattern with a 4-clique cannot. Checked on the demo's samples of every class and on random graphs.
    void sixCycleVersusTwoTrianglesNeedsAnOddThreeColourablePattern() {
        const auto pairs = demoPairs();
        const auto pair = std::find_if(pairs.begin(), pairs.end(), [](const GraphPair& p) { return p.name == "C6 vs two triangles"; });
        QVERIFY(pair != pairs.end());
        auto separates = [&](const Graph& f) { return bruteHom(f, pair->g0) != bruteHom(f, pair->g1); };
        const DistinguishabilityParams p;
        int fourChromatic = 0;
        for (const std::string cls : {"trees", "treewidth:2", "treewidth:3"})
            for (const Pattern& f : patternsOf(p, cls).patterns) {
                QCOMPARE(separates(f.graph), !colourable(f.graph, 2) && colourable(f.graph, 3));
                fourChromatic += !colourable(f.graph, 3);
            }
        QVERIFY2(fourChromatic > 0, "the demo's treewidth-3 sample holds no pattern that needs four colours");
        const Graph k4 = Graph::fromEdges(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}});
        QVERIFY(!separates(k4));
        QVERIFY(pxtest::checkProperty("F separates C6 from two triangles iff F is 3- but not 2-colourable", 20261205, 200, [&] {
            const Graph f = randomGraph(*rc::gen::inRange(1, 7));
            RC_ASSERT(separates(f) == (!colourable(f, 2) && colourable(f, 3)));
        }));
    }
    // Random pairs of graphs with the same n and a random class: the demo's count is the brute-force count.
    void randomPairsAgreeWithBruteForce() {
        QVERIFY(pxtest::checkProperty("separating patterns are those whose hom counts differ", 20261205, 40, [] {
            const int n = *rc::gen::inRange(2, 7);
            const Graph g0 = randomGraph(n), g1 = randomGraph(n);
            DistinguishabilityParams p;
            p.classes = {*rc::gen::element<std::string>("trees", "fan-cactus:2", "treewidth:2")};
            p.d = 6;
            p.maxSize = 5;
            p.seed = *rc::gen::inRange<std::uint64_t>(1, 1000);
            p.epsilons = {1};
            const auto c = distinguishability(g0, g1, p).classes.at(0);
            const int expected = bruteSeparating(patternsOf(p, p.classes[0]), g0, g1);
            RC_ASSERT(c.separatingPatterns == expected);
            RC_ASSERT((c.cleanDistance == 0.0) == (expected == 0));
        }));
    }
};

QTEST_APPLESS_MAIN(TestDistinguishability)
#include "tst_distinguishability.moc"
