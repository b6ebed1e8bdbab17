#include "SettingsChange.h"

#include "ViewKeys.h"

namespace {

// A panel's edit of D or the protocol on the data set on screen is the user's declaration for that data set: kept
// for it, and given back when it is opened again (applyDatasetChoices).
void declareForDataset(const ExplorerSettings& committed, ExplorerSettings& now) {
    if (now.dataset != committed.dataset) return;
    if (now.mechanism.degreeBound != committed.mechanism.degreeBound) now.perDataset[now.dataset].degreeBound = now.mechanism.degreeBound;
    if (now.protocol != committed.protocol) now.perDataset[now.dataset].protocol = now.protocol;
}

Recompute recomputeFor(const ExplorerSettings& committed, const ExplorerSettings& now, ChangeOrigin origin) {
    // read again from its files, or never computed: the sweep runs whatever the keys say
    if (origin == ChangeOrigin::Dataset || origin == ChangeOrigin::Startup) return Recompute::SweepNow;
    using viewkeys::Scope;
    if (viewkeys::key(committed, Scope::Sweep) != viewkeys::key(now, Scope::Sweep))
        return origin == ChangeOrigin::Edit || origin == ChangeOrigin::Reset ? Recompute::SweepDebounced : Recompute::SweepNow;
    if (viewkeys::key(committed, Scope::AtEpsilon) != viewkeys::key(now, Scope::AtEpsilon)) return Recompute::AtEpsilon;
    return Recompute::Nothing;
}

}  // namespace

ChangePlan planChange(const ExplorerSettings& committed, const ExplorerSettings& wanted, ChangeOrigin origin, SettingsRules& rules) {
    ChangePlan plan;
    plan.settings = wanted;
    if (origin == ChangeOrigin::Edit || origin == ChangeOrigin::Reset) {  // the user's own change of a control
        const SettingsRuleResult ruled = rules.edited(committed, wanted);
        plan.settings = ruled.settings;
        plan.notice = ruled.notice;
    }
    if (origin == ChangeOrigin::Edit) declareForDataset(committed, plan.settings);  // a reset takes the declaration back
    plan.undoStep = origin != ChangeOrigin::Undo && origin != ChangeOrigin::Startup;
    plan.recompute = recomputeFor(committed, plan.settings, origin);
    plan.ensureSweep = origin == ChangeOrigin::Lesson || origin == ChangeOrigin::Session;
    return plan;
}
