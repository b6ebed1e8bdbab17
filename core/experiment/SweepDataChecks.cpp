// The tasks, splits and data checks of a sweep (SweepDataChecks.h).
#include "experiment/SweepDataChecks.h"

#include "common/Error.h"
#include "privacy/Mechanism.h"

#include <cmath>
#include <string>

namespace px::experiment {

namespace {

// Mirrors NoiseModel's own check (privacy/Mechanism.cpp): the bound D is an assumption about every graph.
bool usesDegreeBound(const privacy::MechanismParams& m) {
    return !privacy::perturbsGraph(m.mechanism) && m.mechanism != privacy::MechanismKind::SmoothGaussian &&
           m.sensitivity == privacy::SensitivitySource::PublicDegreeBound && !m.referenceMode;
}

void checkDegreeBounds(const SweepSpec& spec, const Dataset& data) {
    if (learn::isGraphLearner(spec.learner.kind)) return;  // graph learners release perturbed graphs, not densities
    bool releases = false;                                   // ε = ∞ releases the clean densities: no bound is used
    for (double b : spec.budgets) releases = releases || std::isfinite(b);
    if (!releases) return;
    const privacy::GraphFacts facts = privacy::GraphFacts::of(data);
    for (std::size_t i = 0; i < spec.mechanisms.size(); ++i) {
        const privacy::MechanismParams& m = spec.mechanisms[i];
        if (!usesDegreeBound(m)) continue;
        for (std::size_t g = 0; g < facts.maxDegree.size(); ++g)
            if (facts.maxDegree[g] > m.degreeBound)
                throw InputError(spec.source, 0, "field \"" + spec.mechanismPointer(i) + "/degree_bound\": graph " + std::to_string(g) +
                                                     " of " + data.name + " has maximum degree " + std::to_string(facts.maxDegree[g]) +
                                                     " > the public bound D = " + std::to_string(m.degreeBound) +
                                                     "; it cannot be released under this assumption (choose D ≥ the data set's maximum degree)");
    }
}

void checkLabelledTraining(const SweepSpec& spec, const Dataset& data, const std::vector<int>& tasks) {
    for (int task : tasks) {
        const SweepSplits splits = sweepSplits(spec, data, task);
        for (std::size_t k = 0; k < splits.splits.size(); ++k) {
            bool labelled = false;
            for (int g : splits.splits[k].train) labelled = labelled || !std::isnan(data.labels(g, task));
            if (!labelled)
                throw InputError(spec.source, 0, "field \"/task\": task " + std::to_string(task) + " of " + data.name +
                                                     " has no labelled graph in the training part of " +
                                                     (splits.splits.size() == 1 ? std::string("its split") : "fold " + std::to_string(k + 1)) +
                                                     " (" + splits.name + "); choose a task with labels");
        }
    }
}

}  // namespace

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
            throw InputError(spec.source, 0, "field \"/task\": expected \"all\" or an index 0.." + std::to_string(ds.tasks.size() - 1) +
                                              ", found \"" + spec.task + "\"");
        tasks.push_back(t);
    }
    checkSpecAgainstData(spec, ds, tasks);
    return tasks;
}

void checkSpecAgainstData(const SweepSpec& spec, const Dataset& data, const std::vector<int>& tasks) {
    checkDegreeBounds(spec, data);
    checkLabelledTraining(spec, data, tasks);
}

SweepSplits sweepSplits(const SweepSpec& spec, const Dataset& data, int task) {
    SweepSplits s;
    const int k = spec.folds();
    s.splits = k > 0 ? chooseFolds(data, task, spec.splitSeed, k) : std::vector<TrainTest>{chooseSplit(data, task, spec.splitSeed)};
    s.name = k == 0 ? s.splits[0].name
                    : std::to_string(k) + "-fold (" + (int(data.folds.size()) == k ? "shipped folds" : "stratified, seed=" + std::to_string(spec.splitSeed)) + ")";
    if (spec.runFolds > 0 && spec.runFolds < int(s.splits.size())) {
        s.splits.resize(std::size_t(spec.runFolds));
        s.name += spec.runFolds == 1 ? ", only fold 1 run" : ", only folds 1-" + std::to_string(spec.runFolds) + " run";
    }
    return s;
}

}  // namespace px::experiment
