// The matrix evaluator's per-thread workspace (the graph's reverse index and dense adjacency, built on first
// use) and the graph shape the cost model reads.
#include "hom/DenseEvaluator.h"

#include <algorithm>

namespace px::hom {

GraphShape GraphShape::of(const Graph& g) {
    GraphShape s;
    s.n = g.numVertices();
    s.nnz = double(g.adjacency().size());
    for (int v = 0; v < g.numVertices(); ++v) {
        s.wedges += double(g.degree(v)) * g.degree(v);
        for (const int* q = g.neighborsBegin(v); q != g.neighborsEnd(v); ++q)
            if (*q > v) s.lowWedges += std::min(g.degree(v), g.degree(*q));
    }
    return s;
}

const char* toString(EvalPath p) {
    switch (p) {
        case EvalPath::SparseDp: return "sparse-dp";
        case EvalPath::Scatter: return "matrix-scatter";
        case EvalPath::Gemm: return "matrix-gemm";
    }
    return "?";
}

const int* DenseWorkspace::reverseIndex() {
    if (!reverseBuilt) {
        // Visiting x in ascending order meets the entries of each y's sorted list in order.
        const int n = graph->numVertices();
        const std::vector<int>& off = graph->offsets();
        const std::vector<int>& adj = graph->adjacency();
        reverse.resize(adj.size());
        std::vector<int> cursor(off.begin(), off.end() - 1);
        for (int x = 0; x < n; ++x)
            for (int k = off[x]; k < off[x + 1]; ++k) reverse[k] = cursor[adj[k]]++;
        reverseBuilt = true;
    }
    return reverse.data();
}

const DenseMatrix& DenseWorkspace::denseAdjacency() {
    if (!adjacencyBuilt) {
        const int n = graph->numVertices();
        adjacency.setZero(n, n);
        for (int x = 0; x < n; ++x)
            for (const int* q = graph->neighborsBegin(x); q != graph->neighborsEnd(x); ++q) adjacency(x, *q) = 1.0;
        adjacencyBuilt = true;
    }
    return adjacency;
}

}  // namespace px::hom
