// Reader of the LINQS citation-graph format: Cora, Citeseer (LinqsLoader.h).
#include "io/LinqsLoader.h"

#include "common/Error.h"
#include "common/RegularFile.h"
#include "io/LineReader.h"

#include <cerrno>
#include <limits>
#include <cmath>
#include <filesystem>
#include <map>
#include <sys/stat.h>
#include <unordered_map>

namespace fs = std::filesystem;

namespace px::io {
namespace {

void splitWhitespace(std::string_view line, std::vector<std::string_view>& out) {
    out.clear();
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t b = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > b) out.push_back(line.substr(b, i - b));
    }
}

std::string contentFileOf(const std::string& path) {
    if (path.empty()) throw InputError("", 0, "no node data given: expected a LINQS folder (NAME.content, NAME.cites) or builtin:NAME");
    // stat(2), not std::filesystem: its status() throws a bare filesystem_error on a symbolic link loop
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) throw InputError(path, 0, pathErrorText(errno));  // a loop is not a missing file
    if (S_ISREG(st.st_mode)) return path;
    if (!S_ISDIR(st.st_mode)) throw InputError(path, 0, "expected a LINQS folder or its .content file (found a pipe, socket or device)");
    std::vector<std::string> found;
    for (const auto& e : fs::directory_iterator(path))
        if (e.path().extension() == ".content") found.push_back(e.path().string());
    if (found.size() != 1)
        throw InputError(path, 0, "expected exactly one *.content file (LINQS format), found " +
                                      std::to_string(found.size()));
    return found.front();
}

}  // namespace

NodeDataset loadLinqs(const std::string& path) {
    const std::string content = contentFileOf(path);
    const std::string cites = fs::path(content).replace_extension(".cites").string();
    if (struct stat st; ::stat(cites.c_str(), &st) != 0)
        throw InputError(cites, 0, errno == ENOENT ? "missing citation file next to " + printablePath(content) : pathErrorText(errno));

    NodeDataset ds;
    ds.name = fs::path(content).stem().string();
    std::unordered_map<std::string, int> index;
    std::map<std::string, int> classIndex;
    std::vector<std::string> nodeClass;
    std::vector<std::vector<float>> rows;
    std::vector<std::string_view> f;
    LineReader r(content);
    std::string_view line;
    std::size_t width = 0;
    while (r.next(line)) {
        splitWhitespace(line, f);
        if (f.empty()) continue;
        if (f.size() < 3) r.fail("expected 'id <feature values> class', found " + std::to_string(f.size()) + " fields");
        if (width == 0) width = f.size();
        if (f.size() != width)
            r.fail("expected " + std::to_string(width) + " fields like the first line, found " + std::to_string(f.size()));
        std::string id(f.front());
        if (!index.emplace(id, int(rows.size())).second) r.fail("node id '" + id + "' appears twice");
        std::vector<float> row(width - 2);
        for (std::size_t j = 1; j + 1 < width; ++j) {
            const double v = parseDouble(r, f[j], "a feature value");
            if (std::abs(v) > double(std::numeric_limits<float>::max()))  // features are stored as float
                r.fail("feature value " + std::string(f[j]) + " does not fit a float (|x| ≤ 3.4e38)");
            row[j - 1] = float(v);
        }
        rows.push_back(std::move(row));
        nodeClass.emplace_back(f.back());
        classIndex.emplace(std::string(f.back()), 0);
    }
    if (rows.empty()) throw InputError(content, 0, "no nodes");
    int c = 0;
    for (auto& [name, idx] : classIndex) { idx = c++; ds.classNames.push_back(name); }
    const int n = int(rows.size());
    ds.features.resize(n, long(width - 2));
    ds.labels.resize(n);
    for (int v = 0; v < n; ++v) {
        for (std::size_t j = 0; j + 2 < width; ++j) ds.features(v, long(j)) = rows[v][j];
        ds.labels[v] = classIndex[nodeClass[v]];
    }

    std::vector<Edge> edges;
    long unknown = 0, firstUnknownLine = 0;
    LineReader rc(cites);
    while (rc.next(line)) {
        splitWhitespace(line, f);
        if (f.empty()) continue;
        if (f.size() != 2) rc.fail("expected 'cited citing', found " + std::to_string(f.size()) + " fields");
        auto a = index.find(std::string(f[0])), b = index.find(std::string(f[1]));
        if (a == index.end() || b == index.end()) {
            if (unknown++ == 0) firstUnknownLine = rc.lineNumber();
            continue;
        }
        edges.emplace_back(a->second, b->second);
    }
    EdgeCleanup cleanup;
    ds.graph = Graph::fromEdges(n, edges, &cleanup);
    if (unknown)
        ds.warnings.push_back(printablePath(cites) + ": " + std::to_string(unknown) + " citations of ids not in " + printablePath(content) +
                              " dropped (first at line " + std::to_string(firstUnknownLine) + ")");
    if (!cleanup.selfLoops.empty())
        ds.warnings.push_back(printablePath(cites) + ": " + std::to_string(cleanup.selfLoops.size()) + " self citations dropped");
    if (!cleanup.duplicates.empty())
        ds.warnings.push_back(printablePath(cites) + ": " + std::to_string(cleanup.duplicates.size()) +
                              " repeated pairs (either direction) dropped");
    return ds;
}

}  // namespace px::io
