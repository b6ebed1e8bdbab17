// A sweep spec (SweepSpec.h): its grid of runs, JSON in and out, and checks.
#include "experiment/SweepSpec.h"

#include "common/Error.h"
#include "common/MemoryBudget.h"
#include "common/JsonFields.h"
#include "common/JsonInput.h"
#include "experiment/SweepSpecSections.h"
#include "io/LabelSources.h"
#include "learn/LearnerRegistry.h"
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
        throw ResourceError(printablePath(source) + ": the grid has " + [&] {
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
    j["labels"] = labels;
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
    j["learner"] = {{"kind", learn::learnerKey(learner.kind)}, {"k", learner.k}, {"C", learner.C}, {"gamma", learner.gamma},
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

SweepSpec SweepSpec::fromJson(const std::string& text, const std::string& src) {
    const nlohmann::json j = parseJsonInput(text, src);
    static const std::set<std::string> known = {"format", "version", "name", "dataset", "labels", "task", "patterns", "classes", "dims",
                                                "pattern_seeds", "mechanisms", "mechanism", "budget", "noise_seeds",
                                                "learner", "noisy_test", "append_n", "append_log_n", "feature_map", "tuning", "standardize", "attack", "attack_subset", "split_seed",
                                                "protocol", "run_folds", "controls"};
    SweepSpec s;
    s.source = src;
    std::string field;
    try {
        if (!j.is_object()) throw std::invalid_argument("expected a JSON object");
        for (auto it = j.begin(); it != j.end(); ++it)
            if (!known.count(it.key())) throw std::invalid_argument("unknown field \"" + jsonPath("", it.key()) + "\"");
        field = "";
        if (j.contains("format") && j["format"] != "pxstudio-sweep") json_fields::fail("format", "\"pxstudio-sweep\" (or no format field)", j["format"]);
        json_fields::getInteger(j, "version", 1, "", 1, 1);  // the one version of the spec format so far
        field = "name"; s.name = j.value("name", s.name);
        field = "dataset"; s.dataset = j.value("dataset", s.dataset);
        field = "labels";
        if (j.contains("labels")) s.labels = io::FolderLabels::parse(j["labels"].get<std::string>()).describe();
        field = "task";
        if (j.contains("task")) s.task = j["task"].is_number() ? std::to_string(j["task"].get<int>()) : j["task"].get<std::string>();
        spec_sections::readPatterns(j, s, field);
        spec_sections::readMechanisms(j, s, field);
        spec_sections::readBudget(j, s, field);
        spec_sections::readLearner(j, s, field);
        spec_sections::readEvaluation(j, s, field);
        spec_sections::readTuning(j, s, field);
        spec_sections::checkWhole(s, src, field);
    } catch (const nlohmann::json::exception& e) {
        throw InputError(src, 0, "field \"" + jsonPointer(field) + "\": " + json_fields::describeTypeError(e));
    } catch (const std::invalid_argument& e) {
        throw InputError(src, 0, (field.empty() ? std::string() : "field \"" + jsonPointer(field) + "\": ") + e.what());
    }
    return s;
}

SweepSpec SweepSpec::load(const std::string& path) {
    return fromJson(readRegularFile(path), path);
}

}  // namespace px::experiment
