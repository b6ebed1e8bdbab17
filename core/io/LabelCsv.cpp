// labels.csv: CSV lines (RFC 4180) or space-separated ones, the header rule, and the choice of its columns.
#include "io/LabelCsv.h"

#include "io/LineReader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace px::io {

bool parseLabelNumber(const std::string& text, double* value) {
    if (text.empty() || text.find_first_of("xXpP") != std::string::npos) return false;  // no hexadecimal
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text.c_str(), &end);
    if (errno == ERANGE || end != text.c_str() + text.size() || !std::isfinite(v) || std::isspace((unsigned char)text[0]))
        return false;
    if (value) *value = v;
    return true;
}

std::string lowerCase(std::string s) {
    for (char& c : s) c = char(std::tolower((unsigned char)c));
    return s;
}

namespace {
bool csvBlank(char c) { return c == ' ' || c == '\t'; }

std::string fieldName(std::size_t k) { return "field " + std::to_string(k + 1); }

// One line as RFC 4180 fields: commas separate; a field opening with '"' runs to the matching '"' (a doubled
// quote inside is one quote); spaces around a field are dropped. A quote left open at the end of the line is
// refused: fields spanning lines are not read.
std::vector<std::string> splitCsvLine(const LineReader& r, std::string_view line) {
    std::vector<std::string> out;
    std::size_t i = 0;
    const std::size_t n = line.size();
    for (;;) {
        while (i < n && csvBlank(line[i])) ++i;
        std::string field;
        if (i < n && line[i] == '"') {
            for (++i;; ++i) {
                if (i >= n)
                    r.fail(fieldName(out.size()) + ": the quoted field is not closed on this line (fields spanning lines are not read)");
                if (line[i] == '"' && i + 1 < n && line[i + 1] == '"') field += line[i++];
                else if (line[i] == '"') break;
                else field += line[i];
            }
            ++i;
            while (i < n && csvBlank(line[i])) ++i;
            if (i < n && line[i] != ',') r.fail(fieldName(out.size()) + ": text after the closing quote (expected a comma)");
        } else {
            const std::size_t j = std::min(n, line.find(',', i));
            field.assign(line.substr(i, j - i));
            while (!field.empty() && csvBlank(field.back())) field.pop_back();
            if (field.find('"') != std::string::npos)
                r.fail(fieldName(out.size()) + ": a quote inside an unquoted field ('" + field +
                       "'; RFC 4180: quote the whole field and double the quote)");
            i = j;
        }
        out.push_back(std::move(field));
        if (i >= n) return out;
        ++i;  // the comma
    }
}

std::vector<std::string> splitOnBlanks(std::string_view line) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && csvBlank(line[i])) ++i;
        std::size_t j = i;
        while (j < line.size() && !csvBlank(line[j])) ++j;
        if (j > i) out.emplace_back(line.substr(i, j - i));
        i = j;
    }
    return out;
}

bool looksLikeHeader(const std::vector<std::string>& fields, const std::vector<std::string>& graphFiles) {
    return fields.size() >= 2 && std::find(graphFiles.begin(), graphFiles.end(), fields[0]) == graphFiles.end() &&
           !parseLabelNumber(fields.back(), nullptr);
}

void checkHeader(const LineReader& r, const std::vector<std::string>& columns) {
    for (std::size_t k = 0; k < columns.size(); ++k) {
        if (columns[k].empty()) r.fail(fieldName(k) + ": the header names no column here (an empty name)");
        for (std::size_t j = 0; j < k; ++j)
            if (lowerCase(columns[j]) == lowerCase(columns[k]))
                r.fail(fieldName(k) + ": column '" + columns[k] + "' is named twice in the header (fields " +
                       std::to_string(j + 1) + " and " + std::to_string(k + 1) + ")");
    }
}
}  // namespace

const std::vector<std::string> kFileColumnNames = {"file", "filename", "graph"};  // the file column's names, any case

static bool isFileColumnName(const std::string& column) {
    return std::find(kFileColumnNames.begin(), kFileColumnNames.end(), lowerCase(column)) != kFileColumnNames.end();
}

std::string quotedList(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "'" : ", '") + n + "'";
    return out.empty() ? "none" : out;
}

LabelCsv readLabelCsv(const std::string& path, const std::vector<std::string>& graphFiles) {
    LabelCsv csv;
    csv.path = path;
    LineReader r(path);
    std::string_view line;
    bool first = true, commas = true;
    while (r.next(line)) {
        if (first && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);  // a byte order mark (spreadsheets write one)
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
        if (first) commas = line.find(',') != std::string_view::npos;
        std::vector<std::string> fields = commas ? splitCsvLine(r, line) : splitOnBlanks(line);
        if (first && looksLikeHeader(fields, graphFiles)) {
            checkHeader(r, fields);
            csv.headed = true;
            csv.headerLine = r.lineNumber();
            csv.columns = std::move(fields);
        } else {
            const std::size_t want = csv.headed ? csv.columns.size() : 2;
            if (fields.size() != want)
                r.fail("expected " + std::to_string(want) + " fields (" +
                       (csv.headed ? "the header's columns " + quotedList(csv.columns) : std::string("'file name,label'")) +
                       "), found " + std::to_string(fields.size()));
            csv.rows.push_back({r.lineNumber(), std::move(fields)});
        }
        first = false;
    }
    return csv;
}

LabelCsvColumns chooseCsvColumns(const LabelCsv& csv, const std::string& name) {
    if (!csv.headed) {
        if (!name.empty())
            throw InputError(csv.path, csv.rows.empty() ? 0 : csv.rows[0].line,
                             "no header line, so no column named '" + name + "' (line 1 is data: its first field names a graph file or its "
                             "last field is a number); the two fields of each line are the file name and the label");
        return {0, 1};
    }
    const auto count = [&](const std::vector<std::string>& wanted, std::size_t skip, std::size_t& found) {
        int hits = 0;
        for (std::size_t k = 0; k < csv.columns.size(); ++k)
            if (k != skip && std::find(wanted.begin(), wanted.end(), lowerCase(csv.columns[k])) != wanted.end()) found = k, ++hits;
        return hits;
    };
    LabelCsvColumns c{0, 0};
    const int files = count(kFileColumnNames, csv.columns.size(), c.file);
    if (files != 1)
        throw InputError(csv.path, csv.headerLine, std::string(files == 0 ? "no" : "more than one") +
                             " file column in the header (named file, filename or graph); columns found: " + quotedList(csv.columns) +
                             (files == 0 ? " (if this line is data and not a header: '" + csv.columns[0] + "' names no graph file of the folder)" : ""));
    if (!name.empty()) {
        for (std::size_t k = 0; k < csv.columns.size(); ++k)
            if (csv.columns[k] == name && k != c.file) return c.label = k, c;
        if (csv.columns[c.file] == name)
            throw InputError(csv.path, csv.headerLine, "'" + name + "' is the column of file names, not of labels; label columns: " +
                                                           quotedList(labelColumns(csv)));
        throw InputError(csv.path, csv.headerLine, "no label column named '" + name + "'; columns found: " + quotedList(csv.columns));
    }
    if (csv.columns.size() == 2) return c.label = 1 - c.file, c;
    if (count({"label", "class", "y", "target"}, c.file, c.label) == 1) return c;
    throw InputError(csv.path, csv.headerLine, "which column holds the labels? columns found: " + quotedList(csv.columns) +
                                                   " (name one, e.g. csv:" + csv.columns[c.file == 0 ? 1 : 0] +
                                                   ", or keep one column named label, class, y or target)");
}

std::vector<std::string> labelColumns(const LabelCsv& csv) {
    std::vector<std::string> out;
    if (!csv.headed) return out;
    int files = 0;
    for (const std::string& c : csv.columns) files += isFileColumnName(c);
    for (const std::string& c : csv.columns)
        if (files != 1 || !isFileColumnName(c)) out.push_back(c);
    return out;
}

std::vector<std::string> labelsFromCsv(const LabelCsv& csv, const std::vector<std::string>& files, LabelCsvColumns c) {
    const auto field = [&](std::size_t k) {
        return fieldName(k) + (csv.headed ? " ('" + csv.columns[k] + "')" : std::string(k == 0 ? " (file name)" : " (label)"));
    };
    std::vector<std::string> raw(files.size());
    std::vector<long> lineOf(files.size(), 0);
    for (const LabelCsv::Row& row : csv.rows) {
        const std::string& file = row.fields[c.file];
        const std::string& label = row.fields[c.label];
        const auto at = std::lower_bound(files.begin(), files.end(), file);  // files are sorted
        if (at == files.end() || *at != file)
            throw InputError(csv.path, row.line, field(c.file) + ": no graph file named '" + file + "' in the folder" +
                                                     (row.line == csv.rows.front().line && !csv.headed
                                                          ? " (the first line is read as data, not as a header: its last field is a number)" : ""));
        if (label.empty()) throw InputError(csv.path, row.line, field(c.label) + ": empty label for graph file '" + file + "'");
        const std::size_t i = std::size_t(at - files.begin());
        if (lineOf[i] != 0 && raw[i] != label)
            throw InputError(csv.path, row.line, field(c.label) + ": graph file '" + file + "' is given a second, different label ('" +
                                                     label + "'; line " + std::to_string(lineOf[i]) + " gave '" + raw[i] + "')");
        if (lineOf[i] == 0) raw[i] = label, lineOf[i] = row.line;
    }
    for (std::size_t i = 0; i < files.size(); ++i)
        if (lineOf[i] == 0)
            throw InputError(csv.path, 0, field(c.file) + ": no label for graph file '" + files[i] + "' (every graph file needs a line)");
    return raw;
}

namespace {
// "train", "valid" or "test" for a split column's cell (any case, a few usual synonyms); empty for anything else.
std::string splitPart(const std::string& cell) {
    const std::string v = lowerCase(cell);
    if (v == "train" || v == "training") return "train";
    if (v == "valid" || v == "val" || v == "validation" || v == "dev") return "valid";
    if (v == "test" || v == "testing") return "test";
    return {};
}
}  // namespace

std::optional<Split> splitFromCsv(const LabelCsv& csv, const std::vector<std::string>& files, LabelCsvColumns c) {
    std::size_t column = csv.columns.size();
    for (std::size_t k = 0; k < csv.columns.size(); ++k)
        if (k != c.file && k != c.label && lowerCase(csv.columns[k]) == "split") column = k;
    if (!csv.headed || column == csv.columns.size()) return std::nullopt;
    const std::string field = fieldName(column) + " ('" + csv.columns[column] + "')";
    std::vector<std::string> part(files.size());
    std::vector<long> lineOf(files.size(), 0);
    for (const LabelCsv::Row& row : csv.rows) {
        const std::string& cell = row.fields[column];
        const std::string p = splitPart(cell);
        if (p.empty()) throw InputError(csv.path, row.line, field + ": '" + cell + "' is no part of a split (train, valid or test, any case)");
        const std::size_t i = std::size_t(std::lower_bound(files.begin(), files.end(), row.fields[c.file]) - files.begin());
        if (lineOf[i] != 0 && part[i] != p)
            throw InputError(csv.path, row.line, field + ": graph file '" + files[i] + "' is put in " + p + " here and in " + part[i] +
                                                     " on line " + std::to_string(lineOf[i]));
        part[i] = p, lineOf[i] = row.line;
    }
    Split split;
    split.name = "labels.csv column '" + csv.columns[column] + "'";
    for (std::size_t i = 0; i < files.size(); ++i)
        (part[i] == "train" ? split.train : part[i] == "valid" ? split.valid : split.test).push_back(int(i));
    if (split.train.empty() || split.test.empty())
        throw InputError(csv.path, 0, field + ": no graph is marked " + (split.train.empty() ? "train" : "test") +
                                          " (a split column needs both; rename the column to keep it out of use)");
    return split;
}

}  // namespace px::io
