// Evaluation metrics (Metrics.h): ROC-AUC with ties, accuracy, RMSE, multi-task averages.
#include "learn/Metrics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace px::learn {

double rocAuc(const std::vector<double>& scores, const std::vector<double>& labels) {
    std::vector<int> idx;
    for (std::size_t i = 0; i < scores.size(); ++i)
        if (!std::isnan(labels[i])) idx.push_back(int(i));
    std::sort(idx.begin(), idx.end(), [&](int a, int b) { return scores[a] < scores[b]; });
    // Sum of the (average) ranks of the positives.
    double rankSum = 0.0;
    long pos = 0, neg = 0;
    for (std::size_t i = 0; i < idx.size();) {
        std::size_t j = i;
        while (j < idx.size() && scores[idx[j]] == scores[idx[i]]) ++j;
        const double avgRank = 0.5 * double(i + 1 + j);  // ranks i+1 .. j
        for (std::size_t k = i; k < j; ++k) {
            if (labels[idx[k]] > 0.5) { rankSum += avgRank; ++pos; } else { ++neg; }
        }
        i = j;
    }
    if (pos == 0 || neg == 0) return std::nan("");
    return (rankSum - double(pos) * double(pos + 1) / 2) / (double(pos) * double(neg));
}

double accuracy(const std::vector<double>& predicted, const std::vector<double>& labels) {
    long ok = 0, n = 0;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (std::isnan(labels[i])) continue;
        ++n;
        ok += std::lround(predicted[i]) == std::lround(labels[i]);
    }
    return n ? double(ok) / n : std::nan("");
}

double rmse(const std::vector<double>& predicted, const std::vector<double>& labels) {
    double s = 0;
    long n = 0;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (std::isnan(labels[i])) continue;
        s += (predicted[i] - labels[i]) * (predicted[i] - labels[i]);
        ++n;
    }
    return n ? std::sqrt(s / n) : std::nan("");
}

}  // namespace px::learn
