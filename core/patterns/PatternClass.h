#pragma once
// The pattern classes of docs/mathematics.md §2, each matching a GNN architecture's homomorphism expressivity:
//   trees (MPNN, 1-WL) · fan-cactus r (r-ℓMPNN, Paolino et al. 2024) · subgraph-k (forest plus
//   ≤ k vertices, subgraph k-GNN) · treewidth ≤ k (k-FGNN, k-WL) · all trees up to k vertices (not sampled:
//   every non-isomorphic tree on 2..k vertices once, as GHC's tree features of Nguyen & Maehara, ICML 2020).
// Cost of a membership test on a pattern with m vertices and e edges: trees O(m + e); fan-cactus
// O((m + e)·log m) (biconnected components, Boost.Graph); subgraph-k O(C(m, ≤ k)·(m + e)) (every vertex set of
// size ≤ k removed in turn); treewidth-k O(m³·log m) by min-degree elimination, else exact O*(2^m).
#include "graph/Graph.h"

#include <string>

namespace px {

enum class PatternClassKind { Trees, FanCactus, SubgraphK, TreewidthK, AllTrees };

struct PatternClass {
    PatternClassKind kind = PatternClassKind::Trees;
    int param = 1;  // r for fan-cactus, k for subgraph-k and treewidth ≤ k, the largest size for all-trees; unused for trees
    static constexpr int kMaxAllTreesSize = 10;  // all-trees:10 has 200 patterns (A000055 summed over 2..10)

    // Membership of every connected component (connectivity is a separate sampling option).
    bool contains(const Graph& f) const;
    // Largest e(F) for an m-vertex member (docs/mathematics.md §2 table; small m capped by m(m−1)/2).
    long maxEdges(int m) const;
    // A treewidth bound valid for every member.
    int treewidthBound() const;
    std::string name() const;          // "trees", "fan-cactus(r=2)", "subgraph(k=1)", "treewidth<=3", "all trees (m<=6)"
    std::string key() const;           // machine form: "trees", "fan-cactus:2", ..., "all-trees:6"
    bool enumerated() const { return kind == PatternClassKind::AllTrees; }  // a fixed list, not drawn
    static PatternClass parse(const std::string& key);  // inverse of key(); throws invalid_argument

    bool operator==(const PatternClass& o) const {
        return kind == o.kind && (kind == PatternClassKind::Trees || param == o.param);
    }
};

// Block (biconnected component) check of the fan-cactus class: every block is an edge, a cycle of
// length ≤ r+2, or a fan (a hub adjacent to every vertex of a path of ≤ r+1 vertices).
bool isFanCactus(const Graph& f, int r);
// True if deleting some ≤ k vertices leaves a forest (brute force over subsets; m ≤ 30).
bool isForestPlusK(const Graph& f, int k);

}  // namespace px
