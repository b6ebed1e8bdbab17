// Lessons (app/pxstudio/Lesson.h): the depth- and size-limited JSON reader, then every field's kind, range and
// length, each step's settings checked as a session's. A refusal is std::invalid_argument naming the field (or the
// reader's InputError); anything else escapes and is a crash. Its seeds are the shipped lessons.
#include "FuzzSupport.h"
#include "Lesson.h"

#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    return pxfuzz::guarded([&] {
        try {
            const Lesson lesson = Lesson::parse(text, "lesson.json", Lesson::Names{});
            ExplorerSettings s;
            for (const LessonStep& step : lesson.steps) s = settingsForStep(s, step);  // the steps in order, as a lesson plays
        } catch (const std::invalid_argument&) {
        }
    });
}
