// The cost model behind the per-graph choice between the sparse DP and the two matrix modes
// (hom/DenseEvaluator.h). Each path's time is estimated from the graph's shape (n, 2e, Σ deg²) and the
// pattern's plans; calibrate with `pxrun bench paths`, which prints measured / estimated per path.
#include "hom/DenseEvaluator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace px::hom {

namespace {
// Seconds per elementary operation of each kernel on this project's machine (2-core AVX-512 VM),
// measured with `pxrun bench paths`; only their ratios matter for the choice.
constexpr double kDpMap = 3e-9;     // one partial map enumerated by the sparse DP (an upper bound: pruning is not modelled)
constexpr double kGather = 1.0e-9;  // one CSR entry read in a vector message (gather or scatter)
constexpr double kAxpy = 0.12e-9;   // one multiply-add of a row axpy (sparse × dense)
constexpr double kGemm = 0.035e-9;  // one multiply-add of a dense n × n × n product
constexpr double kEntry = 0.4e-9;   // one entry of an n × n Hadamard product, copy or scaling
constexpr double kMerge = 1.5e-9;   // one step of a neighbour-list intersection (edge-masked product)
constexpr double kBag = 0.3e-6;     // fixed cost of one bag on a matrix path (dispatch, small allocations)
constexpr double kPattern = 1.0e-6; // fixed cost of one pattern on a matrix path (set-up, cache look-ups)

enum Kind { Ones, Edges, Dense };


double sparseDpCost(const HomPlan& sparse, const GraphShape& g) {
    const double nnz = std::max(g.nnz, 1.0);
    if (sparse.forest) return sparse.m * (nnz + g.n) * kGather;
    const double edgeDegree = g.nnz > 0 ? g.wedges / g.nnz : 0.0;  // mean degree at the end of a random edge
    double t = 0;
    for (const BagPlan& b : sparse.bags) {
        double maps = 1;
        for (std::size_t s = 0; s < b.steps.size(); ++s) {
            const Step& st = b.steps[s];
            maps *= s == 0 ? g.n : (st.anchor >= 0 || st.generator >= 0) ? std::max(edgeDegree, 1.0) : g.n;
            t += maps * kDpMap;
        }
    }
    return t;
}

double matrixCost(const DensePlan& dense, const GraphShape& g, bool gemm, const std::vector<char>* shared) {
    const double n = g.n, n2 = n * n, nnz = std::max(g.nnz, 1.0);
    if (needsSquareMatrix(dense, gemm) && 8.0 * n2 > kMaxSquareBytes) return std::numeric_limits<double>::infinity();
    double t = kPattern + (gemm ? n2 * kEntry : 0.0);  // + the dense adjacency (built once per graph; counted per pair)
    for (std::size_t bi = 0; bi < dense.bags.size(); ++bi) {
        const DenseBag& b = dense.bags[bi];
        if (shared && (*shared)[bi]) continue;
        t += kBag + (b.onV.size() + 1) * n * kEntry;
        Kind kind[2] = {Ones, Ones};
        for (int s = 0; s < b.sepSize; ++s) {
            if (b.edge[s]) kind[s] = Edges;
            for (int c : b.onVW[s]) {
                const bool childMasked = !gemm && dense.bags[c].masked;
                if (kind[s] == Edges) t += (childMasked ? nnz : n2) * (childMasked ? kGather : kEntry);
                else { kind[s] = Dense; t += n2 * kEntry; }
            }
            if (gemm && kind[s] == Edges) { kind[s] = Dense; t += n2 * kEntry; }
        }
        auto vectorCost = [&](Kind k) { return k == Ones ? n * kEntry : k == Edges ? nnz * kGather : n2 * kEntry; };
        if (b.sepSize == 1) {
            t += vectorCost(kind[0]) + b.onW[0].size() * n * kEntry;
            continue;
        }
        if (b.sepSize != 2) continue;
        const bool masked = !gemm && b.masked;
        const double cells = masked ? nnz : n2;  // entries of the message
        t += cells * kEntry * (1 + b.onS.size() + b.onW[0].size() + b.onW[1].size());
        if (kind[0] == Ones || kind[1] == Ones) t += vectorCost(kind[0] == Ones ? kind[1] : kind[0]);
        else if (kind[0] == Dense && kind[1] == Dense) t += masked ? nnz * n * kAxpy + 2 * n2 * kEntry : n2 * n * kGemm * (b.symmetric ? 0.65 : 1.0) + n2 * kEntry;
        else if (kind[0] == Edges && kind[1] == Edges) t += masked ? (nnz + g.lowWedges) * kMerge : g.wedges * kMerge;
        else t += masked ? g.wedges * kGather + n2 * kEntry : nnz * n * kAxpy;
    }
    return t;
}
}  // namespace

double estimateTableEntries(const HomPlan& sparse, const GraphShape& g) {
    if (sparse.forest) return 0;
    const double edgeDegree = g.nnz > 0 ? g.wedges / g.nnz : 0.0;
    double largest = 0;
    for (const BagPlan& b : sparse.bags) {
        if (b.separator.size() < 2) continue;
        double maps = 1;
        for (std::size_t s = 0; s < b.steps.size(); ++s) {
            const Step& st = b.steps[s];
            // The table is keyed by the separator: the eliminated vertex's own choices do not add entries.
            if (st.vertex == b.eliminated) continue;
            maps *= s == 0 ? g.n : (st.anchor >= 0 || st.generator >= 0) ? std::max(edgeDegree, 1.0) : g.n;
        }
        largest = std::max(largest, std::min(maps, std::pow(g.n, double(b.separator.size()))));
    }
    return largest;
}

bool needsSquareMatrix(const DensePlan& dense, bool gemm) {
    if (gemm) return dense.matrixBags > 0 || !dense.bags.empty();  // the dense adjacency itself is n × n
    for (const DenseBag& b : dense.bags)
        if (b.sepSize == 2 && !b.masked) return true;
    return false;
}

PathCost estimateCost(const HomPlan& sparse, const DensePlan& dense, const GraphShape& g, const std::vector<char>* shared,
                      const DensePlan* products, const std::vector<char>* productsShared) {
    PathCost c;
    c.sparseDp = sparseDpCost(sparse, g);
    const double inf = std::numeric_limits<double>::infinity();
    c.scatter = dense.supported ? matrixCost(dense, g, false, shared) : inf;
    c.gemm = !dense.supported ? inf : products ? matrixCost(*products, g, true, productsShared) : matrixCost(dense, g, true, shared);
    c.choice = EvalPath::SparseDp;
    double best = c.sparseDp;
    if (c.scatter < best) { best = c.scatter; c.choice = EvalPath::Scatter; }
    if (c.gemm < best) c.choice = EvalPath::Gemm;
    return c;
}

}  // namespace px::hom
