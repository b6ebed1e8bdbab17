#pragma once
// A px::Progress that draws a bar on stderr (only when stderr is a terminal) and turns Ctrl-C
// into a clean cancellation.
#include "common/Progress.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <string>
#include <unistd.h>

namespace pxrun {

inline std::atomic<bool>& interruptFlag() {
    static std::atomic<bool> f{false};
    return f;
}

class TerminalProgress : public px::Progress {
public:
    explicit TerminalProgress(std::string label) : label_(std::move(label)), tty_(isatty(2)) {
        std::signal(SIGINT, [](int) { interruptFlag() = true; });
    }
    ~TerminalProgress() override {
        if (tty_ && drawn_) std::fprintf(stderr, "\n");
    }
    void report(double f) override {
        if (!tty_) return;
        int pct = int(f * 100);
        std::lock_guard<std::mutex> lock(m_);
        if (pct == last_) return;
        last_ = pct;
        drawn_ = true;
        int w = 40, filled = int(f * w);
        std::fprintf(stderr, "\r%-24s [%s%s] %3d%%", label_.c_str(), std::string(filled, '#').c_str(),
                     std::string(w - filled, '.').c_str(), pct);
        std::fflush(stderr);
    }
    bool cancelled() const override { return interruptFlag().load(); }

private:
    std::string label_;
    bool tty_;
    bool drawn_ = false;
    int last_ = -1;
    std::mutex m_;
};

}  // namespace pxrun
