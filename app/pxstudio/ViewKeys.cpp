#include "ViewKeys.h"

#include <cstdint>
#include <cstdio>

namespace viewkeys {

nlohmann::json scoped(const ExplorerSettings& s, Scope scope) {
    nlohmann::json all = s.toJson();
    all.erase("view");         // the tab on screen is no setting
    all.erase("per_dataset");  // what the user declared for other data sets; this one's is in mechanism and protocol
    if (scope == Scope::AtEpsilon) return all;
    if (scope == Scope::Sweep) {
        all["mechanism"].erase("epsilon");  // the sweep covers its ε grid whatever the slider says
        return all;
    }
    nlohmann::json out = nlohmann::json::object();
    for (const char* field : {"pattern_class", "d", "max_size", "size_mean", "connected", "keep_duplicates", "pattern_seed"})
        out[field] = all[field];
    if (scope == Scope::Release) {
        out["dataset"] = all["dataset"];
        out["labels"] = all["labels"];  // the classes the embedding is coloured by, the report's data
        out["mechanism"] = all["mechanism"];
    }
    return out;
}

std::string keyOf(const nlohmann::json& value) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : value.dump()) h = (h ^ c) * 1099511628211ull;
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

std::string key(const ExplorerSettings& s, Scope scope) { return keyOf(scoped(s, scope)); }

std::string tradeoffKey(const ExplorerSettings& computedFor, double markerEpsilon) {
    return keyOf({{"sweep", key(computedFor, Scope::Sweep)}, {"marker_epsilon", markerEpsilon}});
}

}  // namespace viewkeys
