// Simple undirected graphs in CSR form (Graph.h): construction, edge queries, degrees.
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

Graph Graph::fromCsr(std::vector<int> off, std::vector<int> adj) {
    if (off.empty() || off.front() != 0 || std::size_t(off.back()) != adj.size())
        throw std::invalid_argument("CSR offsets must start at 0 and end at the adjacency size");
    const int n = int(off.size()) - 1;
    auto bad = [](int v, const std::string& what) {
        throw std::invalid_argument("vertex " + std::to_string(v) + ": " + what);
    };
    int maxDegree = 0;
    for (int v = 0; v < n; ++v) {
        if (off[v + 1] < off[v]) bad(v, "offsets decrease");
        maxDegree = std::max(maxDegree, off[v + 1] - off[v]);
        for (int k = off[v]; k < off[v + 1]; ++k) {
            const int u = adj[k];
            if (u < 0 || u >= n) bad(v, "neighbour " + std::to_string(u) + " out of range");
            if (u == v) bad(v, "self loop");
            if (k > off[v] && adj[k - 1] >= u) bad(v, "neighbour list not strictly ascending");
        }
    }
    // Symmetry by one merge: visiting u in ascending order, the entries below v of v's list must
    // meet exactly the u < v that list v, in order.
    std::vector<int> cursor(off.begin(), off.end() - 1);
    for (int u = 0; u < n; ++u)
        for (int k = off[u]; k < off[u + 1]; ++k) {
            const int v = adj[k];
            if (v < u) continue;
            if (cursor[v] >= off[v + 1] || adj[cursor[v]] != u)
                bad(u, "edge to " + std::to_string(v) + " is not listed from both ends");
            ++cursor[v];
        }
    for (int v = 0; v < n; ++v)
        if (cursor[v] < off[v + 1] && adj[cursor[v]] < v)
            bad(v, "edge to " + std::to_string(adj[cursor[v]]) + " is not listed from both ends");
    Graph g;
    g.n_ = n;
    g.off_ = std::move(off);
    g.adj_ = std::move(adj);
    g.maxDegree_ = maxDegree;
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
