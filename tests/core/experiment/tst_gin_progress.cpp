// The GIN sweep's progress plan (experiment/GinSweepProgress.h) against a cost model written here from its
// statement: a run takes a share of the bar in proportion to N·h² + 2·E'·h, with E' the edges it trains on —
// the data's E for noise on densities and DPRR, E(1 − p) + (P − E)p for randomized response at ε (p = 1/(1 + e^ε),
// P the vertex pairs), and a clean run (ε = ∞) whose noise seed an earlier clean run already trained nearly free
// (a thousandth). Random data sets, mechanisms, budgets and seeds (RapidCheck): the shares and starts agree to
// 1e-12, start at 0, follow each other and sum to 1.
#include "experiment/GinSweepProgress.h"
#include "PropertySupport.h"

#include <QtTest>
#include <cmath>
#include <limits>
#include <set>

using namespace px;
using namespace px::experiment;

namespace {

Dataset randomData(int graphs) {
    Dataset d;
    for (int i = 0; i < graphs; ++i) {
        const int n = *rc::gen::inRange(2, 12);
        std::vector<Edge> edges;
        for (int u = 0; u < n; ++u)
            for (int v = u + 1; v < n; ++v)
                if (*rc::gen::inRange(0, 3) == 0) edges.emplace_back(u, v);
        d.graphs.push_back(Graph::fromEdges(n, edges));
    }
    d.labels = Eigen::MatrixXd::Zero(graphs, 1);
    return d;
}

// The cost of each run of the spec, from the statement above.
std::vector<double> expectedCosts(const SweepSpec& spec, const Dataset& d) {
    double n = 0, e = 0, pairs = 0;
    for (const Graph& g : d.graphs) {
        n += g.numVertices();
        e += double(g.numEdges());
        pairs += double(g.numVertices()) * double(g.numVertices() - 1) / 2;
    }
    const double h = spec.learner.gin.hidden;
    std::set<std::uint64_t> cleanSeen;
    std::vector<double> costs;
    for (const SweepSpec::Run& run : spec.runs()) {
        const double eps = spec.budgets[std::size_t(run.budgetIndex)];
        const privacy::MechanismKind kind = spec.mechanisms[std::size_t(run.mechanismIndex)].mechanism;
        double trainedEdges = e;
        if (!std::isfinite(eps)) {
            const bool again = !cleanSeen.insert(spec.noiseSeeds[std::size_t(run.noiseSeedIndex)]).second;
            costs.push_back((n * h * h + 2 * e * h) * (again ? 1e-3 : 1.0));
            continue;
        }
        if (kind == privacy::MechanismKind::RandomizedResponse) {
            const double flip = 1 / (1 + std::exp(eps));
            trainedEdges = e * (1 - flip) + (pairs - e) * flip;
        }
        costs.push_back(n * h * h + 2 * trainedEdges * h);
    }
    return costs;
}

}  // namespace

class TestGinProgress : public QObject {
    Q_OBJECT
private slots:
    void eachRunTakesItsShareOfTheBar() {
        QVERIFY(pxtest::checkProperty("the plan's shares are the runs' costs over their sum", 20261206, 200, [] {
            const Dataset data = randomData(*rc::gen::inRange(1, 6));
            SweepSpec spec;
            spec.learner.gin.hidden = *rc::gen::inRange(1, 400);
            spec.mechanisms.clear();
            const int mechanisms = *rc::gen::inRange(1, 4);
            for (int i = 0; i < mechanisms; ++i) {
                privacy::MechanismParams m;
                m.mechanism = *rc::gen::element(privacy::MechanismKind::Gaussian, privacy::MechanismKind::RandomizedResponse,
                                                privacy::MechanismKind::DegreePreservingRR);
                spec.mechanisms.push_back(m);
            }
            spec.budgets.clear();
            const int budgets = *rc::gen::inRange(1, 5);
            for (int i = 0; i < budgets; ++i)
                spec.budgets.push_back(*rc::gen::inRange(0, 5) == 0 ? std::numeric_limits<double>::infinity()
                                                                    : std::exp(*rc::gen::inRange(-300, 500) / 100.0));
            spec.noiseSeeds.clear();
            const int seeds = *rc::gen::inRange(1, 4);
            for (int i = 0; i < seeds; ++i) spec.noiseSeeds.push_back(std::uint64_t(*rc::gen::inRange(1, 3)));
            const int runs = int(spec.runs().size());
            const std::vector<double> costs = expectedCosts(spec, data);
            double total = 0;
            for (double c : costs) total += c;
            const ProgressPlan plan = planProgress(spec, data, 0, runs);
            RC_ASSERT(int(plan.span.size()) == runs && int(plan.start.size()) == runs);
            double at = 0;
            for (int r = 0; r < runs; ++r) {
                RC_ASSERT(std::abs(plan.start[std::size_t(r)] - at) <= 1e-12);
                RC_ASSERT(std::abs(plan.span[std::size_t(r)] - costs[std::size_t(r)] / total) <= 1e-12);
                at += plan.span[std::size_t(r)];
            }
            RC_ASSERT(std::abs(at - 1.0) <= 1e-12);
        }));
    }
};

QTEST_MAIN(TestGinProgress)
#include "tst_gin_progress.moc"
