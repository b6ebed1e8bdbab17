// Graph algorithms the engine needs (GraphAlgorithms.h): components, isomorphism (Boost.Graph), unions, subgraphs,
// blow-ups, degrees.
#include "graph/GraphAlgorithms.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/isomorphism.hpp>

namespace px {

namespace {
using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

BoostGraph toBoost(const Graph& g) {
    BoostGraph b(g.numVertices());
    for (auto [u, v] : g.edges()) boost::add_edge(u, v, b);
    return b;
}

// The triangles through each vertex (pairs of its neighbours that are adjacent). O(Σ deg² log deg).
std::vector<long> trianglesPerVertex(const Graph& g) {
    std::vector<long> t(g.numVertices(), 0);
    for (int u = 0; u < g.numVertices(); ++u)
        for (const int* v = g.neighborsBegin(u); v != g.neighborsEnd(u); ++v)
            for (const int* w = v + 1; w != g.neighborsEnd(u); ++w) t[u] += g.hasEdge(*v, *w) ? 1 : 0;
    return t;
}

// A vertex invariant for Boost's isomorphism test (its default is the degree alone, which leaves the search
// every matching of a regular graph): Boost calls it with a vertex and sizes an array by its maximum.
struct VertexClass {
    using argument_type = std::size_t;
    using result_type = std::size_t;
    const std::vector<std::size_t>* classes;
    std::size_t operator()(std::size_t v) const { return (*classes)[v]; }
};
}  // namespace

std::vector<int> connectedComponents(const Graph& g, int* count) {
    std::vector<int> comp(g.numVertices(), 0);
    int k = 0;
    if (g.numVertices() > 0) {
        BoostGraph b = toBoost(g);
        k = boost::connected_components(b, comp.data());
    }
    if (count) *count = k;
    return comp;
}

int numComponents(const Graph& g) {
    int k = 0;
    connectedComponents(g, &k);
    return k;
}

bool isConnected(const Graph& g) { return g.numVertices() > 0 && numComponents(g) == 1; }

bool isAcyclic(const Graph& g) { return g.numEdges() == g.numVertices() - numComponents(g); }

bool isIsomorphic(const Graph& a, const Graph& b) {
    if (a.numVertices() != b.numVertices() || a.numEdges() != b.numEdges()) return false;
    auto ha = degreeHistogram(a), hb = degreeHistogram(b);
    if (ha != hb) return false;
    const int n = a.numVertices();
    if (n == 0) return true;
    BoostGraph ba = toBoost(a), bb = toBoost(b);
    // Each vertex's class: its degree and the triangles through it, which every isomorphism keeps. Graphs whose
    // classes differ as multisets are not isomorphic; otherwise the search only pairs vertices of one class.
    // (Without it, two regular graphs that 1-WL cannot tell apart took Boost ~1 s, 50 s under ASan.)
    const std::vector<long> ta = trianglesPerVertex(a), tb = trianglesPerVertex(b);
    const long most = std::max(*std::max_element(ta.begin(), ta.end()), *std::max_element(tb.begin(), tb.end()));
    const std::size_t classes = std::size_t(a.maxDegree() + 1) * std::size_t(most + 1);
    if (classes > (std::size_t(1) << 24)) return boost::isomorphism(ba, bb);  // Boost sizes an array by it
    std::vector<std::size_t> ca(n), cb(n);
    for (int v = 0; v < n; ++v) {
        ca[v] = std::size_t(a.degree(v)) * std::size_t(most + 1) + std::size_t(ta[v]);
        cb[v] = std::size_t(b.degree(v)) * std::size_t(most + 1) + std::size_t(tb[v]);
    }
    std::vector<std::size_t> sa = ca, sb = cb;
    std::sort(sa.begin(), sa.end());
    std::sort(sb.begin(), sb.end());
    if (sa != sb) return false;
    std::vector<BoostGraph::vertex_descriptor> mapping(n);
    return boost::isomorphism(ba, bb, boost::make_iterator_property_map(mapping.begin(), boost::get(boost::vertex_index, ba)),
                              VertexClass{&ca}, VertexClass{&cb}, classes, boost::get(boost::vertex_index, ba),
                              boost::get(boost::vertex_index, bb));
}

Graph disjointUnion(const Graph& a, const Graph& b) {
    std::vector<Edge> e = a.edges();
    const int off = a.numVertices();
    for (auto [u, v] : b.edges()) e.push_back({u + off, v + off});
    return Graph::fromEdges(a.numVertices() + b.numVertices(), e);
}

Graph blowUp(const Graph& g, int p) {
    std::vector<Edge> e;
    for (auto [u, v] : g.edges())
        for (int i = 0; i < p; ++i)
            for (int j = 0; j < p; ++j) e.push_back({u * p + i, v * p + j});
    return Graph::fromEdges(g.numVertices() * p, e);
}

std::vector<long> degreeHistogram(const Graph& g) {
    std::vector<long> h(g.maxDegree() + 1, 0);
    for (int v = 0; v < g.numVertices(); ++v) ++h[g.degree(v)];
    return h;
}

Graph inducedSubgraph(const Graph& g, const std::vector<int>& nodes) {
    std::vector<int> position(std::size_t(g.numVertices()), -1);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const int v = nodes[i];
        if (v < 0 || v >= g.numVertices() || position[std::size_t(v)] >= 0)
            throw std::invalid_argument("inducedSubgraph: node ids must be distinct vertices of the graph");
        position[std::size_t(v)] = int(i);
    }
    std::vector<Edge> edges;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        for (const int* u = g.neighborsBegin(nodes[i]); u != g.neighborsEnd(nodes[i]); ++u)
            if (position[std::size_t(*u)] > int(i)) edges.emplace_back(int(i), position[std::size_t(*u)]);
    return Graph::fromEdges(int(nodes.size()), edges);
}

}  // namespace px
