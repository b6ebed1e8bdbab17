// The learner–mechanism rules of a settings change (SettingsRules.h), without a window: random sequences of user
// edits (learner, mechanism, ε, data set) are passed through the rules as the window passes them, and after each
// one the properties the rules promise are checked (RapidCheck, seed fixed below unless RC_PARAMS is set):
//  - a GIN is never left with a density mechanism, a state the rules reach from a valid one is valid;
//  - the rules change only the learner and the mechanism's kind, nothing else the user set;
//  - choosing the GIN and leaving it again, the mechanism untouched in between, gives the mechanism back;
//  - applying the rules to their own result changes nothing and says nothing (idempotence);
//  - through the window's SettingsRules, which remembers between edits, held against a model written here: the GIN
//    chosen under a density mechanism gets randomized response, under a graph mechanism nothing changes, and leaving
//    it, the mechanism untouched since, gives back the mechanism that was there before.
#include "SettingsRules.h"
#include "learn/Learners.h"
#include "privacy/Mechanism.h"

#include <QtTest>
#include "../../PropertySupport.h"
#include <rapidcheck.h>

using px::learn::LearnerKind;
using px::privacy::MechanismKind;

namespace {

bool valid(const ExplorerSettings& s) {
    return !px::learn::isGraphLearner(s.learner) || px::privacy::perturbsGraph(s.mechanism.mechanism);
}

// Equal but for the learner and the mechanism's kind.
bool sameButLearnerAndMechanism(ExplorerSettings a, ExplorerSettings b) {
    a.learner = b.learner;
    a.mechanism.mechanism = b.mechanism.mechanism;
    return a == b;
}

struct Edit {
    int field;  // 0 learner, 1 mechanism, 2 ε, 3 data set
    int value;
};

ExplorerSettings edited(ExplorerSettings s, const Edit& e) {
    const LearnerKind learners[] = {LearnerKind::Knn, LearnerKind::Svm, LearnerKind::Linear, LearnerKind::Forest,
                                    LearnerKind::RandomForest, LearnerKind::Boosting, LearnerKind::Gin};
    const MechanismKind mechanisms[] = {MechanismKind::Gaussian, MechanismKind::SmoothGaussian, MechanismKind::Laplace,
                                        MechanismKind::RandomizedResponse, MechanismKind::DegreePreservingRR};
    if (e.field == 0) s.learner = learners[e.value % 7];
    if (e.field == 1) s.mechanism.mechanism = mechanisms[e.value % 5];
    if (e.field == 2) s.mechanism.epsilon = 0.1 * (1 + e.value % 50);
    if (e.field == 3) s.dataset = e.value % 2 ? "builtin:er" : "builtin:sbm-cycles";
    return s;
}

void checkProperty(const char* name, const std::function<void()>& property) {
    QVERIFY2(pxtest::checkProperty(name, 20261205, 300, property), name);
}

}  // namespace

class TestSettingsRules : public QObject {
    Q_OBJECT
private slots:
    void randomEditsKeepTheRules() {
        checkProperty("random edits through the rules", [] {
            const auto edits = *rc::gen::container<std::vector<Edit>>(rc::gen::construct<Edit>(rc::gen::inRange(0, 4), rc::gen::inRange(0, 100)));
            ExplorerSettings committed;
            std::optional<MechanismKind> remembered;
            for (const Edit& e : edits) {
                const ExplorerSettings now = edited(committed, e);
                const SettingsRuleResult r = applySettingsRules(committed, now, remembered);
                RC_ASSERT(valid(r.settings));
                RC_ASSERT(sameButLearnerAndMechanism(r.settings, now));
                RC_ASSERT(r.changed == !(r.settings == now));
                const SettingsRuleResult again = applySettingsRules(r.settings, r.settings, r.mechanismBeforeGin);
                RC_ASSERT(!again.changed && again.notice == SettingsNotice::None && again.settings == r.settings);
                committed = r.settings;
                remembered = r.mechanismBeforeGin;
            }
        });
    }
    void theGinGivesTheMechanismBack() {
        checkProperty("GIN and back restores the mechanism", [] {
            ExplorerSettings start;
            start.learner = *rc::gen::element(LearnerKind::Knn, LearnerKind::Svm, LearnerKind::Linear, LearnerKind::Forest);
            start.mechanism.mechanism = *rc::gen::element(MechanismKind::Gaussian, MechanismKind::SmoothGaussian, MechanismKind::Laplace);
            ExplorerSettings gin = start;
            gin.learner = LearnerKind::Gin;
            const SettingsRuleResult in = applySettingsRules(start, gin, std::nullopt);
            RC_ASSERT(in.notice == SettingsNotice::GinGetsRandomizedResponse);
            RC_ASSERT(in.settings.mechanism.mechanism == MechanismKind::RandomizedResponse);
            ExplorerSettings afterGin = in.settings;
            std::optional<MechanismKind> remembered = in.mechanismBeforeGin;
            if (*rc::gen::arbitrary<bool>()) {  // ε moved under the GIN: still the mechanism's to give back
                ExplorerSettings moved = edited(afterGin, {2, *rc::gen::inRange(0, 50)});
                const SettingsRuleResult m = applySettingsRules(afterGin, moved, remembered);
                afterGin = m.settings;
                remembered = m.mechanismBeforeGin;
            }
            ExplorerSettings back = afterGin;
            back.learner = start.learner;
            const SettingsRuleResult out = applySettingsRules(afterGin, back, remembered);
            RC_ASSERT(out.notice == SettingsNotice::MechanismGivenBack);
            RC_ASSERT(out.settings.mechanism.mechanism == start.mechanism.mechanism);
            RC_ASSERT(!out.mechanismBeforeGin);
        });
    }
    // Random sequences of edits through SettingsRules (the window's: it remembers what the GIN replaced between edits),
    // each held against a model of the GIN rule kept here: what the GIN replaced, and whether the mechanism was
    // touched since. Only the GIN's own transitions are checked against the model; the rest by the properties above.
    void theWindowsRulesKeepTheGinRule() {
        checkProperty("SettingsRules against a model of the GIN rule", [] {
            const auto edits = *rc::gen::container<std::vector<Edit>>(rc::gen::construct<Edit>(rc::gen::inRange(0, 3), rc::gen::inRange(0, 100)));
            SettingsRules rules;
            ExplorerSettings committed;
            std::optional<MechanismKind> replaced;  // the model's memory: the density mechanism the GIN replaced
            for (const Edit& e : edits) {
                const ExplorerSettings now = edited(committed, e);
                const SettingsRuleResult r = rules.edited(committed, now);
                const bool wasGin = committed.learner == LearnerKind::Gin, isGin = now.learner == LearnerKind::Gin;
                const bool densityBefore = committed.mechanism.mechanism == MechanismKind::Gaussian ||
                                           committed.mechanism.mechanism == MechanismKind::SmoothGaussian ||
                                           committed.mechanism.mechanism == MechanismKind::Laplace;
                if (!wasGin && isGin && densityBefore) {  // chosen under a density mechanism: randomized response
                    RC_ASSERT(r.settings.mechanism.mechanism == MechanismKind::RandomizedResponse);
                    RC_ASSERT(r.notice == SettingsNotice::GinGetsRandomizedResponse);
                    replaced = committed.mechanism.mechanism;
                } else if (!wasGin && isGin) {  // under a graph mechanism (RR, DPRR): nothing changes
                    RC_ASSERT(r.settings == now && !r.changed && r.notice == SettingsNotice::None);
                    replaced.reset();
                } else if (wasGin && !isGin) {  // left: the mechanism before the GIN, if untouched since; else it stays
                    RC_ASSERT(r.settings.mechanism.mechanism == replaced.value_or(now.mechanism.mechanism));
                    RC_ASSERT(r.notice == (replaced ? SettingsNotice::MechanismGivenBack : SettingsNotice::GraphMechanismCosts));
                    replaced.reset();
                } else if (wasGin && now.mechanism.mechanism != committed.mechanism.mechanism) {
                    replaced.reset();  // the user chose the mechanism under the GIN: it is theirs
                }
                RC_ASSERT(rules.mechanismBeforeGin() == replaced);
                committed = r.settings;
            }
        });
    }
    // A mechanism the user chose under the GIN is theirs: leaving the GIN keeps it (with the note on its cost).
    void aMechanismChosenUnderTheGinStays() {
        ExplorerSettings s;
        s.mechanism.mechanism = MechanismKind::Laplace;
        ExplorerSettings gin = s;
        gin.learner = LearnerKind::Gin;
        const SettingsRuleResult in = applySettingsRules(s, gin, std::nullopt);
        ExplorerSettings dprr = in.settings;
        dprr.mechanism.mechanism = MechanismKind::DegreePreservingRR;
        const SettingsRuleResult chosen = applySettingsRules(in.settings, dprr, in.mechanismBeforeGin);
        QVERIFY(!chosen.changed && !chosen.mechanismBeforeGin);
        ExplorerSettings knn = chosen.settings;
        knn.learner = LearnerKind::Knn;
        const SettingsRuleResult out = applySettingsRules(chosen.settings, knn, chosen.mechanismBeforeGin);
        QCOMPARE(out.settings.mechanism.mechanism, MechanismKind::DegreePreservingRR);
        QVERIFY(out.notice == SettingsNotice::GraphMechanismCosts);
        // and a density mechanism chosen under the GIN sends the learner back to the default
        ExplorerSettings gaussian = chosen.settings;
        gaussian.mechanism.mechanism = MechanismKind::Gaussian;
        const SettingsRuleResult left = applySettingsRules(chosen.settings, gaussian, std::nullopt);
        QVERIFY(left.notice == SettingsNotice::DensityMechanismLeavesGin);
        QCOMPARE(left.settings.learner, ExplorerSettings().learner);
        QCOMPARE(left.settings.mechanism.mechanism, MechanismKind::Gaussian);
    }
};

QTEST_APPLESS_MAIN(TestSettingsRules)
#include "tst_settings_rules.moc"
