// Property tests (RapidCheck) of the rules behind "one truth on screen", without a window:
//  - a view's key changes exactly when a setting its scope depends on changes (the dependency table below is
//    written here from the views' definitions, not read from ViewKeys.cpp);
//  - decideViewState: "current" exactly when the drawn key is the current one and nothing is a preview, partial
//    or empty; every other state has a note; the note names the state;
//  - a lesson step's "set" is an RFC 7396 merge patch: the RFC's own examples (Appendix A), and random nested
//    patches against an independent merge written here.
// Fixed seed (RC_PARAMS overrides it), so that the suite cannot flake.
#include "Lesson.h"
#include "ViewKeys.h"
#include "ViewState.h"

#include <QtTest>
#include <regex>
#include "FigureExport.h"
#include "FigureLayout.h"
#include "FigureRoles.h"
#include <qcustomplot.h>
#include "../../PropertySupport.h"
#include <rapidcheck.h>

namespace {

// One field of the settings that the tests vary, and which view scopes depend on it.
struct Field {
    const char* name;
    bool patterns, release, sweep, atEpsilon;
    std::function<void(ExplorerSettings&, int)> change;  // a different value for each seed
};

const std::vector<Field>& fields() {
    static const std::vector<Field> all = {
        {"dataset", false, true, true, true, [](ExplorerSettings& s, int v) { s.dataset = "builtin:set" + std::to_string(v); }},
        {"labels", false, true, true, true, [](ExplorerSettings& s, int v) { s.labels = v % 2 ? "none" : "graphml:key" + std::to_string(v); }},
        {"pattern_class", true, true, true, true, [](ExplorerSettings& s, int v) { s.patternClass = v % 2 ? "trees" : "treewidth:3"; }},
        {"d", true, true, true, true, [](ExplorerSettings& s, int v) { s.d = 1 + v % 400; }},
        {"pattern_seed", true, true, true, true, [](ExplorerSettings& s, int v) { s.patternSeed = std::uint64_t(1000 + v); }},
        {"epsilon", false, true, false, true, [](ExplorerSettings& s, int v) { s.mechanism.epsilon = 0.1 + v * 0.37; }},
        {"delta", false, true, true, true, [](ExplorerSettings& s, int v) { s.mechanism.delta = 1e-7 * (v + 2); }},
        {"k", false, false, true, true, [](ExplorerSettings& s, int v) { s.k = 1 + v % 50; }},
        {"learner", false, false, true, true, [](ExplorerSettings& s, int v) { s.learner = v % 2 ? px::learn::LearnerKind::Svm : px::learn::LearnerKind::Forest; }},
        {"repetitions", false, false, true, true, [](ExplorerSettings& s, int v) { s.repetitions = 3 + v % 5; }},
        {"protocol", false, false, true, true, [](ExplorerSettings& s, int) { s.protocol = "10-fold"; }},
        {"view", false, false, false, false, [](ExplorerSettings& s, int v) { s.view = "tab " + std::to_string(v); }},
    };
    return all;
}

// RFC 7396, section 2, written out independently of the library.
nlohmann::json mergePatchByTheRfc(nlohmann::json target, const nlohmann::json& patch) {
    if (!patch.is_object()) return patch;
    if (!target.is_object()) target = nlohmann::json::object();
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        if (it->is_null()) target.erase(it.key());
        else target[it.key()] = mergePatchByTheRfc(target.contains(it.key()) ? target[it.key()] : nlohmann::json(), *it);
    }
    return target;
}

template <class Property> bool checkProperty(const char* name, Property property) {
    return pxtest::checkProperty(name, 20261205, 200, property);
}

}  // namespace

class TestViewState : public QObject {
    Q_OBJECT
private slots:
    void keysChangeExactlyWithTheirScope() {
        QVERIFY(checkProperty("a key follows exactly the settings of its scope", [] {
            const auto& f = fields()[*rc::gen::inRange<std::size_t>(0, fields().size())];
            const int v = *rc::gen::inRange(0, 1000);
            ExplorerSettings a;
            a.d = *rc::gen::inRange(1, 60);
            a.mechanism.epsilon = *rc::gen::inRange(1, 1000) / 10.0;
            ExplorerSettings b = a;
            f.change(b, v);
            const bool differ = a.toJson() != b.toJson();  // a bool: RapidCheck cannot print JSON values
            RC_PRE(differ || std::string(f.name) == "view");
            using S = viewkeys::Scope;
            RC_ASSERT((viewkeys::key(a, S::Patterns) != viewkeys::key(b, S::Patterns)) == f.patterns);
            RC_ASSERT((viewkeys::key(a, S::Release) != viewkeys::key(b, S::Release)) == f.release);
            RC_ASSERT((viewkeys::key(a, S::Sweep) != viewkeys::key(b, S::Sweep)) == f.sweep);
            RC_ASSERT((viewkeys::key(a, S::AtEpsilon) != viewkeys::key(b, S::AtEpsilon)) == f.atEpsilon);
            // the trade-off's key: the sweep's and the marker's ε
            RC_ASSERT((viewkeys::tradeoffKey(a, a.mechanism.epsilon) != viewkeys::tradeoffKey(b, b.mechanism.epsilon)) == (f.sweep || std::string(f.name) == "epsilon"));
        }));
    }

    void keysAreStableAndReadable() {
        ExplorerSettings s;
        QCOMPARE(viewkeys::key(s, viewkeys::Scope::Sweep), viewkeys::key(ExplorerSettings{}, viewkeys::Scope::Sweep));
        QCOMPARE(viewkeys::key(s, viewkeys::Scope::Sweep).size(), std::size_t(16));
        QVERIFY(viewkeys::scoped(s, viewkeys::Scope::Patterns).contains("d"));
        QVERIFY(!viewkeys::scoped(s, viewkeys::Scope::Patterns).contains("dataset"));
        QVERIFY(!viewkeys::scoped(s, viewkeys::Scope::Sweep)["mechanism"].contains("epsilon"));
    }

    void onlyTheCurrentKeyDrawsWithoutANote() {
        QVERIFY(checkProperty("current exactly when drawn = current, and every other state says so", [] {
            const std::string keys[] = {"", "a", "b"};
            const std::string drawn = keys[*rc::gen::inRange(0, 3)], current = keys[*rc::gen::inRange(1, 3)];
            ViewActivity a;
            a.busy = *rc::gen::arbitrary<bool>();
            a.preview = *rc::gen::arbitrary<bool>();
            a.partial = *rc::gen::arbitrary<bool>();
            a.fraction = *rc::gen::inRange(-1, 1001) / 1000.0;
            if (*rc::gen::inRange(0, 4) == 0) a.failure = "it broke";
            if (*rc::gen::inRange(0, 6) == 0) a.emptyReason = "nothing here";
            const ViewStatus st = decideViewState(drawn, current, a);
            const bool current_ = !drawn.empty() && drawn == current && !a.preview && !a.partial && a.emptyReason.empty();
            RC_ASSERT((st.state == ViewState::Current) == current_);
            RC_ASSERT(st.note.empty() == (st.state == ViewState::Current));
            if (st.state == ViewState::Previous) RC_ASSERT(st.note.find("PREVIOUS SETTINGS") != std::string::npos);
            if (st.state == ViewState::Preview) RC_ASSERT(st.note.find("PREVIEW") != std::string::npos);
            // a percentage said of running work is what is done, rounded down: never 100 % before the end
            if (std::smatch m; std::regex_search(st.note, m, std::regex("(\\d+) %\\)"))) {
                const int said = std::stoi(m[1]);
                RC_ASSERT(said <= a.fraction * 100 + 1e-6 && said > a.fraction * 100 - 1 - 1e-6);
                if (a.fraction < 1) RC_ASSERT(said < 100);
            }
            // a preview or first points of a computation that stopped do not promise what will not come
            if (!a.busy) RC_ASSERT(st.note.find("replaces it") == std::string::npos && st.note.find("arrive") == std::string::npos);
            if (st.state == ViewState::Failed) RC_ASSERT(st.note.find(a.failure) != std::string::npos);
            // "failed" says the note names a failure of these settings, whatever is drawn beside it
            RC_ASSERT(st.failed == (st.note.find("FAILED") != std::string::npos));
            if (st.failed) RC_ASSERT(st.note.find(a.failure) != std::string::npos);
            // nothing to show for these settings: said, and a drawing of other settings left in the view is marked so
            if (!a.emptyReason.empty()) {
                RC_ASSERT(st.nothingToShow && st.note.find(a.emptyReason) != std::string::npos);
                const bool other = !drawn.empty() && drawn != current;
                RC_ASSERT(st.state == (other ? ViewState::Previous : ViewState::Empty));
            }
            // a result of other settings is never presented as these settings' preview or partial result, and is
            // always called what it is
            if (drawn != current) RC_ASSERT(st.state != ViewState::Preview && st.state != ViewState::Current);
            if (!drawn.empty() && drawn != current) RC_ASSERT(st.note.find("PREVIOUS SETTINGS") != std::string::npos);
        }));
    }

    // RFC 7396, Appendix A: each example's target, patch and result.
    void lessonStepsMergeLikeTheRfc() {
        const char* cases[][3] = {
            {R"({"a":"b"})", R"({"a":"c"})", R"({"a":"c"})"},
            {R"({"a":"b"})", R"({"b":"c"})", R"({"a":"b","b":"c"})"},
            {R"({"a":"b"})", R"({"a":null})", R"({})"},
            {R"({"a":"b","b":"c"})", R"({"a":null})", R"({"b":"c"})"},
            {R"({"a":["b"]})", R"({"a":"c"})", R"({"a":"c"})"},
            {R"({"a":"c"})", R"({"a":["b"]})", R"({"a":["b"]})"},
            {R"({"a":{"b":"c"}})", R"({"a":{"b":"d","c":null}})", R"({"a":{"b":"d"}})"},
            {R"({"a":[{"b":"c"}]})", R"({"a":[1]})", R"({"a":[1]})"},
            {R"(["a","b"])", R"(["c","d"])", R"(["c","d"])"},
            {R"({"a":"b"})", R"(["c"])", R"(["c"])"},
            {R"({"a":"foo"})", "null", "null"},
            {R"({"a":"foo"})", R"("bar")", R"("bar")"},
            {R"({"e":null})", R"({"a":1})", R"({"e":null,"a":1})"},
            {R"([1,2])", R"({"a":"b","c":null})", R"({"a":"b"})"},
            {R"({})", R"({"a":{"bb":{"ccc":null}}})", R"({"a":{"bb":{}}})"},
        };
        for (const auto& c : cases) {
            const auto target = nlohmann::json::parse(c[0]), patch = nlohmann::json::parse(c[1]), want = nlohmann::json::parse(c[2]);
            QCOMPARE(QString::fromStdString(applyMergePatch(target, patch).dump()), QString::fromStdString(want.dump()));
            QCOMPARE(QString::fromStdString(mergePatchByTheRfc(target, patch).dump()), QString::fromStdString(want.dump()));
        }
    }

    // A step's claims: parsed with errors that name the field, and judged against the results they are about.
    void lessonClaimsAreParsedAndJudged() {
        auto claims = parseLessonClaims(nlohmann::json::parse(R"([{"kappa": "falls"}, {"at_epsilon": 1, "min": 0.4}])"), "/steps/4/expect");
        QCOMPARE(claims.size(), std::size_t(2));
        for (const char* bad : {R"([{"kappa": "drops"}])", R"([{"at_epsilon": 1}])", R"([{"signal": "above_band"}])", R"({"kappa": "falls"})",
                                R"([{"kappa": "falls", "min": 0}])", R"([{"kappa": "falls", "colour": 1}])"}) {
            try {
                parseLessonClaims(nlohmann::json::parse(bad), "/steps/4/expect");
                QFAIL(bad);
            } catch (const std::invalid_argument& e) {
                QVERIFY2(QString(e.what()).contains("/steps/4/expect"), e.what());
            }
        }
        px::experiment::SweepResult before, after;
        before.fits.resize(1);
        after.fits.resize(1);
        before.fits[0].fit.kappa = 0.366;
        after.fits[0].fit.kappa = 0.213;
        const auto falls = parseLessonClaims(nlohmann::json::parse(R"([{"kappa": "falls"}])"), "/e");
        const auto rises = parseLessonClaims(nlohmann::json::parse(R"([{"kappa": "rises"}])"), "/e");
        QVERIFY(falseLessonClaims(falls, after, &before).empty());
        QCOMPARE(falseLessonClaims(rises, after, &before).size(), std::size_t(1));
        QVERIFY(QString::fromStdString(falseLessonClaims(rises, after, &before)[0]).contains("0.366 to 0.213"));
        QCOMPARE(falseLessonClaims(falls, after, nullptr).size(), std::size_t(1));  // no previous step: not borne out
    }
    // Claims about the demo: a class and a bound on its separating patterns, judged on the demo's rows only.
    void demoClaimsAreParsedAndJudged() {
        for (const char* bad : {R"([{"demo_class": "trees"}])", R"([{"demo_class": "", "separating_max": 0}])",
                                R"([{"demo_class": "trees", "separating_max": -1}])", R"([{"demo_class": "trees", "separating_max": 0, "min": 0.5}])"}) {
            try {
                parseLessonClaims(nlohmann::json::parse(bad), "/steps/3/expect");
                QFAIL(bad);
            } catch (const std::invalid_argument& e) {
                QVERIFY2(QString(e.what()).contains("/steps/3/expect/0"), e.what());
            }
        }
        const auto claims = parseLessonClaims(
            nlohmann::json::parse(R"([{"demo_class": "trees", "separating_max": 0}, {"demo_class": "treewidth:2", "separating_min": 1}])"), "/e");
        px::experiment::DistinguishabilityResult demo;
        demo.classes.resize(2);
        demo.classes[0].patternClass = "trees";
        demo.classes[1].patternClass = "treewidth:2";
        demo.classes[0].patterns = demo.classes[1].patterns = 30;
        demo.classes[1].separatingPatterns = 24;
        QVERIFY(falseDemoClaims(claims, demo).empty());
        QVERIFY(falseLessonClaims(claims, px::experiment::SweepResult{}, nullptr).empty());  // not the trade-off's to judge
        demo.classes[0].separatingPatterns = 7;
        demo.classes[1].separatingPatterns = 0;
        const auto wrong = falseDemoClaims(claims, demo);
        QCOMPARE(wrong.size(), std::size_t(2));
        QVERIFY2(QString::fromStdString(wrong[0]).contains("7 of 30 trees"), wrong[0].c_str());
        QVERIFY2(QString::fromStdString(wrong[1]).contains("0 of 30 treewidth:2"), wrong[1].c_str());
        demo.classes.pop_back();
        QVERIFY(QString::fromStdString(falseDemoClaims(claims, demo).back()).contains("no row for treewidth:2"));
    }

    // A step that sets one field of the mechanism keeps the mechanism's other fields (nested objects are merged).
    // Each name a step gives (its view, demo pair, depth-lab run and depth view) is the one the step keeps, whichever
    // names the app offers (random lists; the step names one of each).
    void aLessonStepKeepsEveryNameItGives() {
        QVERIFY(checkProperty("stepFromJson keeps view, demo_pair, depth_run and depth_view", [] {
            const auto names = [] { return *rc::gen::container<std::vector<std::string>>(
                                              *rc::gen::inRange(1, 5), rc::gen::nonEmpty(rc::gen::string<std::string>())); };
            const Lesson::Names offered{names(), names(), names(), names()};
            const auto pick = [](const std::vector<std::string>& from) { return from[std::size_t(*rc::gen::inRange<int>(0, int(from.size())))]; };
            const std::string view = pick(offered.views), pair = pick(offered.demoPairs), run = pick(offered.depthRuns),
                              depthView = pick(offered.depthViews);
            const nlohmann::json lesson = {{"format", "pxstudio-lesson"}, {"version", 1}, {"title", "names"},
                                           {"steps", {{{"title", "one"}, {"text", "every name"}, {"view", view}, {"demo_pair", pair},
                                                       {"depth_run", run}, {"depth_view", depthView}}}}};
            const Lesson l = Lesson::fromJson(lesson, offered);
            RC_ASSERT(l.steps.size() == 1u);
            RC_ASSERT(l.steps[0].view == view);
            RC_ASSERT(l.steps[0].demoPair == pair);
            RC_ASSERT(l.steps[0].depthRun == run);
            RC_ASSERT(l.steps[0].depthView == depthView);
        }));
    }

    void aStepKeepsWhatItDoesNotSet() {
        QVERIFY(checkProperty("settingsForStep is the RFC's merge of the step's set", [] {
            ExplorerSettings current;
            current.mechanism.epsilon = *rc::gen::inRange(1, 1000) / 10.0;
            current.mechanism.delta = *rc::gen::inRange(1, 100) * 1e-7;
            current.k = *rc::gen::inRange(1, 40);
            LessonStep step;
            step.set = nlohmann::json::object();
            if (*rc::gen::arbitrary<bool>()) step.set["mechanism"] = {{"epsilon", *rc::gen::inRange(1, 1000) / 10.0}};
            if (*rc::gen::arbitrary<bool>()) step.set["k"] = *rc::gen::inRange(1, 40);
            if (*rc::gen::arbitrary<bool>()) step.set["pattern_class"] = "trees";
            const ExplorerSettings got = settingsForStep(current, step);
            nlohmann::json want = mergePatchByTheRfc(current.toJson(), step.set);
            nlohmann::json have = got.toJson();
            want.erase("view");
            have.erase("view");
            const bool merged = have == want;
            RC_ASSERT(merged);
            RC_ASSERT(got.mechanism.delta == current.mechanism.delta);
        }));
    }

    // The projector's short legend names (FigureRoles showShortNames) over random plots: what the legend shows is the
    // short name where one was given, a style key (with the name's first figure) for a sole series' companions, the
    // name otherwise; fullName keeps every name the plot was built with, and a figure drawn meanwhile (FigureLayout)
    // shows the full names and gives the short ones back.
    void shortLegendNamesKeepTheFullOnes() {
        QVERIFY(checkProperty("short names on screen, full names in figures", [] {
            QCustomPlot plot;
            plot.resize(600, 400);
            const int series = *rc::gen::inRange(1, 4);
            struct Made { QCPGraph* g; QString name, shortName, key; bool isSeries; };
            std::vector<Made> made;
            for (int s = 0; s < series; ++s) {
                for (int k = 0; k < *rc::gen::inRange(1, 4); ++k) {
                    Made m{plot.addGraph(), QString("series %1 line %2: κ = %3, A = 1").arg(s).arg(k).arg(*rc::gen::inRange(0, 99)), {}, {}, k == 0};
                    m.g->setName(m.name);
                    m.g->setData({1, 2}, {0.5, 0.6});
                    if (m.isSeries) px::widgets::markSeries(m.g, "private release");
                    else if (*rc::gen::arbitrary<bool>()) px::widgets::setStyleKey(m.g, m.key = QString("key %1").arg(k));
                    if (*rc::gen::arbitrary<bool>()) px::widgets::setShortName(m.g, m.shortName = QString("short %1.%2").arg(s).arg(k));
                    made.push_back(m);
                }
            }
            px::widgets::showShortNames(&plot);
            for (const Made& m : made) {
                RC_ASSERT(px::widgets::fullName(m.g) == m.name);
                QString shown = m.name;
                if (!m.shortName.isEmpty()) shown = m.shortName;
                else if (series == 1 && !m.key.isEmpty()) shown = m.key + ": " + m.name.section(": ", 1).section(", ", 0, 0);
                RC_ASSERT(m.g->name() == shown);
            }
            {
                px::widgets::FigureLayout figure(&plot, px::widgets::presetSize("two-column"));
                for (const Made& m : made) RC_ASSERT(m.g->name() == m.name);
            }
            for (const Made& m : made) RC_ASSERT(px::widgets::fullName(m.g) == m.name);
        }));
    }
};

QTEST_MAIN(TestViewState)
#include "tst_viewstate.moc"
