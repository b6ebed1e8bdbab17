// Bounded memory: every size that drives memory is estimated and refused before the allocation, with
// a message naming the input, the estimate and the limit; repeated edges are dropped as they are read,
// so a small compressed file that expands to millions of copies of one edge loads in little memory.
#include "common/Error.h"
#include "common/MemoryBudget.h"
#include "experiment/SweepSpec.h"
#include "io/InflationLimit.h"
#include "io/Loaders.h"

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <unistd.h>
#include <zlib.h>

using namespace px;

namespace {

// Writes `repeat` copies of `line` gzip-compressed (a few KB on disk for millions of lines).
std::string writeGz(const QTemporaryDir& dir, const std::string& name, const std::function<void(gzFile)>& body) {
    const std::string path = dir.path().toStdString() + "/" + name;
    QDir().mkpath(QFileInfo(QString::fromStdString(path)).path());
    gzFile f = gzopen(path.c_str(), "wb6");
    body(f);
    gzclose(f);
    return path;
}

void writeText(const std::string& path, const std::string& text) {
    QDir().mkpath(QFileInfo(QString::fromStdString(path)).path());
    std::ofstream(path, std::ios::binary) << text;
}

// The message a call throws ("accepted" if none).
template <class F> std::string thrown(F&& f) {
    try {
        f();
        return "accepted";
    } catch (const std::exception& e) {
        return e.what();
    }
}

// The limit for the duration of a test.
struct Limit {
    explicit Limit(double mib) { setMemoryLimitBytes(mib * double(1 << 20)); }
    ~Limit() { setMemoryLimitBytes(0); }
};

// An absolute input-size limit (pxrun --max-input-size) for the duration of a test.
struct InputLimit {
    explicit InputLimit(double mib) { io::setMaxInputBytes(mib * double(1 << 20)); }
    ~InputLimit() { io::setMaxInputBytes(0); }
};

void writeOgbFolder(const std::string& folder, long graphs) {
    const std::string raw = folder + "/raw/";
    std::string ones, zeros, labels;
    ones.reserve(std::size_t(graphs) * 2);
    for (long g = 0; g < graphs; ++g) {
        ones += "1\n";
        zeros += "0\n";
    }
    writeText(raw + "num-node-list.csv", ones);
    writeText(raw + "num-edge-list.csv", zeros);
    writeText(raw + "edge.csv", "");
    writeText(raw + "graph-label.csv", zeros);
}

}  // namespace

class TestLimits : public QObject {
    Q_OBJECT
private slots:
    void repeatedEdgesAreDroppedAsTheyAreRead() {
        QTemporaryDir dir;
        const Limit limit(16);  // MiB: 3 million held edges would need ~190 MiB
        const std::string same = writeGz(dir, "same.txt.gz", [](gzFile f) {
            for (int i = 0; i < 3000000; ++i) gzputs(f, "0 1\n");
        });
        std::vector<std::string> warnings;
        const Graph g = io::loadEdgeList(same, &warnings);
        QCOMPARE(g.numEdges(), 1L);
        QVERIFY(!warnings.empty() && warnings.back().find("more self loops or duplicate edges dropped") != std::string::npos);
        const std::string distinct = writeGz(dir, "distinct.txt.gz", [](gzFile f) {
            for (int i = 0; i < 3000000; ++i) gzprintf(f, "%d %d\n", i % 3000, 3000 + i / 3000);
        });
        const std::string msg = thrown([&] { io::loadEdgeList(distinct, nullptr); });
        QVERIFY2(msg.rfind(distinct + ":", 0) == 0 && msg.find("distinct edges read so far needs about") != std::string::npos &&
                     msg.find("memory limit 16.0 MiB (--max-memory") != std::string::npos,
                 msg.c_str());
    }

    void aLineWithoutEndIsRefusedBeforeItIsHeld() {
        QTemporaryDir dir;
        const InputLimit allowed(1024);  // 70 MiB of one repeated byte is also a bomb: here the line limit is tested
        const std::string path = writeGz(dir, "oneline.txt.gz", [](gzFile f) {
            const std::string block(1 << 20, '7');
            for (int i = 0; i < 70; ++i) gzwrite(f, block.data(), unsigned(block.size()));
        });
        const std::string msg = thrown([&] { io::loadEdgeList(path, nullptr); });
        QVERIFY2(msg.rfind(path + ":1: line longer than 64 MiB", 0) == 0, msg.c_str());
    }

    // A decompression bomb (128 MiB of one edge repeated, about 130 KB compressed) is refused as soon as it
    // expands past max(64 MiB, 100 x its size), naming the file, the limit and how to raise it; an absolute
    // limit set by --max-input-size replaces the ratio rule, for compressed and plain files alike.
    void aDecompressionBombIsRefusedAtTheLimit() {
        QTemporaryDir dir;
        const std::string bomb = writeGz(dir, "bomb.txt.gz", [](gzFile f) {
            std::string block;
            for (int i = 0; i < (1 << 16); ++i) block += "0 1\n";
            for (int i = 0; i < 512; ++i) gzwrite(f, block.data(), unsigned(block.size()));
        });
        QVERIFY(QFileInfo(QString::fromStdString(bomb)).size() < (1 << 20));
        const std::string msg = thrown([&] { io::loadDataset(bomb); });
        QVERIFY2(msg.rfind(bomb + ":", 0) == 0 && msg.find("expands to more than 64 MiB") != std::string::npos &&
                     msg.find("decompression bomb") != std::string::npos && msg.find("--max-input-size") != std::string::npos,
                 msg.c_str());
        const std::string plain = dir.path().toStdString() + "/plain.txt";
        std::string edges;
        for (int i = 0; i < 300000; ++i) edges += std::to_string(i % 1000) + " " + std::to_string(1000 + i / 1000) + "\n";
        writeText(plain, edges);
        QCOMPARE(io::loadEdgeList(plain, nullptr).numEdges(), 300000L);  // no limit on a plain file by default
        const InputLimit small(1);
        const std::string capped = thrown([&] { io::loadEdgeList(plain, nullptr); });
        QVERIFY2(capped.rfind(plain + ":", 0) == 0 && capped.find("larger than the limit of 1 MiB set by --max-input-size") != std::string::npos,
                 capped.c_str());
    }

    // A large compressed file that passes the ratio rule (1 GiB on disk: 100 GiB allowed) still stops at 8 GiB of
    // text. Counted without writing a byte: the guard is what every reader calls as it expands.
    void aCompressedInputStopsAtTheAbsoluteCapToo() {
        io::InflationGuard guard("huge.txt.gz", std::uint64_t(1) << 30);
        guard.setCompressed(true);
        const std::size_t chunk = std::size_t(1) << 30;
        for (int i = 0; i < 8; ++i) guard.add(chunk, 0);  // exactly 8 GiB: allowed
        const std::string msg = thrown([&] { guard.add(1, 42); });
        QVERIFY2(msg.rfind("huge.txt.gz:42:", 0) == 0 && msg.find("more than 8.0 GiB of text") != std::string::npos &&
                     msg.find("--max-input-size") != std::string::npos,
                 msg.c_str());
    }

    void declaredGraphCountsAreCheckedBeforeAnyGraphIsBuilt() {
        QTemporaryDir dir;
        const Limit limit(64);
        const std::string folder = dir.path().toStdString() + "/ogb_many";
        writeOgbFolder(folder, 1000000);  // 10⁶ one-vertex graphs: ~300 MiB of graphs
        const std::string msg = thrown([&] { io::loadDataset(folder); });
        QVERIFY2(msg.find("num-node-list.csv: 1000000 graphs") != std::string::npos && msg.find("more than the memory limit 64.0 MiB") != std::string::npos,
                 msg.c_str());
    }

    void ambiguousOrDanglingOgbFilesAreRefused() {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString() + "/ogb";
        writeOgbFolder(folder, 3);
        QVERIFY(thrown([&] { io::loadDataset(folder); }) == "accepted");
        writeGz(dir, "ogb/raw/edge.csv.gz", [](gzFile) {});
        std::string msg = thrown([&] { io::loadDataset(folder); });
        QVERIFY2(msg.find("raw/edge.csv: both edge.csv and edge.csv.gz are here") != std::string::npos, msg.c_str());
        QFile::remove(QString::fromStdString(folder + "/raw/edge.csv.gz"));
        QVERIFY(::symlink("/nonexistent/graph-label.csv.gz", (folder + "/raw/graph-label.csv.gz").c_str()) == 0);
        msg = thrown([&] { io::loadDataset(folder); });
        QVERIFY2(msg.find("graph-label.csv.gz: a dangling symbolic link") != std::string::npos, msg.c_str());
    }

    void sweepGridsAreSizedBeforeTheyAreBuilt() {
        auto seeds = [](int n) {
            nlohmann::json a = nlohmann::json::array();
            for (int i = 0; i < n; ++i) a.push_back(i);
            return a;
        };
        nlohmann::json spec = {{"dataset", "builtin:sbm-cycles"}, {"budget", {{"axis", "epsilon"}, {"log_grid", {0.1, 10, 1000}}}},
                               {"noise_seeds", seeds(1000)}, {"pattern_seeds", seeds(1000)}};
        std::string msg = thrown([&] { experiment::SweepSpec::fromJson(spec.dump(), "big.json"); });
        QVERIFY2(msg.rfind("big.json: the grid's 1000000000 runs (1 classes × 1 d × 1000 pattern seeds × 1 mechanisms × 1000 budgets × "
                           "1000 noise seeds) needs about",
                           0) == 0,
                 msg.c_str());
        spec["dims"] = {5, 6, 7};  // every list within its bound, the product past what an int indexes
        msg = thrown([&] { experiment::SweepSpec::fromJson(spec.dump(), "huge.json"); });
        QVERIFY2(msg.find("huge.json: the grid has 3e+09 runs") == 0 && msg.find("more than a sweep can index") != std::string::npos,
                 msg.c_str());
        spec.erase("dims");
        spec["pattern_seeds"] = seeds(3000);  // one list past its bound is refused before the grid is sized
        msg = thrown([&] { experiment::SweepSpec::fromJson(spec.dump(), "long.json"); });
        QVERIFY2(msg.find("field \"/pattern_seeds\": expected at most 1000 values, found 3000") != std::string::npos, msg.c_str());
        spec["pattern_seeds"] = seeds(1000);
        spec["budget"]["log_grid"] = {0.1, 10, 1e9};
        msg = thrown([&] { experiment::SweepSpec::fromJson(spec.dump(), "grid.json"); });
        QVERIFY2(msg.find("grid.json: field \"/budget/log_grid\"") == 0 && QString::fromStdString(msg).endsWith(QStringLiteral("2 ≤ points ≤ 1000")), msg.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLimits)
#include "tst_limits.moc"
