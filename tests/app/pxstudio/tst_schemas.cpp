// The app's own file schemas, walked field by field: every number of a session file and of a lesson
// (its steps and the session fields a step sets) is refused when it is -1, 0 (where 0 is no valid value),
// NaN, 10^300, a string or null, and the refusal names the field. A value the schema accepts must be one
// the field can hold: only 0 may pass, and only where the field allows it.
#include "ExplorerSettings.h"
#include "Lesson.h"

#include <QtTest>
#include <cctype>
#include <cmath>
#include <functional>

namespace {

using Pointer = nlohmann::json::json_pointer;

// The name a message must quote: the key, or for a list element the list's key.
std::string fieldName(const Pointer& at) {
    const std::string key = at.back();
    return std::isdigit(static_cast<unsigned char>(key[0])) ? at.parent_pointer().back() : key;
}

// Calls `visit` for every number below `node`, with its JSON pointer.
void forEachNumber(const nlohmann::json& node, const Pointer& at, const std::function<void(const Pointer&)>& visit) {
    if (node.is_object() || node.is_array()) {
        for (auto it = node.begin(); it != node.end(); ++it)
            forEachNumber(*it, at / (node.is_object() ? it.key() : std::to_string(std::distance(node.begin(), it))), visit);
    } else if (node.is_number()) {
        visit(at);
    }
}

const std::vector<nlohmann::json>& badValues() {
    static const std::vector<nlohmann::json> values = {nlohmann::json(-1), nlohmann::json(0), nlohmann::json(std::nan("")),
                                                       nlohmann::json(1e300), nlohmann::json("x"), nlohmann::json(nullptr)};
    return values;
}

// Walks every number of `full`; `read` must refuse each bad value with a message naming the field, or
// accept it only when it is 0 or `alsoAccepted` says so. Returns the number of fields walked.
int walk(const nlohmann::json& full, const std::function<void(const nlohmann::json&)>& read,
         const std::function<bool(const Pointer&, const nlohmann::json&)>& alsoAccepted = {}) {
    int walked = 0;
    forEachNumber(full, Pointer(), [&](const Pointer& at) {
        ++walked;
        for (const nlohmann::json& bad : badValues()) {
            nlohmann::json changed = full;
            changed[at] = bad;
            try {
                read(changed);
                QVERIFY2(bad == nlohmann::json(0) || (alsoAccepted && alsoAccepted(at, bad)), qPrintable(QString::fromStdString(at.to_string() + " accepted " + bad.dump())));
            } catch (const std::invalid_argument& e) {
                QVERIFY2(QString(e.what()).contains(QString::fromStdString(fieldName(at))),
                         qPrintable(QString::fromStdString(at.to_string() + " = " + bad.dump() + ": ") + e.what()));
            }
        }
    });
    return walked;
}

}  // namespace

class TestSchemas : public QObject {
    Q_OBJECT

private slots:
    void everyNumberOfASessionIsCheckedAndNamed() {
        const nlohmann::json full = ExplorerSettings{}.toJson();
        const int walked = walk(full, [](const nlohmann::json& j) { ExplorerSettings::fromJson(j); });
        QVERIFY2(walked >= 15, qPrintable(QString("only %1 numbers in a session").arg(walked)));
    }

    void everyNumberOfALessonIsCheckedAndNamed() {
        nlohmann::json set = ExplorerSettings{}.toJson();
        for (const char* notInAStep : {"format", "version", "view"}) set.erase(notInAStep);
        const nlohmann::json lesson = {{"format", "pxstudio-lesson"}, {"version", 1}, {"title", "A lesson"},
                                       {"steps", {{{"title", "One"}, {"text", "Some words."}, {"view", "Trade-off vs ε"},
                                                   {"depth_trials", 3}, {"set", set}}}}};
        const Lesson::Names names{{"Trade-off vs ε"}, {}, {}, {}};
        Lesson::fromJson(lesson, names);  // the unchanged lesson is valid
        // A step's "set" is a merge patch (RFC 7386): a null anywhere in it removes that field, i.e. puts back its default.
        const Pointer set0("/steps/0/set");
        const int walked = walk(lesson, [&](const nlohmann::json& j) { Lesson::fromJson(j, names); },
                                [&](const Pointer& at, const nlohmann::json& bad) { return bad.is_null() && at.to_string().rfind(set0.to_string() + "/", 0) == 0; });
        QVERIFY2(walked >= 17, qPrintable(QString("only %1 numbers in a lesson").arg(walked)));
    }
};

QTEST_APPLESS_MAIN(TestSchemas)
#include "tst_schemas.moc"
