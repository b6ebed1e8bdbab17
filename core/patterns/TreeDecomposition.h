#pragma once
// Tree decompositions of (small) pattern graphs. The engine keeps them in elimination form:
// bag i = {eliminated[i]} ∪ separator(i), where separator(i) is the set of later-eliminated
// neighbours of eliminated[i] in the fill graph, and parent[i] is the bag of the earliest-eliminated
// separator vertex (or -1: a root, one per connected component). Every vertex is summed out in
// exactly one bag, which is what the homomorphism DP needs (Díaz, Serna & Thilikos 2002).
// Cost: minDegreeOrder O(m³·log m) at worst (m steps, each a scan of the vertices and fill edges kept in
// ordered sets); exactTreewidth O*(2^m) time and memory, m ≤ 20.
#include "graph/Graph.h"

#include <vector>

namespace px {

struct TreeDecomposition {
    std::vector<std::vector<int>> bags;  // vertex sets, sorted ascending
    std::vector<int> parent;             // parent bag index, -1 for a root
    std::vector<int> eliminated;         // in elimination form: the vertex summed out at bag i

    int width() const;                   // max bag size − 1 (−1 if there are no bags)
    // Checks the three decomposition axioms for g (vertex cover, edge cover, running intersection)
    // and that parent links form a forest. Returns an empty string if valid, else the reason.
    std::string validate(const Graph& g) const;
};

// Elimination-form decomposition for an elimination order (a permutation of the vertices).
TreeDecomposition decompositionFromOrder(const Graph& g, const std::vector<int>& order);
// Greedy minimum-degree elimination order (exact width for forests and outerplanar graphs).
std::vector<int> minDegreeOrder(const Graph& g);
// An elimination order whose width is at most that of the given (valid) decomposition: vertices are
// eliminated in post-order of the highest bag that contains them.
std::vector<int> orderFromDecomposition(const Graph& g, const TreeDecomposition& td);
// Exact treewidth by dynamic programming over vertex subsets (Bodlaender et al. 2012),
// O*(2^m); only for m ≤ 20 (throws std::invalid_argument beyond).
int exactTreewidth(const Graph& g);

}  // namespace px
