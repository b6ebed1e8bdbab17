// RFC 4180 CSV reading and writing [Shafranovich 2005] (Csv.h).
#include "io/Csv.h"

namespace px::io {

void CsvRecordParser::fail(const std::string& problem) const { throw InputError(path_, recordLine_, problem); }

void CsvRecordParser::endField() {
    if (fields_.size() >= kMaxFields)
        fail("more than " + std::to_string(kMaxFields) + " fields in one record (is this a CSV file?)");
    fields_.push_back(std::move(field_));
    quoted_.push_back(state_ == State::AfterQuote);  // endField comes from AfterQuote exactly for a quoted field
    field_.clear();
}

void CsvRecordParser::endRecord() { state_ = State::RecordStart; }

bool CsvRecordParser::feed(std::string_view raw, long line) {
    if (state_ == State::RecordStart) {
        fields_.clear();
        quoted_.clear();
        field_.clear();
        recordBytes_ = 0;
        recordLine_ = line;
    }
    recordBytes_ += raw.size();
    if (recordBytes_ > kMaxRecordBytes) {
        const std::string limit = std::to_string(kMaxRecordBytes >> 20) + " MiB";
        if (state_ == State::Quoted)
            fail("field " + std::to_string(fields_.size() + 1) + ": the quote opened on line " + std::to_string(quoteLine_) +
                 " is not closed within " + limit + " (a record may hold at most that; is a closing quote missing?)");
        fail("record longer than " + limit + " (the most a record may hold here)");
    }
    const auto here = [&] { return "field " + std::to_string(fields_.size() + 1); };
    const std::string onLine = line == recordLine_ ? std::string() : " (on line " + std::to_string(line) + ")";
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        const bool lineEnd = c == '\n' || (c == '\r' && i + 1 < raw.size() && raw[i + 1] == '\n');
        switch (state_) {
        case State::RecordStart:
            if (lineEnd) {  // a blank line: a record without fields
                endRecord();
                return true;
            }
            [[fallthrough]];
        case State::FieldStart:
            if (c == '"') {
                state_ = State::Quoted;
                quoteLine_ = line;
                break;
            }
            state_ = State::Unquoted;
            [[fallthrough]];
        case State::Unquoted:
            if (lineEnd) {
                endField();
                endRecord();
                return true;
            }
            if (c == ',') {
                endField();
                state_ = State::FieldStart;
            } else if (c == '"') {
                fail(here() + ": a quote inside an unquoted field" + onLine +
                     "; a field holding quotes is written in quotes, each inner quote doubled: \"a \"\"b\"\"\"");
            } else {
                field_ += c;
            }
            break;
        case State::Quoted:
            if (c == '"') state_ = State::AfterQuote;
            else field_ += c;
            break;
        case State::AfterQuote:
            if (c == '"') {  // a doubled quote stands for one quote
                field_ += '"';
                state_ = State::Quoted;
            } else if (c == ',') {
                endField();
                state_ = State::FieldStart;
            } else if (lineEnd) {
                endField();
                endRecord();
                return true;
            } else {
                fail(here() + ": text after its closing quote" + onLine +
                     "; a quote inside a quoted field is written twice (\"\")");
            }
            break;
        }
    }
    return false;
}

bool CsvRecordParser::finish() {
    switch (state_) {
    case State::RecordStart: return false;
    case State::Quoted:
        fail("field " + std::to_string(fields_.size() + 1) + ": the quote opened on line " + std::to_string(quoteLine_) +
             " is never closed (unterminated quote at the end of the file)");
    default:
        endField();
        endRecord();
        return true;
    }
}

CsvReader::CsvReader(std::string path) : lines_(path), parser_(std::move(path)) {}

bool CsvReader::next(std::vector<std::string>& fields, std::vector<bool>* quoted) {
    if (ended_) return false;
    std::string_view raw;
    while (lines_.nextRaw(raw)) {
        if (lines_.lineNumber() == 1 && raw.substr(0, 3) == "\xEF\xBB\xBF") raw.remove_prefix(3);  // byte order mark
        if (raw.empty()) continue;
        if (parser_.feed(raw, lines_.lineNumber())) {
            fields.swap(parser_.fields());
            if (quoted) *quoted = parser_.quoted();
            return true;
        }
    }
    ended_ = true;
    if (!parser_.finish()) return false;
    fields.swap(parser_.fields());
    if (quoted) *quoted = parser_.quoted();
    return true;
}

namespace {
std::string fieldCountProblem(const std::vector<std::string>& header, const std::vector<std::string>& record) {
    const std::string counts = "expected " + std::to_string(header.size()) + " fields (as in the header), found " +
                               std::to_string(record.size());
    if (record.size() < header.size())
        return counts + ": field " + std::to_string(record.size() + 1) + " (column '" + printablePath(header[record.size()]) + "') is missing";
    return counts + ": field " + std::to_string(header.size() + 1) + " has no column in the header";
}
}  // namespace

CsvTable readCsvTable(const std::string& path) {
    CsvReader reader(path);
    CsvTable table;
    std::vector<std::string> record;
    std::vector<bool> quoted;
    bool headed = false;
    while (reader.next(record, &quoted)) {
        if (record.empty()) continue;  // blank line
        if (!headed) {
            table.header = record;
            headed = true;
            continue;
        }
        if (record.size() != table.header.size()) reader.fail(fieldCountProblem(table.header, record));
        table.rows.push_back(record);
        table.quoted.push_back(quoted);
        table.rowLines.push_back(reader.recordLine());
    }
    if (!headed) throw InputError(path, 1, "empty file; expected a header line");
    return table;
}

std::vector<std::vector<std::string>> parseCsvText(std::string_view text, const std::string& name) {
    CsvRecordParser parser(name);
    std::vector<std::vector<std::string>> records;
    long line = 0;
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t lf = text.find('\n', start);
        const std::size_t end = lf == std::string_view::npos ? text.size() : lf + 1;
        if (parser.feed(text.substr(start, end - start), ++line)) records.push_back(parser.fields());
        start = end;
    }
    if (parser.finish()) records.push_back(parser.fields());
    return records;
}

std::string csvField(std::string_view value) {
    if (value.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(value);
    return quotedCsvField(value);
}

std::string quotedCsvField(std::string_view value) {
    std::string quoted = "\"";
    for (const char c : value) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

void appendCsvRecord(std::string& out, const std::vector<std::string>& fields, const std::vector<bool>* quote) {
    if (fields.size() == 1 && fields[0].empty()) {  // else a blank line: no field at all
        out += "\"\"\n";
        return;
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) out += ',';
        out += quote && i < quote->size() && (*quote)[i] ? quotedCsvField(fields[i]) : csvField(fields[i]);
    }
    out += '\n';
}

}  // namespace px::io
