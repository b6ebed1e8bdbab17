#pragma once
// Simple undirected graph in compressed-sparse-row form: vertices 0..n-1, every edge stored in
// both directions, neighbour lists sorted ascending. Immutable after construction.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace px {

using Edge = std::pair<int, int>;

// What Graph::fromEdges dropped from its input (it never keeps self loops or duplicate edges).
struct EdgeCleanup {
    std::vector<std::size_t> selfLoops;   // positions in the input edge list that were self loops
    std::vector<std::size_t> duplicates;  // positions that repeated an earlier edge (either direction)
    bool clean() const { return selfLoops.empty() && duplicates.empty(); }
};

class Graph {
public:
    Graph() = default;

    // Builds a graph on n vertices from an undirected edge list. Self loops and repeated edges are
    // dropped and, if `cleanup` is given, their positions are recorded there. Throws
    // std::invalid_argument for an endpoint outside [0, n).
    static Graph fromEdges(int n, const std::vector<Edge>& edges, EdgeCleanup* cleanup = nullptr);
    // Takes CSR arrays that are already a simple undirected graph (offsets of size n + 1, each
    // neighbour list strictly ascending, no self loop, every edge listed from both ends). Checks all
    // of that in linear time and throws std::invalid_argument naming the first vertex that breaks it.
    static Graph fromCsr(std::vector<int> offsets, std::vector<int> adjacency);

    int numVertices() const { return n_; }
    long numEdges() const { return static_cast<long>(adj_.size() / 2); }
    int degree(int v) const { return off_[v + 1] - off_[v]; }
    int maxDegree() const { return maxDegree_; }
    const int* neighborsBegin(int v) const { return adj_.data() + off_[v]; }
    const int* neighborsEnd(int v) const { return adj_.data() + off_[v + 1]; }
    bool hasEdge(int u, int v) const;  // O(log deg(u))

    // CSR arrays: neighbours of v are adjacency()[offsets()[v] .. offsets()[v+1]).
    const std::vector<int>& offsets() const { return off_; }
    const std::vector<int>& adjacency() const { return adj_; }
    // Each edge once, as (u, v) with u < v, sorted.
    std::vector<Edge> edges() const;

    bool operator==(const Graph& o) const { return n_ == o.n_ && off_ == o.off_ && adj_ == o.adj_; }
    bool operator!=(const Graph& o) const { return !(*this == o); }

private:
    int n_ = 0;
    int maxDegree_ = 0;
    std::vector<int> off_{0};
    std::vector<int> adj_;
};

}  // namespace px
