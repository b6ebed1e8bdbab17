#pragma once
// Helpers of the widget tests: an empty app data folder, waiting for a computation, reading the head of a
// written file.
#include "ExplorerController.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QtTest>

namespace pxtest {

// A GUI test's own app data folder (autosave, unfinished-sweep journals), emptied: every run starts from the
// defaults, not from what an earlier run left behind (a cancelled sweep's journal would be resumed).
inline void useEmptyAppDataFolder(const char* testName) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setApplicationName(testName);
    QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    qputenv("PX_DENSITY_CACHE", "off");  // nor the user's density cache: what a test computes, it computes
}

}  // namespace pxtest

inline bool waitFinished(ExplorerController* c, int ms = 180000) {  // generous: the sanitizer build on a busy machine
    QElapsedTimer t;
    t.start();
    while ((c->busy() || !c->result()) && t.elapsed() < ms) QTest::qWait(20);
    return !c->busy() && c->result();
}

inline QByteArray head(const QString& path, int n) {
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.read(n);
}
