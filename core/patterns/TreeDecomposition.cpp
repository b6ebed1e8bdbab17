// Tree decompositions in elimination form, min-degree orders and exact treewidth (TreeDecomposition.h).
#include "patterns/TreeDecomposition.h"

#include <algorithm>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>

namespace px {

int TreeDecomposition::width() const {
    int w = -1;
    for (const auto& b : bags) w = std::max(w, int(b.size()) - 1);
    return w;
}

std::string TreeDecomposition::validate(const Graph& g) const {
    const int n = g.numVertices(), k = int(bags.size());
    if (int(parent.size()) != k) return "parent list and bag list differ in length";
    for (int i = 0; i < k; ++i) {
        if (parent[i] < -1 || parent[i] >= k || parent[i] == i) return "bad parent index at bag " + std::to_string(i);
        for (int v : bags[i])
            if (v < 0 || v >= n) return "bag " + std::to_string(i) + " holds a vertex outside the graph";
    }
    // Parent links must be acyclic.
    for (int i = 0; i < k; ++i) {
        int steps = 0;
        for (int b = i; b != -1; b = parent[b])
            if (++steps > k) return "parent links contain a cycle";
    }
    std::vector<int> count(n, 0);
    for (const auto& b : bags)
        for (int v : b) ++count[v];
    for (int v = 0; v < n; ++v)
        if (count[v] == 0) return "vertex " + std::to_string(v) + " is in no bag";
    for (auto [u, v] : g.edges()) {
        bool covered = false;
        for (const auto& b : bags)
            if (std::binary_search(b.begin(), b.end(), u) && std::binary_search(b.begin(), b.end(), v)) covered = true;
        if (!covered) return "edge " + std::to_string(u) + "-" + std::to_string(v) + " is in no bag";
    }
    // Running intersection: the bags holding v form a connected subtree, i.e. exactly one of them
    // has a parent that does not hold v.
    for (int v = 0; v < n; ++v) {
        int tops = 0;
        for (int i = 0; i < k; ++i) {
            if (!std::binary_search(bags[i].begin(), bags[i].end(), v)) continue;
            int p = parent[i];
            if (p == -1 || !std::binary_search(bags[p].begin(), bags[p].end(), v)) ++tops;
        }
        if (tops != 1) return "bags holding vertex " + std::to_string(v) + " are not connected";
    }
    return {};
}

TreeDecomposition decompositionFromOrder(const Graph& g, const std::vector<int>& order) {
    const int n = g.numVertices();
    if (int(order.size()) != n) throw std::invalid_argument("elimination order must list every vertex once");
    std::vector<int> pos(n, -1);
    for (int i = 0; i < n; ++i) {
        if (order[i] < 0 || order[i] >= n || pos[order[i]] != -1)
            throw std::invalid_argument("elimination order is not a permutation");
        pos[order[i]] = i;
    }
    std::vector<std::set<int>> fill(n);
    for (auto [u, v] : g.edges()) { fill[u].insert(v); fill[v].insert(u); }
    TreeDecomposition td;
    td.bags.resize(n);
    td.parent.assign(n, -1);
    td.eliminated = order;
    for (int i = 0; i < n; ++i) {
        const int v = order[i];
        std::vector<int> later;
        for (int u : fill[v])
            if (pos[u] > i) later.push_back(u);
        for (std::size_t a = 0; a < later.size(); ++a)
            for (std::size_t b = a + 1; b < later.size(); ++b) {
                fill[later[a]].insert(later[b]);
                fill[later[b]].insert(later[a]);
            }
        td.bags[i] = later;
        td.bags[i].push_back(v);
        std::sort(td.bags[i].begin(), td.bags[i].end());
        int first = -1;
        for (int u : later)
            if (first == -1 || pos[u] < pos[first]) first = u;
        td.parent[i] = first == -1 ? -1 : pos[first];
    }
    return td;
}

std::vector<int> minDegreeOrder(const Graph& g) {
    const int n = g.numVertices();
    std::vector<std::set<int>> fill(n);
    for (auto [u, v] : g.edges()) { fill[u].insert(v); fill[v].insert(u); }
    std::vector<bool> done(n, false);
    std::vector<int> order;
    for (int step = 0; step < n; ++step) {
        int best = -1;
        for (int v = 0; v < n; ++v)
            if (!done[v] && (best == -1 || fill[v].size() < fill[best].size())) best = v;
        order.push_back(best);
        done[best] = true;
        std::vector<int> nb(fill[best].begin(), fill[best].end());
        for (int u : nb) fill[u].erase(best);
        for (std::size_t a = 0; a < nb.size(); ++a)
            for (std::size_t b = a + 1; b < nb.size(); ++b) { fill[nb[a]].insert(nb[b]); fill[nb[b]].insert(nb[a]); }
    }
    return order;
}

std::vector<int> orderFromDecomposition(const Graph& g, const TreeDecomposition& td) {
    const int n = g.numVertices(), k = int(td.bags.size());
    std::vector<int> depth(k, 0);
    for (int i = 0; i < k; ++i)
        for (int b = td.parent[i]; b != -1; b = td.parent[b]) ++depth[i];
    // The top bag of v: the bag of least depth holding v. Deeper top bags are eliminated first.
    std::vector<int> top(n, -1);
    for (int i = 0; i < k; ++i)
        for (int v : td.bags[i])
            if (top[v] == -1 || depth[i] < depth[top[v]]) top[v] = i;
    std::vector<int> order(n);
    for (int v = 0; v < n; ++v) order[v] = v;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        if (depth[top[a]] != depth[top[b]]) return depth[top[a]] > depth[top[b]];
        return top[a] < top[b];
    });
    return order;
}

int exactTreewidth(const Graph& g) {
    const int n = g.numVertices();
    if (n > 20) throw std::invalid_argument("exact treewidth is limited to 20 vertices");
    if (n == 0) return -1;
    std::vector<std::uint32_t> adj(n, 0);
    for (auto [u, v] : g.edges()) { adj[u] |= 1u << v; adj[v] |= 1u << u; }
    // Q(S, v): vertices outside S ∪ {v} reachable from v through S.
    auto q = [&](std::uint32_t S, int v) {
        std::uint32_t seen = 1u << v, frontier = 1u << v, out = 0;
        while (frontier) {
            int x = __builtin_ctz(frontier);
            frontier &= frontier - 1;
            std::uint32_t nb = adj[x] & ~seen;
            seen |= nb;
            out |= nb & ~S;
            frontier |= nb & S;
        }
        return __builtin_popcount(out);
    };
    const std::uint32_t full = n == 32 ? ~0u : ((1u << n) - 1);
    std::vector<std::int8_t> tw(std::size_t(full) + 1, 127);
    tw[0] = -1;
    for (std::uint32_t S = 1; S <= full; ++S) {
        int best = 127;
        for (std::uint32_t rest = S; rest; rest &= rest - 1) {
            int v = __builtin_ctz(rest);
            std::uint32_t prev = S & ~(1u << v);
            int val = std::max<int>(tw[prev], q(prev, v));
            best = std::min(best, val);
        }
        tw[S] = std::int8_t(best);
    }
    return tw[full];
}

}  // namespace px
