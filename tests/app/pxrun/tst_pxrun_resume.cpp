// A killed sweep loses nothing: pxrun sweep is SIGKILLed at random points and resumed until it
// finishes; the tables must equal those of an uninterrupted sweep. A full disk (a real, small tmpfs
// in a private mount namespace) gives "disk full" and no half-written file under a final name.
#include "PxrunProcess.h"

#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>
#include <vector>

using pxtest::pxrun;
using pxtest::Run;

namespace {

const char* kSpec = R"({
  "name": "resume test",
  "dataset": "builtin:sbm-cycles",
  "patterns": {"class": "trees", "d": 20, "size_mean": 5, "size_max": 10},
  "classes": ["trees", "treewidth:2"],
  "pattern_seeds": [1, 2, 3],
  "mechanism": {"mechanism": "gaussian", "degree_bound": 20, "delta": 1e-6},
  "budget": {"axis": "epsilon", "log_grid": [0.3, 30, 7], "include_inf": true},
  "noise_seeds": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
  "learner": {"kind": "knn", "k": 15},
  "attack": true
})";

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The run table without the "seconds" column (timing differs between any two executions).
QStringList withoutTiming(const QString& csvPath) {
    QStringList lines = QString::fromUtf8(readAll(csvPath)).split('\n', Qt::SkipEmptyParts);
    if (lines.isEmpty()) return lines;
    const int col = lines[0].split(',').indexOf("seconds");
    for (QString& l : lines) {
        QStringList cells = l.split(',');  // the dropped column is numeric; earlier cells have no quoted comma here
        if (col >= 0 && col < cells.size()) cells.removeAt(col);
        l = cells.join(',');
    }
    return lines;
}

int journalRecords(const QString& path) {
    const QByteArray text = readAll(path);
    return text.isEmpty() ? 0 : int(text.count('\n')) - 1;  // the first line is the header
}

QString writeSpec(const QTemporaryDir& dir) {
    const QString path = dir.path() + "/spec.json";
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(kSpec);
    return path;
}

bool haveUnshare() {
    QProcess p;
    p.start("unshare", {"-rm", "true"});
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// Runs a shell script as root of its own user and mount namespaces (it may mount tmpfs there); its exit
// code, −1 if it did not end within two minutes.
int runInPrivateMounts(const QString& script) {
    QProcess p;
    p.start("unshare", {"-rm", "sh", "-c", script});
    return p.waitForFinished(120000) ? p.exitCode() : -1;
}

}  // namespace

class TestPxrunResume : public QObject {
    Q_OBJECT
private slots:
    void killedSweepsResumeToTheSameTables() {
        QTemporaryDir dir;
        const QString spec = writeSpec(dir);
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/ref"}).code, 0);
        const qint64 uninterruptedMs = clock.elapsed();
        const int totalRuns = int(readAll(dir.path() + "/ref.csv").count('\n')) - 1;  // one row per run after the header
        const QString prefix = dir.path() + "/killed", journal = prefix + ".runs.partial";
        QRandomGenerator rng(20261125);
        int kills = 0, killsMidway = 0, records = 0, stalls = 0;
        bool finished = false;
        QStringList log;
        for (int attempt = 0; attempt < 60 && !finished; ++attempt) {
            QProcess p;
            p.start(PXRUN_PATH, {"sweep", spec, "--out", prefix, "--resume"});
            QVERIFY(p.waitForStarted());
            // Every other attempt is killed at a random moment early on (often while the resumed sweep recomputes
            // its densities, which are not journaled); the others once the journal has grown by a random number of
            // runs (at most a fifth of the sweep), so that kills land mid-sweep however fast this machine is now.
            const bool byProgress = attempt % 2 == 1;
            const int delay = int(uninterruptedMs * (0.1 + 0.25 * rng.generateDouble() + 0.2 * stalls));
            const int target = records + 1 + int(rng.bounded(std::max(1, totalRuns / 5)));
            QElapsedTimer waited;
            waited.start();
            bool done = false;
            while (!(done = p.waitForFinished(5))) {
                if (byProgress ? journalRecords(journal) >= target : waited.elapsed() >= delay) break;
                if (waited.elapsed() > 10 * uninterruptedMs + 30000) break;  // a stuck run is killed and reported
            }
            if (done) {
                QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
                finished = true;
                break;
            }
            p.kill();  // SIGKILL
            QVERIFY(p.waitForFinished(30000));
            ++kills;
            if (!QFile::exists(journal) && QFile::exists(prefix + ".csv")) {  // killed on its way out, tables written
                finished = true;
                break;
            }
            const int now = journalRecords(journal);
            log << QString("kill after %1 ms (%2): %3 runs recorded").arg(waited.elapsed())
                       .arg(byProgress ? QString("at %1 runs").arg(target) : QString("timed")).arg(now);
            QVERIFY2(now >= records, qPrintable(log.join("; ")));  // nothing completed is ever lost
            if (now > records) ++killsMidway;
            stalls = now > records ? 0 : stalls + 1;
            records = now;
        }
        qInfo("%d kills:\n%s", kills, qPrintable(log.join("\n")));
        QVERIFY2(finished, "the sweep did not finish within 60 resumed attempts");
        QVERIFY2(killsMidway >= 2, qPrintable("too few kills landed mid-sweep: " + log.join("; ")));
        QVERIFY(!QFile::exists(journal));  // removed once the tables are written
        QCOMPARE(withoutTiming(prefix + ".csv"), withoutTiming(dir.path() + "/ref.csv"));
        QCOMPARE(readAll(prefix + "-summary.csv"), readAll(dir.path() + "/ref-summary.csv"));
        QCOMPARE(readAll(prefix + ".json"), readAll(dir.path() + "/ref.json"));
    }

    // A load test: 8 sweeps at once in one output folder (distinct prefixes), and a ninth on a prefix that is
    // running; each table equals the one a sweep alone writes, and nothing else is left in the folder.
    void eightSweepsInParallelShareOneFolder() {
        QTemporaryDir dir;
        const QString spec = writeSpec(dir), out = dir.path() + "/out";
        QDir().mkpath(out);
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/alone"}).code, 0);
        std::vector<std::unique_ptr<QProcess>> sweeps;
        for (int i = 0; i < 8; ++i) {
            sweeps.push_back(std::make_unique<QProcess>());
            sweeps.back()->start(PXRUN_PATH, {"sweep", spec, "--out", out + QString("/p%1").arg(i)});
        }
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(out + "/p0.runs.partial"), 60000);
        const Run clash = pxrun({"sweep", spec, "--out", out + "/p0", "--resume"});
        const bool p0Done = QFile::exists(out + "/p0.csv");
        QVERIFY2(clash.code == 1 ? clash.err.contains("another process is running this sweep") : p0Done, qPrintable(clash.err));
        for (auto& p : sweeps) {
            QVERIFY(p->waitForFinished(300000));
            QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0, p->readAllStandardError().constData());
        }
        for (int i = 0; i < 8; ++i) {
            QCOMPARE(withoutTiming(out + QString("/p%1.csv").arg(i)), withoutTiming(dir.path() + "/alone.csv"));
            QCOMPARE(readAll(out + QString("/p%1-summary.csv").arg(i)), readAll(dir.path() + "/alone-summary.csv"));
        }
        QCOMPARE(QDir(out).entryList(QDir::Files | QDir::Hidden).size(), 8 * 3);  // no journal, no temporary file
    }

    void aStoppedSweepIsNotOverwrittenWithoutResume() {
        QTemporaryDir dir;
        const QString spec = writeSpec(dir);
        QFile journal(dir.path() + "/x.runs.partial");
        journal.open(QIODevice::WriteOnly);
        journal.write("{\"format\":\"pxstudio-sweep-journal\"}\n");
        journal.close();
        const Run r = pxrun({"sweep", spec, "--out", dir.path() + "/x"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("--resume") && r.err.contains("x.runs.partial"), qPrintable(r.err));
        const Run other = pxrun({"sweep", spec, "--out", dir.path() + "/x", "--resume"});
        QCOMPARE(other.code, 1);
        QVERIFY2(other.err.contains("different sweep"), qPrintable(other.err));
    }

    void aFullDiskSaysSoAndLeavesNoHalfWrittenFile() {
        if (!haveUnshare()) QSKIP("needs `unshare -rm` (user and mount namespaces) to mount a small tmpfs; not available here");
        QTemporaryDir dir;
        const QString spec = writeSpec(dir), small = dir.path() + "/small", kept = dir.path() + "/kept";
        QDir().mkpath(small);
        QDir().mkpath(kept);
        // In a private mount namespace: a 64 KiB tmpfs; a sweep whose journal outgrows it, and a density
        // table larger than it. Afterwards the tmpfs's files are listed and the journal copied out.
        const QString script = QString(
            "mount -t tmpfs -o size=64k tmpfs '%1' || exit 90; "
            "'%2' sweep '%3' --out '%1/x' 2>'%4/sweep.err'; echo $? >'%4/sweep.code'; "
            "'%2' densities builtin:sbm-cycles --class trees --d 200 --out '%1/d.csv' 2>'%4/densities.err'; echo $? >'%4/densities.code'; "
            "ls -A '%1' >'%4/listing'; cp '%1/x.runs.partial' '%4/' 2>/dev/null; true")
                                   .arg(small, PXRUN_PATH, spec, kept);
        const int code = runInPrivateMounts(script);
        QVERIFY(code >= 0);
        if (code == 90) QSKIP("mounting a tmpfs in a user namespace is not permitted here");
        QCOMPARE(readAll(kept + "/sweep.code").trimmed(), QByteArray("1"));
        const QString sweepErr = QString::fromUtf8(readAll(kept + "/sweep.err"));
        QVERIFY2(sweepErr.contains("disk full") && sweepErr.contains("x.runs.partial"), qPrintable(sweepErr));
        QCOMPARE(readAll(kept + "/densities.code").trimmed(), QByteArray("1"));
        const QString densErr = QString::fromUtf8(readAll(kept + "/densities.err"));
        QVERIFY2(densErr.contains("disk full") && densErr.contains("d.csv"), qPrintable(densErr));
        // only the journal is left: no table, no temporary file
        QCOMPARE(QString::fromUtf8(readAll(kept + "/listing")).split('\n', Qt::SkipEmptyParts), QStringList{"x.runs.partial"});
        // the journal is whole: with space again, the sweep resumes from it to the uninterrupted tables
        const int recorded = journalRecords(kept + "/x.runs.partial");
        QVERIFY2(recorded > 0, "the journal recorded no run before the disk filled");
        const Run resumed = pxrun({"sweep", spec, "--out", kept + "/x", "--resume"});
        QCOMPARE(resumed.code, 0);
        QVERIFY2(resumed.err.contains(QString("resuming: %1 completed runs").arg(recorded)), qPrintable(resumed.err));
        QCOMPARE(pxrun({"sweep", spec, "--out", dir.path() + "/ref"}).code, 0);
        QCOMPARE(withoutTiming(kept + "/x.csv"), withoutTiming(dir.path() + "/ref.csv"));
    }
    // A read-only folder (a read-only tmpfs in a private mount namespace): the error names the file and says
    // why, and nothing is left there.
    void aReadOnlyFolderSaysSo() {
        if (!haveUnshare()) QSKIP("needs `unshare -rm` (user and mount namespaces) to mount a read-only tmpfs; not available here");
        QTemporaryDir dir;
        const QString ro = dir.path() + "/ro", kept = dir.path() + "/kept";
        QDir().mkpath(ro);
        QDir().mkpath(kept);
        const QString script = QString(
            "mount -t tmpfs -o ro tmpfs '%1' || exit 90; "
            "'%2' densities builtin:sbm-cycles --class trees --d 5 --out '%1/d.csv' 2>'%3/err'; echo $? >'%3/code'; "
            "ls -A '%1' >'%3/listing'; true").arg(ro, PXRUN_PATH, kept);
        const int code = runInPrivateMounts(script);
        QVERIFY(code >= 0);
        if (code == 90) QSKIP("mounting a tmpfs in a user namespace is not permitted here");
        QCOMPARE(readAll(kept + "/code").trimmed(), QByteArray("1"));
        const QString err = QString::fromUtf8(readAll(kept + "/err"));
        QVERIFY2(err.contains("d.csv") && err.contains("read-only file system"), qPrintable(err));
        QVERIFY(readAll(kept + "/listing").trimmed().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPxrunResume)
#include "tst_pxrun_resume.moc"
