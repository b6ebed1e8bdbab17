// pxrun's argument parser (app/pxrun/Args.cpp, CLI11 over the usage table of Usage.h), on generated command lines:
// every command accepts exactly the options its usage names, in any order and in both spellings (--key value and
// --key=value), and refuses an unknown option, a missing value and an option given twice with a message naming it.
// The expected options and operands are built here from the generated tokens, not by the parser.
#include "Commands.h"
#include "Usage.h"

#include "PropertySupport.h"
#include <QtTest>
#include <rapidcheck.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using pxrun::Args;
namespace usage = pxrun::usage;

namespace {
std::vector<std::string> commandNames() {
    std::vector<std::string> out;
    for (const usage::CommandDoc& c : usage::usageDoc().commands)
        if (std::find(out.begin(), out.end(), usage::commandName(c)) == out.end()) out.push_back(usage::commandName(c));
    return out;
}

bool takesValue(const std::string& option) {
    for (const usage::OptionDoc& o : usage::usageDoc().options)
        if (o.name == option) return !o.value.empty();
    throw std::logic_error("no option " + option);
}

// A value: a word of letters, digits and the punctuation of paths and specs, or a negative number.
rc::Gen<std::string> valueWord() {
    const auto word = rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::elementOf(std::string("abcz019.:/_,"))));
    const auto negative = rc::gen::map(rc::gen::inRange(1, 1000), [](int v) { return "-" + std::to_string(v); });
    return rc::gen::oneOf(word, negative);
}

// The message of the invalid_argument `parse` throws, or "" when it accepts.
std::string refusal(const std::string& command, const std::vector<std::string>& argv) {
    try {
        Args::parse(command, argv);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The options a help text lists: the lines "  --name ..." of its sections.
std::set<std::string> listedOptions(const std::string& help) {
    static const std::regex entry("^  (--[A-Za-z0-9][A-Za-z0-9-]*)( .*)?$");
    std::set<std::string> out;
    std::smatch m;
    for (const std::string& line : lines(help))
        if (std::regex_match(line, m, entry)) out.insert(m[1]);
    return out;
}

// Whether the parser takes `option` for `command`, given alone (with a value where it takes one).
bool parserTakes(const std::string& command, const std::string& option) {
    std::vector<std::string> argv = {option};
    if (takesValue(option)) argv.push_back("1");
    const std::string message = refusal(command, argv);
    if (message.empty()) return true;
    if (message.find(command + ": unknown option " + option) == 0) return false;
    throw std::logic_error(command + " " + option + ": unexpected refusal: " + message);
}

// The lines of `help` that hold option `o`'s entry: its head, then its description's lines (indented to the
// description column), or "" when the entry is not found.
std::vector<std::string> entryLines(const std::string& help, const usage::OptionDoc& o) {
    const std::string head = "  " + o.name + (o.value.empty() ? "" : " " + o.value);
    const std::vector<std::string> all = lines(help);
    const std::string indent(usage::kHelpTextColumn, ' ');
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].rfind(head, 0) != 0 || (all[i].size() > head.size() && all[i][head.size()] != ' ')) continue;
        std::vector<std::string> out = {all[i]};
        for (std::size_t j = i + 1; j < all.size() && all[j].rfind(indent, 0) == 0 && all[j].size() > indent.size() &&
                                    all[j][indent.size()] != ' ';
             ++j)
            out.push_back(all[j]);
        return out;
    }
    return {};
}

// A word of 1 to 14 letters, none a bracket (a bracketed group is kept whole).
rc::Gen<std::string> letters() {
    return rc::gen::mapcat(rc::gen::inRange(1, 15), [](int n) {
        return rc::gen::container<std::string>(std::size_t(n), rc::gen::inRange('a', char('z' + 1)));
    });
}

// Checks the entry of `o` in `help`: the head, the description from column kHelpTextColumn, its words in order,
// no line past kHelpWidth, and no line break a word would have fitted before (a greedy fill).
std::string entryProblem(const std::string& help, const usage::OptionDoc& o) {
    std::vector<std::string> entry = entryLines(help, o);
    if (entry.empty()) return o.name + ": no entry";
    const std::size_t column = usage::kHelpTextColumn, width = usage::kHelpWidth;
    const std::string head = "  " + o.name + (o.value.empty() ? "" : " " + o.value);
    if (head.size() + 1 > column) {
        if (entry[0] != head) return o.name + ": a long head stands alone";
        entry.erase(entry.begin());
    } else if (entry[0].find_first_not_of(' ', head.size()) != column) {
        return o.name + ": description not at column " + std::to_string(column) + ": " + entry[0];
    }
    std::string words;
    for (std::size_t i = 0; i < entry.size(); ++i) {
        const std::string text = entry[i].substr(column);
        if (entry[i].size() > width) return o.name + ": a line of " + std::to_string(entry[i].size()) + " columns";
        if (i + 1 < entry.size()) {
            const std::string next = entry[i + 1].substr(column, entry[i + 1].find(' ', column) - column);
            if (entry[i].size() + 1 + next.size() <= width) return o.name + ": '" + next + "' would fit on: " + entry[i];
        }
        words += (words.empty() ? "" : " ") + text;
    }
    return words == o.text ? "" : o.name + ": the words differ: " + words;
}

// Each property's seed and cases (PropertySupport.h).
constexpr std::uint64_t kSeed = 20261206;
constexpr int kCases = 300;
}  // namespace

class TestPxrunArgs : public QObject {
    Q_OBJECT
private slots:
    void everyCommandHasOptions() {
        for (const std::string& command : commandNames())
            QVERIFY2(!usage::commandOptions(usage::usageDoc(), command).empty(), command.c_str());
        QVERIFY(usage::commandOptions(usage::usageDoc(), "no-such-command").empty());
    }
    // A random subset of a command's options in random order, in both spellings, among random operands.
    void acceptsItsOptionsInAnyOrder() {
        QVERIFY(pxtest::checkProperty("the parsed options and operands are the generated ones", kSeed, kCases, [] {
            const std::string command = *rc::gen::elementOf(commandNames());
            std::vector<std::string> known = usage::commandOptions(usage::usageDoc(), command);
            known.erase(std::remove(known.begin(), known.end(), "--help"), known.end());  // main answers it first
            std::vector<std::string> chosen = *rc::gen::unique<std::vector<std::string>>(rc::gen::elementOf(known));
            // at most one of each group of options that exclude one another (refusesExclusiveOptionsTogether)
            for (const std::vector<std::string>& group : usage::usageDoc().exclusive) {
                bool seen = false;
                chosen.erase(std::remove_if(chosen.begin(), chosen.end(), [&](const std::string& o) {
                                 const bool inGroup = std::find(group.begin(), group.end(), o) != group.end();
                                 const bool drop = inGroup && seen;
                                 seen = seen || inGroup;
                                 return drop;
                             }),
                             chosen.end());
            }
            std::map<std::string, std::string> expected;
            std::vector<std::vector<std::string>> pieces;
            for (const std::string& option : chosen) {
                const std::string key = option.substr(2);
                if (!takesValue(option)) {
                    pieces.push_back({option});
                    expected[key] = "1";
                    continue;
                }
                const std::string value = *valueWord();
                expected[key] = value;
                if (*rc::gen::arbitrary<bool>()) pieces.push_back({option + "=" + value});
                else pieces.push_back({option, value});
            }
            const auto operandWord = rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::elementOf(std::string("abc:01"))));
            const std::vector<std::string> operands = *rc::gen::container<std::vector<std::string>>(operandWord);
            // Operands keep their order among themselves; options go anywhere between them.
            std::vector<std::string> argv;
            std::size_t nextOperand = 0;
            for (const auto& piece : pieces) {
                while (nextOperand < operands.size() && *rc::gen::arbitrary<bool>()) argv.push_back(operands[nextOperand++]);
                argv.insert(argv.end(), piece.begin(), piece.end());
            }
            while (nextOperand < operands.size()) argv.push_back(operands[nextOperand++]);
            const Args a = Args::parse(command, argv);
            RC_ASSERT(a.options == expected);
            RC_ASSERT(a.positional == operands);
        }));
    }
    // A name the command's usage does not give, anywhere among valid arguments, is refused by name.
    void refusesAnUnknownOption() {
        QVERIFY(pxtest::checkProperty("an unknown option is named in the refusal", kSeed, kCases, [] {
            const std::string command = *rc::gen::elementOf(commandNames());
            const std::vector<std::string> known = usage::commandOptions(usage::usageDoc(), command);
            const std::string name = "--" + *rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::elementOf(std::string("abdemrstx-"))));
            RC_PRE(std::find(known.begin(), known.end(), name) == known.end() && name.back() != '-' && name[2] != '-');
            std::vector<std::string> argv = *rc::gen::container<std::vector<std::string>>(
                rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::elementOf(std::string("abc01")))));
            argv.insert(argv.begin() + *rc::gen::inRange<std::size_t>(0, argv.size() + 1), name);
            const std::string message = refusal(command, argv);
            RC_ASSERT(message.find("unknown option " + name) != std::string::npos);
        }));
    }
    // A value option given twice, or last without its value, is refused by name.
    void refusesARepeatedOrEmptyOption() {
        QVERIFY(pxtest::checkProperty("a repeated option and a missing value are named", kSeed, kCases, [] {
            const std::string command = *rc::gen::elementOf(commandNames());
            std::vector<std::string> withValue;
            for (const std::string& o : usage::commandOptions(usage::usageDoc(), command))
                if (takesValue(o)) withValue.push_back(o);
            RC_PRE(!withValue.empty());
            const std::string option = *rc::gen::elementOf(withValue);
            const std::string twice = refusal(command, {option, *valueWord(), "operand", option, *valueWord()});
            RC_ASSERT(twice.find("option " + option + " is given more than once") != std::string::npos);
            const std::string empty = refusal(command, {"operand", option});
            RC_ASSERT(empty.find("option " + option + " needs a value") != std::string::npos);
        }));
    }
    void suggestsTheNearestOption() {
        QCOMPARE(QString::fromStdString(refusal("densities", {"builtin:er", "--thread", "4"})),
                 QString("densities: unknown option --thread (did you mean --threads?)"));
        const QString elsewhere = QString::fromStdString(refusal("info", {"builtin:er", "--samples", "4"}));
        QVERIFY2(elsewhere.contains("an option of audit"), qPrintable(elsewhere));
        // another command's option is named as such, not mistaken for a near one of this command (--dpi is not --d)
        QCOMPARE(QString::fromStdString(refusal("densities", {"builtin:er", "--dpi", "300"})),
                 QString("densities: unknown option --dpi (an option of figure)"));
        QCOMPARE(QString::fromStdString(refusal("densities", {"builtin:er", "--xyz", "1"})),
                 QString("densities: unknown option --xyz; pxrun --help lists each command's options"));
    }
    // Each option of the table is taken by some command (or answers at once, as --version).
    void everyOptionBelongsToACommand() {
        std::set<std::string> taken;
        for (const std::string& command : commandNames())
            for (const std::string& o : usage::commandOptions(usage::usageDoc(), command)) taken.insert(o);
        for (const usage::OptionDoc& o : usage::usageDoc().options)
            QVERIFY2(o.group == "top" || taken.count(o.name), o.name.c_str());
    }
    // Two options of one group that exclude each other are refused by name, on every command that takes both;
    // embed and audit take --epsilon and --rho (a budget each: the later one silently won before).
    void refusesExclusiveOptionsTogether() {
        QCOMPARE(QString::fromStdString(refusal("embed", {"builtin:er", "--epsilon", "1", "--rho", "0.5", "--out", "x"})),
                 QString("embed: give --epsilon or --rho, not both"));
        QCOMPARE(QString::fromStdString(refusal("audit", {"--rho=0.5", "--epsilon=1"})), QString("audit: give --epsilon or --rho, not both"));
        for (const std::vector<std::string>& group : usage::usageDoc().exclusive)
            for (const std::string& name : group) takesValue(name);  // throws for a name the table has no entry for
        int pairs = 0;
        for (const std::string& command : commandNames()) {
            const std::vector<std::string> known = usage::commandOptions(usage::usageDoc(), command);
            const auto takes = [&](const std::string& o) { return std::find(known.begin(), known.end(), o) != known.end(); };
            for (const std::vector<std::string>& group : usage::usageDoc().exclusive)
                for (std::size_t i = 0; i < group.size(); ++i)
                    for (std::size_t j = i + 1; j < group.size(); ++j) {
                        if (!takes(group[i]) || !takes(group[j])) continue;
                        ++pairs;
                        std::vector<std::string> argv = {"operand"};
                        for (const std::string& o : {group[j], group[i]}) {
                            argv.push_back(o);
                            if (takesValue(o)) argv.push_back("2");
                        }
                        const std::string message = refusal(command, argv);
                        QVERIFY2(message.find(command + ": give ") == 0 && message.find(group[i]) != std::string::npos &&
                                     message.find(group[j]) != std::string::npos, (command + ": " + message).c_str());
                        QVERIFY(refusal(command, {"operand", group[i], takesValue(group[i]) ? "2" : "operand"}).empty());
                    }
        }
        QVERIFY2(pairs >= 5, qPrintable(QString::number(pairs)));  // embed, audit: ε/ρ; figure: preset/size, titles
    }
    // A number that is not one names the command and the option.
    void numericErrorsNameTheCommand() {
        const Args a = Args::parse("bench scaling", {"--max-n", "ten", "--p", "0.5x"});
        for (const auto& [key, expected] : std::vector<std::pair<std::string, std::string>>{
                 {"max-n", "bench scaling: option --max-n expects an integer, got 'ten'"},
                 {"p", "bench scaling: option --p expects a number, got '0.5x'"}})
            try {
                key == "p" ? a.getDouble(key, 0) : double(a.getLong(key, 0));
                QFAIL("accepted");
            } catch (const std::invalid_argument& e) {
                QCOMPARE(QString(e.what()), QString::fromStdString(expected));
            }
    }
    void suggestsTheNearestName() {
        const std::vector<std::string> words = {"info", "patterns", "densities", "sweep", "merge", "figure", "embed"};
        QCOMPARE(QString::fromStdString(usage::nearestName("densitys", words)), QString("densities"));
        QCOMPARE(QString::fromStdString(usage::nearestName("swep", words)), QString("sweep"));
        QCOMPARE(QString::fromStdString(usage::nearestName("frobnicate", words)), QString(""));
        QCOMPARE(QString::fromStdString(usage::nearestName("--thread", {"--threads", "--d"})), QString("--threads"));
    }
    // `pxrun COMMAND --help` lists exactly the options the parser takes for it, probed option by option
    // (those of every command, --help among them, answer before parsing and are listed but not probed).
    void commandHelpListsWhatTheParserTakes() {
        // 1,200 parses, one per command and option: 162 of this binary's 191 s under the sanitizers, for a check of
        // the usage table that does not depend on them (the properties above parse under them too)
        if (qEnvironmentVariableIsSet("PX_SANITIZED_SUITE")) QSKIP("checked in the plain tree (a table check, 162 s under ASan)");
        for (const std::string& command : commandNames()) {
            const std::string help = usage::commandHelp(usage::usageDoc(), command);
            std::set<std::string> taken;
            for (const usage::OptionDoc& o : usage::usageDoc().options)
                if (o.group != "top" && o.name != "--help" && parserTakes(command, o.name)) taken.insert(o.name);
            std::set<std::string> listed = listedOptions(help);
            listed.erase("--help");
            QVERIFY2(listed == taken, (command + ":\n" + help).c_str());
            QVERIFY2(help.rfind("usage: pxrun " + command + " ", 0) == 0 || help.rfind("usage: pxrun " + command + "\n", 0) == 0,
                     help.c_str());
            QVERIFY2(help.find(usage::commandUsage(usage::usageDoc(), command)) == 0, command.c_str());
        }
    }
    // The help's layout, on generated options: each description from the description column, filled greedily to
    // the width (a line breaks only where the next word does not fit) and never past it.
    void helpFillsToTheWidth() {
        QVERIFY(pxtest::checkProperty("option entries are filled greedily within the width", kSeed, kCases, [] {
            usage::UsageDoc doc;
            const int count = *rc::gen::inRange(1, 6);
            for (int i = 0; i < count; ++i) {
                usage::OptionDoc o;
                o.name = "--o" + std::to_string(i) + *letters();
                o.value = *rc::gen::oneOf(rc::gen::just(std::string()), letters());
                o.group = *rc::gen::elementOf(std::vector<std::string>{"", "mechanism", "every", "top"});
                const std::vector<std::string> words = *rc::gen::nonEmpty(rc::gen::container<std::vector<std::string>>(letters()));
                for (const std::string& w : words) o.text += (o.text.empty() ? "" : " ") + w;
                doc.options.push_back(o);
            }
            const std::string help = usage::helpText(doc);
            for (const usage::OptionDoc& o : doc.options) {
                const std::string problem = entryProblem(help, o);
                RC_ASSERT(problem == "");
            }
        }));
        // and on pxrun's own table: every line of every help within the width, every entry filled greedily
        std::vector<std::string> texts = {usage::helpText(usage::usageDoc())};
        for (const std::string& command : commandNames()) texts.push_back(usage::commandHelp(usage::usageDoc(), command));
        for (const std::string& text : texts)
            for (const std::string& line : lines(text)) QVERIFY2(line.size() <= usage::kHelpWidth, line.c_str());
        for (const usage::OptionDoc& o : usage::usageDoc().options)
            QVERIFY2(entryProblem(texts[0], o).empty(), entryProblem(texts[0], o).c_str());
    }
    // The global --help: every command's synopsis, and the options of every command in their own section.
    void helpListsEveryCommandAndTheirCommonOptions() {
        const std::string help = usage::helpText(usage::usageDoc());
        const std::size_t commands = help.find("\ncommands:\n"), every = help.find("\nevery command:\n");
        QVERIFY(commands != std::string::npos && every != std::string::npos);
        const std::size_t everyEnd = help.find("\n\n", every + 1);
        const std::set<std::string> inEvery = listedOptions(help.substr(every, everyEnd - every));
        for (const usage::OptionDoc& o : usage::usageDoc().options)
            if (o.group == "every" || o.group == "top") QVERIFY2(inEvery.count(o.name), o.name.c_str());
        for (const std::string& command : commandNames())
            QVERIFY2(help.find("\n  " + command + " ", commands) < every || help.find("\n  " + command + "\n", commands) < every,
                     command.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPxrunArgs)
#include "tst_pxrun_args.moc"
