#pragma once
// A small sweep on the built-in data for the figure tests: two classes, four budgets, two noise seeds, one mechanism.
#include "experiment/SweepRunner.h"
#include "experiment/SweepSpec.h"
#include "generators/Generators.h"

#include <string>

namespace pxtest {
inline px::experiment::SweepResult smallSweep(const std::string& budgets = "[1, 10, 100, 1000]", const std::string& mechanism = "gaussian") {
    const auto spec = px::experiment::SweepSpec::fromJson(R"({"dataset": "builtin:sbm-cycles",
        "patterns": {"class": "trees", "d": 6}, "classes": ["trees", "treewidth:2"],
        "mechanisms": [{"mechanism": ")" + mechanism + R"(", "sensitivity": "counting-lemma"}],
        "budget": {"axis": "epsilon", "values": )" + budgets + R"(}, "noise_seeds": [1, 2]})");
    return px::experiment::runSweep(spec, px::gen::builtin("sbm-cycles"));
}
}  // namespace pxtest
