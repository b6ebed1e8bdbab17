// kNN's neighbour memo (learn/NeighbourMemo.h): with it on, every answer is the one a fresh search gives, bit for bit,
// whether it came from a kept list or not; changed rows are never answered from a kept list; the memory limit holds,
// least recently used lists going first.
#include "TestSupport.h"
#include "common/Rng.h"
#include "learn/Knn.h"
#include "learn/Learners.h"
#include "learn/NeighbourMemo.h"

#include <QtTest>
#include <cmath>
#include <cstring>

using namespace px;

namespace {

struct Problem {
    learn::RowMatrix train, queries;
    Eigen::MatrixXd labels;
};

// Integer-valued features (many exact ties) and labels with some missing, so that kNN searches beyond k.
Problem problem(std::uint64_t seed, int trainRows = 200, int queryRows = 30) {
    Rng rng(seed);
    Problem p{learn::RowMatrix(trainRows, 3), learn::RowMatrix(queryRows, 3), Eigen::MatrixXd(trainRows, 1)};
    for (Eigen::Index i = 0; i < p.train.size(); ++i) p.train.data()[i] = double(rng.below(5));
    for (Eigen::Index i = 0; i < p.queries.size(); ++i) p.queries.data()[i] = rng.normal();
    for (int i = 0; i < trainRows; ++i) p.labels(i, 0) = rng.bernoulli(0.1) ? std::nan("") : double(rng.below(2));
    return p;
}

bool sameBits(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() && !std::memcmp(a.data(), b.data(), sizeof(double) * a.size());
}

}  // namespace

class TestNeighbourMemo : public QObject {
    Q_OBJECT
private slots:
    void init() { learn::setNeighbourMemoLimit(0); }
    void cleanup() { learn::setNeighbourMemoLimit(0); }

    void keptListsAnswerAsAFreshSearch() {
        const Problem p = problem(7);
        const std::vector<int> ks = {15, 16, 3, 30, 40, 33, 200, 500, 15};
        std::vector<Eigen::MatrixXd> fresh;
        std::vector<std::vector<std::vector<int>>> freshIndices;
        for (int k : ks) {
            fresh.push_back(learn::knnPredict(p.train, p.labels, p.queries, {k, false}));
            freshIndices.push_back(learn::knnIndices(p.train, p.queries, k));
        }
        QCOMPARE(int(learn::neighbourMemoStats().entries), 0);  // off: nothing kept
        learn::setNeighbourMemoLimit(std::size_t(1) << 20);
        for (std::size_t i = 0; i < ks.size(); ++i) {
            QVERIFY2(sameBits(learn::knnPredict(p.train, p.labels, p.queries, {ks[i], false}), fresh[i]),
                     qPrintable(QString("k = %1").arg(ks[i])));
            QVERIFY(learn::knnIndices(p.train, p.queries, ks[i]) == freshIndices[i]);
        }
        const auto stats = learn::neighbourMemoStats();
        QVERIFY2(stats.hits >= 10, qPrintable(QString("hits %1, misses %2").arg(stats.hits).arg(stats.misses)));
        QCOMPARE(int(stats.entries), 1);  // one search: a longer list replaced the shorter one
    }

    void changedRowsAreSearchedAgain() {
        Problem p = problem(8);
        learn::setNeighbourMemoLimit(std::size_t(1) << 20);
        learn::knnIndices(p.train, p.queries, 10);
        p.queries(3, 1) = std::nextafter(p.queries(3, 1), 1e9);  // one ulp
        p.train(0, 0) += 1;
        const auto before = learn::neighbourMemoStats();
        const auto kept = learn::knnIndices(p.train, p.queries, 10);
        QCOMPARE(learn::neighbourMemoStats().misses, before.misses + 1);
        learn::setNeighbourMemoLimit(0);
        QVERIFY(kept == learn::knnIndices(p.train, p.queries, 10));
    }

    void theLimitHoldsAndTheLeastRecentlyUsedGoFirst() {
        // Each search keeps 30 queries × 10 neighbours × 4 bytes = 1,200 bytes; room for two.
        learn::setNeighbourMemoLimit(2 * 1200 + 100);
        std::vector<Problem> problems;
        for (std::uint64_t s = 20; s < 25; ++s) problems.push_back(problem(s));
        for (const Problem& p : problems) learn::knnIndices(p.train, p.queries, 10);
        auto stats = learn::neighbourMemoStats();
        QCOMPARE(int(stats.entries), 2);
        QVERIFY(stats.bytes <= 2 * 1200 + 100);
        learn::knnIndices(problems[4].train, problems[4].queries, 8);  // the most recent: kept
        QCOMPARE(learn::neighbourMemoStats().hits, stats.hits + 1);
        learn::knnIndices(problems[0].train, problems[0].queries, 8);  // the first: gone
        QCOMPARE(learn::neighbourMemoStats().misses, stats.misses + 1);
        learn::setNeighbourMemoLimit(0);
        QCOMPARE(int(learn::neighbourMemoStats().entries), 0);
        QCOMPARE(int(learn::neighbourMemoStats().bytes), 0);
    }

    // A first search keeps what it was asked for; exploring k (or finding fewer kept) keeps 2k, at least 32.
    void exploringKKeepsTwiceTheNeighbours() {
        learn::setNeighbourMemoLimit(std::size_t(1) << 20);
        const Problem p = problem(30), q = problem(31);
        learn::knnIndices(p.train, p.queries, 10);
        QCOMPARE(int(learn::neighbourMemoStats().bytes), 30 * 10 * 4);
        learn::knnIndices(p.train, p.queries, 11);  // fewer kept: searched again for 32
        QCOMPARE(int(learn::neighbourMemoStats().bytes), 30 * 32 * 4);
        learn::knnIndices(q.train, q.queries, 20, /*exploringK=*/true);
        QCOMPARE(int(learn::neighbourMemoStats().bytes), 30 * 32 * 4 + 30 * 40 * 4);
        const auto before = learn::neighbourMemoStats();
        learn::knnIndices(q.train, q.queries, 40);
        learn::knnIndices(p.train, p.queries, 32);
        QCOMPARE(learn::neighbourMemoStats().hits, before.hits + 2);
    }

    // The caller says that k is being explored through the learner's configuration (no process-wide switch): a kNN
    // fit with exploringK keeps 2k, one without keeps k.
    void theLearnerConfigurationSaysWhenKIsExplored() {
        learn::setNeighbourMemoLimit(0);
        learn::setNeighbourMemoLimit(std::size_t(1) << 20);
        for (const bool exploring : {false, true}) {
            const Problem p = problem(exploring ? 41 : 40);
            learn::LearnerConfig config;
            config.kind = learn::LearnerKind::Knn;
            config.k = 20;
            config.exploringK = exploring;
            std::vector<double> y;
            for (Eigen::Index i = 0; i < p.labels.rows(); ++i) y.push_back(std::isnan(p.labels(i, 0)) ? 0.0 : p.labels(i, 0));
            const std::size_t before = learn::neighbourMemoStats().bytes;
            learn::fitPredict(config, p.train, y, p.queries, TaskType::Binary);
            QCOMPARE(int(learn::neighbourMemoStats().bytes - before), 30 * (exploring ? 40 : 20) * 4);
        }
    }
};

QTEST_GUILESS_MAIN(TestNeighbourMemo)
#include "tst_neighbour_memo.moc"
