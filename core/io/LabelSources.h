#pragma once
// Where the class labels of a folder of graph files come from: a labels.csv beside the graphs (with or
// without a header line, one or more columns), a graph-level GraphML <data> key or GML graph attribute of every
// graph (both "graph keys", chosen as graphml:KEY), or none.
//
// How labels.csv is read (CSV of RFC 4180, the header rule, which columns) is in io/LabelCsv.h. When the labels come
// from a headed labels.csv with a column named split, that column is the data set's split (Dataset::split, noted).
// A graph-level GraphML key (GraphML Primer, Brandes et al.: <key for="graph">, named by its attr.name) must be
// given by every graph of the folder; the first file without it is refused by name. A GML file's graph keys are the
// scalar attributes of its graph [ … ] (io/GmlReader.h), "label" in `graph [ label "active" … ]`.
//
// Labels are numbers or strings. When every label of the source is a finite number, classes are the numbers in
// ascending order (as labels.csv always gave them); otherwise every label is a string and the classes are the
// distinct strings in byte order, numbered 0..k−1; either mapping is reported in Dataset::notes. A graph listed
// twice with different labels, a graph without a label and a label for no graph file are refused.
// Every refusal is a px::InputError naming the file, the line (0: the whole file) and the field.
#include "dataset/Dataset.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace px::io {

struct FolderLabels {
    enum class Source { Auto, CsvColumn, GraphMLKey, None };
    // Auto: labels.csv if present (headed or not); else the one graph key named label, class, y or target
    // (any case) that every graph has, if exactly one such exists; else no labels.
    Source source = Source::Auto;
    // CsvColumn: the label column of a headed labels.csv (empty: the rule above); GraphMLKey: the key's
    // attr.name (empty: the Auto choice among the keys, refused when there is none or several).
    std::string name;
    // "auto", "none", "csv", "csv:COLUMN", "graphml", "graphml:KEY"; throws std::invalid_argument otherwise.
    static FolderLabels parse(const std::string& spec);
    std::string describe() const;  // the spec again, as parse() reads it
};

// What the folder's graphs offer and which source gave the labels.
struct FolderLabelReport {
    std::vector<std::string> files;                              // the graph files, sorted: graph i is files[i]
    std::vector<std::map<std::string, std::string>> graphData;   // each graph's GraphML graph data (empty if not GraphML)
    bool csvPresent = false, csvHeaded = false;
    std::vector<std::string> csvColumns;                         // of a headed labels.csv
    std::vector<std::string> commonKeys;                         // GraphML graph keys every graph has (sorted)
    std::string chosen;                                          // the source used, in words; empty: unlabelled
    std::vector<std::string> classNames;                         // class k as the data wrote it (empty: unlabelled)
};

// Sets the class labels of `ds` (its graphs read from report.files of `folder`) from the source `options`
// chooses, filling report.csv*, commonKeys, chosen and classNames. Throws InputError, leaving ds unlabelled.
void applyFolderLabels(Dataset& ds, const std::string& folder, const FolderLabels& options, FolderLabelReport& report);

// One class column from one raw label per graph (numbers or strings, as above). `source` names where they came
// from for the note; returns the class names in class order.
std::vector<std::string> setLabelsFromText(Dataset& ds, const std::vector<std::string>& raw, const std::string& source);

}  // namespace px::io
