// The engine's common services: work in a child process, files written atomically.
#include "TestSupport.h"
#include "common/AtomicFile.h"
#include "common/ChildProcess.h"
#include "common/Error.h"
#include "common/ResourceUsage.h"

#include <QtTest>
#include <csignal>
#include <cstring>
#include <fstream>
#include <memory>
#include <thread>
#include <stdexcept>

using namespace px;

class TestCommon : public QObject {
    Q_OBJECT
private slots:
    // The benchmark records: CPU time and faults move with the work done, the peak follows memory touched, and the
    // machine facts agree with other sources (/proc/sys/kernel/osrelease, the THP file's choices).
    void resourceUsageFollowsTheWork() {
        const px::ResourceUsage before = px::ResourceUsage::now();
        const std::size_t bytes = std::size_t(96) << 20;
        std::unique_ptr<char[]> block(new char[bytes]);
        std::memset(block.get(), 1, bytes);  // touched: resident
        volatile double sink = 0;
        const auto start = std::chrono::steady_clock::now();
        while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(150)) sink = sink + double(block[std::size_t(sink) % bytes]);
        const px::ResourceUsage used = px::ResourceUsage::now() - before;
        QVERIFY2(used.userSeconds + used.systemSeconds > 0.05, qPrintable(QString::fromStdString(px::describe(used, 0))));
        QVERIFY(used.minorFaults >= 1 && used.majorFaults >= 0);
        QVERIFY2(px::peakResidentMiB() >= 90, qPrintable(QString::number(px::peakResidentMiB())));
        const px::MachineFacts m = px::MachineFacts::read();
        QCOMPARE(m.logicalCpus, int(std::thread::hardware_concurrency()));
        std::string release;
        std::getline(std::ifstream("/proc/sys/kernel/osrelease"), release);
        QCOMPARE(QString::fromStdString(m.kernel), QString::fromStdString(release));
        if (std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"))
            QVERIFY2(m.transparentHugePages == "always" || m.transparentHugePages == "madvise" || m.transparentHugePages == "never",
                     m.transparentHugePages.c_str());
        QVERIFY(QString::fromStdString(m.line()).contains("logical CPUs, kernel " + QString::fromStdString(release)));
    }

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
