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

// `env`: NAME=VALUE settings on top of this process's environment.
inline Run pxrun(const QStringList& args, int timeoutMs = 120000, const QStringList& env = {}) {
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString& s : env) e.insert(s.section('=', 0, 0), s.section('=', 1));
    p.setProcessEnvironment(e);
    p.start(PXRUN_PATH, args);
    if (!p.waitForFinished(timeoutMs)) return {-1, {}, "timeout"};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace pxtest
