// One release evaluated: folds and the public baseline by hand, feature maps, nested tuning without
// leakage, the shuffled control.
#include "TestSupport.h"
#include "common/Error.h"
#include "experiment/Evaluation.h"
#include "experiment/FeatureMap.h"
#include "experiment/SweepPreview.h"
#include "experiment/SweepRunner.h"
#include "learn/LearnerRegistry.h"
#include "learn/Metrics.h"
#include "learn/Tuning.h"
#include "generators/Generators.h"

#include <QtTest>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <tbb/global_control.h>
#include <thread>

using namespace px;
using namespace px::experiment;

namespace {
// d treewidth-≤2 patterns of at most 5 vertices (seed 1): small pattern sets for the evaluation tests.
PatternSet smallTreewidthTwoPatterns(int d) {
    PatternSamplerParams pp;
    pp.patternClass = PatternClass::parse("treewidth:2");
    pp.count = d;
    pp.size.maxSize = 5;
    return PatternSet::sample(pp);
}
}  // namespace

class TestEvaluation : public QObject {
    Q_OBJECT
private slots:
    // The preview's subsample: every class in proportion, and every fold restricted to the chosen graphs (a second,
    // regression task carries each graph's original index through the subsample).
    void aPreviewSubsampleKeepsClassesInProportionAndFoldsInPlace() {
        Dataset ds = gen::sbmCycleTask(150, 3);
        ds.tasks.push_back({"original index", TaskType::Regression});
        ds.labels.conservativeResize(ds.size(), 2);
        for (int i = 0; i < ds.size(); ++i) ds.labels(i, 1) = i;
        for (int f = 0; f < 3; ++f) {
            Split fold{"fold" + std::to_string(f), {}, {}, {}};
            for (int i = 0; i < ds.size(); ++i) (i % 3 == f ? fold.test : fold.train).push_back(i);
            ds.folds.push_back(fold);
        }
        const Dataset sub = stratifiedSubsample(ds, 40);  // every 4th graph of each class
        std::map<double, int> all, kept;
        for (int i = 0; i < ds.size(); ++i) ++all[ds.labels(i, 0)];
        for (int j = 0; j < sub.size(); ++j) ++kept[sub.labels(j, 0)];
        QVERIFY(all.size() >= 2);
        for (const auto& [cls, n] : all) QCOMPARE(kept[cls], (n + 3) / 4);
        QCOMPARE(int(sub.folds.size()), 3);
        for (int f = 0; f < 3; ++f) {
            QCOMPARE(int(sub.folds[f].test.size() + sub.folds[f].train.size()), sub.size());
            for (int j : sub.folds[f].test) QCOMPARE(int(sub.labels(j, 1)) % 3, f);
            for (int j : sub.folds[f].train) QVERIFY(int(sub.labels(j, 1)) % 3 != f);
        }
        for (int j = 0; j < sub.size(); ++j) {  // the graph itself came along with its labels
            const Graph& original = ds.graphs[std::size_t(sub.labels(j, 1))];
            QCOMPARE(sub.graphs[j].adjacency(), original.adjacency());
        }
    }

    // Nested tuning chooses on the training rows alone: poisoning the test rows (their released features replaced
    // by noise, their labels flipped) changes the score but never the chosen hyper-parameters.
    void nestedTuningNeverReadsTheTestRows() {
        const Dataset ds = gen::sbmCycleTask(160, 8);
        const DensityMatrix dm = DensityMatrix::compute(ds, smallTreewidthTwoPatterns(6));
        const TrainTest split = chooseSplit(ds, 0, 1);
        for (const char* kind : {"knn", "linear", "svm"}) {
            EvaluationParams ep;
            ep.tasks = {0};
            ep.learner.kind = *learn::learnerFromKey(kind);
            ep.attack = false;
            ep.tuning.nested = true;
            ep.tuning.folds = 4;
            if (std::string(kind) == "svm") {  // a small grid: the test is about what the choice reads, not its quality
                ep.tuning.grid.C = {0.1, 10};
                ep.tuning.grid.gamma = {0, 1};
            }
            DensityMatrix::Matrix released = dm.t;
            const EvaluationResult clean = evaluate(ds, split, dm, &released, nullptr, nullptr, ep);
            Dataset poisoned = ds;
            Rng rng(5, "poison");
            for (int i : split.test) {
                poisoned.labels(i, 0) = 1 - poisoned.labels(i, 0);
                for (long j = 0; j < released.cols(); ++j) released(i, j) = rng.uniform();
            }
            const EvaluationResult bad = evaluate(poisoned, split, dm, &released, nullptr, nullptr, ep);
            QVERIFY2(!clean.tuned.empty(), kind);
            QCOMPARE(bad.tuned, clean.tuned);
            QVERIFY2(bad.value != clean.value, kind);  // the poison reached the test rows
        }
    }

    // The chosen point is the best of the grid by mean inner score (each point scored alone), the first on ties.
    void nestedTuningPicksTheBestInnerScore() {
        const Dataset ds = gen::sbmCycleTask(120, 4);
        const DensityMatrix dm = DensityMatrix::compute(ds, smallTreewidthTwoPatterns(5));
        learn::RowMatrix x = dm.t;
        std::vector<double> y;
        for (int i = 0; i < ds.size(); ++i) y.push_back(ds.labels(i, 0));
        learn::LearnerConfig base;
        base.kind = learn::LearnerKind::Knn;
        learn::TuningConfig tc;
        tc.nested = true;
        tc.grid.k = {1, 3, 9, 27, 60};
        const learn::TunedLearner chosen = learn::tuneOnTraining(base, tc, x, y, TaskType::Binary);
        double best = -1;
        int bestK = 0;
        for (int k : tc.grid.k) {
            learn::TuningConfig one = tc;
            one.grid.k = {k};
            const double score = learn::tuneOnTraining(base, one, x, y, TaskType::Binary).innerScore;
            if (score > best) {  // strictly: the first of equal scores stays
                best = score;
                bestK = k;
            }
        }
        QCOMPARE(chosen.chosen.k, bestK);
        QCOMPARE(chosen.innerScore, best);
        QCOMPARE(learn::describeHyperParameters(chosen.chosen), "k=" + std::to_string(bestK));
    }

    // Nested tuning honours a cancel between its inner fits: a grid of 120 slow SVM fits stops at once, not after all.
    void cancelStopsNestedTuning() {
        const Dataset ds = gen::sbmCycleTask(300, 6);
        const DensityMatrix dm = DensityMatrix::compute(ds, smallTreewidthTwoPatterns(6));
        learn::RowMatrix x = dm.t * 1000.0;  // unscaled: slow libsvm fits at large C and γ
        std::vector<double> y;
        for (int i = 0; i < ds.size(); ++i) y.push_back(ds.labels(i, 0));
        CancelFlag flag;
        learn::LearnerConfig base;
        base.kind = learn::LearnerKind::Svm;
        base.stop = &flag;
        learn::TuningConfig tc;
        tc.nested = true;
        tc.grid.C = {1e3, 1e4, 1e5, 1e6};
        tc.grid.gamma = {1, 10, 100, 1000, 1e4, 1e5};
        QElapsedTimer alone;
        alone.start();
        learn::TuningConfig one = tc;
        one.grid.C = {1e6};
        one.grid.gamma = {1e5};
        learn::tuneOnTraining(base, one, x, y, TaskType::Binary);  // 5 of the 120 fits
        const qint64 fiveFits = alone.elapsed();
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            flag.cancel();
        });
        QElapsedTimer t;
        t.start();
        QVERIFY_THROWS_EXCEPTION(Cancelled, learn::tuneOnTraining(base, tc, x, y, TaskType::Binary));
        canceller.join();
        // Without the check all 120 fits would run (24 × fiveFits); with it, the fits under way finish and no more start.
        QVERIFY2(t.elapsed() < 50 + 3 * fiveFits + 200, qPrintable(QString("%1 ms; five fits take %2 ms").arg(t.elapsed()).arg(fiveFits)));
    }

    // Stratified seeded folds: a partition, every class spread evenly, train = the complement, seeded.
    void stratifiedFoldsPartitionAndStratify() {
        Dataset ds = gen::sbmCycleTask(103, 2);  // two classes
        const auto folds = chooseFolds(ds, 0, 7, 10);
        QCOMPARE(int(folds.size()), 10);
        std::vector<int> tested(ds.size(), 0);
        for (const auto& f : folds) {
            QCOMPARE(int(f.train.size() + f.test.size()), ds.size());
            std::vector<int> all = f.train;
            all.insert(all.end(), f.test.begin(), f.test.end());
            std::sort(all.begin(), all.end());
            for (int i = 0; i < ds.size(); ++i) QCOMPARE(all[i], i);  // train and test are complements
            for (int i : f.test) ++tested[i];
            QVERIFY(f.test.size() == 10 || f.test.size() == 11);
        }
        for (int t : tested) QCOMPARE(t, 1);  // the test folds partition the graphs
        // Each class is spread over the folds: its count per fold differs by at most one.
        for (int cls = 0; cls < 2; ++cls) {
            int lo = 1 << 30, hi = 0;
            for (const auto& f : folds) {
                int c = 0;
                for (int i : f.test) c += std::lround(ds.labels(i, 0)) == cls;
                lo = std::min(lo, c);
                hi = std::max(hi, c);
            }
            QVERIFY2(hi - lo <= 1, qPrintable(QString("class %1: %2..%3 per fold").arg(cls).arg(lo).arg(hi)));
        }
        QVERIFY(chooseFolds(ds, 0, 7, 10)[3].test == folds[3].test);  // seeded
        QVERIFY(chooseFolds(ds, 0, 8, 10)[3].test != folds[3].test);
        // Shipped folds are used as they are.
        ds.folds = {{"fold 1", {1, 2, 3}, {}, {0}}, {"fold 2", {0, 2, 3}, {}, {1}}};
        const auto shipped = chooseFolds(ds, 0, 7, 2);
        QCOMPARE(shipped[1].test, std::vector<int>{1});
        QCOMPARE(shipped[1].train, (std::vector<int>{0, 2, 3}));
    }

    // The sweep's k-fold value is the mean of one evaluation per fold computed here directly; its public
    // control is a kNN on n alone, computed here from scratch (standardised n, AUC per fold, mean).
    void foldProtocolAndPublicBaselineByHand() {
        Dataset ds = gen::sbmCycleTask(90, 3);
        ds.folds.clear();
        for (int f = 0; f < 3; ++f) {
            Split s;
            s.name = "fold " + std::to_string(f + 1);
            for (int i = 0; i < ds.size(); ++i) (i % 3 == f ? s.test : s.train).push_back(i);
            ds.folds.push_back(s);
        }
        SweepSpec spec = SweepSpec::fromJson(R"({
            "patterns": {"class": "treewidth:2", "d": 5, "size_max": 6}, "protocol": "3-fold",
            "budget": {"axis": "epsilon", "values": ["inf"]}, "learner": {"k": 7}, "attack": false})");
        const SweepResult res = runSweep(spec, ds);
        QCOMPARE(res.runs.rows(), 1);
        QCOMPARE(res.runs.at(0, "folds").get<int>(), 3);
        QVERIFY(res.runs.at(0, "split").get<std::string>().find("shipped folds") != std::string::npos);

        PatternSamplerParams pp = spec.patterns;
        pp.seed = spec.patternSeeds[0];
        const DensityMatrix dm = DensityMatrix::compute(ds, PatternSet::sample(pp));
        EvaluationParams ep;
        ep.tasks = {0};
        ep.learner = spec.learner;
        ep.attack = false;
        double byFold = 0, publicByHand = 0, publicAccuracyByHand = 0;
        std::vector<double> foldValues;
        for (const Split& f : ds.folds) {
            const TrainTest t{f.train, f.test, f.name};
            foldValues.push_back(evaluate(ds, t, dm, nullptr, nullptr, nullptr, ep).value);
            byFold += foldValues.back() / 3;
            // n alone, standardised on the training part (the engine's standardiser: with integer n, equidistant
            // neighbours tie and rounding of the scaled values decides them), kNN, AUC: written out here.
            learn::RowMatrix xTrain(f.train.size(), 1), xTest(f.test.size(), 1);
            std::vector<double> yTrain, yTest;
            for (std::size_t r = 0; r < f.train.size(); ++r) { xTrain(long(r), 0) = dm.n(f.train[r]); yTrain.push_back(ds.labels(f.train[r], 0)); }
            for (std::size_t r = 0; r < f.test.size(); ++r) { xTest(long(r), 0) = dm.n(f.test[r]); yTest.push_back(ds.labels(f.test[r], 0)); }
            const learn::Standardizer st = learn::Standardizer::fit(xTrain);
            const std::vector<double> score = learn::fitPredict(spec.learner, st.apply(xTrain), yTrain, st.apply(xTest), TaskType::Binary);
            publicByHand += learn::rocAuc(score, yTest) / 3;
            int correct = 0;  // accuracy: kNN's class-1 fraction above ½
            for (std::size_t r = 0; r < score.size(); ++r) correct += (score[r] > 0.5) == (yTest[r] > 0.5);
            publicAccuracyByHand += double(correct) / double(score.size()) / 3;
        }
        QVERIFY2(std::abs(res.runs.at(0, "value").get<double>() - byFold) < 1e-12,
                 qPrintable(QString("sweep %1, by hand %2").arg(res.runs.at(0, "value").get<double>()).arg(byFold)));
        QVERIFY2(std::abs(res.runs.at(0, "public_value").get<double>() - publicByHand) < 1e-12,
                 qPrintable(QString("sweep %1, by hand %2").arg(res.runs.at(0, "public_value").get<double>()).arg(publicByHand)));
        QVERIFY(std::abs(res.runs.at(0, "public_accuracy").get<double>() - publicAccuracyByHand) < 1e-12);
        QVERIFY(res.runs.at(0, "shuffled_value").is_number());
        QVERIFY(res.runs.at(0, "shuffled_accuracy").is_number());
        QVERIFY(res.aggregated.at(0, "no_structural_signal").is_boolean());

        // "run_folds": 2 runs the first two folds only, and the rows say so.
        spec.runFolds = 2;
        const SweepResult two = runSweep(spec, ds);
        QCOMPARE(two.runs.at(0, "folds").get<int>(), 2);
        QVERIFY(two.runs.at(0, "split").get<std::string>().find("only folds 1-2") != std::string::npos);
        QVERIFY(std::abs(two.runs.at(0, "value").get<double>() - (foldValues[0] + foldValues[1]) / 2) < 1e-12);
        spec.runFolds = 1;
        const SweepResult one = runSweep(spec, ds);
        QVERIFY(one.runs.at(0, "split").get<std::string>().find("only fold 1 run") != std::string::npos);
        QVERIFY(std::abs(one.runs.at(0, "value").get<double>() - foldValues[0]) < 1e-12);
    }

    // The folds of a release are evaluated side by side: a sweep with noise, controls and the attack gives the same
    // table, cell for cell, on one thread as on all of them.
    void foldsSideBySideGiveTheSameTableAsOneByOne() {
        const Dataset ds = gen::sbmCycleTask(120, 3);
        const SweepSpec spec = SweepSpec::fromJson(R"({
            "patterns": {"class": "treewidth:2", "d": 6, "size_max": 6}, "protocol": "5-fold", "controls": true,
            "mechanism": {"mechanism": "gaussian", "degree_bound": 20},
            "budget": {"axis": "epsilon", "values": [1, "inf"]}, "noise_seeds": [1, 2], "learner": {"k": 5}, "attack": true})");
        const SweepResult all = runSweep(spec, ds);
        SweepResult one;
        {
            tbb::global_control single(tbb::global_control::max_allowed_parallelism, 1);
            one = runSweep(spec, ds);
        }
        QCOMPARE(all.runs.rows(), 4);
        QCOMPARE(all.runs.columns(), one.runs.columns());
        for (int r = 0; r < all.runs.rows(); ++r)
            for (const std::string& c : all.runs.columns())
                if (c != "seconds")  // as text, so that NaN (no BDRS ε at ε = ∞) equals NaN
                    QVERIFY2(all.runs.at(r, c).dump() == one.runs.at(r, c).dump(), qPrintable(QString::fromStdString(c)));
    }

    // Feature maps by closed form: on the triangle, hom(K2) = 6 and hom(P3) = 3·2·2 = 12, so count = t·n^m gives
    // them back from the densities, and log-count is sign·log(1 + |count|), negative for a negative noisy t.
    void featureMapsByClosedForm() {
        Dataset tri;
        tri.graphs.push_back(Graph::fromEdges(3, {{0, 1}, {1, 2}, {0, 2}}));
        const std::vector<Pattern> ps = {Pattern(Graph::fromEdges(2, {{0, 1}}), {0, 1}), Pattern(Graph::fromEdges(3, {{0, 1}, {1, 2}}), {0, 1, 2})};
        const DensityMatrix dm = DensityMatrix::compute(tri, ps);
        const std::vector<int> sizes = {2, 3};
        const learn::RowMatrix count = featureRows(dm.t, dm.n, sizes, {0}, {FeatureMap::Count, true, true});
        QCOMPARE(count.cols(), 4L);
        QVERIFY(std::abs(count(0, 0) - 6) < 1e-12 && std::abs(count(0, 1) - 12) < 1e-12);
        QCOMPARE(count(0, 2), 3.0);
        QVERIFY(std::abs(count(0, 3) - std::log(3.0)) < 1e-15);
        const learn::RowMatrix logs = featureRows(dm.t, dm.n, sizes, {0}, {FeatureMap::LogCount, false, false});
        QCOMPARE(logs.cols(), 2L);
        QVERIFY(std::abs(logs(0, 0) - std::log(7.0)) < 1e-12 && std::abs(logs(0, 1) - std::log(13.0)) < 1e-12);
        DensityMatrix::Matrix noisy = dm.t;
        noisy(0, 0) = -6.0 / 9;
        QVERIFY(std::abs(featureRows(noisy, dm.n, sizes, {0}, {FeatureMap::LogCount, false, false})(0, 0) + std::log(7.0)) < 1e-12);
        QCOMPARE(featureRows(dm.t, dm.n, sizes, {0}, {FeatureMap::Density, false, false})(0, 1), dm.t(0, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, featureMapFromKey("logcount"));
    }

    // The learner sees a function of (release, n) only: with the same release, replacing the clean densities by
    // anything else changes no score (noisy test features; the attack, which compares with the clean ones, is off).
    void featureMapsReadOnlyTheReleaseAndN() {
        const Dataset ds = gen::sbmCycleTask(120, 5);
        const PatternSet set = smallTreewidthTwoPatterns(6);
        const DensityMatrix clean = DensityMatrix::compute(ds, set);
        DensityMatrix other = clean;
        other.t.setRandom();  // another "clean" matrix: must not matter
        DensityMatrix::Matrix released = clean.t;
        Rng rng(3, "release");
        for (long i = 0; i < released.size(); ++i) released.data()[i] += 0.01 * (rng.uniform() - 0.5);
        const TrainTest split = chooseSplit(ds, 0, 1);
        for (FeatureMap map : {FeatureMap::Density, FeatureMap::Count, FeatureMap::LogCount}) {
            EvaluationParams ep;
            ep.tasks = {0};
            ep.learner.kind = learn::LearnerKind::Linear;
            ep.attack = false;
            ep.featureMap = map;
            ep.appendLogN = true;
            for (const Pattern& f : set.patterns) ep.patternSizes.push_back(f.vertices());
            const double a = evaluate(ds, split, clean, &released, nullptr, nullptr, ep).value;
            const double b = evaluate(ds, split, other, &released, nullptr, nullptr, ep).value;
            QCOMPARE(a, b);
        }
    }

    // The shuffled control permutes rows only among graphs with equal n, and keeps every row.
    void shuffleKeepsRowsWithinEqualN() {
        DensityMatrix::Matrix rows(8, 2);
        Eigen::VectorXd n(8);
        for (int i = 0; i < 8; ++i) { rows(i, 0) = i; rows(i, 1) = 10 * i; n(i) = i < 5 ? 20 : 30; }
        const auto out = shuffleWithinSameN(rows, n, 3);
        std::vector<int> seen;
        for (int i = 0; i < 8; ++i) {
            const int from = int(out(i, 0));
            QCOMPARE(out(i, 1), 10.0 * from);  // whole rows move
            QCOMPARE(n(from), n(i));           // only among equal n
            seen.push_back(from);
        }
        std::sort(seen.begin(), seen.end());
        for (int i = 0; i < 8; ++i) QCOMPARE(seen[i], i);
        QVERIFY(noStructuralSignal("auc", 0.71, 0.70, 0.60));
        QVERIFY(!noStructuralSignal("auc", 0.75, 0.70, 0.60));
        QVERIFY(noStructuralSignal("rmse", 1.09, 1.10, 1.20));
        QVERIFY(!noStructuralSignal("rmse", 1.00, 1.10, 1.20));
        // the error bar counts: +0.05 over the control with a bar of ±0.26 is no signal, with ±0.03 it is one
        QVERIFY(noStructuralSignal("auc", 0.75, 0.70, 0.60, 0.26));
        QVERIFY(!noStructuralSignal("auc", 0.75, 0.70, 0.60, 0.03));
        QVERIFY(noStructuralSignal("rmse", 1.00, 1.10, 1.20, 0.2));
        QVERIFY(noStructuralSignal("auc", 0.60, 0.70, 0.60, 0.0));  // below a control
    }

    // The spread of a run's fold values (value_fold_std) is the sample standard deviation (n − 1).
    void foldSpreadIsTheSampleStandardDeviation() {
        QVERIFY(std::abs(sampleStdOf({1, 2, 3, 4}) - std::sqrt(5.0 / 3)) < 1e-12);
        QCOMPARE(sampleStdOf({0.7}), 0.0);
        QVERIFY(std::abs(meanOf({1, 2, 3, 4}) - 2.5) < 1e-15);
    }
};

QTEST_APPLESS_MAIN(TestEvaluation)
#include "tst_evaluation.moc"
