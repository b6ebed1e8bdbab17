// erf fit on synthetic data, sweep specs, sharding and merging, aggregation.
#include "TestSupport.h"
#include "common/Error.h"
#include "experiment/DensityCache.h"
#include "experiment/Distinguishability.h"
#include "experiment/Evaluation.h"
#include "experiment/SweepPrefetch.h"
#include "experiment/SweepRunner.h"
#include "learn/LearnerRegistry.h"
#include "learn/Metrics.h"
#include "learn/Tuning.h"
#include "generators/Generators.h"
#include "hom/DensityMatrix.h"
#include "patterns/PatternSet.h"
#include "privacy/Mechanism.h"

#include <QtTest>
#include <functional>
#include <filesystem>
#include <thread>
#include <chrono>
#include <QElapsedTimer>
#include <algorithm>
#include <cmath>

using namespace px;
using namespace px::experiment;

class TestExperiment : public QObject {
    Q_OBJECT
private slots:
    void erfFitRecoversKnownParameters() {
        const double kappa = 3.0, aInf = 0.82;
        std::vector<double> rho, auc;
        Rng rng(2);
        for (double r = 1e-4; r < 10; r *= 2) {
            rho.push_back(r);
            auc.push_back(0.5 + (aInf - 0.5) * std::erf(kappa * std::sqrt(r)) + 0.002 * rng.normal());
        }
        ErfFit f = fitErf(rho, auc);
        QVERIFY2(std::abs(f.kappa - kappa) < 0.1, qPrintable(QString::number(f.kappa)));
        QVERIFY(std::abs(f.aInf - aInf) < 0.005);
        QVERIFY(f.r2 > 0.99);
        QVERIFY(f.converged);
        ErfFit fixed = fitErf(rho, auc, aInf);
        QCOMPARE(fixed.aInf, aInf);
        QVERIFY(!fixed.aInfFitted);
        QVERIFY(std::abs(fixed.kappa - kappa) < 0.1);
        // Inversion round trip, and the unreachable cases.
        for (double target : {0.55, 0.7, 0.8}) QVERIFY(std::abs(f.predict(f.rhoFor(target)) - target) < 1e-9);
        QVERIFY(std::isinf(f.rhoFor(0.9)));
        QCOMPARE(f.rhoFor(0.5), 0.0);
    }
    void erfFitWithFloor() {
        const double kappa = 2.0, aInf = 0.8, floor = 0.64;
        std::vector<double> rho, auc;
        for (double r = 1e-3; r < 10; r *= 2) {
            rho.push_back(r);
            auc.push_back(floor + (aInf - floor) * std::erf(kappa * std::sqrt(r)));
        }
        ErfFit plain = fitErf(rho, auc), floored = fitErf(rho, auc, -1, true);
        QVERIFY(std::abs(floored.floor - floor) < 1e-4);
        QVERIFY(std::abs(floored.kappa - kappa) < 1e-3);
        QVERIFY(floored.rmse < 1e-6);
        QVERIFY(plain.rmse > 10 * floored.rmse);  // the ½-floor law cannot follow the data
        QCOMPARE(floored.rhoFor(0.6), 0.0);       // below the floor: reached with any noise
    }
    // With noisy points the fit must be the least-squares optimum, found here independently: for a given κ the
    // law is linear in A∞ − ½ (closed form), so the sum of squares is a function of κ alone, minimised by a dense
    // scan of log κ and a golden-section refinement.
    void erfFitIsTheLeastSquaresOptimum() {
        std::vector<double> rho, auc;
        Rng rng(5);
        for (double r = 1e-3; r < 10; r *= 1.6) {
            rho.push_back(r);
            auc.push_back(0.5 + 0.3 * std::erf(2.0 * std::sqrt(r)) + 0.03 * rng.normal());
        }
        auto sse = [&](double logKappa) {
            double ey = 0, ee = 0;
            for (std::size_t i = 0; i < rho.size(); ++i) {
                const double e = std::erf(std::exp(logKappa) * std::sqrt(rho[i]));
                ey += e * (auc[i] - 0.5);
                ee += e * e;
            }
            const double amplitude = ey / ee;
            double s = 0;
            for (std::size_t i = 0; i < rho.size(); ++i)
                s += std::pow(0.5 + amplitude * std::erf(std::exp(logKappa) * std::sqrt(rho[i])) - auc[i], 2);
            return s;
        };
        double best = -5;
        for (double x = -5; x <= 5; x += 1e-3) best = sse(x) < sse(best) ? x : best;
        double a = best - 1e-3, b = best + 1e-3;
        const double g = (std::sqrt(5.0) - 1) / 2;
        for (int it = 0; it < 100; ++it) {
            const double c = b - g * (b - a), d = a + g * (b - a);
            if (sse(c) < sse(d)) b = d; else a = c;
        }
        const double kappa = std::exp((a + b) / 2);
        const ErfFit f = fitErf(rho, auc);
        QVERIFY2(std::abs(f.kappa / kappa - 1) < 1e-4, qPrintable(QString("fit κ %1, optimum %2").arg(f.kappa, 0, 'g', 12).arg(kappa, 0, 'g', 12)));
        QVERIFY2(f.rmse / std::sqrt(sse(std::log(kappa)) / double(rho.size())) - 1 < 1e-8, qPrintable(QString::number(f.rmse, 'g', 15)));
    }
    // The overlap 1 − TV of the demo's two releases, against a numerical integral: both releases are Gaussians with
    // the same diagonal covariance, so their overlap is that of N(0, 1) and N(Δ, 1) on the line through the means,
    // Δ = ‖(t1 − t0)/σ‖₂, i.e. ∫ min(φ(x), φ(x − Δ)) dx.
    void distinguishabilityOverlapIsTheGaussiansOverlap() {
        const GraphPair pair = demoPairs().back();
        DistinguishabilityParams p;
        p.classes = {"treewidth:2"};
        p.epsilons = {1, 10, 100};
        const DistinguishabilityResult r = distinguishability(pair.g0, pair.g1, p);
        Dataset both;
        both.graphs = {pair.g0, pair.g1};
        PatternSamplerParams sp;
        sp.patternClass = PatternClass::parse("treewidth:2");
        sp.count = p.d;
        sp.size.maxSize = p.maxSize;
        sp.seed = p.seed;
        const PatternSet set = PatternSet::sample(sp);
        const DensityMatrix dm = DensityMatrix::compute(both, set);
        for (std::size_t e = 0; e < p.epsilons.size(); ++e) {
            privacy::MechanismParams m = p.mechanism;
            m.axis = privacy::BudgetAxis::Epsilon;
            m.epsilon = p.epsilons[e];
            m.degreeBound = std::max(pair.g0.maxDegree(), pair.g1.maxDegree());
            const privacy::NoiseModel model(dm, set.patterns, privacy::GraphFacts::of(both), m, "pair");
            double z2 = 0;
            for (int j = 0; j < dm.cols(); ++j)
                if (model.noiseScale(0, j) > 0) z2 += std::pow((dm.t(1, j) - dm.t(0, j)) / model.noiseScale(0, j), 2);
            const double delta = std::sqrt(z2), h = 1e-4;
            double overlap = 0;
            for (double x = -12; x < delta + 12; x += h) {
                const double mid = x + h / 2;
                overlap += h * std::min(std::exp(-mid * mid / 2), std::exp(-(mid - delta) * (mid - delta) / 2)) / std::sqrt(2 * M_PI);
            }
            QVERIFY2(std::abs(r.classes[0].overlap[e] - overlap) < 1e-6,
                     qPrintable(QString("ε = %1: overlap %2, integral %3").arg(p.epsilons[e]).arg(r.classes[0].overlap[e]).arg(overlap)));
        }
        QVERIFY(r.classes[0].overlap.front() > r.classes[0].overlap.back());  // more budget, less overlap
    }
    void specErrorsNameTheField() {
        auto fails = [](const char* text, const char* words) {
            try {
                SweepSpec::fromJson(text, "s.json");
                return false;
            } catch (const InputError& e) {
                return QString(e.what()).contains(words) && QString(e.what()).startsWith("s.json");
            }
        };
        QVERIFY(fails("{\"budjet\": 1}", "unknown field \"/budjet\""));
        QVERIFY(fails("{\"learner\": {\"k\": \"ten\"}}", "/learner/k"));
        QVERIFY(fails("{\"budget\": {\"axis\": \"delta\"}}", "/budget/axis"));
        QVERIFY(fails("{\"budget\": {\"values\": [-1]}}", "positive"));
        QVERIFY(fails("{\"classes\": [\"cliques\"]}", "classes"));
        QVERIFY(fails("{\n\"name\": \n}", "not valid JSON"));
        // the JSON library's own words never reach the user
        QVERIFY(fails("{\"dataset\": 5}", "field \"/dataset\": expected a string, found a number"));
        try {
            SweepSpec::fromJson("{\"name\": [1]}", "s.json");
            QFAIL("a list accepted as a name");
        } catch (const InputError& e) {
            QVERIFY2(!QString(e.what()).contains("json.exception"), e.what());
        }
        // an error found when the spec runs names its file too (not "<spec>")
        try {
            runSweep(SweepSpec::fromJson(R"({"task": "99", "budget": {"values": ["inf"]}})", "/tmp/s.json"), gen::builtin("sbm-cycles"));
            QFAIL("task 99 accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).startsWith("/tmp/s.json: field \"/task\""), e.what());
        }
        SweepSpec s = SweepSpec::fromJson(R"({"budget": {"axis": "rho", "log_grid": [0.001, 0.1, 3], "include_inf": true}})");
        QCOMPARE(int(s.budgets.size()), 4);
        QVERIFY(std::abs(s.budgets[1] - 0.01) < 1e-15);
        QVERIFY(std::isinf(s.budgets[3]));
        SweepSpec again = SweepSpec::fromJson(s.toJson().dump());
        QCOMPARE(again.toJson().dump(), s.toJson().dump());
    }
    void shardsPartitionTheRuns() {
        for (int runs : {1, 7, 100})
            for (int shards : {1, 3, 8}) {
                int covered = 0, prevEnd = 0;
                for (int i = 0; i < shards; ++i) {
                    auto [b, e] = shardRange(runs, i, shards);
                    QCOMPARE(b, prevEnd);
                    covered += e - b;
                    prevEnd = e;
                }
                QCOMPARE(covered, runs);
            }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, shardRange(10, 3, 3));
    }
    void sweepShardsMergeToTheFullRun() {
        SweepSpec spec = SweepSpec::fromJson(R"({
            "dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 6, "size_max": 6},
            "classes": ["trees", "treewidth:2"], "pattern_seeds": [1, 2],
            "mechanism": {"mechanism": "gaussian", "degree_bound": 20},
            "budget": {"axis": "epsilon", "values": [1, 10, "inf"]}, "noise_seeds": [1, 2],
            "learner": {"k": 9}})");
        Dataset ds = gen::sbmCycleTask(120, 4);
        SweepResult full = runSweep(spec, ds);
        QCOMPARE(full.runs.rows(), 2 * 2 * 3 * 2);
        std::vector<ResultTable> parts;
        for (int i = 0; i < 3; ++i) {
            SweepOptions shard;
            shard.shard = i;
            shard.shards = 3;
            parts.push_back(runSweep(spec, ds, shard).runs);
        }
        ResultTable merged = ResultTable::merge(parts);
        QCOMPARE(merged.rows(), full.runs.rows());
        // progressive results: growing prefixes of the final table, never the final one itself
        SweepOptions progressive;
        progressive.partialInterval = 0;
        std::vector<int> seen;
        progressive.onPartial = [&](const SweepResult& p) {
            seen.push_back(p.runs.rows());
            QCOMPARE(p.runs.at(p.runs.rows() - 1, "value").dump(), full.runs.at(p.runs.rows() - 1, "value").dump());
        };
        runSweep(spec, ds, progressive);
        QCOMPARE(int(seen.size()), full.runs.rows() - 1);
        for (std::size_t i = 0; i < seen.size(); ++i) QCOMPARE(seen[i], int(i) + 1);
        for (int r = 0; r < merged.rows(); ++r)
            for (const char* c : {"value", "top1", "epsilon", "pattern_class", "budget"})
                QCOMPARE(merged.at(r, c).dump(), full.runs.at(r, c).dump());
        // CSV round trip keeps the numbers.
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/runs.csv";
        full.runs.saveCsv(path);
        ResultTable back = ResultTable::loadCsv(path);
        QCOMPARE(back.rows(), full.runs.rows());
        for (int r = 0; r < back.rows(); ++r) {
            const double a = back.at(r, "value").get<double>(), b = full.runs.at(r, "value").get<double>();
            QVERIFY(std::abs(a - b) <= 1e-9 * std::abs(b));
        }
        // Aggregation: mean and std of the 4 runs (2 pattern seeds × 2 noise seeds) per grid point.
        const ResultTable& agg = full.aggregated;
        QCOMPARE(agg.rows(), 2 * 3);
        std::vector<double> v;
        for (int r = 0; r < full.runs.rows(); ++r)
            if (full.runs.at(r, "pattern_class") == "treewidth:2" && full.runs.at(r, "budget").get<double>() == 10)
                v.push_back(full.runs.at(r, "value").get<double>());
        QCOMPARE(int(v.size()), 4);
        const double mean = (v[0] + v[1] + v[2] + v[3]) / 4;
        double var = 0;
        for (double x : v) var += (x - mean) * (x - mean) / 3;
        bool found = false;
        for (int r = 0; r < agg.rows(); ++r)
            if (agg.at(r, "pattern_class") == "treewidth:2" && agg.at(r, "budget").get<double>() == 10) {
                QVERIFY(std::abs(agg.at(r, "value_mean").get<double>() - mean) < 1e-12);
                QVERIFY(std::abs(agg.at(r, "value_std").get<double>() - std::sqrt(var)) < 1e-12);
                QCOMPARE(agg.at(r, "value_count").get<int>(), 4);
                found = true;
            }
        QVERIFY(found);
        // Expressivity shows: treewidth-2 patterns separate the classes at ε = ∞, trees do not.
        double aucTrees = 0, aucTw2 = 0;
        for (int r = 0; r < agg.rows(); ++r)
            if (std::isinf(agg.at(r, "budget").get<double>()))
                (agg.at(r, "pattern_class") == "trees" ? aucTrees : aucTw2) = agg.at(r, "value_mean").get<double>();
        QVERIFY2(aucTw2 > aucTrees + 0.2, qPrintable(QString("%1 vs %2").arg(aucTw2).arg(aucTrees)));
        // Attack at ε = ∞ reaches the ceiling; the json sidecar names the data hash.
        QCOMPARE(full.metadata["dataset"]["content_hash"].get<std::string>(), ds.contentHash());
    }
    // Trees cannot tell 1-WL-equivalent pairs apart (clean distance exactly 0, overlap 1 at any ε);
    // treewidth-2 patterns can, and their overlap falls as ε grows; neighbours blur at small ε.
    void distinguishabilityDemo() {
        DistinguishabilityParams p;
        p.classes = {"trees", "treewidth:2"};
        p.d = 20;
        const auto pairs = demoPairs();
        QCOMPARE(int(pairs.size()), 5);
        const auto r = distinguishability(pairs[0].g0, pairs[0].g1, p);  // C6 vs 2·C3
        QCOMPARE(r.classes[0].cleanDistance, 0.0);
        QCOMPARE(r.classes[0].separatingPatterns, 0);
        for (double o : r.classes[0].overlap) QCOMPARE(o, 1.0);
        QVERIFY(r.classes[1].cleanDistance > 0);
        for (std::size_t i = 1; i < r.epsilons.size(); ++i) QVERIFY(r.classes[1].overlap[i] <= r.classes[1].overlap[i - 1]);
        QVERIFY(r.classes[1].overlap.front() > 0.9);
        QVERIFY(r.classes[1].overlap.back() < r.classes[1].overlap.front());
        // Exact TV for one point, recomputed by hand: equal σ, so TV = 2Φ(‖Δ/σ‖/2) − 1 ≥ 0.
        for (double o : r.classes[1].overlap) QVERIFY(o >= 0 && o <= 1);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, distinguishability(pairs[0].g0, gen::cycle(7), p));
    }
    void runFoldsIsCheckedAgainstTheProtocol() {
        QCOMPARE(SweepSpec::fromJson(R"({"protocol": "10-fold", "run_folds": 3})").runFolds, 3);
        QCOMPARE(SweepSpec::fromJson(R"({"protocol": "10-fold", "run_folds": 3})").toJson().at("run_folds").get<int>(), 3);
        const auto refused = [](const char* json, const char* says) {
            try {
                SweepSpec::fromJson(json);
            } catch (const InputError& e) {
                return std::string(e.what()).find(says) != std::string::npos;
            }
            return false;
        };
        QVERIFY(refused(R"({"protocol": "3-fold", "run_folds": 4})", "asks for 4 folds, the protocol \"3-fold\" has 3"));
        QVERIFY(refused(R"({"run_folds": 2})", "\"split\" has no folds"));
        QVERIFY(refused(R"({"protocol": "3-fold", "run_folds": -1})", "run_folds"));
    }
    // A sweep records its feature map, and the spec refuses an unknown one naming the field.
    // Every sweep spec shipped in resources/specs (not the depth lab's) parses and round-trips: the README's
    // commands name them. The all-trees table's nine specs are there, each with all-trees:6 and a feature map.
    void bundledSweepSpecsAreValid() {
        int sweeps = 0, allTrees = 0;
        for (const auto& entry : std::filesystem::directory_iterator(std::string(PX_SOURCE_DIR) + "/resources/specs")) {
            const std::string name = entry.path().filename().string();
            if (name.rfind("depth-", 0) == 0 || entry.path().extension() != ".json") continue;
            ++sweeps;
            const SweepSpec spec = SweepSpec::load(entry.path().string());
            QVERIFY2(SweepSpec::fromJson(spec.toJson().dump()).toJson() == spec.toJson(), name.c_str());
            if (name.find("-all-trees.json") != std::string::npos) {
                ++allTrees;
                QVERIFY2(spec.classes == std::vector<std::string>{"all-trees:6"}, name.c_str());
                QVERIFY2(spec.featureMap != FeatureMap::Density, name.c_str());
            }
        }
        QVERIFY(sweeps >= 30);
        QCOMPARE(allTrees, 9);
    }
    void sweepSpecFeatureMap() {
        const SweepSpec spec = SweepSpec::fromJson(R"({"dataset": "builtin:sbm-cycles", "patterns": {"class": "all-trees:5"},
            "feature_map": "log-count", "append_log_n": true, "budget": {"axis": "epsilon", "values": [1]},
            "mechanisms": [{"mechanism": "gaussian", "sensitivity": "counting-lemma"}], "learner": {"kind": "linear"}, "attack": false})");
        QCOMPARE(SweepSpec::fromJson(spec.toJson().dump()).toJson(), spec.toJson());
        const SweepResult r = runSweep(spec, gen::sbmCycleTask(100, 2));
        QCOMPARE(r.runs.at(0, "feature_map").get<std::string>(), std::string("log-count"));
        QCOMPARE(r.runs.at(0, "append_log_n").get<bool>(), true);
        QCOMPARE(r.runs.at(0, "d").get<int>(), 1 + 1 + 2 + 3);  // all-trees:5: the trees on 2..5 vertices
        QCOMPARE(r.metadata["features"]["map"].get<std::string>(), std::string("log-count"));
        try {
            SweepSpec::fromJson(R"({"feature_map": "logs"})", "s.json");
            QFAIL("an unknown feature map was accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("feature_map") != std::string::npos, e.what());
        }
    }
    // In a sweep: the tuning and each fold's choice are in the run table; the spec refuses tuning a GIN.
    void nestedTuningInASweep() {
        const SweepSpec spec = SweepSpec::fromJson(R"({"patterns": {"class": "treewidth:2", "d": 5, "size_max": 5},
            "protocol": "3-fold", "tuning": {"mode": "nested", "folds": 3, "grid": {"k": [1, 5, 15]}},
            "budget": {"axis": "epsilon", "values": ["inf"]}, "learner": {"kind": "knn"}, "attack": false})");
        QCOMPARE(SweepSpec::fromJson(spec.toJson().dump()).toJson(), spec.toJson());
        const SweepResult r = runSweep(spec, gen::sbmCycleTask(90, 3));
        QCOMPARE(r.runs.at(0, "tuning").get<std::string>(), std::string("nested(3-fold)"));
        const std::string tuned = r.runs.at(0, "tuned").get<std::string>();
        QCOMPARE(std::count(tuned.begin(), tuned.end(), ';'), 2L);  // three outer folds, three choices
        QVERIFY2(tuned.find("k=") == 0, tuned.c_str());
        for (const char* bad : {R"({"tuning": {"mode": "nested", "grid": {"hidden": [0]}}, "learner": {"kind": "gin"}})", R"({"tuning": "inner"})",
                                R"({"tuning": {"mode": "nested", "grid": {"depth": [3]}}})"}) {
            try {
                SweepSpec::fromJson(bad, "s.json");
                QFAIL(bad);
            } catch (const InputError& e) {
                QVERIFY2(std::string(e.what()).find("tuning") != std::string::npos, e.what());
            }
        }
    }
    void comparisonWithTheControlsAtTheNearestBudget() {
        // A hand-built aggregate: one series at ε = 0.1, 1, 10, ∞ (the series label needs its key columns).
        ResultTable a;
        const double budgets[] = {0.1, 1.0, 10.0, INFINITY};
        const double values[] = {0.80, 0.86, 0.91, 0.92};
        for (int i = 0; i < 4; ++i)
            a.add({{"pattern_class", "trees"}, {"d", 10}, {"mechanism", "gaussian"}, {"allocation", "equal-snr"},
                   {"reference_mode", false}, {"noisy_test", true}, {"budget", budgets[i]}, {"metric", "auc"},
                   {"value_mean", values[i]}, {"public_value_mean", 0.813}, {"shuffled_value_mean", 0.79 + 0.01 * i},
                   {"top1_mean", 0.1 * (i + 1)}, {"chance_same_n_top1_mean", 0.01}});
        ControlComparison c = compareWithControls(a, 1.5);  // nearest on a log scale: ε = 1
        QVERIFY(c.found);
        QCOMPARE(c.budget, 1.0);
        QCOMPARE(c.value, 0.86);
        QVERIFY(std::abs(c.gain - (0.86 - 0.813)) < 1e-12);  // over the better control, here the public one
        QVERIFY(!c.noSignal);
        QCOMPARE(c.top1, 0.2);
        c = compareWithControls(a, 0.2);  // ε = 0.1: within 0.02 of the public information
        QCOMPARE(c.budget, 0.1);
        QVERIFY(c.noSignal);
        QVERIFY(c.gain < 0);
        c = compareWithControls(a, INFINITY);
        QVERIFY(std::isinf(c.budget));
        QCOMPARE(c.value, 0.92);
        QVERIFY(!compareWithControls(ResultTable{}, 1.0).found);
        // ε = 1 again, now with a wide error bar over 5 runs: the +0.047 is inside it
        a.set(1, "value_std", 0.05);
        a.set(1, "value_count", 5);
        c = compareWithControls(a, 1.0);
        QCOMPARE(c.errorBar, 0.1);
        QVERIFY(c.noSignal);
    }
    // A sweep with a density cache gives the same tables as one without; a second sweep that changes only
    // what does not touch the patterns (budgets, learner) reads every density matrix from the cache.
    void aDensityCacheChangesNothingButTheWork() {
        SweepSpec spec;
        spec.budgets = {0.5, 2, INFINITY};
        spec.patternSeeds = {1, 2};
        spec.noiseSeeds = {1, 2};
        spec.patterns.count = 6;
        const Dataset ds = gen::sbmCycleTask(80, 3);
        spec.mechanisms[0].degreeBound = ds.maxDegree();
        const auto plain = runSweep(spec, ds, {}, noProgress());
        experiment::DensityCache cache;
        SweepOptions cached;
        cached.densities = &cache;
        const auto first = runSweep(spec, ds, cached, noProgress());
        QCOMPARE(cache.misses(), 2L);  // one per pattern seed
        auto values = [](const experiment::SweepResult& r) {
            std::vector<double> v;
            for (int i = 0; i < r.runs.rows(); ++i) v.push_back(r.runs.at(i, "value").get<double>());
            return v;
        };
        QCOMPARE(values(first), values(plain));
        SweepOptions oneAtATime;  // the app's order: each pattern set when its first run comes, the same table
        experiment::DensityCache own;
        oneAtATime.densities = &own;
        oneAtATime.densitiesTogether = false;
        QCOMPARE(values(runSweep(spec, ds, oneAtATime, noProgress())), values(plain));
        QCOMPARE(own.misses(), 2L);
        spec.budgets = {1, 4, INFINITY};
        spec.learner.k = 7;
        const auto second = runSweep(spec, ds, cached, noProgress());
        QCOMPARE(cache.misses(), 2L);
        QCOMPARE(cache.hits(), 2L);
        QCOMPARE(values(second), values(runSweep(spec, ds, {}, noProgress())));
        spec.patternSeeds = {3};  // other patterns: computed
        runSweep(spec, ds, cached, noProgress());
        QCOMPARE(cache.misses(), 3L);
        // least recently used out first beyond the capacity (here room for about one matrix)
        experiment::DensityCache small(100 * 7 * sizeof(double));
        PatternSamplerParams pp = spec.patterns;
        pp.seed = 1;
        const PatternSet a = PatternSet::sample(pp);
        pp.seed = 2;
        const PatternSet b = PatternSet::sample(pp);
        const auto da = small.get(ds, a);
        small.get(ds, b);
        small.get(ds, a);
        QCOMPARE(small.misses(), 3L);  // a was pushed out by b
        QVERIFY(small.get(ds, a) != nullptr);
        QCOMPARE(small.hits(), 1L);
        QVERIFY(da->t == small.get(ds, a)->t);
    }
    // The progress bar of a sweep that computes its pattern sets one at a time: each set's densities take as much of
    // it as the set's runs (not a run's share, which left the bar standing while a social set's densities ran), the
    // bar never goes back and ends full; with the densities computed together first, or cached, only the runs.
    void theBarGivesEachSetsDensitiesTheirShare() {
        SweepSpec spec;
        spec.budgets = {0.5, 2, INFINITY};
        spec.patternSeeds = {1, 2};
        spec.patterns.count = 4;
        const Dataset ds = gen::sbmCycleTask(40, 3);
        spec.mechanisms[0].degreeBound = ds.maxDegree();
        SweepOptions one;
        experiment::DensityCache cache;
        one.densities = &cache;
        one.densitiesTogether = false;
        const auto bar = sweepBarLayout(spec, ds, one, 0, 6, ds.contentHash(), nullptr, false);
        QCOMPARE(int(bar.size()), 6);  // 2 pattern sets × 3 budgets: 3 runs and 3 runs' worth of densities per set
        QCOMPARE(bar[0].densitiesFrom, 0.0);
        QVERIFY(std::abs(bar[0].runFrom - 0.25) < 1e-12 && std::abs(bar[3].densitiesFrom - 0.5) < 1e-12 && std::abs(bar[3].runFrom - 0.75) < 1e-12);
        QVERIFY(bar[1].densitiesFrom == bar[1].runFrom && std::abs(bar[5].runTo - 1) < 1e-12);
        const auto together = sweepBarLayout(spec, ds, one, 0, 6, ds.contentHash(), nullptr, true);
        for (int r = 0; r < 6; ++r) QVERIFY(std::abs(together[r].runFrom - r / 6.0) < 1e-12 && together[r].densitiesFrom == together[r].runFrom);
        struct Reports : Progress {
            std::vector<double> seen;
            void report(double f) override { seen.push_back(f); }
        } reports;
        runSweep(spec, ds, one, reports);
        QVERIFY(std::is_sorted(reports.seen.begin(), reports.seen.end()) && std::abs(reports.seen.back() - 1) < 1e-12);
        const auto cached = sweepBarLayout(spec, ds, one, 0, 6, ds.contentHash(), nullptr, false);  // now in the cache
        QVERIFY(std::abs(cached[0].runFrom) < 1e-12 && std::abs(cached[3].runFrom - 0.5) < 1e-12);
    }
    void cancelStopsASweep() {
        SweepSpec spec;
        spec.budgets = {1, 2, 3, 4, 5, 6, 7, 8};
        Dataset ds = gen::sbmCycleTask(100, 1);
        spec.mechanisms[0].degreeBound = ds.maxDegree();  // a spec the data set allows (else refused before any run)
        CancelFlag flag;
        flag.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled, runSweep(spec, ds, {}, flag));
    }

    void aggregateKeepsInfinitiesAndSkipsNaN() {
        experiment::ResultTable t;
        const double nan = std::nan("");
        // group a: a non-private run's ε = ∞ twice; b: finite values and a NaN; c: a finite value beside ∞; d: only NaN
        for (auto [g, v] : std::vector<std::pair<const char*, double>>{
                 {"a", INFINITY}, {"a", INFINITY}, {"b", 1.0}, {"b", nan}, {"b", 3.0}, {"c", 2.0}, {"c", INFINITY}, {"d", nan}})
            t.add({{"g", g}, {"epsilon", v}});
        const experiment::ResultTable a = t.aggregate({"g"}, {"epsilon"});
        QCOMPARE(a.rows(), 4);
        auto cell = [&](int r, const char* c) { return a.at(r, c).get<double>(); };
        QVERIFY(std::isinf(cell(0, "epsilon_mean")) && cell(0, "epsilon_mean") > 0);
        QCOMPARE(cell(0, "epsilon_std"), 0.0);
        QCOMPARE(a.at(0, "epsilon_count").get<long>(), 2L);
        QCOMPARE(cell(1, "epsilon_mean"), 2.0);
        QCOMPARE(cell(1, "epsilon_std"), std::sqrt(2.0));
        QCOMPARE(a.at(1, "epsilon_count").get<long>(), 2L);
        QVERIFY(std::isinf(cell(2, "epsilon_mean")));
        QVERIFY(std::isnan(cell(2, "epsilon_std")));
        QVERIFY(std::isnan(cell(3, "epsilon_mean")));
        QCOMPARE(a.at(3, "epsilon_count").get<long>(), 0L);
    }

    void noFitIsReadFromAFitWorseThanTheControls() {
        // Aggregated rows along ρ for one series, summarised as a sweep would be. An erf-shaped curve rising from
        // ½ to 0.9 over n alone at 0.6 is usable (thresholds read from it); points scattered below n alone with
        // their ε = ∞ value under it give "no fit" and no threshold, as do points the law explains worse than
        // their mean (R² ≤ 0).
        auto sweepOf = [](const std::vector<double>& values, double atInf, double publicValue) {
            experiment::SweepResult r;
            const std::vector<double> rho = {0.01, 0.04, 0.16, 0.64, 2.56};
            for (std::size_t i = 0; i <= rho.size(); ++i) {
                const bool inf = i == rho.size();
                r.runs.add({{"dataset", "d"}, {"task", "t"}, {"split", "s"}, {"protocol", "split"}, {"pattern_class", "trees"}, {"d", 10},
                            {"mechanism", "gaussian"}, {"allocation", "isotropic"}, {"sensitivity", "degree-bound"}, {"degree_bound", 4},
                            {"beta", 0.0}, {"reference_mode", false}, {"valid_guarantee", true}, {"secure", false},
                            {"budget_axis", "rho"}, {"budget", inf ? INFINITY : rho[i]}, {"delta", 1e-6}, {"learner", "knn"}, {"k", 5},
                            {"dprr_split", ""}, {"noisy_test", true}, {"append_n", false}, {"standardize", true}, {"metric", "auc"},
                            {"value", inf ? atInf : values[i]}, {"noise_param_rho", inf ? INFINITY : rho[i]}, {"epsilon", 1.0},
                            {"public_value", publicValue}, {"shuffled_value", 0.5}});
            }
            experiment::summarise(r);
            return r;
        };
        std::vector<double> good;
        for (double rho : {0.01, 0.04, 0.16, 0.64, 2.56}) good.push_back(0.5 + 0.4 * std::erf(2.0 * std::sqrt(rho)));
        const auto usable = sweepOf(good, 0.9, 0.6);
        QCOMPARE(int(usable.fits.size()), 1);
        QVERIFY2(usable.fits[0].noFit.empty(), usable.fits[0].noFit.c_str());
        QVERIFY(!usable.fits[0].targetAuc.empty());
        const auto below = sweepOf({0.55, 0.52, 0.56, 0.53, 0.55}, 0.55, 0.6);
        QCOMPARE(int(below.fits.size()), 1);
        QVERIFY2(below.fits[0].noFit.find("n alone") != std::string::npos, below.fits[0].noFit.c_str());
        QVERIFY(below.fits[0].targetAuc.empty());
        QVERIFY(below.metadata["erf_fits"][0].contains("no_fit"));
        // an asymptote above n alone by less than the 0.02 margin gives nothing to read either (MUTAG's case)
        const auto marginal = sweepOf(good, 0.9, 0.89);
        QVERIFY2(marginal.fits[0].noFit.find("by more than 0.02") != std::string::npos, marginal.fits[0].noFit.c_str());
        QVERIFY(marginal.fits[0].targetAuc.empty());
        // targets at or below the fitted floor are reached by the public information, not by the densities: none
        std::vector<double> floored;
        for (double rho : {0.01, 0.04, 0.16, 0.64, 2.56}) floored.push_back(0.68 + 0.22 * std::erf(2.0 * std::sqrt(rho)));
        const auto high = sweepOf(floored, 0.9, 0.6);
        QVERIFY2(high.fits[0].noFit.empty(), high.fits[0].noFit.c_str());
        QVERIFY(!high.fits[0].targetAuc.empty());
        for (double t : high.fits[0].targetAuc) QVERIFY2(t > 0.68, qPrintable(QString::number(t)));
        const auto noise = sweepOf({0.85, 0.80, 0.70, 0.62, 0.55}, 0.9, 0.6);  // falling: the law only rises
        QVERIFY2(noise.fits[0].noFit.find("R²") != std::string::npos, noise.fits[0].noFit.c_str());
    }


    // Every numeric field of a sweep spec has a range: the walk sets each number of a complete spec (as toJson
    // writes it) to -1, 10^300, a string and null in turn, and each must be refused with a message naming the
    // field; 0 must be refused the same way or accepted.
    void everyNumericSpecFieldIsCheckedAndNamed() {
        const nlohmann::json full = SweepSpec().toJson();
        int walked = 0;
        std::function<void(const nlohmann::json&, const nlohmann::json::json_pointer&)> walk =
            [&](const nlohmann::json& node, const nlohmann::json::json_pointer& at) {
                if (node.is_object() || node.is_array()) {
                    for (auto it = node.begin(); it != node.end(); ++it)
                        walk(*it, at / (node.is_object() ? it.key() : std::to_string(std::distance(node.begin(), it))));
                    return;
                }
                if (!node.is_number()) return;
                ++walked;
                const std::string key = node.is_number() && !at.empty() ? at.back() : std::string();
                const std::string name = std::isdigit(static_cast<unsigned char>(key[0])) ? at.parent_pointer().back() : key;
                for (const nlohmann::json& bad : {nlohmann::json(-1), nlohmann::json(1e300), nlohmann::json("x"), nlohmann::json(nullptr),
                                                  nlohmann::json(0)}) {
                    nlohmann::json spec = full;
                    spec[at] = bad;
                    try {
                        SweepSpec::fromJson(spec.dump(), "walk.json");
                        QVERIFY2(bad == nlohmann::json(0), qPrintable(QString::fromStdString(at.to_string() + " accepted " + bad.dump())));
                    } catch (const InputError& e) {
                        QVERIFY2(QString(e.what()).contains(QString::fromStdString(name)),
                                 qPrintable(QString::fromStdString(at.to_string() + " = " + bad.dump() + ": ") + e.what()));
                    }
                }
            };
        walk(full, nlohmann::json::json_pointer());
        QVERIFY(walked > 40);
    }
};

QTEST_APPLESS_MAIN(TestExperiment)
#include "tst_experiment.moc"
