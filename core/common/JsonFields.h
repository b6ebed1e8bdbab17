#pragma once
// Strict access to the fields of a JSON input: a missing field takes its default; a present one must
// have the right kind (an integer field refuses 5.7, a number refuses a string) and lie in its range;
// unknown keys are refused. Errors are std::invalid_argument with the key path, e.g.
// `field "budget.values[3]": expected a positive number or "inf", found "x"`; the caller adds the file.
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace px::json_fields {

using nlohmann::json;

std::string at(const std::string& parent, const std::string& key);  // "/patterns" + "d" → "/patterns/d" (a JSON pointer)
[[noreturn]] void fail(const std::string& path, const std::string& expected, const json& found);

// The JSON library's type error in a user's words: "type must be string, but is number" → "expected a
// string, found a number"; other library errors → "a value of the wrong kind". Never the library's own text.
std::string describeTypeError(const nlohmann::json::exception& e);

// Refuses a list of more than `most` values (checked before its elements are read), naming the field:
// `field "/budget/values": expected at most 1000 values, found 1000000`.
void checkLength(const json& list, const std::string& path, std::size_t most);
void checkKeys(const json& object, const std::set<std::string>& known, const std::string& path);
long long integer(const json& v, const std::string& path, long long lo, long long hi);
double number(const json& v, const std::string& path, double lo, double hi);

long long getInteger(const json& object, const std::string& key, long long fallback, const std::string& parent, long long lo, long long hi);
double getNumber(const json& object, const std::string& key, double fallback, const std::string& parent, double lo, double hi);
bool getBool(const json& object, const std::string& key, bool fallback, const std::string& parent);
std::string getString(const json& object, const std::string& key, const std::string& fallback, const std::string& parent);
std::vector<long long> getIntegers(const json& object, const std::string& key, const std::string& parent, long long lo, long long hi);

}  // namespace px::json_fields
