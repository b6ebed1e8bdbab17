#pragma once
// The one rule by which every view of the explorer says what it shows (UX.md, "One truth on screen"): from the
// key of what the view draws, the key of the current settings and what its computation is doing, the state the
// view is in and the words it shows inside itself. Only "current" is drawn without a note.
// Qt-free: unit-tested without a window (tests/app/pxstudio/tst_viewstate.cpp).
#include <string>

enum class ViewState {
    Current,   // drawn for the current settings: no note
    Preview,   // a preview of the current settings' result (a subsample), drawn faded
    Previous,  // drawn for other settings (marked; recomputing, failed, cancelled or waiting for a recompute)
    Computing, // nothing of these settings drawn yet, or only its first points: phase and progress in words
    Failed,    // these settings' computation failed: why, and what to change
    Empty,     // nothing to draw, and why (e.g. the GIN uses no patterns)
};

// What the view's computation is doing, as far as the view needs to know.
struct ViewActivity {
    bool busy = false;        // a computation for the current settings runs
    bool preview = false;     // what is drawn is a preview (of drawnKey's settings)
    bool partial = false;     // what is drawn is the first points of a running computation (of drawnKey's settings)
    double fraction = -1;     // its progress, 0 to 1 (-1: unknown)
    std::string part;         // the work it is part of, as the status bar names it ("sweep"): the note says "(sweep 30 %)"
    std::string failure;      // the current settings' computation failed: why (empty: it did not)
    std::string emptyReason;  // the view has nothing to show for these settings, and why (empty: it has)
    std::string rerun = "F5"; // what the user presses to (re)compute it: "F5" in the explorer, "its Run button" in the depth lab
};

struct ViewStatus {
    ViewState state = ViewState::Empty;
    std::string drawnKey, currentKey;  // drawnKey empty: nothing drawn
    std::string note;                  // what the view says inside itself (empty only when current)
    bool nothingToShow = false;        // the view has nothing to show for these settings (ViewActivity::emptyReason)
    bool failed = false;               // the current settings' computation failed (state Failed, or Previous marked so)
};

// The state and the note of a view. drawnKey: the key of what it draws ("" for nothing); currentKey: the key of
// the current settings in the view's scope (ViewKeys.h).
ViewStatus decideViewState(const std::string& drawnKey, const std::string& currentKey, const ViewActivity& activity);
// "current", "preview", "previous settings", "computing", "failed", "empty": the trace's and the tests' words.
const char* viewStateName(ViewState state);
