// TU Dortmund graph collection text format (Morris et al. 2020): DS_A.txt lists directed pairs of
// 1-based global node ids, each undirected edge usually in both directions.
#include "io/GraphAssembler.h"
#include "common/MemoryBudget.h"
#include "io/LabelTypes.h"
#include "io/LineReader.h"
#include "io/Loaders.h"

#include <algorithm>
#include <unordered_set>
#include <dirent.h>

namespace px::io {

namespace {
// The integer in the first field of every line of `file` ("class label" / "node label" in messages). With
// onlyField a line must hold exactly that field; otherwise further fields are allowed and ignored.
std::vector<long> readIntegerColumn(const std::string& file, const std::string& what, bool onlyField) {
    std::vector<long> out;
    LineReader r(file);
    std::string_view line;
    std::vector<std::string_view> f;
    while (r.next(line)) {
        splitFields(line, f);
        if (onlyField && f.size() != 1) r.fail("expected one " + what + " per line, found " + std::to_string(f.size()) + " fields");
        if (f.empty()) r.fail("expected one " + what + " per line (the first field is used), found an empty line");
        out.push_back(parseLong(r, f[0], ("a " + what).c_str()));  // TU labels are integers
    }
    return out;
}

std::string findPrefix(const std::string& folder) {
    std::vector<std::string> found;
    if (DIR* d = opendir(folder.c_str())) {
        while (dirent* e = readdir(d)) {
            std::string n = e->d_name;
            if (n.size() > 6 && n.compare(n.size() - 6, 6, "_A.txt") == 0) found.push_back(n.substr(0, n.size() - 6));
        }
        closedir(d);
    }
    if (found.size() != 1)
        throw InputError(folder, 0, found.empty() ? "no DS_A.txt file found (expected the TU format)"
                                                  : "several *_A.txt files found; expected exactly one");
    return found[0];
}

// Node → graph (0-based) and node → local index, from DS_graph_indicator.txt.
struct NodeIndex {
    std::vector<int> graphOf, localOf;
    std::vector<int> graphSize;
};

NodeIndex readGraphIndicator(const std::string& indFile) {
    NodeIndex nodes;
    std::vector<int>& graphOf = nodes.graphOf;
    std::vector<int>& localOf = nodes.localOf;
    std::vector<int>& graphSize = nodes.graphSize;
    {
        LineReader r(indFile);
        std::string_view line;
        std::vector<std::string_view> f;
        while (r.next(line)) {
            splitFields(line, f);
            if (f.size() != 1) r.fail("expected one graph id per line, found " + std::to_string(f.size()) + " fields");
            long g = parseIndex(r, f[0], "a graph id", 2147483647L);
            if (g < 1 || g > 100000000) r.fail("expected a 1-based graph id, found " + std::to_string(g));
            if (std::size_t(g) > graphSize.size()) graphSize.resize(g, 0);
            graphOf.push_back(int(g - 1));
            localOf.push_back(graphSize[g - 1]++);
            if ((graphOf.size() & ((1 << 20) - 1)) == 0)  // per node: its graph, local index, adjacency, labels
                checkMemory(indFile + ":" + std::to_string(r.lineNumber()), "the " + std::to_string(graphOf.size()) + " nodes read so far",
                            double(graphOf.size()) * 48.0 + double(graphSize.size()) * 256.0);
        }
        if (graphOf.empty()) throw InputError(indFile, 0, "file is empty; expected one graph id per node");
    }
    for (std::size_t g = 0; g < graphSize.size(); ++g)
        if (graphSize[g] == 0)
            throw InputError(indFile, 0, "graph " + std::to_string(g + 1) + " has no nodes (empty graph)");
    return nodes;
}

// The edges of DS_A.txt, graph by graph, into ds.graphs.
void readEdges(const std::string& aFile, const NodeIndex& nodes, Dataset& ds) {
    const std::vector<int>& graphOf = nodes.graphOf;
    const std::vector<int>& localOf = nodes.localOf;
    const std::vector<int>& graphSize = nodes.graphSize;
        // (packed directed pair, line) per graph; a directed pair listed twice is a real duplicate, dropped as it is read
        std::vector<std::vector<std::pair<long, long>>> pairs(graphSize.size());
        std::vector<std::unordered_set<long>> listed(graphSize.size());
        GraphAssembler as(aFile);
        LineReader r(aFile);
        std::string_view line;
        std::vector<std::string_view> f;
        const long numNodes = long(graphOf.size());
        long long held = 0;
        while (r.next(line)) {
            splitFields(line, f);
            if (f.empty()) continue;
            if (f.size() != 2) r.fail("expected 'i, j' (two node ids), found " + std::to_string(f.size()) + " fields");
            long i = parseIndex(r, f[0], "a node id", 2147483647L), j = parseIndex(r, f[1], "a node id", 2147483647L);
            if (i < 1 || j < 1 || i > numNodes || j > numNodes)
                r.fail("node id out of range: expected 1.." + std::to_string(numNodes) + " (graph_indicator has " +
                       std::to_string(numNodes) + " lines), found " + std::to_string(i) + ", " + std::to_string(j));
            int g = graphOf[i - 1];
            if (graphOf[j - 1] != g)
                r.fail("edge joins nodes of different graphs (" + std::to_string(g + 1) + " and " +
                       std::to_string(graphOf[j - 1] + 1) + ")");
            const long key = (long(localOf[i - 1]) << 32) | localOf[j - 1];
            if (!listed[g].insert(key).second) {
                as.dropDuplicate(localOf[i - 1], localOf[j - 1], r.lineNumber());
                continue;
            }
            pairs[g].push_back({key, r.lineNumber()});
            if ((++held & ((1 << 20) - 1)) == 0)
                checkMemory(aFile + ":" + std::to_string(r.lineNumber()), "the " + std::to_string(held) + " distinct edge entries read so far",
                            double(held) * GraphAssembler::kBytesPerEdge);
        }
        listed.clear();
        for (std::size_t g = 0; g < pairs.size(); ++g) {
            auto& p = pairs[g];
            std::sort(p.begin(), p.end());
            for (const auto& [key, at] : p) {
                const int u = int(key >> 32), v = int(key & 0xffffffffL);
                const auto reverse = std::lower_bound(p.begin(), p.end(), std::pair<long, long>((long(v) << 32) | u, 0),
                                                      [](auto& a, auto& b) { return a.first < b.first; });
                if (u > v && reverse != p.end() && reverse->first == ((long(v) << 32) | u))
                    continue;  // the reverse direction of a listed edge: expected in this format
                as.addEdge(u, v, at);
            }
            ds.graphs.push_back(as.build(graphSize[g], ds.warnings));
            std::vector<std::pair<long, long>>().swap(p);
        }
        as.finish(ds.warnings);
}
}  // namespace

Dataset loadTu(const std::string& folder) {
    const std::string prefix = findPrefix(folder);
    const std::string base = folder + "/" + prefix;
    const std::string aFile = base + "_A.txt", indFile = base + "_graph_indicator.txt",
                      labFile = base + "_graph_labels.txt", nodeLabFile = base + "_node_labels.txt";

    const NodeIndex nodes = readGraphIndicator(indFile);
    const std::vector<int>& graphOf = nodes.graphOf;
    const std::vector<int>& localOf = nodes.localOf;
    const std::vector<int>& graphSize = nodes.graphSize;

    Dataset ds;
    ds.name = prefix;
    ds.source = folder;
    readEdges(aFile, nodes, ds);
    std::vector<double> values;
    if (fileExists(labFile)) {
        for (long v : readIntegerColumn(labFile, "class label", true)) values.push_back(double(v));
        if (values.size() != graphSize.size())
            throw InputError(labFile, 0, "expected " + std::to_string(graphSize.size()) +
                             " labels (one per graph in graph_indicator), found " + std::to_string(values.size()));
    }
    if (fileExists(nodeLabFile)) {
        const std::vector<long> perNode = readIntegerColumn(nodeLabFile, "node label", false);
        if (perNode.size() != graphOf.size())
            throw InputError(nodeLabFile, 0, "expected " + std::to_string(graphOf.size()) +
                             " node labels (one per line of graph_indicator), found " + std::to_string(perNode.size()));
        // Line i belongs to node localOf[i] of graph graphOf[i]; setNodeLabels wants them graph after graph.
        std::vector<long> start(graphSize.size() + 1, 0), ordered(perNode.size());
        for (std::size_t g = 0; g < graphSize.size(); ++g) start[g + 1] = start[g] + graphSize[g];
        for (std::size_t i = 0; i < perNode.size(); ++i) ordered[std::size_t(start[graphOf[i]] + localOf[i])] = perNode[i];
        setNodeLabels(ds, ordered);
    }
    setClassLabels(ds, std::move(values));
    return ds;
}

}  // namespace px::io
