// The DOT nesting lexer (see DotNesting.h).
#include "io/DotNesting.h"

#include "common/Error.h"

#include <algorithm>

namespace px::io {

namespace {

bool isDotLineBreak(char c) { return c == '\n' || c == '\r' || c == '\f'; }

class DotNestingLexer {
public:
    DotNestingLexer(const std::string& text, const std::string& file) : s_(text), file_(file) {}
    void run();

private:
    // Moves to `to`, counting the line feeds passed.
    void advanceTo(std::size_t to) {
        line_ += std::count(s_.begin() + long(at_), s_.begin() + long(to), '\n');
        at_ = to;
    }
    [[noreturn]] void fail(long line, const std::string& problem) const { throw InputError(file_, line, problem); }
    void quotedString();
    void htmlString();
    bool tagAt(std::size_t at, std::size_t& end, int& change) const;

    const std::string& s_;
    const std::string& file_;
    std::size_t at_ = 0;
    long line_ = 1;
};

void DotNestingLexer::quotedString() {
    const long opened = line_;
    std::size_t i = at_ + 1;
    while (i < s_.size() && s_[i] != '"') i += s_[i] == '\\' ? 2 : 1;
    if (i >= s_.size()) fail(opened, "a quoted string opened on this line is never closed");
    advanceTo(i + 1);
}

// A tag at `at` (s_[at] == '<'), read as Boost's reader reads one: '<', an optional '/', then characters other
// than '!', '?' and quotes, or quoted values ('…' or "…", which may hold '>'), up to the first '>' or "/>".
// On success `end` is one past the tag and `change` +1 (opening tag), −1 (closing tag) or 0 (empty tag).
bool DotNestingLexer::tagAt(std::size_t at, std::size_t& end, int& change) const {
    std::size_t k = at + 1;
    const bool closing = k < s_.size() && s_[k] == '/';
    if (closing) ++k;
    while (k < s_.size()) {
        const char c = s_[k];
        const bool emptyEnd = c == '/' && k + 1 < s_.size() && s_[k + 1] == '>';
        if (emptyEnd || c == '>') {
            end = k + (emptyEnd ? 2 : 1);
            change = closing ? -1 : emptyEnd ? 0 : 1;
            return true;
        }
        if (c == '!' || c == '?') return false;
        if (c == '\'' || c == '"') {
            const std::size_t close = s_.find(c, k + 1);
            if (close == std::string::npos) return false;
            k = close + 1;
        } else {
            ++k;
        }
    }
    return false;
}

void DotNestingLexer::htmlString() {
    const long opened = line_;
    int open = 0;
    std::size_t i = at_;
    do {
        if (i >= s_.size()) fail(opened, "an HTML string (<…>) opened on this line is never closed");
        if (s_[i] != '<') {
            ++i;
            continue;
        }
        std::size_t end = 0;
        int change = 0;
        if (tagAt(i, end, change)) {
            open += change;
            i = end;
        } else if (s_.compare(i, 9, "<![CDATA[") == 0) {
            const std::size_t close = s_.find("]]>", i + 9);
            if (close == std::string::npos) fail(opened, "a CDATA section in an HTML string opened on this line is never closed");
            i = close + 3;
        } else {
            advanceTo(i);
            fail(line_, "an HTML string holds something other than tags, text and CDATA sections");
        }
    } while (open > 0);
    advanceTo(i);
}

void DotNestingLexer::run() {
    int depth = 0;
    bool afterToken = true;  // the file's start counts: Boost's reader takes a '#' comment there
    while (at_ < s_.size()) {
        const char c = s_[at_];
        const char next = at_ + 1 < s_.size() ? s_[at_ + 1] : '\0';
        const bool lineStart = at_ == 0 || isDotLineBreak(s_[at_ - 1]);
        if (c == '/' && (next == '/' || next == '*')) {
            const std::size_t close = next == '/' ? std::find_if(s_.begin() + long(at_), s_.end(), isDotLineBreak) - s_.begin()
                                                  : s_.find("*/", at_ + 2);
            if (close == std::string::npos) fail(line_, "a /* comment opened on this line is never closed");
            advanceTo(next == '/' ? close : close + 2);
            afterToken = false;
            continue;
        }
        if (c == '#' && (lineStart || afterToken)) {
            advanceTo(std::size_t(std::find_if(s_.begin() + long(at_), s_.end(), isDotLineBreak) - s_.begin()));
            afterToken = false;
            continue;
        }
        if (c == '"') quotedString();
        else if (c == '<') htmlString();
        else {
            if (c == '{' || c == '[') ++depth;
            else if (c == '}' || c == ']') depth = std::max(0, depth - 1);
            if (depth > kDotMaxNesting) fail(line_, "nested deeper than " + std::to_string(kDotMaxNesting) + " levels; refusing to read it");
            advanceTo(at_ + 1);
        }
        afterToken = !(c == ' ' || c == '\t' || c == '\v' || c == '\n' || c == '\r' || c == '\f');
    }
}

}  // namespace

void checkDotNesting(const std::string& text, const std::string& file) { DotNestingLexer(text, file).run(); }

}  // namespace px::io
