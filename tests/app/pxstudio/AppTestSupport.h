#pragma once
// Helpers of the widget tests: an empty app data folder, waiting for a computation, reading the head of a
// written file.
#include "ExplorerController.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

namespace pxtest {

// A GUI test's own app data folder (autosave, unfinished-sweep journals), emptied: every run starts from the
// defaults, not from what an earlier run left behind (a cancelled sweep's journal would be resumed).
inline void useEmptyAppDataFolder(const char* testName) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setApplicationName(testName);
    QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    QSettings().clear();  // nor what an earlier run of the test left in its preferences (the depth lab's controls)
    qputenv("PX_DENSITY_CACHE", "off");  // nor the user's density cache: what a test computes, it computes
}

// A folder of GraphML graphs (paths of 4 to 12 vertices, every `cycleEvery`-th closed into a cycle) with no graph key
// at all: nothing to take class labels from.
inline void writeUnlabelledFolder(const QString& folder, int graphs, int cycleEvery) {
    for (int i = 0; i < graphs; ++i) {
        const int n = 4 + i % 9;
        QString xml = "<?xml version=\"1.0\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
                      "<graph edgedefault=\"undirected\">\n";
        for (int v = 0; v < n; ++v) xml += QString("<node id=\"v%1\"/>\n").arg(v);
        for (int v = 0; v + 1 < n; ++v) xml += QString("<edge source=\"v%1\" target=\"v%2\"/>\n").arg(v).arg(v + 1);
        if (i % cycleEvery == 0) xml += QString("<edge source=\"v%1\" target=\"v0\"/>\n").arg(n - 1);
        QFile f(folder + QString("/g%1.graphml").arg(i, 2, 10, QChar('0')));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write((xml + "</graph>\n</graphml>\n").toUtf8());
    }
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
