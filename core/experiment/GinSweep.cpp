// The GIN sweep (GinSweep.h): graphs released by RR/DPRR, a GIN trained per run, with its controls.
#include "experiment/GinSweep.h"
#include "learn/LearnerRegistry.h"
#include "experiment/GinSweepProgress.h"
#include "experiment/GinSweepTraining.h"
#include "experiment/ParallelTrainings.h"

#include "common/Error.h"
#include "common/Rng.h"
#ifdef PX_HAVE_NEURAL
#include "neural/KernelPath.h"
#endif

#include <chrono>
#include <cmath>
#include <map>

namespace px::experiment {

namespace {

void checkGraphSpec(const SweepSpec& spec, const std::vector<int>& tasks) {
    if (spec.classKeys().size() > 1 || spec.dimValues().size() > 1 || spec.patternSeeds.size() > 1)
        throw InputError(spec.source, 0, "the learner \"gin\" uses no patterns: give one pattern class, one d and one pattern seed "
                                      "(the noise seeds repeat the runs)");
    if (tasks.size() != 1) throw InputError(spec.source, 0, "field \"/task\": the learner \"gin\" trains on one task at a time, not \"all\"");
}

// One run's trainings over the folds (protocol 0: released test graphs, 1: clean ones).
struct FoldResults {
    std::vector<std::vector<TaskScore>> value, control;  // [protocol][fold]
    std::vector<std::vector<double>> epochs;             // [protocol][fold]: the selected epoch
    std::vector<double> seconds, rates;
    std::string tuned;                                   // nested tuning: each fold's choice, "; "-separated
    std::vector<std::vector<std::vector<TaskScore>>> curves;  // [fold][epoch − 1][protocol]: the test scores per epoch
    std::vector<std::vector<double>> validCurves;             // [fold][epoch − 1]: the validation metric per epoch
};

// The public information alone, once for the sweep: a random forest on n, mean over the splits.
struct PublicControl {
    double value = std::nan(""), accuracy = std::nan("");
};

PublicControl publicControl(const Dataset& data, const std::vector<int>& tasks, const SweepSplits& chosen) {
    EvaluationParams ep;
    ep.tasks = tasks;
    ep.learner.kind = learn::LearnerKind::RandomForest;
    ep.learner.trees = 100;
    ep.learner.maxDepth = 0;
    ep.learner.minSamplesSplit = 10;
    Eigen::VectorXd n(data.size());
    for (int i = 0; i < data.size(); ++i) n(i) = data.graphs[i].numVertices();
    PublicControl c{0, 0};
    for (const TrainTest& t : chosen.splits) {
        const EvaluationResult r = evaluatePublicOnly(data, t, n, ep);
        c.value += r.value / double(chosen.splits.size());
        c.accuracy += r.accuracy / double(chosen.splits.size());
    }
    return c;
}

// What the trainings of one run share.
struct RunTrainingsInput {
    const SweepSpec& spec;
    const Dataset& data;
    int task;
    const std::vector<Parts>& parts;
    const SweepOptions& options;
    int run;
};

// Every fold's training on the release and, with controls, on its shuffled copy (side by side as the learner allows;
// each finished training is journaled, and restored when the sweep resumes), with the epoch chosen as the spec says.
FoldResults trainFolds(const RunTrainingsInput& in, const GraphView& released, const GraphView& shuffled, std::uint64_t noiseSeed,
                       TrainingsProgress&& shared) {
    const SweepSpec& spec = in.spec;
    const std::size_t folds = in.parts.size();
    FoldResults out;
    out.value.resize(2);
    out.control.resize(2);
    out.epochs.resize(2);
    std::vector<std::vector<std::vector<TaskScore>>> controlCurves;  // [fold][epoch − 1][protocol]
    // trainings[f · kinds + c]: c = 0 the release, c = 1 its shuffled control
    const int kinds = spec.controls ? 2 : 1, count = int(folds) * kinds;
    std::vector<Trained> trainings(static_cast<std::size_t>(count));
    runTrainings(count, spec.learner.gin, [&](int i) {
        if (const auto saved = restorePart(in.options, in.run, i)) {  // finished before the sweep was stopped
            trainings[std::size_t(i)] = trainedFromJson(*saved);
            TrainingsProgress::Part(shared, i).restored();
            return;
        }
        const std::size_t f = std::size_t(i / kinds);
        const std::uint64_t seed = Rng(spec.learner.seed, "gin-run", noiseSeed, f).next();
        const GraphView& from = i % kinds == 1 ? shuffled : released;
        TrainingsProgress::Part part(shared, i);
        trainings[std::size_t(i)] = trainAndScore(spec, in.data, in.task, in.parts[f], from, from, seed, part,
                                                  partCheckpoint(in.options, in.run, i));
        recordPart(in.options, in.run, i, toJson(trainings[std::size_t(i)]));
    });
    for (std::size_t f = 0; f < folds; ++f) {
        const Trained& t = trainings[f * std::size_t(kinds)];
        for (int k = 0; k < 2; ++k) {
            out.value[k].push_back(t.tests[k]);
            out.epochs[k].push_back(t.epoch);
        }
        out.curves.push_back(t.curve);
        out.validCurves.push_back(t.validCurve);
        out.seconds.push_back(t.seconds);
        out.rates.push_back(t.gflopPerSecond);
        if (!t.tuned.empty()) out.tuned += (out.tuned.empty() ? "" : "; ") + t.tuned;
        if (!spec.controls) continue;
        const Trained& c = trainings[f * std::size_t(kinds) + 1];
        for (int k = 0; k < 2; ++k) out.control[k].push_back(c.tests[k]);
        controlCurves.push_back(c.curve);
    }
    if (spec.learner.gin.selection == neural::EpochSelection::TestCurve) {  // Xu et al.'s choice, per protocol and control
        const bool regression = in.data.tasks[in.task].type == TaskType::Regression;
        for (int k = 0; k < 2; ++k) {
            out.epochs[k].assign(folds, bestMeanTestEpoch(out.curves, k, regression, out.value[k]));
            if (!controlCurves.empty()) bestMeanTestEpoch(controlCurves, k, regression, out.control[k]);
        }
    }
    return out;
}

// What a run's rows say besides its trainings' scores.
struct RunContext {
    const SweepSpec& spec;
    const Dataset& data;
    const std::string& hash;
    int task, run, folds;
    std::string split;
    std::uint64_t patternSeed;
    const privacy::MechanismParams& mp;
    double budget;
    const privacy::PrivacyReport& report;
    bool testCurve;
    PublicControl pub;
};

// One result row of a run: its trainings scored on the released test graphs (releasedTest) or on the clean ones.
ResultTable::Row protocolRow(const RunContext& c, const FoldResults& f, bool releasedTest) {
    const int k = releasedTest ? 0 : 1;
    std::vector<double> vals, accs, cvals, caccs;
    for (const TaskScore& s : f.value[k]) { vals.push_back(s.value); accs.push_back(s.accuracy); }
    for (const TaskScore& s : f.control[k]) { cvals.push_back(s.value); caccs.push_back(s.accuracy); }
    const std::string metric = f.value[k].front().metric;
    ResultTable::Row row = {
        {"run", c.run},
        {"dataset", c.data.name},
        {"dataset_hash", c.hash},
        {"task", c.data.tasks[c.task].name},
        {"split", c.split},
        {"protocol", c.spec.protocol},
        {"folds", c.folds},
        {"pattern_class", "none (GIN on graphs)"},
        {"d", 0},
        {"pattern_seed", c.patternSeed},
        {"mechanism", privacy::key(c.mp.mechanism)},
        {"allocation", "none"},
        {"sensitivity", "none"},
        {"degree_bound", 0},
        {"beta", 0.0},
        {"dprr_split", c.mp.mechanism != privacy::MechanismKind::DegreePreservingRR ? ""
                       : c.mp.dprrSplit == privacy::DprrSplit::Published ? "published" : "project"},
        {"reference_mode", false},
        {"valid_guarantee", c.report.validGuarantee},
        {"secure", c.mp.secure},
        {"budget_axis", "epsilon"},
        {"budget", c.budget},
        {"epsilon", c.report.epsilon()},
        {"epsilon_conversion", c.report.conversions.empty() ? "" : c.report.conversions[c.report.tightest].name},
        {"delta", c.mp.delta},
        {"noise_seed", c.mp.seed},
        {"learner", learn::learnerKey(c.spec.learner.kind)},
        {"k", 0},
        {"learner_params", neural::describe(c.spec.learner.gin)},
        {"tuning", c.spec.tuning.nested ? std::string("nested(validation hold-out)") : std::string("none")},
        {"tuned", f.tuned},
        {"noisy_test", releasedTest},
        {"append_n", false},
        {"standardize", false},
        {"metric", metric},
        {"value", meanOf(vals)},
        {"value_fold_std", sampleStdOf(vals)},
        {"accuracy", meanOf(accs)},
        {"accuracy_fold_std", sampleStdOf(accs)},
        {"selected_epoch", meanOf(f.epochs[k])},
        {"epoch_selection", c.testCurve ? "test_curve (Xu et al.: best mean test accuracy over folds; optimistic)" : "validation"},
        {"train_seconds", meanOf(f.seconds)},
        {"train_gflops", meanOf(f.rates)},
    };
    if (c.spec.controls) {
        row.push_back({"public_value", c.pub.value});
        row.push_back({"shuffled_value", meanOf(cvals)});
        row.push_back({"public_accuracy", c.pub.accuracy});
        row.push_back({"shuffled_accuracy", meanOf(caccs)});
        row.push_back({"no_structural_signal", noStructuralSignal(metric, meanOf(vals), c.pub.value, meanOf(cvals))});
    }
    // The fold-mean curves, epoch 1 first: the test curve behind a test-curve choice (Xu et al.), else the
    // validation curve behind each fold's choice.
    if (!f.curves.empty() && !f.curves.front().empty()) {
        row.push_back({"fold_mean_test_curve", foldMeanCurve(f.curves, k, false)});
        if (c.data.tasks[c.task].type != TaskType::Regression)
            row.push_back({"fold_mean_test_accuracy_curve", foldMeanCurve(f.curves, k, true)});
    }
    if (!f.validCurves.empty() && !f.validCurves.front().empty() && !std::isnan(f.validCurves.front().front()))
        row.push_back({"fold_mean_valid_curve", foldMeanValues(f.validCurves)});
    return row;
}

}  // namespace

SweepResult runGinSweep(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, Progress& progress) {
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

    const PublicControl pub = spec.controls ? publicControl(data, tasks, chosen) : PublicControl{};

    std::vector<bool> protocols;  // noisy_test values to write: true = released test graphs, false = clean ones
    if (spec.bothTests) protocols = {true, false};
    else protocols = {spec.noisyTest};
    SweepResult result;
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
            throw InputError(spec.source, 0, "field \"/budget/axis\": the learner \"gin\" runs on rr/dprr graphs, whose budget is ε");
        mp.epsilon = budget;
        mp.seed = spec.noiseSeeds[run.noiseSeedIndex];
        const Released rel = release(data, mp, budget, spec.source);
        const GraphView shuffled = shuffledWithinSameN(rel.view, mp.seed);

        const auto cached = cleanRuns.find(mp.seed);
        const FoldResults computed = std::isinf(budget) && cached != cleanRuns.end() ? cached->second
            : trainFolds({spec, data, task, parts, options, r}, rel.view, shuffled, mp.seed,
                         TrainingsProgress(progress, plan.start[std::size_t(r - begin)], plan.span[std::size_t(r - begin)],
                                           int(parts.size()) * (spec.controls ? 2 : 1)));
        if (std::isinf(budget)) cleanRuns[mp.seed] = computed;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const RunContext ctx{spec, data, hash, task, r, int(parts.size()), chosen.name, spec.patternSeeds[run.patternSeedIndex],
                             mp, budget, rel.report, testCurve, pub};
        std::vector<ResultTable::Row> rows;
        for (bool releasedTest : protocols) {
            ResultTable::Row row = protocolRow(ctx, computed, releasedTest);
            row.push_back({"seconds", secs});
            result.runs.add(row);
            rows.push_back(std::move(row));
        }
        recordRun(options, r, rows);
        progress.report(runDone(r));
        if (options.onPartial && r + 1 < end) options.onPartial(partialResult(spec, data, result.runs));
    }
    result.metadata = sweepMetadata(spec, data, hash, chosen.name, options, {begin, end}, runs.size());
#ifdef PX_HAVE_NEURAL
    result.metadata["kernels"] = neural::kernelPathInUse();  // a seed reproduces bit for bit on this path only
#endif
    result.metadata["controls"] = "public: random forest on n (100 trees, min_samples_split 10); shuffled: the same GIN on the released "
                                  "graphs permuted among graphs of equal n";
    summarise(result);
    return result;
}

}  // namespace px::experiment
