// The learner–mechanism rules of a settings change (see SettingsRules.h).
#include "SettingsRules.h"

#include "learn/Learners.h"
#include "privacy/Mechanism.h"

using px::learn::isGraphLearner;
using px::privacy::perturbsGraph;

bool giveTheGinAGraphMechanism(ExplorerSettings& s) {
    if (!isGraphLearner(s.learner) || perturbsGraph(s.mechanism.mechanism)) return false;
    s.mechanism.mechanism = px::privacy::MechanismKind::RandomizedResponse;
    return true;
}

namespace {
// Leaving the GIN, or staying with it: the mechanism the GIN replaced comes back if the user left it alone; a
// mechanism the user changed under the GIN is theirs (nothing to give back later).
void leavingTheGin(const ExplorerSettings& before, SettingsRuleResult& r) {
    ExplorerSettings& now = r.settings;
    if (isGraphLearner(now.learner)) {
        if (now.mechanism.mechanism != before.mechanism.mechanism) r.mechanismBeforeGin.reset();
        return;
    }
    if (!perturbsGraph(now.mechanism.mechanism)) return;
    if (isGraphLearner(before.learner) && r.mechanismBeforeGin && now.mechanism.mechanism == before.mechanism.mechanism) {
        now.mechanism.mechanism = *r.mechanismBeforeGin;
        r.mechanismBeforeGin.reset();
        r.notice = SettingsNotice::MechanismGivenBack;
        r.changed = true;
        return;
    }
    if (isGraphLearner(before.learner) || !perturbsGraph(before.mechanism.mechanism)) r.notice = SettingsNotice::GraphMechanismCosts;
}
}  // namespace

SettingsRuleResult applySettingsRules(const ExplorerSettings& before, const ExplorerSettings& now,
                                      std::optional<px::privacy::MechanismKind> mechanismBeforeGin) {
    SettingsRuleResult r{now, mechanismBeforeGin};
    if (!isGraphLearner(before.learner) && giveTheGinAGraphMechanism(r.settings)) {
        r.mechanismBeforeGin = before.mechanism.mechanism;  // given back when the GIN is left
        r.notice = SettingsNotice::GinGetsRandomizedResponse;
        r.changed = true;
        return r;
    }
    leavingTheGin(before, r);
    if (r.changed || r.notice != SettingsNotice::None) return r;
    if (isGraphLearner(now.learner) && perturbsGraph(before.mechanism.mechanism) && !perturbsGraph(now.mechanism.mechanism)) {
        r.settings.learner = ExplorerSettings().learner;  // the newest choice wins: the mechanism stays
        r.notice = SettingsNotice::DensityMechanismLeavesGin;
        r.changed = true;
    }
    return r;
}

SettingsRuleResult SettingsRules::edited(const ExplorerSettings& before, const ExplorerSettings& now) {
    SettingsRuleResult r = applySettingsRules(before, now, mechanismBeforeGin_);
    mechanismBeforeGin_ = r.mechanismBeforeGin;
    return r;
}
