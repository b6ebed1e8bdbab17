// The GIN learner (core/neural), checked against independent computations:
//  - every layer's gradient against central finite differences in double precision (the neighbour sum,
//    mean and sum pooling, and each weight tensor of the whole network through the loss);
//  - what theory says a GIN can tell apart: identical graph vectors for 1-WL-equivalent graphs (C6 vs 2·C3,
//    C8 vs 2·C4, decalin vs bicyclopentyl, two CSL graphs) whatever the weights, different ones for pairs
//    1-WL separates, and training that fits the separable pairs and stays at chance on the hard ones;
//  - determinism (same seed, same scores and losses; another seed, others), the training loss falling on a
//    small task, cancel within one batch, and a GIN sweep end to end with both test protocols and controls;
//  - hyper-parameters tuned on the validation graphs: the choice is the argmax of independently retrained
//    validation scores, and poisoned test labels change the score but not the choice.
#include "common/Error.h"
#include "experiment/GinTuning.h"
#include "experiment/GinSweep.h"
#include "experiment/RunJournal.h"
#include "experiment/SweepRunner.h"
#include "learn/LearnerRegistry.h"
#include "generators/Generators.h"
#include "neural/GinTrainer.h"
#include "neural/TorchGin.h"
#include "GradientCheck.h"

#include <QTemporaryDir>
#include "SmallGin.h"

#include <QtTest>
#include <fstream>
#include <sstream>
#include <cmath>
#include <numeric>

using namespace px;
using namespace px::neural;

namespace {

std::vector<const Graph*> pointers(const std::vector<Graph>& gs) {
    std::vector<const Graph*> p;
    for (const Graph& g : gs) p.push_back(&g);
    return p;
}

double maxAbsDiff(const std::vector<double>& a, const std::vector<double>& b) {
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(a[i] - b[i]));
    return m;
}

// The first `count` graphs of the built-in Erdős–Rényi set (kept alive for the whole run).
std::vector<const Graph*> firstErGraphs(int count) {
    static const Dataset er = gen::builtin("er");
    std::vector<const Graph*> some;
    for (int i = 0; i < count; ++i) some.push_back(&er.graphs[std::size_t(i)]);
    return some;
}

// The triangle with a pendant vertex, and K4 without one edge.
Graph paw() { return Graph::fromEdges(4, {{0, 1}, {1, 2}, {2, 0}, {2, 3}}); }
Graph diamond() { return Graph::fromEdges(4, {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 0}}); }

// A labelled problem of graph pairs: the first of each pair class 0, the second class 1; trained and scored on itself.
GinProblem pairProblem(const std::vector<const Graph*>& graphs) {
    GinProblem pr;
    pr.type = TaskType::Binary;
    for (std::size_t i = 0; i < graphs.size(); ++i) {
        pr.train.graphs.push_back(graphs[i]);
        pr.train.labels.push_back(double(i % 2));
    }
    pr.tests = {graphs};
    return pr;
}

// 24 training and 12 validation graphs whose validation metric is 0.75 at every epoch: every epoch ties.
GinProblem constantValidationProblem() {
    GinProblem pr = pairProblem(firstErGraphs(24));
    const std::vector<const Graph*> some = firstErGraphs(36);
    for (int i = 24; i < 36; ++i) {
        pr.valid.graphs.push_back(some[std::size_t(i)]);
        pr.valid.labels.push_back(double(i % 2));
    }
    pr.validMetric = [](const std::vector<double>&) { return 0.75; };
    return pr;
}

}  // namespace

class TestNeural : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { torch::manual_seed(7); }

    void neighbourSumGradient() {
        const std::vector<Graph> gs = {gen::cycle(5), gen::star(3), gen::path(4)};
        GinParams p;
        p.features = NodeFeatures::DegreeOneHot;
        p.maxDegreeFeature = 3;
        GraphBatch b = makeBatch(pointers(gs), {0, 1, 2}, p);
        checkGradient([&](const torch::Tensor& h) { return ginAggregate(h, b); }, torch::randn({b.nodes, 3}), "neighbour sum");
        // Forward against a hand computation: h_v + Σ neighbours, on the star's centre (node 5 of the batch).
        const torch::Tensor h = torch::arange(double(b.nodes)).view({-1, 1});
        const torch::Tensor agg = ginAggregate(h, b);
        QCOMPARE(agg[5][0].item<double>(), 5.0 + 6 + 7 + 8);
        QCOMPARE(agg[0][0].item<double>(), 0.0 + 1 + 4);  // cycle vertex 0: neighbours 1 and 4
    }

    void neighbourSumMatchesAnEdgeListScatter() {
        // The CSR kernel against torch's own scatter over an edge list built from Graph::edges(), on random
        // graphs of several densities (isolated vertices included) and at the width the reference uses.
        std::vector<Graph> gs;
        Rng rng(40);
        for (int i = 0; i < 6; ++i) gs.push_back(gen::erdosRenyi(12 + 7 * i, 0.05 + 0.15 * i, rng));
        GinParams p;
        std::vector<int> all(gs.size());
        std::iota(all.begin(), all.end(), 0);
        const GraphBatch b = makeBatch(pointers(gs), all, p);
        std::vector<std::int64_t> from, to;
        long base = 0;
        for (const Graph& g : gs) {
            for (const auto& [u, v] : g.edges()) {
                from.insert(from.end(), {base + u, base + v});
                to.insert(to.end(), {base + v, base + u});
            }
            base += g.numVertices();
        }
        const torch::Tensor h = torch::randn({b.nodes, 300});
        const torch::Tensor reference = h.index_add(0, torch::tensor(to), h.index_select(0, torch::tensor(from)));
        QVERIFY(torch::allclose(ginAggregate(h, b), reference, 1e-5, 1e-5));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ginAggregate(torch::randn({b.nodes + 1, 3}), b));
    }

    void poolingGradients() {
        const std::vector<Graph> gs = {gen::cycle(5), gen::star(3), Graph::fromEdges(0, {})};
        GinParams p;
        GraphBatch b = makeBatch(pointers(gs), {0, 1, 2}, p);
        for (Pooling pool : {Pooling::Mean, Pooling::Sum})
            checkGradient([&](const torch::Tensor& h) { return poolGraphs(h, b, pool); }, torch::randn({b.nodes, 2}),
                          pool == Pooling::Mean ? "mean pooling" : "sum pooling");
        const torch::Tensor ones = torch::ones({b.nodes, 1});
        QCOMPARE(poolGraphs(ones, b, Pooling::Sum)[1][0].item<float>(), 4.0f);
        QCOMPARE(poolGraphs(ones, b, Pooling::Mean)[1][0].item<float>(), 1.0f);
        QCOMPARE(poolGraphs(ones, b, Pooling::Mean)[2][0].item<float>(), 0.0f);  // a graph without nodes pools to 0
    }

    void everyLayerGradient_data() {
        QTest::addColumn<int>("readout");
        QTest::addColumn<bool>("mlpNorm");
        QTest::newRow("reference: head on the last layer") << int(Readout::LastLayer) << false;
        QTest::newRow("Xu et al.: every layer's prediction, norm in the MLP") << int(Readout::EveryLayer) << true;
    }
    void everyLayerGradient() {
        QFETCH(int, readout);
        QFETCH(bool, mlpNorm);
        // The whole network in double precision, training mode (batch norm with batch statistics): the loss's
        // gradient with respect to every weight tensor (each layer's MLP, norm, the head) against differences.
        const std::vector<Graph> gs = {gen::cycle(5), gen::star(3), gen::path(4), gen::complete(4)};
        GinParams p;
        p.layers = 2;
        p.hidden = 3;
        p.features = NodeFeatures::DegreeOneHot;
        p.maxDegreeFeature = 4;
        p.readout = Readout(readout);
        p.mlpNorm = mlpNorm;
        at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(3);
        GinNet net(featureWidth(p), 1, p, gen);
        net->to(torch::kDouble);
        net->train();
        GraphBatch b = makeBatch(pointers(gs), {0, 1, 2, 3}, p);
        b.x = b.x.to(torch::kDouble);
        const torch::Tensor y = torch::tensor({0.0, 1.0, 0.0, 1.0}, torch::kDouble);
        int checked = 0;
        for (auto& named : net->named_parameters()) {
            torch::Tensor param = named.value();
            auto loss = [&]() {
                return torch::nn::functional::binary_cross_entropy_with_logits(net->forward(b).view({-1}), y);
            };
            net->zero_grad();
            loss().backward();
            const torch::Tensor analytic = param.grad().clone();
            torch::NoGradGuard noGrad;
            auto flat = param.view({-1});
            for (long i = 0; i < std::min<long>(flat.numel(), 6); ++i) {
                const double saved = flat[i].item<double>(), h = 1e-6;
                flat[i] = saved + h;
                const double up = loss().item<double>();
                flat[i] = saved - h;
                const double down = loss().item<double>();
                flat[i] = saved;
                const double numeric = (up - down) / (2 * h);
                const double a = analytic.view({-1})[i].item<double>();
                if (std::abs(a - numeric) > 1e-6 * std::max(1.0, std::abs(numeric)))
                    QFAIL(qPrintable(QString("%1[%2]: analytic %3, finite difference %4").arg(QString::fromStdString(named.key())).arg(i).arg(a).arg(numeric)));
                ++checked;
            }
        }
        // 2 layers × (2 linear × 2 + norm × 2 [+ MLP norm × 2]) + head 4 tensors or 3 predictions × 2, ≤ 6 entries each
        QVERIFY(checked > 30);
        QCOMPARE(int(net->named_parameters().size()), readout == int(Readout::LastLayer) ? 16 : 22);
    }

    void oneWlEquivalentGraphsLookTheSame() {
        const Dataset hard = gen::wlHardPairs();
        for (NodeFeatures f : {NodeFeatures::Ones, NodeFeatures::DegreeOneHot})
            for (Pooling pool : {Pooling::Mean, Pooling::Sum}) {
                GinParams p = smallParams(11);
                p.features = f;
                p.pooling = pool;
                const auto e = ginGraphEmbeddings(p, pointers(hard.graphs));
                for (int k = 0; k + 1 < hard.size(); k += 2) {
                    double scale = 1e-3;
                    for (double v : e[k]) scale = std::max(scale, std::abs(v));
                    QVERIFY2(maxAbsDiff(e[k], e[k + 1]) <= 1e-5 * scale, qPrintable(QString("pair %1 told apart").arg(k / 2)));
                }
            }
    }

    void oneWlSeparablePairsLookDifferent() {
        // C6 vs P6, a star vs a path, the paw vs the diamond (pairs of equal n whose degrees differ)
        const std::vector<Graph> gs = {gen::cycle(6), gen::path(6), gen::star(4), gen::path(5),
                                       paw(), diamond()};
        const auto e = ginGraphEmbeddings(smallParams(11), pointers(gs));
        for (std::size_t k = 0; k + 1 < gs.size(); k += 2) QVERIFY(maxAbsDiff(e[k], e[k + 1]) > 1e-4);
    }

    void trainingFitsSeparablePairsOnly() {
        // Beware of pairs across the list: with mean pooling every regular graph (C4, C6, …) looks the same.
        const std::vector<Graph> easy = {gen::cycle(6), gen::path(6), gen::star(4), gen::path(5),
                                         paw(), diamond()};
        GinParams p = smallParams();
        p.batch = 8;  // one batch: batch norm's running statistics become those of the whole set
        GinOutcome fit = trainGin(p, pairProblem(pointers(easy)));
        for (std::size_t i = 0; i < easy.size(); ++i)
            QVERIFY2((fit.testScores[0][i] > 0.5) == (i % 2 == 1), qPrintable(QString("graph %1 score %2").arg(i).arg(fit.testScores[0][i])));
        const Dataset hard = gen::wlHardPairs();
        GinOutcome stuck = trainGin(p, pairProblem(pointers(hard.graphs)));
        for (int k = 0; k + 1 < hard.size(); k += 2)  // the two members of each pair get the same score
            QVERIFY(std::abs(stuck.testScores[0][k] - stuck.testScores[0][k + 1]) < 1e-5);
        QVERIFY(stuck.epochs.back().trainLoss > 0.6);  // ≈ ln 2: nothing to learn
        QVERIFY(fit.epochs.back().trainLoss < 0.1);
    }

    void sameSeedSameResultOtherSeedOther() {
        const Dataset ds = gen::erdosRenyiTask(40, 8, 14, 0.15, 0.4, 3);
        GinProblem pr;
        for (int i = 0; i < ds.size(); ++i) {
            (i < 30 ? pr.train : pr.valid).graphs.push_back(&ds.graphs[i]);
            (i < 30 ? pr.train : pr.valid).labels.push_back(ds.labels(i, 0));
        }
        pr.tests = {pr.valid.graphs};
        pr.validMetric = [](const std::vector<double>& s) { return s.empty() ? 0.0 : s[0]; };
        GinParams p = smallParams(5);
        p.epochs = 5;
        p.dropout = 0.3;
        const GinOutcome a = trainGin(p, pr), b = trainGin(p, pr);
        QCOMPARE(a.testScores, b.testScores);
        for (std::size_t e = 0; e < a.epochs.size(); ++e) QCOMPARE(a.epochs[e].trainLoss, b.epochs[e].trainLoss);
        p.seed = 6;
        const GinOutcome c = trainGin(p, pr);
        QVERIFY(c.epochs[0].trainLoss != a.epochs[0].trainLoss);
    }

    void trainingLossFalls() {
        // Dense and sparse random graphs of the same sizes: the degree separates them.
        const Dataset ds = gen::erdosRenyiTask(48, 10, 16, 0.1, 0.5, 9);
        GinProblem pr;
        pr.type = TaskType::Binary;
        for (int i = 0; i < ds.size(); ++i) {
            pr.train.graphs.push_back(&ds.graphs[i]);
            pr.train.labels.push_back(ds.labels(i, 0));
        }
        GinParams p = smallParams(2);
        p.epochs = 30;
        const GinOutcome out = trainGin(p, pr);
        QCOMPARE(int(out.epochs.size()), 30);
        QVERIFY2(out.epochs.back().trainLoss < 0.5 * out.epochs.front().trainLoss,
                 qPrintable(QString("loss %1 → %2").arg(out.epochs.front().trainLoss).arg(out.epochs.back().trainLoss)));
        QVERIFY(out.parameters > 0 && out.trainFlopsPerEpoch > 0);
    }

    void cancelStopsWithinABatch() {
        const Dataset ds = gen::erdosRenyiTask(64, 10, 16, 0.1, 0.5, 9);
        GinProblem pr;
        for (int i = 0; i < ds.size(); ++i) {
            pr.train.graphs.push_back(&ds.graphs[i]);
            pr.train.labels.push_back(ds.labels(i, 0));
        }
        struct CancelAfter : Progress {
            mutable int asked = 0;
            bool cancelled() const override { return ++asked > 3; }
        } progress;
        QVERIFY_THROWS_EXCEPTION(Cancelled, trainGin(smallParams(), pr, progress));
        QCOMPARE(progress.asked, 4);
    }

    // A training cancelled after `epochs` epochs with a checkpoint after every epoch.
    static void trainUntilCancelled(const GinParams& p, const GinProblem& pr, const std::string& path, int epochs) {
        struct CancelAtEpoch : Progress {
            double at = 0, done = 0;
            void report(double f) override { done = f; }
            bool cancelled() const override { return done >= at - 1e-12; }
        } progress;
        progress.at = double(epochs) / p.epochs;
        QVERIFY_THROWS_EXCEPTION(Cancelled, trainGin(p, pr, progress, TrainingCheckpoint{path, 0}));
        QVERIFY(QFile::exists(QString::fromStdString(path)));
    }

    static GinProblem checkpointProblem(const Dataset& ds) {
        GinProblem pr;
        for (int i = 0; i < ds.size(); ++i) {
            (i < 30 ? pr.train : pr.valid).graphs.push_back(&ds.graphs[i]);
            (i < 30 ? pr.train : pr.valid).labels.push_back(ds.labels(i, 0));
        }
        pr.tests = {pr.valid.graphs, pr.train.graphs};
        pr.validMetric = [](const std::vector<double>& s) { return s.empty() ? 0.0 : s[0] + s[1]; };
        return pr;
    }

    static GinParams checkpointParams(int epochs) {
        GinParams p = smallParams(5);
        p.epochs = epochs;
        p.dropout = 0.3;
        return p;
    }

    static void compareOutcomes(const GinOutcome& a, const GinOutcome& b) {
        QCOMPARE(a.selectedEpoch, b.selectedEpoch);
        QCOMPARE(a.selectedValid, b.selectedValid);
        QCOMPARE(a.testScores, b.testScores);
        QCOMPARE(a.testCurve, b.testCurve);
        QCOMPARE(a.epochs.size(), b.epochs.size());
        for (std::size_t e = 0; e < a.epochs.size(); ++e) {
            QCOMPARE(a.epochs[e].epoch, b.epochs[e].epoch);
            QCOMPARE(a.epochs[e].trainLoss, b.epochs[e].trainLoss);
            QCOMPARE(a.epochs[e].validMetric, b.epochs[e].validMetric);
        }
    }

    void aCheckpointedTrainingResumesToTheUnbrokenOutcome() {
        // Dropout (the generator's state), Adam's moments, batch norm's running statistics, the best epoch's scores
        // and the per-epoch test curve all cross the checkpoint: the resumed outcome is the unbroken one, bit for bit.
        const Dataset ds = gen::erdosRenyiTask(40, 8, 14, 0.15, 0.4, 3);
        const GinProblem pr = checkpointProblem(ds);
        GinParams p = checkpointParams(8);
        p.selection = EpochSelection::TestCurve;
        p.lrDecayEvery = 3;
        const GinOutcome unbroken = trainGin(p, pr);
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/gin.ckpt";
        trainUntilCancelled(p, pr, path, 5);
        const GinOutcome resumed = trainGin(p, pr, noProgress(), TrainingCheckpoint{path, 0});
        QCOMPARE(resumed.resumedAfterEpoch, 5);
        QVERIFY(resumed.checkpointNote.empty());
        compareOutcomes(resumed, unbroken);
        QVERIFY(!QFile::exists(QString::fromStdString(path)));  // removed when the training ended
    }

    void aCheckpointOfAnotherTrainingIsReplaced() {
        const Dataset ds = gen::erdosRenyiTask(40, 8, 14, 0.15, 0.4, 3);
        const GinProblem pr = checkpointProblem(ds);
        const GinParams p = checkpointParams(6);
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/gin.ckpt";
        trainUntilCancelled(p, pr, path, 3);
        GinParams other = p;
        other.seed = 6;  // another training: its own outcome, from the start
        const GinOutcome fresh = trainGin(other, pr, noProgress(), TrainingCheckpoint{path, 0});
        QCOMPARE(fresh.resumedAfterEpoch, 0);
        QVERIFY2(fresh.checkpointNote.find("another training") != std::string::npos, fresh.checkpointNote.c_str());
        compareOutcomes(fresh, trainGin(other, pr));
        {  // a damaged file: the same
            std::ofstream(path) << "not a checkpoint";
        }
        const GinOutcome again = trainGin(p, pr, noProgress(), TrainingCheckpoint{path, 0});
        QVERIFY2(again.checkpointNote.find("cannot be read") != std::string::npos, again.checkpointNote.c_str());
        compareOutcomes(again, trainGin(p, pr));
    }

    void anUnwritableCheckpointStopsTheTrainingUnlessBestEffort() {
        const Dataset ds = gen::erdosRenyiTask(40, 8, 14, 0.15, 0.4, 3);
        const GinProblem pr = checkpointProblem(ds);
        const GinParams p = checkpointParams(3);
        const std::string path = "/nonexistent-folder-of-pxstudio/gin.ckpt";
        QVERIFY_THROWS_EXCEPTION(InputError, trainGin(p, pr, noProgress(), TrainingCheckpoint{path, 0}));
        const GinOutcome out = trainGin(p, pr, noProgress(), TrainingCheckpoint{path, 0, true});
        QVERIFY2(out.checkpointNote.find("checkpoints stopped") != std::string::npos, out.checkpointNote.c_str());
        compareOutcomes(out, trainGin(p, pr));
    }

    void badSettingsAreRefused() {
        GinProblem pr;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainGin(smallParams(), pr));  // no training graphs
        const Graph g = gen::cycle(4);
        pr.train.graphs = {&g};
        pr.train.labels = {1};
        GinParams p = smallParams();
        p.dropout = 1.0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainGin(p, pr));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, nodeFeaturesFromString("tags"));
        QCOMPARE(nodeFeaturesFromString(key(NodeFeatures::Labels)), NodeFeatures::Labels);
    }

    void nodeLabelFeaturesTellLabelledCopiesApart() {
        // Two copies of the same graph that differ only in their node labels: the all-ones GIN sees one graph,
        // the "labels" GIN two, and training on the labels fits them (theory: the 1-WL colouring starts from the
        // labels). Labels that are not there are refused by name.
        const std::vector<Graph> gs = {gen::path(4), gen::path(4)};
        const std::vector<int> a = {0, 0, 1, 1}, b = {1, 0, 0, 1};
        GraphSet set(pointers(gs));
        set.nodeLabels = {&a, &b};
        GinParams p = smallParams(5);
        const auto ones = ginGraphEmbeddings(p, set);
        QVERIFY(maxAbsDiff(ones[0], ones[1]) < 1e-6);
        p.features = NodeFeatures::Labels;
        const auto labelled = ginGraphEmbeddings(p, set, 2);
        QVERIFY(maxAbsDiff(labelled[0], labelled[1]) > 1e-3);
        GinProblem pr = pairProblem(pointers(gs));
        pr.train.nodeLabels = set.nodeLabels;
        pr.tests = {set};
        pr.nodeLabelValues = 2;
        const GinOutcome out = trainGin(p, pr);
        QVERIFY2(out.testScores[0][0] < 0.5 && out.testScores[0][1] > 0.5, "labelled copies fitted");
        pr.nodeLabelValues = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainGin(p, pr));
    }

    void learningRateDecayFreezesTheWeights() {
        // One full batch per epoch, so an epoch's loss is a function of the weights alone. Decaying the rate by
        // 10⁻⁶ after every epoch freezes the network after one step: the losses of epochs 3 and 4 agree; at a
        // constant rate they do not.
        GinProblem pr = pairProblem(firstErGraphs(24));
        GinParams p = smallParams(2);
        p.batch = 24;
        p.epochs = 4;
        const GinOutcome constant = trainGin(p, pr);
        p.lrDecayEvery = 1;
        p.lrDecay = 1e-6;
        const GinOutcome frozen = trainGin(p, pr);
        QCOMPARE(frozen.epochs[0].trainLoss, constant.epochs[0].trainLoss);
        // The first epoch's step runs at the full rate (decay starts after it): epoch 2's loss, measured after that
        // one step, is the constant-rate run's.
        QCOMPARE(frozen.epochs[1].trainLoss, constant.epochs[1].trainLoss);
        QVERIFY(std::abs(frozen.epochs[3].trainLoss - frozen.epochs[2].trainLoss) < 1e-6);
        QVERIFY(std::abs(constant.epochs[3].trainLoss - constant.epochs[2].trainLoss) > 1e-4);
    }

    // Epochs that tie on the validation metric: the earliest wins (a later one would have trained longer for
    // nothing the validation graphs can see). A constant metric makes every epoch a tie.
    void aTiedValidationMetricKeepsTheEarliestEpoch() {
        GinProblem pr = constantValidationProblem();
        GinParams p = smallParams(4);
        p.epochs = 5;
        const GinOutcome o = trainGin(p, pr);
        QCOMPARE(int(o.epochs.size()), 5);
        QCOMPARE(o.selectedEpoch, 1);
        QCOMPARE(o.selectedValid, 0.75);
    }

    // Early stopping: with a constant validation metric the best epoch is the first, and with patience 2 the
    // training stops after the two epochs that did not improve on it (epoch 3), not one later.
    void patienceStopsThatManyEpochsAfterTheBest() {
        GinProblem pr = constantValidationProblem();
        GinParams p = smallParams(4);
        p.epochs = 6;
        p.patience = 2;
        const GinOutcome o = trainGin(p, pr);
        QCOMPARE(o.selectedEpoch, 1);
        QCOMPARE(int(o.epochs.size()), 3);
    }

    void sampledEpochsAndTestCurve() {
        // Xu et al.'s epochs (iterations of random batches) and the test curve: one score list per epoch and
        // test set, the last equal to the reported scores (no validation: the last epoch is taken); deterministic.
        GinProblem pr = pairProblem(firstErGraphs(40));
        GinParams p = smallParams(3);
        p.epochs = 5;
        p.iterationsPerEpoch = 3;
        p.batch = 8;
        p.readout = Readout::EveryLayer;
        p.mlpNorm = true;
        p.dropout = 0.5;
        p.selection = EpochSelection::TestCurve;
        const GinOutcome a = trainGin(p, pr), b = trainGin(p, pr);
        QCOMPARE(int(a.testCurve.size()), 5);
        QCOMPARE(a.testCurve.back()[0], a.testScores[0]);
        QCOMPARE(a.selectedEpoch, 5);
        QCOMPARE(a.testScores, b.testScores);
        QCOMPARE(a.epochs.back().trainLoss, b.epochs.back().trainLoss);
    }

    void bestMeanTestEpochIsTheArgmaxOfTheFoldMean() {
        // Two folds, three epochs: fold means of accuracy 0.55, 0.70, 0.65 → epoch 2 for both folds, although
        // fold 1 alone peaks at epoch 3. Regression picks the lowest mean RMSE.
        auto score = [](double acc) { return experiment::TaskScore{"accuracy", acc, acc}; };
        const std::vector<std::vector<std::vector<experiment::TaskScore>>> curves = {
            {{score(0.5)}, {score(0.8)}, {score(0.6)}},
            {{score(0.6)}, {score(0.6)}, {score(0.7)}},
        };
        std::vector<experiment::TaskScore> chosen;
        QCOMPARE(experiment::bestMeanTestEpoch(curves, 0, false, chosen), 2);
        QCOMPARE(chosen[0].accuracy, 0.8);
        QCOMPARE(chosen[1].accuracy, 0.6);
        QCOMPARE(experiment::bestMeanTestEpoch(curves, 0, true, chosen), 1);
    }

};

QTEST_APPLESS_MAIN(TestNeural)
#include "tst_neural.moc"
