#pragma once
// One description per learner: its name in spec files and run tables, what it is, its parameters with
// ranges and defaults, what it can do, and the functions that fit it and describe its settings. The spec
// reader, the Learner panel, `pxrun learners` and the Python bindings (pxstudio.learners()) all read this
// table; adding a learner is one file with its fit function plus one entry in LearnerRegistry.cpp
// (docs/developer-guide.md shows the diff of one).
#include "learn/LearnerKind.h"
#include "learn/Tuning.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace px::learn {

struct LabelledRows;

// A numeric setting of a learner, as it is spelt in a spec's "learner" object.
struct LearnerParameter {
    std::string name;      // "k", "C", "max_depth", "hidden", ...
    std::string meaning;   // one line for help texts and tooltips
    double min = 0, max = 0;
    double defaultValue = 0;
    bool integer = true;
};

struct LearnerDescription {
    LearnerKind kind;
    std::string key;       // learner.kind in a spec, the run table's "learner" column
    std::string title;     // "k-nearest neighbours"
    std::string summary;   // what it is and which library computes it
    std::vector<LearnerParameter> parameters;
    bool needsGraphs = false;       // trains on the graphs themselves, not on density rows (the GIN sweep runs it)
    bool needsNeuralLayer = false;  // only in builds with the trained networks (LibTorch)
    bool marginScores = false;      // binary scores are decision values (threshold 0), not probabilities (0.5)
    std::string tuning;             // how nested tuning chooses its hyper-parameters
    // Fits on labelled rows and predicts the test rows (null for graph learners).
    std::vector<double> (*fitRows)(const LearnerConfig&, const LabelledRows&, const RowMatrix& xTest, TaskType) = nullptr;
    TuningGrid (*defaultGrid)() = nullptr;                  // what "tuning": "nested" tries
    std::string (*describeChosen)(const LearnerConfig&) = nullptr;  // the run table's "tuned": "k=10", "C=1,gamma=0.1"
    std::string (*runTableParams)(const LearnerConfig&) = nullptr;  // the run table's "learner_params"

    const LearnerParameter* parameter(std::string_view name) const;  // null if it has none of that name
};

// In the order the Learner panel and `pxrun learners` list them.
const std::vector<LearnerDescription>& learnerRegistry();
const LearnerDescription& describeLearner(LearnerKind kind);
const std::string& learnerKey(LearnerKind kind);
std::optional<LearnerKind> learnerFromKey(std::string_view key);
// "knn, svm, linear, rf, forest, boosting or gin": the keys, for error messages.
std::string learnerKeyList();
// The tree depth a learner gets when none is asked for: its max_depth default (Breiman's rf: 0, unlimited),
// else LearnerConfig's.
int defaultMaxDepth(LearnerKind kind);
// A numeric learner setting as a spec reads it: the learner's own parameter of that name; else (a setting of
// other learners, read and kept, as a spec states them all) the widest range any learner gives it, with a
// NaN default (keep LearnerConfig's). Nullopt for a name no learner has.
std::optional<LearnerParameter> learnerParameterFor(LearnerKind kind, std::string_view name);

}  // namespace px::learn
