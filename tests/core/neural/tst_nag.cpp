// The trained noisy-aggregation networks (core/neural/Nag*, the depth lab's "nag-trained"), checked against
// independent computations:
//  - the aggregators against dense (A + I) products built entry by entry, the max and attention aggregators'
//    gradients against central finite differences in double precision;
//  - the constrained scheme's spectral normalisation: the released weights have operator norm 1 (≤ 1 + 1e-3)
//    after training, computed independently from the weights by Eigen's SVD of the same products;
//  - noise drawn afresh at inference (another inference seed: same training, other representations), same
//    seeds → the same result, the features-alone control ignores the edges;
//  - every trained model beats its untrained stand-in (encoder frozen at initialisation) on Cora, when
//    ../shared/data is there;
//  - the experiment end to end (rows, controls, Theorem 6.1's bound against depthlab::nagErrorLowerBound).
#include "common/Error.h"
#include "common/Rng.h"
#include "generators/Generators.h"
#include "depthlab/DepthLab.h"
#include "depthlab/DepthSpecChecks.h"
#include "depthlab/NoisyAggregation.h"
#include "neural/NagTrainer.h"
#include "neural/TorchNag.h"
#include "neural/TorchOps.h"
#include "GradientCheck.h"

#include <QtTest>
#include <filesystem>

using namespace px;
using namespace px::neural;

namespace {

Graph randomGraph(int n, double p, std::uint64_t seed) {
    Rng rng(seed, "tst_nag graph");
    return gen::erdosRenyi(n, p, rng);
}

// (A + I) as a dense double matrix.
torch::Tensor closedAdjacency(const Graph& g) {
    torch::Tensor a = torch::eye(g.numVertices(), torch::kDouble);
    for (const Edge& e : g.edges()) {
        a[e.first][e.second] = 1.0;
        a[e.second][e.first] = 1.0;
    }
    return a;
}

NodeDataset smallNodeData() { return depthlab::loadNodeData("builtin:sbm-nodes"); }

NodeProblem problemOf(const NodeDataset& d) {
    NodeProblem p;
    p.graph = &d.graph;
    p.features = &d.features;
    p.labels = d.labels;
    p.classes = d.numClasses();
    p.train = d.train;
    p.valid = d.valid;
    p.test = d.test;
    return p;
}

NagTrainParams quickParams(NagAggregator a, std::uint64_t seed = 3) {
    NagTrainParams p;
    p.aggregator = a;
    p.width = 16;
    p.epochs = 40;
    p.lr = 0.01;
    p.sigma = 0.5;
    p.seed = seed;
    p.inferenceSeed = seed + 100;
    return p;
}

bool sameMatrix(const RowMatrix& a, const RowMatrix& b) { return a.rows() == b.rows() && a.cols() == b.cols() && a == b; }

}  // namespace

class TestNag : public QObject {
    Q_OBJECT
private slots:
    void fixedAggregatorsMatchDenseProducts() {
        torch::manual_seed(4);
        const Graph g = randomGraph(30, 0.15, 1);
        const NodeGraph t = nodeGraph(g);
        // the degree factors are stored in single precision: agreement to float precision
        const torch::Tensor x = torch::randn({30, 5}, torch::kDouble);
        const torch::Tensor a = closedAdjacency(g);
        const torch::Tensor deg = a.sum(1, true);
        QVERIFY(torch::allclose(aggregateFixed(NagAggregator::Sum, x, t), a.matmul(x), 1e-6, 1e-6));
        QVERIFY(torch::allclose(aggregateFixed(NagAggregator::Mean, x, t), a.matmul(x) / deg, 1e-6, 1e-6));
        const torch::Tensor s = deg.rsqrt();
        QVERIFY(torch::allclose(aggregateFixed(NagAggregator::Gcn, x, t), s * a.matmul(s * x), 1e-6, 1e-6));
        QVERIFY(torch::equal(aggregateFixed(NagAggregator::None, x, t), x));
        // max: for every node and channel, the largest value over the closed neighbourhood
        const torch::Tensor m = aggregateFixed(NagAggregator::Max, x, t);
        for (int v = 0; v < 30; ++v)
            for (int c = 0; c < 5; ++c) {
                double best = x[v][c].item<double>();
                for (const int* u = g.neighborsBegin(v); u != g.neighborsEnd(v); ++u) best = std::max(best, x[*u][c].item<double>());
                QCOMPARE(m[v][c].item<double>(), best);
            }
    }

    void maxAndAttentionGradientsMatchFiniteDifferences() {
        torch::manual_seed(5);
        const Graph g = randomGraph(12, 0.3, 2);
        const NodeGraph t = nodeGraph(g);
        checkGradient([&](const torch::Tensor& h) { return closedNeighbourMax(h, t.rowStart, t.neighbours); },
                      torch::randn({12, 3}), "closed-neighbourhood max");
        const torch::Tensor z = torch::randn({12, 4}, torch::kDouble), as = torch::randn({4}, torch::kDouble),
                            at = torch::randn({4}, torch::kDouble);
        checkGradient([&](const torch::Tensor& v) { return attentionAggregate(v, as, at, t); }, z, "attention, node states");
        checkGradient([&](const torch::Tensor& v) { return attentionAggregate(z, v, at, t); }, as, "attention, source vector");
        checkGradient([&](const torch::Tensor& v) { return attentionAggregate(z, as, v, t); }, at, "attention, target vector");
    }

    void attentionWeightsAreASoftmaxOverTheClosedNeighbourhood() {
        // With z constant across nodes every node's output is z itself (the weights sum to one).
        const Graph g = randomGraph(20, 0.2, 3);
        const NodeGraph t = nodeGraph(g);
        const torch::Tensor z = torch::ones({20, 3}, torch::kDouble) * 2.5;
        const torch::Tensor out = attentionAggregate(z, torch::randn({3}, torch::kDouble), torch::randn({3}, torch::kDouble), t);
        QVERIFY(torch::allclose(out, z, 1e-9, 1e-12));
    }

    void constrainedSchemeReleasesWeightsOfOperatorNormOne() {
        const NodeDataset d = smallNodeData();
        for (NagAggregator a : {NagAggregator::Mean, NagAggregator::Attention}) {
            NagTrainParams p = quickParams(a);
            p.scheme = NagScheme::Constrained;
            p.lr = 0.05;  // large steps: the weights move far from their initial norm
            const NagOutcome o = trainNag(p, problemOf(d));
            QCOMPARE(int(o.opNorms.size()), p.depth);
            for (double w : o.opNorms) {
                QVERIFY2(w <= 1 + 1e-3 && w >= 1 - 1e-3, qPrintable(QString("%1: operator norm %2").arg(key(a)).arg(w)));
            }
            // unconstrained, the same training leaves norms far from 1
            p.scheme = NagScheme::Unconstrained;
            const NagOutcome free = trainNag(p, problemOf(d));
            QVERIFY(std::abs(free.opNorms[0] - 1) > 0.05);
        }
    }

    void operatorNormsAreTheLargestSingularValues() {
        // Independently: run the frozen unconstrained network and compare with Eigen's SVD of the initial weights
        // drawn by the same generator.
        const NodeDataset d = smallNodeData();
        NagTrainParams p = quickParams(NagAggregator::Sum);
        p.epochs = 0;
        const NagOutcome o = trainNag(p, problemOf(d));
        at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(Rng(p.seed, "nag-weights").next());
        NagNet net(int(d.features.cols()), d.numClasses(), p, gen);
        for (int l = 0; l < p.depth; ++l) {
            const torch::Tensor w = net->weight(l).to(torch::kDouble).contiguous();
            Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> m(w.data_ptr<double>(), w.size(0), w.size(1));
            const double expected = Eigen::JacobiSVD<Eigen::MatrixXd>(m).singularValues()(0);
            QVERIFY(std::abs(o.opNorms[std::size_t(l)] - expected) < 1e-9 * expected);
        }
    }

    void inferenceNoiseIsFreshAndSeedsReproduce() {
        const NodeDataset d = smallNodeData();
        const NagTrainParams p = quickParams(NagAggregator::Gcn);
        const NagOutcome a = trainNag(p, problemOf(d)), b = trainNag(p, problemOf(d));
        QVERIFY(sameMatrix(a.representations, b.representations));
        QCOMPARE(a.trainLoss, b.trainLoss);
        NagTrainParams other = p;
        other.inferenceSeed = p.inferenceSeed + 1;
        const NagOutcome c = trainNag(other, problemOf(d));
        QCOMPARE(c.trainLoss, a.trainLoss);  // the same training …
        QCOMPARE(c.opNorms, a.opNorms);
        QVERIFY(!sameMatrix(c.representations, a.representations));  // … released with other noise
        // the difference is the noise alone: σ·ξ in the last layer (and what the first layer's noise changes)
        const double spread = (c.representations - a.representations).norm() / std::sqrt(double(a.representations.size()));
        QVERIFY2(spread > 0.3 * p.sigma, qPrintable(QString::number(spread)));
    }

    void featuresAloneIgnoresTheEdges() {
        NodeDataset d = smallNodeData();
        NagTrainParams p = quickParams(NagAggregator::None);
        const NagOutcome withEdges = trainNag(p, problemOf(d));
        d.graph = Graph::fromEdges(d.numNodes(), {});
        const NagOutcome without = trainNag(p, problemOf(d));
        QVERIFY(sameMatrix(withEdges.representations, without.representations));
    }

    void cancelStopsTraining() {
        const NodeDataset d = smallNodeData();
        CancelFlag cancel;
        cancel.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled, trainNag(quickParams(NagAggregator::Mean), problemOf(d), cancel));
    }

    void badInputIsRefused() {
        const NodeDataset d = smallNodeData();
        NodeProblem prob = problemOf(d);
        prob.labels[0] = 99;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainNag(quickParams(NagAggregator::Mean), prob));
        NagTrainParams p = quickParams(NagAggregator::Mean);
        p.sigma = -1;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainNag(p, problemOf(d)));
    }

    void trainedModelsBeatTheirUntrainedStandInsOnCora() {
        const std::string cora = std::string(PX_SHARED_DATA_DIR) + "/cora";
        if (!std::filesystem::exists(cora)) QSKIP("shared/data not found: Cora is needed for this check");
        NodeDataset d = depthlab::loadNodeData(cora);
        d.splitPlanetoidStyle(20, 500, 1000, 1);
        for (NagAggregator a : {NagAggregator::Sum, NagAggregator::Mean, NagAggregator::Gcn, NagAggregator::Max, NagAggregator::Attention}) {
            NagTrainParams p;
            p.aggregator = a;
            p.width = 32;
            p.epochs = 100;
            p.lr = 0.01;
            p.seed = 1;
            const double trained = trainNag(p, problemOf(d)).testAccuracy;
            p.trainEncoder = false;
            const double frozen = trainNag(p, problemOf(d)).testAccuracy;
            qInfo("%s: trained %.3f, frozen encoder %.3f", key(a), trained, frozen);
            QVERIFY2(trained > frozen + 0.02, qPrintable(QString("%1: trained %2 vs frozen %3").arg(key(a)).arg(trained).arg(frozen)));
        }
    }

    void trainingsSideBySideGiveTheSameTableOnCora() {
        // On Cora the products are large enough for LibTorch to use several threads: trainings side by side must not
        // change one another's thread count (their sums would change order, and the table its last digits).
        const std::string cora = std::string(PX_SHARED_DATA_DIR) + "/cora";
        if (!std::filesystem::exists(cora)) QSKIP("shared/data not found: Cora is needed for this check");
        nlohmann::json spec = {{"experiment", "nag-trained"}, {"data", cora}, {"aggregations", {"mean", "max"}},
                               {"sigmas", {0.0, 1.0}}, {"widths", {32}}, {"epochs", 20}, {"trials", 2}};
        const experiment::ResultTable one = depthlab::runDepthExperiment(spec, "<test>");
        spec["parallel_trainings"] = 2;
        const experiment::ResultTable two = depthlab::runDepthExperiment(spec, "<test>");
        QCOMPARE(two.rows(), one.rows());
        for (int i = 0; i < one.rows(); ++i)
            for (const std::string& c : one.columns())
                if (c != "train_seconds_mean" && c != "train_gflops_mean")
                    QVERIFY2(two.at(i, c) == one.at(i, c), qPrintable(QString::fromStdString(c + " in row " + std::to_string(i))));
    }

    void bundledSpecsAreValid() {
        int found = 0;
        for (const auto& entry : std::filesystem::directory_iterator(std::string(PX_SOURCE_DIR) + "/resources/specs")) {
            const std::string name = entry.path().filename().string();
            if (name.rfind("depth-nag-trained", 0) != 0) continue;
            ++found;
            const nlohmann::json spec = depthlab::loadDepthSpec(entry.path().string());
            const nlohmann::json defaults = depthlab::defaultDepthSpec(spec.at("experiment").get<std::string>());
            for (auto it = spec.begin(); it != spec.end(); ++it) QVERIFY2(defaults.contains(it.key()), qPrintable(QString::fromStdString(name + ": " + it.key())));
            depthlab::checkDepthSpec(spec, defaults, name);
        }
        QCOMPARE(found, 3);
    }

    void experimentEndToEnd() {
        nlohmann::json spec = {{"experiment", "nag-trained"}, {"data", "builtin:sbm-nodes"}, {"aggregations", {"mean", "max"}},
                               {"sigmas", {0.0, 2.0}}, {"widths", {8}}, {"epochs", 30}, {"lr", 0.01}, {"trials", 2},
                               {"encoders", {"trained", "frozen"}}};
        const experiment::ResultTable t = depthlab::runDepthExperiment(spec, "<test>");
        QCOMPARE(t.rows(), 1 + 2 * 2 * 2);  // the control, then aggregation × encoder × σ
        QCOMPARE(t.at(0, "aggregation").get<std::string>(), std::string("none (features alone)"));
        for (int i = 0; i < t.rows(); ++i) {
            auto cell = [&](const char* c) { return t.at(i, c); };
            const double sigma = cell("sigma").get<double>(), bound = cell("err_lower_bound_mean").get<double>();
            const double acc = cell("accuracy_mean").get<double>(), auc = cell("auroc_mean").get<double>();
            QVERIFY(acc >= 0 && acc <= 1);
            QVERIFY(auc >= 0 && auc <= 1);
            if (sigma == 0) QCOMPARE(bound, 0.0);
            else {
                // one trial's bound from its norms equals gnn's formula; for the mean, it lies between the bounds of the
                // smallest and largest norms, and agrees with the formula at the mean Σ‖W‖² to first order
                QVERIFY(bound > 0 && bound < 1);
                const depthlab::Aggregation a = depthlab::aggregationFromString(cell("aggregation").get<std::string>());
                const double atMean = depthlab::nagErrorLowerBound(a, cell("op_norm_sq_sum_mean").get<double>(), sigma);
                QVERIFY2(std::abs(bound - atMean) < 0.05, qPrintable(QString("%1 vs %2").arg(bound).arg(atMean)));
            }
        }
        // trainings side by side give the same table, cell for cell (timings aside)
        nlohmann::json parallel = spec;
        parallel["parallel_trainings"] = 2;
        const experiment::ResultTable side = depthlab::runDepthExperiment(parallel, "<test>");
        QCOMPARE(side.rows(), t.rows());
        QCOMPARE(side.columns(), t.columns());
        for (int i = 0; i < t.rows(); ++i)
            for (const std::string& c : t.columns())
                if (c != "train_seconds_mean" && c != "train_gflops_mean")
                    QVERIFY2(side.at(i, c) == t.at(i, c), qPrintable(QString::fromStdString(c + " in row " + std::to_string(i))));
        // a wrong field is refused by name
        spec["parallel_trainings"] = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, depthlab::runDepthExperiment(spec, "<test>"));
        spec.erase("parallel_trainings");
        spec["scheme"] = "loose";
        QVERIFY_THROWS_EXCEPTION(InputError, depthlab::runDepthExperiment(spec, "<test>"));
        spec["scheme"] = "constrained";
        spec["widths"] = {16384};
        spec["epochs"] = 100000;
        spec["data"] = "builtin:sbm-nodes";
        try {
            depthlab::runDepthExperiment(spec, "<test>");
            QFAIL("a grid of days was accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("max_minutes"), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestNag)
#include "tst_nag.moc"
