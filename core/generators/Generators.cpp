// Seeded built-in graph generators and data sets (Generators.h): Erdős–Rényi, SBM, CSL, 1-WL-hard pairs.
#include "generators/Generators.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <stdexcept>

namespace px::gen {

Graph erdosRenyi(int n, double p, Rng& rng) {
    std::vector<Edge> e;
    if (p > 0 && n > 1) {
        // Walk over the lower-triangle pairs (v, w), w < v, skipping geometric gaps.
        long v = 1, w = -1;
        const double lq = std::log1p(-std::min(p, 1.0 - 1e-16));
        while (v < n) {
            double r = 1.0 - rng.uniform();
            w += 1 + (p >= 1.0 ? 0 : long(std::floor(std::log(r) / lq)));
            while (w >= v && v < n) { w -= v; ++v; }
            if (v < n) e.push_back({int(v), int(w)});
        }
    }
    return Graph::fromEdges(n, e);
}

Graph stochasticBlockModel(const std::vector<int>& blockSizes, double pIn, double pOut, Rng& rng) {
    std::vector<int> block;
    for (std::size_t b = 0; b < blockSizes.size(); ++b) block.insert(block.end(), blockSizes[b], int(b));
    const int n = int(block.size());
    std::vector<Edge> e;
    for (int u = 0; u < n; ++u)
        for (int v = u + 1; v < n; ++v)
            if (rng.bernoulli(block[u] == block[v] ? pIn : pOut)) e.push_back({u, v});
    return Graph::fromEdges(n, e);
}

Graph rewireDegreePreserving(const Graph& g, double swapsPerEdge, Rng& rng) {
    std::vector<Edge> e = g.edges();
    if (e.size() < 2) return g;
    std::set<Edge> present(e.begin(), e.end());
    auto key = [](int a, int b) { return Edge{std::min(a, b), std::max(a, b)}; };
    const long target = long(swapsPerEdge * double(e.size()));
    long accepted = 0, tries = 0;
    while (accepted < target && tries < 100 * target + 100) {
        ++tries;
        std::size_t i = rng.below(e.size()), j = rng.below(e.size());
        if (i == j) continue;
        auto [a, b] = e[i];
        auto [c, d] = e[j];
        if (rng.bernoulli(0.5)) std::swap(c, d);
        // (a,b),(c,d) → (a,d),(c,b)
        if (a == d || c == b || present.count(key(a, d)) || present.count(key(c, b))) continue;
        present.erase(key(a, b)); present.erase(key(c, d));
        e[i] = key(a, d); e[j] = key(c, b);
        present.insert(e[i]); present.insert(e[j]);
        ++accepted;
    }
    return Graph::fromEdges(g.numVertices(), e);
}

Graph cycle(int n) {
    std::vector<Edge> e;
    for (int i = 0; i < n; ++i) e.push_back({i, (i + 1) % n});
    return Graph::fromEdges(n, e);
}

Graph path(int n) {
    std::vector<Edge> e;
    for (int i = 0; i + 1 < n; ++i) e.push_back({i, i + 1});
    return Graph::fromEdges(n, e);
}

Graph star(int leaves) {
    std::vector<Edge> e;
    for (int i = 1; i <= leaves; ++i) e.push_back({0, i});
    return Graph::fromEdges(leaves + 1, e);
}

Graph complete(int n) {
    std::vector<Edge> e;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) e.push_back({i, j});
    return Graph::fromEdges(n, e);
}

Graph circularSkipLink(int n, int skip) {
    std::vector<Edge> e;
    for (int i = 0; i < n; ++i) {
        e.push_back({i, (i + 1) % n});
        e.push_back({i, (i + skip) % n});
    }
    return Graph::fromEdges(n, e);
}

Graph permuted(const Graph& g, Rng& rng) {
    std::vector<int> perm(g.numVertices());
    std::iota(perm.begin(), perm.end(), 0);
    for (int i = int(perm.size()) - 1; i > 0; --i) std::swap(perm[i], perm[rng.below(i + 1)]);
    std::vector<Edge> e;
    for (auto [u, v] : g.edges()) e.push_back({perm[u], perm[v]});
    return Graph::fromEdges(g.numVertices(), e);
}

namespace {
Dataset withClassLabels(std::string name, std::string source, std::vector<Graph> graphs, const std::vector<int>& y,
                        int classes) {
    Dataset ds;
    ds.name = std::move(name);
    ds.source = std::move(source);
    ds.graphs = std::move(graphs);
    ds.labels.resize(ds.size(), 1);
    for (int i = 0; i < ds.size(); ++i) ds.labels(i, 0) = y[i];
    ds.tasks.push_back({"class", classes == 2 ? TaskType::Binary : TaskType::MultiClass});
    return ds;
}
}  // namespace

Dataset sbmCycleTask(int numGraphs, std::uint64_t seed) {
    std::vector<Graph> graphs;
    std::vector<int> y;
    for (int i = 0; i < numGraphs; ++i) {
        Rng rng(seed, "sbm-cycles", std::uint64_t(i));
        const int blocks = 3 + int(rng.below(3));
        std::vector<int> sizes;
        for (int b = 0; b < blocks; ++b) sizes.push_back(6 + int(rng.below(5)));
        Graph g = stochasticBlockModel(sizes, 0.5, 0.03, rng);
        const int label = i % 2;
        if (label == 1) g = rewireDegreePreserving(g, 10.0, rng);
        graphs.push_back(permuted(g, rng));
        y.push_back(label);
    }
    return withClassLabels("SBM cycles vs rewired", "generator:sbm-cycles(n=" + std::to_string(numGraphs) +
                           ",seed=" + std::to_string(seed) + ")", std::move(graphs), y, 2);
}

Dataset cslDataset(std::uint64_t seed, int copiesPerClass) {
    const int skips[] = {2, 3, 4, 5, 6, 9, 11, 12, 13, 16};
    std::vector<Graph> graphs;
    std::vector<int> y;
    for (int c = 0; c < 10; ++c)
        for (int k = 0; k < copiesPerClass; ++k) {
            Rng rng(seed, "csl", std::uint64_t(c * 1000 + k));
            graphs.push_back(permuted(circularSkipLink(41, skips[c]), rng));
            y.push_back(c);
        }
    return withClassLabels("CSL", "generator:csl(seed=" + std::to_string(seed) + ")", std::move(graphs), y, 10);
}

Dataset erdosRenyiTask(int numGraphs, int nMin, int nMax, double p0, double p1, std::uint64_t seed) {
    std::vector<Graph> graphs;
    std::vector<int> y;
    for (int i = 0; i < numGraphs; ++i) {
        Rng rng(seed, "er-task", std::uint64_t(i));
        const int n = nMin + int(rng.below(std::uint64_t(nMax - nMin + 1)));
        const int label = i % 2;
        graphs.push_back(erdosRenyi(n, label ? p1 : p0, rng));
        y.push_back(label);
    }
    return withClassLabels("Erdős–Rényi", "generator:er(n=" + std::to_string(numGraphs) + ",seed=" +
                           std::to_string(seed) + ")", std::move(graphs), y, 2);
}

Dataset wlHardPairs() {
    auto twoCopies = [](const Graph& g) {
        std::vector<Edge> e = g.edges();
        for (auto [u, v] : g.edges()) e.push_back({u + g.numVertices(), v + g.numVertices()});
        return Graph::fromEdges(2 * g.numVertices(), e);
    };
    // Decalin: two hexagons sharing the edge 0-5. Bicyclopentyl: two pentagons joined by an edge.
    Graph decalin = Graph::fromEdges(10, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0},
                                          {5, 6}, {6, 7}, {7, 8}, {8, 9}, {9, 0}});
    Graph bicyclopentyl = Graph::fromEdges(10, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0},
                                                {5, 6}, {6, 7}, {7, 8}, {8, 9}, {9, 5}, {0, 5}});
    std::vector<Graph> graphs = {cycle(6), twoCopies(cycle(3)), cycle(8), twoCopies(cycle(4)),
                                 decalin, bicyclopentyl, circularSkipLink(41, 2), circularSkipLink(41, 3)};
    std::vector<int> y = {0, 1, 0, 1, 0, 1, 0, 1};
    return withClassLabels("1-WL-hard pairs", "generator:wl-pairs", std::move(graphs), y, 2);
}

std::vector<std::string> builtinNames() { return {"sbm-cycles", "csl", "er", "wl-pairs"}; }

Dataset builtin(const std::string& name, std::uint64_t seed) {
    if (name == "sbm-cycles") return sbmCycleTask(400, seed);
    if (name == "csl") return cslDataset(seed);
    if (name == "er") return erdosRenyiTask(400, 20, 40, 0.12, 0.15, seed);
    if (name == "wl-pairs") return wlHardPairs();
    std::string known;
    const std::vector<std::string> names = builtinNames();
    for (std::size_t i = 0; i < names.size(); ++i) known += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    throw std::invalid_argument("unknown built-in data set '" + name + "' (expected " + known + ")");
}

}  // namespace px::gen
