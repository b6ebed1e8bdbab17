// pxrun's arguments, parsed by CLI11 against the options pxrun's usage table (Usage.h) names for each command:
// the same table prints --help, the manual page and the completion, so that an option the usage does not name
// is refused rather than silently ignored.
#include "Commands.h"
#include "Usage.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <stdexcept>

namespace pxrun {

namespace {
// "densities: unknown option --thread (did you mean --threads?)": where the option belongs if another command takes
// it, else the nearest of the command's own (a third of the name's letters may differ), else where to look.
std::string unknownOption(const std::string& command, const std::string& option, const std::vector<std::string>& known) {
    const std::string message = command + ": unknown option " + option, name = option.substr(0, option.find('='));
    std::string elsewhere;
    for (const usage::CommandDoc& c : usage::usageDoc().commands) {
        const std::string other = usage::commandName(c);
        const auto theirs = usage::commandOptions(usage::usageDoc(), other);
        if (other != command && std::find(theirs.begin(), theirs.end(), name) != theirs.end() &&
            elsewhere.find(other) == std::string::npos)
            elsewhere += (elsewhere.empty() ? "" : ", ") + other;
    }
    if (!elsewhere.empty()) return message + " (an option of " + elsewhere + ")";
    const std::string nearest = usage::nearestName(name, known);
    if (!nearest.empty()) return message + " (did you mean " + nearest + "?)";
    return message + "; pxrun --help lists each command's options";
}

// "embed: give --epsilon or --rho, not both": two options of one exclusive group (UsageDoc::exclusive).
void refuseExclusive(const std::string& command, const CLI::App& app) {
    for (const std::vector<std::string>& group : usage::usageDoc().exclusive) {
        std::vector<std::string> given;
        for (const std::string& name : group)
            if (app.get_option_no_throw(name) && app.count(name) > 0) given.push_back(name);
        if (given.size() < 2) continue;
        std::string names;
        for (std::size_t i = 0; i < given.size(); ++i) names += (i == 0 ? "" : i + 1 == given.size() ? " or " : ", ") + given[i];
        throw std::invalid_argument(command + ": give " + names + ", not both");
    }
}
}  // namespace

Args Args::parse(const std::string& command, const std::vector<std::string>& argv) {
    const std::vector<std::string> known = usage::commandOptions(usage::usageDoc(), command);
    if (known.empty()) throw std::logic_error("pxrun: the usage table names no command '" + command + "'");
    CLI::App app{"pxrun " + command};
    app.set_help_flag();  // main answers --help
    app.allow_extras(true);
    Args a;
    a.command = command;
    std::map<std::string, std::string> values;
    for (const std::string& name : known) {
        const std::string key = name.substr(2);
        if (usage::optionTakesValue(usage::usageDoc(), name)) app.add_option(name, values[key])->type_name(key);
        else app.add_flag(name);
    }
    app.add_option("operands", a.positional);
    std::vector<std::string> reversed(argv.rbegin(), argv.rend());  // CLI11 takes them last first
    try {
        app.parse(reversed);
    } catch (const CLI::ArgumentMismatch& e) {  // "--epsilon: 1 required TEXT missing", "... received 2"
        const std::string what = e.what(), name = what.substr(0, what.find(':'));
        const bool missing = what.find("missing") != std::string::npos;
        throw std::invalid_argument(command + ": option " + name + (missing ? " needs a value" : " is given more than once"));
    } catch (const CLI::ParseError& e) {
        throw std::invalid_argument(command + ": " + e.what());
    }
    for (const std::string& extra : app.remaining())
        if (extra.rfind("-", 0) == 0 && extra != "--") throw std::invalid_argument(unknownOption(command, extra, known));
    refuseExclusive(command, app);
    for (const std::string& name : known) {
        const std::string key = name.substr(2);
        if (app.count(name) == 0) continue;
        a.options[key] = usage::optionTakesValue(usage::usageDoc(), name) ? values[key] : "1";
    }
    return a;
}

std::string Args::get(const std::string& key, const std::string& fallback) const {
    auto it = options.find(key);
    return it == options.end() ? fallback : it->second;
}

namespace {
// The option's value read whole by `convert` (std::stol, std::stod), or an error naming the option and `kind`.
template <class Convert>
auto converted(const std::string& command, const std::string& key, const std::string& text, const char* kind, Convert convert) {
    try {
        std::size_t used = 0;
        const auto v = convert(text, &used);
        if (used == text.size()) return v;
    } catch (const std::logic_error&) {  // invalid_argument, out_of_range
    }
    throw std::invalid_argument(command + ": option --" + key + " expects " + kind + ", got '" + text + "'");
}
}  // namespace

long Args::getLong(const std::string& key, long fallback) const {
    auto it = options.find(key);
    if (it == options.end()) return fallback;
    return converted(command, key, it->second, "an integer", [](const std::string& t, std::size_t* used) { return std::stol(t, used); });
}

double Args::getDouble(const std::string& key, double fallback) const {
    auto it = options.find(key);
    if (it == options.end()) return fallback;
    return converted(command, key, it->second, "a number", [](const std::string& t, std::size_t* used) { return std::stod(t, used); });
}

}  // namespace pxrun
