#pragma once
// A running background job as the engine sees it: a cancel flag, and progress reports forwarded to a
// callback on the receiver's (UI) thread, at most one per 0.1 % step. Reports queued after the
// receiver is destroyed are dropped by Qt.
#include "common/Progress.h"

#include <QMetaObject>
#include <QObject>
#include <atomic>
#include <functional>

class QueuedProgress : public px::Progress {
public:
    QueuedProgress(QObject* receiver, std::function<void(double)> onProgress)
        : receiver_(receiver), onProgress_(std::move(onProgress)) {}
    std::atomic<bool> stop{false};
    bool cancelled() const override { return stop.load(); }
    void report(double fraction) override {
        const int permille = int(fraction * 1000);
        if (permille == last_.exchange(permille)) return;
        QMetaObject::invokeMethod(receiver_, [cb = onProgress_, fraction] { cb(fraction); }, Qt::QueuedConnection);
    }

private:
    QObject* receiver_;
    std::function<void(double)> onProgress_;
    std::atomic<int> last_{-1};
};
