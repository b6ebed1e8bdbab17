// Latency of the explorer's recompute at the app's default settings (treewidth ≤ 2, d = 20, 10 budgets × 2 pattern
// seeds × 2 noise seeds = 40 runs) on the social data sets, as a user meets it:
//   cold    a data set opened for the first time: no densities in memory or in the density cache on disk, no
//           finished sweep kept (the app shows a preview on a subsample first, SweepPreview.h);
//   warm    the same data set and settings after a restart: memory empty, densities and the finished sweep on disk;
//   k       the first change of kNN's k after that restart: densities in memory, no neighbour lists kept;
//   k again a second change of k in the same session: kNN's neighbour lists of the first change kept
//           (learn/NeighbourMemo.h; --no-neighbour-memo searches again, for comparison).
// For each, the time to the first points on screen (preview or partial result), to the sweep's own first points
// (after a preview) and to the finished sweep, median of `--repeat` runs. The density cache is a temporary folder of its own, emptied before every cold run.
// Each run also records its user and system CPU time, minor and major page faults, and the peak memory so far; the
// machine (CPU model, kernel, transparent huge pages) is printed first and written to the CSV. Needs ../shared/data;
// `bench_recompute --help` lists the options:
//   QT_QPA_PLATFORM=offscreen ./build/tests/bench_recompute [--repeat 3] [--data PATH ...] [--out FILE.csv]
#include "ExplorerController.h"
#include "MainWindow.h"
#include "common/ResourceUsage.h"
#include "experiment/DiskDensityStore.h"
#include "learn/NeighbourMemo.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

struct Timing {
    double firstPoints = -1, finished = -1;
    px::ResourceUsage used;  // CPU time and page faults of this recompute (the whole process, all threads)
    double sweepPoints = -1;  // the sweep's own first points (a partial result, or the final one), after any preview
    const char* firstKind = "final";  // what the first points were: preview, partial or final
};

// Starts a recompute of `s` and waits for it, noting when the first points (a preview or a partial result) and
// the end arrive.
Timing recompute(MainWindow& w, const ExplorerSettings& s) {
    Timing t;
    QElapsedTimer clock;
    auto* c = w.controller();
    const auto first = [&](const char* kind) {
        if (t.firstPoints >= 0) return;
        t.firstPoints = clock.nsecsElapsed() / 1e9;
        t.firstKind = kind;
    };
    auto partial = QObject::connect(c, &ExplorerController::partialReady, [&] {
        first("partial");
        if (t.sweepPoints < 0) t.sweepPoints = clock.nsecsElapsed() / 1e9;
    });
    auto preview = QObject::connect(c, &ExplorerController::previewReady, [&] { first("preview"); });
    const px::ResourceUsage before = px::ResourceUsage::now();
    clock.start();
    c->recompute(s);
    while (c->busy()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    t.finished = clock.nsecsElapsed() / 1e9;
    t.used = px::ResourceUsage::now() - before;
    if (t.firstPoints < 0) t.firstPoints = t.finished;
    if (t.sweepPoints < 0) t.sweepPoints = t.finished;
    QObject::disconnect(partial);
    QObject::disconnect(preview);
    return t;
}

const char* const kScenarios[] = {"cold", "warm", "k", "k again"};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[v.size() / 2];
}

double loadAverage() {
    QFile f("/proc/loadavg");
    return f.open(QIODevice::ReadOnly) ? f.readAll().split(' ').value(0).toDouble() : -1;
}

struct Row {
    std::string dataset, scenario, firstKind;
    int graphs = 0, repetition = 0;
    double firstPoints = 0, sweepPoints = 0, finished = 0, load = 0;
    px::ResourceUsage used;
    double peakMiB = 0;
};

// Every scenario `repeat` times on one data set; false if it cannot be opened.
bool benchDataset(MainWindow& w, const QString& path, int repeat, const std::string& storeFolder, std::size_t memoBytes,
                  std::vector<Row>& rows) {
    if (!w.openDataset(path)) return false;
    w.controller()->cancel();
    while (w.controller()->busy()) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    ExplorerSettings s = w.settings();
    s.patternClass = "treewidth:2";
    s.d = 20;
    const auto data = w.controller()->dataset();
    const px::experiment::DiskDensityStore store(storeFolder, std::uint64_t(4) << 30);
    for (int r = 1; r <= repeat; ++r) {
        s.k = 15;  // 15 (the app's default) cold and warm, 16 and 17 after the changes: none finished on disk
        for (const char* scenario : kScenarios) {
            if (!std::strcmp(scenario, "cold")) {
                store.clear();
                for (const QString& f : QDir(w.controller()->journalFolder()).entryList({"*.runs.done"}, QDir::Files))
                    QFile::remove(w.controller()->journalFolder() + "/" + f);
            }
            if (scenario[0] != 'k') {  // memory forgotten: a restart
                w.controller()->setDataset(data);
                px::learn::setNeighbourMemoLimit(0);
                px::learn::setNeighbourMemoLimit(memoBytes);
            } else ++s.k;  // a setting that leaves the densities unchanged
            const double load = loadAverage();
            const Timing t = recompute(w, s);
            rows.push_back({data->name, scenario, t.firstKind, data->size(), r, t.firstPoints, t.sweepPoints, t.finished, load, t.used,
                            px::peakResidentMiB()});
            std::printf("%s %s run %d: first points (%s) after %.2f s, the sweep's own after %.2f s, done after %.2f s (load %.2f; %s)\n",
                        data->name.c_str(), scenario, r, t.firstKind, t.firstPoints, t.sweepPoints, t.finished, load,
                        px::describe(t.used, rows.back().peakMiB).c_str());
            std::fflush(stdout);
        }
    }
    return true;
}

void writeCsv(const QString& path, const std::vector<Row>& rows) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return;
    const px::MachineFacts m = px::MachineFacts::read();
    f.write(QString("# machine: %1\n").arg(QString::fromStdString(m.line())).toUtf8());
    f.write("dataset,graphs,scenario,repetition,first_points_s,first_points_kind,sweep_points_s,done_s,load_at_start,threads,"
            "user_s,system_s,minor_faults,major_faults,peak_rss_mib\n");
    for (const Row& r : rows)
        f.write(QString("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15\n").arg(QString::fromStdString(r.dataset)).arg(r.graphs)
                    .arg(QString::fromStdString(r.scenario)).arg(r.repetition).arg(r.firstPoints, 0, 'f', 3)
                    .arg(QString::fromStdString(r.firstKind)).arg(r.sweepPoints, 0, 'f', 3).arg(r.finished, 0, 'f', 3)
                    .arg(r.load, 0, 'f', 2).arg(QThread::idealThreadCount()).arg(r.used.userSeconds, 0, 'f', 3)
                    .arg(r.used.systemSeconds, 0, 'f', 3).arg(r.used.minorFaults).arg(r.used.majorFaults).arg(r.peakMiB, 0, 'f', 1).toUtf8());
}

}  // namespace

const char kUsage[] =
    "usage: bench_recompute [--repeat N] [--data PATH ...] [--out FILE.csv] [--no-neighbour-memo]\n"
    "  The explorer's recompute at the app's default settings on each data set: cold, warm, k, k again (see the\n"
    "  source's opening comment), median of N runs (default 3), with CPU time, page faults and peak memory.\n"
    "  --data PATH          a data set folder (repeatable; default: COLLAB-gin, REDDIT-BINARY-gin, IMDB-BINARY,\n"
    "                       IMDB-MULTI under ../shared/data)\n"
    "  --out FILE.csv       every run as a row, the machine on a comment line\n"
    "  --no-neighbour-memo  kNN searches its neighbours again on each change of k\n"
    "  Run offscreen: QT_QPA_PLATFORM=offscreen bench_recompute ...\n";

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
            std::fputs(kUsage, stdout);
            return 0;
        }
    QApplication app(argc, argv);
    QStringList data;
    QString out;
    int repeat = 3;
    bool memo = true;
    for (int i = 1; i < argc; ++i) {  // after QApplication took its own options (-platform, …)
        const bool valued = !std::strcmp(argv[i], "--repeat") || !std::strcmp(argv[i], "--data") || !std::strcmp(argv[i], "--out");
        if (valued && i + 1 < argc) ++i;
        else if (!std::strcmp(argv[i], "--no-neighbour-memo")) memo = false;
        else {
            std::fprintf(stderr, "bench_recompute: unknown option or missing value: %s\n%s", argv[i], kUsage);
            return 2;
        }
    }
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--repeat")) repeat = std::max(1, std::atoi(argv[i + 1]));
        if (!std::strcmp(argv[i], "--data")) data << argv[i + 1];
        if (!std::strcmp(argv[i], "--out")) out = argv[i + 1];
    }
    if (data.isEmpty())
        for (const char* name : {"COLLAB-gin", "REDDIT-BINARY-gin", "IMDB-BINARY", "IMDB-MULTI"})
            data << QString(PX_SHARED_DATA_DIR) + "/" + name;
    QTemporaryDir storeFolder;
    qputenv("PX_DENSITY_CACHE", storeFolder.path().toUtf8());  // read by every density cache the window makes
    std::printf("machine: %s\n", px::MachineFacts::read().line().c_str());
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    const std::size_t memoBytes = memo ? px::learn::neighbourMemoLimit() : 0;  // the app's limit, or none
    std::vector<Row> rows;
    for (const QString& path : data)
        if (!benchDataset(w, path, repeat, storeFolder.path().toStdString(), memoBytes, rows)) {
            std::fprintf(stderr, "bench_recompute: cannot open %s\n", qPrintable(path));
            return 1;
        }
    std::printf("\nmedian of %d, %d threads, neighbour memo %s (first points / done, seconds):\n", repeat,
                QThread::idealThreadCount(), memo ? "on" : "off");
    const std::size_t perDataset = std::size(kScenarios) * std::size_t(repeat);
    for (std::size_t i = 0; i < rows.size(); i += perDataset) {
        std::printf("%-14s", rows[i].dataset.c_str());
        for (const char* scenario : kScenarios) {
            std::vector<double> first, done;
            for (std::size_t j = i; j < i + perDataset && j < rows.size(); ++j)
                if (rows[j].scenario == scenario) { first.push_back(rows[j].firstPoints); done.push_back(rows[j].finished); }
            std::printf("  %s %.2f / %.2f", scenario, median(first), median(done));
        }
        std::printf("\n");
    }
    if (!out.isEmpty()) writeCsv(out, rows);
    return 0;
}
