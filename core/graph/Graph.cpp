#include "graph/Graph.h"

#include <algorithm>
#include <stdexcept>

namespace px {

Graph Graph::fromEdges(int n, const std::vector<Edge>& edges, EdgeCleanup* cleanup) {
    if (n < 0) throw std::invalid_argument("negative vertex count " + std::to_string(n));
    // Normalise every edge to (min, max) with its input position, then sort to find repeats.
    std::vector<std::pair<Edge, std::size_t>> norm;
    norm.reserve(edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) {
        auto [u, v] = edges[i];
        if (u < 0 || v < 0 || u >= n || v >= n)
            throw std::invalid_argument("edge (" + std::to_string(u) + ", " + std::to_string(v) +
                                        ") has an endpoint outside 0.." + std::to_string(n - 1));
        if (u == v) {
            if (cleanup) cleanup->selfLoops.push_back(i);
            continue;
        }
        norm.push_back({{std::min(u, v), std::max(u, v)}, i});
    }
    std::sort(norm.begin(), norm.end());
    std::vector<Edge> unique;
    unique.reserve(norm.size());
    for (std::size_t i = 0; i < norm.size(); ++i) {
        if (i > 0 && norm[i].first == norm[i - 1].first) {
            if (cleanup) cleanup->duplicates.push_back(norm[i].second);
            continue;
        }
        unique.push_back(norm[i].first);
    }
    if (cleanup) {
        std::sort(cleanup->selfLoops.begin(), cleanup->selfLoops.end());
        std::sort(cleanup->duplicates.begin(), cleanup->duplicates.end());
    }

    Graph g;
    g.n_ = n;
    g.off_.assign(n + 1, 0);
    for (auto [u, v] : unique) { ++g.off_[u + 1]; ++g.off_[v + 1]; }
    for (int v = 0; v < n; ++v) g.off_[v + 1] += g.off_[v];
    g.adj_.resize(unique.size() * 2);
    std::vector<int> pos(g.off_.begin(), g.off_.end() - 1);
    for (auto [u, v] : unique) { g.adj_[pos[u]++] = v; g.adj_[pos[v]++] = u; }
    for (int v = 0; v < n; ++v) {
        std::sort(g.adj_.begin() + g.off_[v], g.adj_.begin() + g.off_[v + 1]);
        g.maxDegree_ = std::max(g.maxDegree_, g.degree(v));
    }
    return g;
}

bool Graph::hasEdge(int u, int v) const {
    return std::binary_search(neighborsBegin(u), neighborsEnd(u), v);
}

std::vector<Edge> Graph::edges() const {
    std::vector<Edge> out;
    out.reserve(adj_.size() / 2);
    for (int u = 0; u < n_; ++u)
        for (const int* p = neighborsBegin(u); p != neighborsEnd(u); ++p)
            if (u < *p) out.push_back({u, *p});
    return out;
}

}  // namespace px
