#pragma once
// pxrun's usage as data: its commands, its options (one entry each, with the values an option takes), the
// environment it reads, the files it uses and examples. `pxrun --help` prints it as text, `pxrun --help-json`
// as JSON, from which the build generates the manual page (cmake/man_page.py) and the bash completion
// (cmake/bash_completion.py): one source, so that the three cannot drift apart.
#include <cstddef>
#include <string>
#include <vector>

namespace pxrun::usage {

struct CommandDoc {
    std::string synopsis;  // "info PATH|builtin:NAME [--D N] [--labels SPEC]": the command's words, then its options
    std::string text;      // what it does, one paragraph
    // What its operand is, for completion: "data" (a folder, a file or builtin:NAME), "files:*.json", "files",
    // "words" (one of `words`), or "" (none).
    std::string operand;
    std::vector<std::string> words;
    bool mechanismOptions = false;  // takes the options of the "mechanism" group too
    bool nodeData = false;          // its builtin:NAME data sets are node-level ones (the depth lab's)
};

struct OptionDoc {
    std::string name;    // "--path"
    std::string value;   // "auto|sparse|scatter|gemm", "FILE.json"; empty for a flag
    std::string text;    // what it does, one paragraph
    std::string group;   // "" (named in commands' synopses), "mechanism" (embed, audit), "every" (every command)
    std::vector<std::string> values;  // the values it takes, for completion ("csv:" completes a prefix)
    std::string complete;             // "data", "files:*.json", "files", "dirs", or "" (only `values`)
};

struct NamedText {
    std::string name;  // an environment variable, a file, or an example's command line
    std::string text;
};

struct UsageDoc {
    std::vector<CommandDoc> commands;
    std::vector<OptionDoc> options;
    std::vector<NamedText> environment, files, examples;
    std::vector<std::string> builtinData;      // the NAMEs of builtin:NAME, for completion
    std::vector<std::string> builtinNodeData;  // those of node-level commands (CommandDoc::nodeData)
    // Options that exclude one another ({"--epsilon", "--rho"}): a command given two of one group refuses them.
    std::vector<std::vector<std::string>> exclusive;
};

// The text's layout: no line longer than kHelpWidth columns; an option's description starts at kHelpTextColumn.
constexpr std::size_t kHelpWidth = 80, kHelpTextColumn = 32;

const UsageDoc& usageDoc();
// "info", "bench densities": a command's name, the words of its synopsis before its operands and options.
std::string commandName(const CommandDoc& command);
// The options `command` takes ("--path", ...): those its synopses name, the mechanism options where it takes them,
// and those of every command. The completion (cmake/bash_completion.py) follows the same rule. Empty: no such command.
std::vector<std::string> commandOptions(const UsageDoc& doc, const std::string& command);
bool optionTakesValue(const UsageDoc& doc, const std::string& option);  // false for a flag such as --explain
std::vector<std::string> commandNames(const UsageDoc& doc);  // each command's name once, in the table's order
std::string helpText(const UsageDoc& doc);  // what --help prints
// "usage: pxrun sweep SPEC.json --out PREFIX ...": the command's synopses (what a usage error prints).
std::string commandUsage(const UsageDoc& doc, const std::string& command);
// What `pxrun COMMAND --help` prints: its synopses, what it does, and every option it takes (commandOptions).
std::string commandHelp(const UsageDoc& doc, const std::string& command);
// The name of `candidates` nearest to `name` by edit distance [Levenshtein 1966] if at most about a third of
// its letters differ, else "" (the "did you mean" of unknown commands and options).
std::string nearestName(const std::string& name, const std::vector<std::string>& candidates);
std::string helpJson(const UsageDoc& doc);  // what --help-json prints

// The values of options whose parsing lives in pxrun itself (the parsers use these lists too).
const std::vector<std::string>& densityPathNames();   // --path, in DensityPath's order
const std::vector<std::string>& sensitivityNames();   // --sensitivity, in SensitivitySource's order
const std::vector<std::string>& dprrSplitNames();     // --dprr-split, in DprrSplit's order
const std::vector<std::string>& figureViewNames();    // --view
// The index of `value` in `names`, or an invalid_argument "option --NAME expects a, b or c, got 'value'".
std::size_t choiceIndex(const std::string& option, const std::vector<std::string>& names, const std::string& value);

}  // namespace pxrun::usage
