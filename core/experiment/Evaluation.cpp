#include "experiment/Evaluation.h"

#include "common/Rng.h"
#include "learn/Knn.h"
#include "learn/Metrics.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace px::experiment {

TrainTest chooseSplit(const Dataset& ds, int task, std::uint64_t seed) {
    TrainTest s;
    if (ds.split && !ds.split->train.empty() && !ds.split->test.empty()) {
        s.train = ds.split->train;
        s.test = ds.split->test;
        s.name = ds.split->name;
        return s;
    }
    // Stratified by label value (regression or missing labels: one stratum).
    std::map<long, std::vector<int>> strata;
    for (int i = 0; i < ds.size(); ++i) {
        const double y = task < ds.labels.cols() ? ds.labels(i, task) : 0.0;
        const bool classLike = task < int(ds.tasks.size()) && ds.tasks[task].type != TaskType::Regression && !std::isnan(y);
        strata[classLike ? std::lround(y) : -1].push_back(i);
    }
    Rng rng(seed, "split");
    for (auto& [label, ids] : strata) {
        for (int i = int(ids.size()) - 1; i > 0; --i) std::swap(ids[i], ids[rng.below(std::uint64_t(i + 1))]);
        const int nTest = int(std::lround(0.2 * double(ids.size())));
        s.test.insert(s.test.end(), ids.begin(), ids.begin() + nTest);
        s.train.insert(s.train.end(), ids.begin() + nTest, ids.end());
    }
    std::sort(s.train.begin(), s.train.end());
    std::sort(s.test.begin(), s.test.end());
    s.name = "stratified(seed=" + std::to_string(seed) + ")";
    return s;
}

namespace {
learn::RowMatrix features(const DensityMatrix::Matrix& t, const Eigen::VectorXd& n, const std::vector<int>& rows, bool appendN) {
    learn::RowMatrix x(rows.size(), t.cols() + (appendN ? 1 : 0));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        x.row(long(r)).head(t.cols()) = t.row(rows[r]);
        if (appendN) x(long(r), t.cols()) = n(rows[r]);
    }
    return x;
}
}  // namespace

EvaluationResult evaluate(const Dataset& ds, const TrainTest& split, const DensityMatrix& clean,
                          const DensityMatrix::Matrix* released, const privacy::RowSampler* mechanism,
                          const std::function<double(int, int)>& noiseScale, const EvaluationParams& params) {
    (void)mechanism;
    const DensityMatrix::Matrix& trainSource = released ? *released : clean.t;
    const DensityMatrix::Matrix& testSource = (released && params.noisyTest) ? *released : clean.t;
    learn::RowMatrix xTrain = features(trainSource, clean.n, split.train, params.appendN);
    learn::RowMatrix xTest = features(testSource, clean.n, split.test, params.appendN);
    if (params.standardize) {
        const learn::Standardizer st = learn::Standardizer::fit(xTrain);
        xTrain = st.apply(xTrain);
        xTest = st.apply(xTest);
    }

    EvaluationResult res;
    double sum = 0;
    int used = 0;
    for (int task : params.tasks) {
        const TaskType type = ds.tasks[task].type;
        std::vector<double> yTrain, yTest;
        for (int i : split.train) yTrain.push_back(ds.labels(i, task));
        for (int i : split.test) yTest.push_back(ds.labels(i, task));
        const std::vector<double> pred = learn::fitPredict(params.learner, xTrain, yTrain, xTest, type);
        double v = std::nan("");
        if (type == TaskType::MultiClass) {
            res.metric = "accuracy";
            v = learn::accuracy(pred, yTest);
        } else if (type == TaskType::Binary) {
            res.metric = "auc";
            v = learn::rocAuc(pred, yTest);
        } else {
            res.metric = "rmse";
            v = learn::rmse(pred, yTest);
        }
        if (!std::isnan(v)) { sum += v; ++used; }
    }
    res.value = used ? sum / used : std::nan("");

    if (params.attack) {
        attack::ReidParams rp;
        rp.subset = params.attackSubset;
        rp.seed = params.seed;
        res.attack = attack::reidentify(clean.t, clean.n, released ? *released : clean.t, noiseScale, rp);
        res.attacked = true;
    }
    return res;
}

}  // namespace px::experiment
