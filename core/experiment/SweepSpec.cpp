#include "experiment/SweepSpec.h"

#include "common/Error.h"
#include "common/MemoryBudget.h"
#include "common/JsonFields.h"
#include "common/JsonInput.h"
#include "privacy/EmbeddingExport.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <fstream>
#include <set>
#include <sstream>

namespace px::experiment {

std::vector<std::string> SweepSpec::classKeys() const {
    return classes.empty() ? std::vector<std::string>{patterns.patternClass.key()} : classes;
}

std::vector<int> SweepSpec::dimValues() const { return dims.empty() ? std::vector<int>{patterns.count} : dims; }

std::vector<SweepSpec::Run> SweepSpec::runs() const {
    checkGridSize("<spec \"" + name + "\">");
    std::vector<Run> out;
    const int C = int(classKeys().size()), D = int(dimValues().size());
    for (int c = 0; c < C; ++c)
        for (int d = 0; d < D; ++d)
            for (int p = 0; p < int(patternSeeds.size()); ++p)
                for (int m = 0; m < int(mechanisms.size()); ++m)
                    for (int b = 0; b < int(budgets.size()); ++b)
                        for (int s = 0; s < int(noiseSeeds.size()); ++s)
                            out.push_back({int(out.size()), c, d, p, m, b, s});
    return out;
}

void SweepSpec::checkGridSize(const std::string& source) const {
    const double sizes[] = {double(classKeys().size()), double(dimValues().size()), double(patternSeeds.size()),
                            double(mechanisms.size()),  double(budgets.size()),     double(noiseSeeds.size())};
    double runs = 1;
    for (double n : sizes) runs *= n;
    char product[160];
    std::snprintf(product, sizeof product, "%g classes × %g d × %g pattern seeds × %g mechanisms × %g budgets × %g noise seeds",
                  sizes[0], sizes[1], sizes[2], sizes[3], sizes[4], sizes[5]);
    if (runs > double(std::numeric_limits<int>::max()))
        throw ResourceError(source + ": the grid has " + [&] {
            char n[32];
            std::snprintf(n, sizeof n, "%.3g", runs);
            return std::string(n);
        }() + " runs (" + product +
                            "), more than a sweep can index (2^31 − 1); split it into several specs or shards");
    // each run keeps a row of ~60 cells (~4 KiB with the JSON cell overhead) and its index entry
    checkMemory(source, "the grid's " + std::to_string(long(runs)) + " runs (" + product + ")", runs * 4096.0);
}

int SweepSpec::folds() const {
    if (protocol == "split") return 0;
    const auto dash = protocol.find("-fold");
    if (dash == std::string::npos || dash == 0 || dash + 5 != protocol.size())
        throw std::invalid_argument("protocol must be \"split\" or \"K-fold\" (e.g. \"10-fold\"), found \"" + protocol + "\"");
    int k = 0;
    for (std::size_t i = 0; i < dash; ++i) {
        if (protocol[i] < '0' || protocol[i] > '9' || k > 1000) throw std::invalid_argument("protocol: K of \"K-fold\" must be a whole number from 2 to 1000");
        k = k * 10 + (protocol[i] - '0');
    }
    if (k < 2 || k > 1000) throw std::invalid_argument("protocol: K of \"K-fold\" must be from 2 to 1000");
    return k;
}

std::pair<int, int> shardRange(int runs, int shard, int shards) {
    if (shards < 1 || shard < 0 || shard >= shards)
        throw std::invalid_argument("shard must be i/N with 0 ≤ i < N (got " + std::to_string(shard) + "/" + std::to_string(shards) + ")");
    const long b = long(runs) * shard / shards, e = long(runs) * (shard + 1) / shards;
    return {int(b), int(e)};
}

namespace {
nlohmann::json budgetJson(double v) { return std::isinf(v) ? nlohmann::json("inf") : nlohmann::json(v); }
}  // namespace

nlohmann::json SweepSpec::toJson() const {
    nlohmann::json j;
    j["format"] = "pxstudio-sweep";
    j["version"] = 1;
    j["name"] = name;
    j["dataset"] = dataset;
    j["task"] = task;
    j["patterns"] = {{"class", patterns.patternClass.key()}, {"d", patterns.count}, {"size_mean", patterns.size.mean},
                     {"size_max", patterns.size.maxSize}, {"edge_retention", patterns.edgeRetention},
                     {"connected", patterns.connected}, {"allow_single_vertex", patterns.allowSingleVertex},
                     {"duplicates", patterns.duplicates == DuplicatePolicy::Keep ? "keep" : "resample"}};
    j["classes"] = classes;
    j["dims"] = dims;
    j["pattern_seeds"] = patternSeeds;
    auto mech = nlohmann::json::array();
    for (const auto& m : mechanisms) mech.push_back(privacy::toJson(m));
    j["mechanisms"] = mech;
    auto b = nlohmann::json::array();
    for (double v : budgets) b.push_back(budgetJson(v));
    j["budget"] = {{"axis", budgetAxis == privacy::BudgetAxis::Epsilon ? "epsilon" : "rho"}, {"values", b}};
    j["noise_seeds"] = noiseSeeds;
    j["learner"] = {{"kind", learner.kind}, {"k", learner.k}, {"C", learner.C}, {"gamma", learner.gamma},
                    {"trees", learner.trees}, {"max_depth", learner.maxDepth}, {"min_samples_split", learner.minSamplesSplit},
                    {"feature_tolerance", learner.featureTolerance}, {"seed", learner.seed}};
    {  // the GIN's settings are written whatever the kind (only "gin" uses them), so a spec states them all
        const neural::GinParams& g = learner.gin;
        j["learner"].update({{"layers", g.layers}, {"hidden", g.hidden}, {"epochs", g.epochs}, {"lr", g.lr}, {"batch", g.batch},
                             {"dropout", g.dropout}, {"pooling", neural::key(g.pooling)}, {"features", neural::key(g.features)},
                             {"max_degree_feature", g.maxDegreeFeature}, {"patience", g.patience},
                             {"regression_loss", neural::key(g.regressionLoss)}, {"threads", g.threads},
                             {"parallel_trainings", g.parallelTrainings},
                             {"readout", neural::key(g.readout)}, {"mlp_norm", g.mlpNorm}, {"lr_decay_every", g.lrDecayEvery},
                             {"lr_decay", g.lrDecay}, {"iterations_per_epoch", g.iterationsPerEpoch},
                             {"epoch_selection", neural::key(g.selection)}});
    }
    j["noisy_test"] = bothTests ? nlohmann::json("both") : nlohmann::json(noisyTest);
    j["append_n"] = appendN;
    j["append_log_n"] = appendLogN;
    j["feature_map"] = featureMapKey(featureMap);
    if (tuning.nested) {
        const learn::TuningGrid& g = tuning.grid;
        nlohmann::json grid = nlohmann::json::object();
        if (!g.k.empty()) grid["k"] = g.k;
        if (!g.C.empty()) grid["C"] = g.C;
        if (!g.gamma.empty()) grid["gamma"] = g.gamma;
        if (!g.trees.empty()) grid["trees"] = g.trees;
        if (!g.maxDepth.empty()) grid["max_depth"] = g.maxDepth;
        if (!g.minSamplesSplit.empty()) grid["min_samples_split"] = g.minSamplesSplit;
        if (!g.hidden.empty()) grid["hidden"] = g.hidden;
        if (!g.batch.empty()) grid["batch"] = g.batch;
        if (!g.dropout.empty()) grid["dropout"] = g.dropout;
        if (!g.lr.empty()) grid["lr"] = g.lr;
        j["tuning"] = {{"mode", "nested"}, {"folds", tuning.folds}, {"seed", tuning.seed}, {"grid", grid}};
    }
    j["standardize"] = standardize;
    j["attack"] = attack;
    j["attack_subset"] = attackSubset;
    j["split_seed"] = splitSeed;
    j["protocol"] = protocol;
    j["run_folds"] = runFolds;
    j["controls"] = controls;
    return j;
}

namespace {
namespace F = json_fields;
constexpr long long kMaxPatterns = 100000;   // d: beyond it the density matrix alone outgrows memory on real data
constexpr double kMaxPatternSize = 64;       // m: pattern vertices (the DP's tables grow with m; t(F, G) vanishes)
constexpr long long kMaxSeed = 9007199254740991LL;  // 2^53 − 1: exact in every JSON reader

// The GIN keys of "learner" (neural/GinParams.h); each is checked for its kind and range.
void readGinParams(const nlohmann::json& l, neural::GinParams& g, std::string& field) {
    g.layers = int(F::getInteger(l, "layers", g.layers, "learner", 1, 64));
    g.hidden = int(F::getInteger(l, "hidden", g.hidden, "learner", 1, 65536));
    g.epochs = int(F::getInteger(l, "epochs", g.epochs, "learner", 1, 100000));
    g.lr = F::getNumber(l, "lr", g.lr, "learner", 1e-12, 10);
    g.batch = int(F::getInteger(l, "batch", g.batch, "learner", 1, 1000000));
    g.dropout = F::getNumber(l, "dropout", g.dropout, "learner", 0, 0.99);
    g.maxDegreeFeature = int(F::getInteger(l, "max_degree_feature", g.maxDegreeFeature, "learner", 1, 100000));
    g.patience = int(F::getInteger(l, "patience", g.patience, "learner", 0, 100000));
    g.threads = int(F::getInteger(l, "threads", g.threads, "learner", 1, 1024));
    g.parallelTrainings = int(F::getInteger(l, "parallel_trainings", g.parallelTrainings, "learner", 1, 256));
    g.lrDecayEvery = int(F::getInteger(l, "lr_decay_every", g.lrDecayEvery, "learner", 0, 100000));
    g.lrDecay = F::getNumber(l, "lr_decay", g.lrDecay, "learner", 1e-6, 1);
    g.iterationsPerEpoch = int(F::getInteger(l, "iterations_per_epoch", g.iterationsPerEpoch, "learner", 0, 10000000));
    field = "learner.mlp_norm";
    g.mlpNorm = F::getBool(l, "mlp_norm", g.mlpNorm, "learner");
    field = "learner.readout";
    g.readout = neural::readoutFromString(F::getString(l, "readout", neural::key(g.readout), "learner"));
    field = "learner.epoch_selection";
    g.selection = neural::epochSelectionFromString(F::getString(l, "epoch_selection", neural::key(g.selection), "learner"));
    field = "learner.pooling";
    g.pooling = neural::poolingFromString(F::getString(l, "pooling", neural::key(g.pooling), "learner"));
    field = "learner.features";
    g.features = neural::nodeFeaturesFromString(F::getString(l, "features", neural::key(g.features), "learner"));
    field = "learner.regression_loss";
    g.regressionLoss = neural::regressionLossFromString(F::getString(l, "regression_loss", neural::key(g.regressionLoss), "learner"));
    field = "";
}
}  // namespace

namespace {
// "tuning": "none" | "nested" | {"mode": "nested", "folds": K, "seed": S, "grid": {"k": [...], "C": [...], ...}}
learn::TuningConfig tuningFromJson(const nlohmann::json& t, const std::string& learner) {
    namespace F = json_fields;
    learn::TuningConfig c;
    if (t.is_string()) {
        if (t != "none" && t != "nested") F::fail("tuning", "\"none\", \"nested\" or an object {mode, folds, seed, grid}", t);
        c.nested = t == "nested";
    } else if (t.is_object()) {
        F::checkKeys(t, {"mode", "folds", "seed", "grid"}, "tuning");
        const std::string mode = F::getString(t, "mode", "nested", "tuning");
        if (mode != "none" && mode != "nested") F::fail("tuning.mode", "\"none\" or \"nested\"", t["mode"]);
        c.nested = mode == "nested";
        c.folds = int(F::getInteger(t, "folds", c.folds, "tuning", 2, 20));
        c.seed = std::uint64_t(F::getInteger(t, "seed", (long long)c.seed, "tuning", 0, 9007199254740991LL));
        if (t.contains("grid")) {
            const nlohmann::json& g = t["grid"];
            if (!g.is_object()) F::fail("tuning.grid", "an object of hyper-parameter → list of values", g);
            F::checkKeys(g, {"k", "C", "gamma", "trees", "max_depth", "min_samples_split", "hidden", "batch", "dropout", "lr"},
                         "tuning.grid");
            auto ints = [&](const char* key, long long lo, long long hi) {
                std::vector<int> v;
                if (g.contains(key)) for (long long x : F::getIntegers(g, key, "tuning.grid", lo, hi)) v.push_back(int(x));
                return v;
            };
            auto reals = [&](const char* key, double lo, double hi) {
                std::vector<double> v;
                if (!g.contains(key)) return v;
                if (!g[key].is_array() || g[key].empty()) F::fail(std::string("tuning.grid.") + key, "a non-empty list of numbers", g[key]);
                for (const auto& x : g[key]) v.push_back(F::number(x, std::string("tuning.grid.") + key, lo, hi));
                return v;
            };
            c.grid.k = ints("k", 1, 100000);
            c.grid.C = reals("C", 1e-6, 1e6);
            c.grid.gamma = reals("gamma", 0, 1e6);
            c.grid.trees = ints("trees", 1, 5000);
            c.grid.maxDepth = ints("max_depth", 0, 64);
            c.grid.minSamplesSplit = ints("min_samples_split", 2, 1000000);
            c.grid.hidden = ints("hidden", 1, 65536);
            c.grid.batch = ints("batch", 1, 1000000);
            c.grid.dropout = reals("dropout", 0, 0.99);
            c.grid.lr = reals("lr", 1e-12, 10);
        }
    } else {
        F::fail("tuning", "\"none\", \"nested\" or an object {mode, folds, seed, grid}", t);
    }
    if (c.nested) learn::defaultGrid(learner);  // throws for a learner without a grid
    return c;
}
}  // namespace

SweepSpec SweepSpec::fromJson(const std::string& text, const std::string& src) {
    const nlohmann::json j = parseJsonInput(text, src);
    static const std::set<std::string> known = {"format", "version", "name", "dataset", "task", "patterns", "classes", "dims",
                                                "pattern_seeds", "mechanisms", "mechanism", "budget", "noise_seeds",
                                                "learner", "noisy_test", "append_n", "append_log_n", "feature_map", "tuning", "standardize", "attack", "attack_subset", "split_seed",
                                                "protocol", "run_folds", "controls"};
    SweepSpec s;
    std::string field;
    try {
        if (!j.is_object()) throw std::invalid_argument("expected a JSON object");
        for (auto it = j.begin(); it != j.end(); ++it)
            if (!known.count(it.key())) throw std::invalid_argument("unknown field \"" + it.key() + "\"");
        field = "name"; s.name = j.value("name", s.name);
        field = "dataset"; s.dataset = j.value("dataset", s.dataset);
        field = "task";
        if (j.contains("task")) s.task = j["task"].is_number() ? std::to_string(j["task"].get<int>()) : j["task"].get<std::string>();
        if (j.contains("patterns")) {
            const auto& p = j["patterns"];
            field = "";
            F::checkKeys(p, {"class", "d", "size_mean", "size_max", "edge_retention", "connected", "allow_single_vertex", "duplicates"}, "patterns");
            field = "patterns.class"; s.patterns.patternClass = PatternClass::parse(F::getString(p, "class", "trees", "patterns"));
            field = "";
            s.patterns.count = int(F::getInteger(p, "d", s.patterns.count, "patterns", 1, kMaxPatterns));
            s.patterns.size.mean = F::getNumber(p, "size_mean", s.patterns.size.mean, "patterns", 1, kMaxPatternSize);
            s.patterns.size.maxSize = int(F::getInteger(p, "size_max", s.patterns.size.maxSize, "patterns", 0, kMaxPatternSize));
            s.patterns.edgeRetention = F::getNumber(p, "edge_retention", s.patterns.edgeRetention, "patterns", 0, 1);
            s.patterns.connected = F::getBool(p, "connected", s.patterns.connected, "patterns");
            s.patterns.allowSingleVertex = F::getBool(p, "allow_single_vertex", false, "patterns");
            const std::string dup = F::getString(p, "duplicates", "resample", "patterns");
            if (dup != "keep" && dup != "resample") F::fail("patterns.duplicates", "\"keep\" or \"resample\"", p["duplicates"]);
            s.patterns.duplicates = dup == "keep" ? DuplicatePolicy::Keep : DuplicatePolicy::Resample;
        }
        field = "classes"; s.classes = j.value("classes", s.classes);
        for (const auto& c : s.classes) PatternClass::parse(c);
        field = "";
        if (j.contains("dims") && !(j["dims"].is_array() && j["dims"].empty())) {  // [] : the patterns' d
            s.dims.clear();
            for (long long d : F::getIntegers(j, "dims", "", 1, kMaxPatterns)) s.dims.push_back(int(d));
        }
        auto seeds = [&](const char* key, std::vector<std::uint64_t>& out) {
            if (!j.contains(key)) return;
            out.clear();
            for (long long v : F::getIntegers(j, key, "", 0, kMaxSeed)) out.push_back(std::uint64_t(v));
        };
        seeds("pattern_seeds", s.patternSeeds);
        field = "mechanisms";
        if (j.contains("mechanisms")) {
            s.mechanisms.clear();
            field = "";
            const auto& ms = j["mechanisms"];
            if (!ms.is_array() || ms.empty()) F::fail("mechanisms", "a non-empty list of mechanism objects", ms);
            for (std::size_t i = 0; i < ms.size(); ++i)
                s.mechanisms.push_back(privacy::mechanismParamsFromJson(ms[i], "mechanisms[" + std::to_string(i) + "]"));
        } else if (j.contains("mechanism")) {
            field = "";
            s.mechanisms = {privacy::mechanismParamsFromJson(j["mechanism"], "mechanism")};
        }
        if (j.contains("budget")) {
            const auto& b = j["budget"];
            field = "";
            F::checkKeys(b, {"axis", "values", "log_grid", "include_inf"}, "budget");
            field = "budget.axis";
            const std::string axis = b.value("axis", std::string("epsilon"));
            if (axis != "epsilon" && axis != "rho") throw std::invalid_argument("must be \"epsilon\" or \"rho\"");
            s.budgetAxis = axis == "epsilon" ? privacy::BudgetAxis::Epsilon : privacy::BudgetAxis::Rho;
            s.budgets.clear();
            if (b.contains("values")) {
                field = "";
                const auto& values = b["values"];
                if (!values.is_array() || values.empty()) F::fail("budget.values", "a non-empty list", values);
                for (std::size_t i = 0; i < values.size(); ++i) {
                    const auto& v = values[i];
                    if (v.is_string() && v.get<std::string>() == "inf") s.budgets.push_back(INFINITY);
                    else if (v.is_number() && v.get<double>() > 0 && std::isfinite(v.get<double>())) s.budgets.push_back(v.get<double>());
                    else F::fail("budget.values[" + std::to_string(i) + "]", "a positive number or \"inf\"", v);
                }
            }
            if (b.contains("log_grid")) {
                field = "budget.log_grid";
                const auto g = b["log_grid"].get<std::vector<double>>();
                if (g.size() != 3 || !(g[0] > 0) || !(g[1] > g[0]) || !(g[2] >= 2) || !(g[2] <= kMaxGridPoints))
                    throw std::invalid_argument("expected [low, high, points] with 0 < low < high, 2 ≤ points ≤ " +
                                                std::to_string(kMaxGridPoints));
                for (int i = 0; i < int(g[2]); ++i) s.budgets.push_back(g[0] * std::pow(g[1] / g[0], double(i) / (g[2] - 1)));
            }
            if (b.value("include_inf", false)) s.budgets.push_back(INFINITY);
        }
        field = "";
        seeds("noise_seeds", s.noiseSeeds);
        if (j.contains("learner")) {
            const auto& l = j["learner"];
            field = "";
            F::checkKeys(l, {"kind", "k", "C", "gamma", "trees", "max_depth", "min_samples_split", "feature_tolerance", "seed",
                             "layers", "hidden", "epochs", "lr", "batch", "dropout", "pooling", "features", "max_degree_feature",
                             "patience", "regression_loss", "threads", "parallel_trainings", "readout", "mlp_norm", "lr_decay_every",
                             "lr_decay", "iterations_per_epoch", "epoch_selection"}, "learner");
            s.learner.kind = F::getString(l, "kind", s.learner.kind, "learner");
            if (!learn::isKnownLearner(s.learner.kind)) F::fail("learner.kind", "knn, svm, linear, forest, rf, boosting or gin", l["kind"]);
            readGinParams(l, s.learner.gin, field);
            s.learner.k = int(F::getInteger(l, "k", s.learner.k, "learner", 1, 1000000));
            s.learner.C = F::getNumber(l, "C", s.learner.C, "learner", 1e-12, 1e12);
            s.learner.gamma = F::getNumber(l, "gamma", s.learner.gamma, "learner", 0, 1e12);
            s.learner.trees = int(F::getInteger(l, "trees", s.learner.trees, "learner", 1, 100000));
            s.learner.maxDepth = learn::defaultMaxDepth(s.learner.kind);  // Breiman's rf: unlimited unless asked
            s.learner.maxDepth = int(F::getInteger(l, "max_depth", s.learner.maxDepth, "learner", s.learner.kind == "rf" ? 0 : 1, 64));
            s.learner.minSamplesSplit = int(F::getInteger(l, "min_samples_split", s.learner.minSamplesSplit, "learner", 2, 1000000));
            s.learner.featureTolerance = F::getNumber(l, "feature_tolerance", s.learner.featureTolerance, "learner", 0, 1e6);
            s.learner.seed = std::uint64_t(F::getInteger(l, "seed", (long long)s.learner.seed, "learner", 0, kMaxSeed));
        }
        if (j.contains("noisy_test") && j["noisy_test"].is_string()) {
            if (j["noisy_test"] != "both") F::fail("noisy_test", "true, false or \"both\"", j["noisy_test"]);
            if (!learn::isGraphLearner(s.learner.kind)) F::fail("noisy_test", "true or false (\"both\" is for graph learners such as gin)", j["noisy_test"]);
            s.bothTests = true;
        } else {
            s.noisyTest = F::getBool(j, "noisy_test", s.noisyTest, "");
        }
        s.appendN = F::getBool(j, "append_n", s.appendN, "");
        s.appendLogN = F::getBool(j, "append_log_n", s.appendLogN, "");
        field = "feature_map";
        s.featureMap = featureMapFromKey(F::getString(j, "feature_map", featureMapKey(s.featureMap), ""));
        field = "tuning";
        if (j.contains("tuning")) s.tuning = tuningFromJson(j["tuning"], s.learner.kind);
        if (s.tuning.nested && s.learner.kind == "gin" && s.learner.gin.selection == neural::EpochSelection::TestCurve)
            throw std::invalid_argument("a GIN is tuned on its validation part, and epoch_selection \"test_curve\" holds none out "
                                        "(it chooses on the test folds): use \"validation\" with nested tuning");
        s.standardize = F::getBool(j, "standardize", s.standardize, "");
        s.attack = F::getBool(j, "attack", s.attack, "");
        s.attackSubset = int(F::getInteger(j, "attack_subset", s.attackSubset, "", 0, 100000000));
        s.splitSeed = std::uint64_t(F::getInteger(j, "split_seed", (long long)s.splitSeed, "", 0, kMaxSeed));
        field = "protocol"; s.protocol = F::getString(j, "protocol", s.protocol, "");
        const int k = s.folds();
        field = "run_folds"; s.runFolds = int(F::getInteger(j, "run_folds", s.runFolds, "", 0, 1000));
        if (s.runFolds > k)
            throw std::invalid_argument(k == 0 ? "the protocol \"split\" has no folds to choose from (use \"K-fold\" or leave run_folds 0)"
                                               : "asks for " + std::to_string(s.runFolds) + " folds, the protocol \"" + s.protocol + "\" has " + std::to_string(k));
        s.controls = F::getBool(j, "controls", s.controls, "");
        field = "";
        if (s.budgets.empty()) throw std::invalid_argument("budget: no values");
        for (double v : s.budgets) if (!(v > 0)) throw std::invalid_argument("budget values must be positive (or \"inf\")");
        if (s.patternSeeds.empty() || s.noiseSeeds.empty()) throw std::invalid_argument("pattern_seeds and noise_seeds must not be empty");
        if (s.mechanisms.empty()) throw std::invalid_argument("mechanisms must not be empty");
        if (s.learner.k < 1) throw std::invalid_argument("learner.k must be at least 1");
        s.checkGridSize(src);
    } catch (const nlohmann::json::exception& e) {
        throw InputError(src, 0, "field \"" + field + "\": wrong type (" + e.what() + ")");
    } catch (const std::invalid_argument& e) {
        throw InputError(src, 0, (field.empty() ? std::string() : "field \"" + field + "\": ") + e.what());
    }
    return s;
}

SweepSpec SweepSpec::load(const std::string& path) {
    return fromJson(readRegularFile(path), path);
}

}  // namespace px::experiment
