#pragma once
// CSV as RFC 4180 defines it [Shafranovich 2005], read and written. Run tables (ResultTable) use it.
//
// Reading: fields are separated by commas; a field in double quotes may hold commas, line breaks (LF or CRLF,
// kept as written) and quotes written twice (""). Records end with LF or CRLF; the last one may lack it. A CR
// outside quotes that is not followed by LF is kept as data (RFC 4180 leaves no room for it; old writers let it
// through). A blank line is a record without fields (as Python's csv module reads it); a UTF-8 byte order mark
// at the start is skipped. Files may be gzip-compressed (LineReader). Refused with an InputError naming the file,
// the line on which the record starts and the field (1-based): a quote inside an unquoted field, text after a
// closing quote, a quote left open, a record longer than kMaxRecordBytes or with more than kMaxFields fields
// (so that a lone opening quote cannot make one field of the rest of a large file), and, in readCsvTable, a
// record whose number of fields differs from the header's.
//
// Writing: a field is quoted when it holds a comma, a quote, CR or LF, when it is the only field of its record and
// empty (a bare blank line would read back as no field at all), or when the caller asks (ResultTable quotes a
// text cell that would otherwise read back as a number, a boolean or nothing); quotes inside are doubled.
// Records end with LF.
#include "io/LineReader.h"

#include <string>
#include <string_view>
#include <vector>

namespace px::io {

// Turns physical lines into records. Used by CsvReader (files) and parseCsvText (text in memory).
class CsvRecordParser {
public:
    static constexpr std::size_t kMaxRecordBytes = std::size_t(16) << 20;  // 16 MiB: a run table's row is a few kB
    static constexpr std::size_t kMaxFields = std::size_t(1) << 16;
    explicit CsvRecordParser(std::string path) : path_(std::move(path)) {}
    // One physical line with its LF if it has one, numbered `line`. True when it completes a record (fields()).
    bool feed(std::string_view rawLine, long line);
    // At the end of the input: true if a last record without a line end is complete; throws if a quote is open.
    bool finish();
    std::vector<std::string>& fields() { return fields_; }
    const std::vector<bool>& quoted() const { return quoted_; }  // per field of fields(): written in quotes
    long recordLine() const { return recordLine_; }  // the line on which the last record started
    const std::string& path() const { return path_; }
    [[noreturn]] void fail(const std::string& problem) const;

private:
    enum class State { RecordStart, FieldStart, Unquoted, Quoted, AfterQuote };
    void endField();
    void endRecord();
    std::string path_;
    State state_ = State::RecordStart;
    std::vector<std::string> fields_;
    std::vector<bool> quoted_;
    std::string field_;
    std::size_t recordBytes_ = 0;
    long recordLine_ = 0, quoteLine_ = 0;
};

class CsvReader {
public:
    explicit CsvReader(std::string path);  // plain or gzip; throws InputError if the file cannot be opened
    // The next record; false at the end of the file. Throws InputError naming file, line and field.
    // `quoted`, if given, gets whether each field was written in quotes.
    bool next(std::vector<std::string>& fields, std::vector<bool>* quoted = nullptr);
    long recordLine() const { return parser_.recordLine(); }
    const std::string& path() const { return parser_.path(); }
    [[noreturn]] void fail(const std::string& problem) const { parser_.fail(problem); }

private:
    LineReader lines_;
    CsvRecordParser parser_;
    bool ended_ = false;
};

// A header and the records after it (blank lines left out), each with the line on which it starts.
struct CsvTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<std::vector<bool>> quoted;  // per row, per field: whether it was written in quotes
    std::vector<long> rowLines;
};
// Reads `path`; every record must have as many fields as the header. An empty file is refused.
CsvTable readCsvTable(const std::string& path);
// All records of `text` (blank lines give records without fields); `name` stands for the file in errors.
std::vector<std::vector<std::string>> parseCsvText(std::string_view text, const std::string& name);

// The field as written in a record of several fields (quoted only if it must be).
std::string csvField(std::string_view value);
std::string quotedCsvField(std::string_view value);  // the field in quotes, whatever it holds
// Appends one record and its LF to `out`; a field is quoted where it must be, and where `quote` (if given) says so.
void appendCsvRecord(std::string& out, const std::vector<std::string>& fields, const std::vector<bool>* quote = nullptr);

}  // namespace px::io
