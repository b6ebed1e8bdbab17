// DensityMatrix: agreement with single evaluations, bit-identity across thread counts,
// progress and cancellation.
#include "TestSupport.h"
#include "common/Error.h"
#include "generators/Generators.h"
#include "hom/DensityMatrix.h"
#include "hom/HomCounter.h"

#include <QtTest>
#include <atomic>
#include <chrono>
#include <cstring>

using namespace px;

namespace {
class CancelAfter : public Progress {
public:
    explicit CancelAfter(double f) : at_(f) {}
    void report(double f) override {
        last_ = f;
        if (f >= at_) cancel_ = true;
    }
    bool cancelled() const override { return cancel_; }
    double last() const { return last_; }

private:
    double at_;
    std::atomic<double> last_{0};
    std::atomic<bool> cancel_{false};
};
}  // namespace

class TestDensityMatrix : public QObject {
    Q_OBJECT
private slots:
    void matchesSingleEvaluations() {
        Dataset ds = gen::sbmCycleTask(30, 2);
        PatternSamplerParams p;
        p.patternClass = PatternClass::parse("treewidth:2");
        p.count = 12;
        p.size.maxSize = 9;
        PatternSet set = PatternSet::sample(p);
        DensityMatrix dm = DensityMatrix::compute(ds, set);
        QCOMPARE(dm.rows(), 30);
        QCOMPARE(dm.cols(), 12);
        for (int i = 0; i < dm.rows(); ++i) {
            QCOMPARE(dm.n(i), double(ds.graphs[i].numVertices()));
            for (int j = 0; j < dm.cols(); ++j) {
                QCOMPARE(dm.t(i, j), hom::homDensity(set.patterns[j], ds.graphs[i]));
                QVERIFY(dm.t(i, j) >= 0.0 && dm.t(i, j) <= 1.0);
            }
        }
    }
    void bitIdenticalForAnyThreadCount() {
        // Sparse small graphs with width-3 patterns (mostly the DP), and dense graphs with width-2 patterns
        // (the matrix paths, their shared messages and the per-thread memo of path choices).
        for (int round = 0; round < 2; ++round) {
            Dataset ds = round == 0 ? gen::erdosRenyiTask(200, 10, 40, 0.1, 0.2, 3) : gen::erdosRenyiTask(60, 30, 90, 0.5, 0.6, 3);
            PatternSamplerParams p;
            p.patternClass = PatternClass::parse(round == 0 ? "treewidth:3" : "treewidth:2");
            p.count = 10;
            p.size.maxSize = round == 0 ? 10 : 8;
            PatternSet set = PatternSet::sample(p);
            DensityParams one{1, 7}, two{2, 5}, many{8, 1};
            DensityMatrix a = DensityMatrix::compute(ds, set, one), b = DensityMatrix::compute(ds, set, two),
                          c = DensityMatrix::compute(ds, set, many);
            const std::size_t bytes = sizeof(double) * std::size_t(a.t.size());
            QCOMPARE(std::memcmp(a.t.data(), b.t.data(), bytes), 0);
            QCOMPARE(std::memcmp(a.t.data(), c.t.data(), bytes), 0);
            if (round == 1) {
                long matrix = 0;
                for (const auto& pc : a.pathCounts) matrix += pc[1] + pc[2];
                QVERIFY2(matrix > 0, "the dense round exercises the matrix paths");
            }
        }
    }
    // Several pattern sets in one pass (a sweep's pattern seeds): each set's matrix is bit for bit its own
    // computation's, on dense graphs (GEMM), sparse ones with hubs (scatter) and small ones (the DP), with sets that
    // share bag expressions (overlapping patterns) and a set of another class.
    void setsComputedTogetherEqualEachAlone() {
        std::vector<Dataset> data = {gen::erdosRenyiTask(12, 40, 70, 0.5, 0.6, 3), gen::erdosRenyiTask(30, 10, 30, 0.1, 0.2, 4)};
        Dataset hubs;
        hubs.name = "hubs";
        for (int n : {60, 120, 200}) {
            std::vector<std::pair<int, int>> edges;
            for (int v = 1; v < n; ++v) edges.push_back({0, v});                   // a hub of degree n − 1
            for (int v = 1; v + 1 < n; v += 2) edges.push_back({v, v + 1});        // and a matching
            hubs.graphs.push_back(Graph::fromEdges(n, edges));
        }
        data.push_back(hubs);
        std::vector<std::vector<Pattern>> sets;
        for (const char* cls : {"treewidth:2", "treewidth:2", "trees"}) {
            PatternSamplerParams p;
            p.patternClass = PatternClass::parse(cls);
            p.count = 8;
            p.size.maxSize = 8;
            p.seed = sets.size() + 1;
            sets.push_back(PatternSet::sample(p).patterns);
        }
        sets.push_back({sets[0][0], sets[1][1], sets[0][2]});  // bags equal to the first sets' ones
        for (const Dataset& ds : data)
            for (DensityPath path : {DensityPath::Auto, DensityPath::Gemm, DensityPath::Scatter}) {
                DensityParams params;
                params.path = path;
                const std::vector<DensityMatrix> together = DensityMatrix::computeSets(ds, sets, params);
                QCOMPARE(together.size(), sets.size());
                for (std::size_t s = 0; s < sets.size(); ++s) {
                    const DensityMatrix alone = DensityMatrix::compute(ds, sets[s], params);
                    QCOMPARE(together[s].cols(), alone.cols());
                    QCOMPARE(together[s].n, alone.n);
                    QCOMPARE(std::memcmp(together[s].t.data(), alone.t.data(), sizeof(double) * std::size_t(alone.t.size())), 0);
                    for (std::size_t j = 0; j < sets[s].size(); ++j) QVERIFY(together[s].pathCounts[j] == alone.pathCounts[j]);
                }
            }
    }
    // A graph repeated in a data set (same numbering, same edges) is computed once and its row copied; each row is
    // still bit for bit its graph's own computation, a near copy (one edge moved) is computed for itself, and the
    // path counts count every graph.
    void repeatedGraphsComputedOnceAndCopied() {
        const Dataset base = gen::erdosRenyiTask(3, 70, 90, 0.4, 0.5, 5);
        std::vector<Edge> moved = base.graphs[0].edges();
        const Edge last = moved.back();
        moved.pop_back();
        for (int v = 0; v < base.graphs[0].numVertices(); ++v)  // the first non-edge after the removed one's endpoint
            if (v != last.first && !base.graphs[0].hasEdge(last.first, v)) { moved.push_back({last.first, v}); break; }
        Dataset ds;
        ds.name = "repeats";
        const Graph nearCopy = Graph::fromEdges(base.graphs[0].numVertices(), moved);
        QCOMPARE(nearCopy.numEdges(), base.graphs[0].numEdges());
        ds.graphs = {base.graphs[0], base.graphs[1], base.graphs[0], nearCopy, base.graphs[2], base.graphs[0], base.graphs[1]};
        PatternSamplerParams p;
        p.patternClass = PatternClass::parse("treewidth:2");
        p.count = 8;
        p.size.maxSize = 7;
        const PatternSet set = PatternSet::sample(p);
        for (DensityPath path : {DensityPath::Auto, DensityPath::SparseDp, DensityPath::Gemm}) {
            DensityParams params;
            params.path = path;
            const DensityMatrix dm = DensityMatrix::compute(ds, set, params);
            for (int i = 0; i < ds.size(); ++i) {
                Dataset one;
                one.name = "one";
                one.graphs = {ds.graphs[i]};
                const DensityMatrix alone = DensityMatrix::compute(one, set, params);
                QCOMPARE(dm.n(i), alone.n(0));
                QCOMPARE(std::memcmp(dm.t.row(i).eval().data(), alone.t.data(), sizeof(double) * std::size_t(dm.cols())), 0);
            }
            QVERIFY2(dm.t.row(3) != dm.t.row(0), "the near copy has densities of its own");
            for (const auto& pc : dm.pathCounts) QCOMPARE(pc[0] + pc[1] + pc[2], long(ds.size()));
        }
    }
    void reportsProgressAndCancels() {
        Dataset ds = gen::erdosRenyiTask(3000, 30, 60, 0.1, 0.12, 1);
        PatternSamplerParams p;
        p.patternClass = PatternClass::parse("treewidth:3");
        p.count = 20;
        p.size.maxSize = 12;
        PatternSet set = PatternSet::sample(p);
        CancelAfter full(2.0);  // never cancels
        DensityMatrix::compute(ds, PatternSet::sample(PatternSamplerParams{}), {}, full);
        QCOMPARE(full.last(), 1.0);
        CancelAfter early(0.02);
        auto t0 = std::chrono::steady_clock::now();
        QVERIFY_THROWS_EXCEPTION(Cancelled, DensityMatrix::compute(ds, set, {2, 8}, early));
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        // Not a speed assertion: a run that ignored the cancel would compute all 3000 graphs.
        QVERIFY(early.last() < 0.5);
        qInfo("cancelled at %.1f%% after %.3f s", early.last() * 100, secs);
    }
    // Width-3 patterns on dense graphs: refused up front when the estimated tables exceed the memory
    // limit or the estimated work the time limit, with the estimate in the message.
    void refusesTablesBeyondTheMemoryLimit() {
        Rng rng(4);
        Dataset ds;
        ds.name = "dense";
        for (int i = 0; i < 4; ++i) ds.graphs.push_back(gen::erdosRenyi(50, 0.8, rng));
        const std::vector<Pattern> k4 = {Pattern(gen::complete(4))};
        DensityParams p;
        p.maxMemoryBytes = 1 << 20;  // 1 MiB
        try {
            DensityMatrix::compute(ds, k4, p);
            QFAIL("tables beyond the limit were not refused");
        } catch (const ResourceError& e) {
            QVERIFY2(std::string(e.what()).find("needs sparse-DP tables of about") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("n = 50") != std::string::npos, e.what());
            // a limit below 1 GiB in MiB, not "0.0 GiB"
            QVERIFY2(std::string(e.what()).find(" MiB per thread") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("0.0 GiB") == std::string::npos, e.what());
        }
        p.maxMemoryBytes = 0;
        p.maxEstimatedSeconds = 1e-6;
        QVERIFY_THROWS_EXCEPTION(ResourceError, DensityMatrix::compute(ds, k4, p));
        p.maxEstimatedSeconds = 3600;
        QCOMPARE(DensityMatrix::compute(ds, k4, p).rows(), 4);  // within the limits it runs
    }
    // The guards inside one count: a table past its limit, and a cancel seen in the middle of one pair.
    void oneLongCountStopsOnItsGuards() {
        Rng rng(5);
        const Graph g = gen::erdosRenyi(150, 0.9, rng);
        const Pattern k4(gen::complete(4));
        const hom::HomPlan plan(k4);
        hom::Workspace<double> ws;
        ws.maxTableEntries = 100;
        QVERIFY_THROWS_EXCEPTION(hom::TableTooLarge, hom::density(plan, g, ws));
        hom::Workspace<double> ws2;
        CancelFlag flag;
        flag.cancel();
        ws2.cancel = &flag;
        const auto t0 = std::chrono::steady_clock::now();
        QVERIFY_THROWS_EXCEPTION(Cancelled, hom::density(plan, g, ws2));
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        qInfo("a cancelled K4 count on G(150, 0.9) stopped after %.1f ms", ms);
    }
    void emptyGraphIsAnError() {
        Dataset ds;
        ds.name = "broken";
        ds.graphs.push_back(Graph::fromEdges(0, {}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DensityMatrix::compute(ds, PatternSet::sample(PatternSamplerParams{})));
    }
};

QTEST_APPLESS_MAIN(TestDensityMatrix)
#include "tst_density_matrix.moc"
