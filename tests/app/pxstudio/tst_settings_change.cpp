// The one rule of a change of settings (SettingsChange.h), without a window. Random committed settings and random
// changes of them (any field, several at once) from every origin are planned, and each plan is held against what
// the test works out on its own, from the settings' fields (not from the view keys the rule reads):
//  - the sweep runs again exactly when a setting other than ε, the view and the declarations changed (or the data
//    set was opened or the window started); after a typing pause exactly for a panel's edit and a reset;
//  - ε alone changed: only the views at ε follow; nothing changed: nothing runs;
//  - a new undo step for every origin but undo, redo and start-up; the sweep ensured for a lesson and a session;
//  - only a panel's edit or a reset goes through the learner–mechanism rules, only an edit declares D and the
//    protocol for the data set; every other origin shows exactly what it asked for;
//  - planning again from the plan's own settings asks for nothing (a change is not done twice).
#include "SettingsChange.h"
#include "learn/Learners.h"
#include "privacy/Mechanism.h"

#include <QtTest>
#include "../../PropertySupport.h"
#include <rapidcheck.h>

using px::learn::LearnerKind;
using px::privacy::MechanismKind;

namespace {

const std::vector<ChangeOrigin> kOrigins = {ChangeOrigin::Edit,    ChangeOrigin::Epsilon, ChangeOrigin::Reset,
                                     ChangeOrigin::Undo,    ChangeOrigin::Lesson,  ChangeOrigin::Session,
                                     ChangeOrigin::Dataset, ChangeOrigin::Labels,  ChangeOrigin::Startup};

// One field of the settings set to a value drawn from `v` (field 0..13).
void change(ExplorerSettings& s, int field, int v) {
    const MechanismKind mechanisms[] = {MechanismKind::Gaussian, MechanismKind::Laplace, MechanismKind::RandomizedResponse,
                                        MechanismKind::DegreePreservingRR};
    const LearnerKind learners[] = {LearnerKind::Knn, LearnerKind::Svm, LearnerKind::Forest, LearnerKind::Gin};
    switch (field) {
    case 0: s.dataset = v % 2 ? "builtin:er" : "builtin:sbm-cycles"; break;
    case 1: s.labels = v % 2 ? "auto" : "none"; break;
    case 2: s.patternClass = v % 2 ? "treewidth:2" : "trees"; break;
    case 3: s.d = 5 + v % 20; break;
    case 4: s.mechanism.epsilon = 0.25 * (1 + v % 12); break;
    case 5: s.mechanism.mechanism = mechanisms[v % 4]; break;
    case 6: s.mechanism.degreeBound = 5 + v % 20; break;
    case 7: s.learner = learners[v % 4]; break;
    case 8: s.k = 1 + v % 30; break;
    case 9: s.protocol = v % 2 ? "split" : "10-fold"; break;
    case 10: s.repetitions = 1 + v % 3; break;
    case 11: s.view = v % 2 ? "Trade-off" : "Noise anatomy"; break;  // the tab on screen: no setting
    case 12: s.perDataset["builtin:er"].degreeBound = v % 30; break;    // a declaration for a data set
    default: s.mechanism.epsilon *= 1.0 + (v % 5) / 1000.0; break;       // ε moved a little (a drag let go)
    }
}

ExplorerSettings changed(ExplorerSettings s, int changes) {
    for (int i = 0; i < changes; ++i) change(s, *rc::gen::inRange(0, 14), *rc::gen::inRange(0, 1000));
    return s;
}

// Equal for the sweep: all but ε, the view (never compared) and the declarations for data sets.
bool sameForTheSweep(const ExplorerSettings& a, ExplorerSettings b) {
    b.mechanism.epsilon = a.mechanism.epsilon;
    b.perDataset = a.perDataset;
    return a == b;
}

bool goesThroughTheRules(ChangeOrigin o) { return o == ChangeOrigin::Edit || o == ChangeOrigin::Reset; }

void checkProperty(const char* name, const std::function<void()>& property) {
    QVERIFY2(pxtest::checkProperty(name, 20261207, 400, property), name);
}

}  // namespace

class TestSettingsChange : public QObject {
    Q_OBJECT
private slots:
    void everyChangeIsPlannedByWhatItChanged() {
        checkProperty("a change's plan against its fields", [] {
            const ExplorerSettings committed = changed(ExplorerSettings{}, *rc::gen::inRange(0, 6));
            const ExplorerSettings wanted = changed(committed, *rc::gen::inRange(0, 4));
            const ChangeOrigin origin = *rc::gen::elementOf(kOrigins);
            SettingsRules rules;
            const ChangePlan plan = planChange(committed, wanted, origin, rules);
            if (!goesThroughTheRules(origin)) {
                RC_ASSERT(plan.settings == wanted && plan.settings.perDataset == wanted.perDataset);
                RC_ASSERT(plan.notice == SettingsNotice::None);
            }
            const bool sweepChanged = !sameForTheSweep(committed, plan.settings);
            const bool epsilonChanged = committed.mechanism.epsilon != plan.settings.mechanism.epsilon;
            if (origin == ChangeOrigin::Dataset || origin == ChangeOrigin::Startup) {
                RC_ASSERT(plan.recompute == Recompute::SweepNow);
            } else if (sweepChanged) {
                RC_ASSERT(plan.recompute == (goesThroughTheRules(origin) ? Recompute::SweepDebounced : Recompute::SweepNow));
            } else {
                RC_ASSERT(plan.recompute == (epsilonChanged ? Recompute::AtEpsilon : Recompute::Nothing));
            }
            RC_ASSERT(plan.undoStep == (origin != ChangeOrigin::Undo && origin != ChangeOrigin::Startup));
            RC_ASSERT(plan.ensureSweep == (origin == ChangeOrigin::Lesson || origin == ChangeOrigin::Session));
        });
    }
    void anEditDeclaresDAndTheProtocolForItsDataSet() {
        checkProperty("an edit's declarations", [] {
            ExplorerSettings committed = changed(ExplorerSettings{}, *rc::gen::inRange(0, 6));
            giveTheGinAGraphMechanism(committed);  // a state the app can be in: the rules keep it valid
            const ExplorerSettings wanted = changed(committed, *rc::gen::inRange(1, 4));
            const ChangeOrigin origin = *rc::gen::element(ChangeOrigin::Edit, ChangeOrigin::Reset);
            SettingsRules rules;
            const ChangePlan plan = planChange(committed, wanted, origin, rules);
            std::map<std::string, DatasetChoices> declared = wanted.perDataset;
            if (origin == ChangeOrigin::Edit && wanted.dataset == committed.dataset) {
                if (wanted.mechanism.degreeBound != committed.mechanism.degreeBound) declared[wanted.dataset].degreeBound = wanted.mechanism.degreeBound;
                if (wanted.protocol != committed.protocol) declared[wanted.dataset].protocol = wanted.protocol;
            }
            RC_ASSERT(plan.settings.perDataset == declared);
            SettingsRules fresh;  // what the rules say of this change, said to the user
            RC_ASSERT(plan.notice == fresh.edited(committed, wanted).notice);
            // the rules change the learner and the mechanism's kind only, and from a valid state leave a GIN with a graph
            // mechanism
            ExplorerSettings asWanted = plan.settings;
            asWanted.learner = wanted.learner;
            asWanted.mechanism.mechanism = wanted.mechanism.mechanism;
            asWanted.perDataset = wanted.perDataset;
            RC_ASSERT(asWanted == wanted);
            RC_ASSERT(!px::learn::isGraphLearner(plan.settings.learner) || px::privacy::perturbsGraph(plan.settings.mechanism.mechanism));
        });
    }
    void aChangeIsNotDoneTwice() {
        checkProperty("planning the plan again asks for nothing", [] {
            const ExplorerSettings committed = changed(ExplorerSettings{}, *rc::gen::inRange(0, 6));
            const ExplorerSettings wanted = changed(committed, *rc::gen::inRange(0, 4));
            const ChangeOrigin origin = *rc::gen::elementOf(kOrigins);
            SettingsRules rules;
            const ChangePlan plan = planChange(committed, wanted, origin, rules);
            const ChangeOrigin next = *rc::gen::element(ChangeOrigin::Edit, ChangeOrigin::Epsilon, ChangeOrigin::Undo, ChangeOrigin::Lesson);
            const ChangePlan again = planChange(plan.settings, plan.settings, next, rules);
            RC_ASSERT(again.recompute == Recompute::Nothing);
            RC_ASSERT(again.settings == plan.settings && again.notice == SettingsNotice::None);
        });
    }
};

QTEST_APPLESS_MAIN(TestSettingsChange)
#include "tst_settings_change.moc"
