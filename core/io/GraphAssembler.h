#pragma once
// Collects the edges of one graph together with the file line each came from, then builds the
// Graph and turns dropped self loops and duplicates into warnings that name those lines.
#include "graph/Graph.h"

#include <string>
#include <vector>

namespace px::io {

class GraphAssembler {
public:
    // At most this many individual warnings per file; the rest are counted in one summary line.
    static constexpr std::size_t kMaxListed = 20;

    void addEdge(int u, int v, long line) {
        edges_.push_back({u, v});
        lines_.push_back(line);
    }
    // Builds the graph on n vertices and clears the collected edges.
    Graph build(int n, const std::string& file, std::vector<std::string>& warnings);
    // Adds the "... and K more" summary for the file once all graphs are built.
    void finish(const std::string& file, std::vector<std::string>& warnings);

private:
    std::vector<Edge> edges_;
    std::vector<long> lines_;
    std::size_t listed_ = 0, unlisted_ = 0;
};

}  // namespace px::io
