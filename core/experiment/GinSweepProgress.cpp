// The progress bar of a GIN sweep (GinSweepProgress.h).
#include "experiment/GinSweepProgress.h"

#include <cmath>
#include <set>

namespace px::experiment {

ProgressPlan planProgress(const SweepSpec& spec, const Dataset& data, int begin, int end) {
    const auto runs = spec.runs();
    const double h = spec.learner.gin.hidden;
    double vertices = 0, edges = 0, pairs = 0;
    for (const Graph& g : data.graphs) {
        vertices += g.numVertices();
        edges += double(g.numEdges());
        pairs += 0.5 * double(g.numVertices()) * double(g.numVertices() - 1);
    }
    std::set<std::uint64_t> cleanTrained;
    std::vector<double> cost;
    for (int r = begin; r < end; ++r) {
        const SweepSpec::Run& run = runs[std::size_t(r)];
        const privacy::MechanismParams& mp = spec.mechanisms[std::size_t(run.mechanismIndex)];
        const double budget = spec.budgets[std::size_t(run.budgetIndex)];
        double released = edges;
        if (std::isinf(budget)) {
            if (!cleanTrained.insert(spec.noiseSeeds[std::size_t(run.noiseSeedIndex)]).second) released = -1;
        } else if (mp.mechanism == privacy::MechanismKind::RandomizedResponse) {
            const double p = 1.0 / (1.0 + std::exp(budget));
            released = edges * (1 - p) + (pairs - edges) * p;
        }
        cost.push_back(released < 0 ? 1e-3 * (vertices * h * h + 2 * edges * h) : vertices * h * h + 2 * released * h);
    }
    double total = 0;
    for (double c : cost) total += c;
    ProgressPlan plan;
    double at = 0;
    for (double c : cost) {
        plan.start.push_back(at);
        plan.span.push_back(total > 0 ? c / total : 1.0 / double(cost.size()));
        at += plan.span.back();
    }
    return plan;
}

}  // namespace px::experiment
