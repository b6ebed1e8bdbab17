// pxrun's argument parser (app/pxrun/Args.cpp, CLI11 over the usage table of Usage.h), on generated command lines:
// every command accepts exactly the options its usage names, in any order and in both spellings (--key value and
// --key=value), and refuses an unknown option, a missing value and an option given twice with a message naming it.
// The expected options and operands are built here from the generated tokens, not by the parser.
#include "Commands.h"
#include "Usage.h"

#include <QtTest>
#include <rapidcheck.h>

#include <algorithm>
#include <map>
#include <set>

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

void setParams() {
    if (!qEnvironmentVariableIsSet("RC_PARAMS")) qputenv("RC_PARAMS", "seed=20261206 max_success=300 verbose_progress=0");
}
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
        setParams();
        QVERIFY(rc::check("the parsed options and operands are the generated ones", [] {
            const std::string command = *rc::gen::elementOf(commandNames());
            std::vector<std::string> known = usage::commandOptions(usage::usageDoc(), command);
            known.erase(std::remove(known.begin(), known.end(), "--help"), known.end());  // main answers it first
            const std::vector<std::string> chosen = *rc::gen::unique<std::vector<std::string>>(rc::gen::elementOf(known));
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
        setParams();
        QVERIFY(rc::check("an unknown option is named in the refusal", [] {
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
        setParams();
        QVERIFY(rc::check("a repeated option and a missing value are named", [] {
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
};

QTEST_GUILESS_MAIN(TestPxrunArgs)
#include "tst_pxrun_args.moc"
