#include "experiment/SweepRunner.h"

#include "experiment/DensityCache.h"

#include "common/AtomicFile.h"
#include "common/Error.h"
#include "experiment/Evaluation.h"
#include "experiment/GraphSweep.h"
#include "experiment/RunJournal.h"
#include "privacy/EmbeddingExport.h"
#include "privacy/RandomizedResponse.h"

#include <chrono>
#include <cmath>
#include <map>
#include <tuple>
#include <memory>

namespace px::experiment {

std::vector<int> sweepTasks(const SweepSpec& spec, const Dataset& ds) {
    if (ds.tasks.empty()) throw InputError(ds.source, 0, "data set has no labels; a sweep needs a task to learn");
    std::vector<int> tasks;
    if (spec.task == "all") {
        for (int t = 0; t < int(ds.tasks.size()); ++t) tasks.push_back(t);
    } else {
        std::size_t used = 0;
        int t = -1;
        try { t = std::stoi(spec.task, &used); } catch (...) { used = 0; }
        if (used != spec.task.size() || t < 0 || t >= int(ds.tasks.size()))
            throw InputError("<spec>", 0, "field \"task\": expected \"all\" or an index 0.." + std::to_string(ds.tasks.size() - 1) +
                                              ", found \"" + spec.task + "\"");
        tasks.push_back(t);
    }
    return tasks;
}

SweepSplits sweepSplits(const SweepSpec& spec, const Dataset& data, int task) {
    SweepSplits s;
    const int k = spec.folds();
    s.splits = k > 0 ? chooseFolds(data, task, spec.splitSeed, k) : std::vector<TrainTest>{chooseSplit(data, task, spec.splitSeed)};
    s.name = k == 0 ? s.splits[0].name
                    : std::to_string(k) + "-fold (" + (int(data.folds.size()) == k ? "shipped folds" : "stratified, seed=" + std::to_string(spec.splitSeed)) + ")";
    if (spec.runFolds > 0 && spec.runFolds < int(s.splits.size())) {
        s.splits.resize(std::size_t(spec.runFolds));
        s.name += ", only folds 1-" + std::to_string(spec.runFolds) + " run";
    }
    return s;
}

nlohmann::json journalHeader(const SweepSpec& spec, const Dataset& data, const SweepOptions& options) {
    return {{"format", "pxstudio-sweep-journal"},
            {"spec", spec.toJson()},
            {"dataset", data.name},
            {"dataset_hash", data.contentHash()},
            {"shard", {options.shard, options.shards}},
            {"total_runs", spec.runs().size()}};
}

nlohmann::json canonicalJournalHeader(const nlohmann::json& header) {
    if (!header.is_object() || !header.contains("spec") || !header.contains("total_runs")) return header;
    try {
        nlohmann::json out = header;
        const SweepSpec spec = SweepSpec::fromJson(header.at("spec").dump(), "run journal");
        out["spec"] = spec.toJson();
        if (out["spec"].contains("learner")) out["spec"]["learner"].erase("parallel_trainings");
        out["total_runs"] = spec.runs().size();
        return out;
    } catch (const std::exception&) {
        return header;
    }
}

bool restoreRun(const SweepOptions& options, int r, ResultTable& runs) {
    if (!options.journal || !options.journal->has(r)) return false;
    for (const auto& row : options.journal->rows(r)) runs.add(row);
    return true;
}

void recordRun(const SweepOptions& options, int r, const std::vector<ResultTable::Row>& rows) {
    if (options.journal) options.journal->append(r, rows);
}

std::optional<nlohmann::json> restorePart(const SweepOptions& options, int r, int part) {
    if (!options.journal) return std::nullopt;
    return options.journal->part(r, part);
}

void recordPart(const SweepOptions& options, int r, int part, const nlohmann::json& value) {
    if (options.journal) options.journal->appendPart(r, part, value);
}

neural::TrainingCheckpoint partCheckpoint(const SweepOptions& options, int r, int part) {
    neural::TrainingCheckpoint c;
    c.everySeconds = options.checkpointEverySeconds;
    if (!options.journal) return c;
    c.path = options.journal->path() + ".r" + std::to_string(r) + ".p" + std::to_string(part) + ".ckpt";
    c.bestEffort = options.journal->bestEffort();
    return c;
}

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

// The runs so far, summarised, for whoever draws them (SweepOptions::onPartial).
static SweepResult partialResult(const SweepSpec& spec, const Dataset& data, const ResultTable& runs) {
    SweepResult partial;
    partial.runs = runs;
    partial.metadata["spec"] = spec.toJson();
    partial.metadata["dataset"] = {{"name", data.name}, {"source", data.source}, {"graphs", data.size()}};
    partial.metadata["partial"] = true;
    summarise(partial);
    return partial;
}

SweepResult runSweep(const SweepSpec& spec, const Dataset& data, const SweepOptions& options, Progress& progress) {
    if (learn::isGraphLearner(spec.learner.kind)) return runGraphSweep(spec, data, options, progress);
    const auto runs = spec.runs();
    const auto [begin, end] = shardRange(int(runs.size()), options.shard, options.shards);
    const std::vector<int> tasks = sweepTasks(spec, data);
    const SweepSplits chosen = sweepSplits(spec, data, tasks[0]);
    const std::vector<TrainTest>& splits = chosen.splits;
    const std::string& splitName = chosen.name;
    const privacy::GraphFacts facts = privacy::GraphFacts::of(data);
    const std::vector<std::string> classes = spec.classKeys();
    const std::string hash = data.contentHash();

    SweepResult result;
    struct Cached {
        int c = -1, d = -1, p = -1;
        PatternSet patterns;
        std::shared_ptr<const DensityMatrix> dm;
        attack::ReidResult ceiling;
    } cache;
    // The public information alone: one value (and accuracy) for the whole sweep.
    double publicValue = std::nan(""), publicAccuracy = std::nan("");
    const double perRun = 1.0 / std::max(1, end - begin);
    auto lastPartial = std::chrono::steady_clock::now();
    const auto showPartial = [&] {
        options.onPartial(partialResult(spec, data, result.runs));
        lastPartial = std::chrono::steady_clock::now();
    };
    bool restoredUnshown = false;  // a resumed sweep shows what it restored before it computes the next run
    for (int r = begin; r < end; ++r) {
        if (progress.cancelled()) throw Cancelled();
        const double base = double(r - begin) * perRun;
        if (restoreRun(options, r, result.runs)) {
            progress.report(base + perRun);
            restoredUnshown = true;
            continue;
        }
        if (restoredUnshown && options.onPartial) showPartial();
        restoredUnshown = false;
        const auto t0 = std::chrono::steady_clock::now();
        const SweepSpec::Run& run = runs[r];
        if (cache.c != run.classIndex || cache.d != run.dimIndex || cache.p != run.patternSeedIndex) {
            cache.patterns = sweepPatternSet(spec, run);
            SubProgress sub(progress, base, perRun * 0.9);
            cache.dm = options.densities ? options.densities->get(data, cache.patterns, sub)
                                         : std::make_shared<const DensityMatrix>(DensityMatrix::compute(data, cache.patterns, {}, sub));
            if (spec.attack) cache.ceiling = attack::reidentificationCeiling(cache.dm->t, cache.dm->n);
            cache.c = run.classIndex;
            cache.d = run.dimIndex;
            cache.p = run.patternSeedIndex;
        }
        privacy::MechanismParams mp = spec.mechanisms[run.mechanismIndex];
        const double budget = spec.budgets[run.budgetIndex];
        mp.axis = spec.budgetAxis;
        (spec.budgetAxis == privacy::BudgetAxis::Epsilon ? mp.epsilon : mp.rho) = budget;
        mp.seed = spec.noiseSeeds[run.noiseSeedIndex];
        const int d = cache.patterns.size();

        EvaluationParams ep;
        ep.tasks = tasks;
        ep.learner = spec.learner;
        ep.learner.stop = &progress;
        ep.noisyTest = spec.noisyTest;
        ep.appendN = spec.appendN;
        ep.appendLogN = spec.appendLogN;
        ep.featureMap = spec.featureMap;
        for (const Pattern& f : cache.patterns.patterns) ep.patternSizes.push_back(f.vertices());
        ep.standardize = spec.standardize;
        ep.tuning = spec.tuning;
        ep.attack = spec.attack;
        ep.attackSubset = spec.attackSubset;
        ep.seed = mp.seed;

        // Every split (fold) in turn; the attack does not depend on the split and runs once.
        std::vector<double> foldValues;
        std::string tunedByFold;  // nested tuning: each fold's choice, "; "-separated
        auto evaluateAll = [&](const DensityMatrix::Matrix* released, const privacy::RowSampler* mech,
                               const std::function<double(int, int)>& scale, bool attack) {
            EvaluationResult sum;
            sum.value = sum.accuracy = 0;
            foldValues.clear();
            tunedByFold.clear();
            for (std::size_t f = 0; f < splits.size(); ++f) {
                EvaluationParams p = ep;
                p.attack = attack && f == 0;
                const EvaluationResult r = evaluate(data, splits[f], *cache.dm, released, mech, scale, p);
                if (f == 0) { sum.metric = r.metric; sum.attack = r.attack; sum.attacked = r.attacked; }
                sum.value += r.value / double(splits.size());
                sum.accuracy += r.accuracy / double(splits.size());
                foldValues.push_back(r.value);
                if (!r.tuned.empty()) tunedByFold += (tunedByFold.empty() ? "" : "; ") + r.tuned;
            }
            return sum;
        };
        if (spec.controls && std::isnan(publicValue)) {
            publicValue = publicAccuracy = 0;
            for (const TrainTest& t : splits) {
                const EvaluationResult pub = evaluatePublicOnly(data, t, cache.dm->n, ep);
                publicValue += pub.value / double(splits.size());
                publicAccuracy += pub.accuracy / double(splits.size());
            }
        }
        EvaluationResult ev;
        const DensityMatrix::Matrix* releasedRows = nullptr;  // for the shuffled control
        privacy::NoisyEmbedding released;
        privacy::PrivacyReport report;
        double noiseRho = std::nan("");
        if (std::isinf(budget)) {
            ev = evaluateAll(nullptr, nullptr, nullptr, spec.attack);
            releasedRows = &cache.dm->t;
            report.conversions = {{"none (no noise)", privacy::kInf}};
            report.validGuarantee = true;
            report.delta = mp.delta;
        } else if (privacy::perturbsGraph(mp.mechanism)) {
            privacy::RandomizedResponseModel rr(data, cache.patterns.patterns, mp.epsilon, mp.seed, mp.delta, mp.secure, mp.mechanism, mp.dprrSplit);
            rr.setCancellation(&progress);
            SubProgress releasing(progress, base, perRun * 0.5);
            released = rr.release(0, releasing);
            ev = evaluateAll(&released.values, &rr, nullptr, spec.attack);
            releasedRows = &released.values;
            report = rr.report();
        } else {
            privacy::NoiseModel model(cache.dm, cache.patterns.patterns, facts, mp, data.name);
            model.releaseInto(0, released);
            auto scale = [&model](int c, int j) { return model.noiseScale(c, j); };
            ev = evaluateAll(&released.values, &model, scale, spec.attack);
            releasedRows = &released.values;
            report = model.report();
            noiseRho = mp.mechanism == privacy::MechanismKind::SmoothGaussian ? report.rhoPrime
                       : mp.mechanism == privacy::MechanismKind::Laplace     ? mp.epsilon * mp.epsilon / 2
                                                                              : report.rho;
        }
        const double foldStd = sampleStdOf(foldValues);
        const int foldCount = int(foldValues.size());
        const std::string tuned = tunedByFold;  // of the release, not of the control below
        EvaluationResult shuffledControl;
        if (spec.controls) {
            const DensityMatrix::Matrix shuffled = shuffleWithinSameN(*releasedRows, cache.dm->n, mp.seed);
            shuffledControl = evaluateAll(&shuffled, nullptr, nullptr, false);
        }
        const double shuffledValue = shuffledControl.value;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ResultTable::Row row = {
            {"run", r},
            {"dataset", data.name},
            {"dataset_hash", hash},
            {"task", spec.task == "all" ? std::string("all") : data.tasks[tasks[0]].name},
            {"split", splitName},
            {"protocol", spec.protocol},
            {"folds", foldCount},
            {"pattern_class", classes[run.classIndex]},
            {"d", d},
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
            {"budget", budget},
            {"epsilon", report.epsilon()},
            {"epsilon_conversion", report.conversions.empty() ? "" : report.conversions[report.tightest].name},
            {"epsilon_bdrs", [&] {
                 for (const auto& c : report.conversions)
                     if (c.name == "BDRS") return c.epsilon;
                 return std::nan("");
             }()},
            {"delta", mp.delta},
            {"rho", report.rho},
            {"omega", report.omega},
            {"noise_param_rho", noiseRho},
            {"noise_seed", mp.seed},
            {"learner", spec.learner.kind},
            {"k", spec.learner.kind == "knn" ? spec.learner.k : 0},
            {"learner_params", spec.learner.kind == "knn" ? "k=" + std::to_string(spec.learner.k)
                               : spec.learner.kind == "svm" || spec.learner.kind == "linear" ? "C=" + std::to_string(spec.learner.C)
                               : "trees=" + std::to_string(spec.learner.trees) + ",max_depth=" + std::to_string(spec.learner.maxDepth)},
            {"noisy_test", spec.noisyTest},
            {"append_n", spec.appendN},
            {"append_log_n", spec.appendLogN},
            {"feature_map", featureMapKey(spec.featureMap)},
            {"tuning", spec.tuning.nested ? "nested(" + std::to_string(spec.tuning.folds) + "-fold)" : std::string("none")},
            {"tuned", tuned},
            {"standardize", spec.standardize},
            {"metric", ev.metric},
            {"value", ev.value},
            {"value_fold_std", foldStd},
            {"accuracy", ev.accuracy},
        };
        if (spec.controls) {
            row.push_back({"public_value", publicValue});
            row.push_back({"shuffled_value", shuffledValue});
            row.push_back({"public_accuracy", publicAccuracy});
            row.push_back({"shuffled_accuracy", shuffledControl.accuracy});
            row.push_back({"no_structural_signal", noStructuralSignal(ev.metric, ev.value, publicValue, shuffledValue)});
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
        row.push_back({"seconds", secs});
        result.runs.add(row);
        recordRun(options, r, {row});
        progress.report(base + perRun);
        if (options.onPartial && r + 1 < end &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - lastPartial).count() >= options.partialInterval)
            showPartial();
    }
    result.metadata["format"] = "pxstudio-sweep-result";
    result.metadata["version"] = PX_VERSION;
    result.metadata["spec"] = spec.toJson();
    result.metadata["dataset"] = {{"name", data.name}, {"source", data.source}, {"content_hash", hash}, {"graphs", data.size()}};
    result.metadata["split"] = splitName;
    result.metadata["protocol"] = spec.protocol;
    result.metadata["features"] = {{"map", featureMapKey(spec.featureMap)}, {"append_n", spec.appendN}, {"append_log_n", spec.appendLogN},
                                   {"privacy", "post-processing of the release and the public vertex count n: no privacy cost"}};
    result.metadata["shard"] = {{"index", options.shard}, {"count", options.shards}, {"runs", {begin, end}}, {"total_runs", runs.size()}};
    summarise(result);
    return result;
}

}  // namespace px::experiment
