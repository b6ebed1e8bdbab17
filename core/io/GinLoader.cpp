// DGCNN/GIN text format (Zhang, Cui, Neumann & Chen, AAAI 2018; Xu, Hu, Leskovec & Jegelka,
// ICLR 2019), the form in which REDDIT-BINARY and COLLAB circulate with their 10-fold indices.
// The file is read whole (gzip or plain); a quick pass finds where each graph starts, and the graphs are then
// parsed in parallel with TextScanner, their neighbour lists becoming CSR arrays directly (COLLAB: 84 MB of text,
// 12.3 M edges). Where anything is amiss, the file is read again graph by graph, which names the first problem.
#include "io/LabelTypes.h"
#include "io/LineReader.h"
#include "io/Loaders.h"
#include "io/TextScanner.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <dirent.h>
#include <map>
#include <set>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace px::io {

namespace {

// Reports at most kMaxListed problems of a file by line; counts the rest in one summary line.
class Reporter {
public:
    static constexpr int kMaxListed = 20;
    Reporter(const std::string& file, std::vector<std::string>& out) : file_(file), out_(out) {}
    void add(long line, const std::string& what) {
        if (listed_ < kMaxListed) { out_.push_back(printablePath(file_) + ":" + std::to_string(line) + ": " + what); ++listed_; }
        else ++unlisted_;
    }
    void finish() {
        if (unlisted_ > 0) out_.push_back(printablePath(file_) + ": " + std::to_string(unlisted_) + " more problems of the same kinds");
    }

private:
    const std::string& file_;
    std::vector<std::string>& out_;
    int listed_ = 0;
    long unlisted_ = 0;
};

// Turns one graph's raw neighbour lists into a Graph: sorts each list, drops self loops and repeated
// neighbours, and checks that every edge is listed from both ends (keeping one-sided ones).
using Problems = std::vector<std::pair<long, std::string>>;  // (line, what), in file order

Graph assemble(std::vector<int>& off, std::vector<int>& adj, long firstNodeLine, int graphNo, Problems& report) {
    const int n = int(off.size()) - 1;
    std::vector<int> cleanOff(n + 1, 0), clean;
    clean.reserve(adj.size());
    for (int u = 0; u < n; ++u) {
        int* b = adj.data() + off[u];
        int* e = adj.data() + off[u + 1];
        if (!std::is_sorted(b, e)) std::sort(b, e);
        for (int* q = b; q != e; ++q) {
            const long line = firstNodeLine + u;
            if (*q == u) { report.emplace_back(line, "self loop " + std::to_string(u) + "-" + std::to_string(u) + " of graph " + std::to_string(graphNo) + " dropped"); continue; }
            if (q != b && *q == q[-1]) { report.emplace_back(line, "neighbour " + std::to_string(*q) + " listed twice in graph " + std::to_string(graphNo) + "; kept once"); continue; }
            clean.push_back(*q);
        }
        cleanOff[u + 1] = int(clean.size());
    }
    // One merge finds every edge listed from one end only (see Graph::fromCsr).
    std::vector<int> cursor(cleanOff.begin(), cleanOff.end() - 1);
    std::vector<Edge> oneSided;
    for (int u = 0; u < n; ++u)
        for (int k = cleanOff[u]; k < cleanOff[u + 1]; ++k) {
            const int v = clean[k];
            if (v < u) continue;
            while (cursor[v] < cleanOff[v + 1] && clean[cursor[v]] < u) {
                oneSided.push_back({v, clean[cursor[v]]});  // v lists a smaller vertex that does not list v
                ++cursor[v];
            }
            if (cursor[v] < cleanOff[v + 1] && clean[cursor[v]] == u) ++cursor[v];
            else oneSided.push_back({u, v});                 // u lists v, v does not list u
        }
    for (int v = 0; v < n; ++v)
        for (; cursor[v] < cleanOff[v + 1] && clean[cursor[v]] < v; ++cursor[v]) oneSided.push_back({v, clean[cursor[v]]});
    if (oneSided.empty()) return Graph::fromCsr(std::move(cleanOff), std::move(clean));
    for (auto [a, b] : oneSided)
        report.emplace_back(firstNodeLine + a, "node " + std::to_string(a) + " of graph " + std::to_string(graphNo) + " lists " +
                                          std::to_string(b) + ", but node " + std::to_string(b) + " does not list " +
                                          std::to_string(a) + " (adjacency not symmetric); kept as an undirected edge");
    std::vector<Edge> edges;
    for (int u = 0; u < n; ++u)
        for (int k = cleanOff[u]; k < cleanOff[u + 1]; ++k) edges.push_back({u, clean[k]});
    return Graph::fromEdges(n, edges);  // the union; each listed-twice edge is merged silently
}

std::string ginFileIn(const std::string& folder) {
    std::vector<std::string> found;
    if (DIR* d = opendir(folder.c_str())) {
        while (dirent* e = readdir(d)) {
            const std::string n = e->d_name;
            if ((endsWith(n, ".txt") || endsWith(n, ".txt.gz")) && looksLikeGin(folder + "/" + n)) found.push_back(n);
        }
        closedir(d);
    }
    if (found.size() != 1)
        throw InputError(folder, 0, found.empty() ? "no file in the DGCNN/GIN text format found (expected NAME.txt or NAME.txt.gz)"
                                                  : "several files in the DGCNN/GIN text format found; expected one");
    return folder + "/" + found[0];
}

std::vector<int> readIndexFile(const std::string& file, int graphs) {
    const std::string text = readWholeFile(file, std::uint64_t(1) << 30);
    TextScanner sc(file, text);
    std::vector<int> ids;
    std::vector<bool> seen(graphs, false);
    while (!sc.atEnd()) {
        const int i = int(sc.readCount("a 0-based graph index", graphs - 1));
        if (seen[i]) sc.fail("graph index " + std::to_string(i) + " listed twice");
        seen[i] = true;
        ids.push_back(i);
        sc.endLine("after the graph index (expected one index per line)");
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

void readFolds(const std::string& folder, Dataset& ds) {
    const std::string dir = folder + "/10fold_idx";
    if (!isDirectory(dir)) return;
    std::vector<int> timesTested(ds.size(), 0);
    for (int k = 1;; ++k) {
        const std::string tr = dir + "/train_idx-" + std::to_string(k) + ".txt", te = dir + "/test_idx-" + std::to_string(k) + ".txt";
        if (!fileExists(tr) && !fileExists(te)) break;
        if (!fileExists(tr) || !fileExists(te)) throw InputError(fileExists(tr) ? te : tr, 0, "missing: fold " + std::to_string(k) + " needs both train_idx and test_idx files");
        Split fold;
        fold.name = "fold " + std::to_string(k);
        fold.train = readIndexFile(tr, ds.size());
        fold.test = readIndexFile(te, ds.size());
        std::vector<int> both;
        std::set_intersection(fold.train.begin(), fold.train.end(), fold.test.begin(), fold.test.end(), std::back_inserter(both));
        if (!both.empty()) throw InputError(te, 0, "graph " + std::to_string(both[0]) + " is in both the training and the test part of fold " + std::to_string(k));
        if (fold.test.empty()) throw InputError(te, 0, "empty test fold");
        for (int i : fold.test) ++timesTested[i];
        ds.folds.push_back(std::move(fold));
    }
    if (ds.folds.empty()) return;
    const long partition = std::count(timesTested.begin(), timesTested.end(), 1);
    ds.notes.push_back(std::to_string(ds.folds.size()) + " folds read from " + printablePath(dir) +
                       (partition == ds.size() ? " (the test folds partition the graphs)" : ""));
    if (partition != ds.size())
        ds.warnings.push_back(printablePath(dir) + ": the test folds do not partition the graphs (" + std::to_string(ds.size() - partition) +
                              " graphs are tested never or more than once)");
}

// One graph of the file as read: its class label, node tags, attribute count per node line and the assembled
// graph, with the problems assemble() found (replayed into the file's report in file order).
struct GraphBlock {
    double label = 0;
    std::vector<long> tags;
    int attributes = -1;
    Graph graph;
    Problems problems;
};

// Graph g (1-based) of N at the scanner: 'n label', then n node lines 'tag m neighbours... [attributes]'.
// `attributes`: the node lines' attribute count so far (-1: none read yet), kept equal on every line.
GraphBlock readGraph(TextScanner& sc, long g, long N, int& attributes, std::vector<int>& off, std::vector<int>& adj) {
    GraphBlock b;
    const std::string which = "graph " + std::to_string(g);
    if (sc.atEnd()) sc.fail("the file ends after " + std::to_string(g - 1) + " graphs; line 1 declares " + std::to_string(N));
    const long n = sc.readCount(("the node count of " + which).c_str());
    b.label = double(sc.readSigned(("the class label of " + which).c_str()));
    if (n == 0) sc.fail(which + " has no nodes");
    if (std::size_t(n) > sc.remainingBytes() / 4)
        sc.fail(which + " declares " + std::to_string(n) + " nodes, but only " + std::to_string(sc.remainingBytes()) + " bytes follow");
    sc.endLine(("after 'n label' of " + which).c_str());
    const long firstNodeLine = sc.line();
    const std::string neighbourWhat = "a neighbour id of " + which + " (0-based)";  // built once: used per neighbour
    off.assign(std::size_t(n) + 1, 0);
    adj.clear();
    b.tags.reserve(std::size_t(n));
    for (long u = 0; u < n; ++u) {
        if (!sc.moreOnLine())
            sc.fail("expected the line of node " + std::to_string(u) + " of " + which + " ('tag m neighbours...'; " +
                    std::to_string(n) + " node lines follow the header), found " + (sc.remainingBytes() ? "an empty line" : "the end of the file"));
        b.tags.push_back(sc.readCount("a node tag"));
        const long m = sc.readCount("the neighbour count", n);
        for (long k = 0; k < m; ++k) {
            if (!sc.moreOnLine())
                sc.fail("node " + std::to_string(u) + " of " + which + " declares " + std::to_string(m) + " neighbours, but the line lists " + std::to_string(k));
            adj.push_back(int(sc.readCount(neighbourWhat.c_str(), n - 1)));
        }
        int extra = 0;
        while (sc.moreOnLine()) { sc.readFinite("a node attribute"); ++extra; }
        if (attributes < 0) attributes = extra;
        else if (extra != attributes)
            sc.fail("expected " + std::to_string(m) + " neighbour ids then " + std::to_string(attributes) +
                    " node attributes (as on the first node line), found " + std::to_string(extra) + " fields after the neighbours");
        sc.endLine("");
        off[std::size_t(u) + 1] = int(adj.size());
    }
    b.attributes = attributes;
    b.graph = assemble(off, adj, firstNodeLine, int(g), b.problems);
    return b;
}

std::vector<GraphBlock> readGraphs(TextScanner& sc, long N) {
    std::vector<GraphBlock> blocks;
    blocks.reserve(std::size_t(N));
    int attributes = -1;
    std::vector<int> off, adj;
    for (long g = 1; g <= N; ++g) blocks.push_back(readGraph(sc, g, N, attributes, off, adj));
    if (!sc.atEnd()) sc.fail("unexpected content after the " + std::to_string(N) + " graphs that line 1 declares");
    return blocks;
}

// Where each graph starts (its header line, after blank lines) if the file is as line 1 declares: one quick pass
// that reads the node counts and skips that many lines. Empty where it is not (the one-by-one reader names why).
std::vector<TextScanner> findGraphs(const TextScanner& sc, long N) {
    std::vector<TextScanner> found;
    const char *p = sc.position(), *end = sc.end();
    long line = sc.line();
    for (long g = 0; g < N; ++g) {
        for (;;) {  // blank lines between graphs, as TextScanner::atEnd() skips them
            while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) ++p;
            if (p == end) return {};
            if (*p != '\n') break;
            ++p;
            ++line;
        }
        found.emplace_back(sc.file(), p, end, line);
        long n = 0;
        for (int digits = 0; p < end && unsigned(*p - '0') < 10u; ++p)
            if (++digits > 9) return {};
            else n = n * 10 + (*p - '0');
        for (long k = 0; k <= n; ++k) {  // the header line and n node lines
            const char* nl = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)));
            if (!nl && k < n) return {};
            p = nl ? nl + 1 : end;
            ++line;
        }
    }
    for (long g = 0; g + 1 < N; ++g) found[g].endAt(found[g + 1].position());  // each scanner reads its own graph
    return found;
}

// The graphs read in parallel, each from its own part of the text: the same blocks as readGraphs, or none at the
// first problem of any kind (the one-by-one reader then stops at the first in file order and names it).
std::vector<GraphBlock> readGraphsInParallel(const TextScanner& sc, long N) {
    std::vector<TextScanner> parts = findGraphs(sc, N);
    if (parts.empty()) return {};
    std::vector<GraphBlock> blocks(static_cast<std::size_t>(N));
    std::atomic<bool> failed{false};
    tbb::parallel_for(tbb::blocked_range<long>(0, N), [&](const tbb::blocked_range<long>& r) {
        std::vector<int> off, adj;
        for (long g = r.begin(); g < r.end() && !failed; ++g) try {
                int attributes = -1;  // each graph consistent here, all equal checked below
                blocks[std::size_t(g)] = readGraph(parts[std::size_t(g)], g + 1, N, attributes, off, adj);
                if (!parts[std::size_t(g)].atEnd()) failed = true;
            } catch (const InputError&) {
                failed = true;
            }
    });
    for (const GraphBlock& b : blocks)
        if (failed || b.attributes != blocks.front().attributes) return {};
    return blocks;
}

}  // namespace

bool looksLikeGin(const std::string& file) {
    // Lexical only, so that a GIN file with a bad value still reaches the GIN parser and its precise
    // error: line 1 is one run of digits (the graph count), line 2 two fields of which the first is digits.
    try {
        LineReader r(file);
        std::string_view first, second;
        if (!r.next(first)) return false;
        const std::string one(first);
        if (!r.next(second)) return false;
        std::vector<std::string_view> f;
        splitFields(second, f);
        auto digits = [](std::string_view t) { return !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos; };
        std::vector<std::string_view> f1;
        splitFields(one, f1);
        return f1.size() == 1 && digits(f1[0]) && f.size() == 2 && digits(f[0]);
    } catch (const InputError&) {
        return false;
    }
}

Dataset loadGin(const std::string& path, int threads) {
    const std::string file = isDirectory(path) ? ginFileIn(path) : path;
    const std::string text = readWholeFile(file);
    TextScanner sc(file, text);
    Dataset ds;
    ds.source = path;
    ds.name = baseName(file);
    for (const char* ext : {".gz", ".txt"})
        if (endsWith(ds.name, ext)) ds.name.resize(ds.name.size() - std::string(ext).size());

    if (sc.atEnd()) sc.fail("file is empty; expected the number of graphs on line 1");
    const long N = sc.readCount("the number of graphs");
    if (N == 0) sc.fail("the file declares 0 graphs");
    // Every graph needs at least a header line of 4 bytes ("1 0\n"): refuse impossible counts before allocating.
    if (std::size_t(N) > sc.remainingBytes() / 4)
        sc.fail("the file declares " + std::to_string(N) + " graphs, but only " + std::to_string(sc.remainingBytes()) + " bytes follow");
    sc.endLine("after the number of graphs (line 1 holds one count)");

    std::vector<GraphBlock> blocks = threads != 1 && N >= 64 ? readGraphsInParallel(sc, N) : std::vector<GraphBlock>{};
    if (blocks.empty()) blocks = readGraphs(sc, N);  // one by one (and where the parallel pass met a problem: it names it)
    Reporter report(file, ds.warnings);
    std::vector<double> rawLabels;
    std::map<long, long> tagCounts;
    std::vector<long> tags;
    const int attributes = blocks.front().attributes;
    ds.graphs.reserve(std::size_t(N));
    for (GraphBlock& b : blocks) {
        for (const auto& [line, what] : b.problems) report.add(line, what);
        rawLabels.push_back(b.label);
        for (long t : b.tags) tagCounts[t]++;
        tags.insert(tags.end(), b.tags.begin(), b.tags.end());
        ds.graphs.push_back(std::move(b.graph));
    }
    report.finish();

    ds.labels = Eigen::Map<Eigen::VectorXd>(rawLabels.data(), Eigen::Index(rawLabels.size()));
    ds.tasks.push_back({"class", TaskType::Binary});
    const std::vector<double> classes = encodeClasses(ds, 0);
    bool identity = true;
    std::string mapping;
    for (std::size_t c = 0; c < classes.size(); ++c) {
        identity = identity && classes[c] == double(c);
        mapping += (c ? ", " : "") + std::to_string(long(classes[c])) + " → " + std::to_string(c);
    }
    ds.notes.push_back(identity ? "class labels 0.." + std::to_string(classes.size() - 1) + " used as they are"
                                : "class labels remapped: " + mapping);
    if (tagCounts.size() == 1) ds.notes.push_back("node tags: all " + std::to_string(tagCounts.begin()->first) + " (featureless)");
    else setNodeLabels(ds, tags);
    if (attributes > 0) ds.notes.push_back(std::to_string(attributes) + " node attributes per node (read, checked, not used)");
    const std::size_t slash = file.find_last_of('/');
    readFolds(slash == std::string::npos ? std::string(".") : file.substr(0, slash), ds);
    ds.checkConsistent();
    return ds;
}

}  // namespace px::io
