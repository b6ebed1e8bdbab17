#pragma once
// labels.csv of a folder of graph files (io/LabelSources.h says where labels come from).
//
// Lines are CSV (RFC 4180): fields separated by commas, a field in double quotes may hold commas and doubled
// quotes (""), spaces around a field are dropped; fields spanning lines are refused. A file whose first line has
// no comma is split on spaces and tabs instead (the plain "name label" lists some tools write). Blank lines are
// skipped, and so is a UTF-8 byte order mark.
//
// Header rule: the first line is a header when its first field names no graph file of the folder and its last
// field is not a number. Otherwise it is data: "a.graphml,active" is a data line with a string label, and
// "file,1" a data line naming no graph file (refused as such).
//  - Without a header every line is "file name,label" (exactly two fields).
//  - With a header every line has the header's number of fields; the file column is the one named file,
//    filename or graph (any case; exactly one of them); the label column is the one named exactly as asked,
//    else the only other column, else the one column named label, class, y or target (any case); anything else
//    is refused naming the columns found. A header naming a column twice (in any case) or leaving a name empty
//    is refused.
//  - A headed file's column named split (any case; not the label column) is the data set's split, the way PyG's
//    and OGB's tables mark it: each cell train, valid or test (any case; also training, val, validation, dev,
//    testing). Any other cell, a graph given two parts, or no train or no test graph at all is refused.
#include "common/Error.h"
#include "dataset/Dataset.h"

#include <optional>
#include <string>
#include <vector>

namespace px::io {

struct LabelCsv {
    struct Row {
        long line = 0;
        std::vector<std::string> fields;
    };
    std::string path;
    bool headed = false;
    long headerLine = 0;
    std::vector<std::string> columns;  // the header's fields (empty without a header)
    std::vector<Row> rows;             // data lines, blank lines left out
};
// Reads and splits `path`; `graphFiles` (the folder's graph file names) decide the header rule.
LabelCsv readLabelCsv(const std::string& path, const std::vector<std::string>& graphFiles);

struct LabelCsvColumns {
    std::size_t file = 0, label = 1;
};
// The file and label columns, by the rule above; `name` is the label column asked for (empty: by the rule).
LabelCsvColumns chooseCsvColumns(const LabelCsv& csv, const std::string& name);
// The columns of a headed labels.csv that may hold labels: all but the file column (all of them when the file column
// is missing or ambiguous; none without a header).
std::vector<std::string> labelColumns(const LabelCsv& csv);
// The label text of each graph file of `files` (sorted), refusing with file, line and field: a name that is no
// graph file, an empty label, a file given two different labels, a graph file without a line.
std::vector<std::string> labelsFromCsv(const LabelCsv& csv, const std::vector<std::string>& files, LabelCsvColumns c);
// The split of the split column (rule above), refusing with file, line and field; none without such a column.
// Call after labelsFromCsv, which has checked that every line names a graph file and every graph file has one.
std::optional<Split> splitFromCsv(const LabelCsv& csv, const std::vector<std::string>& files, LabelCsvColumns c);

// True (and the value) if `text` is a finite decimal number as a whole (strtod's syntax, no hexadecimal).
bool parseLabelNumber(const std::string& text, double* value);
std::string lowerCase(std::string s);
// "'a', 'b', 'c'" (or "none").
std::string quotedList(const std::vector<std::string>& names);

}  // namespace px::io
