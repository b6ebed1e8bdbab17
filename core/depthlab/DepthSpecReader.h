#pragma once
// What every depth-lab experiment shares: field access with defaults and errors naming the field,
// the node data of a spec, and mean / standard deviation of repeated runs.
#include "common/Error.h"
#include "common/JsonFields.h"
#include "common/JsonInput.h"
#include "dataset/NodeDataset.h"

#include <nlohmann/json.hpp>
#include <cmath>
#include <string>
#include <vector>

namespace px::depthlab {

NodeDataset loadNodeData(const std::string& spec);  // DepthLab.h

// Field access with defaults and errors naming the field.
struct SpecReader {
    const nlohmann::json& spec;
    nlohmann::json defaults;
    std::string source;
    const nlohmann::json& field(const std::string& key) const {
        if (spec.contains(key)) return spec.at(key);
        if (defaults.contains(key)) return defaults.at(key);
        throw InputError(source, 0, "missing field \"" + jsonPath("", key) + "\"");
    }
    template <class T> T get(const std::string& key) const {
        try {
            return field(key).get<T>();
        } catch (const nlohmann::json::exception& e) {
            throw InputError(source, 0, "field \"" + jsonPath("", key) + "\": " + json_fields::describeTypeError(e));
        }
    }
    void check(bool ok, const std::string& key, const std::string& what) const {
        if (!ok) throw InputError(source, 0, "field \"" + jsonPath("", key) + "\": " + what);
    }
};

// The node data the spec's "data" names; an error of loading it names the spec and the field, then the data set.
inline NodeDataset loadSpecNodeData(const SpecReader& s) {
    const std::string path = s.get<std::string>("data");
    try {
        return loadNodeData(path);
    } catch (const InputError& e) {
        throw InputError(s.source, 0, "field \"" + jsonPath("", "data") + "\": " + e.what());
    }
}

// The node data of a spec: `given` (already loaded by the caller) or the spec's "data", loaded into
// `storage`.
inline const NodeDataset* nodeData(const SpecReader& s, const NodeDataset* given, NodeDataset& storage) {
    const NodeDataset* data = given;
    if (!data) {
        storage = loadSpecNodeData(s);
        data = &storage;
    }
    if (data->features.cols() == 0)
        throw InputError(given ? data->name : s.get<std::string>("data"), 0,
                         "the nodes have no features (0 columns); the depth experiments learn from node features");
    return data;
}

inline double mean(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return v.empty() ? std::nan("") : s / double(v.size());
}

inline double sd(const std::vector<double>& v) {
    if (v.size() < 2) return 0;
    const double m = mean(v);
    double s = 0;
    for (double x : v) s += (x - m) * (x - m);
    return std::sqrt(s / double(v.size() - 1));
}

}  // namespace px::depthlab
