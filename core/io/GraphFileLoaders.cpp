// Single-graph files (edge list, GraphML, GML, DOT), folders of them, and the loader auto-detection.
#include "common/RegularFile.h"
#include "io/DotNesting.h"
#include "io/GmlReader.h"
#include "io/GraphAssembler.h"
#include "io/GraphMLReader.h"
#include "io/LabelTypes.h"
#include "io/LineReader.h"
#include "io/Loaders.h"
#include "io/TextScanner.h"

#include <cerrno>
#include <sys/stat.h>
#include <sstream>
#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <dirent.h>
#include <fstream>
#include <cstdint>
#include <map>
#include <unordered_set>

namespace px::io {

namespace {
// A graph file's name without a final ".gz": its format is named by the suffix before (NetworkX writes "g.gml.gz"
// and "g.graphml.gz" as readily as plain files, and every graph reader here inflates gzip).
std::string withoutGzip(const std::string& name) { return endsWith(name, ".gz") ? name.substr(0, name.size() - 3) : name; }

std::vector<std::string> listFiles(const std::string& folder) {
    std::vector<std::string> out;
    if (DIR* d = opendir(folder.c_str())) {
        while (dirent* e = readdir(d))
            if (e->d_name[0] != '.') out.push_back(e->d_name);
        closedir(d);
    }
    std::sort(out.begin(), out.end());
    return out;
}
bool isGraphFile(const std::string& name) {
    const std::string n = withoutGzip(name);
    return endsWith(n, ".graphml") || endsWith(n, ".gml") || endsWith(n, ".dot") || endsWith(n, ".edges") || endsWith(n, ".edgelist") ||
           (endsWith(n, ".txt") && n != "README.txt");
}
}  // namespace

// Vertices of one graph from a text file: 5·10⁷ (CSR offsets and degrees alone then take ~0.6 GB).
constexpr long kMaxVertices = 50000000;

Graph loadEdgeList(const std::string& file, std::vector<std::string>* warnings) {
    LineReader r(file);
    std::string_view line;
    std::vector<std::string_view> f;
    GraphAssembler as(file);
    long declared = -1, maxId = -1, maxIdLine = 0;
    while (r.next(line)) {
        std::size_t s = line.find_first_not_of(" \t");
        if (s == std::string_view::npos) continue;
        if (line[s] == '#' || line[s] == '%') {
            splitFields(line.substr(s + 1), f);
            if (f.size() == 2 && (f[0] == "vertices" || f[0] == "nodes")) {
                declared = parseIndex(r, f[1], "the vertex count after '# vertices'", kMaxVertices);
                if (maxId >= declared)  // a declaration after the edges must still cover them
                    r.fail("'# vertices " + std::to_string(declared) + "' allows ids 0.." + std::to_string(declared - 1) +
                           ", but an earlier edge (line " + std::to_string(maxIdLine) + ") uses vertex id " + std::to_string(maxId));
            }
            continue;
        }
        splitFields(line, f);
        if (f.size() != 2)
            r.fail("expected an edge 'u v' (two 0-based vertex ids), found " + std::to_string(f.size()) + " fields in '" + std::string(line) +
                   "'" + (f.size() == 3 ? " (weighted edge lists are not supported: drop the third column)" : ""));
        const long u = parseIndex(r, f[0], "a vertex id", kMaxVertices - 1), v = parseIndex(r, f[1], "a vertex id", kMaxVertices - 1);
        if (declared >= 0 && (u >= declared || v >= declared))
            r.fail("vertex id out of range: '# vertices " + std::to_string(declared) + "' allows 0.." +
                   std::to_string(declared - 1) + ", found " + std::to_string(u) + " " + std::to_string(v));
        if (std::max(u, v) > maxId) {
            maxId = std::max(u, v);
            maxIdLine = r.lineNumber();
        }
        as.addEdge(int(u), int(v), r.lineNumber());
    }
    long n = declared >= 0 ? declared : maxId + 1;
    if (n <= 0) throw InputError(file, 0, "graph is empty: expected at least one edge or a '# vertices N' line");
    std::vector<std::string> local;
    auto& w = warnings ? *warnings : local;
    Graph g = as.build(int(n), w);
    as.finish(w);
    return g;
}

namespace {
// Boost refuses to read a directed file into an undirected graph and vice versa: read as
// undirected first and fall back to directed. Edge direction is ignored either way.
Graph loadDotWithBoost(const std::string& file, std::vector<std::string>* warnings) {
    using Undirected = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    using Directed = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    std::vector<std::pair<int, int>> seen;
    std::size_t vertices = 0;
    const std::string text = readWholeFile(file, std::uint64_t(256) << 20);  // plain or gzip
    checkDotNesting(text, file);  // Boost's parser recurses per subgraph: refuse deep nesting before it sees it
    auto read = [&](auto& bg) {
        std::istringstream in(text);
        boost::dynamic_properties dp(boost::ignore_other_properties);
        if (!boost::read_graphviz(in, bg, dp, "node_id")) throw std::runtime_error("the DOT parser rejected the file");
        vertices = boost::num_vertices(bg);
        for (auto [it, end] = boost::edges(bg); it != end; ++it)
            seen.push_back({int(boost::source(*it, bg)), int(boost::target(*it, bg))});
    };
    try {
        Undirected u;
        try {
            read(u);
        } catch (const boost::directed_graph_error&) {
            Directed d;
            seen.clear();
            read(d);
        }
    } catch (const InputError&) {
        throw;
    } catch (const std::exception& e) {
        throw InputError(file, 0, std::string("not valid DOT: ") + e.what());
    }
    if (vertices == 0) throw InputError(file, 0, "graph is empty (no nodes)");
    GraphAssembler as(file);
    // An edge and its reverse are one undirected edge, not a duplicate.
    std::sort(seen.begin(), seen.end());
    for (std::size_t k = 0; k < seen.size(); ++k) {
        auto [u, v] = seen[k];
        bool reverseListed = u > v && std::binary_search(seen.begin(), seen.end(), std::make_pair(v, u));
        if (reverseListed && !(k > 0 && seen[k - 1] == seen[k])) continue;
        as.addEdge(u, v, 0);
    }
    std::vector<std::string> local;
    auto& w = warnings ? *warnings : local;
    Graph g = as.build(int(vertices), w);
    as.finish(w);
    return g;
}

Graph loadSingleGraph(const std::string& p, std::vector<std::string>* w) {
    const std::string n = withoutGzip(p);
    if (endsWith(n, ".graphml")) return loadGraphML(p, w);
    if (endsWith(n, ".gml")) return loadGml(p, w);
    if (endsWith(n, ".dot") || endsWith(n, ".gv")) return loadDot(p, w);
    return loadEdgeList(p, w);
}
}  // namespace

namespace {
// The graph of n vertices and the edges read (each with source, target and line), direction ignored: an edge and
// its reverse are one undirected edge, not a duplicate; the same direction written twice is (the assembler names
// the line), and so is a self loop. GraphML and GML files are read so.
template <class Edges>
Graph assembleIgnoringDirection(const std::string& file, std::size_t n, const Edges& edges, std::vector<std::string>* warnings) {
    if (n == 0) throw InputError(file, 0, "graph is empty (no nodes)");
    GraphAssembler as(file);
    std::unordered_set<std::uint64_t> directed;
    const auto pair = [](int u, int v) { return std::uint64_t(std::uint32_t(u)) << 32 | std::uint32_t(v); };
    for (const auto& e : edges) {
        const bool fresh = directed.insert(pair(e.source, e.target)).second;
        if (fresh && e.source != e.target && directed.count(pair(e.target, e.source))) continue;
        as.addEdge(e.source, e.target, e.line);
    }
    std::vector<std::string> local;
    auto& w = warnings ? *warnings : local;
    Graph g = as.build(int(n), w);
    as.finish(w);
    return g;
}
}  // namespace

Graph loadGraphML(const std::string& file, std::vector<std::string>* warnings, std::map<std::string, std::string>* graphData) {
    GraphMLGraph read = readGraphML(file);
    Graph g = assembleIgnoringDirection(file, read.nodeIds.size(), read.edges, warnings);
    if (graphData) *graphData = std::move(read.graphData);
    return g;
}

Graph loadGml(const std::string& file, std::vector<std::string>* warnings, std::map<std::string, std::string>* graphData) {
    GmlGraph read = readGml(file);
    Graph g = assembleIgnoringDirection(file, read.nodeIds.size(), read.edges, warnings);
    if (graphData) *graphData = std::move(read.graphData);
    return g;
}

bool hasGraphData(const std::string& file) { return endsWith(withoutGzip(file), ".graphml") || endsWith(withoutGzip(file), ".gml"); }

Graph loadDot(const std::string& file, std::vector<std::string>* warnings) { return loadDotWithBoost(file, warnings); }

namespace {
bool isEdgeListFile(const std::string& name) {
    const std::string n = withoutGzip(name);
    return !endsWith(n, ".graphml") && !endsWith(n, ".gml") && !endsWith(n, ".dot") && !endsWith(n, ".gv");
}

// An edge list names no vertex without an edge: ids 0..largest are the vertices ("# vertices N" sets the count), so
// an id in no edge is an isolated vertex, which the densities count (t(F, G) divides by n^|V(F)|). Said once, in
// the notes, for the edge-list graphs among `names` (graph i of ds is names[i]).
void noteIsolatedVertices(Dataset& ds, const std::vector<std::string>& names) {
    long edgeLists = 0, withIsolated = 0;
    std::string example;
    for (std::size_t i = 0; i < names.size() && i < ds.graphs.size(); ++i) {
        if (!isEdgeListFile(names[i])) continue;
        ++edgeLists;
        const Graph& g = ds.graphs[i];
        int isolated = 0;
        for (int v = 0; v < g.numVertices(); ++v) isolated += g.degree(v) == 0;
        if (isolated == 0) continue;
        if (++withIsolated == 1)
            example = names[i] + ": " + std::to_string(g.numVertices()) + " vertices, " + std::to_string(isolated) + " in no edge";
    }
    if (withIsolated > 0)
        ds.notes.push_back(std::to_string(withIsolated) + " of " + std::to_string(edgeLists) + " edge-list graphs have vertices in no "
                           "edge, counted as isolated vertices (ids 0..largest id are the vertices; '# vertices N' sets the count): "
                           "e.g. " + example);
}
}  // namespace

Dataset readGraphFolder(const std::string& folder, FolderLabelReport& report) {
    Dataset ds;
    ds.name = baseName(folder);
    ds.source = folder;
    report = FolderLabelReport{};
    for (auto& n : listFiles(folder))
        if (isGraphFile(n) && io::fileExists(folder + "/" + n)) report.files.push_back(n);
    if (report.files.empty()) throw InputError(folder, 0, "no graph files found (expected *.graphml, *.gml, *.dot, *.edges, *.edgelist or *.txt)");
    report.graphData.assign(report.files.size(), {});
    for (std::size_t i = 0; i < report.files.size(); ++i) {
        const std::string p = folder + "/" + report.files[i];
        std::map<std::string, std::string>* data = &report.graphData[i];
        const std::string n = withoutGzip(p);
        ds.graphs.push_back(endsWith(n, ".graphml") ? loadGraphML(p, &ds.warnings, data)
                            : endsWith(n, ".gml")   ? loadGml(p, &ds.warnings, data)
                                                    : loadSingleGraph(p, &ds.warnings));
    }
    noteIsolatedVertices(ds, report.files);
    return ds;
}

Dataset loadGraphFolder(const std::string& folder) { return loadGraphFolder(folder, FolderLabels{}); }

Dataset loadGraphFolder(const std::string& folder, const FolderLabels& labels, FolderLabelReport* report) {
    FolderLabelReport local;
    FolderLabelReport& r = report ? *report : local;
    Dataset ds = readGraphFolder(folder, r);
    applyFolderLabels(ds, folder, labels, r);
    return ds;
}

DataFormat detectFormat(const std::string& path) {
    if (isDirectory(path)) {
        if (fileExists(path + "/raw/num-node-list.csv.gz") || fileExists(path + "/raw/num-node-list.csv")) return DataFormat::Ogb;
        const std::vector<std::string> names = listFiles(path);
        for (auto& n : names)
            if (endsWith(n, "_A.txt")) return DataFormat::Tu;
        for (auto& n : names)
            if ((endsWith(n, ".txt") || endsWith(n, ".txt.gz")) && looksLikeGin(path + "/" + n)) return DataFormat::Gin;
        for (auto& n : names)
            if (endsWith(n, ".cites")) return DataFormat::Linqs;
        return DataFormat::GraphFolder;
    }
    if (path.empty()) throw InputError("", 0, "no data set given: expected a data set folder, a file or builtin:NAME");
    if (!fileExists(path)) {
        struct stat st;
        if (::stat(path.c_str(), &st) == 0) throw InputError(path, 0, "expected a data set folder or a regular file (found a pipe, socket or device); refusing to read it");
        throw InputError(path, 0, pathErrorText(errno));  // a symbolic link loop is not a missing file
    }
    if ((endsWith(path, ".txt") || endsWith(path, ".txt.gz")) && looksLikeGin(path)) return DataFormat::Gin;
    const std::string plain = withoutGzip(path);
    if (endsWith(plain, ".graphml")) return DataFormat::GraphML;
    if (endsWith(plain, ".gml")) return DataFormat::Gml;
    if (endsWith(plain, ".dot") || endsWith(plain, ".gv")) return DataFormat::Dot;
    return DataFormat::EdgeList;
}

const char* toString(DataFormat f) {
    switch (f) {
    case DataFormat::Ogb: return "OGB";
    case DataFormat::Tu: return "TU";
    case DataFormat::Gin: return "GIN text";
    case DataFormat::Linqs: return "LINQS (node data)";
    case DataFormat::GraphFolder: return "folder of graph files";
    case DataFormat::GraphML: return "GraphML file";
    case DataFormat::Gml: return "GML file";
    case DataFormat::Dot: return "DOT file";
    case DataFormat::EdgeList: return "edge list";
    }
    return "unknown";
}

namespace {
Dataset loadDetected(const std::string& path, DataFormat format) {
    switch (format) {
    case DataFormat::Ogb: return loadOgb(path);
    case DataFormat::Tu: return loadTu(path);
    case DataFormat::Gin: return loadGin(path);
    case DataFormat::Linqs: {
        std::string cites;
        for (auto& n : listFiles(path))
            if (cites.empty() && endsWith(n, ".cites")) cites = n;
        throw InputError(path, 0, "this is node-classification data (LINQS: " + printablePath(cites) + "), one graph whose nodes are the "
                                  "examples; graph-level data sets hold many graphs. Open it in the Depth lab "
                                  "(node data), or with `pxrun depth … --data " + printablePath(path) + "`");
    }
    case DataFormat::GraphFolder: return loadGraphFolder(path);
    default: break;
    }
    Dataset ds;
    ds.name = baseName(path);
    ds.source = path;
    ds.graphs.push_back(loadSingleGraph(path, &ds.warnings));
    ds.labels.resize(1, 0);
    noteIsolatedVertices(ds, {baseName(path)});
    return ds;
}
}  // namespace

Dataset loadDataset(const std::string& path) { return loadDetected(path, detectFormat(path)); }

Dataset loadDataset(const std::string& path, const FolderLabels& labels) {
    const DataFormat format = detectFormat(path);
    if (format == DataFormat::GraphFolder) return loadGraphFolder(path, labels);
    if (labels.source == FolderLabels::Source::CsvColumn || labels.source == FolderLabels::Source::GraphMLKey) {
        const bool oneGraphFile = format == DataFormat::GraphML || format == DataFormat::Gml || format == DataFormat::Dot ||
                                  format == DataFormat::EdgeList;
        const std::string what = oneGraphFile ? "one " + std::string(toString(format)) + ", one graph, so one class at most: its graph keys "
                                                "label the graphs of a folder of such files (open the folder to use them)"
                                              : std::string(toString(format)) + " data (choose auto for its own labels, or none)";
        throw InputError(path, 0, "labels '" + labels.describe() + "' apply to a folder of graph files; this is " + what);
    }
    Dataset ds = loadDetected(path, format);
    if (labels.source == FolderLabels::Source::None) {
        ds.tasks.clear();
        ds.labels.resize(ds.size(), 0);
    }
    return ds;
}

}  // namespace px::io
