// The sweep of density learners, one straight loop over the shard's runs in grid order: a run the journal holds is
// restored; otherwise its pattern set's clean densities (kept while the next runs share the set, prefetched together
// when asked), its release, the evaluation over the splits and the attack make one row, recorded as it is made.
// Graph learners (GIN) run in GinSweep.cpp; the bar's layout by expected work is SweepPrefetch.cpp's.
#include "experiment/SweepRunner.h"

#include "common/AtomicFile.h"
#include "common/Error.h"
#include "experiment/DensityCache.h"
#include "experiment/Evaluation.h"
#include "experiment/GinSweep.h"
#include "experiment/RunJournal.h"
#include "experiment/SweepPrefetch.h"
#include "learn/LearnerRegistry.h"
#include "privacy/EmbeddingExport.h"
#include "privacy/RandomizedResponse.h"

#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <tbb/parallel_for.h>
#include <tuple>

namespace px::experiment {

PatternSet sweepPatternSet(const SweepSpec& spec, const SweepSpec::Run& run) {
    PatternSamplerParams pp = spec.patterns;
    pp.patternClass = PatternClass::parse(spec.classKeys()[run.classIndex]);
    pp.count = spec.dimValues()[run.dimIndex];
    pp.seed = spec.patternSeeds[run.patternSeedIndex];
    return PatternSet::sample(pp);
}

SweepPatternPlan sweepPatternPlan(const SweepSpec& spec) {
    SweepPatternPlan plan;
    if (learn::isGraphLearner(spec.learner.kind)) return plan;  // a GNN reads the graphs, not densities
    std::tuple<int, int, int> last{-1, -1, -1};
    for (const SweepSpec::Run& run : spec.runs()) {
        const std::tuple<int, int, int> key{run.classIndex, run.dimIndex, run.patternSeedIndex};
        if (key != last) {  // runs of one pattern set are contiguous (the grid's order)
            last = key;
            plan.sets.push_back(sweepPatternSet(spec, run));
        }
        plan.setOfRun.push_back(int(plan.sets.size()) - 1);
    }
    return plan;
}

namespace {

// What every run of one sweep shares: its data, its splits and what is fixed across runs.
struct SweepContext {
    const SweepSpec& spec;
    const Dataset& data;
    const SweepOptions& options;
    Progress& progress;
    std::vector<int> tasks;
    SweepSplits chosen;
    privacy::GraphFacts facts;
    std::vector<std::string> classes;
    std::string hash;
    std::shared_ptr<const DiskDensityStore> disk;  // options.densityStore, for runs without options.densities
};

// The pattern set of the current run and its clean densities, kept while the next runs use the same set.
struct PatternCache {
    int c = -1, d = -1, p = -1;
    PatternSet patterns;
    std::shared_ptr<const DensityMatrix> dm;
    attack::ReidResult ceiling;
    std::map<std::string, std::shared_ptr<const DensityMatrix>> prefetched;  // by the pattern set's JSON (SweepPrefetch.h)

    void ensure(const SweepContext& x, const SweepSpec::Run& run, Progress& sub) {
        if (c == run.classIndex && d == run.dimIndex && p == run.patternSeedIndex) return;
        patterns = sweepPatternSet(x.spec, run);
        const auto early = prefetched.find(patterns.toJson());
        dm = early != prefetched.end() ? early->second
             : x.options.densities
                 ? x.options.densities->get(x.data, patterns, sub)
                 : std::make_shared<const DensityMatrix>(DensityCache::loadOrCompute(x.data, x.hash, patterns, x.disk.get(), sub));
        if (x.spec.attack) ceiling = attack::reidentificationCeiling(dm->t, dm->n);
        c = run.classIndex;
        d = run.dimIndex;
        p = run.patternSeedIndex;
    }
};

// The mean over the splits (folds) of one release's evaluation, with each fold's value; the attack does not
// depend on the split and runs on the first only.
struct FoldEvaluation {
    EvaluationResult mean;
    std::vector<double> foldValues;
    std::string tunedByFold;  // nested tuning: each fold's choice, "; "-separated
};

FoldEvaluation evaluateFolds(const SweepContext& x, const DensityMatrix& clean, const EvaluationParams& ep,
                             const DensityMatrix::Matrix* released, const privacy::RowSampler* mech,
                             const std::function<double(int, int)>& scale, bool attack) {
    const std::vector<TrainTest>& splits = x.chosen.splits;
    // The folds are independent, so they are evaluated side by side (what one fold computes does not depend on what
    // runs beside it), then summed in fold order: the same means as one fold after another.
    std::vector<EvaluationResult> byFold(splits.size());
    tbb::parallel_for(std::size_t(0), splits.size(), std::size_t(1), [&](std::size_t f) {
        EvaluationParams p = ep;
        p.attack = attack && f == 0;
        byFold[f] = evaluate(x.data, splits[f], clean, released, mech, scale, p);
    });
    FoldEvaluation out;
    out.mean.value = out.mean.accuracy = 0;
    for (std::size_t f = 0; f < splits.size(); ++f) {
        const EvaluationResult& r = byFold[f];
        if (f == 0) { out.mean.metric = r.metric; out.mean.attack = r.attack; out.mean.attacked = r.attacked; }
        out.mean.value += r.value / double(splits.size());
        out.mean.accuracy += r.accuracy / double(splits.size());
        out.foldValues.push_back(r.value);
        if (!r.tuned.empty()) out.tunedByFold += (out.tunedByFold.empty() ? "" : "; ") + r.tuned;
    }
    return out;
}

// The public information alone (the learner on n): one value and accuracy for the whole sweep.
struct PublicOnlyValue {
    double value = std::nan(""), accuracy = std::nan("");
};

PublicOnlyValue publicOnlyValue(const SweepContext& x, const Eigen::VectorXd& n, const EvaluationParams& ep) {
    PublicOnlyValue out{0, 0};
    const std::vector<TrainTest>& splits = x.chosen.splits;
    for (const TrainTest& t : splits) {
        const EvaluationResult pub = evaluatePublicOnly(x.data, t, n, ep);
        out.value += pub.value / double(splits.size());
        out.accuracy += pub.accuracy / double(splits.size());
    }
    return out;
}

EvaluationParams evaluationParams(const SweepContext& x, const PatternSet& patterns, std::uint64_t seed) {
    const SweepSpec& spec = x.spec;
    EvaluationParams ep;
    ep.tasks = x.tasks;
    ep.learner = spec.learner;
    ep.learner.stop = &x.progress;
    ep.noisyTest = spec.noisyTest;
    ep.appendN = spec.appendN;
    ep.appendLogN = spec.appendLogN;
    ep.featureMap = spec.featureMap;
    for (const Pattern& f : patterns.patterns) ep.patternSizes.push_back(f.vertices());
    ep.standardize = spec.standardize;
    ep.tuning = spec.tuning;
    ep.attack = spec.attack;
    ep.attackSubset = spec.attackSubset;
    ep.seed = seed;
    return ep;
}

privacy::MechanismParams runMechanism(const SweepSpec& spec, const SweepSpec::Run& run) {
    privacy::MechanismParams mp = spec.mechanisms[run.mechanismIndex];
    mp.axis = spec.budgetAxis;
    (spec.budgetAxis == privacy::BudgetAxis::Epsilon ? mp.epsilon : mp.rho) = spec.budgets[run.budgetIndex];
    mp.seed = spec.noiseSeeds[run.noiseSeedIndex];
    return mp;
}

// One run's release (none at ε = ∞, a perturbed graph for rr/dprr, noisy densities otherwise), evaluated over
// the folds, and its shuffled control (the released rows permuted among graphs of equal n).
struct ReleaseOutcome {
    FoldEvaluation ev;
    privacy::PrivacyReport report;
    double noiseRho = std::nan("");
    EvaluationResult shuffled;
};

ReleaseOutcome releaseAndEvaluate(const SweepContext& x, const PatternCache& cache, const privacy::MechanismParams& mp,
                                  double budget, const EvaluationParams& ep, double base, double perRun) {
    ReleaseOutcome out;
    const DensityMatrix::Matrix* releasedRows = nullptr;
    privacy::NoisyEmbedding released;
    if (std::isinf(budget)) {
        out.ev = evaluateFolds(x, *cache.dm, ep, nullptr, nullptr, nullptr, x.spec.attack);
        releasedRows = &cache.dm->t;
        out.report.conversions = {{"none (no noise)", privacy::kInf}};
        out.report.validGuarantee = true;
        out.report.delta = mp.delta;
    } else if (privacy::perturbsGraph(mp.mechanism)) {
        privacy::RandomizedResponseModel rr(x.data, cache.patterns.patterns, mp.epsilon, mp.seed, mp.delta, mp.secure, mp.mechanism, mp.dprrSplit);
        rr.setCancellation(&x.progress);
        SubProgress releasing(x.progress, base, perRun * 0.5);
        released = rr.release(0, releasing);
        out.ev = evaluateFolds(x, *cache.dm, ep, &released.values, &rr, nullptr, x.spec.attack);
        releasedRows = &released.values;
        out.report = rr.report();
    } else {
        privacy::NoiseModel model(cache.dm, cache.patterns.patterns, x.facts, mp, x.data.name);
        model.releaseInto(0, released);
        auto scale = [&model](int c, int j) { return model.noiseScale(c, j); };
        out.ev = evaluateFolds(x, *cache.dm, ep, &released.values, &model, scale, x.spec.attack);
        releasedRows = &released.values;
        out.report = model.report();
        out.noiseRho = mp.mechanism == privacy::MechanismKind::SmoothGaussian ? out.report.rhoPrime
                       : mp.mechanism == privacy::MechanismKind::Laplace     ? mp.epsilon * mp.epsilon / 2
                                                                              : out.report.rho;
    }
    if (x.spec.controls) {
        const DensityMatrix::Matrix shuffled = shuffleWithinSameN(*releasedRows, cache.dm->n, mp.seed);
        out.shuffled = evaluateFolds(x, *cache.dm, ep, &shuffled, nullptr, nullptr, false).mean;
    }
    return out;
}

double bdrsEpsilon(const privacy::PrivacyReport& report) {
    for (const auto& c : report.conversions)
        if (c.name == "BDRS") return c.epsilon;
    return std::nan("");
}

// The run table's row of one run: what was run, its privacy, its value, then the controls and the attack.
ResultTable::Row runRow(const SweepContext& x, int r, const SweepSpec::Run& run, const PatternCache& cache,
                        const privacy::MechanismParams& mp, const ReleaseOutcome& o, const PublicOnlyValue& pub) {
    const SweepSpec& spec = x.spec;
    const privacy::PrivacyReport& report = o.report;
    const EvaluationResult& ev = o.ev.mean;
    ResultTable::Row row = {
        {"run", r},
        {"dataset", x.data.name},
        {"dataset_hash", x.hash},
        {"task", spec.task == "all" ? std::string("all") : x.data.tasks[x.tasks[0]].name},
        {"split", x.chosen.name},
        {"protocol", spec.protocol},
        {"folds", int(o.ev.foldValues.size())},
        {"pattern_class", x.classes[run.classIndex]},
        {"d", cache.patterns.size()},
        {"pattern_seed", spec.patternSeeds[run.patternSeedIndex]},
        {"distinct_patterns", cache.patterns.distinctCount()},
        {"max_treewidth_bound", cache.patterns.maxTreewidthBound()},
        {"mechanism", privacy::key(mp.mechanism)},
        {"allocation", privacy::toString(mp.allocation)},
        {"sensitivity", mp.sensitivity == privacy::SensitivitySource::PublicDegreeBound ? "degree-bound" : "counting-lemma"},
        {"degree_bound", mp.degreeBound},
        {"beta", mp.beta},
        {"reference_mode", mp.referenceMode},
        {"valid_guarantee", report.validGuarantee},
        {"secure", mp.secure},
        {"budget_axis", spec.budgetAxis == privacy::BudgetAxis::Epsilon ? "epsilon" : "rho"},
        {"budget", spec.budgets[run.budgetIndex]},
        {"epsilon", report.epsilon()},
        {"epsilon_conversion", report.conversions.empty() ? "" : report.conversions[report.tightest].name},
        {"epsilon_bdrs", bdrsEpsilon(report)},
        {"delta", mp.delta},
        {"rho", report.rho},
        {"omega", report.omega},
        {"noise_param_rho", o.noiseRho},
        {"noise_seed", mp.seed},
        {"learner", learn::learnerKey(spec.learner.kind)},
        {"k", spec.learner.kind == learn::LearnerKind::Knn ? spec.learner.k : 0},
        {"learner_params", learn::describeLearner(spec.learner.kind).runTableParams(spec.learner)},
        {"noisy_test", spec.noisyTest},
        {"append_n", spec.appendN},
        {"append_log_n", spec.appendLogN},
        {"feature_map", featureMapKey(spec.featureMap)},
        {"tuning", spec.tuning.nested ? "nested(" + std::to_string(spec.tuning.folds) + "-fold)" : std::string("none")},
        {"tuned", o.ev.tunedByFold},
        {"standardize", spec.standardize},
        {"metric", ev.metric},
        {"value", ev.value},
        {"value_fold_std", sampleStdOf(o.ev.foldValues)},
        {"accuracy", ev.accuracy},
    };
    if (spec.controls) {
        row.push_back({"public_value", pub.value});
        row.push_back({"shuffled_value", o.shuffled.value});
        row.push_back({"public_accuracy", pub.accuracy});
        row.push_back({"shuffled_accuracy", o.shuffled.accuracy});
        row.push_back({"no_structural_signal", noStructuralSignal(ev.metric, ev.value, pub.value, o.shuffled.value)});
    }
    if (ev.attacked) {
        const auto& a = ev.attack;
        for (auto kv : std::vector<std::pair<std::string, double>>{
                 {"top1", a.top1}, {"top10", a.top10}, {"top1_plain", a.top1Plain}, {"top10_plain", a.top10Plain},
                 {"top1_whitened", a.top1Whitened}, {"top10_whitened", a.top10Whitened}, {"top1_ci95", a.top1HalfWidth},
                 {"chance_top1", a.chance1}, {"chance_top10", a.chance10}, {"chance_same_n_top1", a.chanceSameN1},
                 {"ceiling_top1", cache.ceiling.top1}, {"ceiling_top10", cache.ceiling.top10}})
            row.push_back(kv);
    }
    return row;
}

}  // namespace

SweepResult runSweep(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, Progress& progress) {
    if (learn::isGraphLearner(spec.learner.kind)) return runGinSweep(spec, data, options, progress);
    const auto runs = spec.runs();
    const auto [begin, end] = shardRange(int(runs.size()), options.shard, options.shards);
    const std::vector<int> tasks = sweepTasks(spec, data);
    const std::string hash = data.contentHash();
    const std::shared_ptr<const DiskDensityStore>& disk = options.densityStore;
    const std::vector<PatternSet> prefetch =
        options.densitiesTogether ? patternSetsToPrefetch(spec, data, options, begin, end, hash, disk.get()) : std::vector<PatternSet>{};
    // Of the bar: the sets' densities first, then the runs, each by its expected work (SweepPrefetch.h).
    const double densityShare = prefetch.empty() ? 0.0 : prefetchBarShare(spec, data, options, begin, end, hash, disk.get());
    SubProgress runsProgress(progress, densityShare, 1.0 - densityShare);
    const SweepContext x{spec, data, options, runsProgress, tasks, sweepSplits(spec, data, tasks[0]), privacy::GraphFacts::of(data),
                         spec.classKeys(), hash, disk};
    SweepResult result;
    PatternCache cache;
    if (!prefetch.empty()) {
        SubProgress densities(progress, 0.0, densityShare);
        cache.prefetched = prefetchDensities(prefetch, data, options, hash, disk.get(), densities);
    }
    PublicOnlyValue pub;
    const std::vector<BarSlot> bar = sweepBarLayout(spec, data, options, begin, end, hash, disk.get(), !prefetch.empty());
    auto lastPartial = std::chrono::steady_clock::now();
    const auto showPartial = [&] {
        options.onPartial(partialResult(spec, data, result.runs));
        lastPartial = std::chrono::steady_clock::now();
    };
    bool restoredUnshown = false;  // a resumed sweep shows what it restored before it computes the next run
    for (int r = begin; r < end; ++r) {
        if (runsProgress.cancelled()) throw Cancelled();
        const BarSlot& slot = bar[std::size_t(r - begin)];
        if (restoreRun(options, r, result.runs)) {
            runsProgress.report(slot.runTo);
            restoredUnshown = true;
            continue;
        }
        if (restoredUnshown && options.onPartial) showPartial();
        restoredUnshown = false;
        const auto t0 = std::chrono::steady_clock::now();
        const SweepSpec::Run& run = runs[r];
        SubProgress densities(runsProgress, slot.densitiesFrom, slot.runFrom - slot.densitiesFrom);
        cache.ensure(x, run, densities);
        const privacy::MechanismParams mp = runMechanism(spec, run);
        const EvaluationParams ep = evaluationParams(x, cache.patterns, mp.seed);
        if (spec.controls && std::isnan(pub.value)) pub = publicOnlyValue(x, cache.dm->n, ep);
        const ReleaseOutcome outcome = releaseAndEvaluate(x, cache, mp, spec.budgets[run.budgetIndex], ep, slot.runFrom, slot.runTo - slot.runFrom);
        ResultTable::Row row = runRow(x, r, run, cache, mp, outcome, pub);
        row.push_back({"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()});
        result.runs.add(row);
        recordRun(options, r, {row});
        runsProgress.report(slot.runTo);
        if (options.onPartial && r + 1 < end &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - lastPartial).count() >= options.partialInterval)
            showPartial();
    }
    result.metadata = sweepMetadata(spec, data, x.hash, x.chosen.name, options, {begin, end}, runs.size());
    result.metadata["features"] = {{"map", featureMapKey(spec.featureMap)}, {"append_n", spec.appendN}, {"append_log_n", spec.appendLogN},
                                   {"privacy", "post-processing of the release and the public vertex count n: no privacy cost"}};
    summarise(result);
    return result;
}

}  // namespace px::experiment
