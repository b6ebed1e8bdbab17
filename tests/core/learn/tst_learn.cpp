// Metrics and kNN against brute force; the re-identification attack on hand-made cases.
#include "TestSupport.h"
#include "attack/Reidentification.h"
#include "common/ChildProcess.h"
#include "common/Error.h"
#include "experiment/SweepSpec.h"
#include "learn/Knn.h"
#include "learn/LearnerRegistry.h"
#include "learn/Metrics.h"
#include "learn/Tuning.h"

#include <QtTest>
#include <chrono>
#include <cmath>
#include <set>
#include <csignal>
#include <sys/wait.h>
#include <thread>

using namespace px;

class TestLearn : public QObject {
    Q_OBJECT
private slots:
    // AUC = P(score_pos > score_neg) + ½ P(tie), counted over all pairs.
    void aucMatchesPairwiseCountWithTies() {
        Rng rng(3);
        for (int trial = 0; trial < 50; ++trial) {
            const int n = 5 + int(rng.below(200));
            std::vector<double> s(n), y(n);
            for (int i = 0; i < n; ++i) {
                s[i] = double(rng.below(8));  // many ties
                y[i] = rng.bernoulli(0.3) ? 1.0 : 0.0;
                if (rng.bernoulli(0.05)) y[i] = std::nan("");
            }
            double num = 0, pairs = 0;
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    if (y[i] == 1.0 && y[j] == 0.0) {
                        num += s[i] > s[j] ? 1.0 : s[i] == s[j] ? 0.5 : 0.0;
                        pairs += 1;
                    }
            const double auc = learn::rocAuc(s, y);
            if (pairs == 0) QVERIFY(std::isnan(auc));
            else QVERIFY(std::abs(auc - num / pairs) < 1e-12);
        }
        QCOMPARE(learn::rocAuc({1, 2, 3, 4}, {0, 0, 1, 1}), 1.0);
        QCOMPARE(learn::rocAuc({4, 3, 2, 1}, {0, 0, 1, 1}), 0.0);
        QCOMPARE(learn::rocAuc({1, 1, 1, 1}, {0, 1, 0, 1}), 0.5);
    }
    void accuracyAndRmse() {
        QCOMPARE(learn::accuracy({0, 1, 2, 2}, {0, 1, 1, std::nan("")}), 2.0 / 3);
        QCOMPARE(learn::rmse({1, 2}, {1, 4}), std::sqrt(2.0));
    }
    void knnMatchesBruteForce() {
        Rng rng(5);
        learn::RowMatrix train(300, 4), queries(40, 4);
        for (Eigen::Index i = 0; i < train.size(); ++i) train.data()[i] = double(rng.below(5));  // ties
        for (Eigen::Index i = 0; i < queries.size(); ++i) queries.data()[i] = rng.normal();
        const auto got = learn::knnIndices(train, queries, 7);
        for (int q = 0; q < 40; ++q) {
            std::vector<std::pair<double, int>> all;
            for (int i = 0; i < 300; ++i) all.push_back({(train.row(i) - queries.row(q)).squaredNorm(), i});
            std::sort(all.begin(), all.end());
            // Same distance multiset (the GEMM form may order near-equal distances differently).
            for (int k = 0; k < 7; ++k)
                QVERIFY(std::abs((train.row(got[q][k]) - queries.row(q)).squaredNorm() - all[k].first) < 1e-9);
        }
        Eigen::MatrixXd labels(300, 1);
        for (int i = 0; i < 300; ++i) labels(i, 0) = train(i, 0) >= 2 ? 1.0 : 0.0;
        const Eigen::MatrixXd pred = learn::knnPredict(train, labels, queries, {7, false});
        for (int q = 0; q < 40; ++q) {
            double mean = 0;
            for (int nb : got[q]) mean += labels(nb, 0) / 7;
            QVERIFY(std::abs(pred(q, 0) - mean) < 1e-12);
        }
    }
    // Integer features make every distance exact, so the neighbours must be exactly the k smallest
    // (distance, index) pairs, ties to the lower index, in that order; training sizes around the
    // selection's chunks of 8 and many ties exercise its skipping.
    void knnNeighboursAreTheKSmallestPairs() {
        Rng rng(11);
        for (int nt : {7, 8, 9, 63, 64, 301}) {
            learn::RowMatrix train(nt, 3), queries(25, 3);
            for (Eigen::Index i = 0; i < train.size(); ++i) train.data()[i] = double(rng.below(4));
            for (Eigen::Index i = 0; i < queries.size(); ++i) queries.data()[i] = double(rng.below(4));
            for (int k : {1, 3, 8, 9}) {
                const auto got = learn::knnIndices(train, queries, k);
                for (int q = 0; q < queries.rows(); ++q) {
                    std::vector<std::pair<double, int>> all;
                    for (int i = 0; i < nt; ++i) all.push_back({(train.row(i) - queries.row(q)).squaredNorm(), i});
                    std::sort(all.begin(), all.end());
                    const int kk = std::min(k, nt);
                    QCOMPARE(int(got[q].size()), kk);
                    for (int j = 0; j < kk; ++j) QCOMPARE(got[q][j], all[j].second);
                }
            }
        }
    }
    // The search visits training rows from the query's neighbourhood outwards and skips those whose projection lies
    // too far (NearestScan.h): on correlated, clustered data with repeated rows, at several scales and dimensions,
    // the neighbours are still exactly the k smallest (distance, index) pairs of the distance the engine computes
    // (‖t‖² − 2 q·t, q·t by multiply-adds in feature order), written out here.
    void knnSkipsNothingItShouldKeep() {
        Rng rng(23);
        for (int dims : {0, 1, 3, 11})  // no feature at all: every distance 0, the k lowest indices
            for (int nt : {5, 16, 17, 300, 2000})
                for (double scale : {1.0, 1e6}) {
                    learn::RowMatrix train(nt, dims), queries(37, dims);
                    const auto row = [&](learn::RowMatrix& m, Eigen::Index i) {  // a common factor, clusters, noise
                        const double f = rng.normal() + 3.0 * double(rng.below(3));
                        for (int j = 0; j < dims; ++j) m(i, j) = scale * (f * (1 + 0.2 * j) + 0.05 * rng.normal());
                    };
                    for (Eigen::Index i = 0; i < nt; ++i) i % 5 == 4 ? void(train.row(i) = train.row(i / 2)) : row(train, i);
                    for (Eigen::Index i = 0; i < queries.rows(); ++i) i % 6 == 0 ? void(queries.row(i) = train.row(i % nt)) : row(queries, i);
                    const Eigen::VectorXd norms = train.rowwise().squaredNorm();
                    for (int k : {1, 4, 20}) {
                        const auto got = learn::knnIndices(train, queries, k);
                        for (int q = 0; q < queries.rows(); ++q) {
                            std::vector<std::pair<double, int>> all;
                            for (int i = 0; i < nt; ++i) {
                                double dot = 0;
                                for (int j = 0; j < dims; ++j)
#ifdef EIGEN_VECTORIZE_FMA
                                    dot = std::fma(queries(q, j), train(i, j), dot);
#else
                                    dot = queries(q, j) * train(i, j) + dot;
#endif
                                all.push_back({norms(i) + -2.0 * dot, i});
                            }
                            std::sort(all.begin(), all.end());
                            const int kk = std::min(k, nt);
                            QCOMPARE(int(got[q].size()), kk);
                            for (int j = 0; j < kk; ++j) QCOMPARE(got[q][j], all[j].second);
                        }
                    }
                }
    }
    void standardizerUsesTrainingStatistics() {
        learn::RowMatrix x(4, 2);
        x << 1, 5, 2, 5, 3, 5, 4, 5;
        auto st = learn::Standardizer::fit(x);
        auto z = st.apply(x);
        QVERIFY(std::abs(z.col(0).mean()) < 1e-12);
        QVERIFY(std::abs(z.col(0).squaredNorm() / 3 - 1) < 1e-12);
        QCOMPARE(z(0, 1), 0.0);  // constant column: centred, not divided by zero
    }
    // Every learner on problems with a known answer: a separable binary task (y = [x0 + x1 > 0]), a
    // noiseless linear regression, three well-separated classes; seeded runs are reproducible.
    void librariesLearnKnownProblems_data() {
        QTest::addColumn<QString>("kind");
        for (const char* k : {"knn", "svm", "linear", "forest", "boosting"}) QTest::newRow(k) << k;
    }
    void librariesLearnKnownProblems() {
        QFETCH(QString, kind);
        Rng rng(9);
        const int n = 400, nt = 200;
        learn::RowMatrix x(n, 3), xt(nt, 3);
        for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = rng.normal();
        for (Eigen::Index i = 0; i < xt.size(); ++i) xt.data()[i] = rng.normal();
        std::vector<double> yb(n), ybt(nt), yr(n), yrt(nt), yc(n), yct(nt);
        auto cls = [](const auto& r) { return r(0) > 0.5 ? 2.0 : r(0) < -0.5 ? 0.0 : 1.0; };
        for (int i = 0; i < n; ++i) {
            yb[i] = x(i, 0) + x(i, 1) > 0;
            yr[i] = 2 * x(i, 0) - x(i, 2);
            yc[i] = cls(x.row(i));
        }
        for (int i = 0; i < nt; ++i) {
            ybt[i] = xt(i, 0) + xt(i, 1) > 0;
            yrt[i] = 2 * xt(i, 0) - xt(i, 2);
            yct[i] = cls(xt.row(i));
        }
        yb[3] = std::nan("");  // missing labels are skipped
        learn::LearnerConfig c;
        c.kind = *learn::learnerFromKey(kind.toStdString());
        c.k = 15;
        const auto scores = learn::fitPredict(c, x, yb, xt, TaskType::Binary);
        const double auc = learn::rocAuc(scores, ybt);
        QVERIFY2(auc > 0.93, qPrintable(QString("%1: AUC %2").arg(kind).arg(auc)));
        const auto pred = learn::fitPredict(c, x, yr, xt, TaskType::Regression);
        const double err = learn::rmse(pred, yrt);
        // A random forest fits a linear target piecewise-constantly (and sees ~1 of 3 features per
        // split): it is held to explaining ~70 % of the variance, the others to ~87 %.
        const double limit = kind == "forest" ? 1.2 : 0.8;
        QVERIFY2(err < limit, qPrintable(QString("%1: RMSE %2 (label sd 2.2)").arg(kind).arg(err)));
        const auto classes = learn::fitPredict(c, x, yc, xt, TaskType::MultiClass);
        const double acc = learn::accuracy(classes, yct);
        QVERIFY2(acc > (kind == "linear" ? 0.6 : 0.85), qPrintable(QString("%1: accuracy %2").arg(kind).arg(acc)));
        QCOMPARE(learn::fitPredict(c, x, yb, xt, TaskType::Binary), scores);  // reproducible
    }
    // liblinear's dual solvers shuffle with the C library's rand(): a fit is the same fit every time,
    // one after the other and from several threads at once (the C grid of linearAccuracy).
    void dualLinearFitsAreRepeatable() {
        Rng rng(5);
        const int n = 60, nt = 40, dims = 80;  // more features than samples: the dual solver
        learn::RowMatrix x(n, dims), xt(nt, dims);
        for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = rng.normal();
        for (Eigen::Index i = 0; i < xt.size(); ++i) xt.data()[i] = rng.normal();
        std::vector<double> y(n);
        for (int i = 0; i < n; ++i) y[i] = x(i, 0) + 0.5 * rng.normal() > 0;
        learn::LearnerConfig c;
        c.kind = learn::LearnerKind::Linear;
        c.dual = true;
        const auto first = learn::fitPredict(c, x, y, xt, TaskType::Binary);
        for (int repeat = 0; repeat < 3; ++repeat) QCOMPARE(learn::fitPredict(c, x, y, xt, TaskType::Binary), first);
        std::vector<std::vector<double>> parallel(8);
        std::vector<std::thread> threads;
        for (std::size_t k = 0; k < parallel.size(); ++k)
            threads.emplace_back([&, k] { parallel[k] = learn::fitPredict(c, x, y, xt, TaskType::Binary); });
        for (auto& t : threads) t.join();
        for (const auto& p : parallel) QCOMPARE(p, first);
    }
    // An svm fit on 400 rows or more given a cancellation runs in a child process; its predictions are the
    // in-process ones, bit for bit. Smaller fits (about 1 ms) stay in the process.
    void svmInAChildProcessPredictsAsInProcess() {
        Rng rng(5);
        learn::RowMatrix x(500, 4), xt(40, 4);
        for (Eigen::Index i = 0; i < x.rows(); ++i)
            for (Eigen::Index j = 0; j < x.cols(); ++j) x(i, j) = rng.normal();
        for (Eigen::Index i = 0; i < xt.rows(); ++i)
            for (Eigen::Index j = 0; j < xt.cols(); ++j) xt(i, j) = rng.normal();
        std::vector<double> yBinary, yClass, yValue;
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            yBinary.push_back(x(i, 0) + 0.3 * rng.normal() > 0 ? 1.0 : 0.0);
            yClass.push_back(double(i % 3));
            yValue.push_back(x(i, 1) * 2 + rng.normal());
        }
        learn::LearnerConfig c;
        c.kind = learn::LearnerKind::Svm;
        CancelFlag neverCancelled;
        for (auto [y, type] : {std::pair{yBinary, TaskType::Binary}, {yClass, TaskType::MultiClass}, {yValue, TaskType::Regression}}) {
            c.stop = nullptr;
            const auto inProcess = learn::fitPredict(c, x, y, xt, type);
            c.stop = &neverCancelled;
            const long children = testing::childProcessesStarted();
            const auto inChild = learn::fitPredict(c, x, y, xt, type);
            QCOMPARE(testing::childProcessesStarted(), children + 1);
            QCOMPARE(int(inChild.size()), int(xt.rows()));
            QCOMPARE(inChild, inProcess);
        }
        const long children = testing::childProcessesStarted();
        learn::fitPredict(c, x.topRows(399), std::vector<double>(yValue.begin(), yValue.begin() + 399), xt, TaskType::Regression);
        QCOMPARE(testing::childProcessesStarted(), children);
    }
    // A cancelled svm fit stops while libsvm is still solving: an SVR with a huge C and a smooth kernel on noise
    // runs for more than 20 s uncancelled (measured); the cancellation 200 ms in kills it, and no child process is left behind.
    void aCancelledSvmFitStopsWhileSolving() {
        Rng rng(9);
        learn::RowMatrix x(3000, 8);
        std::vector<double> y;
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            for (Eigen::Index j = 0; j < x.cols(); ++j) x(i, j) = rng.normal();
            y.push_back(100.0 * rng.normal());
        }
        learn::LearnerConfig c;
        c.kind = learn::LearnerKind::Svm;
        c.C = 1e7;
        c.gamma = 0.1;
        CancelFlag flag;
        c.stop = &flag;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            flag.cancel();
        });
        const auto start = std::chrono::steady_clock::now();
        bool cancelled = false;
        try {
            learn::fitPredict(c, x, y, x, TaskType::Regression);
        } catch (const Cancelled&) {
            cancelled = true;
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        canceller.join();
        qInfo(cancelled ? "cancelled after %.2f s" : "finished after %.2f s", seconds);
        QVERIFY2(cancelled, "the fit finished before it was cancelled: the problem is too easy to test cancellation");
        QCOMPARE(::waitpid(-1, nullptr, WNOHANG), -1);  // ECHILD: the child was reaped
    }
    // The registry is the one list of learners: keys round-trip, a spec's defaults are the registry's, its
    // ranges are the spec reader's (both ends accepted, one step beyond refused), and every row learner fits.
    void learnerRegistryIsWhatTheSpecReaderAndFitUse() {
        std::set<std::string> keys;
        for (const learn::LearnerDescription& d : learn::learnerRegistry()) {
            QVERIFY2(keys.insert(d.key).second, d.key.c_str());
            QCOMPARE(learn::learnerFromKey(d.key), std::optional<learn::LearnerKind>(d.kind));
            QCOMPARE(&learn::describeLearner(d.kind), &d);
            QCOMPARE(bool(d.fitRows), !d.needsGraphs);
            QVERIFY(d.defaultGrid && d.describeChosen && d.runTableParams && !d.defaultGrid().empty());
            const std::string head = "{\"learner\": {\"kind\": \"" + d.key + "\"";
            const nlohmann::json read = experiment::SweepSpec::fromJson(head + "}}").toJson()["learner"];
            for (const learn::LearnerParameter& p : d.parameters) {
                QVERIFY2(read.contains(p.name), p.name.c_str());
                QVERIFY2(read[p.name].get<double>() == p.defaultValue, (d.key + "." + p.name).c_str());
                const double step = p.integer ? 1 : std::max(1e-9, std::abs(p.max) * 1e-6);
                for (double v : {p.min, p.max}) {
                    const auto spec = experiment::SweepSpec::fromJson(head + ", \"" + p.name + "\": " + nlohmann::json(v).dump() + "}}");
                    QCOMPARE(spec.toJson()["learner"][p.name].get<double>(), v);
                }
                for (double v : {p.min - step, p.max + step})
                    QVERIFY_THROWS_EXCEPTION(InputError, experiment::SweepSpec::fromJson(head + ", \"" + p.name + "\": " +
                                                                                         nlohmann::json(v).dump() + "}}"));
            }
        }
        QCOMPARE(learn::learnerKeyList(), std::string("knn, svm, linear, rf, forest, boosting or gin"));
        QVERIFY(!learn::learnerFromKey("KNN"));
        learn::RowMatrix x(40, 2);
        std::vector<double> y;
        for (int i = 0; i < 40; ++i) {
            x(i, 0) = i % 2 + 0.01 * i;
            x(i, 1) = 0.5;
            y.push_back(i % 2);
        }
        for (const learn::LearnerDescription& d : learn::learnerRegistry()) {
            if (!d.fitRows) continue;
            learn::LearnerConfig c;
            c.kind = d.kind;
            c.k = 3;
            c.trees = 5;
            const std::vector<double> scores = learn::fitPredict(c, x, y, x, TaskType::Binary);
            const double threshold = d.marginScores ? 0.0 : 0.5;
            int right = 0;
            for (int i = 0; i < 40; ++i) right += (scores[std::size_t(i)] > threshold) == (y[std::size_t(i)] > 0.5);
            QVERIFY2(right >= 36, d.key.c_str());  // separable on column 0
        }
    }

    void unknownLearnerAndNoLabelsAreErrors() {
        learn::RowMatrix x(3, 1);
        x << 1, 2, 3;
        learn::LearnerConfig c;
        QVERIFY(!learn::learnerFromKey("oracle"));
        c.kind = learn::LearnerKind::Gin;  // a graph learner: no rows to fit
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, learn::fitPredict(c, x, {0, 1, 0}, x, TaskType::Binary));
        c.kind = learn::LearnerKind::Svm;
        const double nan = std::nan("");
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, learn::fitPredict(c, x, {nan, nan, nan}, x, TaskType::Binary));
    }


    // An inner fold is never among the rows its score was fitted on. 1-NN on labels that are pure noise: scored
    // on held-out rows its AUC is near ½; a fold leaked into its own fit would find every row itself (AUC 1).
    void nestedTuningScoresEachInnerFoldOnRowsItWasNotFittedOn() {
        Rng rng(5);
        learn::RowMatrix x(200, 3);
        std::vector<double> y;
        for (int i = 0; i < 200; ++i) {
            for (int j = 0; j < 3; ++j) x(i, j) = rng.uniform();
            y.push_back(double(rng.below(2)));
        }
        learn::LearnerConfig base;
        base.kind = learn::LearnerKind::Knn;
        learn::TuningConfig tc;
        tc.nested = true;
        tc.grid.k = {1};
        const double inner = learn::tuneOnTraining(base, tc, x, y, TaskType::Binary).innerScore;
        QVERIFY2(inner > 0.3 && inner < 0.7, qPrintable(QString::number(inner)));
    }

    // A tuned k is what the final fit uses and what the run table reports: never more neighbours than there are
    // training rows (a grid of k = 50 on 12 rows chooses, and says, 12).
    void aTunedKNeverExceedsTheTrainingRows() {
        Rng rng(6);
        learn::RowMatrix x(12, 2);
        std::vector<double> y;
        for (int i = 0; i < 12; ++i) {
            x(i, 0) = rng.uniform();
            x(i, 1) = rng.uniform();
            y.push_back(double(i % 2));
        }
        learn::LearnerConfig base;
        base.kind = learn::LearnerKind::Knn;
        learn::TuningConfig tc;
        tc.nested = true;
        tc.folds = 3;
        tc.grid.k = {50};
        QCOMPARE(learn::tuneOnTraining(base, tc, x, y, TaskType::Binary).chosen.k, 12);
    }
};

QTEST_APPLESS_MAIN(TestLearn)
#include "tst_learn.moc"
