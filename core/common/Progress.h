#pragma once
// Progress and cancellation interface for long work. The desktop app adapts it to
// QFuture/QPromise, pxrun to a terminal progress bar. Implementations must be thread-safe:
// report() and cancelled() are called from worker threads.
#include <atomic>

namespace px {

class Progress {
public:
    virtual ~Progress() = default;
    // fraction of the work done, in [0, 1]
    virtual void report(double fraction) { (void)fraction; }
    // `amount` of the bar is done without work now (restored from a journal or a checkpoint); the next report
    // includes it. An estimate of the time left must not count it as speed.
    virtual void skip(double amount) { (void)amount; }
    // true once the user asked to stop; the work then throws px::Cancelled
    virtual bool cancelled() const { return false; }
};

// A Progress that reports nothing and is cancelled only through cancel().
class CancelFlag : public Progress {
public:
    void cancel() { flag_.store(true, std::memory_order_relaxed); }
    bool cancelled() const override { return flag_.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> flag_{false};
};

// Maps a part of the work onto [base, base + span] of the caller's progress.
class SubProgress : public Progress {
public:
    SubProgress(Progress& p, double base, double span) : p_(p), base_(base), span_(span) {}
    void report(double f) override { p_.report(base_ + span_ * f); }
    void skip(double amount) override { p_.skip(span_ * amount); }
    bool cancelled() const override { return p_.cancelled(); }

private:
    Progress& p_;
    double base_, span_;
};

// The do-nothing progress used when the caller does not care.
inline Progress& noProgress() {
    static Progress p;
    return p;
}

}  // namespace px
