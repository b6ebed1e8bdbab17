#pragma once
// Fast, strict reading of whole text files (plain or gzip-compressed) for the large loaders.
// readWholeFile() decompresses in large blocks with zlib; TextScanner walks the bytes with a
// hand-written digit loop (no locale, no allocation per field) and knows the line it is on, so
// every error names the file and the line. Integers refuse signs where none belong, fractions,
// exponents and overflow; the caller says what it expected ("a neighbour id"), which goes into
// the message. Reaches several hundred MB/s on one core.
#include "common/Error.h"

#include <cstdint>
#include <string>

namespace px::io {

// The bytes of a regular file, gunzipped if it is gzip (zlib detects it). Refuses folders, pipes and
// devices by name, and stops with an InputError once more than maxBytes would be read.
std::string readWholeFile(const std::string& path, std::uint64_t maxBytes = std::uint64_t(8) << 30);

class TextScanner {
public:
    TextScanner(const std::string& file, const std::string& text)
        : file_(file), p_(text.data()), end_(text.data() + text.size()) {}
    // A part of a text, [begin, end), whose first byte is on `line` (to read parts in parallel).
    TextScanner(const std::string& file, const char* begin, const char* end, long line)
        : file_(file), p_(begin), end_(end), line_(line) {}

    // Skips spaces and tabs (and a '\r' before the end of the line); true if a field follows on this line.
    bool moreOnLine() {
        while (p_ < end_ && (*p_ == ' ' || *p_ == '\t' || *p_ == '\r')) ++p_;
        return p_ < end_ && *p_ != '\n';
    }
    // Skips blank lines; true at the end of the text.
    bool atEnd() {
        for (;;) {
            if (moreOnLine()) return false;
            if (p_ == end_) return true;
            ++p_;
            ++line_;
        }
    }
    // A non-negative integer ≤ maxValue on the current line.
    long readCount(const char* what, long maxValue = 2147483647L) {
        if (!moreOnLine()) fail(std::string("expected ") + what + ", found the end of the line");
        const char* start = p_;
        unsigned long v = 0;
        while (p_ < end_ && unsigned(*p_ - '0') < 10u) {
            v = v * 10 + unsigned(*p_ - '0');
            if (v > static_cast<unsigned long>(maxValue)) return badNumber(start, what, maxValue);
            ++p_;
        }
        if (p_ == start || !endOfField()) return badNumber(start, what, maxValue);
        return static_cast<long>(v);
    }
    // A signed integer of at most 18 digits on the current line.
    long readSigned(const char* what) {
        if (!moreOnLine()) fail(std::string("expected ") + what + ", found the end of the line");
        const bool negative = *p_ == '-';
        if (*p_ == '-' || *p_ == '+') ++p_;
        const char* digits = p_;
        long v = 0;
        while (p_ < end_ && unsigned(*p_ - '0') < 10u && p_ - digits < 18) v = v * 10 + (*p_++ - '0');
        if (p_ == digits || !endOfField()) return badNumber(digits, what, -1);
        return negative ? -v : v;
    }
    // A finite floating-point number (for fields that are read and checked but not used).
    double readFinite(const char* what);
    // The rest of the line must be empty; moves to the next line.
    void endLine(const char* expectation) {
        if (moreOnLine()) fail(std::string("unexpected field '") + field() + "' " + expectation);
        if (p_ < end_) ++p_;
        ++line_;
    }
    long line() const { return line_; }
    const char* position() const { return p_; }
    const char* end() const { return end_; }
    void endAt(const char* end) { end_ = end; }  // reads no further than `end` (within the text)
    std::size_t remainingBytes() const { return std::size_t(end_ - p_); }
    const std::string& file() const { return file_; }
    [[noreturn]] void fail(const std::string& problem) const { throw InputError(file_, line_, problem); }

private:
    bool endOfField() const {
        return p_ == end_ || *p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r';
    }
    std::string field() const;  // the field starting at p_, for messages
    [[noreturn]] long badNumber(const char* start, const char* what, long maxValue);

    std::string file_;
    const char* p_;
    const char* end_;
    long line_ = 1;
};

}  // namespace px::io
