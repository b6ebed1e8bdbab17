#pragma once
// A pattern graph F together with the tree decomposition its construction gave it.
#include "graph/Graph.h"
#include "patterns/TreeDecomposition.h"

#include <string>

namespace px {

struct Pattern {
    Graph graph;                      // the pattern F (small: m vertices)
    TreeDecomposition decomposition;  // elimination form, width = treewidthBound

    Pattern() = default;
    // Builds the pattern with a decomposition from `order` (or a min-degree order if empty).
    explicit Pattern(Graph g, const std::vector<int>& order = {});

    int vertices() const { return graph.numVertices(); }             // m
    int edges() const { return int(graph.numEdges()); }              // e(F)
    int components() const { return components_; }                    // c(F)
    int treewidthBound() const { return decomposition.width(); }      // upper bound on tw(F)
    bool isForest() const { return edges() == vertices() - components(); }
    // "m=5 e=4 tw≤1: 0-1 1-2 ..." for logs and tooltips
    std::string describe() const;

private:
    int components_ = 0;
};

}  // namespace px
