// Nothing completed is lost: the run journal of a sweep (resume after a stop gives the same tables)
// and atomic writes (a full disk leaves the previous file and no half-written one).
#include "TestSupport.h"
#include "common/AtomicFile.h"
#include "common/Error.h"
#include "experiment/RunJournal.h"
#include "experiment/SweepRunner.h"
#include "generators/Generators.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace px;
using namespace px::experiment;

namespace {

SweepSpec smallSweep() {
    return SweepSpec::fromJson(R"({
        "dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 6, "size_max": 6},
        "classes": ["trees", "treewidth:2"], "pattern_seeds": [1, 2],
        "mechanism": {"mechanism": "gaussian", "degree_bound": 20},
        "budget": {"axis": "epsilon", "values": [1, 10, "inf"]}, "noise_seeds": [1, 2],
        "learner": {"k": 9}, "attack": true})");
}

// A journal file in a temporary folder for smallSweep() on a small SBM task, with its header.
struct SmallJournal {
    SweepSpec spec = smallSweep();
    Dataset ds = gen::sbmCycleTask(120, 4);
    QTemporaryDir dir;
    std::string path;
    nlohmann::json header;
    explicit SmallJournal(const char* name) : path(dir.path().toStdString() + "/" + name), header(journalHeader(spec, ds, {})) {}
};

// Stops the sweep after `runs` completed runs (a cancellation seen at the start of the next one).
class StopAfter : public Progress {
public:
    explicit StopAfter(int runs, int total) : stopAt_(double(runs) / total - 1e-9) {}
    void report(double fraction) override { done_ = std::max(done_, fraction); }
    bool cancelled() const override { return done_ >= stopAt_; }

private:
    double stopAt_, done_ = 0;
};

// Cancels once the journal holds `runs` runs (a sweep's progress is not a run count: its densities come first).
class StopAfterRuns : public Progress {
public:
    StopAfterRuns(int runs, int total, const RunJournal& journal) : runs_(runs), total_(total), journal_(journal) {}
    void report(double) override {}
    bool cancelled() const override {
        int held = 0;
        for (int r = 0; r < total_; ++r) held += journal_.has(r);
        return held >= runs_;
    }

private:
    int runs_, total_;
    const RunJournal& journal_;
};

// The table as CSV without its timing columns (the only ones that differ between two executions).
std::string withoutTiming(const ResultTable& t) {
    ResultTable copy;
    for (int r = 0; r < t.rows(); ++r) {
        ResultTable::Row row;
        for (const auto& c : t.columns())
            if (c != "seconds" && c != "train_seconds" && c != "train_gflops") row.emplace_back(c, t.at(r, c));
        copy.add(row);
    }
    return copy.toCsv();
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

int countFiles(const QString& dir) { return int(QDir(dir).entryList(QDir::Files).size()); }

}  // namespace

class TestDurability : public QObject {
    Q_OBJECT
private slots:
    void rowsRoundTripExactly() {
        const ResultTable::Row row = {{"a", 0.1 + 0.2}, {"nan", std::nan("")}, {"inf", INFINITY}, {"minf", -INFINITY},
                                      {"s", "x,\"y\""}, {"b", true}, {"i", 7}, {"seed", std::uint64_t(1) << 63}, {"null", nullptr}};
        const auto back = RunJournal::decodeRow(nlohmann::json::parse(RunJournal::encodeRow(row).dump()));
        QCOMPARE(back.size(), row.size());
        QCOMPARE(back[0].second.get<double>(), 0.1 + 0.2);  // bit-exact, not 0.3
        QVERIFY(std::isnan(back[1].second.get<double>()));
        QCOMPARE(back[2].second.get<double>(), INFINITY);
        QCOMPARE(back[3].second.get<double>(), -INFINITY);
        for (std::size_t i = 4; i < row.size(); ++i) QCOMPARE(back[i].second, row[i].second);
    }

    void aStoppedSweepResumesToTheSameTables() {
        const SweepSpec spec = smallSweep();
        const Dataset ds = gen::sbmCycleTask(120, 4);
        const SweepResult full = runSweep(spec, ds);
        const int total = full.runs.rows();
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/s.runs.partial";
        SweepOptions opt;
        const auto header = journalHeader(spec, ds, opt);
        int stops = 0;
        for (int stopAfter : {5, 5, 11, 18}) {  // a repeated stop point: a resume that adds nothing
            auto journal = RunJournal::open(path, header, true);
            QVERIFY(journal->restoredRuns() <= stopAfter);
            opt.journal = journal.get();
            StopAfterRuns stop(stopAfter, total, *journal);
            try {
                runSweep(spec, ds, opt, stop);
            } catch (const Cancelled&) {
                ++stops;
            }
        }
        QCOMPARE(stops, 4);
        auto journal = RunJournal::open(path, header, true);
        QCOMPARE(journal->restoredRuns(), 18);
        opt.journal = journal.get();
        const SweepResult resumed = runSweep(spec, ds, opt);
        QCOMPARE(withoutTiming(resumed.runs), withoutTiming(full.runs));
        QCOMPARE(resumed.aggregated.toCsv(), full.aggregated.toCsv());
        QCOMPARE(resumed.fits.size(), full.fits.size());
        for (std::size_t i = 0; i < full.fits.size(); ++i) QCOMPARE(resumed.fits[i].fit.kappa, full.fits[i].fit.kappa);
        journal->finish();
        QVERIFY(!QFileInfo::exists(QString::fromStdString(path)));
    }

    // A resumed sweep hands its restored runs to the view (onPartial) before it computes the next run, so that
    // the app's plot does not start blank after a restart.
    void aResumedSweepShowsWhatItRestoredFirst() {
        SmallJournal j("s.runs.partial");
        const int total = int(j.spec.runs().size());
        {
            auto journal = RunJournal::open(j.path, j.header, true);
            SweepOptions opt;
            opt.journal = journal.get();
            StopAfterRuns stop(7, total, *journal);
            QVERIFY_THROWS_EXCEPTION(Cancelled, runSweep(j.spec, j.ds, opt, stop));
        }
        auto journal = RunJournal::open(j.path, j.header, true);
        QCOMPARE(journal->restoredRuns(), 7);
        SweepOptions opt;
        opt.journal = journal.get();
        opt.partialInterval = 1e9;  // no timed partials: only the one after the restore
        std::vector<int> shown;
        opt.onPartial = [&](const SweepResult& p) {
            QVERIFY(p.metadata.value("partial", false));
            shown.push_back(p.runs.rows());
        };
        const SweepResult r = runSweep(j.spec, j.ds, opt);
        QCOMPARE(int(shown.size()), 1);
        QCOMPARE(shown.front(), 7);  // every restored run, none computed yet
        QCOMPARE(r.runs.rows(), total);
        journal->finish();
    }

    void recordedRunsAreReadNotRecomputed() {
        const SweepSpec spec = smallSweep();
        const Dataset ds = gen::sbmCycleTask(120, 4);
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/s.runs.partial";
        SweepOptions opt;
        const auto header = journalHeader(spec, ds, opt);
        const SweepResult full = runSweep(spec, ds);
        ResultTable::Row tampered;
        for (const auto& c : full.runs.columns()) tampered.emplace_back(c, c == "value" ? nlohmann::json(123.0) : full.runs.at(2, c));
        RunJournal::open(path, header, false)->append(2, {tampered});
        auto journal = RunJournal::open(path, header, true);
        opt.journal = journal.get();
        const SweepResult r = runSweep(spec, ds, opt);
        QCOMPARE(r.runs.at(2, "value").get<double>(), 123.0);
        QVERIFY(r.runs.at(1, "value").get<double>() <= 1.0);
    }

    void aGinRunStoppedMidwayResumesAfterItsLastTraining() {
#ifndef PX_HAVE_NEURAL
        QSKIP("this build has no neural layer (PX_NEURAL=OFF)");
#else
        const SweepSpec spec = SweepSpec::fromJson(R"({
            "dataset": "builtin:sbm-cycles", "protocol": "3-fold", "mechanisms": [{"mechanism": "rr"}],
            "budget": {"axis": "epsilon", "values": [2, "inf"]}, "noise_seeds": [1], "controls": true,
            "learner": {"kind": "gin", "layers": 2, "hidden": 8, "epochs": 4, "batch": 16, "threads": 1}})");
        const Dataset ds = gen::sbmCycleTask(60, 4);
        const SweepResult full = runSweep(spec, ds);
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/g.runs.partial";
        SweepOptions opt;
        const auto header = journalHeader(spec, ds, opt);
        {  // stopped inside the first run (6 trainings: 3 folds, each with its shuffled control)
            auto journal = RunJournal::open(path, header, false);
            opt.journal = journal.get();
            StopAfter stop(1, 4);  // at a quarter of the sweep: half way through run 0
            QVERIFY_THROWS_EXCEPTION(Cancelled, runSweep(spec, ds, opt, stop));
        }
        auto journal = RunJournal::open(path, header, true);
        QCOMPARE(journal->restoredRuns(), 0);
        QVERIFY2(journal->restoredParts() >= 2 && journal->restoredParts() < 6, qPrintable(QString::number(journal->restoredParts())));
        opt.journal = journal.get();
        const SweepResult resumed = runSweep(spec, ds, opt);
        QCOMPARE(withoutTiming(resumed.runs), withoutTiming(full.runs));
#endif
    }

    void aGinTrainingStoppedMidwayResumesFromItsCheckpoint() {
#ifndef PX_HAVE_NEURAL
        QSKIP("this build has no neural layer (PX_NEURAL=OFF)");
#else
        // One long training per run part: stopped inside the first training, the sweep resumes from the epoch of
        // its checkpoint (written after every epoch here) and gives the table of an unbroken sweep.
        const SweepSpec spec = SweepSpec::fromJson(R"({
            "dataset": "builtin:sbm-cycles", "protocol": "3-fold", "mechanisms": [{"mechanism": "rr"}],
            "budget": {"axis": "epsilon", "values": [2]}, "noise_seeds": [1], "controls": true,
            "learner": {"kind": "gin", "layers": 2, "hidden": 8, "epochs": 10, "batch": 16, "dropout": 0.5, "threads": 1}})");
        const Dataset ds = gen::sbmCycleTask(60, 4);
        const SweepResult full = runSweep(spec, ds);
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/g.runs.partial";
        SweepOptions opt;
        opt.checkpointEverySeconds = 0;
        const auto header = journalHeader(spec, ds, opt);
        const auto checkpoints = [&] { return QDir(dir.path()).entryList({"*.ckpt"}, QDir::Files); };
        {  // one run of 6 trainings: the first training is 1/6 of the sweep; stop at 1/10, 6 of its 10 epochs done
            auto journal = RunJournal::open(path, header, false);
            opt.journal = journal.get();
            StopAfter stop(1, 10);
            QVERIFY_THROWS_EXCEPTION(Cancelled, runSweep(spec, ds, opt, stop));
        }
        QCOMPARE(checkpoints(), QStringList{"g.runs.partial.r0.p0.ckpt"});
        auto journal = RunJournal::open(path, header, true);
        QCOMPARE(journal->restoredParts(), 0);
        opt.journal = journal.get();
        struct LowestReport : Progress {
            double lowest = 1, skipped = 0;
            void report(double f) override { if (f > 0) lowest = std::min(lowest, f); }
            void skip(double amount) override { skipped += amount; }
        } watch;
        const SweepResult resumed = runSweep(spec, ds, opt, watch);
        // the first training went on from epoch 6: no report below 6/10 of its 1/6 of the sweep
        QVERIFY2(watch.lowest >= 0.1 - 1e-9, qPrintable(QString::number(watch.lowest)));
        // and said that those epochs took no time now (the time left must not count them): whole epochs, 1/60 each
        const double epochsSkipped = watch.skipped * 60;
        QVERIFY2(epochsSkipped >= 6 - 1e-9 && epochsSkipped <= 9 + 1e-9 && std::abs(epochsSkipped - std::round(epochsSkipped)) < 1e-9,
                 qPrintable(QString::number(epochsSkipped)));
        QVERIFY(watch.lowest >= watch.skipped - 1e-9);
        QCOMPARE(withoutTiming(resumed.runs), withoutTiming(full.runs));
        QVERIFY2(checkpoints().isEmpty(), qPrintable(checkpoints().join(", ")));  // each removed when its training ended
#endif
    }

    void aJournalIsRefusedUnlessItMatchesAndResumeIsAsked() {
        SmallJournal journal("s.runs.partial");
        const auto& [spec, ds, dir, path, header] = journal;
        {
            auto j = RunJournal::open(path, header, false);
            j->append(0, {{{"run", 0}, {"value", 0.5}}});
        }
        try {  // an existing journal without --resume
            RunJournal::open(path, header, false);
            QFAIL("an existing journal was overwritten");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("--resume"), e.what());
        }
        SweepSpec other = spec;
        other.noiseSeeds = {3};
        try {  // a different sweep
            RunJournal::open(path, journalHeader(other, ds, {}), true);
            QFAIL("a journal of another sweep was resumed");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("\"spec\" differs"), e.what());
        }
        {  // the same file opened twice (another process, as far as flock is concerned)
            auto first = RunJournal::open(path, header, true);
            try {
                RunJournal::open(path, header, true);
                QFAIL("a locked journal was opened twice");
            } catch (const InputError& e) {
                QVERIFY2(QString(e.what()).contains("another process"), e.what());
            }
        }
        {  // a torn last record is dropped; the file is whole again afterwards
            std::ofstream(path, std::ios::app) << "{\"run\": 1, \"rows\": [[[\"run\", 1], [\"val";
            auto j = RunJournal::open(path, header, true);
            QCOMPARE(j->restoredRuns(), 1);
            QVERIFY(!j->has(1));
            j->append(1, {{{"run", 1}}});
        }
        QCOMPARE(RunJournal::open(path, header, true)->restoredRuns(), 2);
        {  // a corrupt record in the middle is named by its line
            std::string text = readFile(path);
            text.insert(text.find('\n') + 1, "garbage\n");
            std::ofstream(path, std::ios::trunc) << text;
            try {
                RunJournal::open(path, header, true);
                QFAIL("a corrupt journal was accepted");
            } catch (const InputError& e) {
                QCOMPARE(e.line(), 2L);
            }
        }
    }

    // A journal written before fields were added to the spec (here: feature_map and append_log_n,
    // at their defaults) resumes under this version; a journal whose spec differs in a value does not.
    void aJournalOfAnOlderVersionResumesWhenOnlyDefaultFieldsWereAdded() {
        SmallJournal journal("old.runs.partial");
        const auto& [spec, ds, dir, path, header] = journal;
        nlohmann::json older = header;
        for (const char* added : {"feature_map", "append_log_n"}) {
            QVERIFY2(older["spec"].contains(added), added);  // else this test no longer tests an added field
            older["spec"].erase(added);
        }
        QVERIFY(older != header);
        std::ofstream(path) << older.dump() << "\n" << R"({"run":0,"rows":[[["run",0],["value",0.5]]]})" << "\n";
        try {  // without the canonical form the older header is another sweep
            RunJournal::open(path, header, true);
            QFAIL("the older header was taken as equal without reading its spec");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("\"spec\" differs"), e.what());
        }
        QCOMPARE(RunJournal::open(path, header, true, canonicalJournalHeader)->restoredRuns(), 1);

        nlohmann::json changed = older;
        changed["spec"]["learner"]["k"] = 10;  // a value the runs depend on
        std::ofstream(path, std::ios::trunc) << changed.dump() << "\n";
        try {
            RunJournal::open(path, header, true, canonicalJournalHeader);
            QFAIL("a journal whose spec differs in a value was resumed");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("\"spec\" differs"), e.what());
        }
        std::ofstream(path, std::ios::trunc) << R"({"format":"pxstudio-sweep-journal","spec":{"nonsense":1},"total_runs":1})" << "\n";
        try {  // a spec this version cannot read is a different sweep, not an exception of its own
            RunJournal::open(path, header, true, canonicalJournalHeader);
            QFAIL("an unreadable spec was resumed");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("differs"), e.what());
        }
    }

    // parallel_trainings changes how many trainings run at once, not their results (tst_neural compares the
    // tables column by column): a GIN sweep may resume on more cores; another thread count inside a training may not.
    void aGinSweepResumesWithMoreParallelTrainings() {
#ifndef PX_HAVE_NEURAL
        QSKIP("this build has no neural layer (PX_NEURAL=OFF)");
#else
        auto gin = [](const char* extra) {
            return SweepSpec::fromJson(std::string(R"({"dataset": "builtin:sbm-cycles", "protocol": "3-fold",
                "mechanisms": [{"mechanism": "rr"}], "budget": {"axis": "epsilon", "values": [2]}, "noise_seeds": [1],
                "learner": {"kind": "gin", "layers": 2, "hidden": 8, "epochs": 2)") + extra + "}}");
        };
        const Dataset ds = gen::sbmCycleTask(60, 4);
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/gin.runs.partial";
        RunJournal::open(path, journalHeader(gin(""), ds, {}), false)->appendPart(0, 0, {{"seconds", 1.0}});
        QCOMPARE(RunJournal::open(path, journalHeader(gin(R"(, "parallel_trainings": 2)"), ds, {}), true, canonicalJournalHeader)
                     ->restoredParts(),
                 1);  // (closed again at the end of the statement)
        try {
            RunJournal::open(path, journalHeader(gin(R"(, "threads": 2)"), ds, {}), true, canonicalJournalHeader);
            QFAIL("a journal was resumed with another thread count inside each training");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("\"spec\" differs"), e.what());
        }
#endif
    }

    void aJournalAppendOnAFullDiskKeepsTheJournalWhole() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/s.runs.partial";
        const nlohmann::json header = {{"format", "test"}};
        {
            auto j = RunJournal::open(path, header, false);
            j->append(0, {{{"run", 0}, {"value", 1.5}}});
            testing::failWritesWithDiskFullAfter(5);
            QVERIFY_THROWS_EXCEPTION(InputError, j->append(1, {{{"run", 1}, {"value", 2.5}}}));
            testing::failWritesWithDiskFullAfter(-1);
        }
        auto j = RunJournal::open(path, header, true);
        QCOMPARE(j->restoredRuns(), 1);
        QCOMPARE(j->rows(0)[0][1].second.get<double>(), 1.5);
    }

    // A sweep's outputs on a full disk: none of the three files is half written, and none is left.
    void aSweepOnAFullDiskLeavesNoFile() {
        QTemporaryDir dir;
        SweepResult r;
        r.runs.add({{"run", 0}, {"value", 0.5}});
        r.metadata = {{"format", "test"}};
        testing::failWritesWithDiskFullAfter(10);
        QVERIFY_THROWS_EXCEPTION(InputError, saveSweep(r, dir.path().toStdString() + "/sweep"));
        testing::failWritesWithDiskFullAfter(-1);
        QCOMPARE(countFiles(dir.path()), 0);
    }
};

QTEST_GUILESS_MAIN(TestDurability)
#include "tst_durability.moc"
