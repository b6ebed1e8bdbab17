// The learner registry (LearnerRegistry.h): one description per learner, read by specs, panels and tools.
#include "learn/LearnerRegistry.h"

#include "learn/RowLearners.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace px::learn {

namespace {

std::string number(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

// The ranges a spec accepts (SweepSpec reads them from here); defaults are LearnerConfig's and GinParams'.
const LearnerParameter kK{"k", "neighbours voting for a graph (features standardised on the training rows)", 1, 1e6, 10};
const LearnerParameter kC{"C", "inverse regularisation", 1e-12, 1e12, 1, false};
const LearnerParameter kGamma{"gamma", "RBF kernel width (0: 1/features)", 0, 1e12, 0, false};
const LearnerParameter kTrees{"trees", "trees of the forest (boosting: rounds)", 1, 1e5, 100};
const LearnerParameter kMaxDepth{"max_depth", "deepest tree level", 1, 64, 6};
const LearnerParameter kSeed{"seed", "row and feature subsampling", 0, 9007199254740991.0, 1};

LearnerDescription entry(LearnerKind kind, std::string key, std::string title, std::string summary) {
    LearnerDescription d;
    d.kind = kind;
    d.key = std::move(key);
    d.title = std::move(title);
    d.summary = std::move(summary);
    return d;
}

std::string treesAndDepth(const LearnerConfig& c) {
    return "trees=" + std::to_string(c.trees) + ",max_depth=" + std::to_string(c.maxDepth);
}

// The GIN trains on the graphs (experiment/GinSweep.h runs it); its parameters are neural::GinParams'.
LearnerDescription ginDescription() {
    LearnerDescription d = entry(LearnerKind::Gin, "gin", "graph isomorphism network",
                         "a GIN (Xu et al. 2019) trained on the graphs themselves, not on densities (LibTorch): on the clean graphs "
                         "at epsilon = inf, on the rr or dprr graphs otherwise");
    d.parameters = {{"layers", "message-passing layers (a GIN of L layers sees the L-hop neighbourhood)", 1, 64, 5},
                    {"hidden", "width of every layer's MLP", 1, 65536, 300},
                    {"epochs", "passes over the training graphs", 1, 100000, 100},
                    {"lr", "Adam learning rate", 1e-12, 10, 1e-3, false},
                    {"batch", "graphs per mini-batch", 1, 1000000, 64},
                    {"dropout", "dropout on the pooled vector before the head", 0, 0.99, 0, false},
                    {"max_degree_feature", "degree one-hot features: columns 0 ... this value", 1, 100000, 64},
                    {"patience", "stop after this many epochs without a better validation metric (0: all)", 0, 100000, 0},
                    {"threads", "intra-op threads (1: bit-for-bit reproducible)", 1, 1024, 1},
                    {"parallel_trainings", "trainings of a sweep run at once", 1, 256, 1},
                    {"lr_decay_every", "multiply the learning rate by lr_decay every this many epochs (0: never)", 0, 100000, 0},
                    {"lr_decay", "learning-rate factor", 1e-6, 1, 0.5, false},
                    {"iterations_per_epoch", "batches per epoch (0: one shuffled pass)", 0, 10000000, 0}};
    d.needsGraphs = true;
    d.needsNeuralLayer = true;
    d.tuning = "batch in {32, 128} x dropout in {0, 0.5} (hidden in {16, 32}), chosen on the validation graphs it holds out";
    d.defaultGrid = [] { TuningGrid g; g.hidden = {16, 32}; g.batch = {32, 128}; g.dropout = {0, 0.5}; return g; };
    d.describeChosen = [](const LearnerConfig& c) {
        return "hidden=" + std::to_string(c.gin.hidden) + ",batch=" + std::to_string(c.gin.batch) + ",dropout=" + number(c.gin.dropout) +
               ",lr=" + number(c.gin.lr);
    };
    d.runTableParams = [](const LearnerConfig& c) { return neural::describe(c.gin); };
    return d;
}

std::vector<LearnerDescription> buildRegistry() {
    std::vector<LearnerDescription> r;
    {
        LearnerDescription d = entry(LearnerKind::Knn, "knn", "k-nearest neighbours", "exact k nearest neighbours (Eigen): majority vote, mean of the neighbours' labels for a score");
        d.parameters = {kK};
        d.tuning = "nested CV over k in {1, 3, 5, 10, 20, 50}";
        d.fitRows = fitKnn;
        d.defaultGrid = [] { TuningGrid g; g.k = {1, 3, 5, 10, 20, 50}; return g; };
        d.describeChosen = [](const LearnerConfig& c) { return "k=" + std::to_string(c.k); };
        d.runTableParams = d.describeChosen;
        r.push_back(d);
    }
    {
        LearnerDescription d = entry(LearnerKind::Svm, "svm", "support vector machine", "libsvm: RBF C-SVC (classification), epsilon-SVR (regression)");
        d.parameters = {kC, kGamma};
        d.marginScores = true;
        d.tuning = "nested CV over C in {0.01 ... 100} x gamma";
        d.fitRows = fitSvm;
        d.defaultGrid = [] { TuningGrid g; g.C = {0.01, 0.1, 1, 10, 100}; g.gamma = {0, 0.01, 0.1, 1}; return g; };
        d.describeChosen = [](const LearnerConfig& c) {
            return "C=" + number(c.C) + ",gamma=" + (c.gamma > 0 ? number(c.gamma) : std::string("1/features"));
        };
        d.runTableParams = [](const LearnerConfig& c) { return "C=" + std::to_string(c.C); };
        r.push_back(d);
    }
    {
        LearnerDescription d = entry(LearnerKind::Linear, "linear", "linear model", "liblinear: L2-regularised logistic regression, L2-loss linear SVR");
        d.parameters = {kC};
        d.marginScores = true;
        d.tuning = "nested CV over C in {0.01 ... 100}";
        d.fitRows = fitLinear;
        d.defaultGrid = [] { TuningGrid g; g.C = {0.01, 0.1, 1, 10, 100}; return g; };
        d.describeChosen = [](const LearnerConfig& c) { return "C=" + number(c.C); };
        d.runTableParams = [](const LearnerConfig& c) { return "C=" + std::to_string(c.C); };
        r.push_back(d);
    }
    {
        LearnerDescription d = entry(LearnerKind::RandomForest, "rf", "Breiman random forest",
                             "bootstrap, sqrt(d) features per split, trees grown to purity by default (scikit-learn's construction)");
        LearnerParameter depth = kMaxDepth;
        depth.min = 0;
        depth.defaultValue = 0;
        depth.meaning = "deepest tree level (0: unlimited)";
        d.parameters = {kTrees, depth, {"min_samples_split", "fewest rows a node splits", 2, 1e6, 2},
                        {"feature_tolerance", "values this close count as equal (scikit-learn: 1e-7)", 0, 1e6, 0, false}, kSeed};
        d.tuning = "nested CV over max_depth in {unlimited, 10} x min_samples_split in {2, 10}";
        d.fitRows = fitBreimanForest;
        d.defaultGrid = [] { TuningGrid g; g.maxDepth = {0, 10}; g.minSamplesSplit = {2, 10}; return g; };
        d.describeChosen = [](const LearnerConfig& c) {
            return "max_depth=" + std::to_string(c.maxDepth) + ",min_samples_split=" + std::to_string(c.minSamplesSplit);
        };
        d.runTableParams = treesAndDepth;
        r.push_back(d);
    }
    for (const bool forest : {true, false}) {
        LearnerDescription d = entry(forest ? LearnerKind::Forest : LearnerKind::Boosting, forest ? "forest" : "boosting",
                             forest ? "XGBoost random forest" : "XGBoost gradient boosting",
                             forest ? "XGBoost: parallel trees in one round, row and column subsampling" : "XGBoost: gradient-boosted trees, learning rate 0.1");
        d.parameters = {kTrees, kMaxDepth, kSeed};
        d.tuning = "nested CV over trees in {50, 200} x max_depth in {3, 6, 10}";
        d.fitRows = forest ? fitXgbForest : fitXgbBoosting;
        d.defaultGrid = [] { TuningGrid g; g.trees = {50, 200}; g.maxDepth = {3, 6, 10}; return g; };
        d.describeChosen = treesAndDepth;
        d.runTableParams = treesAndDepth;
        r.push_back(d);
    }
    r.push_back(ginDescription());
    return r;
}

}  // namespace

const LearnerParameter* LearnerDescription::parameter(std::string_view name) const {
    for (const LearnerParameter& p : parameters)
        if (p.name == name) return &p;
    return nullptr;
}

const std::vector<LearnerDescription>& learnerRegistry() {
    static const std::vector<LearnerDescription> registry = buildRegistry();
    return registry;
}

const LearnerDescription& describeLearner(LearnerKind kind) {
    for (const LearnerDescription& d : learnerRegistry())
        if (d.kind == kind) return d;
    throw std::logic_error("a learner kind without a registry entry");
}

const std::string& learnerKey(LearnerKind kind) { return describeLearner(kind).key; }

std::optional<LearnerKind> learnerFromKey(std::string_view key) {
    for (const LearnerDescription& d : learnerRegistry())
        if (d.key == key) return d.kind;
    return std::nullopt;
}

std::string learnerKeyList() {
    std::string out;
    const auto& all = learnerRegistry();
    for (std::size_t i = 0; i < all.size(); ++i) out += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + all[i].key;
    return out;
}

int defaultMaxDepth(LearnerKind kind) {
    const LearnerParameter* depth = describeLearner(kind).parameter("max_depth");
    return depth ? int(depth->defaultValue) : LearnerConfig{}.maxDepth;
}

std::optional<LearnerParameter> learnerParameterFor(LearnerKind kind, std::string_view name) {
    if (const LearnerParameter* own = describeLearner(kind).parameter(name)) return *own;
    std::optional<LearnerParameter> any;
    for (const LearnerDescription& d : learnerRegistry())
        if (const LearnerParameter* p = d.parameter(name)) {
            if (!any) {
                any = *p;
                any->defaultValue = std::nan("");
            }
            any->min = std::min(any->min, p->min);
            any->max = std::max(any->max, p->max);
        }
    return any;
}

}  // namespace px::learn
