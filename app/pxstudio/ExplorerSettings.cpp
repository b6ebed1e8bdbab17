#include "ExplorerSettings.h"

#include "experiment/FeatureMap.h"

#include "common/JsonFields.h"
#include "dataset/Dataset.h"
#include "io/LabelSources.h"
#include "learn/LearnerRegistry.h"

#include <algorithm>

#include <stdexcept>

namespace {

nlohmann::json perDatasetJson(const std::map<std::string, DatasetChoices>& m) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [spec, c] : m) {
        nlohmann::json e = nlohmann::json::object();
        if (c.degreeBound > 0) e["degree_bound"] = c.degreeBound;
        if (!c.protocol.empty()) e["protocol"] = c.protocol;
        if (!c.labels.empty()) e["labels"] = c.labels;
        if (!e.empty()) j[spec] = e;
    }
    return j;
}

void checkProtocol(const std::string& protocol, const nlohmann::json& where, const std::string& field) {
    if (protocol != "split" && protocol != "10-fold") px::json_fields::fail(field, "\"split\" or \"10-fold\"", where);
}

// A label source as FolderLabels reads it, written back in its own words; refused naming `field`.
std::string labelSource(const nlohmann::json& j, const std::string& key, const std::string& parent) {
    const std::string text = px::json_fields::getString(j, key, "auto", parent);
    try {
        return px::io::FolderLabels::parse(text).describe();
    } catch (const std::invalid_argument&) {
        px::json_fields::fail(parent + key, "auto, none, csv, csv:COLUMN, graphml or graphml:KEY", j[key]);
    }
}

std::map<std::string, DatasetChoices> perDatasetFromJson(const nlohmann::json& j) {
    namespace F = px::json_fields;
    if (!j.is_object()) F::fail("per_dataset", "an object of data set → {degree_bound, protocol}", j);
    std::map<std::string, DatasetChoices> m;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string where = "per_dataset." + it.key() + ".";
        if (!it->is_object()) F::fail("per_dataset." + it.key(), "an object {degree_bound, protocol}", *it);
        F::checkKeys(*it, {"degree_bound", "protocol", "labels"}, where);
        DatasetChoices c;
        c.degreeBound = int(F::getInteger(*it, "degree_bound", 0, where, 1, 1000000000));
        c.protocol = F::getString(*it, "protocol", "", where);
        if (!c.protocol.empty()) checkProtocol(c.protocol, (*it)["protocol"], where + "protocol");
        if (it->contains("labels")) c.labels = labelSource(*it, "labels", where);
        m[it.key()] = c;
    }
    return m;
}

}  // namespace

nlohmann::json ExplorerSettings::toJson() const {
    return {{"format", "pxstudio-session"}, {"version", kVersion}, {"dataset", dataset}, {"labels", labels}, {"pattern_class", patternClass},
            {"d", d}, {"max_size", maxSize}, {"size_mean", sizeMean}, {"connected", connected},
            {"keep_duplicates", keepDuplicates}, {"pattern_seed", patternSeed}, {"mechanism", px::privacy::toJson(mechanism)},
            {"learner", px::learn::learnerKey(learner)}, {"k", k}, {"C", C}, {"trees", trees}, {"gin_layers", ginLayers}, {"gin_hidden", ginHidden}, {"gin_epochs", ginEpochs}, {"gin_features", ginFeatures}, {"noisy_test", noisyTest}, {"feature_map", featureMap}, {"append_log_n", appendLogN}, {"nested_tuning", nestedTuning}, {"repetitions", repetitions}, {"protocol", protocol}, {"per_dataset", perDatasetJson(perDataset)}, {"view", view}};
}

bool ExplorerSettings::operator==(const ExplorerSettings& o) const {
    nlohmann::json a = toJson(), b = o.toJson();
    a.erase("view");
    b.erase("view");
    return a == b;
}

ExplorerSettings ExplorerSettings::fromJson(const nlohmann::json& j) {
    namespace F = px::json_fields;
    if (!j.is_object() || j.value("format", "") != "pxstudio-session")
        throw std::invalid_argument("not a PXStudio session (expected \"format\": \"pxstudio-session\")");
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<long long>() != kVersion)
        throw std::invalid_argument("session version " + (j.contains("version") ? j["version"].dump() : std::string("(missing)")) +
                                    " is not supported (expected " + std::to_string(kVersion) + ")");
    F::checkKeys(j, {"format", "version", "dataset", "labels", "pattern_class", "d", "max_size", "size_mean", "connected", "keep_duplicates",
                                          "pattern_seed", "mechanism", "learner", "k", "C", "trees", "gin_layers", "gin_hidden", "gin_epochs", "gin_features", "noisy_test",
                     "feature_map", "append_log_n", "nested_tuning", "repetitions", "protocol", "per_dataset", "view"}, "");
    ExplorerSettings s;
    s.dataset = F::getString(j, "dataset", s.dataset, "");
    if (j.contains("labels")) s.labels = labelSource(j, "labels", "");
    s.patternClass = F::getString(j, "pattern_class", s.patternClass, "");
    px::PatternClass::parse(s.patternClass);
    s.d = int(F::getInteger(j, "d", s.d, "", 1, 500));
    s.maxSize = int(F::getInteger(j, "max_size", s.maxSize, "", 0, 30));
    s.sizeMean = F::getNumber(j, "size_mean", s.sizeMean, "", 1.5, 15);
    if (s.maxSize > 0 && s.sizeMean > s.maxSize)  // a size law truncated at max_size has no larger mean
        F::fail("size_mean", "at most max_size = " + std::to_string(s.maxSize), j["size_mean"]);
    s.connected = F::getBool(j, "connected", s.connected, "");
    s.keepDuplicates = F::getBool(j, "keep_duplicates", s.keepDuplicates, "");
    s.patternSeed = std::uint64_t(F::getInteger(j, "pattern_seed", (long long)s.patternSeed, "", 0, 1000000));
    if (j.contains("mechanism")) s.mechanism = px::privacy::mechanismParamsFromJson(j["mechanism"], "mechanism");
    // A session that declares no D (written by hand) gets the data set's own once it is loaded
    // (fillUndeclaredDegreeBound), not the mechanism's generic default, which may refuse most of its graphs.
    if (!j.contains("mechanism") || !j["mechanism"].is_object() || !j["mechanism"].contains("degree_bound")) s.mechanism.degreeBound = 0;
    const auto learner = px::learn::learnerFromKey(F::getString(j, "learner", px::learn::learnerKey(s.learner), ""));
    if (!learner) F::fail("learner", px::learn::learnerKeyList(), j["learner"]);
    s.learner = *learner;
    s.k = int(F::getInteger(j, "k", s.k, "", 1, 5000));
    s.C = F::getNumber(j, "C", s.C, "", 0.001, 1000);
    s.trees = int(F::getInteger(j, "trees", s.trees, "", 1, 2000));
    s.ginLayers = int(F::getInteger(j, "gin_layers", s.ginLayers, "", 1, 10));
    s.ginHidden = int(F::getInteger(j, "gin_hidden", s.ginHidden, "", 4, 512));
    s.ginEpochs = int(F::getInteger(j, "gin_epochs", s.ginEpochs, "", 1, 500));
    s.ginFeatures = F::getString(j, "gin_features", s.ginFeatures, "");
    if (s.ginFeatures != "ones" && s.ginFeatures != "degree" && s.ginFeatures != "labels")
        F::fail("gin_features", "\"ones\", \"degree\" or \"labels\"", j["gin_features"]);
    s.noisyTest = F::getBool(j, "noisy_test", s.noisyTest, "");
    s.featureMap = F::getString(j, "feature_map", s.featureMap, "");
    try {
        px::experiment::featureMapFromKey(s.featureMap);
    } catch (const std::invalid_argument&) {
        F::fail("feature_map", "\"density\", \"count\" or \"log-count\"", j["feature_map"]);
    }
    s.appendLogN = F::getBool(j, "append_log_n", s.appendLogN, "");
    s.nestedTuning = F::getBool(j, "nested_tuning", s.nestedTuning, "");
    s.repetitions = int(F::getInteger(j, "repetitions", s.repetitions, "", 1, 5));
    s.protocol = F::getString(j, "protocol", s.protocol, "");
    checkProtocol(s.protocol, j.contains("protocol") ? j["protocol"] : nlohmann::json(), "protocol");
    if (j.contains("per_dataset")) s.perDataset = perDatasetFromJson(j["per_dataset"]);
    s.view = F::getString(j, "view", "", "");
    return s;
}

DatasetChoices derivedChoices(const px::Dataset& ds) {
    DatasetChoices c;
    c.degreeBound = std::max(1, ds.maxDegree());  // a bound that refuses no graph of the set, and no more noise
    c.protocol = ds.folds.size() == 10 ? "10-fold" : "split";  // shipped folds: the TU-benchmark protocol on them
    return c;
}

void fillUndeclaredDegreeBound(ExplorerSettings& s, const px::Dataset& ds) {
    if (s.mechanism.degreeBound > 0) return;
    const auto declared = s.perDataset.find(s.dataset);
    const int mine = declared != s.perDataset.end() ? declared->second.degreeBound : 0;
    s.mechanism.degreeBound = mine > 0 ? mine : derivedChoices(ds).degreeBound;
}

void applyDatasetChoices(ExplorerSettings& s, const px::Dataset& ds) {
    const DatasetChoices derived = derivedChoices(ds);
    const auto declared = s.perDataset.find(s.dataset);
    const DatasetChoices mine = declared != s.perDataset.end() ? declared->second : DatasetChoices{};
    s.mechanism.degreeBound = mine.degreeBound > 0 ? mine.degreeBound : derived.degreeBound;
    s.protocol = !mine.protocol.empty() ? mine.protocol : derived.protocol;
}
