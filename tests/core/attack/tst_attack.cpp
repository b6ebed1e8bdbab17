// The re-identification attack on hand-made cases: ties, chance, whitening, subsets.
#include "TestSupport.h"
#include "attack/Reidentification.h"

#include <QtTest>
#include <cmath>

using namespace px;

class TestAttack : public QObject {
    Q_OBJECT
private slots:

    void reidentificationCountsTiesAndChance() {
        // Graphs 0,1,2 have n = 5, graph 3 has n = 6. Graphs 0 and 1 share the clean embedding.
        attack::RowMatrix clean(4, 2);
        clean << 0, 0, 0, 0, 1, 1, 0, 0;
        Eigen::VectorXd n(4);
        n << 5, 5, 5, 6;
        auto ceiling = attack::reidentificationCeiling(clean, n);
        // 0 and 1 tie (top-1 ½ each), 2 alone in its group at distance 0, 3 alone (n = 6).
        QVERIFY(std::abs(ceiling.top1 - (0.5 + 0.5 + 1 + 1) / 4) < 1e-12);
        QCOMPARE(ceiling.top10, 1.0);
        QCOMPARE(ceiling.chance1, 0.25);
        QVERIFY(std::abs(ceiling.chanceSameN1 - (1.0 / 3 * 3 + 1) / 4) < 1e-12);
        // A release that moves graph 2 next to graph 0: graph 2 is lost, graph 0 too.
        attack::RowMatrix released = clean;
        released.row(2) << 0.1, 0.1;
        auto r = attack::reidentify(clean, n, released, nullptr, {});
        QVERIFY(std::abs(r.top1Plain - (0.5 + 0.5 + 0 + 1) / 4) < 1e-12);
        // The whitened attacker with equal scales ranks like the plain one.
        auto w = attack::reidentify(clean, n, released, [](int, int) { return 0.5; }, {});
        QVERIFY(std::abs(w.top1Whitened - w.top1Plain) < 1e-12);
        // Subset attack: fewer targets, interval reported.
        attack::ReidParams sub;
        sub.subset = 2;
        auto s = attack::reidentify(clean, n, released, nullptr, sub);
        QCOMPARE(s.attacked, 2);
        QVERIFY(s.top1HalfWidth > 0);
    }

    // A different graph at exactly the target's distance is a tie too: the attacker's best guess is a coin toss
    // between them (top-1 ½), neither a sure hit (it is not closer) nor a sure miss (it is not strictly closer).
    // Graphs 0 = (0, 0) and 1 = (2, 0) share n; graph 0's release lands at (1, 0), exactly half-way
    // (distances ‖t‖² − 2x·t: 0 and 4 − 4 = 0, exact in floating point).
    void aDifferentGraphAtTheSameDistanceIsATie() {
        attack::RowMatrix clean(2, 2);
        clean << 0, 0, 2, 0;
        Eigen::VectorXd n(2);
        n << 5, 5;
        attack::RowMatrix released = clean;
        released.row(0) << 1, 0;
        const auto r = attack::reidentify(clean, n, released, nullptr, {});
        QVERIFY2(std::abs(r.top1Plain - (0.5 + 1) / 2) < 1e-12, qPrintable(QString::number(r.top1Plain)));
        QCOMPARE(r.top10Plain, 1.0);
    }
};

QTEST_APPLESS_MAIN(TestAttack)
#include "tst_attack.moc"
