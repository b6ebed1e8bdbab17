#pragma once
// Runs the real pxrun executable for the end-to-end tests.
#include <QProcess>
#include <QString>
#include <QStringList>

namespace pxtest {

struct Run {
    int code;  // exit code; −2: killed by a signal; −1: timed out
    QString out, err;
};

inline Run pxrun(const QStringList& args, int timeoutMs = 120000) {
    QProcess p;
    p.start(PXRUN_PATH, args);
    if (!p.waitForFinished(timeoutMs)) return {-1, {}, "timeout"};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace pxtest
