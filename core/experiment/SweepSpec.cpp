#include "experiment/SweepSpec.h"

#include "common/Error.h"
#include "common/JsonInput.h"
#include "privacy/EmbeddingExport.h"

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace px::experiment {

std::vector<std::string> SweepSpec::classKeys() const {
    return classes.empty() ? std::vector<std::string>{patterns.patternClass.key()} : classes;
}

std::vector<int> SweepSpec::dimValues() const { return dims.empty() ? std::vector<int>{patterns.count} : dims; }

std::vector<SweepSpec::Run> SweepSpec::runs() const {
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
                    {"trees", learner.trees}, {"max_depth", learner.maxDepth}, {"seed", learner.seed}};
    j["noisy_test"] = noisyTest;
    j["append_n"] = appendN;
    j["standardize"] = standardize;
    j["attack"] = attack;
    j["attack_subset"] = attackSubset;
    j["split_seed"] = splitSeed;
    j["protocol"] = protocol;
    j["controls"] = controls;
    return j;
}

SweepSpec SweepSpec::fromJson(const std::string& text, const std::string& src) {
    const nlohmann::json j = parseJsonInput(text, src);
    static const std::set<std::string> known = {"format", "version", "name", "dataset", "task", "patterns", "classes", "dims",
                                                "pattern_seeds", "mechanisms", "mechanism", "budget", "noise_seeds",
                                                "learner", "noisy_test", "append_n", "standardize", "attack", "attack_subset", "split_seed",
                                                "protocol", "controls"};
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
            field = "patterns.class"; s.patterns.patternClass = PatternClass::parse(p.value("class", std::string("trees")));
            field = "patterns.d"; s.patterns.count = p.value("d", s.patterns.count);
            field = "patterns.size_mean"; s.patterns.size.mean = p.value("size_mean", s.patterns.size.mean);
            field = "patterns.size_max"; s.patterns.size.maxSize = p.value("size_max", s.patterns.size.maxSize);
            field = "patterns.edge_retention"; s.patterns.edgeRetention = p.value("edge_retention", s.patterns.edgeRetention);
            field = "patterns.connected"; s.patterns.connected = p.value("connected", s.patterns.connected);
            field = "patterns.allow_single_vertex"; s.patterns.allowSingleVertex = p.value("allow_single_vertex", false);
            field = "patterns.duplicates";
            s.patterns.duplicates = p.value("duplicates", std::string("resample")) == "keep" ? DuplicatePolicy::Keep : DuplicatePolicy::Resample;
        }
        field = "classes"; s.classes = j.value("classes", s.classes);
        for (const auto& c : s.classes) PatternClass::parse(c);
        field = "dims"; s.dims = j.value("dims", s.dims);
        field = "pattern_seeds"; s.patternSeeds = j.value("pattern_seeds", s.patternSeeds);
        field = "mechanisms";
        if (j.contains("mechanisms")) {
            s.mechanisms.clear();
            for (const auto& m : j["mechanisms"]) s.mechanisms.push_back(privacy::mechanismParamsFromJson(m));
        } else if (j.contains("mechanism")) {
            field = "mechanism";
            s.mechanisms = {privacy::mechanismParamsFromJson(j["mechanism"])};
        }
        if (j.contains("budget")) {
            const auto& b = j["budget"];
            field = "budget.axis";
            const std::string axis = b.value("axis", std::string("epsilon"));
            if (axis != "epsilon" && axis != "rho") throw std::invalid_argument("must be \"epsilon\" or \"rho\"");
            s.budgetAxis = axis == "epsilon" ? privacy::BudgetAxis::Epsilon : privacy::BudgetAxis::Rho;
            s.budgets.clear();
            if (b.contains("values")) {
                field = "budget.values";
                for (const auto& v : b["values"]) {
                    if (v.is_string() && v.get<std::string>() == "inf") s.budgets.push_back(INFINITY);
                    else s.budgets.push_back(v.get<double>());
                }
            }
            if (b.contains("log_grid")) {
                field = "budget.log_grid";
                const auto g = b["log_grid"].get<std::vector<double>>();
                if (g.size() != 3 || !(g[0] > 0) || !(g[1] > g[0]) || g[2] < 2)
                    throw std::invalid_argument("expected [low, high, points] with 0 < low < high, points ≥ 2");
                for (int i = 0; i < int(g[2]); ++i) s.budgets.push_back(g[0] * std::pow(g[1] / g[0], double(i) / (g[2] - 1)));
            }
            if (b.value("include_inf", false)) s.budgets.push_back(INFINITY);
        }
        field = "noise_seeds"; s.noiseSeeds = j.value("noise_seeds", s.noiseSeeds);
        if (j.contains("learner")) {
            const auto& l = j["learner"];
            field = "learner.kind"; s.learner.kind = l.value("kind", s.learner.kind);
            if (!learn::isKnownLearner(s.learner.kind)) throw std::invalid_argument("expected knn, svm, linear, forest or boosting");
            field = "learner.k"; s.learner.k = l.value("k", s.learner.k);
            field = "learner.C"; s.learner.C = l.value("C", s.learner.C);
            field = "learner.gamma"; s.learner.gamma = l.value("gamma", s.learner.gamma);
            field = "learner.trees"; s.learner.trees = l.value("trees", s.learner.trees);
            field = "learner.max_depth"; s.learner.maxDepth = l.value("max_depth", s.learner.maxDepth);
            field = "learner.seed"; s.learner.seed = l.value("seed", s.learner.seed);
        }
        field = "noisy_test"; s.noisyTest = j.value("noisy_test", s.noisyTest);
        field = "append_n"; s.appendN = j.value("append_n", s.appendN);
        field = "standardize"; s.standardize = j.value("standardize", s.standardize);
        field = "attack"; s.attack = j.value("attack", s.attack);
        field = "attack_subset"; s.attackSubset = j.value("attack_subset", s.attackSubset);
        field = "split_seed"; s.splitSeed = j.value("split_seed", s.splitSeed);
        field = "protocol"; s.protocol = j.value("protocol", s.protocol);
        s.folds();
        field = "controls"; s.controls = j.value("controls", s.controls);
        field = "";
        if (s.budgets.empty()) throw std::invalid_argument("budget: no values");
        for (double v : s.budgets) if (!(v > 0)) throw std::invalid_argument("budget values must be positive (or \"inf\")");
        if (s.patternSeeds.empty() || s.noiseSeeds.empty()) throw std::invalid_argument("pattern_seeds and noise_seeds must not be empty");
        if (s.mechanisms.empty()) throw std::invalid_argument("mechanisms must not be empty");
        if (s.learner.k < 1) throw std::invalid_argument("learner.k must be at least 1");
    } catch (const nlohmann::json::exception& e) {
        throw InputError(src, 0, "field \"" + field + "\": wrong type (" + e.what() + ")");
    } catch (const std::invalid_argument& e) {
        throw InputError(src, 0, (field.empty() ? std::string() : "field \"" + field + "\": ") + e.what());
    }
    return s;
}

SweepSpec SweepSpec::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, 0, "cannot open file");
    std::stringstream ss;
    ss << in.rdbuf();
    return fromJson(ss.str(), path);
}

}  // namespace px::experiment
