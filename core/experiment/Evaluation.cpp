// One evaluation of the private pipeline (Evaluation.h): release, features, learner, metrics, attack, controls.
#include "experiment/Evaluation.h"
#include "learn/LearnerRegistry.h"

#include "common/Rng.h"
#include "learn/Knn.h"
#include "learn/Metrics.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace px::experiment {

namespace {
// Graph indices grouped by class label of the task (regression or missing labels: one group), ascending.
std::map<long, std::vector<int>> strataOf(const Dataset& ds, int task) {
    std::map<long, std::vector<int>> strata;
    for (int i = 0; i < ds.size(); ++i) {
        const double y = task < ds.labels.cols() ? ds.labels(i, task) : 0.0;
        const bool classLike = task < int(ds.tasks.size()) && ds.tasks[task].type != TaskType::Regression && !std::isnan(y);
        strata[classLike ? std::lround(y) : -1].push_back(i);
    }
    return strata;
}
}  // namespace

TrainTest chooseSplit(const Dataset& ds, int task, std::uint64_t seed) {
    TrainTest s;
    if (ds.split && !ds.split->train.empty() && !ds.split->test.empty()) {
        s.train = ds.split->train;
        s.test = ds.split->test;
        s.name = ds.split->name;
        return s;
    }
    Rng rng(seed, "split");
    for (auto& [label, ids] : strataOf(ds, task)) {
        rng.shuffle(ids);
        const int nTest = int(std::lround(0.2 * double(ids.size())));
        s.test.insert(s.test.end(), ids.begin(), ids.begin() + nTest);
        s.train.insert(s.train.end(), ids.begin() + nTest, ids.end());
    }
    std::sort(s.train.begin(), s.train.end());
    std::sort(s.test.begin(), s.test.end());
    s.name = "stratified(seed=" + std::to_string(seed) + ")";
    return s;
}

std::vector<TrainTest> chooseFolds(const Dataset& ds, int task, std::uint64_t seed, int k) {
    if (k < 2) throw std::invalid_argument("k-fold cross-validation needs k ≥ 2");
    std::vector<TrainTest> folds;
    if (int(ds.folds.size()) == k) {
        for (const Split& f : ds.folds) folds.push_back({f.train, f.test, ds.name + " " + f.name + " of " + std::to_string(k)});
        return folds;
    }
    std::vector<int> foldOf(ds.size(), 0);
    Rng rng(seed, "folds");
    int offset = 0;  // continue the round robin across classes, so fold sizes differ by at most one
    for (auto& [label, ids] : strataOf(ds, task)) {
        rng.shuffle(ids);
        for (std::size_t r = 0; r < ids.size(); ++r) foldOf[ids[r]] = int((offset + r) % k);
        offset = int((offset + ids.size()) % k);
    }
    for (int f = 0; f < k; ++f) {
        TrainTest t;
        for (int i = 0; i < ds.size(); ++i) (foldOf[i] == f ? t.test : t.train).push_back(i);
        t.name = "stratified fold " + std::to_string(f + 1) + " of " + std::to_string(k) + " (seed=" + std::to_string(seed) + ")";
        folds.push_back(std::move(t));
    }
    return folds;
}

std::vector<int> sameNPermutation(const std::vector<long>& n, std::uint64_t seed) {
    std::map<long, std::vector<int>> byN;
    for (std::size_t i = 0; i < n.size(); ++i) byN[n[i]].push_back(int(i));
    std::vector<int> source(n.size());
    Rng rng(seed, "shuffle-within-n");
    for (auto& [size, ids] : byN) {
        std::vector<int> from = ids;
        rng.shuffle(from);
        for (std::size_t r = 0; r < ids.size(); ++r) source[ids[r]] = from[r];
    }
    return source;
}

double meanOf(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x / double(v.size());
    return s;
}

double sampleStdOf(const std::vector<double>& v) {
    if (v.size() < 2) return 0.0;
    const double m = meanOf(v);
    double s = 0;
    for (double x : v) s += (x - m) * (x - m) / double(v.size() - 1);
    return std::sqrt(s);
}

DensityMatrix::Matrix shuffleWithinSameN(const DensityMatrix::Matrix& rows, const Eigen::VectorXd& n, std::uint64_t seed) {
    std::vector<long> sizes(std::size_t(n.size()));
    for (Eigen::Index i = 0; i < n.size(); ++i) sizes[std::size_t(i)] = std::lround(n(i));
    const std::vector<int> source = sameNPermutation(sizes, seed);
    DensityMatrix::Matrix out(rows.rows(), rows.cols());
    for (std::size_t i = 0; i < source.size(); ++i) out.row(long(i)) = rows.row(source[i]);
    return out;
}

EvaluationResult evaluate(const Dataset& ds, const TrainTest& split, const DensityMatrix& clean,
                          const DensityMatrix::Matrix* released, const privacy::RowSampler* mechanism,
                          const std::function<double(int, int)>& noiseScale, const EvaluationParams& params) {
    (void)mechanism;
    const DensityMatrix::Matrix& trainSource = released ? *released : clean.t;
    const DensityMatrix::Matrix& testSource = (released && params.noisyTest) ? *released : clean.t;
    const FeatureOptions fo{params.featureMap, params.appendN, params.appendLogN};
    learn::RowMatrix xTrain = featureRows(trainSource, clean.n, params.patternSizes, split.train, fo);
    learn::RowMatrix xTest = featureRows(testSource, clean.n, params.patternSizes, split.test, fo);
    if (params.standardize) {
        const learn::Standardizer st = learn::Standardizer::fit(xTrain);
        xTrain = st.apply(xTrain);
        xTest = st.apply(xTest);
    }

    EvaluationResult res;
    double sum = 0, accSum = 0;
    int used = 0, accUsed = 0;
    for (int task : params.tasks) {
        const TaskType type = ds.tasks[task].type;
        std::vector<double> yTrain, yTest;
        for (int i : split.train) yTrain.push_back(ds.labels(i, task));
        for (int i : split.test) yTest.push_back(ds.labels(i, task));
        learn::LearnerConfig learner = params.learner;
        if (params.tuning.nested) {  // chosen on the training rows alone, then refitted on all of them
            learner = learn::tuneOnTraining(learner, params.tuning, xTrain, yTrain, type).chosen;
            res.tuned += (res.tuned.empty() ? "" : "|") + learn::describeHyperParameters(learner);
        }
        const std::vector<double> pred = learn::fitPredict(learner, xTrain, yTrain, xTest, type);
        // Scores are decision values for svm and linear (threshold 0), class-1 probabilities otherwise (0.5).
        const double threshold = learn::describeLearner(params.learner.kind).marginScores ? 0.0 : 0.5;
        const TaskScore s = scoreTask(type, pred, yTest, threshold);
        res.metric = s.metric;
        if (type != TaskType::Regression) { accSum += s.accuracy; ++accUsed; }
        if (!std::isnan(s.value)) { sum += s.value; ++used; }
    }
    res.value = used ? sum / used : std::nan("");
    res.accuracy = accUsed ? accSum / accUsed : std::nan("");

    if (params.attack) {
        attack::ReidParams rp;
        rp.subset = params.attackSubset;
        rp.seed = params.seed;
        res.attack = attack::reidentify(clean.t, clean.n, released ? *released : clean.t, noiseScale, rp);
        res.attacked = true;
    }
    return res;
}

TaskScore scoreTask(TaskType type, const std::vector<double>& pred, const std::vector<double>& yTest, double threshold) {
    TaskScore s;
    s.accuracy = std::nan("");
    if (type == TaskType::MultiClass) {
        s.metric = "accuracy";
        s.value = s.accuracy = learn::accuracy(pred, yTest);
    } else if (type == TaskType::Binary) {
        s.metric = "auc";
        s.value = learn::rocAuc(pred, yTest);
        std::vector<double> cls(pred.size());
        for (std::size_t i = 0; i < pred.size(); ++i) cls[i] = pred[i] > threshold ? 1.0 : 0.0;
        s.accuracy = learn::accuracy(cls, yTest);
    } else {
        s.metric = "rmse";
        s.value = learn::rmse(pred, yTest);
    }
    return s;
}

EvaluationResult evaluatePublicOnly(const Dataset& ds, const TrainTest& split, const Eigen::VectorXd& n, const EvaluationParams& params) {
    DensityMatrix none;
    none.t.resize(n.size(), 0);
    none.n = n;
    EvaluationParams p = params;
    p.appendN = true;  // n (and log n if the densities have it) is the whole feature vector
    p.featureMap = FeatureMap::Density;
    p.patternSizes.clear();
    p.attack = false;
    return evaluate(ds, split, none, nullptr, nullptr, nullptr, p);
}

}  // namespace px::experiment
