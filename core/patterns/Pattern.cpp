// A pattern graph with its tree decomposition (Pattern.h): its shape (m, e(F), c(F)) and description.
#include "patterns/Pattern.h"

#include "graph/GraphAlgorithms.h"

namespace px {

Pattern::Pattern(Graph g, const std::vector<int>& order) : graph(std::move(g)) {
    decomposition = decompositionFromOrder(graph, order.empty() ? minDegreeOrder(graph) : order);
    components_ = numComponents(graph);
}

std::string Pattern::describe() const {
    std::string s = "m=" + std::to_string(vertices()) + " e=" + std::to_string(edges()) +
                    " tw<=" + std::to_string(treewidthBound()) + ":";
    for (auto [u, v] : graph.edges()) s += " " + std::to_string(u) + "-" + std::to_string(v);
    return s;
}

}  // namespace px
