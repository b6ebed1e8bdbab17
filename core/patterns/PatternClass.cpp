// The pattern classes of docs/mathematics.md §2 and their membership tests (PatternClass.h).
#include "patterns/PatternClass.h"

#include "graph/GraphAlgorithms.h"
#include "patterns/TreeDecomposition.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/biconnected_components.hpp>
#include <functional>
#include <map>
#include <stdexcept>

namespace px {

namespace {
bool forestAfterRemoving(const Graph& f, std::uint32_t removed) {
    std::vector<Edge> e;
    for (auto [u, v] : f.edges())
        if (!((removed >> u) & 1) && !((removed >> v) & 1)) e.push_back({u, v});
    return isAcyclic(Graph::fromEdges(f.numVertices(), e));
}
}  // namespace

bool isForestPlusK(const Graph& f, int k) {
    const int m = f.numVertices();
    if (m > 30) throw std::invalid_argument("forest-plus-k test is limited to 30 vertices");
    // Enumerate subsets of size ≤ k in increasing size.
    std::function<bool(int, int, std::uint32_t)> rec = [&](int start, int left, std::uint32_t mask) {
        if (forestAfterRemoving(f, mask)) return true;
        if (left == 0) return false;
        for (int v = start; v < m; ++v)
            if (rec(v + 1, left - 1, mask | (1u << v))) return true;
        return false;
    };
    return rec(0, k, 0);
}

bool isFanCactus(const Graph& f, int r) {
    using BG = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                     boost::property<boost::edge_index_t, std::size_t>>;
    auto edges = f.edges();
    BG bg(f.numVertices());
    for (std::size_t i = 0; i < edges.size(); ++i) boost::add_edge(edges[i].first, edges[i].second, i, bg);
    std::vector<std::size_t> comp(edges.size());
    auto idx = boost::get(boost::edge_index, bg);
    std::size_t blocks = boost::biconnected_components(
        bg, boost::make_iterator_property_map(comp.begin(), idx));
    std::vector<std::vector<Edge>> blockEdges(blocks);
    for (auto [it, end] = boost::edges(bg); it != end; ++it)
        blockEdges[comp[idx[*it]]].push_back({int(boost::source(*it, bg)), int(boost::target(*it, bg))});
    for (const auto& be : blockEdges) {
        if (be.size() == 1) continue;  // a bridge
        std::map<int, int> deg;
        for (auto [u, v] : be) { ++deg[u]; ++deg[v]; }
        const int nb = int(deg.size());
        const bool isCycle = std::all_of(deg.begin(), deg.end(), [](auto& p) { return p.second == 2; }) &&
                             int(be.size()) == nb;
        if (isCycle && nb <= r + 2) continue;
        // Fan: hub of degree nb−1, and the rest a path (nb−2 edges, degrees ≤ 2 in the rest, connected
        // because the block is biconnected and the path count of edges equals vertices − 1).
        bool fan = false;
        if (int(be.size()) == 2 * nb - 3 && nb - 1 <= r + 1) {
            for (auto [hub, d] : deg) {
                if (d != nb - 1) continue;
                std::map<int, int> rest;
                int restEdges = 0;
                for (auto [u, v] : be)
                    if (u != hub && v != hub) { ++rest[u]; ++rest[v]; ++restEdges; }
                bool pathLike = restEdges == nb - 2 &&
                                std::all_of(rest.begin(), rest.end(), [](auto& p) { return p.second <= 2; });
                if (pathLike) { fan = true; break; }
            }
        }
        if (!fan) return false;
    }
    return true;
}

bool PatternClass::contains(const Graph& f) const {
    switch (kind) {
        case PatternClassKind::Trees: return isAcyclic(f);
        case PatternClassKind::AllTrees: return isAcyclic(f) && f.numVertices() <= param;
        case PatternClassKind::FanCactus: return isFanCactus(f, param);
        case PatternClassKind::SubgraphK: return isForestPlusK(f, param);
        case PatternClassKind::TreewidthK: {
            if (decompositionFromOrder(f, minDegreeOrder(f)).width() <= param) return true;
            return exactTreewidth(f) <= param;
        }
    }
    return false;
}

long PatternClass::maxEdges(int m) const {
    if (m <= 1) return 0;
    const long complete = long(m) * (m - 1) / 2;
    long bound = 0;
    switch (kind) {
        case PatternClassKind::Trees:
        case PatternClassKind::AllTrees: bound = m - 1; break;
        case PatternClassKind::FanCactus: bound = param == 0 ? m - 1 : 2L * m - 3; break;
        case PatternClassKind::SubgraphK: {
            const long k = param;
            bound = m <= k + 1 ? complete : long(m) * (k + 1) - 1 - (k * k + 3 * k) / 2;
            break;
        }
        case PatternClassKind::TreewidthK: {
            const long k = param;
            bound = m <= k ? complete : k * m - k * (k + 1) / 2;
            break;
        }
    }
    return std::min(bound, complete);
}

int PatternClass::treewidthBound() const {
    switch (kind) {
        case PatternClassKind::Trees:
        case PatternClassKind::AllTrees: return 1;
        case PatternClassKind::FanCactus: return param == 0 ? 1 : 2;
        case PatternClassKind::SubgraphK: return param + 1;
        case PatternClassKind::TreewidthK: return param;
    }
    return 1;
}

std::string PatternClass::name() const {
    switch (kind) {
        case PatternClassKind::Trees: return "trees";
        case PatternClassKind::FanCactus: return "fan-cactus(r=" + std::to_string(param) + ")";
        case PatternClassKind::SubgraphK: return "subgraph(k=" + std::to_string(param) + ")";
        case PatternClassKind::TreewidthK: return "treewidth<=" + std::to_string(param);
        case PatternClassKind::AllTrees: return "all trees (m<=" + std::to_string(param) + ")";
    }
    return "?";
}

std::string PatternClass::key() const {
    switch (kind) {
        case PatternClassKind::Trees: return "trees";
        case PatternClassKind::FanCactus: return "fan-cactus:" + std::to_string(param);
        case PatternClassKind::SubgraphK: return "subgraph:" + std::to_string(param);
        case PatternClassKind::TreewidthK: return "treewidth:" + std::to_string(param);
        case PatternClassKind::AllTrees: return "all-trees:" + std::to_string(param);
    }
    return "?";
}

PatternClass PatternClass::parse(const std::string& key) {
    if (key == "trees") return {PatternClassKind::Trees, 1};
    auto colon = key.find(':');
    if (colon == std::string::npos)
        throw std::invalid_argument("unknown pattern class '" + key +
                                    "' (expected trees, fan-cactus:R, subgraph:K, treewidth:K or all-trees:M)");
    std::string head = key.substr(0, colon), tail = key.substr(colon + 1);
    const bool allTrees = head == "all-trees";
    const int lowest = allTrees ? 2 : 0, highest = allTrees ? kMaxAllTreesSize : 8;
    int p = 0;
    try {
        std::size_t used = 0;
        p = std::stoi(tail, &used);
        if (used != tail.size() || p < lowest || p > highest) throw std::invalid_argument("");
    } catch (...) {
        throw std::invalid_argument("pattern class '" + key + "': expected a parameter from " + std::to_string(lowest) + " to " +
                                    std::to_string(highest) + " after ':'");
    }
    if (allTrees) return {PatternClassKind::AllTrees, p};
    if (head == "fan-cactus") return {PatternClassKind::FanCactus, p};
    if (head == "subgraph") return {PatternClassKind::SubgraphK, p};
    if (head == "treewidth" && p >= 1) return {PatternClassKind::TreewidthK, p};
    throw std::invalid_argument("unknown pattern class '" + key + "'");
}

}  // namespace px
