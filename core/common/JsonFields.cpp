// Strict readers of JSON fields (JsonFields.h): type, range and unknown-key checks with messages naming the field.
#include "common/JsonFields.h"

#include "common/JsonInput.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace px::json_fields {

namespace {
std::string show(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}
}  // namespace

std::string at(const std::string& parent, const std::string& key) { return jsonPath(parent, key); }

void fail(const std::string& path, const std::string& expected, const json& found) {
    std::string f = found.dump();
    if (f.size() > 60) f = f.substr(0, 57) + "...";
    const std::string where = path.empty() ? std::string("the document") : "field \"" + jsonPointer(path) + "\"";
    throw std::invalid_argument(where + ": expected " + expected + ", found " + f);
}

std::string describeTypeError(const nlohmann::json::exception& e) {
    const std::string what = e.what();
    const std::string must = "type must be ", but = ", but is ";
    const auto a = what.find(must), b = what.find(but);
    if (a == std::string::npos || b == std::string::npos || b < a) return "a value of the wrong kind";
    const std::string expected = what.substr(a + must.size(), b - a - must.size());
    const std::string found = what.substr(b + but.size());
    const auto article = [](const std::string& w) { return std::string(w.empty() || std::string("aeiou").find(w[0]) == std::string::npos ? "a " : "an ") + w; };
    return "expected " + article(expected) + ", found " + article(found);
}

void checkLength(const json& list, const std::string& path, std::size_t most) {
    if (list.is_array() && list.size() > most)
        throw std::invalid_argument("field \"" + jsonPointer(path) + "\": expected at most " + std::to_string(most) + " values, found " +
                                    std::to_string(list.size()) + " (a spec's lists are bounded: docs/hostile-input.md)");
}

void checkKeys(const json& object, const std::set<std::string>& known, const std::string& path) {
    if (!object.is_object()) fail(path, "an object { … }", object);
    for (auto it = object.begin(); it != object.end(); ++it)
        if (!known.count(it.key())) {
            std::string list;
            for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
            throw std::invalid_argument("unknown field \"" + at(path, it.key()) + "\" (known here: " + list + ")");
        }
}

long long integer(const json& v, const std::string& path, long long lo, long long hi) {
    const std::string range = "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    if (v.is_number_integer()) {
        if (v.is_number_unsigned() && v.get<unsigned long long>() > static_cast<unsigned long long>(hi)) fail(path, range, v);
        const long long x = v.get<long long>();
        if (x < lo || x > hi) fail(path, range, v);
        return x;
    }
    if (v.is_number_float()) {
        const double x = v.get<double>();
        if (std::isfinite(x) && x == std::floor(x) && x >= double(lo) && x <= double(hi)) return static_cast<long long>(x);
    }
    fail(path, range, v);
}

double number(const json& v, const std::string& path, double lo, double hi) {
    if (!v.is_number() || !(v.get<double>() >= lo && v.get<double>() <= hi))
        fail(path, "a number in [" + show(lo) + ", " + show(hi) + "]", v);
    return v.get<double>();
}

long long getInteger(const json& o, const std::string& key, long long fallback, const std::string& parent, long long lo, long long hi) {
    return o.contains(key) ? integer(o.at(key), at(parent, key), lo, hi) : fallback;
}

double getNumber(const json& o, const std::string& key, double fallback, const std::string& parent, double lo, double hi) {
    return o.contains(key) ? number(o.at(key), at(parent, key), lo, hi) : fallback;
}

bool getBool(const json& o, const std::string& key, bool fallback, const std::string& parent) {
    if (!o.contains(key)) return fallback;
    if (!o.at(key).is_boolean()) fail(at(parent, key), "true or false", o.at(key));
    return o.at(key).get<bool>();
}

std::string getString(const json& o, const std::string& key, const std::string& fallback, const std::string& parent) {
    if (!o.contains(key)) return fallback;
    if (!o.at(key).is_string()) fail(at(parent, key), "a string", o.at(key));
    return o.at(key).get<std::string>();
}

std::vector<long long> getIntegers(const json& o, const std::string& key, const std::string& parent, long long lo, long long hi) {
    std::vector<long long> out;
    const std::string path = at(parent, key);
    const json& v = o.at(key);
    if (!v.is_array() || v.empty()) fail(path, "a non-empty list of integers", v);
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(integer(v[i], path + "[" + std::to_string(i) + "]", lo, hi));
    return out;
}

}  // namespace px::json_fields
