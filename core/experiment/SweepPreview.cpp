// A quick first answer on a subsample of a large data set while the full sweep runs (SweepPreview.h).
#include "experiment/SweepPreview.h"

#include "experiment/DensityCache.h"

#include <cmath>
#include <map>

namespace px::experiment {

namespace {

// `indices` (ascending, of the full data set) as indices of the subsample, dropping graphs not in it.
std::vector<int> restricted(const std::vector<int>& indices, const std::vector<int>& newIndexOf) {
    std::vector<int> out;
    for (int i : indices)
        if (i >= 0 && i < int(newIndexOf.size()) && newIndexOf[i] >= 0) out.push_back(newIndexOf[i]);
    return out;
}

Split restricted(const Split& s, const std::vector<int>& newIndexOf) {
    return {s.name, restricted(s.train, newIndexOf), restricted(s.valid, newIndexOf), restricted(s.test, newIndexOf)};
}

// The graphs to keep: every `step`-th of each class (of the first task), in file order.
std::vector<int> chosenGraphs(const Dataset& data, int step) {
    const bool byClass = !data.tasks.empty() && data.tasks[0].type != TaskType::Regression && data.labels.cols() > 0;
    std::map<double, int> seenInClass;  // a missing label is a class of its own (NaN mapped to +inf)
    std::vector<int> chosen;
    for (int i = 0; i < data.size(); ++i) {
        double cls = byClass ? data.labels(i, 0) : 0.0;
        if (std::isnan(cls)) cls = INFINITY;
        if (seenInClass[cls]++ % step == 0) chosen.push_back(i);
    }
    return chosen;
}

}  // namespace

Dataset stratifiedSubsample(const Dataset& data, int maxGraphs) {
    const int step = std::max(1, int(std::ceil(double(data.size()) / std::max(1, maxGraphs))));
    const std::vector<int> chosen = chosenGraphs(data, step);
    std::vector<int> newIndexOf(data.size(), -1);
    Dataset sub;
    sub.name = data.name;
    sub.source = data.source + " (preview: every " + std::to_string(step) + "th graph of each class)";
    sub.tasks = data.tasks;
    sub.labels.resize(Eigen::Index(chosen.size()), data.labels.cols());
    sub.nodeLabelValues = data.nodeLabelValues;
    for (std::size_t k = 0; k < chosen.size(); ++k) {
        const int i = chosen[k];
        newIndexOf[i] = int(k);
        sub.graphs.push_back(data.graphs[i]);
        if (data.labels.cols() > 0) sub.labels.row(Eigen::Index(k)) = data.labels.row(i);
        if (!data.nodeLabels.empty()) sub.nodeLabels.push_back(data.nodeLabels[i]);
    }
    if (data.split) sub.split = restricted(*data.split, newIndexOf);
    for (const Split& fold : data.folds) {
        Split f = restricted(fold, newIndexOf);
        if (!f.train.empty() && !f.test.empty()) sub.folds.push_back(std::move(f));
    }
    return sub;
}

SweepResult runPreviewSweep(const SweepSpec& spec, const Dataset& data, int maxGraphs, Progress& progress) {
    const Dataset sub = stratifiedSubsample(data, maxGraphs);
    SweepSpec previewSpec = spec;
    previewSpec.patternSeeds.resize(1);
    DensityCache inMemoryOnly(std::size_t(256) << 20, nullptr);  // a subsample's densities are not worth keeping on disk
    SweepOptions options;
    options.densities = &inMemoryOnly;  // and no options.densityStore
    SweepResult r = runSweep(previewSpec, sub, options, progress);
    r.metadata["preview"] = {{"graphs", sub.size()}, {"of", data.size()}, {"pattern_seeds", 1}};
    return r;
}

}  // namespace px::experiment
