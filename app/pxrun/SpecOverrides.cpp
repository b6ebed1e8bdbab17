// --set key=value overrides of a JSON spec (pxrun sweep and pxrun depth).
#include "CommonOptions.h"

#include <stdexcept>

namespace pxrun {

std::vector<std::string> takeSets(const std::vector<std::string>& argv, std::vector<std::string>& sets) {
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == "--set") {
            if (i + 1 == argv.size()) throw std::invalid_argument("--set expects key=value after it");
            sets.push_back(argv[++i]);
        } else {
            rest.push_back(argv[i]);
        }
    }
    return rest;
}

void applySet(nlohmann::json& spec, const std::string& kv) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) throw std::invalid_argument("--set expects key=value, got '" + kv + "'");
    const std::string key = kv.substr(0, eq), text = kv.substr(eq + 1);
    nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
    if (value.is_discarded()) value = text;
    nlohmann::json* at = &spec;
    std::size_t start = 0;
    for (;;) {
        const std::size_t dot = key.find('.', start);
        const std::string part = key.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (part.empty()) throw std::invalid_argument("--set: empty name in the key '" + key + "'");
        if (!at->is_object())
            throw std::invalid_argument("--set " + key + ": '" + key.substr(0, start ? start - 1 : 0) + "' is not an object in the spec");
        if (dot == std::string::npos) {
            (*at)[part] = value;
            return;
        }
        at = &(*at)[part];
        if (at->is_null()) *at = nlohmann::json::object();
        start = dot + 1;
    }
}

}  // namespace pxrun
