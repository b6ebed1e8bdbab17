#include "Lesson.h"

#include "common/Error.h"
#include "common/JsonFields.h"
#include "common/JsonInput.h"

#include <algorithm>
#include <stdexcept>

namespace F = px::json_fields;

namespace {

const std::vector<std::string> kHighlights = {"dataset", "class", "epsilon", "learner", "view"};

std::string listed(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

// A name the app must know (a view, a pair …); empty: not given.
std::string knownName(const nlohmann::json& step, const std::string& key, const std::string& path, const std::vector<std::string>& known) {
    const std::string v = F::getString(step, key, "", path);
    if (!v.empty() && !known.empty() && std::find(known.begin(), known.end(), v) == known.end())
        F::fail(F::at(path, key), "one of " + listed(known), step[key]);
    return v;
}

std::string text(const nlohmann::json& object, const std::string& key, const std::string& path, std::size_t longest, bool required) {
    const std::string v = F::getString(object, key, "", path);
    if (required && v.empty()) F::fail(F::at(path, key), "a non-empty text", object.contains(key) ? object[key] : nlohmann::json());
    if (v.size() > longest) F::fail(F::at(path, key), "at most " + std::to_string(longest) + " bytes of text", nlohmann::json(v.substr(0, 40) + "…"));
    return v;
}

// A session error of a step's "set", its field pointer put below the step's: `field "/d"` becomes
// `field "/steps/2/set/d"`.
std::string withinStep(const std::string& setPointer, const std::string& message) {
    const std::string field = "field \"/";
    const auto at = message.find(field);
    if (at == std::string::npos) return setPointer + ": " + message;
    return message.substr(0, at) + "field \"" + setPointer + message.substr(at + field.size() - 1);
}

LessonStep stepFromJson(const nlohmann::json& j, const std::string& path, const Lesson::Names& names) {
    if (!j.is_object()) F::fail(path, "an object", j);
    F::checkKeys(j, {"title", "text", "try", "view", "set", "demo_pair", "depth_run", "depth_view", "depth_trials", "highlight", "expect"}, path);
    LessonStep s;
    s.title = text(j, "title", path, 120, true);
    s.text = text(j, "text", path, 800, true);
    s.tryThis = text(j, "try", path, 400, false);
    s.view = knownName(j, "view", path, names.views);
    s.demoPair = knownName(j, "demo_pair", path, names.demoPairs);
    s.depthRun = knownName(j, "depth_run", path, names.depthRuns);
    s.depthView = knownName(j, "depth_view", path, names.depthViews);
    s.highlight = knownName(j, "highlight", path, kHighlights);
    s.depthTrials = int(F::getInteger(j, "depth_trials", 0, path, 1, 20));
    if (j.contains("expect")) s.expect = parseLessonClaims(j["expect"], F::at(path, "expect"));
    if (j.contains("set")) {
        if (!j["set"].is_object()) F::fail(F::at(path, "set"), "an object of session fields", j["set"]);
        s.set = j["set"];
        for (const char* fixed : {"format", "version", "view"})
            if (s.set.contains(fixed)) F::fail(F::at(F::at(path, "set"), fixed), "no such field in a step (\"view\" belongs to the step)", s.set[fixed]);
        try {
            settingsForStep(ExplorerSettings{}, s);  // checked as a session would be
        } catch (const std::exception& e) {
            throw std::invalid_argument(withinStep(F::at(path, "set"), e.what()));
        }
    }
    return s;
}

}  // namespace

Lesson Lesson::fromJson(const nlohmann::json& j, const Names& names) {
    if (!j.is_object() || j.value("format", "") != "pxstudio-lesson")
        throw std::invalid_argument("not a PXStudio lesson (expected \"format\": \"pxstudio-lesson\")");
    F::checkKeys(j, {"format", "version", "title", "summary", "steps"}, "");
    F::getInteger(j, "version", 1, "", 1, 1);
    Lesson lesson;
    lesson.title = text(j, "title", "", 120, true);
    lesson.summary = text(j, "summary", "", 800, false);
    if (!j.contains("steps") || !j["steps"].is_array() || j["steps"].empty() || j["steps"].size() > 30)
        F::fail("steps", "a list of 1 to 30 steps", j.contains("steps") ? j["steps"] : nlohmann::json());
    for (std::size_t i = 0; i < j["steps"].size(); ++i)
        lesson.steps.push_back(stepFromJson(j["steps"][i], "steps[" + std::to_string(i) + "]", names));
    return lesson;
}

Lesson Lesson::parse(const std::string& text, const std::string& origin, const Names& names) {
    nlohmann::json j;
    try {
        // The sessions' reader: nesting deeper than 64 levels is refused before the recursive parser, dump() and
        // copies see it (500k nested arrays crashed them), duplicate keys are refused, errors name line and field.
        j = px::parseJsonInput(text, origin);
    } catch (const px::InputError& e) {
        throw std::invalid_argument(e.what());
    }
    try {
        return fromJson(j, names);
    } catch (const nlohmann::json::exception& e) {  // e.g. a "format" that is not a string: not the library's words
        throw std::invalid_argument(px::printablePath(origin) + ": " + F::describeTypeError(e));
    } catch (const std::exception& e) {
        throw std::invalid_argument(px::printablePath(origin) + ": " + e.what());
    }
}

nlohmann::json applyMergePatch(nlohmann::json target, const nlohmann::json& patch) {
    target.merge_patch(patch);
    return target;
}

ExplorerSettings settingsForStep(const ExplorerSettings& current, const LessonStep& step) {
    const nlohmann::json merged = applyMergePatch(current.toJson(), step.set);
    ExplorerSettings s = ExplorerSettings::fromJson(merged);
    s.view = step.view.empty() ? current.view : step.view;
    return s;
}

ExplorerSettings settingsAtStep(const ExplorerSettings& atStart, const Lesson& lesson, int index) {
    ExplorerSettings s = atStart;
    for (int i = 0; i <= index && i < int(lesson.steps.size()); ++i) s = settingsForStep(s, lesson.steps[std::size_t(i)]);
    return s;
}
