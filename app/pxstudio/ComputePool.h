#pragma once
// The threads the app's computations run on. Not QThreadPool::globalInstance(): Qt's raster painting
// hands work to the global pool and waits for it, so computations occupying it would freeze the window
// until they end (found by the monkey test: a tab repaint waiting on a pool busy with densities).
#include <QThreadPool>

inline QThreadPool* computePool() {
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;     // lives as long as the process (jobs finish before it would go)
        p->setMaxThreadCount(16);      // replaced jobs still winding down must not delay the new ones
        // Idle threads stay: one ending by itself while LeakSanitizer's exit check suspends the threads
        // crashed the check's tracer ("Tracer caught signal 11", the sanitized suite at stop 81).
        p->setExpiryTimeout(-1);
        QThreadPool::globalInstance()->setExpiryTimeout(-1);
        return p;
    }();
    return pool;
}
