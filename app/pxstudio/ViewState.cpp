#include "ViewState.h"
#include "ProgressWords.h"

#include <cmath>

namespace {
// "(sweep 30 %)": the part's own progress, named as the status bar names it, so that one number means one thing.
std::string progressPercent(double fraction, const std::string& part) {
    if (!(fraction >= 0)) return "";
    return " (" + (part.empty() ? std::string() : part + " ") + std::to_string(wholePercentDone(fraction)) + " %)";
}
}  // namespace

const char* viewStateName(ViewState state) {
    switch (state) {
        case ViewState::Current: return "current";
        case ViewState::Preview: return "preview";
        case ViewState::Previous: return "previous settings";
        case ViewState::Computing: return "computing";
        case ViewState::Failed: return "failed";
        case ViewState::Empty: return "empty";
    }
    return "empty";
}

ViewStatus decideViewState(const std::string& drawnKey, const std::string& currentKey, const ViewActivity& a) {
    ViewStatus s;
    s.drawnKey = drawnKey;
    s.currentKey = currentKey;
    const bool drawsCurrent = !drawnKey.empty() && drawnKey == currentKey;
    if (!a.emptyReason.empty()) {
        // nothing to show for these settings; a drawing still there is of others (the noise anatomy of a Gaussian
        // release after randomized response was chosen), and says so
        const bool other = !drawnKey.empty() && drawnKey != currentKey;
        s.state = other ? ViewState::Previous : ViewState::Empty;
        s.note = other ? "PREVIOUS SETTINGS shown. " + a.emptyReason : a.emptyReason;
        s.nothingToShow = true;
    } else if (drawsCurrent && a.preview) {
        s.state = ViewState::Preview;
        s.note = a.busy ? "PREVIEW of these settings on part of the data" + progressPercent(a.fraction, a.part) + ": the full result replaces it"
                        : "PREVIEW of these settings on part of the data: the full computation stopped (" + a.rerun + " computes it)";
    } else if (drawsCurrent && a.partial) {
        s.state = ViewState::Computing;
        s.note = a.busy ? "COMPUTING these settings" + progressPercent(a.fraction, a.part) + ": the points arrive as their runs finish"
                        : "PART of these settings' result: the computation stopped (" + a.rerun + " computes the rest)";
    } else if (drawsCurrent) {
        s.state = ViewState::Current;
    } else if (!a.failure.empty()) {
        s.state = drawnKey.empty() ? ViewState::Failed : ViewState::Previous;
        s.failed = true;
        s.note = std::string(drawnKey.empty() ? "FAILED" : "PREVIOUS SETTINGS shown: these settings FAILED") + ": " + a.failure +
                 "\nChange a setting or press " + a.rerun + " to try again.";
    } else if (drawnKey.empty()) {
        s.state = a.busy ? ViewState::Computing : ViewState::Empty;
        s.note = a.busy ? "COMPUTING these settings" + progressPercent(a.fraction, a.part) + "…" : "Not computed yet for these settings (" + a.rerun + " computes).";
    } else {
        s.state = ViewState::Previous;
        s.note = a.busy ? "PREVIOUS SETTINGS shown: recomputing for the current ones" + progressPercent(a.fraction, a.part) + "…"
                        : "PREVIOUS SETTINGS shown: not recomputed for the current ones (" + a.rerun + " recomputes).";
    }
    return s;
}
