// Compiles a treewidth-≤2 pattern into matrix operations on A (DensePlan.h).
#include "hom/DensePlan.h"

#include "common/Rng.h"

#include <algorithm>
#include <set>

namespace px::hom {

namespace {

// A width-≤2 elimination order of f that leaves the fewest separators {a, b} that are not edges of f
// (each is an n × n message that no edge masks), then the fewest two-vertex separators. Dynamic
// programming over the set of eliminated vertices: which remaining vertices are adjacent in the fill
// graph depends only on that set. Empty if f has more than kMaxVertices vertices or no such order.
std::vector<int> maskFriendlyOrder(const Graph& f) {
    constexpr int kMaxVertices = 12;
    const int m = f.numVertices();
    if (m > kMaxVertices || m == 0) return {};
    std::vector<unsigned> adj(m, 0);
    for (auto [u, v] : f.edges()) { adj[u] |= 1u << v; adj[v] |= 1u << u; }
    const unsigned full = (1u << m) - 1;
    // Fill neighbours of v among the remaining vertices: reachable from v through eliminated ones.
    auto fillNeighbours = [&](unsigned eliminated, int v) {
        unsigned seen = 1u << v, frontier = 1u << v, found = 0;
        while (frontier) {
            const int x = __builtin_ctz(frontier);
            frontier &= frontier - 1;
            unsigned next = adj[x] & ~seen;
            seen |= next;
            found |= next & ~eliminated;
            frontier |= next & eliminated;
        }
        return found;
    };
    constexpr long kUnmasked = 1000, kMatrix = 1, kNone = 1L << 40;
    std::vector<long> cost(std::size_t(full) + 1, kNone);
    std::vector<int> choice(std::size_t(full) + 1, -1);
    cost[full] = 0;
    for (long S = long(full) - 1; S >= 0; --S)
        for (int v = 0; v < m; ++v) {
            if (S >> v & 1) continue;
            const unsigned nb = fillNeighbours(unsigned(S), v);
            const int k = __builtin_popcount(nb);
            if (k > 2 || cost[std::size_t(S) | (1u << v)] >= kNone) continue;
            long c = cost[std::size_t(S) | (1u << v)];
            if (k == 2) {
                const int a = __builtin_ctz(nb), b = 31 - __builtin_clz(nb);
                c += kMatrix + ((adj[a] >> b & 1) ? 0 : kUnmasked);
            }
            if (c < cost[std::size_t(S)]) { cost[std::size_t(S)] = c; choice[std::size_t(S)] = v; }
        }
    if (cost[0] >= kNone) return {};
    std::vector<int> order;
    for (unsigned S = 0; S != full; S |= 1u << choice[S]) order.push_back(choice[S]);
    return order;
}

// A width-≤2 elimination order drawn at random: at each step one of the vertices with at most two fill neighbours,
// uniformly. Empty if none is left (f has width > 2) or f has more than 31 vertices.
std::vector<int> randomWidthTwoOrder(const Graph& f, Rng& rng) {
    const int m = f.numVertices();
    if (m > 31) return {};
    std::vector<unsigned> adj(std::size_t(m), 0);
    for (auto [u, v] : f.edges()) { adj[u] |= 1u << v; adj[v] |= 1u << u; }
    std::vector<int> order, candidates;
    unsigned gone = 0;
    while (int(order.size()) < m) {
        candidates.clear();
        for (int v = 0; v < m; ++v)
            if (!(gone >> v & 1) && __builtin_popcount(adj[v] & ~gone) <= 2) candidates.push_back(v);
        if (candidates.empty()) return {};
        const int v = candidates[rng.below(candidates.size())];
        const unsigned nb = adj[v] & ~gone;
        for (int a = 0; a < m; ++a)
            if (nb >> a & 1) adj[a] |= nb & ~(1u << a);  // the fill edges between v's remaining neighbours
        gone |= 1u << v;
        order.push_back(v);
    }
    return order;
}

// A bag whose message is one n³ product in GEMM mode: a matrix message with a dense factor on both sides.
bool isProduct(const DenseBag& b) {
    return b.sepSize == 2 && (b.edge[0] || !b.onVW[0].empty()) && (b.edge[1] || !b.onVW[1].empty());
}

// The total length of the distinct keys of a plan's n³ products.
std::size_t productKeysLength(const DensePlan& plan) {
    std::set<std::string> keys;
    for (int i = 0; i < plan.m; ++i)
        if (isProduct(plan.bags[std::size_t(i)])) keys.insert(plan.keys[std::size_t(i)]);
    std::size_t length = 0;
    for (const std::string& k : keys) length += k.size();
    return length;
}

int unmaskedBags(const DensePlan& plan) {
    int k = 0;
    for (const DenseBag& b : plan.bags) k += b.sepSize == 2 && !b.masked;
    return k;
}

}  // namespace

DensePlan::DensePlan(const Pattern& p) {
    build(p.graph, p.decomposition);
    if (!supported || unmaskedBags(*this) == 0) return;
    const std::vector<int> order = maskFriendlyOrder(p.graph);
    if (order.empty()) return;
    DensePlan other;
    other.build(p.graph, decompositionFromOrder(p.graph, order));
    if (other.supported && unmaskedBags(other) < unmaskedBags(*this)) *this = std::move(other);
}

DensePlan DensePlan::forProducts(const Pattern& p, const DensePlan& own) {
    constexpr int kOrders = 32;  // on the app's pattern sets, more orders found no cheaper plan
    DensePlan best = own;
    if (!best.supported || best.productCost() <= 0.6) return best;
    Rng rng(1, "dense-plan-order");
    double bestCost = best.productCost();
    std::size_t bestLength = productKeysLength(best);
    for (int t = 0; t < kOrders; ++t) {
        const std::vector<int> order = randomWidthTwoOrder(p.graph, rng);
        if (order.empty()) break;
        DensePlan other = fromDecomposition(p.graph, decompositionFromOrder(p.graph, order));
        if (!other.supported) continue;
        const double cost = other.productCost();
        const std::size_t length = productKeysLength(other);
        // Equal cost: the simpler products (shorter expressions), which other patterns are likelier to share.
        if (cost < bestCost - 1e-9 || (cost < bestCost + 1e-9 && length < bestLength)) {
            best = std::move(other);
            bestCost = cost;
            bestLength = length;
        }
    }
    return best;
}

double DensePlan::productCost() const {
    std::set<std::string> seen;
    double cost = 0;
    for (int i = 0; i < m; ++i) {
        const DenseBag& b = bags[std::size_t(i)];
        if (isProduct(b) && seen.insert(keys[std::size_t(i)]).second) cost += b.symmetric ? 0.6 : 1.0;
    }
    return cost;
}

DensePlan DensePlan::fromDecomposition(const Graph& f, const TreeDecomposition& td) {
    DensePlan plan;
    plan.build(f, td);
    return plan;
}

void DensePlan::build(const Graph& f, const TreeDecomposition& td) {
    *this = DensePlan();
    m = f.numVertices();
    if (m == 0 || td.width() > 2 || td.bags.size() != std::size_t(m) || td.eliminated.size() != std::size_t(m)) return;
    bags.resize(m);
    long edgesAssigned = 0;
    auto separatorOf = [&](int i) {
        std::vector<int> s;
        for (int v : td.bags[i])
            if (v != td.eliminated[i]) s.push_back(v);
        return s;  // bags are sorted, so s is ascending
    };
    for (int i = 0; i < m; ++i) {
        DenseBag& b = bags[i];
        b.eliminated = td.eliminated[i];
        b.parent = td.parent[i];
        const std::vector<int> s = separatorOf(i);
        b.sepSize = int(s.size());
        if ((b.sepSize == 0) != (b.parent == -1)) return;  // a root has an empty separator and vice versa
        for (int k = 0; k < b.sepSize; ++k) {
            b.sep[k] = s[k];
            b.edge[k] = f.hasEdge(b.eliminated, s[k]);
            edgesAssigned += b.edge[k];
        }
        if (b.sepSize == 2) ++matrixBags;
    }
    for (int c = 0; c < m; ++c) {
        const int i = bags[c].parent;
        if (i == -1) continue;
        if (i <= c) return;  // children must come before parents
        DenseBag& b = bags[i];
        const std::vector<int> sc = separatorOf(c);
        auto index = [&](int w) { return w == b.sep[0] ? 0 : w == b.sep[1] ? 1 : -1; };
        const bool hasV = std::find(sc.begin(), sc.end(), b.eliminated) != sc.end();
        if (sc.size() == 1) {
            if (hasV) b.onV.push_back(c);
            else if (index(sc[0]) >= 0) b.onW[index(sc[0])].push_back(c);
            else return;
        } else if (sc.size() == 2 && hasV) {
            const int w = sc[0] == b.eliminated ? sc[1] : sc[0];
            if (index(w) < 0) return;
            b.onVW[index(w)].push_back(c);
            b.flipVW[index(w)].push_back(sc[0] != b.eliminated);
        } else if (sc.size() == 2 && b.sepSize == 2 && sc[0] == b.sep[0] && sc[1] == b.sep[1]) {
            b.onS.push_back(c);
        } else {
            return;  // not a valid child separator: leave it to the sparse DP
        }
    }
    supported = edgesAssigned == f.numEdges();
    if (!supported) return;
    // Masking top-down: a matrix message is read only on edges if the parent multiplies it by A (an edge on
    // its side), or if it multiplies the parent's own message and that one is masked.
    for (int i = m - 1; i >= 0; --i) {
        DenseBag& b = bags[i];
        if (b.sepSize != 2 || b.parent == -1) continue;
        const DenseBag& p = bags[b.parent];
        for (int k = 0; k < 2; ++k)
            if (std::find(p.onVW[k].begin(), p.onVW[k].end(), i) != p.onVW[k].end()) b.masked = p.edge[k];
        if (std::find(p.onS.begin(), p.onS.end(), i) != p.onS.end()) b.masked = p.masked;
    }
    // Keys bottom-up; each child list is sorted by key so that evaluation order follows the key.
    keys.resize(m);
    auto byKey = [&](std::vector<int>& list) { std::stable_sort(list.begin(), list.end(), [&](int a, int b) { return keys[a] < keys[b]; }); };
    auto join = [&](const std::vector<int>& list) {
        std::string s;
        for (int c : list) s += keys[c] + ",";
        return s;
    };
    for (int i = 0; i < m; ++i) {
        DenseBag& b = bags[i];
        byKey(b.onV);
        byKey(b.onS);
        std::string side[2];
        for (int k = 0; k < 2; ++k) {
            byKey(b.onW[k]);
            // Sort (child, flip) pairs together by the oriented key.
            std::vector<std::pair<std::string, int>> vw;
            for (std::size_t j = 0; j < b.onVW[k].size(); ++j)
                vw.push_back({(b.flipVW[k][j] ? "~" : "") + keys[b.onVW[k][j]], int(j)});
            std::stable_sort(vw.begin(), vw.end());
            std::vector<int> children;
            std::vector<bool> flips;
            for (auto& [key, j] : vw) {
                children.push_back(b.onVW[k][j]);
                flips.push_back(b.flipVW[k][j]);
                side[k] += key + ",";
            }
            b.onVW[k] = children;
            b.flipVW[k] = flips;
            side[k] = std::string(b.edge[k] ? "A" : "1") + "{" + side[k] + "}";
        }
        b.symmetric = b.sepSize == 2 && side[0] == side[1];
        keys[i] = "(" + std::to_string(b.sepSize) + " v{" + join(b.onV) + "}";
        for (int k = 0; k < b.sepSize; ++k) keys[i] += " h" + std::to_string(k) + side[k] + " w" + std::to_string(k) + "{" + join(b.onW[k]) + "}";
        if (b.sepSize == 2) keys[i] += " s{" + join(b.onS) + "}" + (b.masked ? " on edges" : "");
        keys[i] += ")";
    }
}

}  // namespace px::hom
