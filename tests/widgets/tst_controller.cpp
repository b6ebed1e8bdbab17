// The explorer's background computation on its own: progressive partial results and cancel.
#include "ExplorerController.h"
#include "WidgetTestSupport.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>
#include <chrono>

class TestController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setApplicationName("tst_controller");  // its own autosave and recent files
    }

    void tradeoffPlotFillsInProgressively() {
        ExplorerController c;
        c.setDataset(ExplorerController::loadDataset("builtin:sbm-cycles"));
        ExplorerSettings s;
        s.repetitions = 3;
        c.setPartialInterval(0.0);  // independent of how fast this machine computes the sweep
        QSignalSpy partial(&c, &ExplorerController::partialReady);
        c.recompute(s);
        QVERIFY(waitFinished(&c));
        qInfo("%d progressive updates before the final result", int(partial.count()));
        QVERIFY(partial.count() >= 1);
        QVERIFY(c.partialResult() == nullptr);  // cleared by the final result
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
};

QTEST_MAIN(TestController)
#include "tst_controller.moc"
