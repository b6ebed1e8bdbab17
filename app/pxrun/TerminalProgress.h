#pragma once
// A px::Progress for the command line, and Ctrl-C turned into a clean cancellation.
// On a terminal it draws a bar on stderr with the time so far and an estimate of the time left.
// Redirected (nohup, a log file), it writes a line at most once a minute, and one when the work is done,
// so a long sweep's log says how far it got.
#include "common/Progress.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <mutex>
#include <string>
#include <unistd.h>

namespace pxrun {

inline std::atomic<bool>& interruptFlag() {
    static std::atomic<bool> f{false};
    return f;
}

// "42 s", "12 min 05 s", "3 h 07 min"
inline std::string formatDuration(double seconds) {
    const long s = seconds < 0 ? 0 : long(seconds + 0.5);
    char buf[32];
    if (s < 60)
        std::snprintf(buf, sizeof buf, "%ld s", s);
    else if (s < 3600)
        std::snprintf(buf, sizeof buf, "%ld min %02ld s", s / 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%ld h %02ld min", s / 3600, (s / 60) % 60);
    return buf;
}

// "after 3 min 10 s, about 21 min 40 s left". The time left assumes the rest goes as fast as the work since the
// first report, not counting what was skipped since (runs, trainings and epochs restored from a journal or a
// checkpoint take their part of the bar in no time).
inline std::string timeSoFarAndLeft(double elapsed, double fraction, double firstFraction = 0.0, double firstElapsed = 0.0,
                                    double skipped = 0.0) {
    std::string text = "after " + formatDuration(elapsed);
    const double done = fraction - firstFraction - skipped;
    if (done >= 0.01 && fraction < 1.0)
        text += ", about " + formatDuration((elapsed - firstElapsed) * (1.0 - fraction) / done) + " left";
    return text;
}

// A sweep's label is its spec's name, often a sentence: keep its start (whole UTF-8 characters) and "...".
inline std::string shortLabel(std::string label, std::size_t maxBytes = 48) {
    if (label.size() <= maxBytes) return label;
    std::size_t cut = maxBytes - 3;
    while (cut > 0 && (static_cast<unsigned char>(label[cut]) & 0xC0) == 0x80) --cut;
    return label.substr(0, cut) + "...";
}

class TerminalProgress : public px::Progress {
public:
    explicit TerminalProgress(std::string label)
        : label_(shortLabel(std::move(label))), tty_(isatty(2)), start_(Clock::now()),
          exceptionsAtStart_(std::uncaught_exceptions()) {
        std::signal(SIGINT, [](int) { interruptFlag() = true; });
    }
    ~TerminalProgress() override {
        if (tty_ && drawn_) std::fprintf(stderr, "\n");
        // the closing line of a log, unless the work stopped with an error or a cancellation
        const bool unwinding = std::uncaught_exceptions() > exceptionsAtStart_;
        if (!tty_ && last_ >= 0 && !finishedLine_ && !unwinding)
            writeLine(1.0, 100, std::chrono::duration<double>(Clock::now() - start_).count());
    }
    void report(double f) override {
        const int pct = int(f * 100);
        std::lock_guard<std::mutex> lock(m_);
        const bool newPercent = pct != last_;
        last_ = pct;
        const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
        if (first_ < 0) first_ = f, firstElapsed_ = elapsed;
        // a log gets its line once a minute even when a long training holds the percentage for minutes
        if (tty_) { if (newPercent) drawBar(f, pct, elapsed); }
        else if ((pct >= 100 && !finishedLine_) || elapsed - lastLine_ >= kLogEverySeconds) writeLine(f, pct, elapsed);
    }
    void skip(double amount) override {
        std::lock_guard<std::mutex> lock(m_);
        if (first_ >= 0) skipped_ += amount;  // before the first report, the first fraction holds it
    }
    bool cancelled() const override { return interruptFlag().load(); }

private:
    using Clock = std::chrono::steady_clock;
    static constexpr double kLogEverySeconds = 60.0;  // a log line at most this often
    void drawBar(double f, int pct, double elapsed) {
        drawn_ = true;
        const int w = 40, filled = int(f * w);
        std::fprintf(stderr, "\r%-24s [%s%s] %3d%%  %-40s", label_.c_str(), std::string(filled, '#').c_str(),
                     std::string(w - filled, '.').c_str(), pct, timeSoFarAndLeft(elapsed, f, first_, firstElapsed_, skipped_).c_str());
        std::fflush(stderr);
    }
    void writeLine(double f, int pct, double elapsed) {
        lastLine_ = elapsed;
        finishedLine_ = pct >= 100;
        std::fprintf(stderr, "%s: %d%% %s\n", label_.c_str(), pct, timeSoFarAndLeft(elapsed, f, first_, firstElapsed_, skipped_).c_str());
        std::fflush(stderr);
    }

    std::string label_;
    bool tty_;
    Clock::time_point start_;
    int exceptionsAtStart_;
    double lastLine_ = 0.0;
    double first_ = -1.0, firstElapsed_ = 0.0;  // the first fraction reported, and when
    double skipped_ = 0.0;                      // restored since then, done in no time
    bool finishedLine_ = false;
    bool drawn_ = false;
    int last_ = -1;
    std::mutex m_;
};

}  // namespace pxrun
