// The densities kept on disk between runs (DiskDensityStore behind DensityCache): they survive a restart and
// give the same tables, a damaged or foreign entry is computed again and never trusted, a FIFO under an entry's
// name is a miss and never a wait, usage and clear see what is not a good entry, the folder keeps to its cap
// with the least recently used going first, and the environment chooses the folder or turns it off.
#include "TestSupport.h"
#include "experiment/DensityCache.h"
#include "experiment/DiskDensityStore.h"
#include "experiment/SweepRunner.h"
#include "generators/Generators.h"

#include <QTemporaryDir>
#include <QtTest>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <future>
#include <sys/stat.h>
#include <unistd.h>

using namespace px;
using namespace px::experiment;
namespace fs = std::filesystem;

namespace {

SweepSpec smallSweep() {
    return SweepSpec::fromJson(R"({
        "dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 6, "size_max": 6},
        "classes": ["trees"], "pattern_seeds": [1, 2, 3],
        "mechanism": {"mechanism": "gaussian", "degree_bound": 20},
        "budget": {"axis": "epsilon", "values": [1, "inf"]}, "noise_seeds": [1],
        "learner": {"k": 9}})");
}

PatternSet patternsOfSeed(const SweepSpec& spec, int seedIndex) {
    for (const auto& run : spec.runs())
        if (run.patternSeedIndex == seedIndex) return sweepPatternSet(spec, run);
    throw std::logic_error("no run of that pattern seed");
}

bool sameBits(const DensityMatrix& a, const DensityMatrix& b) {
    return a.t.rows() == b.t.rows() && a.t.cols() == b.t.cols() && a.n.size() == b.n.size() &&
           std::memcmp(a.t.data(), b.t.data(), sizeof(double) * std::size_t(a.t.size())) == 0 &&
           std::memcmp(a.n.data(), b.n.data(), sizeof(double) * std::size_t(a.n.size())) == 0 && a.pathCounts == b.pathCounts;
}

std::string withoutTiming(const ResultTable& t) {
    ResultTable copy;
    for (int r = 0; r < t.rows(); ++r) {
        ResultTable::Row row;
        for (const auto& c : t.columns())
            if (c != "seconds") row.emplace_back(c, t.at(r, c));
        copy.add(row);
    }
    return copy.toCsv();
}

void flipByteAt(const std::string& path, std::streamoff at) {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(at);
    const char c = char(f.get());
    f.seekp(at);
    f.put(char(c ^ 0x10));
}

// Runs f on a thread and says whether it returned within `seconds`. If it did not (blocked in open(2) on one of
// the FIFOs `fifos`, say), each FIFO is opened for writing and closed until f returns: a blocked reader then
// goes on and reads an empty file. So a regression fails the test instead of hanging the suite.
template <class F> bool finishesWithin(int seconds, const std::vector<std::string>& fifos, F&& f) {
    auto done = std::async(std::launch::async, std::forward<F>(f));
    if (done.wait_for(std::chrono::seconds(seconds)) == std::future_status::ready) {
        done.get();
        return true;
    }
    while (done.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready)
        for (const std::string& fifo : fifos)
            if (const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK); fd >= 0) ::close(fd);  // ENXIO: no reader
    return false;
}

// Sets (or unsets, for null) an environment variable for the lifetime of this object.
struct ScopedEnv {
    std::string name;
    std::optional<std::string> before;
    ScopedEnv(const char* n, const char* value) : name(n) {
        if (const char* b = std::getenv(n)) before = b;
        if (value) setenv(n, value, 1);
        else unsetenv(n);
    }
    ~ScopedEnv() {
        if (before) setenv(name.c_str(), before->c_str(), 1);
        else unsetenv(name.c_str());
    }
};

}  // namespace

class TestDensityStore : public QObject {
    Q_OBJECT
private slots:
    // A second DensityCache on the same folder is the app (or pxrun, or Python) after a restart.
    void densitiesSurviveARestartBitForBit() {
        QTemporaryDir dir;
        auto store = std::make_shared<DiskDensityStore>(dir.path().toStdString(), std::uint64_t(64) << 20);
        const Dataset ds = gen::sbmCycleTask(120, 4);
        const PatternSet patterns = patternsOfSeed(smallSweep(), 0);
        const DensityMatrix computed = DensityMatrix::compute(ds, patterns);

        DensityCache first(std::size_t(64) << 20, store);
        QVERIFY(sameBits(*first.get(ds, patterns), computed));
        QCOMPARE(first.diskHits(), 0L);
        QCOMPARE(store->usage().entries, 1L);

        DensityCache afterRestart(std::size_t(64) << 20, store);
        QVERIFY(sameBits(*afterRestart.get(ds, patterns), computed));
        QCOMPARE(afterRestart.diskHits(), 1L);

        // Another data set (other content, same patterns) is another entry, not this one.
        DensityCache other(std::size_t(64) << 20, store);
        other.get(gen::sbmCycleTask(120, 5), patterns);
        QCOMPARE(other.diskHits(), 0L);
        QCOMPARE(store->usage().entries, 2L);
    }

    // A sweep that reads its densities from the disk gives the table of one that computed them. The store is the
    // caller's to pass (SweepOptions::densityStore): the engine does not look for one in the environment.
    void aSweepFromStoredDensitiesGivesTheSameTable() {
        QTemporaryDir dir;
        ScopedEnv folder("PX_DENSITY_CACHE", dir.path().toUtf8().constData());
        const SweepSpec spec = smallSweep();
        const Dataset ds = gen::sbmCycleTask(120, 4);
        runSweep(spec, ds, {});  // no store passed: nothing kept, whatever the environment says
        QCOMPARE(DiskDensityStore::fromEnvironment()->usage().entries, 0L);
        SweepOptions withStore;
        withStore.densityStore = DiskDensityStore::fromEnvironment();
        const SweepResult computed = runSweep(spec, ds, withStore);  // no cache object: the store passed in
        QCOMPARE(DiskDensityStore::fromEnvironment()->usage().entries, 3L);  // one per pattern seed
        DensityCache cache(std::size_t(256) << 20, DiskDensityStore::fromEnvironment());
        SweepOptions options;
        options.densities = &cache;
        const SweepResult stored = runSweep(spec, ds, options);
        QCOMPARE(cache.diskHits(), 3L);
        QCOMPARE(withoutTiming(stored.runs), withoutTiming(computed.runs));
        QCOMPARE(stored.aggregated.toCsv(), computed.aggregated.toCsv());
    }

    void aDamagedEntryIsComputedAgainNotTrusted_data() {
        QTest::addColumn<QString>("damage");
        QTest::newRow("a flipped bit in the densities") << "flip";
        QTest::newRow("truncated") << "truncate";
        QTest::newRow("empty") << "empty";
        QTest::newRow("another key's entry under this name") << "foreign";
    }
    void aDamagedEntryIsComputedAgainNotTrusted() {
        QFETCH(QString, damage);
        QTemporaryDir dir;
        auto store = std::make_shared<DiskDensityStore>(dir.path().toStdString(), std::uint64_t(64) << 20);
        const Dataset ds = gen::sbmCycleTask(120, 4);
        const SweepSpec spec = smallSweep();
        const PatternSet patterns = patternsOfSeed(spec, 0);
        const std::string key = DiskDensityStore::keyOf(ds.contentHash(), patterns), path = store->pathOf(key);
        const DensityMatrix computed = DensityMatrix::compute(ds, patterns);
        if (damage == "foreign") {
            const PatternSet otherPatterns = patternsOfSeed(spec, 1);
            const std::string otherKey = DiskDensityStore::keyOf(ds.contentHash(), otherPatterns);
            store->store(otherKey, DensityMatrix::compute(ds, otherPatterns));
            fs::rename(store->pathOf(otherKey), path);
        } else {
            store->store(key, computed);
            const auto size = fs::file_size(path);
            if (damage == "flip") flipByteAt(path, std::streamoff(size / 2));
            if (damage == "truncate") fs::resize_file(path, size - 9);
            if (damage == "empty") fs::resize_file(path, 0);
        }
        QVERIFY(!store->load(key));  // refused ...
        DensityCache cache(std::size_t(64) << 20, store);
        QVERIFY(sameBits(*cache.get(ds, patterns), computed));  // ... computed again ...
        QCOMPARE(cache.diskHits(), 0L);
        const auto reread = store->load(key);  // ... and the entry rewritten whole
        QVERIFY(reread && sameBits(*reread, computed));
    }

    // Three entries where two fit: the one read least recently goes, whatever order they were written in.
    void theStoreKeepsToItsCapLeastRecentlyUsedFirst() {
        QTemporaryDir dir;
        const Dataset ds = gen::sbmCycleTask(120, 4);
        const SweepSpec spec = smallSweep();
        std::vector<std::string> keys;
        std::vector<DensityMatrix> densities;
        for (int s = 0; s < 3; ++s) {
            const PatternSet p = patternsOfSeed(spec, s);
            keys.push_back(DiskDensityStore::keyOf(ds.contentHash(), p));
            densities.push_back(DensityMatrix::compute(ds, p));
        }
        DiskDensityStore unlimited(dir.path().toStdString(), std::uint64_t(64) << 20);
        unlimited.store(keys[0], densities[0]);
        const std::uint64_t entryBytes = unlimited.usage().bytes;
        const DiskDensityStore store(dir.path().toStdString(), entryBytes * 5 / 2);
        store.store(keys[1], densities[1]);
        const auto now = fs::file_time_type::clock::now();  // entry 0 written first, entry 1 an hour later
        fs::last_write_time(store.pathOf(keys[0]), now - std::chrono::hours(2));
        fs::last_write_time(store.pathOf(keys[1]), now - std::chrono::hours(1));
        QVERIFY(store.load(keys[0]));  // ... but entry 0 read since: entry 1 is the least recently used
        store.store(keys[2], densities[2]);
        QVERIFY(store.load(keys[0]));
        QVERIFY(!store.load(keys[1]));
        QVERIFY(store.load(keys[2]));
        QVERIFY(store.usage().bytes <= store.capBytes());
        QCOMPARE(store.usage().entries, 2L);
        // An entry larger than the whole store is not kept (and evicts nothing).
        const DiskDensityStore tiny(dir.path().toStdString(), entryBytes / 2);
        tiny.store(keys[1], densities[1]);
        QCOMPARE(tiny.usage().entries, 2L);
        QCOMPARE(store.clear().entries, 2L);
        QCOMPARE(store.usage().entries, 0L);
    }

    // A folder that cannot be written costs the next run its densities, never this run its result.
    void aStoreThatCannotBeWrittenDoesNotFailTheComputation() {
        auto store = std::make_shared<DiskDensityStore>("/proc/pxstudio-cannot-be-here", std::uint64_t(64) << 20);
        const Dataset ds = gen::sbmCycleTask(120, 4);
        const PatternSet patterns = patternsOfSeed(smallSweep(), 0);
        DensityCache cache(std::size_t(64) << 20, store);
        QVERIFY(sameBits(*cache.get(ds, patterns), DensityMatrix::compute(ds, patterns)));
        QCOMPARE(store->usage().entries, 0L);
    }

    void theEnvironmentChoosesTheFolderOrTurnsItOff() {
        {
            ScopedEnv off("PX_DENSITY_CACHE", "off");
            QVERIFY(!DiskDensityStore::fromEnvironment());
            QCOMPARE(DiskDensityStore::settingsFromEnvironment().disabledBecause, std::string("PX_DENSITY_CACHE=off"));
        }
        ScopedEnv unset("PX_DENSITY_CACHE", nullptr), xdg("XDG_CACHE_HOME", "/x/cache"), home("HOME", "/home/u");
        QCOMPARE(DiskDensityStore::fromEnvironment()->folder(), std::string("/x/cache/pxstudio/densities"));
        {
            ScopedEnv relative("XDG_CACHE_HOME", "relative");  // the XDG rule: a relative path is ignored
            QCOMPARE(DiskDensityStore::fromEnvironment()->folder(), std::string("/home/u/.cache/pxstudio/densities"));
        }
        ScopedEnv folder("PX_DENSITY_CACHE", "/elsewhere"), cap("PX_DENSITY_CACHE_MB", "3");
        QCOMPARE(DiskDensityStore::fromEnvironment()->folder(), std::string("/elsewhere"));
        QCOMPARE(DiskDensityStore::fromEnvironment()->capBytes(), std::uint64_t(3) << 20);
        ScopedEnv badCap("PX_DENSITY_CACHE_MB", "lots");
        QCOMPARE(DiskDensityStore::fromEnvironment()->capBytes(), std::uint64_t(1024) << 20);
        QVERIFY(QString::fromStdString(DiskDensityStore::settingsFromEnvironment().warning).contains("'lots' is not a size in MiB"));
    }

    // An entry replaced by a FIFO blocked load() in open(2) forever, and with it every later run of every program
    // sharing the folder. It is a miss: computed again and written over the FIFO.
    void aFifoInPlaceOfAnEntryIsAMissNotAWait() {
        QTemporaryDir dir;
        auto store = std::make_shared<DiskDensityStore>(dir.path().toStdString(), std::uint64_t(64) << 20);
        const Dataset ds = gen::sbmCycleTask(120, 4);
        const PatternSet patterns = patternsOfSeed(smallSweep(), 0);
        const std::string key = DiskDensityStore::keyOf(ds.contentHash(), patterns), path = store->pathOf(key);
        QCOMPARE(::mkfifo(path.c_str(), 0600), 0);
        std::optional<DensityMatrix> loaded;
        QVERIFY2(finishesWithin(20, {path}, [&] { loaded = store->load(key); }), "load() blocked on a FIFO");
        QVERIFY(!loaded);
        DensityCache cache(std::size_t(64) << 20, store);
        bool computed = false;
        QVERIFY(finishesWithin(60, {path}, [&] { computed = sameBits(*cache.get(ds, patterns), DensityMatrix::compute(ds, patterns)); }));
        QVERIFY(computed);
        QCOMPARE(cache.diskHits(), 0L);
        struct stat st;
        QVERIFY(::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode));  // the entry, renamed over the FIFO
        QVERIFY(store->load(key));
    }

    // `pxrun cache info` (usage) counted a damaged entry as a good one and did not see a FIFO; `cache clear` left
    // FIFOs and the temporary files of interrupted writes. Now each is counted as what it is, and clear removes all
    // of them, leaving what is not the store's (and a folder it cannot remove, said as kept).
    void usageAndClearSeeWhatIsNotAnEntry() {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        const DiskDensityStore store(folder, std::uint64_t(64) << 20);
        const Dataset ds = gen::sbmCycleTask(120, 4);
        std::vector<std::string> keys;
        for (int s = 0; s < 3; ++s) {
            const PatternSet p = patternsOfSeed(smallSweep(), s);
            keys.push_back(DiskDensityStore::keyOf(ds.contentHash(), p));
            store.store(keys.back(), DensityMatrix::compute(ds, p));
        }
        const std::string good = store.pathOf(keys[0]), damaged = store.pathOf(keys[1]), fifo = store.pathOf(keys[2]);
        const std::uint64_t goodBytes = fs::file_size(good);
        flipByteAt(damaged, std::streamoff(fs::file_size(damaged) / 2));
        fs::rename(fifo, folder + "/0123456789abcdef0123456789abcdef.pxdens");  // whole, but under another key's name
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        fs::create_symlink(good, folder + "/link.pxdens");
        fs::create_directories(folder + "/folder.pxdens/inside");
        const std::string otherEngine = "engine 0.0.1, density format 1\ndata x\npatterns []";
        store.store(otherEngine, DensityMatrix::compute(ds, patternsOfSeed(smallSweep(), 0)));
        std::ofstream(good + ".tmp.4242.0") << "half an entry";
        std::ofstream(folder + "/README") << "not the store's";
        DiskDensityStore::Usage used, removed;
        QVERIFY2(finishesWithin(20, {fifo}, [&] { used = store.usage(); }), "usage() blocked on a FIFO");
        QCOMPARE(used.entries, 1L);
        QCOMPARE(used.bytes, goodBytes);
        QCOMPARE(used.damaged, 1L);
        QCOMPARE(used.foreign, 5L);  // another key's name, another engine, the FIFO, the link, the folder
        QCOMPARE(used.temporary, 1L);
        QVERIFY2(finishesWithin(20, {fifo}, [&] { removed = store.clear(); }), "clear() blocked on a FIFO");
        QCOMPARE(removed.entries, 1L);
        QCOMPARE(removed.damaged + removed.foreign + removed.temporary, 1L + 4L + 1L);
        QCOMPARE(removed.kept, 1L);
        std::vector<std::string> left;
        for (const auto& e : fs::directory_iterator(folder)) left.push_back(e.path().filename().string());
        std::sort(left.begin(), left.end());
        QCOMPARE(left, (std::vector<std::string>{"README", "folder.pxdens"}));
    }
};

QTEST_GUILESS_MAIN(TestDensityStore)
#include "tst_density_store.moc"
