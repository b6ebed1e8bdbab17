// Random patterns with full support on their class, one keyed stream per draw (PatternSampler.h).
#include "patterns/PatternSampler.h"

#include "graph/GraphAlgorithms.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace px {

Graph randomTree(int m, Rng& rng) {
    if (m <= 1) return Graph::fromEdges(std::max(m, 0), {});
    if (m == 2) return Graph::fromEdges(2, {{0, 1}});
    std::vector<int> prufer(m - 2), degree(m, 1);
    for (int& x : prufer) { x = int(rng.below(m)); ++degree[x]; }
    std::vector<Edge> e;
    for (int x : prufer) {
        int leaf = 0;
        while (degree[leaf] != 1) ++leaf;
        e.push_back({leaf, x});
        --degree[leaf];
        --degree[x];
    }
    int u = -1, v = -1;
    for (int i = 0; i < m; ++i)
        if (degree[i] == 1) (u == -1 ? u : v) = i;
    e.push_back({u, v});
    return Graph::fromEdges(m, e);
}

namespace {

// Random partial k-tree: grow a k-tree from a (k+1)-clique, each new vertex joining k vertices of a
// uniformly chosen existing bag; keep each edge with probability q. Reverse growth order is a
// perfect elimination order of the k-tree, so it is a width-≤k order for every subgraph.
Pattern samplePartialKTree(int k, int m, double q, Rng& rng) {
    std::vector<Edge> e;
    std::vector<std::vector<int>> bags;
    const int base = std::min(m, k + 1);
    for (int i = 0; i < base; ++i)
        for (int j = i + 1; j < base; ++j) e.push_back({i, j});
    std::vector<int> first(base);
    std::iota(first.begin(), first.end(), 0);
    bags.push_back(first);
    for (int v = base; v < m; ++v) {
        std::vector<int> bag = bags[rng.below(bags.size())];
        bag.erase(bag.begin() + long(rng.below(bag.size())));  // k of the k+1 vertices
        for (int u : bag) e.push_back({u, v});
        bag.push_back(v);
        bags.push_back(bag);
    }
    std::vector<Edge> kept;
    for (auto ed : e)
        if (rng.bernoulli(q)) kept.push_back(ed);
    std::vector<int> order(m);
    std::iota(order.rbegin(), order.rend(), 0);
    return Pattern(Graph::fromEdges(m, kept), order);
}

// Random fan-cactus graph: glue blocks (edge, cycle of length ≤ r+2, fan with a path of ≤ r+1
// vertices) at uniformly chosen existing vertices until m vertices exist. Every connected graph of
// the class arises (its block tree can be grown from any vertex). Outerplanar, so the min-degree
// order has width ≤ 2.
Pattern sampleFanCactus(int r, int m, Rng& rng) {
    std::vector<Edge> e;
    int count = 1;
    while (count < m) {
        const int anchor = int(rng.below(count));
        const int room = m - count;  // new vertices still allowed
        const int maxCycle = std::min(r + 2, room + 1);  // cycle of length L adds L−1 vertices
        const int maxFanPath = std::min(r + 1, room);   // fan with path p adds p vertices
        std::vector<int> kinds = {0};
        if (maxCycle >= 3) kinds.push_back(1);
        if (maxFanPath >= 2) kinds.push_back(2);
        const int kind = kinds[rng.below(kinds.size())];
        if (kind == 0) {
            e.push_back({anchor, count++});
        } else if (kind == 1) {
            const int L = 3 + int(rng.below(maxCycle - 2));
            int prev = anchor;
            for (int i = 1; i < L; ++i) { e.push_back({prev, count}); prev = count++; }
            e.push_back({prev, anchor});
        } else {
            const int p = 2 + int(rng.below(maxFanPath - 1));
            // Block vertices: position 0 = hub, 1..p = path; the anchor takes a random position.
            const int anchorPos = int(rng.below(p + 1));
            std::vector<int> ids(p + 1);
            for (int i = 0; i <= p; ++i) ids[i] = i == anchorPos ? anchor : count++;
            for (int i = 1; i <= p; ++i) e.push_back({ids[0], ids[i]});
            for (int i = 1; i < p; ++i) e.push_back({ids[i], ids[i + 1]});
        }
    }
    Graph g = Graph::fromEdges(m, e);
    return Pattern(g, minDegreeOrder(g));
}

// Forest plus s ≤ k extra vertices: a random tree on the other m−s vertices thinned with
// probability 1−q (every forest is a subgraph of a spanning tree), and each edge at an extra vertex
// present with probability 1/2. Order: min-degree on the forest (width 1), extras last (≤ k+1).
Pattern sampleSubgraphK(int k, int m, double q, Rng& rng) {
    const int s = int(rng.below(std::uint64_t(std::min(k, m - 1) + 1)));
    const int f = m - s;
    Graph tree = randomTree(f, rng);
    std::vector<Edge> forest, e;
    for (auto ed : tree.edges())
        if (rng.bernoulli(q)) forest.push_back(ed);
    e = forest;
    for (int x = f; x < m; ++x)
        for (int y = 0; y < x; ++y)
            if (rng.bernoulli(0.5)) e.push_back({y, x});
    std::vector<int> order = minDegreeOrder(Graph::fromEdges(f, forest));
    for (int x = f; x < m; ++x) order.push_back(x);
    return Pattern(Graph::fromEdges(m, e), order);
}

}  // namespace

Pattern samplePattern(const PatternClass& cls, int m, double edgeRetention, Rng& rng) {
    if (m < 1) throw std::invalid_argument("pattern size must be at least 1");
    switch (cls.kind) {
        case PatternClassKind::AllTrees:  // PatternSet::sample enumerates this class; one member is a random tree
            if (m > cls.param) throw std::invalid_argument(cls.key() + " has no pattern of " + std::to_string(m) + " vertices");
            [[fallthrough]];
        case PatternClassKind::Trees: {
            Graph t = randomTree(m, rng);
            return Pattern(t, minDegreeOrder(t));
        }
        case PatternClassKind::TreewidthK: return samplePartialKTree(cls.param, m, edgeRetention, rng);
        case PatternClassKind::FanCactus: return sampleFanCactus(cls.param, m, rng);
        case PatternClassKind::SubgraphK: return sampleSubgraphK(cls.param, m, edgeRetention, rng);
    }
    throw std::logic_error("unknown pattern class");
}

}  // namespace px
