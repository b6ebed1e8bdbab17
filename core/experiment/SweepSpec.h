#pragma once
// A sweep: data set, pattern classes and sizes, mechanisms, a budget axis (ε or ρ; a list or a
// log grid; "inf" = no noise), a learner, repetitions (pattern seeds × noise seeds) and whether to
// attack. Read from JSON; every field has a default; unknown or mistyped fields are errors that
// name the field. The runs are the Cartesian product, enumerated in a fixed order (class, d,
// pattern seed, mechanism, budget, noise seed), so that shard i/N of a sweep is well defined.
#include "learn/Learners.h"
#include "learn/Tuning.h"
#include "patterns/PatternSampler.h"
#include "privacy/Mechanism.h"

#include "experiment/FeatureMap.h"
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace px::experiment {

using LearnerSpec = learn::LearnerConfig;  // the learner (learn/LearnerRegistry.h) and its parameters

struct SweepSpec {
    std::string source = "<spec>";  // the file it was read from, for errors found when it runs (not in toJson)
    std::string name = "sweep";
    std::string dataset = "builtin:sbm-cycles";  // a path or builtin:NAME
    // Where the class labels come from (io::FolderLabels::parse: auto, none, csv[:COLUMN], graphml[:KEY]);
    // "labels" in JSON, checked when read, so that a spec names the labels a result was computed with.
    std::string labels = "auto";
    std::string task = "0";                      // a task index, or "all" (mean over tasks)
    PatternSamplerParams patterns;               // class, d, size law, options (seed: see patternSeeds)
    std::vector<std::string> classes;            // axis over pattern classes (empty: patterns' class)
    std::vector<int> dims;                       // axis over d (empty: patterns.count)
    std::vector<std::uint64_t> patternSeeds = {1};
    std::vector<privacy::MechanismParams> mechanisms = {privacy::MechanismParams{}};
    bool oneMechanismField = false;  // read from "mechanism" (one object), not "mechanisms": for errors' field names
    // The JSON pointer of mechanism i in the spec file, e.g. "/mechanisms/0" (or "/mechanism").
    std::string mechanismPointer(std::size_t i) const {
        return oneMechanismField ? std::string("/mechanism") : "/mechanisms/" + std::to_string(i);
    }
    privacy::BudgetAxis budgetAxis = privacy::BudgetAxis::Epsilon;
    std::vector<double> budgets = {0.1, 0.3, 1.0, 3.0, 10.0};  // +∞: clean embeddings
    std::vector<std::uint64_t> noiseSeeds = {1};
    LearnerSpec learner;
    bool noisyTest = true;        // false: clean test features (the reference code's choice, labelled)
    bool bothTests = false;       // "noisy_test": "both" (graph learners): every run scored on released and on clean test graphs
    bool appendN = true;          // the vertex count n as a feature (public under edge privacy)
    bool appendLogN = false;      // log n as a feature (public)
    FeatureMap featureMap = FeatureMap::Density;  // density, count or log-count of the release (post-processing)
    learn::TuningConfig tuning;   // "tuning": "nested" or {"mode": "nested", "folds": 5, "seed": 1, "grid": {...}}
    bool standardize = true;      // standardise features on the training set (false: raw, as the reference code)
    bool attack = true;           // run the re-identification attack
    int attackSubset = 0;         // 0: attack every graph
    std::uint64_t splitSeed = 1;  // for data sets without their own split (stratified 80/20) or folds
    // "split": the data set's split, else stratified 80/20. "K-fold" (e.g. "10-fold"): K-fold cross-
    // validation on the data set's shipped folds, else stratified seeded folds; values are means over folds.
    std::string protocol = "split";
    // "run_folds": R > 0 runs only the first R of the K folds (a costly learner's reduced protocol; the rows'
    // split and folds columns say so); 0 = all K.
    int runFolds = 0;
    // The controls beside every result: the public information alone (n) and the release with its rows
    // shuffled among graphs of equal n; a result within 0.02 of either is flagged "no structural signal".
    bool controls = true;
    int folds() const;  // K of "K-fold"; 0 for "split"

    struct Run {
        int index = 0;
        int classIndex = 0, dimIndex = 0, patternSeedIndex = 0, mechanismIndex = 0, budgetIndex = 0, noiseSeedIndex = 0;
    };
    std::vector<Run> runs() const;  // checks the grid's size first
    // Refuses (ResourceError naming `source`) a grid whose runs overflow an int or whose result table would
    // exceed the memory limit; fromJson calls it, before anything of that size is allocated.
    void checkGridSize(const std::string& source) const;
    // Longest lists a spec may hold (docs/hostile-input.md): a longer list is refused with its field named, before
    // anything of its size is allocated or run.
    static constexpr int kMaxBudgets = 1000;          // budget values, log_grid points and "inf" together
    static constexpr int kMaxGridPoints = kMaxBudgets;  // points of a budget log_grid
    static constexpr int kMaxSeeds = 1000;            // pattern_seeds, noise_seeds
    static constexpr int kMaxAxisValues = 100;        // classes, dims, mechanisms, each tuning.grid list
    std::vector<std::string> classKeys() const;   // classes or {patterns' class}
    std::vector<int> dimValues() const;           // dims or {patterns.count}

    nlohmann::json toJson() const;
    // Throws px::InputError naming the source and the offending field.
    static SweepSpec fromJson(const std::string& text, const std::string& source = "<spec>");
    static SweepSpec load(const std::string& path);
};

// Runs [begin, end) of shard i of n (contiguous slices; i is 0-based).
std::pair<int, int> shardRange(int runs, int shard, int shards);

}  // namespace px::experiment
