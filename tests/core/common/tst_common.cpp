// The engine's common services: work in a child process, files written atomically.
#include "TestSupport.h"
#include "common/AtomicFile.h"
#include "common/ChildProcess.h"
#include "common/Error.h"

#include <QtTest>
#include <csignal>
#include <stdexcept>

using namespace px;

class TestCommon : public QObject {
    Q_OBJECT
private slots:

    void aChildProcessThatDiesIsAnErrorNamingTheWork() {
        try {
            computeInChildProcess([]() -> std::vector<double> { ::raise(SIGKILL); return {}; }, nullptr, "the test fit");
            QFAIL("no error");
        } catch (const std::runtime_error& e) {
            QVERIFY2(std::string(e.what()).find("the test fit was stopped by signal 9") == 0, e.what());
        }
        try {
            computeInChildProcess([]() -> std::vector<double> { throw std::bad_alloc(); }, nullptr, "the test fit");
            QFAIL("no error");
        } catch (const std::runtime_error& e) {
            QVERIFY2(std::string(e.what()).find("failed") != std::string::npos, e.what());
        }
        QCOMPARE(computeInChildProcess([] { return std::vector<double>{1.5, -0.0, 1e300}; }, nullptr, "x"),
                 (std::vector<double>{1.5, -0.0, 1e300}));
        QCOMPARE(computeInChildProcess([] { return std::vector<double>(100000, 0.25); }, nullptr, "x").size(), std::size_t(100000));
    }

    void aFullDiskLeavesThePreviousFileAndNoTemporary() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/table.csv";
        writeFileAtomically(path, std::string_view("old,content\n"));
        const std::string big(1 << 20, 'x');
        testing::failWritesWithDiskFullAfter(1000);
        try {
            writeFileAtomically(path, big);
            testing::failWritesWithDiskFullAfter(-1);
            QFAIL("a write past the injected full disk succeeded");
        } catch (const InputError& e) {
            testing::failWritesWithDiskFullAfter(-1);
            QVERIFY2(QString(e.what()).contains("disk full"), e.what());
            QVERIFY2(QString(e.what()).contains("table.csv"), e.what());
        }
        QFile kept(QString::fromStdString(path));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("old,content\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);  // no temporary file left behind
    }
};

QTEST_APPLESS_MAIN(TestCommon)
#include "tst_common.moc"
