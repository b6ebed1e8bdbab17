// Every free tree on m vertices once, up to isomorphism (TreeEnumeration.h).
#include "patterns/TreeEnumeration.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace px {
namespace {

std::vector<std::vector<int>> adjacency(const Graph& t) {
    std::vector<std::vector<int>> adj(t.numVertices());
    for (auto [u, v] : t.edges()) {
        adj[u].push_back(v);
        adj[v].push_back(u);
    }
    return adj;
}

// The one or two centers: the vertices left after peeling leaves layer by layer.
std::vector<int> centers(const std::vector<std::vector<int>>& adj) {
    const int n = int(adj.size());
    if (n <= 2) {
        std::vector<int> all(n);
        for (int v = 0; v < n; ++v) all[v] = v;
        return all;
    }
    std::vector<int> degree(n), layer;
    for (int v = 0; v < n; ++v) {
        degree[v] = int(adj[v].size());
        if (degree[v] == 1) layer.push_back(v);
    }
    int left = n;
    while (left > 2) {
        left -= int(layer.size());
        std::vector<int> next;
        for (int leaf : layer)
            for (int w : adj[leaf])
                if (--degree[w] == 1) next.push_back(w);
        layer = std::move(next);
    }
    std::sort(layer.begin(), layer.end());
    return layer;
}

std::string encode(const std::vector<std::vector<int>>& adj, int v, int parent) {
    std::vector<std::string> children;
    for (int w : adj[v])
        if (w != parent) children.push_back(encode(adj, w, v));
    std::sort(children.begin(), children.end());
    std::string out = "(";
    for (const auto& c : children) out += c;
    return out + ")";
}

}  // namespace

std::string treeCanonicalForm(const Graph& tree) {
    if (tree.numVertices() == 0) return "";
    if (tree.numEdges() != tree.numVertices() - 1) throw std::invalid_argument("treeCanonicalForm: not a tree");
    const auto adj = adjacency(tree);
    std::string best;
    for (int c : centers(adj)) {
        std::string e = encode(adj, c, -1);
        if (best.empty() || e < best) best = std::move(e);
    }
    return best;
}

std::vector<Graph> allFreeTrees(int m) {
    if (m < 0) throw std::invalid_argument("allFreeTrees: negative size");
    if (m == 0) return {Graph::fromEdges(0, {})};
    std::vector<Graph> trees = {Graph::fromEdges(1, {})};
    for (int size = 2; size <= m; ++size) {
        std::vector<Graph> grown;
        std::set<std::string> seen;
        for (const Graph& t : trees)
            for (int v = 0; v < t.numVertices(); ++v) {
                std::vector<Edge> edges = t.edges();
                edges.push_back({v, size - 1});
                Graph bigger = Graph::fromEdges(size, edges);
                if (seen.insert(treeCanonicalForm(bigger)).second) grown.push_back(std::move(bigger));
            }
        trees = std::move(grown);
    }
    return trees;
}

}  // namespace px
