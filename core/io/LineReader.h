#pragma once
// Reads a text file line by line, plain or gzip-compressed (zlib detects which), tracking the
// line number so that every parse error can name the file and the line.
#include "common/Error.h"
#include "io/InflationLimit.h"

#include <string>
#include <string_view>
#include <vector>

namespace px::io {

class LineReader {
public:
    // Longer lines are refused before they are held in memory (a huge file without line breaks).
    static constexpr std::size_t kMaxLineBytes = std::size_t(64) << 20;
    explicit LineReader(std::string path);  // throws InputError if the file cannot be opened
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    // Next line without its end-of-line characters; false at end of file.
    bool next(std::string_view& line);
    // Next line as it is in the file, with its line feed (absent only on a last line without one).
    bool nextRaw(std::string_view& line);
    long lineNumber() const { return line_; }
    const std::string& path() const { return path_; }
    // Throws InputError at the current line.
    [[noreturn]] void fail(const std::string& problem) const;

private:
    std::string path_;
    void* gz_ = nullptr;
    InflationGuard inflation_;
    bool fill();  // reads the next block; false at end of file
    std::vector<char> buf_;
    std::size_t pos_ = 0, end_ = 0;
    bool eof_ = false;
    std::string long_;
    long line_ = 0;
};

// Field parsing helpers; on failure they throw InputError naming file, line and expectation.
// Splits on commas and/or white space; keeps empty fields between two commas.
void splitFields(std::string_view line, std::vector<std::string_view>& out);
long parseLong(const LineReader& r, std::string_view field, const char* what);
// A non-negative integer written with digits only (an id or a count), at most max.
long parseIndex(const LineReader& r, std::string_view field, const char* what, long max);
// A finite number (NaN and ±inf refused).
double parseDouble(const LineReader& r, std::string_view field, const char* what);
// Empty field → NaN (a missing label); otherwise a number.
double parseOptionalDouble(const LineReader& r, std::string_view field, const char* what);
bool fileExists(const std::string& path);
// STEM.csv.gz or STEM.csv, whichever exists (STEM.csv.gz if neither, so that the error names it). Refuses,
// naming the file, a folder holding both (which one is meant?) or a dangling symbolic link in their place.
std::string plainOrGzipped(const std::string& stem);
bool endsWith(const std::string& s, const std::string& suffix);
// Last component of a path ("a/b/" → "b").
std::string baseName(std::string path);
bool isDirectory(const std::string& path);

}  // namespace px::io
