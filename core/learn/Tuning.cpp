// Nested cross-validation of a learner's hyper-parameters on the training rows only (Tuning.h).
#include "learn/Tuning.h"

#include "common/Error.h"
#include "common/Rng.h"
#include "learn/LearnerRegistry.h"
#include "learn/Metrics.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>

namespace px::learn {

TuningGrid defaultGrid(LearnerKind kind) { return describeLearner(kind).defaultGrid(); }

bool TuningGrid::empty() const {
    return k.empty() && C.empty() && gamma.empty() && trees.empty() && maxDepth.empty() && minSamplesSplit.empty() &&
           hidden.empty() && batch.empty() && dropout.empty() && lr.empty();
}

std::size_t chooseByValidation(const std::vector<double>& scores, bool lowerIsBetter) {
    if (scores.empty()) throw std::invalid_argument("tuning: no grid point was scored");
    std::size_t best = 0;
    for (std::size_t i = 1; i < scores.size(); ++i) {
        if (std::isnan(scores[i])) continue;
        if (std::isnan(scores[best]) || (lowerIsBetter ? scores[i] < scores[best] : scores[i] > scores[best])) best = i;
    }
    return best;
}

namespace {
template <class T>
std::vector<T> orBase(const std::vector<T>& values, T base) { return values.empty() ? std::vector<T>{base} : values; }

// Inner folds over the labelled training rows: stratified by label for classification (each class shuffled,
// its i-th row in fold i mod k), shuffled for regression. Rows without a label are in no fold.
std::vector<std::vector<int>> innerFolds(const std::vector<double>& y, TaskType type, int k, std::uint64_t seed) {
    std::map<double, std::vector<int>> byClass;
    for (int i = 0; i < int(y.size()); ++i)
        if (!std::isnan(y[i])) byClass[type == TaskType::Regression ? 0.0 : y[i]].push_back(i);
    std::vector<std::vector<int>> folds(k);
    int offset = 0;
    for (auto& [label, rows] : byClass) {
        Rng rng(seed, "inner folds", std::uint64_t(std::llround(label * 1000)));
        for (int i = int(rows.size()) - 1; i > 0; --i) std::swap(rows[i], rows[rng.below(std::uint64_t(i) + 1)]);
        for (std::size_t i = 0; i < rows.size(); ++i) folds[(offset + i) % k].push_back(rows[i]);
        offset += int(rows.size());
    }
    return folds;
}

double innerScore(TaskType type, const std::vector<double>& predicted, const std::vector<double>& labels) {
    if (type == TaskType::Binary) return rocAuc(predicted, labels);
    if (type == TaskType::MultiClass) return accuracy(predicted, labels);
    return -rmse(predicted, labels);
}
}  // namespace

std::vector<LearnerConfig> gridConfigurations(const LearnerConfig& base, const TuningGrid& grid) {
    std::vector<LearnerConfig> out;
    for (int k : orBase(grid.k, base.k))
        for (double C : orBase(grid.C, base.C))
            for (double gamma : orBase(grid.gamma, base.gamma))
                for (int trees : orBase(grid.trees, base.trees))
                    for (int depth : orBase(grid.maxDepth, base.maxDepth))
                        for (int split : orBase(grid.minSamplesSplit, base.minSamplesSplit))
                            for (int hidden : orBase(grid.hidden, base.gin.hidden))
                                for (int batch : orBase(grid.batch, base.gin.batch))
                                    for (double dropout : orBase(grid.dropout, base.gin.dropout))
                                        for (double lr : orBase(grid.lr, base.gin.lr)) {
                                            LearnerConfig c = base;
                                            c.k = k;
                                            c.C = C;
                                            c.gamma = gamma;
                                            c.trees = trees;
                                            c.maxDepth = depth;
                                            c.minSamplesSplit = split;
                                            c.gin.hidden = hidden;
                                            c.gin.batch = batch;
                                            c.gin.dropout = dropout;
                                            c.gin.lr = lr;
                                            out.push_back(c);
                                        }
    return out;
}

std::string describeHyperParameters(const LearnerConfig& c) { return describeLearner(c.kind).describeChosen(c); }

TunedLearner tuneOnTraining(const LearnerConfig& base, const TuningConfig& tuning, const RowMatrix& xTrain,
                            const std::vector<double>& yTrain, TaskType type) {
    if (isGraphLearner(base.kind)) throw std::invalid_argument("tuning: a graph learner (" + learnerKey(base.kind) + ") is not tuned by inner folds");
    TuningGrid grid = tuning.grid;
    if (grid.empty()) grid = defaultGrid(base.kind);
    const std::vector<LearnerConfig> configs = gridConfigurations(base, grid);
    const auto folds = innerFolds(yTrain, type, tuning.folds, tuning.seed);
    for (const auto& f : folds)
        if (f.empty())
            throw std::invalid_argument("tuning: " + std::to_string(yTrain.size()) + " training rows are too few for " +
                                        std::to_string(tuning.folds) + " inner folds");

    // score[c][f]: configuration c fitted without inner fold f, scored on it.
    std::vector<std::vector<double>> score(configs.size(), std::vector<double>(folds.size(), 0));
    tbb::parallel_for(std::size_t(0), configs.size() * folds.size(), [&](std::size_t job) {
        // A grid multiplies fits that cannot all be interrupted (liblinear, small libsvm fits, XGBoost's forest):
        // a cancel is honoured before each of them.
        if (base.stop && base.stop->cancelled()) throw px::Cancelled();
        const std::size_t c = job / folds.size(), f = job % folds.size();
        std::vector<int> fitRows;
        for (std::size_t g = 0; g < folds.size(); ++g)
            if (g != f) fitRows.insert(fitRows.end(), folds[g].begin(), folds[g].end());
        std::sort(fitRows.begin(), fitRows.end());
        RowMatrix xa(long(fitRows.size()), xTrain.cols()), xb(long(folds[f].size()), xTrain.cols());
        std::vector<double> ya, yb;
        for (std::size_t r = 0; r < fitRows.size(); ++r) {
            xa.row(long(r)) = xTrain.row(fitRows[r]);
            ya.push_back(yTrain[std::size_t(fitRows[r])]);
        }
        for (std::size_t r = 0; r < folds[f].size(); ++r) {
            xb.row(long(r)) = xTrain.row(folds[f][r]);
            yb.push_back(yTrain[std::size_t(folds[f][r])]);
        }
        LearnerConfig config = configs[c];
        if (config.kind == LearnerKind::Knn) config.k = std::min(config.k, int(fitRows.size()));
        score[c][f] = innerScore(type, fitPredict(config, xa, ya, xb, type), yb);
    });
    TunedLearner best;
    best.innerScore = -INFINITY;
    for (std::size_t c = 0; c < configs.size(); ++c) {
        double mean = 0;
        for (double s : score[c]) mean += (std::isnan(s) ? -INFINITY : s) / double(folds.size());
        if (mean > best.innerScore) best = {configs[c], mean};
    }
    if (!std::isfinite(best.innerScore)) best = {configs.front(), best.innerScore};
    if (best.chosen.kind == LearnerKind::Knn) best.chosen.k = std::min(best.chosen.k, int(xTrain.rows()));
    return best;
}

}  // namespace px::learn
