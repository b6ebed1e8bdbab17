// The explorer's background computation on its own: progressive partial results and cancel.
#include "ExplorerController.h"
#include "AppTestSupport.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QStandardPaths>
#include <QtTest>
#include <chrono>

class TestController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        pxtest::useEmptyAppDataFolder("tst_controller");  // its own autosave, recent files and journals, emptied
    }

    void tradeoffPlotFillsInProgressively() {
        ExplorerController c;
        c.setDataset(ExplorerController::loadDataset("builtin:sbm-cycles"));
        ExplorerSettings s;
        s.repetitions = 3;
        c.setPartialInterval(0.0);  // independent of how fast this machine computes the sweep
        QSignalSpy partial(&c, &ExplorerController::partialReady);
        // The privacy report needs the densities only: they reach the window before the sweep ends, once.
        int densitiesBeforeTheEnd = 0;
        bool done = false;
        connect(&c, &ExplorerController::densitiesReady, this, [&] { densitiesBeforeTheEnd += !done && c.densities() && c.patterns(); });
        connect(&c, &ExplorerController::finished, this, [&] { done = true; });
        // Progress runs from 0 to 1 once: sampling the patterns no longer reports a whole bar of its own.
        std::vector<double> fractions;
        connect(&c, &ExplorerController::progressed, this, [&](double f) { fractions.push_back(f); });
        c.recompute(s);
        QVERIFY(waitFinished(&c));
        qInfo("%d progressive updates before the final result", int(partial.count()));
        QVERIFY(partial.count() >= 1);
        QVERIFY(c.partialResult() == nullptr);  // cleared by the final result
        QCOMPARE(densitiesBeforeTheEnd, 1);
        QVERIFY(!fractions.empty());
        for (std::size_t i = 1; i < fractions.size(); ++i)
            QVERIFY2(fractions[i] >= fractions[i - 1], qPrintable(QString("%1 then %2").arg(fractions[i - 1]).arg(fractions[i])));
    }
    void cancelStopsALongComputation() {
        ExplorerController c;
        c.setDataset(ExplorerController::loadDataset("builtin:csl"));
        ExplorerSettings s;
        s.dataset = "builtin:csl";
        s.patternClass = "treewidth:3";
        s.d = 200;
        s.maxSize = 14;
        s.repetitions = 3;
        QSignalSpy cancelled(&c, &ExplorerController::cancelled);
        c.recompute(s);
        QTest::qWait(100);
        QVERIFY(c.busy());
        const auto t0 = std::chrono::steady_clock::now();
        c.cancel();
        c.waitForIdle();
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        qInfo("cancel took %.0f ms", secs * 1000);
        QVERIFY(cancelled.count() >= 1);
        QVERIFY(c.result() == nullptr);
    }

    // An unfinished sweep stopped by the app closing (or the user's Cancel) is resumed by the same settings
    // on the next start; one replaced by other settings, or finished, leaves no record.
    void anUnfinishedSweepResumesAfterARestart() {
        QTemporaryDir records;
        ExplorerSettings s;
        s.repetitions = 12;
        auto records_ = [&] { return QDir(records.path()).entryList({"*.runs.partial"}, QDir::Files); };
        const auto data = ExplorerController::loadDataset("builtin:sbm-cycles");
        ExplorerController reference;
        reference.setJournalFolder("");
        reference.setDataset(data);
        reference.recompute(s);
        QVERIFY(waitFinished(&reference));
        {
            ExplorerController first;
            first.setJournalFolder(records.path());
            first.setDataset(data);
            first.setPartialInterval(0.0);
            QSignalSpy partial(&first, &ExplorerController::partialReady);
            first.recompute(s);
            QVERIFY(partial.wait(120000));
            QTRY_VERIFY_WITH_TIMEOUT(first.partialResult() && first.partialResult()->runs.rows() >= 10, 120000);
        }  // the app closes mid-sweep
        QCOMPARE(records_().size(), 1);
        ExplorerController second;
        second.setJournalFolder(records.path());
        second.setDataset(data);
        QSignalSpy notices(&second, &ExplorerController::notice);
        second.recompute(s);
        QVERIFY(waitFinished(&second));
        QVERIFY(notices.count() >= 1);
        QVERIFY2(notices.first().first().toString().startsWith("Resumed"), qPrintable(notices.first().first().toString()));
        const auto& a = second.result()->runs;
        const auto& b = reference.result()->runs;
        QCOMPARE(a.rows(), b.rows());
        for (int r = 0; r < a.rows(); ++r)
            for (const auto& col : b.columns())
                if (col != "seconds") QCOMPARE(a.at(r, col).dump(), b.at(r, col).dump());
        QCOMPARE(records_().size(), 0);  // finished: the record is gone
        // replaced by other settings mid-sweep: no record left
        second.recompute(s);
        QTest::qWait(50);
        s.k += 2;
        second.recompute(s);
        QVERIFY(waitFinished(&second));
        QCOMPARE(records_().size(), 0);
    }
};

QTEST_MAIN(TestController)
#include "tst_controller.moc"
