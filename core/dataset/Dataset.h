#pragma once
// A data set: graphs, their labels for one or more tasks (missing values allowed), an optional
// named split, a name and a content hash that identifies the data in result metadata.
#include "graph/Graph.h"

#include <Eigen/Core>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace px {

enum class TaskType { Binary, MultiClass, Regression };
const char* toString(TaskType t);

struct LabelTask {
    LabelTask() = default;
    LabelTask(std::string n, TaskType t, std::vector<std::string> names = {}) : name(std::move(n)), type(t), classNames(std::move(names)) {}
    std::string name;              // e.g. "HIV_active" or "task0"
    TaskType type = TaskType::Binary;
    // A classification's class k as the data wrote it ("mutagen", "-1"); empty when the loader keeps no names
    // (regression, generated data): class k is then called by its number.
    std::vector<std::string> classNames;
    // Where the labels were read, in words ("labels.csv column 'class'", "the GraphML graph key 'y'"); empty when
    // the loader does not say (generated data, the fixed formats).
    std::string origin;
};

struct Split {
    std::string name;              // e.g. "scaffold", "random(seed=1)"
    std::vector<int> train, valid, test;  // 0-based graph indices, ascending
};

struct Dataset {
    std::string name;
    std::string source;            // where it came from: a folder, or a generator spec
    std::vector<Graph> graphs;
    std::vector<LabelTask> tasks;
    Eigen::MatrixXd labels;        // graphs × tasks; NaN marks a missing label
    std::optional<Split> split;
    std::vector<Split> folds;      // cross-validation folds shipped with the data (train/test each); may be empty
    // Node labels, when the data has them: nodeLabels[g][v] ∈ 0..nodeLabelValues−1 (the file's values mapped in
    // ascending order, the mapping in notes). Empty, or one entry per vertex of every graph. Densities ignore
    // them; the GIN learner's "labels" node features are their one-hot codes.
    std::vector<std::vector<int>> nodeLabels;
    int nodeLabelValues = 0;
    std::vector<std::string> warnings;  // what the loader reported and dropped (file:line: ...)
    std::vector<std::string> notes;     // what the loader did that is not a problem (label remapping, folds read)

    int size() const { return static_cast<int>(graphs.size()); }
    long totalVertices() const;
    long totalEdges() const;
    int maxDegree() const;
    // 64-bit FNV-1a over graphs, labels and split, as 16 hex digits. Equal data, equal hash.
    std::string contentHash() const;
    // Throws std::logic_error if labels/split do not fit the graphs (a loader bug, not bad input).
    void checkConsistent() const;
};

}  // namespace px
