#include "experiment/GraphSweep.h"
#include "experiment/GraphSweepProgress.h"
#include "experiment/ParallelTrainings.h"

#include "common/Error.h"
#include "common/Rng.h"
#include "privacy/RandomizedResponse.h"
#include "experiment/GinTuning.h"
#ifdef PX_HAVE_NEURAL
#include "neural/KernelPath.h"
#endif

#include <tbb/parallel_for.h>

#include <chrono>
#include <cstdio>
#include <cmath>
#include <map>

namespace px::experiment {

namespace {

// Graphs with their node-label rows (empty when the data set has none), in one order.
struct GraphView {
    std::vector<const Graph*> graphs;
    std::vector<const std::vector<int>*> nodeLabels;
};

GraphView viewOf(const Dataset& ds, const std::vector<Graph>* replaced = nullptr) {
    GraphView v;
    for (int i = 0; i < ds.size(); ++i) {
        v.graphs.push_back(replaced ? &(*replaced)[std::size_t(i)] : &ds.graphs[std::size_t(i)]);
        if (!ds.nodeLabels.empty()) v.nodeLabels.push_back(&ds.nodeLabels[std::size_t(i)]);  // RR keeps the vertices
    }
    return v;
}

// The graphs a run learns from: the data set's own (ε = ∞) or one perturbed copy of each.
struct Released {
    std::vector<Graph> storage;
    GraphView view;
    privacy::PrivacyReport report;
};

Released release(const Dataset& ds, const privacy::MechanismParams& mp, double budget) {
    Released r;
    if (std::isinf(budget)) {
        r.view = viewOf(ds);
        r.report.conversions = {{"none (no noise)", privacy::kInf}};
        r.report.validGuarantee = true;
        r.report.delta = mp.delta;
        return r;
    }
    if (!privacy::perturbsGraph(mp.mechanism))
        throw InputError("<spec>", 0, std::string("field \"mechanisms\": the learner \"gin\" trains on graphs, so its mechanism must perturb the "
                                                  "graph (rr or dprr) or the budget be \"inf\"; found ") + privacy::key(mp.mechanism));
    privacy::RandomizedResponseModel model(ds, {}, mp.epsilon, mp.seed, mp.delta, mp.secure, mp.mechanism, mp.dprrSplit);
    r.storage.resize(ds.graphs.size());
    tbb::parallel_for(0, ds.size(), [&](int i) { r.storage[i] = model.perturbedGraph(i, 0); });
    r.view = viewOf(ds, &r.storage);
    r.report = model.report();
    return r;
}

// The released graphs (with their node labels) permuted among graphs of the same vertex count (seeded):
// the shuffled control.
GraphView shuffledWithinSameN(const GraphView& released, std::uint64_t seed) {
    std::vector<long> n;
    for (const Graph* g : released.graphs) n.push_back(g->numVertices());
    GraphView out;
    for (int from : sameNPermutation(n, seed)) {
        out.graphs.push_back(released.graphs[std::size_t(from)]);
        if (!released.nodeLabels.empty()) out.nodeLabels.push_back(released.nodeLabels[std::size_t(from)]);
    }
    return out;
}

// Training, validation and test graphs of one split. Graphs without a label are left out of training.
struct Parts {
    std::vector<int> train, valid, test;
};

Parts partsOf(const Dataset& ds, const TrainTest& t, int task, bool dataValid, bool noValidation, std::uint64_t seed, int fold) {
    Parts p;
    p.test = t.test;
    auto labelled = [&](int i) { return !std::isnan(ds.labels(i, task)); };
    if (noValidation) {  // epoch_selection test_curve: Xu et al. train on the whole training part
        for (int i : t.train) if (labelled(i)) p.train.push_back(i);
        return p;
    }
    if (dataValid) {
        for (int i : t.train) if (labelled(i)) p.train.push_back(i);
        for (int i : ds.split->valid) if (labelled(i)) p.valid.push_back(i);
        return p;
    }
    // 10 % of the training part of every class (one group for regression) for validation.
    std::map<long, std::vector<int>> strata;
    const bool classes = ds.tasks[task].type != TaskType::Regression;
    for (int i : t.train)
        if (labelled(i)) strata[classes ? std::lround(ds.labels(i, task)) : 0].push_back(i);
    Rng rng(seed, "gin-validation", std::uint64_t(fold));
    for (auto& [label, ids] : strata) {
        rng.shuffle(ids);
        const std::size_t nValid = std::size_t(std::lround(0.1 * double(ids.size())));
        p.valid.insert(p.valid.end(), ids.begin(), ids.begin() + long(nValid));
        p.train.insert(p.train.end(), ids.begin() + long(nValid), ids.end());
    }
    std::sort(p.train.begin(), p.train.end());
    std::sort(p.valid.begin(), p.valid.end());
    return p;
}

Trained trainAndScore(const SweepSpec& spec, const Dataset& ds, int task, const Parts& parts, const GraphView& learnFrom,
                      const GraphView& releasedTest, std::uint64_t seed, Progress& progress,
                      const neural::TrainingCheckpoint& checkpoint) {
#ifndef PX_HAVE_NEURAL
    (void)spec; (void)ds; (void)task; (void)parts; (void)learnFrom; (void)releasedTest; (void)seed; (void)progress; (void)checkpoint;
    throw std::invalid_argument("the learner \"gin\" needs the neural layer, and this build has none (configured with -DPX_NEURAL=OFF)");
#else
    const TaskType type = ds.tasks[task].type;
    neural::GinProblem problem;
    problem.type = type;
    for (int i = 0; i < ds.size(); ++i)
        if (!std::isnan(ds.labels(i, task))) problem.classes = std::max(problem.classes, int(std::lround(ds.labels(i, task))) + 1);
    const bool labels = !ds.nodeLabels.empty();
    problem.nodeLabelValues = ds.nodeLabelValues;
    auto add = [&](neural::GraphSet& set, const GraphView& from, int i) {
        set.graphs.push_back(from.graphs[std::size_t(i)]);
        if (labels) set.nodeLabels.push_back(from.nodeLabels[std::size_t(i)]);
    };
    for (int i : parts.train) { add(problem.train, learnFrom, i); problem.train.labels.push_back(ds.labels(i, task)); }
    for (int i : parts.valid) { add(problem.valid, learnFrom, i); problem.valid.labels.push_back(ds.labels(i, task)); }
    std::vector<double> yTest;
    neural::GraphSet released, clean;
    const GraphView cleanView = viewOf(ds);
    for (int i : parts.test) {
        yTest.push_back(ds.labels(i, task));
        add(released, releasedTest, i);
        add(clean, cleanView, i);
    }
    problem.tests = {released, clean};
    const std::vector<double> yValid = problem.valid.labels;
    problem.validMetric = [type, yValid](const std::vector<double>& s) { return scoreTask(type, s, yValid, 0.5).value; };
    problem.lowerIsBetter = type == TaskType::Regression;
    learn::LearnerConfig learner = spec.learner;
    learner.gin.seed = seed;
    Trained t;
    neural::GinOutcome out;
    if (spec.tuning.nested) {  // the grid point with the best validation metric (GinTuning.h)
        GinTuning tuning = tuneGinOnValidation(learner, spec.tuning.grid, problem, progress);
        out = std::move(tuning.outcome);
        t.tuned = learn::describeHyperParameters(tuning.chosen);
        t.seconds = tuning.seconds;  // every grid point's training, not only the winner's
    } else {
        out = neural::trainGin(learner.gin, problem, progress, checkpoint);
        t.seconds = out.seconds;
    }
    for (const auto& scores : out.testScores) t.tests.push_back(scoreTask(type, scores, yTest, 0.5));
    for (const auto& epoch : out.testCurve) {
        t.curve.emplace_back();
        for (const auto& scores : epoch) t.curve.back().push_back(scoreTask(type, scores, yTest, 0.5));
    }
    for (const auto& e : out.epochs) t.validCurve.push_back(e.validMetric);
    t.epoch = out.selectedEpoch;
    t.epochsRun = int(out.epochs.size());
    t.gflopPerSecond = out.trainFlopsPerEpoch * t.epochsRun / std::max(1e-9, out.seconds) / 1e9;
    return t;
#endif
}

void checkGraphSpec(const SweepSpec& spec, const std::vector<int>& tasks) {
    if (spec.classKeys().size() > 1 || spec.dimValues().size() > 1 || spec.patternSeeds.size() > 1)
        throw InputError("<spec>", 0, "the learner \"gin\" uses no patterns: give one pattern class, one d and one pattern seed "
                                      "(the noise seeds repeat the runs)");
    if (tasks.size() != 1) throw InputError("<spec>", 0, "field \"task\": the learner \"gin\" trains on one task at a time, not \"all\"");
}

}  // namespace

SweepResult runGraphSweep(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, Progress& progress) {
    const auto runs = spec.runs();
    const auto [begin, end] = shardRange(int(runs.size()), options.shard, options.shards);
    const std::vector<int> tasks = sweepTasks(spec, data);
    checkGraphSpec(spec, tasks);
    const int task = tasks[0];
    const SweepSplits chosen = sweepSplits(spec, data, task);
    const bool dataValid = spec.folds() == 0 && data.split && !data.split->valid.empty() && !data.split->train.empty();
    const std::string hash = data.contentHash();
    std::vector<Parts> parts;
    const bool testCurve = spec.learner.gin.selection == neural::EpochSelection::TestCurve;
    for (std::size_t f = 0; f < chosen.splits.size(); ++f)
        parts.push_back(partsOf(data, chosen.splits[f], task, dataValid, testCurve, spec.splitSeed, int(f)));

    // The public information alone, once for the sweep: a random forest on n.
    double publicValue = std::nan(""), publicAccuracy = std::nan("");
    if (spec.controls) {
        EvaluationParams ep;
        ep.tasks = tasks;
        ep.learner.kind = "rf";
        ep.learner.trees = 100;
        ep.learner.maxDepth = 0;
        ep.learner.minSamplesSplit = 10;
        Eigen::VectorXd n(data.size());
        for (int i = 0; i < data.size(); ++i) n(i) = data.graphs[i].numVertices();
        publicValue = publicAccuracy = 0;
        for (const TrainTest& t : chosen.splits) {
            const EvaluationResult r = evaluatePublicOnly(data, t, n, ep);
            publicValue += r.value / double(chosen.splits.size());
            publicAccuracy += r.accuracy / double(chosen.splits.size());
        }
    }

    std::vector<bool> protocols;  // noisy_test values to write: true = released test graphs, false = clean ones
    if (spec.bothTests) protocols = {true, false};
    else protocols = {spec.noisyTest};
    SweepResult result;
    struct FoldResults {
        std::vector<std::vector<TaskScore>> value, control;  // [protocol][fold]
        std::vector<std::vector<double>> epochs;             // [protocol][fold]: the selected epoch
        std::vector<double> seconds, rates;
        std::string tuned;                                   // nested tuning: each fold's choice, "; "-separated
        std::vector<std::vector<std::vector<TaskScore>>> curves;  // [fold][epoch − 1][protocol]: the test scores per epoch
        std::vector<std::vector<double>> validCurves;             // [fold][epoch − 1]: the validation metric per epoch
    };
    std::map<std::uint64_t, FoldResults> cleanRuns;  // ε = ∞ trains on the clean graphs whatever the mechanism
    const ProgressPlan plan = planProgress(spec, data, begin, end);
    const int firstRun = begin;  // a structured binding cannot be captured before C++20 (clang refuses it)
    auto runDone = [&plan, firstRun](int r) { return plan.start[std::size_t(r - firstRun)] + plan.span[std::size_t(r - firstRun)]; };
    for (int r = begin; r < end; ++r) {
        if (progress.cancelled()) throw Cancelled();
        if (restoreRun(options, r, result.runs)) {
            progress.skip(plan.span[std::size_t(r - begin)]);
            progress.report(runDone(r));
            continue;
        }
        const auto t0 = std::chrono::steady_clock::now();
        const SweepSpec::Run& run = runs[r];
        privacy::MechanismParams mp = spec.mechanisms[run.mechanismIndex];
        const double budget = spec.budgets[run.budgetIndex];
        mp.axis = spec.budgetAxis;
        if (spec.budgetAxis != privacy::BudgetAxis::Epsilon && !std::isinf(budget))
            throw InputError("<spec>", 0, "field \"budget.axis\": the learner \"gin\" runs on rr/dprr graphs, whose budget is ε");
        mp.epsilon = budget;
        mp.seed = spec.noiseSeeds[run.noiseSeedIndex];
        const Released rel = release(data, mp, budget);
        const GraphView shuffled = shuffledWithinSameN(rel.view, mp.seed);

        // value[protocol][fold], for the release and for its shuffled control
        FoldResults computed;
        auto& [value, control, epochs, seconds, rates, tuned, valueCurves, validCurves] = computed;
        value.resize(2);
        control.resize(2);
        epochs.resize(2);
        const auto cached = cleanRuns.find(mp.seed);
        if (std::isinf(budget) && cached != cleanRuns.end()) computed = cached->second;
        std::vector<std::vector<std::vector<TaskScore>>> controlCurves;  // [fold][epoch − 1][protocol]
        if (value[0].size() < parts.size()) {
            // every fold's training on the release and, with controls, on its shuffled copy: trainings[f · kinds + c]
            const int kinds = spec.controls ? 2 : 1, count = int(parts.size()) * kinds;
            std::vector<Trained> trainings(static_cast<std::size_t>(count));
            TrainingsProgress shared(progress, plan.start[std::size_t(r - begin)], plan.span[std::size_t(r - begin)], count);
            runTrainings(count, spec.learner.gin, [&](int i) {
                if (const auto saved = restorePart(options, r, i)) {  // finished before the sweep was stopped
                    trainings[std::size_t(i)] = trainedFromJson(*saved);
                    TrainingsProgress::Part(shared, i).restored();
                    return;
                }
                const std::size_t f = std::size_t(i / kinds);
                const std::uint64_t seed = Rng(spec.learner.seed, "gin-run", mp.seed, f).next();
                const GraphView& from = i % kinds == 1 ? shuffled : rel.view;
                TrainingsProgress::Part part(shared, i);
                trainings[std::size_t(i)] = trainAndScore(spec, data, task, parts[f], from, from, seed, part,
                                                              partCheckpoint(options, r, i));
                recordPart(options, r, i, toJson(trainings[std::size_t(i)]));
            });
            for (std::size_t f = 0; f < parts.size(); ++f) {
                const Trained& t = trainings[f * std::size_t(kinds)];
                for (int k = 0; k < 2; ++k) {
                    value[k].push_back(t.tests[k]);
                    epochs[k].push_back(t.epoch);
                }
                valueCurves.push_back(t.curve);
                validCurves.push_back(t.validCurve);
                seconds.push_back(t.seconds);
                rates.push_back(t.gflopPerSecond);
                if (!t.tuned.empty()) tuned += (tuned.empty() ? "" : "; ") + t.tuned;
                if (!spec.controls) continue;
                const Trained& c = trainings[f * std::size_t(kinds) + 1];
                for (int k = 0; k < 2; ++k) control[k].push_back(c.tests[k]);
                controlCurves.push_back(c.curve);
            }
        }
        if (testCurve && !valueCurves.empty()) {  // Xu et al.'s choice, for each test protocol and for the control
            const bool regression = data.tasks[task].type == TaskType::Regression;
            for (int k = 0; k < 2; ++k) {
                epochs[k].assign(parts.size(), bestMeanTestEpoch(valueCurves, k, regression, value[k]));
                if (!controlCurves.empty()) bestMeanTestEpoch(controlCurves, k, regression, control[k]);
            }
        }
        if (std::isinf(budget)) cleanRuns[mp.seed] = computed;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::vector<ResultTable::Row> rows;
        for (bool releasedTest : protocols) {
            const int k = releasedTest ? 0 : 1;
            std::vector<double> vals, accs, cvals, caccs;
            for (const TaskScore& s : value[k]) { vals.push_back(s.value); accs.push_back(s.accuracy); }
            for (const TaskScore& s : control[k]) { cvals.push_back(s.value); caccs.push_back(s.accuracy); }
            const std::string metric = value[k].front().metric;
            ResultTable::Row row = {
                {"run", r},
                {"dataset", data.name},
                {"dataset_hash", hash},
                {"task", data.tasks[task].name},
                {"split", chosen.name},
                {"protocol", spec.protocol},
                {"folds", int(parts.size())},
                {"pattern_class", "none (GIN on graphs)"},
                {"d", 0},
                {"pattern_seed", spec.patternSeeds[run.patternSeedIndex]},
                {"mechanism", privacy::key(mp.mechanism)},
                {"allocation", "none"},
                {"sensitivity", "none"},
                {"degree_bound", 0},
                {"beta", 0.0},
                {"dprr_split", mp.mechanism != privacy::MechanismKind::DegreePreservingRR ? ""
                               : mp.dprrSplit == privacy::DprrSplit::Published ? "published" : "project"},
                {"reference_mode", false},
                {"valid_guarantee", rel.report.validGuarantee},
                {"secure", mp.secure},
                {"budget_axis", "epsilon"},
                {"budget", budget},
                {"epsilon", rel.report.epsilon()},
                {"epsilon_conversion", rel.report.conversions.empty() ? "" : rel.report.conversions[rel.report.tightest].name},
                {"delta", mp.delta},
                {"noise_seed", mp.seed},
                {"learner", spec.learner.kind},
                {"k", 0},
                {"learner_params", neural::describe(spec.learner.gin)},
                {"tuning", spec.tuning.nested ? std::string("nested(validation hold-out)") : std::string("none")},
                {"tuned", tuned},
                {"noisy_test", releasedTest},
                {"append_n", false},
                {"standardize", false},
                {"metric", metric},
                {"value", meanOf(vals)},
                {"value_fold_std", sampleStdOf(vals)},
                {"accuracy", meanOf(accs)},
                {"accuracy_fold_std", sampleStdOf(accs)},
                {"selected_epoch", meanOf(epochs[k])},
                {"epoch_selection", testCurve ? "test_curve (Xu et al.: best mean test accuracy over folds; optimistic)" : "validation"},
                {"train_seconds", meanOf(seconds)},
                {"train_gflops", meanOf(rates)},
            };
            if (spec.controls) {
                row.push_back({"public_value", publicValue});
                row.push_back({"shuffled_value", meanOf(cvals)});
                row.push_back({"public_accuracy", publicAccuracy});
                row.push_back({"shuffled_accuracy", meanOf(caccs)});
                row.push_back({"no_structural_signal", noStructuralSignal(metric, meanOf(vals), publicValue, meanOf(cvals))});
            }
            // The fold-mean curves, epoch 1 first: the test curve behind a test-curve choice (Xu et al.), else the
            // validation curve behind each fold's choice.
            if (!valueCurves.empty() && !valueCurves.front().empty()) {
                row.push_back({"fold_mean_test_curve", foldMeanCurve(valueCurves, k, false)});
                if (data.tasks[task].type != TaskType::Regression)
                    row.push_back({"fold_mean_test_accuracy_curve", foldMeanCurve(valueCurves, k, true)});
            }
            if (!validCurves.empty() && !validCurves.front().empty() && !std::isnan(validCurves.front().front()))
                row.push_back({"fold_mean_valid_curve", foldMeanValues(validCurves)});
            row.push_back({"seconds", secs});
            result.runs.add(row);
            rows.push_back(std::move(row));
        }
        recordRun(options, r, rows);
        progress.report(runDone(r));
        if (options.onPartial && r + 1 < end) {
            SweepResult partial;
            partial.runs = result.runs;
            partial.metadata["spec"] = spec.toJson();
            partial.metadata["partial"] = true;
            summarise(partial);
            options.onPartial(partial);
        }
    }
    result.metadata["format"] = "pxstudio-sweep-result";
    result.metadata["version"] = PX_VERSION;
    result.metadata["spec"] = spec.toJson();
    result.metadata["dataset"] = {{"name", data.name}, {"source", data.source}, {"content_hash", hash}, {"graphs", data.size()}};
    result.metadata["split"] = chosen.name;
    result.metadata["protocol"] = spec.protocol;
#ifdef PX_HAVE_NEURAL
    result.metadata["kernels"] = neural::kernelPathInUse();  // a seed reproduces bit for bit on this path only
#endif
    result.metadata["shard"] = {{"index", options.shard}, {"count", options.shards}, {"runs", {begin, end}}, {"total_runs", runs.size()}};
    result.metadata["controls"] = "public: random forest on n (100 trees, min_samples_split 10); shuffled: the same GIN on the released "
                                  "graphs permuted among graphs of equal n";
    summarise(result);
    return result;
}

}  // namespace px::experiment
