// pxrun's usage (Usage.h) as text for --help and as JSON for --help-json; the value lists of pxrun's own parsers.
#include "Usage.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace pxrun::usage {

const std::vector<std::string>& densityPathNames() {
    static const std::vector<std::string> names = {"auto", "sparse", "scatter", "gemm"};
    return names;
}
const std::vector<std::string>& sensitivityNames() {
    static const std::vector<std::string> names = {"degree-bound", "counting-lemma"};
    return names;
}
const std::vector<std::string>& dprrSplitNames() {
    static const std::vector<std::string> names = {"project", "published"};
    return names;
}
const std::vector<std::string>& figureViewNames() {
    static const std::vector<std::string> names = {"tradeoff", "gin-curve"};
    return names;
}

std::size_t choiceIndex(const std::string& option, const std::vector<std::string>& names, const std::string& value) {
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == value) return i;
    std::string expected;
    for (std::size_t i = 0; i < names.size(); ++i)
        expected += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    throw std::invalid_argument("option " + option + " expects " + expected + ", got '" + value + "'");
}

namespace {
constexpr std::size_t kWidth = kHelpWidth, kTextColumn = kHelpTextColumn;

// The edit distance of two names [Levenshtein 1966].
std::size_t editDistance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The words of `text`; a bracketed group ("[--scheme unconstrained|constrained]") stays one word.
std::vector<std::string> unbreakable(const std::string& text) {
    std::vector<std::string> words;
    int depth = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(start, end - start);
        start = end + 1;
        if (word.empty()) continue;
        if (depth > 0) words.back() += " " + word;
        else words.push_back(word);
        for (char c : word) depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    }
    return words;
}

// `text` filled to kWidth columns after `first` (the first line's start), its later lines indented by `indent`.
std::string filled(const std::string& first, const std::string& text, std::size_t indent) {
    std::string out, line = first;
    bool lineHasWord = false;
    for (const std::string& word : unbreakable(text)) {
        if (lineHasWord && line.size() + 1 + word.size() > kWidth) {
            out += line + "\n";
            line = std::string(indent, ' ');
            lineHasWord = false;
        }
        line += (lineHasWord ? " " : "") + word;
        lineHasWord = true;
    }
    return out + line + "\n";
}

// "  --seed N      the pattern sampler's seed": the text at column `indent`, below the head when it is longer.
std::string entry(const std::string& head, const std::string& text, std::size_t indent) {
    if (head.size() + 1 <= indent) return filled(head + std::string(indent - head.size(), ' '), text, indent);
    return head + "\n" + filled(std::string(indent, ' '), text, indent);
}

std::string optionEntry(const OptionDoc& o) {
    return entry("  " + o.name + (o.value.empty() ? "" : " " + o.value), o.text, kTextColumn);
}

std::string optionLines(const UsageDoc& doc, const std::string& group, const std::string& alsoGroup = "") {
    std::string out;
    for (const OptionDoc& o : doc.options)
        if (o.group == group || (!alsoGroup.empty() && o.group == alsoGroup)) out += optionEntry(o);
    return out;
}
}  // namespace

std::string nearestName(const std::string& name, const std::vector<std::string>& candidates) {
    const auto nearest = std::min_element(candidates.begin(), candidates.end(), [&](const std::string& x, const std::string& y) {
        return editDistance(name, x) < editDistance(name, y);
    });
    const std::size_t letters = name.size() - std::min(name.find_first_not_of('-'), name.size());
    const std::size_t allowed = std::max<std::size_t>(1, letters / 3);
    return nearest != candidates.end() && editDistance(name, *nearest) <= allowed ? *nearest : "";
}

std::vector<std::string> commandNames(const UsageDoc& doc) {
    std::vector<std::string> out;
    for (const CommandDoc& c : doc.commands)
        if (std::find(out.begin(), out.end(), commandName(c)) == out.end()) out.push_back(commandName(c));
    return out;
}

std::string commandUsage(const UsageDoc& doc, const std::string& command) {
    std::string out;
    for (const CommandDoc& c : doc.commands)
        if (commandName(c) == command) out += filled(out.empty() ? "usage: pxrun " : "       pxrun ", c.synopsis, 8);
    return out;
}

std::string commandHelp(const UsageDoc& doc, const std::string& command) {
    std::string out = commandUsage(doc, command) + "\n";
    for (const CommandDoc& c : doc.commands)
        if (commandName(c) == command) out += filled("", c.text, 0);
    out += "\noptions:\n";
    for (const std::string& name : commandOptions(doc, command))
        for (const OptionDoc& o : doc.options)
            if (o.name == name) out += optionEntry(o);
    return out + "\npxrun --help describes every command\n";
}

std::string commandName(const CommandDoc& command) {
    const std::regex subcommand("^[a-z]+$");  // as bash_completion.py's SUBCOMMAND
    std::istringstream words(command.synopsis);
    std::string name, second;
    words >> name >> second;
    return std::regex_match(second, subcommand) && name == "bench" ? name + " " + second : name;
}

std::vector<std::string> commandOptions(const UsageDoc& doc, const std::string& command) {
    std::vector<std::string> out;
    const auto add = [&](const std::string& name) {
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    };
    bool found = false;
    const std::regex option("--[A-Za-z0-9][A-Za-z0-9-]*");
    for (const CommandDoc& c : doc.commands) {
        if (commandName(c) != command) continue;
        found = true;
        for (std::sregex_iterator m(c.synopsis.begin(), c.synopsis.end(), option), end; m != end; ++m) add(m->str());
        for (const OptionDoc& o : doc.options)
            if ((o.group == "mechanism" && c.mechanismOptions) || o.group == "every") add(o.name);
    }
    if (!found) return {};
    for (const std::string& name : out)
        if (std::none_of(doc.options.begin(), doc.options.end(), [&](const OptionDoc& o) { return o.name == name; }))
            throw std::logic_error("pxrun's usage: the synopsis of " + command + " names " + name + ", which has no entry");
    return out;
}

bool optionTakesValue(const UsageDoc& doc, const std::string& option) {
    for (const OptionDoc& o : doc.options)
        if (o.name == option) return !o.value.empty();
    return false;
}

std::string helpText(const UsageDoc& doc) {
    std::string out = "usage: pxrun <command> [options]\n\ncommands:\n";
    for (const CommandDoc& c : doc.commands) out += filled("  ", c.synopsis, 8) + filled(std::string(8, ' '), c.text, 8);
    out += "\noptions:\n" + optionLines(doc, "");
    out += "\nmechanism options (embed, audit; bench noise: --mechanism, --allocation):\n" + optionLines(doc, "mechanism");
    out += "\nevery command:\n" + optionLines(doc, "every", "top");
    out += "\nenvironment:\n";
    for (const NamedText& e : doc.environment) out += entry("  " + e.name, e.text, kTextColumn);
    out += "\nfiles:\n";
    for (const NamedText& f : doc.files) out += entry("  " + f.name, f.text, kTextColumn);
    out += "\nexamples:\n";
    for (const NamedText& e : doc.examples) out += "  " + e.name + "\n" + filled(std::string(8, ' '), e.text, 8);
    return out;
}

std::string helpJson(const UsageDoc& doc) {
    using nlohmann::json;
    json commands = json::array(), options = json::array();
    for (const CommandDoc& c : doc.commands)
        commands.push_back({{"synopsis", c.synopsis}, {"text", c.text}, {"operand", c.operand}, {"words", c.words},
                            {"mechanism_options", c.mechanismOptions}, {"node_data", c.nodeData}});
    for (const OptionDoc& o : doc.options)
        options.push_back({{"name", o.name}, {"value", o.value}, {"text", o.text}, {"group", o.group},
                           {"values", o.values}, {"complete", o.complete}});
    const auto named = [](const std::vector<NamedText>& list) {
        json out = json::array();
        for (const NamedText& n : list) out.push_back({{"name", n.name}, {"text", n.text}});
        return out;
    };
    const json all = {{"program", "pxrun"}, {"usage", "pxrun <command> [options]"}, {"commands", commands},
                      {"options", options}, {"environment", named(doc.environment)}, {"files", named(doc.files)},
                      {"examples", named(doc.examples)}, {"builtin_data", doc.builtinData},
                      {"builtin_node_data", doc.builtinNodeData}};
    return all.dump(1) + "\n";
}

}  // namespace pxrun::usage
