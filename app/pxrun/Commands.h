#pragma once
// pxrun subcommands. Each takes the arguments after its name and returns the exit code.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace pxrun {

// "--key value", "--key=value" and "--flag" arguments (a flag's value is "1"); positional ones in order.
struct Args {
    std::string command;  // "sweep", "bench densities": named by every error about its options
    std::map<std::string, std::string> options;
    std::vector<std::string> positional;
    // Parses `argv` against the options pxrun's usage names for `command` ("info", "bench densities", ...; Usage.h):
    // an unknown option, a missing value or an option given twice is an invalid_argument naming it (Args.cpp).
    static Args parse(const std::string& command, const std::vector<std::string>& argv);
    std::string get(const std::string& key, const std::string& fallback) const;
    long getLong(const std::string& key, long fallback) const;
    double getDouble(const std::string& key, double fallback) const;
    bool has(const std::string& key) const { return options.count(key) > 0; }
};

// A command line that does not fit the command's synopsis (an operand or a required option missing): main prints
// "pxrun: error: COMMAND: what" and the command's usage from the table (usage::commandUsage), and exits with 2.
struct UsageError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

int benchCommand(const std::vector<std::string>& args);
int infoCommand(const std::vector<std::string>& args);
int patternsCommand(const std::vector<std::string>& args);
int densitiesCommand(const std::vector<std::string>& args);
int embedCommand(const std::vector<std::string>& args);
int auditCommand(const std::vector<std::string>& args);
int sweepCommand(const std::vector<std::string>& args);
int mergeCommand(const std::vector<std::string>& args);
int figureCommand(const std::vector<std::string>& args);
int depthCommand(const std::vector<std::string>& args);
int learnersCommand(const std::vector<std::string>& args);
int cacheCommand(const std::vector<std::string>& args);

}  // namespace pxrun
