#pragma once
// Everything the explorer computes from; saved as the versioned session JSON.
#include "learn/LearnerKind.h"
#include "privacy/EmbeddingExport.h"

#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace px { struct Dataset; }

// Settings that belong to one data set, as the user declared them for it (0 / "": not declared, so derived
// from the data: D = its maximum degree, the protocol = 10-fold CV on shipped folds, else its split).
struct DatasetChoices {
    int degreeBound = 0;
    std::string protocol;
    std::string labels;  // the label source chosen for it (io::FolderLabels spec); "": never chosen
    bool operator==(const DatasetChoices& o) const {
        return degreeBound == o.degreeBound && protocol == o.protocol && labels == o.labels;
    }
};

struct ExplorerSettings {
    std::string dataset = "builtin:sbm-cycles";  // builtin:NAME or a path
    // Where the class labels come from (io::FolderLabels: auto, none, csv[:COLUMN], graphml[:KEY]), as parsed
    // and written back, so that equal choices compare equal.
    std::string labels = "auto";
    std::string patternClass = "treewidth:2";    // pattern class key
    int d = 20;                                  // number of patterns
    int maxSize = 10;                            // largest pattern size (0: no cap)
    double sizeMean = 5.0;                       // mean of the geometric size law of m
    bool connected = true;                       // redraw disconnected patterns
    bool keepDuplicates = false;                 // keep isomorphic repeats (else redraw them)
    std::uint64_t patternSeed = 1;               // first pattern seed (repetitions use the next ones)
    px::privacy::MechanismParams mechanism = defaultMechanism();  // its epsilon is the slider's ε
    px::learn::LearnerKind learner = px::learn::LearnerKind::Knn;  // saved as its key (learn/LearnerRegistry.h)
    int k = 15;                                  // kNN neighbours
    double C = 1.0;                              // svm, linear: regularisation
    int trees = 100;                             // forest: trees; boosting: rounds
    int ginLayers = 3;                           // gin: message-passing layers (the reference baseline: 5)
    int ginHidden = 32;                          // gin: width (the reference baseline: 300)
    int ginEpochs = 30;                          // gin: training epochs (the reference baseline: 100)
    std::string ginFeatures = "ones";            // gin: node features ones | degree | labels (the data set's node labels)
    bool noisyTest = true;                       // false: clean test features (reference code)
    std::string featureMap = "density";          // what the learner sees of the release: density | count | log-count
    bool appendLogN = false;                     // log n as a public feature (beside n)
    bool nestedTuning = false;                   // the learner's hyper-parameters chosen by nested CV on each training part
    int repetitions = 2;                         // pattern seeds × noise seeds = repetitions²
    std::string protocol = "split";              // "split" (the data set's, else stratified 80/20) or "10-fold"
    std::map<std::string, DatasetChoices> perDataset;  // by data set: what the user declared for it
    std::string view;  // the view on screen (its tab's title): saved and restored, but no setting (not compared, no undo step)

    static constexpr int kVersion = 1;
    // D = 20 covers every built-in data set (their maximum degree is at most 14); opening a data set replaces it
    // with that data set's own D (applyDatasetChoices).
    static px::privacy::MechanismParams defaultMechanism() {
        px::privacy::MechanismParams m;
        m.degreeBound = 20;
        return m;
    }
    nlohmann::json toJson() const;
    // Throws std::invalid_argument naming the bad field; unknown versions are refused.
    static ExplorerSettings fromJson(const nlohmann::json& j);
    bool operator==(const ExplorerSettings& o) const;
};

// Sets the settings that belong to the data (D, protocol) for `ds`, opened as s.dataset: what the user
// declared for it, else derived from it. Nothing else changes, so a data set's settings do not depend on
// the data sets opened before it.
// D = 0 (a session file that declares none): the D declared for the data set, else its own (derivedChoices).
void fillUndeclaredDegreeBound(ExplorerSettings& s, const px::Dataset& ds);
void applyDatasetChoices(ExplorerSettings& s, const px::Dataset& ds);
// The data set's own values (the defaults of D and the protocol).
DatasetChoices derivedChoices(const px::Dataset& ds);
