#pragma once
// A lesson: a short JSON file of steps for teaching with the app (resources/lessons/*.json, or a teacher's
// own file). Each step sets part of the app's state and says two or three sentences and a "try this":
//
//   {"format": "pxstudio-lesson", "version": 1, "title": "...", "summary": "...", "steps": [
//     {"title": "...", "text": "...", "try": "...",
//      "view": "Trade-off vs ε",              // a view's tab title (optional)
//      "set": {"pattern_class": "trees", "mechanism": {"epsilon": 0.5}},  // session fields to change (optional)
//      "demo_pair": "C6 vs two triangles",     // the distinguishability demo's pair (optional)
//      "depth_run": "nag", "depth_view": "nag", // a depth-lab experiment to run and its view (optional)
//      "depth_trials": 2,                      // trials per depth-lab grid point (optional, 1 to 20)
//      "highlight": "epsilon",                 // a control to point at: dataset, class, epsilon, learner, view
//      "expect": [{"kappa": "falls"}]}         // claims about the step's result, checked (LessonExpect.h)
//   ]}
//
// `set` uses the session file's fields (docs/guide/lessons.md) and is checked as a session would be. Errors
// are std::invalid_argument naming the field: `steps[2].highlight: expected one of …, found "slider"`.
#include "ExplorerSettings.h"
#include "LessonExpect.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

struct LessonStep {
    std::string title, text, tryThis, view, demoPair, depthRun, depthView, highlight;
    int depthTrials = 0;  // trials of the depth-lab experiments (0: as the depth lab has it)
    nlohmann::json set = nlohmann::json::object();
    std::vector<LessonClaim> expect;  // what the step says about its result, checked once it is computed (LessonExpect.h)
};

struct Lesson {
    std::string title, summary;
    std::vector<LessonStep> steps;

    // What the app can show, for checking a lesson's names: view tab titles, demo pairs, depth experiments and
    // depth views. An empty list accepts any name.
    struct Names { std::vector<std::string> views, demoPairs, depthRuns, depthViews; };
    static Lesson fromJson(const nlohmann::json& j, const Names& names);
    // Parses and checks a lesson's text; errors start with `origin` (its path).
    static Lesson parse(const std::string& text, const std::string& origin, const Names& names);
};

// RFC 7396 (Hoffman and Snell 2014) JSON merge patch: `patch` applied to `target` (objects merged field by field,
// null removes a field, anything else replaces).
nlohmann::json applyMergePatch(nlohmann::json target, const nlohmann::json& patch);
// The settings a step asks for: `current` with the step's `set` merged in (RFC 7396 merge patch).
ExplorerSettings settingsForStep(const ExplorerSettings& current, const LessonStep& step);
// The settings of step `index`: `atStart` with the `set` of every step from the first to it merged in, in order (the
// view: the last one a step names), so that a step shows the same whether it is reached forward or back.
ExplorerSettings settingsAtStep(const ExplorerSettings& atStart, const Lesson& lesson, int index);
