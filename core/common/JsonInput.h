#pragma once
// Parses JSON text, turning a syntax error into px::InputError naming the source and the line.
#include "common/Error.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

namespace px {

inline nlohmann::json parseJsonInput(const std::string& text, const std::string& source) {
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        const long line = 1 + long(std::count(text.begin(), text.begin() + long(std::min(e.byte, text.size())), '\n'));
        throw InputError(source, line, std::string("not valid JSON: ") + e.what());
    }
}

}  // namespace px
