// Single-graph files (edge list, GraphML), folders of them, and the loader auto-detection.
#include "common/JsonInput.h"
#include "common/RegularFile.h"
#include "io/GraphAssembler.h"
#include "io/LabelTypes.h"
#include "io/LineReader.h"
#include "io/Loaders.h"

#include <cerrno>
#include <sys/stat.h>
#include <sstream>
#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <dirent.h>
#include <fstream>
#include <cctype>
#include <map>

namespace px::io {

namespace {
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
bool isGraphFile(const std::string& n) {
    return endsWith(n, ".graphml") || endsWith(n, ".dot") || endsWith(n, ".edges") || endsWith(n, ".edgelist") ||
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
enum class GraphFormat { GraphML, Dot };

// Element nesting (GraphML) or brace/bracket nesting outside quoted strings (DOT) beyond
// kMaxNesting is refused with the line where it happens; real graph files nest a few levels.
constexpr int kMaxNesting = 256;
void checkNesting(const std::string& text, const std::string& file, GraphFormat format) {
    int depth = 0;
    long line = 1;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') ++line;
        if (format == GraphFormat::Dot) {
            if (quoted) {
                if (c == '\\') ++i;
                else if (c == '"') quoted = false;
                continue;
            }
            if (c == '"') quoted = true;
            else if (c == '{' || c == '[') ++depth;
            else if (c == '}' || c == ']') --depth;
        } else if (c == '<' && i + 1 < text.size()) {
            const char next = text[i + 1];
            if (next == '/') --depth;
            else if (next != '?' && next != '!') {
                const std::size_t end = text.find('>', i);
                if (end == std::string::npos || text[end - 1] != '/') ++depth;  // <x/> does not nest
            }
        }
        if (depth > kMaxNesting)
            throw InputError(file, line, "nested deeper than " + std::to_string(kMaxNesting) + " levels; refusing to read it");
    }
}

// The value of attribute `name` inside the tag text [begin, end) ("" if absent).
std::string attributeOf(const std::string& text, std::size_t begin, std::size_t end, const std::string& name) {
    for (std::size_t at = text.find(name, begin); at != std::string::npos && at < end; at = text.find(name, at + 1)) {
        const char before = text[at - 1];
        std::size_t i = at + name.size();
        while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
        if (!(before == ' ' || before == '\t' || before == '\n' || before == '\r') || i >= end || text[i] != '=') continue;
        ++i;
        while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
        if (i >= end || (text[i] != '"' && text[i] != '\'')) continue;
        const std::size_t close = text.find(text[i], i + 1);
        if (close == std::string::npos || close >= end) continue;
        return text.substr(i + 1, close - i - 1);
    }
    return "";
}

// Boost's GraphML reader accepts a node id declared twice and an edge to an undeclared node (it makes one up);
// both are refused here, naming the line.
void checkGraphMLIds(const std::string& text, const std::string& file) {
    std::map<std::string, long> declared;
    struct Tag {
        std::size_t begin, end;
        long line;
    };
    std::vector<Tag> edgeTags;
    long line = 1;
    std::size_t counted = 0;
    auto lineAt = [&](std::size_t pos) {
        for (; counted < pos; ++counted) line += text[counted] == '\n';
        return line;
    };
    for (std::size_t at = text.find('<'); at != std::string::npos; at = text.find('<', at + 1)) {
        const bool node = text.compare(at, 5, "<node") == 0 && at + 5 < text.size() && std::isspace((unsigned char)text[at + 5]);
        const bool edge = text.compare(at, 5, "<edge") == 0 && at + 5 < text.size() && std::isspace((unsigned char)text[at + 5]);
        if (!node && !edge) continue;
        const std::size_t end = text.find('>', at);
        if (end == std::string::npos) break;  // the XML parser names this one
        if (edge) {
            edgeTags.push_back({at, end, lineAt(at)});
            continue;
        }
        const std::string id = attributeOf(text, at, end, "id");
        const long l = lineAt(at);
        const auto [it, fresh] = declared.emplace(id, l);
        if (!fresh) throw InputError(file, l, "node id \"" + id + "\" is declared twice (first on line " + std::to_string(it->second) + ")");
    }
    for (const Tag& t : edgeTags)
        for (const char* end_ : {"source", "target"}) {
            const std::string id = attributeOf(text, t.begin, t.end, end_);
            if (!declared.count(id))
                throw InputError(file, t.line, std::string("edge ") + end_ + " \"" + id + "\" is not a declared node (expected a <node id=\"" +
                                                       id + "\"> element)");
        }
}

// Boost refuses to read a directed file into an undirected graph and vice versa: read as
// undirected first and fall back to directed. Edge direction is ignored either way.
Graph loadWithBoost(const std::string& file, GraphFormat format, std::vector<std::string>* warnings) {
    using Undirected = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    using Directed = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    std::vector<std::pair<int, int>> seen;
    std::size_t vertices = 0;
    const std::string text = readRegularFile(file);
    checkNesting(text, file, format);  // Boost's parsers recurse: refuse deep nesting before they see it
    auto read = [&](auto& bg) {
        std::istringstream in(text);
        boost::dynamic_properties dp(boost::ignore_other_properties);
        if (format == GraphFormat::GraphML) {
            boost::read_graphml(in, bg, dp);
        } else if (!boost::read_graphviz(in, bg, dp, "node_id")) {
            throw std::runtime_error("the DOT parser rejected the file");
        }
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
        throw InputError(file, 0, std::string(format == GraphFormat::GraphML ? "not valid GraphML: " : "not valid DOT: ") +
                                      e.what());
    }
    if (format == GraphFormat::GraphML) checkGraphMLIds(text, file);  // valid XML: now what Boost lets through
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
    if (endsWith(p, ".graphml")) return loadGraphML(p, w);
    if (endsWith(p, ".dot") || endsWith(p, ".gv")) return loadDot(p, w);
    return loadEdgeList(p, w);
}
}  // namespace

Graph loadGraphML(const std::string& file, std::vector<std::string>* warnings) {
    return loadWithBoost(file, GraphFormat::GraphML, warnings);
}

Graph loadDot(const std::string& file, std::vector<std::string>* warnings) {
    return loadWithBoost(file, GraphFormat::Dot, warnings);
}

Dataset loadGraphFolder(const std::string& folder) {
    Dataset ds;
    ds.name = baseName(folder);
    ds.source = folder;
    std::vector<std::string> names;
    for (auto& n : listFiles(folder))
        if (isGraphFile(n) && io::fileExists(folder + "/" + n)) names.push_back(n);
    if (names.empty()) throw InputError(folder, 0, "no graph files found (expected *.graphml, *.edges, *.edgelist or *.txt)");
    for (auto& n : names) {
        std::string p = folder + "/" + n;
        ds.graphs.push_back(loadSingleGraph(p, &ds.warnings));
    }
    std::string labelFile = folder + "/labels.csv";
    std::vector<double> values;
    if (fileExists(labelFile)) {
        std::map<std::string, double> byName;
        std::map<std::string, long> lineOf;
        LineReader r(labelFile);
        std::string_view line;
        std::vector<std::string_view> f;
        while (r.next(line)) {
            splitFields(line, f);
            if (f.empty()) continue;
            if (f.size() != 2) r.fail("expected 'file name,label', found " + std::to_string(f.size()) + " fields");
            std::string key(f[0]);
            if (std::find(names.begin(), names.end(), key) == names.end())
                r.fail("no graph file named '" + key + "' in the folder");
            const double label = parseDouble(r, f[1], "a class label");
            const auto [it, fresh] = byName.emplace(key, label);
            if (!fresh && it->second != label)
                r.fail("graph file '" + key + "' is given a second, different label (" + std::string(f[1]) + "; line " +
                       std::to_string(lineOf[key]) + " gave " + std::to_string(it->second) + ")");
            lineOf.emplace(key, r.lineNumber());
        }
        for (int i = 0; i < ds.size(); ++i) {
            auto it = byName.find(names[i]);
            if (it == byName.end()) throw InputError(labelFile, 0, "no label for graph file '" + names[i] + "'");
            values.push_back(it->second);
        }
    }
    setClassLabels(ds, std::move(values));
    return ds;
}

Dataset loadDataset(const std::string& path) {
    if (isDirectory(path)) {
        if (fileExists(path + "/raw/num-node-list.csv.gz") || fileExists(path + "/raw/num-node-list.csv"))
            return loadOgb(path);
        for (auto& n : listFiles(path))
            if (endsWith(n, "_A.txt")) return loadTu(path);
        for (auto& n : listFiles(path))
            if ((endsWith(n, ".txt") || endsWith(n, ".txt.gz")) && looksLikeGin(path + "/" + n)) return loadGin(path);
        for (auto& n : listFiles(path))
            if (endsWith(n, ".cites"))
                throw InputError(path, 0, "this is node-classification data (LINQS: " + printablePath(n) + "), one graph whose nodes are the "
                                          "examples; graph-level data sets hold many graphs. Open it in the Depth lab "
                                          "(node data), or with `pxrun depth … --data " + printablePath(path) + "`");
        return loadGraphFolder(path);
    }
    if (path.empty()) throw InputError("", 0, "no data set given: expected a data set folder, a file or builtin:NAME");
    if (!fileExists(path)) {
        struct stat st;
        if (::stat(path.c_str(), &st) == 0) throw InputError(path, 0, "expected a data set folder or a regular file (found a pipe, socket or device); refusing to read it");
        throw InputError(path, 0, pathErrorText(errno));  // a symbolic link loop is not a missing file
    }
    if ((endsWith(path, ".txt") || endsWith(path, ".txt.gz")) && looksLikeGin(path)) return loadGin(path);
    Dataset ds;
    ds.name = baseName(path);
    ds.source = path;
    ds.graphs.push_back(loadSingleGraph(path, &ds.warnings));
    ds.labels.resize(1, 0);
    return ds;
}

}  // namespace px::io
