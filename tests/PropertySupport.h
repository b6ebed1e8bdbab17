#pragma once
// RapidCheck properties with their own seed and number of cases. RapidCheck reads RC_PARAMS once, at the first
// check of a process, so a second property of a test binary used to run with the first one's seed and count
// whatever its own line said; here each property passes its parameters to the check itself.
//
//  - RC_PARAMS set by the user (to reproduce a failure, or for more cases): every property runs as RapidCheck's own
//    rc::check runs it, with those parameters;
//  - else the property's seed (fixed, so the suite cannot flake) and its cases, scaled by PX_PROPERTY_CASES (a
//    percentage, default 100; at least one case): the sanitized tree runs a quarter of them
//    (tests/hardening/sanitized-suite.sh), the plain tree all.
#include <QtGlobal>
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <string>
#include <utility>

namespace pxtest {

// The number of cases a property asking for `cases` runs (PX_PROPERTY_CASES percent of it, at least 1).
inline int scaledCases(int cases) {
    bool ok = false;
    const int percent = qEnvironmentVariableIntValue("PX_PROPERTY_CASES", &ok);
    return ok && percent > 0 ? std::max(1, int(std::int64_t(cases) * percent / 100)) : cases;
}

template <typename Testable>
bool checkProperty(const std::string& description, std::uint64_t seed, int cases, Testable&& testable) {
    if (qEnvironmentVariableIsSet("RC_PARAMS")) return rc::check(description, std::forward<Testable>(testable));
    using namespace rc::detail;
    TestParams params = configuration().testParams;
    params.seed = seed;
    params.maxSuccess = scaledCases(cases);
    std::cerr << "\n- " << description << " (seed " << seed << ", " << params.maxSuccess << " cases)" << std::endl;
    TestMetadata metadata;
    metadata.id = description;
    metadata.description = description;
    const TestResult result = checkTestable(std::forward<Testable>(testable), metadata, params);
    printResultMessage(result, std::cerr);
    std::cerr << std::endl;
    return result.template is<SuccessResult>();
}

}  // namespace pxtest
