#pragma once
// The one rule for every change of the explorer's settings, whatever made it: a panel's control, the ε slider or its
// typed field, a double click that resets, undo and redo, a lesson's step, a session file, a data set or label source
// opened, the last session at start. The window passes each change through MainWindow::apply, which asks planChange
// what the change means: the settings to show (with the learner–mechanism rules for a change of a control, and the D and
// protocol declared for the data set by a panel's edit), whether it is a new undo step, and which computation it needs — the sweep again
// (at once or after the typing pause) when a setting it depends on changed, only the views that stand at ε when ε
// alone changed, nothing when nothing did. Qt-free: tests/app/pxstudio/tst_settings_change.cpp.
#include "ExplorerSettings.h"
#include "SettingsRules.h"

enum class ChangeOrigin {
    Edit,     // a panel's control: the rules apply, and D and the protocol changed by hand are declared for the data set
    Epsilon,  // the ε slider or its typed field, let go
    Reset,    // a double click on a control (or its label) back to the default
    Undo,     // undo or redo: the settings are taken as committed, no new step
    Lesson,   // a lesson's step, or its end giving the user's own settings back
    Session,  // a session file opened
    Dataset,  // a data set opened (or opened again: its files are read again, so its sweep runs again)
    Labels,   // the data set's label source changed
    Startup,  // the last session, restored when the window opens: taken as committed, its sweep started
};

enum class Recompute {
    Nothing,       // no setting that any computation depends on changed
    AtEpsilon,     // ε alone: the sweep covers its grid; the views that stand at ε follow
    SweepDebounced,// the sweep again, after the pause that lets a user finish typing (a panel's edit, a reset)
    SweepNow,      // the sweep again, at once
};

struct ChangePlan {
    ExplorerSettings settings;                     // what to show
    SettingsNotice notice = SettingsNotice::None;  // what the rules did on their own, for the status bar
    bool undoStep = true;                          // false: taken as committed (undo, redo, start-up)
    Recompute recompute = Recompute::Nothing;
    // Also start the sweep when none runs or finished for these settings (a cancelled one): a lesson's step and an
    // opened session are to be seen computed; a user who cancelled and then moves a control is not overruled.
    bool ensureSweep = false;
};

// `committed`: the settings before the change (the last undo step); `wanted`: what the change asks for. `rules`
// remembers, between edits, what choosing the GIN replaced.
ChangePlan planChange(const ExplorerSettings& committed, const ExplorerSettings& wanted, ChangeOrigin origin, SettingsRules& rules);
