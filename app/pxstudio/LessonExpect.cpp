#include "LessonExpect.h"

#include "common/JsonFields.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace F = px::json_fields;

namespace {
// {"demo_class": "trees", "separating_max": 0}: nothing else beside the class and its bounds.
LessonClaim parseDemoClaim(const nlohmann::json& c, const std::string& at) {
    F::checkKeys(c, {"demo_class", "separating_min", "separating_max"}, at);
    LessonClaim claim;
    claim.demoClass = F::getString(c, "demo_class", "", at);
    if (claim.demoClass.empty()) F::fail(F::at(at, "demo_class"), "one of the demo's pattern classes", c["demo_class"]);
    if (!c.contains("separating_min") && !c.contains("separating_max"))
        F::fail(at, "\"separating_min\" or \"separating_max\" beside \"demo_class\"", c);
    claim.separatingMin = int(F::getInteger(c, "separating_min", 0, at, 0, 1 << 20));
    claim.separatingMax = int(F::getInteger(c, "separating_max", 1 << 30, at, 0, 1 << 30));
    return claim;
}
}  // namespace

std::vector<LessonClaim> parseLessonClaims(const nlohmann::json& expect, const std::string& path) {
    if (!expect.is_array() || expect.size() > 8) F::fail(path, "a list of at most 8 claims", expect);
    std::vector<LessonClaim> claims;
    for (std::size_t i = 0; i < expect.size(); ++i) {
        const nlohmann::json& c = expect[i];
        const std::string at = path + "/" + std::to_string(i);
        if (!c.is_object()) F::fail(at, "an object such as {\"kappa\": \"falls\"}", c);
        F::checkKeys(c, {"kappa", "at_epsilon", "signal", "min", "max", "band_min", "band_max", "demo_class", "separating_min", "separating_max"}, at);
        LessonClaim claim;
        if (c.contains("demo_class")) {
            claims.push_back(parseDemoClaim(c, at));
            continue;
        }
        claim.kappa = F::getString(c, "kappa", "", at);
        if (!claim.kappa.empty() && claim.kappa != "falls" && claim.kappa != "rises") F::fail(F::at(at, "kappa"), "\"falls\" or \"rises\"", c["kappa"]);
        claim.atEpsilon = F::getNumber(c, "at_epsilon", 0, at, 0, 1e6);
        claim.signal = F::getString(c, "signal", "", at);
        if (!claim.signal.empty() && claim.signal != "above_band" && claim.signal != "in_band")
            F::fail(F::at(at, "signal"), "\"above_band\" or \"in_band\"", c["signal"]);
        claim.min = F::getNumber(c, "min", -1e300, at, -1e300, 1e300);
        claim.max = F::getNumber(c, "max", 1e300, at, -1e300, 1e300);
        claim.bandMin = F::getNumber(c, "band_min", -1e300, at, -1e300, 1e300);
        claim.bandMax = F::getNumber(c, "band_max", 1e300, at, -1e300, 1e300);
        const bool aboutTheCurve = !claim.signal.empty() || c.contains("min") || c.contains("max") || c.contains("band_min") || c.contains("band_max");
        if (claim.kappa.empty() == !aboutTheCurve) F::fail(at, "one claim: \"kappa\", or \"at_epsilon\" with \"signal\" or \"min\"/\"max\"", c);
        if (aboutTheCurve && claim.atEpsilon <= 0) F::fail(F::at(at, "at_epsilon"), "the ε the claim is about (a number > 0)", c.value("at_epsilon", nlohmann::json()));
        claims.push_back(claim);
    }
    return claims;
}

namespace {
std::string number(double v) {
    std::ostringstream o;
    o.precision(3);
    o << v;
    return o.str();
}

double firstKappa(const px::experiment::SweepResult& r) { return r.fits.empty() ? std::nan("") : r.fits.front().fit.kappa; }
}  // namespace

std::vector<std::string> falseLessonClaims(const std::vector<LessonClaim>& claims, const px::experiment::SweepResult& now,
                                           const px::experiment::SweepResult* previous) {
    std::vector<std::string> wrong;
    for (const LessonClaim& c : claims) {
        if (c.aboutDemo()) continue;
        if (!c.kappa.empty()) {
            const double before = previous ? firstKappa(*previous) : std::nan(""), after = firstKappa(now);
            const bool holds = c.kappa == "falls" ? after < before : after > before;
            if (!holds)
                wrong.push_back("the erf fit's κ should " + std::string(c.kappa == "falls" ? "fall" : "rise") + ": it went from " +
                                number(before) + " to " + number(after));
            continue;
        }
        const px::experiment::ControlComparison cmp = px::experiment::compareWithControls(now.aggregated, c.atEpsilon);
        const std::string where = "at ε = " + number(cmp.budget);
        if (!cmp.found) {
            wrong.push_back("no point near ε = " + number(c.atEpsilon));
            continue;
        }
        if (c.signal == "above_band" && cmp.noSignal) wrong.push_back(where + " the curve (" + number(cmp.value) + ") is not above the band");
        if (c.signal == "in_band" && !cmp.noSignal) wrong.push_back(where + " the curve (" + number(cmp.value) + ") is above the band");
        if (cmp.value < c.min || cmp.value > c.max)
            wrong.push_back(where + " the utility is " + number(cmp.value) + ", not within [" + number(c.min) + ", " + number(c.max) + "]");
        // the band's floor: the better control (for an error such as rmse, the lower)
        const double band = cmp.metric == "rmse" ? std::min(cmp.publicValue, cmp.shuffledValue) : std::max(cmp.publicValue, cmp.shuffledValue);
        if (band < c.bandMin || band > c.bandMax)
            wrong.push_back(where + " the public controls reach " + number(band) + ", not within [" + number(c.bandMin) + ", " + number(c.bandMax) + "]");
    }
    return wrong;
}

std::vector<std::string> falseDemoClaims(const std::vector<LessonClaim>& claims, const px::experiment::DistinguishabilityResult& demo) {
    std::vector<std::string> wrong;
    for (const LessonClaim& c : claims) {
        if (!c.aboutDemo()) continue;
        const auto row = std::find_if(demo.classes.begin(), demo.classes.end(), [&](const auto& r) { return r.patternClass == c.demoClass; });
        if (row == demo.classes.end()) {
            wrong.push_back("the demo has no row for " + c.demoClass);
            continue;
        }
        const std::string counted = std::to_string(row->separatingPatterns) + " of " + std::to_string(row->patterns);
        if (row->separatingPatterns < c.separatingMin)
            wrong.push_back("in the demo " + counted + " " + c.demoClass + " patterns separate the pair, not at least " + std::to_string(c.separatingMin));
        if (row->separatingPatterns > c.separatingMax)
            wrong.push_back("in the demo " + counted + " " + c.demoClass + " patterns separate the pair, not at most " + std::to_string(c.separatingMax));
    }
    return wrong;
}
