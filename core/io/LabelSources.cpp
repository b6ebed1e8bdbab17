// Class labels of a folder of graph files: labels.csv, a GraphML graph key, or none (io/LabelSources.h).
#include "io/LabelSources.h"

#include "io/LabelCsv.h"
#include "io/LabelTypes.h"
#include "io/LineReader.h"
#include "io/Loaders.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

namespace px::io {

FolderLabels FolderLabels::parse(const std::string& spec) {
    FolderLabels out;
    const std::size_t colon = spec.find(':');
    const std::string kind = lowerCase(spec.substr(0, colon));
    const std::string name = colon == std::string::npos ? std::string() : spec.substr(colon + 1);
    if ((kind == "auto" || kind == "none") && colon == std::string::npos)
        out.source = kind == "auto" ? Source::Auto : Source::None;
    else if (kind == "csv") out.source = Source::CsvColumn;
    else if (kind == "graphml") out.source = Source::GraphMLKey;
    else
        throw std::invalid_argument("labels: expected auto, none, csv, csv:COLUMN, graphml or graphml:KEY, got '" + spec + "'");
    if (colon != std::string::npos && name.empty())
        throw std::invalid_argument("labels: '" + spec + "' names no " + (kind == "csv" ? "column" : "key") + " after the colon");
    out.name = name;
    return out;
}

std::string FolderLabels::describe() const {
    switch (source) {
    case Source::Auto: return "auto";
    case Source::None: return "none";
    case Source::CsvColumn: return name.empty() ? "csv" : "csv:" + name;
    case Source::GraphMLKey: return name.empty() ? "graphml" : "graphml:" + name;
    }
    return "auto";
}

namespace {
std::string numberText(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

std::string mappingNote(const std::string& source, const std::vector<std::string>& names, bool strings) {
    std::string note = "class labels from " + source + ": " + std::to_string(names.size()) + " classes (" +
                       (strings ? "strings, numbered in byte order" : "numbers, in ascending order") + "): ";
    for (std::size_t k = 0; k < names.size(); ++k) {
        if (k == 12) {
            note += ", … " + std::to_string(names.size() - 1) + " = '" + names.back() + "'";
            break;
        }
        note += (k ? ", " : "") + std::to_string(k) + " = '" + names[k] + "'";
    }
    return note;
}

bool isLabelKeyName(const std::string& key) {
    const std::string k = lowerCase(key);
    return k == "label" || k == "class" || k == "y" || k == "target";
}

std::vector<std::string> commonGraphKeys(const FolderLabelReport& r) {
    std::vector<std::string> keys;
    for (std::size_t i = 0; i < r.files.size(); ++i) {
        if (!hasGraphData(r.files[i])) return {};
        std::vector<std::string> mine;
        for (const auto& [key, value] : r.graphData[i]) mine.push_back(key);
        if (i == 0) keys = mine;
        std::vector<std::string> both;
        std::set_intersection(keys.begin(), keys.end(), mine.begin(), mine.end(), std::back_inserter(both));
        keys.swap(both);
    }
    return keys;
}

// "GraphML graph key", "GML graph attribute", or "graph key" for a folder of both.
std::string graphKeyWords(const std::vector<std::string>& files) {
    const auto any = [&](const char* suffix) {  // plain or gzip-compressed
        return std::any_of(files.begin(), files.end(), [&](const std::string& f) { return endsWith(f, suffix) || endsWith(f, std::string(suffix) + ".gz"); });
    };
    const bool gml = any(".gml"), graphml = any(".graphml");
    return gml && graphml ? "graph key" : gml ? "GML graph attribute" : "GraphML graph key";
}

std::string trimmedLabel(const std::string& s) {
    const std::size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::vector<std::string> labelsFromGraphKey(const std::string& folder, const FolderLabelReport& r, const std::string& key) {
    std::vector<std::string> raw;
    for (std::size_t i = 0; i < r.files.size(); ++i) {
        const std::string path = folder + "/" + r.files[i];
        if (!hasGraphData(r.files[i]))
            throw InputError(path, 0, "not a GraphML or GML file, so it has no graph key '" + key +
                                          "' (labels from a graph key need every graph in GraphML or GML)");
        const auto it = r.graphData[i].find(key);
        if (it == r.graphData[i].end()) {
            std::vector<std::string> keys;
            for (const auto& [k, v] : r.graphData[i]) keys.push_back(k);
            throw InputError(path, 0, "graph key '" + key + "': this graph has no " +
                                          (endsWith(path, ".gml") ? "graph attribute '" + key + "'" : std::string("<data> for it")) +
                                          " (its graph keys: " + quotedList(keys) + "); every graph needs its label");
        }
        raw.push_back(trimmedLabel(it->second));
        if (raw.back().empty()) throw InputError(path, 0, "graph key '" + key + "': the graph's value for it is empty");
    }
    return raw;
}

// A key named label, class, y or target that some graphs give and others do not: labels with a graph left out are
// refused (naming the first graph without it), not dropped for the whole folder in silence.
void refuseLabelKeyMissingFromSome(const FolderLabelReport& r, const std::string& folder) {
    std::map<std::string, std::size_t> givenBy;
    for (std::size_t i = 0; i < r.files.size() && i < r.graphData.size(); ++i)
        for (const auto& [key, value] : r.graphData[i])
            if (isLabelKeyName(key)) ++givenBy[key];
    for (const auto& [key, count] : givenBy) {
        if (count == r.files.size()) continue;
        for (std::size_t i = 0; i < r.files.size(); ++i)
            if (i >= r.graphData.size() || !r.graphData[i].count(key))
                throw InputError(folder + "/" + r.files[i], 0, "graph key '" + key + "' is given by " + std::to_string(count) + " of " +
                                                                   std::to_string(r.files.size()) + " graphs but not by this one: every graph "
                                                                   "needs its label (or choose none to open the graphs without labels)");
    }
}

// The graph key chosen for the labels when none is named: the one key named label, class, y or target.
std::string autoGraphKey(const FolderLabelReport& r, bool required, const std::string& folder, std::vector<std::string>& notes) {
    std::vector<std::string> candidates;
    for (const std::string& k : r.commonKeys)
        if (isLabelKeyName(k)) candidates.push_back(k);
    if (candidates.size() == 1) return candidates[0];
    if (candidates.empty() && !required) refuseLabelKeyMissingFromSome(r, folder);
    if (!required && candidates.size() > 1)
        notes.push_back("no class labels: graph keys " + quotedList(candidates) + " could each be the labels; choose one (graphml:KEY)");
    if (required)
        throw InputError(folder, 0, std::string(candidates.empty() ? "no graph key named label, class, y or target in every graph"
                                                                   : "several graph keys could be the labels") +
                                        "; graph keys every graph has: " + quotedList(r.commonKeys) + " (name one: graphml:KEY)");
    return {};
}

// The labels of labels.csv's chosen column, and the split of its split column if it has one (io/LabelCsv.h).
// `splitAsLabels`: the label column is the one named split (asked for by name).
std::vector<std::string> csvLabels(const LabelCsv& csv, const FolderLabels& options, FolderLabelReport& report, std::optional<Split>& split,
                                   bool& splitAsLabels) {
    const LabelCsvColumns c = chooseCsvColumns(csv, options.name);
    report.chosen = csv.headed ? "labels.csv column '" + csv.columns[c.label] + "'" : std::string("labels.csv");
    splitAsLabels = csv.headed && lowerCase(csv.columns[c.label]) == "split";
    std::vector<std::string> raw = labelsFromCsv(csv, report.files, c);
    split = splitFromCsv(csv, report.files, c);
    return raw;
}

std::string splitNote(const Split& s) {
    return "split from " + s.name + ": " + std::to_string(s.train.size()) + " train, " + std::to_string(s.valid.size()) + " valid, " +
           std::to_string(s.test.size()) + " test graphs (used instead of a random split; the density learners train on the "
           "train graphs and leave the valid ones out, the GIN chooses its epoch on them)";
}
}  // namespace

std::vector<std::string> setLabelsFromText(Dataset& ds, const std::vector<std::string>& raw, const std::string& source) {
    std::vector<double> numbers;
    for (const std::string& s : raw) {
        double v = 0;
        if (!parseLabelNumber(s, &v)) break;
        numbers.push_back(v);
    }
    std::vector<std::string> names;
    const bool strings = numbers.size() != raw.size();
    if (!strings) {
        std::vector<double> distinct = numbers;
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        for (double v : distinct) names.push_back(numberText(v));
    } else {
        std::set<std::string> distinct(raw.begin(), raw.end());
        names.assign(distinct.begin(), distinct.end());
        numbers.clear();
        for (const std::string& s : raw) numbers.push_back(double(std::lower_bound(names.begin(), names.end(), s) - names.begin()));
    }
    setClassLabels(ds, std::move(numbers));
    ds.tasks[0].classNames = names;  // the words, not the numbers 0..k−1 they were coded as
    ds.tasks[0].origin = source;
    ds.notes.push_back(mappingNote(source, names, strings));
    return names;
}

void applyFolderLabels(Dataset& ds, const std::string& folder, const FolderLabels& options, FolderLabelReport& report) {
    using Source = FolderLabels::Source;
    const std::string csvPath = folder + "/labels.csv";
    report.csvPresent = fileExists(csvPath);
    report.commonKeys = commonGraphKeys(report);
    LabelCsv csv;
    const bool csvWanted = options.source == Source::CsvColumn || (options.source == Source::Auto && report.csvPresent);
    if (report.csvPresent) {
        try {
            csv = readLabelCsv(csvPath, report.files);
            report.csvHeaded = csv.headed;
            report.csvColumns = labelColumns(csv);  // the file column is no choice of labels
        } catch (const InputError&) {
            if (csvWanted) throw;  // a broken labels.csv that is not used does not stop the load
        }
    }
    std::vector<std::string> raw;
    std::optional<Split> split;
    bool splitAsLabels = false;
    ds.split.reset();
    if (csvWanted) {
        if (!report.csvPresent)
            throw InputError(csvPath, 0, "no labels.csv in the folder (the labels were to come from it: " + options.describe() + ")");
        raw = csvLabels(csv, options, report, split, splitAsLabels);
    } else if (options.source != Source::None) {
        const std::string key = options.name.empty() ? autoGraphKey(report, options.source == Source::GraphMLKey, folder, ds.notes) : options.name;
        if (!key.empty()) {
            raw = labelsFromGraphKey(folder, report, key);
            report.chosen = graphKeyWords(report.files) + " '" + key + "'";
        }
    }
    if (raw.empty()) {
        setClassLabels(ds, {});
        return;
    }
    report.classNames = setLabelsFromText(ds, raw, report.chosen);
    if (splitAsLabels)  // asked for by name (csv:split)
        ds.notes.push_back("the split column is taken as the class labels (asked for by name): its parts are the classes, and "
                           "the data set has no split of its own");
    if (split) {
        ds.notes.push_back(splitNote(*split));
        ds.split = std::move(split);
        ds.checkConsistent();
    }
}

}  // namespace px::io
