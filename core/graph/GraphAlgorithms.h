#pragma once
// Graph algorithms the engine needs, built on Boost.Graph where it serves.
#include "graph/Graph.h"

#include <vector>

namespace px {

// Component index of every vertex (0..k-1) and the count k.
std::vector<int> connectedComponents(const Graph& g, int* count = nullptr);
int numComponents(const Graph& g);
bool isConnected(const Graph& g);
bool isAcyclic(const Graph& g);  // a forest: e = n - components
// Isomorphism test (Boost.Graph VF-style isomorphism with degree invariants).
bool isIsomorphic(const Graph& a, const Graph& b);
// Disjoint union of graphs (vertices of b follow those of a).
Graph disjointUnion(const Graph& a, const Graph& b);
// The subgraph induced by `nodes` (distinct ids of g), its vertex i being nodes[i]. O(Σ deg).
Graph inducedSubgraph(const Graph& g, const std::vector<int>& nodes);
// Blow-up: every vertex replaced by p twins (independent set); u~v iff originals adjacent.
Graph blowUp(const Graph& g, int p);
// Degree histogram: count[d] = number of vertices of degree d.
std::vector<long> degreeHistogram(const Graph& g);

}  // namespace px
