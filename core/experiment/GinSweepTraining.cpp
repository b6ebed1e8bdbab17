// The pieces of one GIN sweep run (GinSweepTraining.h): released graphs, training, scoring.
#include "experiment/GinSweepTraining.h"
#include "experiment/RunJournal.h"

#include "common/Error.h"
#include "common/Rng.h"
#include "experiment/GinTuning.h"
#include "privacy/RandomizedResponse.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace px::experiment {

GraphView viewOf(const Dataset& ds, const std::vector<Graph>* replaced) {
    GraphView v;
    for (int i = 0; i < ds.size(); ++i) {
        v.graphs.push_back(replaced ? &(*replaced)[std::size_t(i)] : &ds.graphs[std::size_t(i)]);
        if (!ds.nodeLabels.empty()) v.nodeLabels.push_back(&ds.nodeLabels[std::size_t(i)]);  // RR keeps the vertices
    }
    return v;
}

Released release(const Dataset& ds, const privacy::MechanismParams& mp, double budget, const std::string& specSource) {
    Released r;
    if (std::isinf(budget)) {
        r.view = viewOf(ds);
        r.report.conversions = {{"none (no noise)", privacy::kInf}};
        r.report.validGuarantee = true;
        r.report.delta = mp.delta;
        return r;
    }
    if (!privacy::perturbsGraph(mp.mechanism))
        throw InputError(specSource, 0, std::string("field \"/mechanisms\": the learner \"gin\" trains on graphs, so its mechanism must perturb the "
                                                  "graph (rr or dprr) or the budget be \"inf\"; found ") + privacy::key(mp.mechanism));
    privacy::RandomizedResponseModel model(ds, {}, mp.epsilon, mp.seed, mp.delta, mp.secure, mp.mechanism, mp.dprrSplit);
    r.storage.resize(ds.graphs.size());
    tbb::parallel_for(0, ds.size(), [&](int i) { r.storage[i] = model.perturbedGraph(i, 0); });
    r.view = viewOf(ds, &r.storage);
    r.report = model.report();
    return r;
}

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

neural::TrainingCheckpoint partCheckpoint(const SweepOptions& options, int r, int part) {
    neural::TrainingCheckpoint c;
    c.everySeconds = options.checkpointEverySeconds;
    if (!options.journal) return c;
    c.path = options.journal->path() + ".r" + std::to_string(r) + ".p" + std::to_string(part) + ".ckpt";
    c.bestEffort = options.journal->bestEffort();
    return c;
}

}  // namespace px::experiment
