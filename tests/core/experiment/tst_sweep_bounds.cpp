// A sweep's progress bar weighs densities against runs by their expected work, and its spec's lists are bounded.
// - Many budgets on few pattern sets: once the densities (computed together first) are done, the bar shows their
//   small share, not a fixed half. The model, written out here independently of the code: a set's densities count
//   min(its runs, 10) runs; with 2 sets of 200 runs each, densities take 20 / (20 + 400) ≈ 4.8 % of the bar, and
//   after the first run 4.8 % + 95.2 % / 400 ≈ 5.0 %. Checked: the fraction then is that value (to 1e-9) and below
//   0.06; the fractions reported never decrease and end at 1.
// - The lists' maxima (docs/hostile-input.md) are accepted; one more is refused naming the field.
#include "TestSupport.h"
#include "common/Error.h"
#include "experiment/SweepRunner.h"
#include "generators/Generators.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace px;
using namespace px::experiment;

namespace {
std::string numberList(int count) {
    std::string s = "[";
    for (int i = 1; i <= count; ++i) s += (i > 1 ? "," : "") + std::to_string(i);
    return s + "]";
}

// The message of the InputError fromJson throws, or "" when it accepts the spec.
std::string refusal(const std::string& json) {
    try {
        SweepSpec::fromJson(json, "s.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}
}  // namespace

class TestSweepBounds : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("PX_DENSITY_CACHE", "off"); }  // no densities stored by another test: computed here

    void manyBudgetsOnFewSetsShowTheDensitiesSmall() {
        const int budgets = 200, sets = 2;
        const SweepSpec spec = SweepSpec::fromJson(R"({"patterns": {"class": "trees", "d": 4, "size_max": 5}, "pattern_seeds": [1, 2],
            "budget": {"axis": "epsilon", "log_grid": [0.1, 100, 200]}, "learner": {"kind": "knn", "k": 3},
            "mechanism": {"mechanism": "gaussian", "degree_bound": 40}, "attack": false, "controls": false})");
        const Dataset ds = gen::sbmCycleTask(40, 3);
        QVERIFY(ds.maxDegree() <= 40);
        struct Reports : Progress {
            std::vector<double> seen;
            void report(double f) override { seen.push_back(f); }
        } reports;
        SweepOptions options;
        options.partialInterval = 0;  // onPartial after every run: the first call comes when one run is done
        double atFirstRun = -1;
        options.onPartial = [&](const SweepResult&) {
            if (atFirstRun < 0) atFirstRun = reports.seen.back();
        };
        const SweepResult r = runSweep(spec, ds, options, reports);
        QCOMPARE(r.runs.rows(), budgets * sets);
        const double densities = sets * std::min(double(budgets), 10.0), runs = budgets * sets;
        const double share = densities / (densities + runs);
        QVERIFY2(std::abs(atFirstRun - (share + (1 - share) / runs)) < 1e-9, qPrintable(QString::number(atFirstRun)));
        QVERIFY2(atFirstRun < 0.06, qPrintable(QString::number(atFirstRun)));
        QVERIFY(std::is_sorted(reports.seen.begin(), reports.seen.end()));
        QVERIFY(std::abs(reports.seen.back() - 1) < 1e-12);
    }

    void theListsMaximaAreAcceptedAndOneMoreIsRefused() {
        struct Case {
            std::string atMost, beyond, field;
        };
        const std::vector<Case> cases = {
            {R"({"budget": {"values": )" + numberList(1000) + "}}", R"({"budget": {"values": )" + numberList(1001) + "}}", "/budget/values"},
            {R"({"budget": {"log_grid": [0.1, 10, 1000]}})", R"({"budget": {"log_grid": [0.1, 10, 1001]}})", "/budget/log_grid"},
            {R"({"budget": {"values": )" + numberList(999) + R"(, "include_inf": true}})",
             R"({"budget": {"values": )" + numberList(1000) + R"(, "include_inf": true}})", "/budget"},
            {R"({"pattern_seeds": )" + numberList(1000) + "}", R"({"pattern_seeds": )" + numberList(1001) + "}", "/pattern_seeds"},
            {R"({"noise_seeds": )" + numberList(1000) + "}", R"({"noise_seeds": )" + numberList(1001) + "}", "/noise_seeds"},
            {R"({"dims": )" + numberList(100) + "}", R"({"dims": )" + numberList(101) + "}", "/dims"},
        };
        for (const Case& c : cases) {
            QVERIFY2(refusal(c.atMost).empty(), refusal(c.atMost).c_str());
            const std::string msg = refusal(c.beyond);
            QVERIFY2(msg.rfind("s.json: field \"" + c.field + "\": expected ", 0) == 0 && msg.find(c.field == "/dims" ? " 100 " : " 1000") != std::string::npos, msg.c_str());
        }
    }
};

QTEST_MAIN(TestSweepBounds)
#include "tst_sweep_bounds.moc"
