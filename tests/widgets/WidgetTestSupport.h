#pragma once
// Helpers of the widget tests: waiting for a computation, reading the head of a written file.
#include "ExplorerController.h"

#include <QFile>
#include <QtTest>

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
