#pragma once
// The rules the app applies on its own when a change of settings would pair a learner with a mechanism it cannot
// use, Qt-free so that they are tested without a window (tst_settings_rules). A GIN trains on released graphs, so
// under a density mechanism (Gaussian, Laplace) it gets randomized response, and the mechanism it replaced comes
// back when the GIN is left without the mechanism having been touched; a density mechanism chosen under the GIN
// sends the learner back to the density default (the newest choice wins). The window turns the notice into words.
#include "ExplorerSettings.h"

#include <optional>

enum class SettingsNotice {
    None,
    GinGetsRandomizedResponse,   // the GIN was chosen under a density mechanism
    MechanismGivenBack,          // back from the GIN: the mechanism it replaced is in force again
    GraphMechanismCosts,         // a density learner under RR or DPRR: correct, but slow on large graphs
    DensityMechanismLeavesGin,   // a density mechanism chosen under the GIN: the learner is the density default again
};

struct SettingsRuleResult {
    ExplorerSettings settings;                                      // what to apply
    std::optional<px::privacy::MechanismKind> mechanismBeforeGin;  // what the GIN replaced, kept until it is left
    SettingsNotice notice = SettingsNotice::None;
    bool changed = false;                                           // settings differ from the `now` given
};

// A change by the user from `before` (the committed settings) to `now`, with what choosing the GIN replaced (if the
// GIN was chosen and the mechanism not touched since). Only the learner and the mechanism's kind are ever changed.
SettingsRuleResult applySettingsRules(const ExplorerSettings& before, const ExplorerSettings& now,
                                      std::optional<px::privacy::MechanismKind> mechanismBeforeGin);

// Settings read whole (a session file, the autosave): a GIN under a density mechanism gets randomized response.
// True if `s` changed.
bool giveTheGinAGraphMechanism(ExplorerSettings& s);

// The rules with the one thing they remember between edits: the mechanism that choosing the GIN replaced, given
// back when the GIN is left (the window holds one).
class SettingsRules {
public:
    // The user's change from `before` (the committed settings) to `now`: what to apply, and what to say.
    SettingsRuleResult edited(const ExplorerSettings& before, const ExplorerSettings& now);
    std::optional<px::privacy::MechanismKind> mechanismBeforeGin() const { return mechanismBeforeGin_; }

private:
    std::optional<px::privacy::MechanismKind> mechanismBeforeGin_;
};
