#pragma once
// What a lesson step claims about the result it computes, checked against what the app computed for it (UX.md: "a
// lesson step is a claim about what the app computes"). A step's "expect" is a list of claims:
//
//   {"kappa": "falls"}                          the erf fit's κ falls (or "rises") against the previous step's
//   {"at_epsilon": 1, "signal": "above_band"}   at ε = 1 the curve lies above the public-information band
//   {"at_epsilon": 1, "signal": "in_band"}      ... or not above it (no structural signal there)
//   {"at_epsilon": 1, "min": 0.5, "max": 0.9}   the utility at the grid point nearest ε = 1 lies within [min, max]
//   {"at_epsilon": 1, "band_max": 0.6}          the band's floor there (the better public control) is at most 0.6
//                                               (or at least "band_min")
//   {"demo_class": "trees", "separating_max": 0}    in the distinguishability demo, at most (or at least:
//                                               "separating_min") this many of the class's patterns separate the pair
//
// A claim about the curve reads the trade-off's first series (the pattern class of the settings); a claim about
// the demo reads the demo's result for the step's pair. Qt-free.
#include "experiment/Distinguishability.h"
#include "experiment/SweepRunner.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

struct LessonClaim {
    std::string kappa;          // "falls" or "rises" ("" for another kind of claim)
    double atEpsilon = 0;       // the budget a claim about the curve reads (0: none)
    std::string signal;         // "above_band" or "in_band" ("" for none)
    double min = -1e300, max = 1e300;  // the utility's range there
    double bandMin = -1e300, bandMax = 1e300;  // the better public control's range there
    std::string demoClass;      // the demo's pattern class a claim is about ("" for a claim about the trade-off)
    int separatingMin = 0, separatingMax = 1 << 30;  // how many of its patterns separate the pair
    bool aboutDemo() const { return !demoClass.empty(); }
};

// Parses a step's "expect" (errors are std::invalid_argument naming the field under `path`).
std::vector<LessonClaim> parseLessonClaims(const nlohmann::json& expect, const std::string& path);
// Each claim that `now` (and `previous`, the previous step's result, for κ) does not bear out, in words; empty when
// every claim holds. Claims about the demo are left to falseDemoClaims.
std::vector<std::string> falseLessonClaims(const std::vector<LessonClaim>& claims, const px::experiment::SweepResult& now,
                                           const px::experiment::SweepResult* previous);
// Each claim about the demo that `demo` (the demo's result for the step's pair) does not bear out, in words.
std::vector<std::string> falseDemoClaims(const std::vector<LessonClaim>& claims, const px::experiment::DistinguishabilityResult& demo);
