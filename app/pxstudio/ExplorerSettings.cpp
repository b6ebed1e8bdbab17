#include "ExplorerSettings.h"

#include "learn/Learners.h"

#include <stdexcept>

nlohmann::json ExplorerSettings::toJson() const {
    return {{"format", "pxstudio-session"}, {"version", kVersion}, {"dataset", dataset}, {"pattern_class", patternClass},
            {"d", d}, {"max_size", maxSize}, {"size_mean", sizeMean}, {"connected", connected},
            {"keep_duplicates", keepDuplicates}, {"pattern_seed", patternSeed}, {"mechanism", px::privacy::toJson(mechanism)},
            {"learner", learner}, {"k", k}, {"C", C}, {"trees", trees}, {"noisy_test", noisyTest}, {"repetitions", repetitions}, {"protocol", protocol}};
}

ExplorerSettings ExplorerSettings::fromJson(const nlohmann::json& j) {
    if (!j.is_object() || j.value("format", "") != "pxstudio-session")
        throw std::invalid_argument("not a PXStudio session (expected \"format\": \"pxstudio-session\")");
    if (j.value("version", 0) != kVersion)
        throw std::invalid_argument("session version " + std::to_string(j.value("version", 0)) + " is not supported (expected " +
                                    std::to_string(kVersion) + ")");
    ExplorerSettings s;
    std::string field;
    try {
        field = "dataset"; s.dataset = j.value("dataset", s.dataset);
        field = "pattern_class"; s.patternClass = j.value("pattern_class", s.patternClass);
        px::PatternClass::parse(s.patternClass);
        field = "d"; s.d = j.value("d", s.d);
        field = "max_size"; s.maxSize = j.value("max_size", s.maxSize);
        field = "size_mean"; s.sizeMean = j.value("size_mean", s.sizeMean);
        field = "connected"; s.connected = j.value("connected", s.connected);
        field = "keep_duplicates"; s.keepDuplicates = j.value("keep_duplicates", s.keepDuplicates);
        field = "pattern_seed"; s.patternSeed = j.value("pattern_seed", s.patternSeed);
        field = "mechanism"; if (j.contains("mechanism")) s.mechanism = px::privacy::mechanismParamsFromJson(j["mechanism"]);
        field = "learner"; s.learner = j.value("learner", s.learner);
        if (!px::learn::isKnownLearner(s.learner)) throw std::invalid_argument("session field \"learner\": unknown learner '" + s.learner + "'");
        field = "k"; s.k = j.value("k", s.k);
        field = "C"; s.C = j.value("C", s.C);
        field = "trees"; s.trees = j.value("trees", s.trees);
        field = "noisy_test"; s.noisyTest = j.value("noisy_test", s.noisyTest);
        field = "repetitions"; s.repetitions = j.value("repetitions", s.repetitions);
        field = "protocol"; s.protocol = j.value("protocol", s.protocol);
        if (s.protocol != "split" && s.protocol != "10-fold")
            throw std::invalid_argument("session field \"protocol\": expected \"split\" or \"10-fold\", found \"" + s.protocol + "\"");
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument("session field \"" + field + "\": " + e.what());
    }
    if (s.d < 1 || s.k < 1 || s.repetitions < 1) throw std::invalid_argument("session: d, k and repetitions must be at least 1");
    if (!(s.sizeMean >= 1) || !(s.C > 0) || s.trees < 1)
        throw std::invalid_argument("session: size_mean must be at least 1, C positive and trees at least 1");
    return s;
}
