// Breiman's random forest (learn/RandomForest.h) against what it must do by construction: an
// unrestricted tree without bootstrap reproduces its training labels, min_samples_split stops
// growth, XOR (no linear signal) is learnt, the result does not depend on the thread count, and the
// learner is reachable as kind "rf".
#include "learn/LearnerRegistry.h"
#include "learn/Metrics.h"
#include "learn/RandomForest.h"
#include "common/Rng.h"

#include <QtTest>
#include <tbb/global_control.h>

using namespace px;
using namespace px::learn;

namespace {

struct Data {
    RowMatrix x;
    std::vector<double> y;
};

// XOR of the signs of two coordinates, plus `noise` irrelevant coordinates.
Data xorData(int n, int noise, std::uint64_t seed) {
    Rng rng(seed, "forest test");
    Data d;
    d.x.resize(n, 2 + noise);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < 2 + noise; ++j) d.x(i, j) = rng.uniform() * 2 - 1;
        d.y.push_back((d.x(i, 0) > 0) != (d.x(i, 1) > 0) ? 1.0 : 0.0);
    }
    return d;
}

}  // namespace

class TestForest : public QObject {
    Q_OBJECT
private slots:
    void unrestrictedTreeReproducesTrainingLabels() {
        const Data d = xorData(300, 3, 1);
        ForestParams p;
        p.trees = 1;
        p.bootstrap = false;
        p.maxFeatures = 5;
        const auto pred = randomForestPredict(p, d.x, d.y, d.x, TaskType::Binary);
        for (int i = 0; i < 300; ++i) QCOMPARE(pred[std::size_t(i)], d.y[std::size_t(i)]);
    }

    void minSamplesSplitStopsGrowth() {
        const Data d = xorData(200, 0, 2);
        ForestParams p;
        p.trees = 5;
        p.minSamplesSplit = 1000;  // more than the rows: every tree is one leaf
        const Data t = xorData(50, 0, 3);
        const auto pred = randomForestPredict(p, d.x, d.y, t.x, TaskType::Binary);
        for (double v : pred) QCOMPARE(v, pred.front());
        double prior = 0;
        for (double y : d.y) prior += y / 200;
        QVERIFY(std::abs(pred.front() - prior) < 0.1);  // the bootstrap class frequency
    }

    void learnsXorWhereALinearModelCannot() {
        const Data tr = xorData(800, 3, 4), te = xorData(400, 3, 5);
        ForestParams p;
        p.trees = 100;
        p.minSamplesSplit = 10;
        const double aucForest = rocAuc(randomForestPredict(p, tr.x, tr.y, te.x, TaskType::Binary), te.y);
        LearnerConfig lin;
        lin.kind = learn::LearnerKind::Linear;
        const double aucLinear = rocAuc(fitPredict(lin, tr.x, tr.y, te.x, TaskType::Binary), te.y);
        qInfo("XOR: forest AUC %.3f, linear AUC %.3f", aucForest, aucLinear);
        QVERIFY(aucForest > 0.95);
        QVERIFY(aucLinear < 0.65);
    }

    void regressionAveragesLeafMeans() {
        RowMatrix x(100, 1);
        std::vector<double> y;
        for (int i = 0; i < 100; ++i) { x(i, 0) = i; y.push_back(i < 50 ? 1.0 : 3.0); }
        ForestParams p;
        p.trees = 50;
        RowMatrix q(2, 1);
        q << 10, 90;
        const auto pred = randomForestPredict(p, x, y, q, TaskType::Regression);
        QVERIFY(std::abs(pred[0] - 1.0) < 1e-9);
        QVERIFY(std::abs(pred[1] - 3.0) < 1e-9);
    }

    void independentOfThreadCount() {
        const Data tr = xorData(300, 5, 6), te = xorData(100, 5, 7);
        ForestParams p;
        p.trees = 40;
        std::vector<double> one, many;
        {
            tbb::global_control c(tbb::global_control::max_allowed_parallelism, 1);
            one = randomForestPredict(p, tr.x, tr.y, te.x, TaskType::Binary);
        }
        many = randomForestPredict(p, tr.x, tr.y, te.x, TaskType::Binary);
        QCOMPARE(one, many);
    }

    void featureToleranceHidesTinyDifferences() {
        // The label is carried by a feature whose values differ by less than 1e-7: exact comparison
        // learns it, scikit-learn's tolerance (1e-7) sees a constant feature and predicts the prior.
        Data d = xorData(200, 0, 10);
        for (int i = 0; i < 200; ++i) d.x(i, 0) = 1e-9 * d.y[std::size_t(i)];
        d.x.col(1).setZero();
        ForestParams p;
        p.trees = 10;
        const auto exact = randomForestPredict(p, d.x, d.y, d.x, TaskType::Binary);
        p.featureTolerance = 1e-7;
        const auto tolerant = randomForestPredict(p, d.x, d.y, d.x, TaskType::Binary);
        QVERIFY(rocAuc(exact, d.y) > 0.99);
        for (double v : tolerant) QCOMPARE(v, tolerant.front());
    }

    void reachableAsLearnerKindRf() {
        QVERIFY(learnerFromKey("rf") == LearnerKind::RandomForest);
        const Data tr = xorData(300, 2, 8), te = xorData(100, 2, 9);
        LearnerConfig c;
        c.kind = learn::LearnerKind::RandomForest;
        c.trees = 30;
        c.maxDepth = 0;
        c.minSamplesSplit = 10;
        const auto pred = fitPredict(c, tr.x, tr.y, te.x, TaskType::Binary);
        QCOMPARE(int(pred.size()), 100);
        for (double v : pred) QVERIFY(v >= 0 && v <= 1);
    }
};

QTEST_APPLESS_MAIN(TestForest)
#include "tst_forest.moc"
