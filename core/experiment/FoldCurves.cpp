// The per-epoch test and validation curves of a GIN sweep's folds (FoldCurves.h).
#include "experiment/FoldCurves.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace px::experiment {

int bestMeanTestEpoch(const std::vector<std::vector<std::vector<TaskScore>>>& curves, int protocol, bool regression,
                      std::vector<TaskScore>& chosen) {
    std::size_t epochs = curves.front().size();
    for (const auto& c : curves) epochs = std::min(epochs, c.size());
    int best = 0;
    double bestValue = regression ? INFINITY : -INFINITY;
    for (std::size_t e = 0; e < epochs; ++e) {
        double sum = 0;
        for (const auto& c : curves) sum += regression ? c[e][std::size_t(protocol)].value : c[e][std::size_t(protocol)].accuracy;
        const double mean = sum / double(curves.size());
        if (regression ? mean < bestValue : mean > bestValue) { bestValue = mean; best = int(e); }
    }
    chosen.clear();
    for (const auto& c : curves) chosen.push_back(c[std::size_t(best)][std::size_t(protocol)]);
    return best + 1;
}

// "0.5120 0.5340 …": per-epoch numbers of each fold ([fold][epoch − 1]) averaged over the folds, one value per
// epoch that every fold ran, 4 decimals.
std::string foldMeanValues(const std::vector<std::vector<double>>& curves) {
    std::size_t epochs = curves.front().size();
    for (const auto& c : curves) epochs = std::min(epochs, c.size());
    std::string out;
    char cell[32];
    for (std::size_t e = 0; e < epochs; ++e) {
        double sum = 0;
        for (const auto& c : curves) sum += c[e];
        std::snprintf(cell, sizeof cell, "%s%.4f", e ? " " : "", sum / double(curves.size()));
        out += cell;
    }
    return out;
}

// The same for the test scores of protocol `protocol`: its metric, or its accuracy.
std::string foldMeanCurve(const std::vector<std::vector<std::vector<TaskScore>>>& curves, int protocol, bool accuracy) {
    std::vector<std::vector<double>> perFold;
    for (const auto& c : curves) {
        perFold.emplace_back();
        for (const auto& e : c) perFold.back().push_back(accuracy ? e[std::size_t(protocol)].accuracy : e[std::size_t(protocol)].value);
    }
    return foldMeanValues(perFold);
}

}  // namespace px::experiment
