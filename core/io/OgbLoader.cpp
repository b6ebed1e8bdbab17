// OGB graph-property prediction layout (Hu et al., NeurIPS 2020), as in ../shared/data/ogbg-*.
#include "io/GraphAssembler.h"
#include "common/MemoryBudget.h"
#include "io/LabelTypes.h"
#include "io/LineReader.h"
#include "io/Loaders.h"

#include <algorithm>
#include <cctype>
#include <dirent.h>

namespace px::io {

namespace {


std::vector<long> readCounts(const std::string& path, const char* what) {
    LineReader r(path);
    std::vector<long> out;
    std::string_view line;
    std::vector<std::string_view> f;
    while (r.next(line)) {
        splitFields(line, f);
        if (f.size() != 1) r.fail(std::string("expected one ") + what + " per line, found " +
                                  std::to_string(f.size()) + " fields");
        long v = parseLong(r, f[0], what);
        if (v < 0) r.fail(std::string("expected a non-negative ") + what + ", found " + std::to_string(v));
        if (v > 50000000) r.fail(std::string("expected a ") + what + " of at most 50000000 per graph, found " + std::to_string(v));
        out.push_back(v);
    }
    if (out.empty()) throw InputError(path, 0, std::string("file is empty; expected one ") + what + " per graph");
    return out;
}

std::vector<std::string> readTaskNames(const std::string& folder, std::size_t tasks) {
    std::vector<std::string> names;
    std::string mapping = folder + "/mapping/mol.csv.gz";
    if (fileExists(mapping)) {
        LineReader r(mapping);
        std::string_view line;
        if (r.next(line)) {
            std::vector<std::string_view> f;
            splitFields(line, f);
            for (std::size_t i = 0; i < tasks && i < f.size(); ++i) names.emplace_back(f[i]);
        }
    }
    if (names.size() != tasks) {
        // The "-rebuilt" folders carry the MoleculeNet source CSV instead: its header names the
        // tasks among an id and a SMILES column.
        names.clear();
        std::vector<std::string> sources;
        if (DIR* d = opendir((folder + "/source").c_str())) {
            while (dirent* e = readdir(d)) {
                std::string n = e->d_name;
                if (n.size() > 4 && n.compare(n.size() - 4, 4, ".csv") == 0) sources.push_back(folder + "/source/" + n);
            }
            closedir(d);
        }
        if (sources.size() == 1) {
            LineReader r(sources[0]);
            std::string_view line;
            if (r.next(line)) {
                std::vector<std::string_view> f;
                splitFields(line, f);
                for (auto x : f) {
                    std::string low(x);
                    for (char& c : low) c = char(std::tolower(static_cast<unsigned char>(c)));
                    if (low != "smiles" && low.find("id") == std::string::npos) names.emplace_back(x);
                }
            }
        }
    }
    if (names.size() != tasks) {
        names.clear();
        for (std::size_t i = 0; i < tasks; ++i) names.push_back("task" + std::to_string(i));
    }
    return names;
}

std::vector<int> readSplitPart(const std::string& path, int numGraphs) {
    if (!fileExists(path)) throw InputError(path, 0, "split file is missing (expected train, valid and test)");
    LineReader r(path);
    std::vector<int> out;
    std::string_view line;
    std::vector<std::string_view> f;
    while (r.next(line)) {
        splitFields(line, f);
        if (f.empty()) continue;
        long i = parseIndex(r, f[0], "a graph index", 2147483647L);
        if (i < 0 || i >= numGraphs)
            r.fail("graph index " + std::to_string(i) + " is outside 0.." + std::to_string(numGraphs - 1));
        out.push_back(static_cast<int>(i));
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<Split> readSplit(const std::string& folder, int numGraphs) {
    std::string splitDir = folder + "/split";
    if (!isDirectory(splitDir)) return std::nullopt;
    std::vector<std::string> names;
    if (DIR* d = opendir(splitDir.c_str())) {
        while (dirent* e = readdir(d))
            if (e->d_name[0] != '.' && isDirectory(splitDir + "/" + e->d_name)) names.push_back(e->d_name);
        closedir(d);
    }
    if (names.empty()) throw InputError(splitDir, 0, "split folder has no named split inside (expected e.g. split/scaffold/)");
    std::sort(names.begin(), names.end());
    // Prefer the scaffold split, OGB's official one for molecules.
    std::string name = std::find(names.begin(), names.end(), "scaffold") != names.end() ? "scaffold" : names[0];
    std::string base = splitDir + "/" + name + "/";
    auto part = [&](const char* p) { return readSplitPart(plainOrGzipped(base + p), numGraphs); };
    Split s{name, part("train"), part("valid"), part("test")};
    std::vector<int> all;
    for (auto* v : {&s.train, &s.valid, &s.test}) all.insert(all.end(), v->begin(), v->end());
    std::sort(all.begin(), all.end());
    auto dup = std::adjacent_find(all.begin(), all.end());
    if (dup != all.end())
        throw InputError(base, 0, "graph " + std::to_string(*dup) + " appears twice in train/valid/test");
    return s;
}

}  // namespace

Dataset loadOgb(const std::string& folder) {
    const std::string raw = folder + "/raw/";
    auto gzOrPlain = [&](const std::string& stem) { return plainOrGzipped(raw + stem); };
    const std::string nodeFile = gzOrPlain("num-node-list"), edgeCountFile = gzOrPlain("num-edge-list");
    const std::string edgeFile = gzOrPlain("edge"), labelFile = gzOrPlain("graph-label");

    std::vector<long> nodes = readCounts(nodeFile, "node count");
    std::vector<long> edgeCounts = readCounts(edgeCountFile, "edge count");
    {  // before any graph is built: what the declared counts would hold
        double totalNodes = 0, totalEdges = 0;
        for (long n : nodes) totalNodes += double(n);
        for (long m : edgeCounts) totalEdges += double(m);
        checkMemory(nodeFile, std::to_string(nodes.size()) + " graphs with " + std::to_string((long long)totalNodes) + " nodes and " +
                                  std::to_string((long long)totalEdges) + " edges (as declared)",
                    double(nodes.size()) * 256.0 + totalNodes * 48.0 + totalEdges * GraphAssembler::kBytesPerEdge);
    }
    if (edgeCounts.size() != nodes.size())
        throw InputError(edgeCountFile, 0, "expected " + std::to_string(nodes.size()) +
                         " lines (one per graph, as in num-node-list), found " + std::to_string(edgeCounts.size()));
    for (std::size_t g = 0; g < nodes.size(); ++g)
        if (nodes[g] == 0) throw InputError(nodeFile, long(g) + 1, "graph " + std::to_string(g) + " is empty (0 nodes)");

    Dataset ds;
    ds.name = baseName(folder);
    ds.source = folder;
    ds.graphs.reserve(nodes.size());
    {
        LineReader r(edgeFile);
        GraphAssembler as(edgeFile);
        std::string_view line;
        std::vector<std::string_view> f;
        for (std::size_t g = 0; g < nodes.size(); ++g) {
            for (long e = 0; e < edgeCounts[g]; ++e) {
                if (!r.next(line))
                    throw InputError(r.path(), r.lineNumber() + 1, "file ends early: graph " + std::to_string(g) + " needs " + std::to_string(edgeCounts[g]) +
                           " edges (num-edge-list); expected a line 'src,dst'");
                splitFields(line, f);
                if (f.size() != 2) r.fail("expected 'src,dst', found " + std::to_string(f.size()) + " fields");
                long u = parseIndex(r, f[0], "a source node id", 2147483647L), v = parseIndex(r, f[1], "a target node id", 2147483647L);
                if (u < 0 || v < 0 || u >= nodes[g] || v >= nodes[g])
                    r.fail("node id out of range: graph " + std::to_string(g) + " has nodes 0.." +
                           std::to_string(nodes[g] - 1) + ", found " + std::to_string(u) + "," + std::to_string(v));
                as.addEdge(int(u), int(v), r.lineNumber());
            }
            ds.graphs.push_back(as.build(int(nodes[g]), ds.warnings));
        }
        if (r.next(line)) r.fail("more edge lines than the sum of num-edge-list");
        as.finish(ds.warnings);
    }
    if (fileExists(labelFile)) {
        LineReader r(labelFile);
        std::string_view line;
        std::vector<std::string_view> f;
        std::vector<double> values;
        std::size_t tasks = 0, rows = 0;
        while (r.next(line)) {
            splitFields(line, f);
            if (rows == 0) tasks = f.size();
            if (f.size() != tasks || tasks == 0)
                r.fail("expected " + std::to_string(tasks) + " label fields, found " + std::to_string(f.size()));
            for (auto x : f) values.push_back(parseOptionalDouble(r, x, "a label"));
            ++rows;
        }
        if (rows != nodes.size())
            throw InputError(labelFile, 0, "expected " + std::to_string(nodes.size()) + " label lines (one per graph), found " + std::to_string(rows));
        ds.labels = Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
            values.data(), Eigen::Index(rows), Eigen::Index(tasks));
        for (auto& n : readTaskNames(folder, tasks)) ds.tasks.push_back({n, TaskType::Binary});
        inferOgbTaskTypes(ds);
    } else {
        ds.labels.resize(ds.size(), 0);
    }
    ds.split = readSplit(folder, ds.size());
    ds.checkConsistent();
    return ds;
}

}  // namespace px::io
