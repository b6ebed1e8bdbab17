// GAP's trained models (core/neural/GapModels, "model": "gap" in the depth lab's propagation):
//  - the encoder's output has unit rows, is deterministic for a seed, and carries the label signal of the
//    features (a classifier on it fits separable features), more than the same encoder left untrained;
//  - the classification module fits informative inputs and stays near chance on pure noise;
//  - the propagation experiment end to end with the GAP model, and on Cora (when ../shared/data is there) the
//    trained encoder against its untrained stand-in.
#include "common/Error.h"
#include "common/Rng.h"
#include "depthlab/DepthLab.h"
#include "neural/GapModels.h"

#include <QtTest>
#include <filesystem>

using namespace px;
using namespace px::neural;

namespace {

// n nodes of `classes` classes; features: a noisy one-hot of the class in the first columns, noise elsewhere.
struct Toy {
    RowMatrix features;
    NodeLabels nodes;
};

Toy toy(int n, int classes, int width, double signal, std::uint64_t seed) {
    Toy t;
    Rng rng(seed, "tst_gap toy");
    t.features.resize(n, width);
    t.nodes.classes = classes;
    for (int v = 0; v < n; ++v) {
        const int y = v % classes;
        t.nodes.labels.push_back(y);
        for (int j = 0; j < width; ++j) t.features(v, j) = rng.normal();
        t.features(v, y) += signal;
        const int part = (v / classes) % 5;  // independent of the class
        (part == 0 ? t.nodes.valid : part == 1 ? t.nodes.train : t.nodes.test).push_back(v);
    }
    return t;
}

}  // namespace

class TestGap : public QObject {
    Q_OBJECT
private slots:
    void encoderGivesUnitRowsDeterministically() {
        const Toy t = toy(300, 3, 20, 3.0, 1);
        GapModelParams p;
        p.seed = 4;
        const RowMatrix a = trainGapEncoder(p, t.features, t.nodes), b = trainGapEncoder(p, t.features, t.nodes);
        QCOMPARE(a.rows(), 300L);
        QCOMPARE(a.cols(), long(p.hidden));
        QVERIFY(a == b);
        for (long v = 0; v < a.rows(); ++v) QVERIFY(std::abs(a.row(v).norm() - 1.0) < 1e-5);
        p.seed = 5;
        QVERIFY(!(trainGapEncoder(p, t.features, t.nodes) == a));
    }

    void classifierFitsSignalAndNotNoise() {
        const Toy signal = toy(400, 4, 10, 4.0, 2), noise = toy(400, 4, 10, 0.0, 3);
        GapModelParams p;
        p.seed = 1;
        const auto [validFit, testFit] = trainGapClassifier(p, {signal.features}, signal.nodes);
        QVERIFY2(testFit > 0.9, qPrintable(QString::number(testFit)));
        QVERIFY(validFit > 0.9);
        const auto [validNoise, testNoise] = trainGapClassifier(p, {noise.features}, noise.nodes);
        QVERIFY2(testNoise < 0.25 + 0.15, qPrintable(QString::number(testNoise)));  // chance is 1/4
        (void)validNoise;
        // two inputs, the informative one second: the module reads every input
        const auto [v2, t2] = trainGapClassifier(p, {noise.features, signal.features}, signal.nodes);
        QVERIFY2(t2 > 0.85, qPrintable(QString::number(t2)));
        (void)v2;
    }

    void trainedEncoderBeatsItsUntrainedStandIn() {
        const Toy t = toy(600, 5, 200, 1.5, 7);  // weak signal in many features: an untrained projection loses it
        GapModelParams p;
        p.seed = 2;
        const double trained = trainGapClassifier(p, {trainGapEncoder(p, t.features, t.nodes)}, t.nodes).second;
        p.encoderEpochs = 0;
        const double untrained = trainGapClassifier(p, {trainGapEncoder(p, t.features, t.nodes)}, t.nodes).second;
        qInfo("toy: trained encoder %.3f, untrained %.3f", trained, untrained);
        QVERIFY2(trained > untrained + 0.05, qPrintable(QString("%1 vs %2").arg(trained).arg(untrained)));
    }

    void badInputIsRefused() {
        Toy t = toy(50, 2, 4, 1.0, 1);
        t.nodes.labels[3] = 7;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainGapEncoder(GapModelParams{}, t.features, t.nodes));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trainGapClassifier(GapModelParams{}, {}, t.nodes));
    }

    void propagationWithTheGapModel() {
        const nlohmann::json spec = {{"experiment", "propagation"}, {"data", "builtin:chain-8"}, {"schemes", {"gap", "caribou", "none"}},
                                     {"epsilons", {4.0}}, {"hops", {2, 8}}, {"trials", 1}, {"model", "gap"}};
        const experiment::ResultTable t = depthlab::runDepthExperiment(spec, "<test>");
        QCOMPARE(t.rows(), 2 + 2 + 2);
        for (int i = 0; i < t.rows(); ++i) {
            QVERIFY(t.at(i, "model").get<std::string>().rfind("gap", 0) == 0);
            const double acc = t.at(i, "test_accuracy_mean").get<double>();
            QVERIFY(acc >= 0 && acc <= 1);
        }
        // the chain data carry the class in the first node of a chain only: propagation must help without noise
        double best = 0;
        for (int i = 0; i < t.rows(); ++i)
            if (t.at(i, "scheme").get<std::string>() == "none") best = std::max(best, t.at(i, "test_accuracy_mean").get<double>());
        QVERIFY2(best > t.at(0, "features_only_accuracy").get<double>() + 0.05, qPrintable(QString::number(best)));
        nlohmann::json wrong = spec;
        wrong["model"] = "deep";
        QVERIFY_THROWS_EXCEPTION(InputError, depthlab::runDepthExperiment(wrong, "<test>"));
    }

    void trainedEncoderOnCora() {
        const std::string cora = std::string(PX_SHARED_DATA_DIR) + "/cora";
        if (!std::filesystem::exists(cora)) QSKIP("shared/data not found: Cora is needed for this check");
        const NodeDataset d = depthlab::loadNodeData(cora);
        NodeLabels nodes{d.labels, d.numClasses(), d.train, d.valid, d.test};
        GapModelParams p;
        p.seed = 1;
        const double trained = trainGapClassifier(p, {trainGapEncoder(p, d.features, nodes)}, nodes).second;
        p.encoderEpochs = 0;
        const double untrained = trainGapClassifier(p, {trainGapEncoder(p, d.features, nodes)}, nodes).second;
        qInfo("Cora, features alone: trained encoder %.3f, untrained %.3f", trained, untrained);
        QVERIFY2(trained > untrained + 0.05, qPrintable(QString("%1 vs %2").arg(trained).arg(untrained)));
    }
};

QTEST_GUILESS_MAIN(TestGap)
#include "tst_gap.moc"
