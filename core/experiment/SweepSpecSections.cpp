// The readers of a sweep spec's sections, one per section (SweepSpecSections.h).
#include "experiment/SweepSpecSections.h"

#include "common/JsonFields.h"
#include "learn/LearnerRegistry.h"
#include "privacy/EmbeddingExport.h"

#include <cmath>
#include <stdexcept>

namespace px::experiment::spec_sections {

namespace {
namespace F = json_fields;
constexpr long long kMaxPatterns = 100000;   // d: beyond it the density matrix alone outgrows memory on real data
constexpr double kMaxPatternSize = 64;       // m: pattern vertices (the DP's tables grow with m; t(F, G) vanishes)
constexpr long long kMaxSeed = 9007199254740991LL;  // 2^53 − 1: exact in every JSON reader
constexpr double kMaxBudget = 1e6;                  // ε or ρ: beyond it the noise is nil in double precision; "inf" says so

// What the noise model would refuse when a run builds it, refused when the spec is read, with the field named.
privacy::MechanismParams readMechanism(const nlohmann::json& j, const std::string& path) {
    if (j.is_object() && j.contains("weights")) F::checkLength(j["weights"], F::at(path, "weights"), std::size_t(kMaxPatterns));
    const privacy::MechanismParams p = privacy::mechanismParamsFromJson(j, path);
    if (privacy::perturbsGraph(p.mechanism)) return p;  // rr and dprr: no noise model of densities
    if (p.secure && p.mechanism == privacy::MechanismKind::SmoothGaussian)
        F::fail(F::at(path, "secure"), "false for the smooth mechanism (secure mode is available for the Gaussian and Laplace "
                "mechanisms and randomized response; the smooth mechanism's proof has no discrete counterpart)", j["secure"]);
    if (p.secure && p.referenceMode) F::fail(F::at(path, "secure"), "false with reference_mode true", j["secure"]);
    if (p.allocation != privacy::Allocation::Isotropic && p.mechanism != privacy::MechanismKind::Gaussian)
        F::fail(F::at(path, "allocation"), "\"isotropic\" (per-pattern allocation is for the Gaussian mechanism only)", j["allocation"]);
    return p;
}

void readSeeds(const nlohmann::json& j, const char* key, std::vector<std::uint64_t>& out) {
    if (!j.contains(key)) return;
    out.clear();
    F::checkLength(j[key], key, SweepSpec::kMaxSeeds);
    for (long long v : F::getIntegers(j, key, "", 0, kMaxSeed)) out.push_back(std::uint64_t(v));
}

// A numeric learner setting, with the range and default the learner registry gives it.
template <class T>
void readLearnerNumber(const nlohmann::json& l, const char* name, learn::LearnerKind kind, T& value) {
    const std::optional<learn::LearnerParameter> p = learn::learnerParameterFor(kind, name);
    if (!p) throw std::logic_error(std::string("learner setting \"") + name + "\" is in no learner's registry entry");
    const T start = std::isnan(p->defaultValue) ? value : T(p->defaultValue);
    if (p->integer) value = T(F::getInteger(l, name, (long long)start, "learner", (long long)p->min, (long long)p->max));
    else value = T(F::getNumber(l, name, double(start), "learner", p->min, p->max));
}

// The GIN's numeric and named settings (neural/GinParams.h).
void readGinParams(const nlohmann::json& l, learn::LearnerKind kind, neural::GinParams& g, std::string& field) {
    readLearnerNumber(l, "layers", kind, g.layers);
    readLearnerNumber(l, "hidden", kind, g.hidden);
    readLearnerNumber(l, "epochs", kind, g.epochs);
    readLearnerNumber(l, "lr", kind, g.lr);
    readLearnerNumber(l, "batch", kind, g.batch);
    readLearnerNumber(l, "dropout", kind, g.dropout);
    readLearnerNumber(l, "max_degree_feature", kind, g.maxDegreeFeature);
    readLearnerNumber(l, "patience", kind, g.patience);
    readLearnerNumber(l, "threads", kind, g.threads);
    readLearnerNumber(l, "parallel_trainings", kind, g.parallelTrainings);
    readLearnerNumber(l, "lr_decay_every", kind, g.lrDecayEvery);
    readLearnerNumber(l, "lr_decay", kind, g.lrDecay);
    readLearnerNumber(l, "iterations_per_epoch", kind, g.iterationsPerEpoch);
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

// The values of one hyper-parameter in "tuning": {"grid": {...}}.
std::vector<int> gridIntegers(const nlohmann::json& g, const char* key, long long lo, long long hi) {
    std::vector<int> v;
    if (g.contains(key)) F::checkLength(g[key], std::string("tuning.grid.") + key, SweepSpec::kMaxAxisValues);
    if (g.contains(key))
        for (long long x : F::getIntegers(g, key, "tuning.grid", lo, hi)) v.push_back(int(x));
    return v;
}

std::vector<double> gridNumbers(const nlohmann::json& g, const char* key, double lo, double hi) {
    std::vector<double> v;
    if (!g.contains(key)) return v;
    F::checkLength(g[key], std::string("tuning.grid.") + key, SweepSpec::kMaxAxisValues);
    if (!g[key].is_array() || g[key].empty()) F::fail(std::string("tuning.grid.") + key, "a non-empty list of numbers", g[key]);
    for (const auto& x : g[key]) v.push_back(F::number(x, std::string("tuning.grid.") + key, lo, hi));
    return v;
}

learn::TuningGrid readGrid(const nlohmann::json& g) {
    if (!g.is_object()) F::fail("tuning.grid", "an object of hyper-parameter → list of values", g);
    F::checkKeys(g, {"k", "C", "gamma", "trees", "max_depth", "min_samples_split", "hidden", "batch", "dropout", "lr"}, "tuning.grid");
    learn::TuningGrid grid;
    grid.k = gridIntegers(g, "k", 1, 100000);
    grid.C = gridNumbers(g, "C", 1e-6, 1e6);
    grid.gamma = gridNumbers(g, "gamma", 0, 1e6);
    grid.trees = gridIntegers(g, "trees", 1, 5000);
    grid.maxDepth = gridIntegers(g, "max_depth", 0, 64);
    grid.minSamplesSplit = gridIntegers(g, "min_samples_split", 2, 1000000);
    grid.hidden = gridIntegers(g, "hidden", 1, 65536);
    grid.batch = gridIntegers(g, "batch", 1, 1000000);
    grid.dropout = gridNumbers(g, "dropout", 0, 0.99);
    grid.lr = gridNumbers(g, "lr", 1e-12, 10);
    return grid;
}

// "tuning": "none" | "nested" | {"mode": "nested", "folds": K, "seed": S, "grid": {"k": [...], "C": [...], ...}}
learn::TuningConfig tuningFromJson(const nlohmann::json& t) {
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
        c.seed = std::uint64_t(F::getInteger(t, "seed", (long long)c.seed, "tuning", 0, kMaxSeed));
        if (t.contains("grid")) c.grid = readGrid(t["grid"]);
    } else {
        F::fail("tuning", "\"none\", \"nested\" or an object {mode, folds, seed, grid}", t);
    }
    return c;
}
}  // namespace

void readPatterns(const nlohmann::json& j, SweepSpec& s, std::string& field) {
    if (j.contains("patterns")) {
        const auto& p = j["patterns"];
        field = "";
        F::checkKeys(p, {"class", "d", "size_mean", "size_max", "edge_retention", "connected", "allow_single_vertex", "duplicates"}, "patterns");
        field = "patterns.class";
        s.patterns.patternClass = PatternClass::parse(F::getString(p, "class", "trees", "patterns"));
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
    field = "";
    if (j.contains("classes")) F::checkLength(j["classes"], "classes", SweepSpec::kMaxAxisValues);
    field = "classes";
    s.classes = j.value("classes", s.classes);
    for (const auto& c : s.classes) PatternClass::parse(c);
    field = "";
    if (j.contains("dims") && !(j["dims"].is_array() && j["dims"].empty())) {  // [] : the patterns' d
        s.dims.clear();
        F::checkLength(j["dims"], "dims", SweepSpec::kMaxAxisValues);
        for (long long d : F::getIntegers(j, "dims", "", 1, kMaxPatterns)) s.dims.push_back(int(d));
    }
    readSeeds(j, "pattern_seeds", s.patternSeeds);
}

void readMechanisms(const nlohmann::json& j, SweepSpec& s, std::string& field) {
    field = "";
    if (j.contains("mechanisms")) {
        s.mechanisms.clear();
        const auto& ms = j["mechanisms"];
        if (!ms.is_array() || ms.empty()) F::fail("mechanisms", "a non-empty list of mechanism objects", ms);
        F::checkLength(ms, "mechanisms", SweepSpec::kMaxAxisValues);
        for (std::size_t i = 0; i < ms.size(); ++i)
            s.mechanisms.push_back(readMechanism(ms[i], "mechanisms[" + std::to_string(i) + "]"));
    } else if (j.contains("mechanism")) {
        s.mechanisms = {readMechanism(j["mechanism"], "mechanism")};
        s.oneMechanismField = true;
    }
}

void readBudget(const nlohmann::json& j, SweepSpec& s, std::string& field) {
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
            F::checkLength(values, "budget.values", SweepSpec::kMaxBudgets);
            for (std::size_t i = 0; i < values.size(); ++i) {
                const auto& v = values[i];
                if (v.is_string() && v.get<std::string>() == "inf") s.budgets.push_back(INFINITY);
                else if (v.is_number() && v.get<double>() > 0 && v.get<double>() <= kMaxBudget) s.budgets.push_back(v.get<double>());
                else F::fail("budget.values[" + std::to_string(i) + "]", "a positive number up to 10^6 or \"inf\"", v);
            }
        }
        if (b.contains("log_grid")) {
            field = "budget.log_grid";
            const auto g = b["log_grid"].get<std::vector<double>>();
            if (g.size() != 3 || !(g[0] > 0) || !(g[1] > g[0]) || !(g[1] <= kMaxBudget) || !(g[2] >= 2) || !(g[2] <= SweepSpec::kMaxGridPoints))
                throw std::invalid_argument("expected [low, high, points] with 0 < low < high ≤ 10^6, 2 ≤ points ≤ " +
                                            std::to_string(SweepSpec::kMaxGridPoints));
            for (int i = 0; i < int(g[2]); ++i) s.budgets.push_back(g[0] * std::pow(g[1] / g[0], double(i) / (g[2] - 1)));
        }
        if (b.value("include_inf", false)) s.budgets.push_back(INFINITY);
        field = "budget";  // values, log_grid points and "inf" together
        if (s.budgets.size() > std::size_t(SweepSpec::kMaxBudgets))
            throw std::invalid_argument("expected at most " + std::to_string(SweepSpec::kMaxBudgets) + " budgets in all (values, log_grid points "
                                        "and \"inf\"), found " + std::to_string(s.budgets.size()));
    }
    field = "";
    readSeeds(j, "noise_seeds", s.noiseSeeds);
}

void readLearner(const nlohmann::json& j, SweepSpec& s, std::string& field) {
    if (!j.contains("learner")) return;
    const auto& l = j["learner"];
    field = "";
    F::checkKeys(l, {"kind", "k", "C", "gamma", "trees", "max_depth", "min_samples_split", "feature_tolerance", "seed",
                     "layers", "hidden", "epochs", "lr", "batch", "dropout", "pooling", "features", "max_degree_feature",
                     "patience", "regression_loss", "threads", "parallel_trainings", "readout", "mlp_norm", "lr_decay_every",
                     "lr_decay", "iterations_per_epoch", "epoch_selection"}, "learner");
    const std::string key = F::getString(l, "kind", learn::learnerKey(s.learner.kind), "learner");
    const std::optional<learn::LearnerKind> kind = learn::learnerFromKey(key);
    if (!kind) F::fail("learner.kind", learn::learnerKeyList(), l["kind"]);
    learn::LearnerConfig& c = s.learner;
    c.kind = *kind;
    readGinParams(l, c.kind, c.gin, field);
    readLearnerNumber(l, "k", c.kind, c.k);
    readLearnerNumber(l, "C", c.kind, c.C);
    readLearnerNumber(l, "gamma", c.kind, c.gamma);
    readLearnerNumber(l, "trees", c.kind, c.trees);
    readLearnerNumber(l, "max_depth", c.kind, c.maxDepth);
    readLearnerNumber(l, "min_samples_split", c.kind, c.minSamplesSplit);
    readLearnerNumber(l, "feature_tolerance", c.kind, c.featureTolerance);
    readLearnerNumber(l, "seed", c.kind, c.seed);
}

void readTuning(const nlohmann::json& j, SweepSpec& s, std::string& field) {
    field = "";  // tuningFromJson's errors name their own field ("/tuning/grid/k", …)
    if (j.contains("tuning")) s.tuning = tuningFromJson(j["tuning"]);
    field = "tuning";
    if (s.tuning.nested && s.learner.kind == learn::LearnerKind::Gin && s.learner.gin.selection == neural::EpochSelection::TestCurve)
        throw std::invalid_argument("a GIN is tuned on its validation part, and epoch_selection \"test_curve\" holds none out "
                                    "(it chooses on the test folds): use \"validation\" with nested tuning");
}

void readEvaluation(const nlohmann::json& j, SweepSpec& s, std::string& field) {
    field = "";
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
    field = "";
    s.standardize = F::getBool(j, "standardize", s.standardize, "");
    s.attack = F::getBool(j, "attack", s.attack, "");
    s.attackSubset = int(F::getInteger(j, "attack_subset", s.attackSubset, "", 0, 100000000));
    s.splitSeed = std::uint64_t(F::getInteger(j, "split_seed", (long long)s.splitSeed, "", 0, kMaxSeed));
    field = "protocol";
    s.protocol = F::getString(j, "protocol", s.protocol, "");
    const int k = s.folds();
    field = "run_folds";
    s.runFolds = int(F::getInteger(j, "run_folds", s.runFolds, "", 0, 1000));
    if (s.runFolds > k)
        throw std::invalid_argument(k == 0 ? "the protocol \"split\" has no folds to choose from (use \"K-fold\" or leave run_folds 0)"
                                           : "asks for " + std::to_string(s.runFolds) + " folds, the protocol \"" + s.protocol + "\" has " + std::to_string(k));
    s.controls = F::getBool(j, "controls", s.controls, "");
}

void checkWhole(const SweepSpec& s, const std::string& source, std::string& field) {
    field = "";
    if (s.budgets.empty()) throw std::invalid_argument("budget: no values");
    for (double v : s.budgets)
        if (!(v > 0)) throw std::invalid_argument("budget values must be positive (or \"inf\")");
    if (s.patternSeeds.empty() || s.noiseSeeds.empty()) throw std::invalid_argument("pattern_seeds and noise_seeds must not be empty");
    if (s.mechanisms.empty()) throw std::invalid_argument("mechanisms must not be empty");
    if (s.learner.k < 1) throw std::invalid_argument("learner.k must be at least 1");
    for (std::size_t i = 0; i < s.mechanisms.size(); ++i)  // a weight per pattern, for every d the sweep runs
        if (const auto& m = s.mechanisms[i]; m.allocation == privacy::Allocation::Weights)
            for (int d : s.dimValues())
                if (int(m.weights.size()) != d)
                    throw std::invalid_argument("field \"" + s.mechanismPointer(i) + "/weights\": expected one allocation weight per pattern (" +
                                                std::to_string(d) + " for d = " + std::to_string(d) + "), found " + std::to_string(m.weights.size()));
    s.checkGridSize(source);
}

}  // namespace px::experiment::spec_sections
