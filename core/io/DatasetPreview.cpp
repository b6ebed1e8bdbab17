// A data set described before use: format, sizes, label sources and classes (io/DatasetPreview.h).
#include "io/DatasetPreview.h"

#include "common/Error.h"
#include "io/LabelCsv.h"
#include "io/LineReader.h"
#include "io/Loaders.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace px::io {

namespace {
template <class Size>
DatasetPreview::Spread spreadOf(const Dataset& ds, Size size) {
    DatasetPreview::Spread s;
    if (ds.graphs.empty()) return s;
    s.min = size(ds.graphs[0]);
    double total = 0;
    for (const Graph& g : ds.graphs) {
        const long n = size(g);
        s.min = std::min(s.min, n);
        s.max = std::max(s.max, n);
        total += double(n);
    }
    s.mean = total / double(ds.graphs.size());
    return s;
}

std::vector<std::pair<std::string, long>> classCounts(const Dataset& ds, const std::vector<std::string>& given) {
    if (ds.tasks.empty() || ds.tasks[0].type == TaskType::Regression) return {};
    // the classes by the names the data set's file gives them (MUTAG's -1 and 1), not the codes 0, 1 they were
    // read into (the preview once said "0: 63, 1: 125" and the embedding "class -1")
    const std::vector<std::string>& names = given.empty() ? ds.tasks[0].classNames : given;
    std::map<long, long> counts;
    for (Eigen::Index i = 0; i < ds.labels.rows(); ++i)
        if (!std::isnan(ds.labels(i, 0))) ++counts[long(ds.labels(i, 0))];
    std::vector<std::pair<std::string, long>> out;
    for (const auto& [id, count] : counts)
        out.push_back({std::size_t(id) < names.size() ? names[std::size_t(id)] : std::to_string(id), count});
    return out;
}

std::string formatLabels(DataFormat f, const Dataset& ds) {
    std::string tasks;
    for (const LabelTask& t : ds.tasks) tasks += (tasks.empty() ? "" : ", ") + t.name + " (" + px::toString(t.type) + ")";
    if (tasks.empty()) return {};
    switch (f) {
    case DataFormat::Tu: return "TU graph labels (DS_graph_labels.txt): " + tasks;
    case DataFormat::Ogb: return "OGB graph-label.csv: " + tasks;
    case DataFormat::Gin: return "GIN text: the label on each graph's first line: " + tasks;
    default: return {};
    }
}

// A folder of graph files: the graphs first (their errors are thrown), then the labels (their refusal is kept).
Dataset previewFolder(const std::string& path, const FolderLabels& labels, DatasetPreview& p) {
    FolderLabelReport report;
    Dataset ds = readGraphFolder(path, report);
    try {
        applyFolderLabels(ds, path, labels, report);
    } catch (const InputError& e) {
        p.labelError = e.what();
        report.chosen.clear();
        report.classNames.clear();
        ds.tasks.clear();
        ds.labels.resize(0, 0);
        FolderLabels none;
        none.source = FolderLabels::Source::None;
        applyFolderLabels(ds, path, none, report);  // no labels; fills the sources found
    }
    p.csvPresent = report.csvPresent;
    p.csvHeaded = report.csvHeaded;
    p.csvColumns = report.csvColumns;
    p.graphKeys = report.commonKeys;
    p.labelSource = report.chosen;
    p.classNames = report.classNames;
    p.files = report.files;
    p.classes = classCounts(ds, report.classNames);
    return ds;
}

Dataset previewSingleFile(const std::string& path, DataFormat format, DatasetPreview& p) {
    if (format != DataFormat::GraphML && format != DataFormat::Gml) return loadDataset(path);
    Dataset ds;
    ds.name = baseName(path);
    ds.source = path;
    std::map<std::string, std::string> data;
    ds.graphs.push_back(format == DataFormat::Gml ? loadGml(path, &ds.warnings, &data) : loadGraphML(path, &ds.warnings, &data));
    ds.labels.resize(1, 0);
    for (const auto& [key, value] : data) p.graphKeys.push_back(key);
    return ds;
}
}  // namespace

bool labelChoiceIsAmbiguous(const DatasetPreview& p) {
    if (p.format != toString(DataFormat::GraphFolder)) return false;
    if (!p.labelError.empty()) return true;
    std::size_t candidates = p.csvPresent ? (p.csvHeaded ? p.csvColumns.size() : 1) : 0;
    for (const std::string& key : p.graphKeys) {
        const std::string k = lowerCase(key);
        candidates += k == "label" || k == "class" || k == "y" || k == "target";
    }
    return candidates > 1;
}

DatasetPreview previewOf(const Dataset& ds) {
    DatasetPreview p;
    p.path = ds.source;
    p.graphs = ds.size();
    p.vertices = spreadOf(ds, [](const Graph& g) { return long(g.numVertices()); });
    p.edges = spreadOf(ds, [](const Graph& g) { return long(g.numEdges()); });
    if (!ds.tasks.empty()) p.labelSource = "task '" + ds.tasks[0].name + "'";
    p.classes = classCounts(ds, {});
    p.notes = ds.notes;
    p.warnings = ds.warnings;
    return p;
}

DatasetPreview previewDataset(const std::string& path, const FolderLabels& labels, Dataset* loaded) {
    const DataFormat format = detectFormat(path);
    DatasetPreview p;
    Dataset ds;
    if (format == DataFormat::GraphFolder) {
        ds = previewFolder(path, labels, p);
    } else {
        FolderLabels asked = labels;
        if (asked.source == FolderLabels::Source::CsvColumn || asked.source == FolderLabels::Source::GraphMLKey) {
            try {
                loadDataset(path, asked);  // refuses before reading anything
            } catch (const InputError& e) {
                p.labelError = e.what();
            }
            asked = {};
        }
        const bool singleFile = format == DataFormat::GraphML || format == DataFormat::Gml || format == DataFormat::Dot ||
                                format == DataFormat::EdgeList;
        ds = singleFile ? previewSingleFile(path, format, p) : loadDataset(path, asked);
        if (singleFile) p.files = {baseName(path)};  // its one graph is known by the file's name
        p.builtinLabels = formatLabels(format, ds);
        if (!ds.tasks.empty()) p.labelSource = p.builtinLabels;
        p.classes = classCounts(ds, {});
        if (!ds.tasks.empty()) p.classNames = ds.tasks[0].classNames;
    }
    const DatasetPreview sizes = previewOf(ds);
    p.path = path;
    p.format = toString(format);
    p.graphs = sizes.graphs;
    p.vertices = sizes.vertices;
    p.edges = sizes.edges;
    p.notes = ds.notes;
    p.warnings = ds.warnings;
    if (loaded) *loaded = std::move(ds);
    return p;
}

}  // namespace px::io
