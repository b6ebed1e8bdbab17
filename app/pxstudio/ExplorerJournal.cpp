// The explorer's sweep records (ExplorerJournal.h).
#include "ExplorerJournal.h"

#include "common/Error.h"
#include "experiment/SweepRunner.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QObject>

namespace {

std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

// The record of an explorer sweep, named by a hash of what it records: the same settings and data find it
// again after a crash or a restart. Best effort: a sweep is never stopped because it cannot be recorded.
// A sweep's record while it runs (NAME.runs.partial, for resuming) and once it finished (NAME.runs.done, so that
// the same settings on the same data show its result again without computing it). NAME hashes the record's
// header (spec, data set and its content hash); a finished record's NAME also carries the engine's version and
// this program's file (size and time: any rebuild relinks it), so that another build computes afresh.
struct JournalPaths {
    QString running, finished;
};

JournalPaths journalPaths(const QString& folder, const nlohmann::json& header) {
    const std::string text = header.dump();
    const QString name = QString("%1").arg(fnv1a(text), 16, 16, QChar('0'));
    const QFileInfo program(QCoreApplication::applicationFilePath());
    const std::string build = std::string(PX_VERSION) + " " + std::to_string(program.size()) + " " +
                              std::to_string(program.lastModified().toMSecsSinceEpoch());
    const QString finished = QString("%1").arg(fnv1a(text + build), 16, 16, QChar('0'));
    return {folder + "/" + name + ".runs.partial", folder + "/" + finished + ".runs.done"};
}

QString resumedNotice(const px::experiment::RunJournal& journal, std::size_t totalRuns) {
    if (journal.restoredRuns() >= int(totalRuns))
        return QObject::tr("Shown from the kept record of a finished sweep with these settings: nothing was recomputed");
    return QObject::tr("Resumed the unfinished sweep of these settings: %1 runs%2 were already done")
        .arg(journal.restoredRuns())
        .arg(journal.restoredParts() > 0 ? QObject::tr(" and %1 trainings").arg(journal.restoredParts()) : QString());
}

}  // namespace

// `finished`: where the record is to be kept once the sweep finishes (keepFinishedRecord).
std::unique_ptr<px::experiment::RunJournal> openJournal(const QString& folder, const px::experiment::SweepSpec& spec,
                                                        const px::Dataset& data, QString& notice, QString& finished) {
    using px::experiment::RunJournal;
    if (folder.isEmpty()) return nullptr;
    const nlohmann::json header = px::experiment::journalHeader(spec, data, {});
    const JournalPaths paths = journalPaths(folder, header);
    const QString path = paths.running;
    finished = paths.finished;
    std::unique_ptr<RunJournal> journal;
    try {
        QDir().mkpath(folder);
        if (!QFile::exists(path) && QFile::exists(paths.finished)) {  // finished before: its runs are restored, none computed
            QFile::copy(paths.finished, path);
            QFile(paths.finished).setFileTime(QDateTime::currentDateTime(), QFileDevice::FileModificationTime);  // used now
        }
        try {
            journal = RunJournal::open(path.toStdString(), header, true);
        } catch (const px::experiment::JournalLocked&) {
            throw;  // another PXStudio records these very settings: leave its record alone
        } catch (const px::InputError&) {
            QFile::remove(path);  // unreadable: start the record over
            QFile::remove(paths.finished);
            journal = RunJournal::open(path.toStdString(), header, true);
        }
    } catch (const std::exception& e) {
        notice = QObject::tr("This sweep is not recorded for resuming: %1").arg(QString::fromStdString(e.what()));
        return nullptr;
    }
    journal->setBestEffort(true);
    if (journal->restoredRuns() > 0 || journal->restoredParts() > 0) notice = resumedNotice(*journal, spec.runs().size());
    return journal;
}

// A finished sweep's record is kept under its finished name (replacing an older one) before the running one goes.
void keepFinishedRecord(const QString& finished, const px::experiment::RunJournal& journal) {
    const QString kept = finished + ".tmp";
    QFile::remove(kept);
    if (QFile::copy(QString::fromStdString(journal.path()), kept)) {
        QFile::remove(finished);
        QFile::rename(kept, finished);
    }
}

