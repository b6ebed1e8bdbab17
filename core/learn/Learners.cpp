// The downstream learners behind one call, fitPredict (Learners.h), on libsvm, liblinear, XGBoost and our own.
#include "learn/Learners.h"

#include "common/ChildProcess.h"
#include "common/Error.h"
#include "learn/LearnerRegistry.h"
#include "learn/RandomForest.h"
#include "learn/RowLearners.h"

#include <cmath>
#include <cstdlib>
#include <libsvm/svm.h>
#include <linear.h>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <xgboost/c_api.h>

namespace px::learn {

bool isGraphLearner(LearnerKind kind) { return describeLearner(kind).needsGraphs; }

bool haveNeuralLayer() {
#ifdef PX_HAVE_NEURAL
    return true;
#else
    return false;
#endif
}

namespace {

void quiet(const char*) {}

std::mutex& liblinearRandMutex() {
    static std::mutex m;
    return m;
}

LabelledRows labelledRows(const RowMatrix& x, const std::vector<double>& y) {
    std::vector<int> keep;
    for (int i = 0; i < int(y.size()); ++i)
        if (!std::isnan(y[i])) keep.push_back(i);
    if (keep.empty()) throw std::invalid_argument("no labelled training graphs for this task");
    LabelledRows l;
    l.x.resize(long(keep.size()), x.cols());
    for (std::size_t r = 0; r < keep.size(); ++r) {
        l.x.row(long(r)) = x.row(keep[r]);
        l.y.push_back(y[keep[r]]);
    }
    return l;
}

}  // namespace

std::vector<double> fitKnn(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xt, TaskType type) {
    if (type == TaskType::MultiClass) {
        auto nb = knnIndices(tr.x, xt, c.k);
        std::vector<double> out;
        for (const auto& list : nb) {
            std::map<long, int> votes;
            for (int i : list) ++votes[std::lround(tr.y[i])];
            long best = 0;
            int bestCount = -1;
            for (auto& [cls, n] : votes)
                if (n > bestCount) { best = cls; bestCount = n; }
            out.push_back(double(best));
        }
        return out;
    }
    Eigen::MatrixXd y(long(tr.y.size()), 1);
    for (std::size_t i = 0; i < tr.y.size(); ++i) y(long(i), 0) = tr.y[i];
    KnnParams kp;
    kp.k = c.k;
    kp.exploringK = c.exploringK;
    Eigen::MatrixXd p = knnPredict(tr.x, y, xt, kp);
    return std::vector<double>(p.data(), p.data() + p.rows());
}

namespace {

// Dense rows as libsvm/liblinear sparse nodes (index 1-based, terminated by index −1).
template <class Node>
std::vector<std::vector<Node>> nodes(const RowMatrix& x, bool bias) {
    std::vector<std::vector<Node>> out(x.rows());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        for (Eigen::Index j = 0; j < x.cols(); ++j)
            if (x(i, j) != 0.0) out[i].push_back({int(j + 1), x(i, j)});
        if (bias) out[i].push_back({int(x.cols() + 1), 1.0});
        out[i].push_back({-1, 0.0});
    }
    return out;
}

constexpr int kSvmRowsInChildProcess = 400;

// One libsvm fit and its predictions. libsvm's solver has no callback to stop it (a fit with a large
// C may take minutes), so svm() runs this in a child process that a cancellation kills.
std::vector<double> svmFitPredict(svm_problem prob, svm_parameter p, const RowMatrix& xt, TaskType type) {
    std::unique_ptr<svm_model, void (*)(svm_model*)> model(svm_train(&prob, &p), [](svm_model* m) { svm_free_and_destroy_model(&m); });
    auto testNodes = nodes<svm_node>(xt, false);
    std::vector<double> out;
    const int nrClass = svm_get_nr_class(model.get());
    std::vector<int> labels(std::max(nrClass, 2));
    if (type == TaskType::Binary) svm_get_labels(model.get(), labels.data());
    for (auto& r : testNodes) {
        if (type == TaskType::Binary && nrClass == 2) {
            double dec = 0;
            svm_predict_values(model.get(), r.data(), &dec);
            out.push_back(labels[0] == 1 ? dec : -dec);  // positive decision value favours labels[0]
        } else {
            out.push_back(svm_predict(model.get(), r.data()));
        }
    }
    return out;
}

}  // namespace

std::vector<double> fitSvm(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xt, TaskType type) {
    svm_set_print_string_function(&quiet);
    auto trainNodes = nodes<svm_node>(tr.x, false);
    std::vector<svm_node*> rows;
    for (auto& r : trainNodes) rows.push_back(r.data());
    std::vector<double> y = tr.y;
    svm_problem prob{int(y.size()), y.data(), rows.data()};
    svm_parameter p{};
    p.svm_type = type == TaskType::Regression ? EPSILON_SVR : C_SVC;
    p.kernel_type = RBF;
    p.gamma = c.gamma > 0 ? c.gamma : 1.0 / std::max<Eigen::Index>(1, tr.x.cols());
    p.C = c.C;
    p.p = 0.1;
    p.eps = 1e-3;
    p.cache_size = 200;
    p.shrinking = 1;
    if (const char* err = svm_check_parameter(&prob, &p)) throw std::invalid_argument(std::string("libsvm: ") + err);
    // A child process costs ~4 ms (fork 1.6 ms, exit 2.2 ms with pxrun's 180 MB, measured): on PTC_MR (310
    // training rows) it doubled a sweep. Below 400 rows a fit usually takes a few ms and at most ~2 s (libsvm's
    // cap of 10^7 iterations, measured at 400 rows), so it runs here, uncancellable.
    if (!c.stop || prob.l < kSvmRowsInChildProcess) return svmFitPredict(prob, p, xt, type);
    return computeInChildProcess([&] { return svmFitPredict(prob, p, xt, type); }, c.stop, "the libsvm fit");
}

std::vector<double> fitLinear(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xt, TaskType type) {
    set_print_string_function(&quiet);
    auto trainNodes = nodes<feature_node>(tr.x, true);
    std::vector<feature_node*> rows;
    for (auto& r : trainNodes) rows.push_back(r.data());
    std::vector<double> y = tr.y;
    problem prob{};
    prob.l = int(y.size());
    prob.n = int(tr.x.cols() + 1);
    prob.y = y.data();
    prob.x = rows.data();
    prob.bias = 1.0;
    parameter p{};
    p.solver_type = type == TaskType::Regression ? L2R_L2LOSS_SVR : c.dual ? L2R_LR_DUAL : L2R_LR;
    p.C = c.C;
    p.eps = type == TaskType::Regression ? 1e-3 : c.dual ? 0.1 : 1e-2;  // liblinear's defaults
    p.p = 0.1;
    if (const char* err = check_parameter(&prob, &p)) throw std::invalid_argument(std::string("liblinear: ") + err);
    // liblinear's dual coordinate descent visits the samples in an order drawn with the C library's
    // rand(), one global stream: without a fixed seed per fit, a fit depends on every fit before it
    // and on the fits running beside it. Each dual fit therefore reseeds and holds the stream alone.
    std::unique_lock<std::mutex> randStream(liblinearRandMutex(), std::defer_lock);
    if (p.solver_type == L2R_LR_DUAL) {
        randStream.lock();
        std::srand(1);
    }
    std::unique_ptr<model, void (*)(model*)> m(train(&prob, &p), [](model* x) { free_and_destroy_model(&x); });
    if (randStream.owns_lock()) randStream.unlock();
    auto testNodes = nodes<feature_node>(xt, true);
    std::vector<double> out;
    const int nrClass = get_nr_class(m.get());
    std::vector<int> labels(std::max(nrClass, 2));
    if (type != TaskType::Regression) get_labels(m.get(), labels.data());
    for (auto& r : testNodes) {
        if (type == TaskType::Binary && nrClass == 2) {
            double dec = 0;
            predict_values(m.get(), r.data(), &dec);
            out.push_back(labels[0] == 1 ? dec : -dec);
        } else {
            out.push_back(predict(m.get(), r.data()));
        }
    }
    return out;
}

namespace {

void xgbCheck(int rc) {
    if (rc != 0) throw std::runtime_error(std::string("XGBoost: ") + XGBGetLastError());
}

std::vector<double> xgbTrees(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xt, TaskType type, bool forest) {
    const long n = long(tr.y.size()), d = long(tr.x.cols());
    std::vector<float> xf(std::size_t(n * d)), yf(tr.y.begin(), tr.y.end());
    for (long i = 0; i < n; ++i)
        for (long j = 0; j < d; ++j) xf[std::size_t(i * d + j)] = float(tr.x(i, j));
    DMatrixHandle dtrain = nullptr, dtest = nullptr;
    BoosterHandle booster = nullptr;
    struct Cleanup {
        DMatrixHandle& a; DMatrixHandle& b; BoosterHandle& c;
        ~Cleanup() { if (c) XGBoosterFree(c); if (a) XGDMatrixFree(a); if (b) XGDMatrixFree(b); }
    } cleanup{dtrain, dtest, booster};
    xgbCheck(XGDMatrixCreateFromMat(xf.data(), bst_ulong(n), bst_ulong(d), NAN, &dtrain));
    xgbCheck(XGDMatrixSetFloatInfo(dtrain, "label", yf.data(), bst_ulong(n)));
    xgbCheck(XGBoosterCreate(&dtrain, 1, &booster));
    int classes = 2;
    if (type == TaskType::MultiClass) {
        long mx = 0;
        for (double y : tr.y) mx = std::max(mx, std::lround(y));
        classes = int(mx + 1);
    }
    const std::string objective = type == TaskType::Regression ? "reg:squarederror" : type == TaskType::Binary ? "binary:logistic" : "multi:softmax";
    auto set = [&](const char* k, const std::string& v) { xgbCheck(XGBoosterSetParam(booster, k, v.c_str())); };
    set("objective", objective);
    if (type == TaskType::MultiClass) set("num_class", std::to_string(classes));
    set("max_depth", std::to_string(c.maxDepth));
    set("seed", std::to_string(c.seed));
    set("nthread", "2");
    set("verbosity", "0");
    int rounds = c.trees;
    if (forest) {
        // Random forest in XGBoost: many parallel trees in a single round, no shrinkage.
        set("num_parallel_tree", std::to_string(c.trees));
        set("subsample", "0.632");
        set("colsample_bynode", std::to_string(std::min(1.0, std::sqrt(double(d)) / double(d) + 1e-9)));
        set("learning_rate", "1");
        rounds = 1;
    } else {
        set("learning_rate", "0.1");
    }
    for (int it = 0; it < rounds; ++it) {
        if (c.stop && c.stop->cancelled()) throw Cancelled();  // the handles are freed by cleanup
        xgbCheck(XGBoosterUpdateOneIter(booster, it, dtrain));
    }
    const long nt = long(xt.rows());
    std::vector<float> xtf(std::size_t(nt * d));
    for (long i = 0; i < nt; ++i)
        for (long j = 0; j < d; ++j) xtf[std::size_t(i * d + j)] = float(xt(i, j));
    xgbCheck(XGDMatrixCreateFromMat(xtf.data(), bst_ulong(nt), bst_ulong(d), NAN, &dtest));
    bst_ulong len = 0;
    const float* pred = nullptr;
    xgbCheck(XGBoosterPredict(booster, dtest, 0, 0, 0, &len, &pred));
    return std::vector<double>(pred, pred + len);
}

}  // namespace

std::vector<double> fitXgbForest(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xt, TaskType type) {
    return xgbTrees(c, tr, xt, type, true);
}

std::vector<double> fitXgbBoosting(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xt, TaskType type) {
    return xgbTrees(c, tr, xt, type, false);
}

std::vector<double> fitBreimanForest(const LearnerConfig& c, const LabelledRows& tr, const RowMatrix& xt, TaskType type) {
    ForestParams p;
    p.trees = c.trees;
    p.maxDepth = c.maxDepth;
    p.minSamplesSplit = c.minSamplesSplit;
    p.featureTolerance = c.featureTolerance;
    p.seed = c.seed;
    p.stop = c.stop;
    return randomForestPredict(p, tr.x, tr.y, xt, type);
}

std::vector<double> fitPredict(const LearnerConfig& c, const RowMatrix& xTrain, const std::vector<double>& yTrain,
                               const RowMatrix& xTest, TaskType type) {
    const LearnerDescription& learner = describeLearner(c.kind);
    if (!learner.fitRows)
        throw std::invalid_argument("learner '" + learner.key + "' trains on graphs, not on feature rows (a sweep runs it on the graphs)");
    return learner.fitRows(c, labelledRows(xTrain, yTrain), xTest, type);
}

}  // namespace px::learn
