// Which early estimate of a sweep is the most faithful for its cost: the app's default sweep (treewidth ≤ 2, d = 20,
// 10 budgets × 2 pattern seeds × 2 noise seeds, kNN, the shipped folds) on each social data set, computed in full
// and by three cheaper protocols a preview could use:
//   subsample     the app's preview: a stratified subsample of one graph in 20 (100–500 graphs), all folds
//                 restricted to it, the first pattern seed (experiment/SweepPreview.h);
//   pattern-seed  every graph and fold, the first pattern seed only;
//   first-fold    every graph, the first fold only, the first pattern seed only.
// For each: its wall time from nothing computed (no density cache) and how far its curve lies from the full
// sweep's: the mean and the largest |difference| of the mean accuracy over the budgets, beside the full sweep's
// own spread over its seeds (the mean sd of a grid point). Needs ../shared/data; run:
//   ./build/tests/bench_preview [--data PATH ...] [--out FILE.csv]
#include "ExplorerController.h"
#include "experiment/SweepPreview.h"
#include "io/Loaders.h"

#include <QCoreApplication>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

using px::experiment::SweepResult;
using px::experiment::SweepSpec;

// Mean accuracy per budget of a summarised sweep.
std::map<double, double> curve(const SweepResult& r, const char* column = "value_mean") {
    std::map<double, double> out;
    const auto& t = r.aggregated;
    for (int i = 0; i < t.rows(); ++i) {
        const auto& budget = t.at(i, "budget");
        const auto& value = t.at(i, column);
        if (budget.is_number() && value.is_number()) out[budget.get<double>()] = value.get<double>();
    }
    return out;
}

struct Estimate {
    std::string name;
    double seconds = 0, meanAbs = 0, maxAbs = 0;
    int graphs = 0;
};

Estimate compare(const std::string& name, double seconds, int graphs, const SweepResult& early, const std::map<double, double>& full) {
    Estimate e{name, seconds, 0, 0, graphs};
    const auto mine = curve(early);
    int count = 0;
    for (const auto& [budget, value] : full) {
        const auto it = mine.find(budget);
        if (it == mine.end()) continue;
        const double diff = std::abs(it->second - value);
        e.meanAbs += diff;
        e.maxAbs = std::max(e.maxAbs, diff);
        ++count;
    }
    e.meanAbs = count ? e.meanAbs / count : NAN;
    return e;
}

template <class F>
double timed(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double meanOf(const std::map<double, double>& m) {
    double s = 0;
    for (const auto& [k, v] : m) s += v;
    return m.empty() ? NAN : s / double(m.size());
}

// The full sweep and the three estimates on one data set; one row each.
std::vector<std::string> benchDataset(const std::string& path) {
    const px::Dataset data = px::io::loadDataset(path);
    ExplorerSettings settings;
    settings.dataset = path;
    applyDatasetChoices(settings, data);  // as the app opens it: D = its maximum degree, its shipped folds
    const SweepSpec spec = ExplorerController::specFor(settings);
    SweepResult full;
    const double fullSeconds = timed([&] { full = px::experiment::runSweep(spec, data); });
    const auto fullCurve = curve(full);
    const double spread = meanOf(curve(full, "value_std"));
    SweepSpec oneSeed = spec;
    oneSeed.patternSeeds.resize(1);
    SweepSpec oneFold = oneSeed;
    oneFold.runFolds = 1;
    const int previewGraphs = std::clamp(data.size() / 20, 100, 500);
    SweepResult r;
    std::vector<Estimate> estimates;
    double s = timed([&] { r = px::experiment::runPreviewSweep(spec, data, previewGraphs); });
    estimates.push_back(compare("subsample", s, r.metadata["preview"].value("graphs", 0), r, fullCurve));
    s = timed([&] { r = px::experiment::runSweep(oneSeed, data); });
    estimates.push_back(compare("pattern-seed", s, data.size(), r, fullCurve));
    s = timed([&] { r = px::experiment::runSweep(oneFold, data); });
    estimates.push_back(compare("first-fold", s, data.size(), r, fullCurve));
    std::vector<std::string> rows;
    char line[512];
    std::snprintf(line, sizeof line, "%s,%d,full,%.3f,%d,0,0,%.4f", data.name.c_str(), data.size(), fullSeconds, data.size(), spread);
    rows.push_back(line);
    std::printf("%-14s full          %7.2f s  %5d graphs  (seed spread: mean sd %.4f)\n", data.name.c_str(), fullSeconds, data.size(), spread);
    for (const Estimate& e : estimates) {
        std::snprintf(line, sizeof line, "%s,%d,%s,%.3f,%d,%.4f,%.4f,%.4f", data.name.c_str(), data.size(), e.name.c_str(), e.seconds,
                      e.graphs, e.meanAbs, e.maxAbs, spread);
        rows.push_back(line);
        std::printf("%-14s %-13s %7.2f s  %5d graphs  |difference| mean %.4f, largest %.4f\n", data.name.c_str(), e.name.c_str(),
                    e.seconds, e.graphs, e.meanAbs, e.maxAbs);
    }
    std::fflush(stdout);
    return rows;
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    setenv("PX_DENSITY_CACHE", "off", 1);  // every protocol computes its densities: the times are from nothing
    std::vector<std::string> data;
    std::string out;
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--data")) data.push_back(argv[i + 1]);
        if (!std::strcmp(argv[i], "--out")) out = argv[i + 1];
    }
    if (data.empty())
        for (const char* name : {"COLLAB-gin", "REDDIT-BINARY-gin", "IMDB-BINARY", "IMDB-MULTI"})
            data.push_back(std::string(PX_SHARED_DATA_DIR) + "/" + name);
    std::vector<std::string> rows;
    for (const std::string& path : data) {
        try {
            for (const std::string& r : benchDataset(path)) rows.push_back(r);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "bench_preview: %s: %s\n", path.c_str(), e.what());
            return 1;
        }
    }
    if (!out.empty()) {
        std::ofstream f(out);
        f << "dataset,graphs,protocol,seconds,graphs_used,mean_abs_difference,max_abs_difference,full_mean_seed_sd\n";
        for (const std::string& r : rows) f << r << "\n";
    }
    return 0;
}
