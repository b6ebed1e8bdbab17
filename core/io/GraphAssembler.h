#pragma once
// Collects the edges of one graph, dropping self loops and repeated edges *as they are read* (so a
// file repeating one edge millions of times holds one copy), with a warning naming each dropped
// line (the first few, then a count). The edges held over the whole file are checked against the
// memory limit as they grow.
#include "graph/Graph.h"

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

namespace px::io {

class GraphAssembler {
public:
    // At most this many individual warnings per file; the rest are counted in one summary line.
    static constexpr std::size_t kMaxListed = 20;

    explicit GraphAssembler(std::string file) : file_(std::move(file)) {}
    void addEdge(int u, int v, long line);
    // A repeat the caller recognised itself (the TU format lists both directions of every edge).
    void dropDuplicate(int u, int v, long line) { note("duplicate edge", u, v, line); }
    // Builds the graph on n vertices, appends the warnings so far, and starts the next graph.
    Graph build(int n, std::vector<std::string>& warnings);
    // Adds the "... and K more" summary for the file once all graphs are built.
    void finish(std::vector<std::string>& warnings);

    // Bytes per held edge (the edge, its hash-set entry, the graph's adjacency), for memory estimates.
    static constexpr double kBytesPerEdge = 64;

private:
    void note(const char* what, int u, int v, long line);
    std::string file_;
    std::vector<Edge> edges_;
    std::unordered_set<std::uint64_t> seen_;  // the current graph's edges, as min · 2³² + max
    std::vector<std::pair<long, std::string>> pending_;  // (line, warning) not yet handed to build()
    std::size_t listed_ = 0, unlisted_ = 0;
    long long held_ = 0;                      // edges held over the whole file
};

}  // namespace px::io
