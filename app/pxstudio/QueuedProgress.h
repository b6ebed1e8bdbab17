#pragma once
// A running background job as the engine sees it: a cancel flag, and progress reports forwarded to a
// callback on the receiver's (UI) thread, at most one per 0.1 % step. Reports queued after the
// receiver is destroyed are dropped by Qt.
//
// The bar never runs backwards. The engine's workers report from several threads: one computes its fraction
// from a shared counter (DensityMatrix.cpp, `done.fetch_add`), another computes a larger one and posts it first,
// and the first one's smaller fraction arrives after it (seen: 0.173125 then 0.1425). Whichever order the
// threads post in, the receiver's thread (one thread: no race) drops a report below the highest it delivered.
#include "common/Progress.h"

#include <QMetaObject>
#include <QObject>
#include <atomic>
#include <functional>
#include <memory>

class QueuedProgress : public px::Progress {
public:
    QueuedProgress(QObject* receiver, std::function<void(double)> onProgress)
        : receiver_(receiver), onProgress_(std::move(onProgress)) {}
    std::atomic<bool> stop{false};
    bool cancelled() const override { return stop.load(); }
    void report(double fraction) override {
        const int permille = int(fraction * 1000);
        if (permille == last_.exchange(permille)) return;
        QMetaObject::invokeMethod(
            receiver_,
            [cb = onProgress_, delivered = delivered_, fraction] {
                if (fraction < *delivered) return;  // a later report was delivered first
                *delivered = fraction;
                cb(fraction);
            },
            Qt::QueuedConnection);
    }

private:
    QObject* receiver_;
    std::function<void(double)> onProgress_;
    std::atomic<int> last_{-1};
    // the highest fraction delivered; read and written on the receiver's thread only
    std::shared_ptr<double> delivered_ = std::make_shared<double>(-1.0);
};
