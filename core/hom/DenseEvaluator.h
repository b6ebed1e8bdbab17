#pragma once
// Homomorphism densities of treewidth-≤2 patterns by matrix algebra (see DensePlan.h), on the
// density scale (each summed-out vertex divides by n, so nothing overflows), and the cost model
// that decides per (graph, pattern) whether this or the sparse bag-table DP (HomCounter.h) is
// cheaper.
//
// Two ways to apply the factor A between a summed-out vertex and its separator:
//   scatter mode — A stays in CSR form: a vector message costs O(e), a matrix message
//     O(e · n) (row axpys), or O(Σ deg²) when both factors are edge-weighted;
//   GEMM mode — A as a dense n × n matrix: a vector message costs O(n²), a matrix message one
//     n × n × n matrix product at the machine's GEMM rate.
// On dense graphs (COLLAB) GEMM mode is the fastest; on sparse graphs with hubs (REDDIT) scatter
// mode; on small sparse molecules the sparse DP, whose pruning enumerates few partial maps.
#include "common/Progress.h"
#include "graph/Graph.h"
#include "hom/DensePlan.h"
#include "hom/HomPlan.h"

#include <Eigen/Core>
#include <string>
#include <unordered_map>
#include <vector>

namespace px::hom {

using DenseMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Public shape of G that the cost model reads.
struct GraphShape {
    double n = 0;        // vertices
    double nnz = 0;      // adjacency entries, 2 e(G)
    double wedges = 0;   // Σ_v deg(v)²: ordered pairs of edges sharing a vertex (with repeats)
    double lowWedges = 0;// Σ over edges {y, z} of min(deg y, deg z): the work of an edge-masked product
    static GraphShape of(const Graph& g);
};

enum class EvalPath { SparseDp, Scatter, Gemm };

// The matrix paths refuse to hold an n × n matrix of more than this many bytes (a 16,384-vertex graph):
// the cost model rules them out, and a forced path throws with the size in the message.
constexpr double kMaxSquareBytes = 2.0 * (1 << 30);
// True if evaluating the plan in this mode keeps some n × n matrix (GEMM mode always does).
bool needsSquareMatrix(const DensePlan& dense, bool gemm);
const char* toString(EvalPath p);

struct PathCost {
    double sparseDp = 0, scatter = 0, gemm = 0;  // estimated seconds of each path (∞: not possible)
    EvalPath choice = EvalPath::SparseDp;        // the cheapest
};
// Estimated cost of each path for one (graph, pattern) pair; deterministic in the shapes only. Bags
// marked in `shared` (computed for an earlier pattern on the same graph) cost nothing on the matrix paths.
// With `products` (DensePlan::forProducts, and its own `productsShared`), the GEMM path is costed on that plan.
PathCost estimateCost(const HomPlan& sparse, const DensePlan& dense, const GraphShape& g,
                      const std::vector<char>* shared = nullptr, const DensePlan* products = nullptr,
                      const std::vector<char>* productsShared = nullptr);

// A message: a scalar, a vector over V(G) or an n × n matrix, by the bag's separator size.
struct Message {
    double scalar = 0;
    Eigen::VectorXd vec;
    DenseMatrix mat;
    std::vector<double> edges;  // an edge-masked matrix message: M(y, z) at each adjacency entry (y, z), in CSR order
};

// Largest bag table of the sparse DP for one (graph, pattern) pair, in entries: for each bag with a
// separator of ≥ 2 vertices, min(n^|S|, the partial maps the enumeration can produce). An estimate
// (pruning is not modelled), used to refuse work that cannot fit in memory.
double estimateTableEntries(const HomPlan& sparse, const GraphShape& g);

// Per-thread scratch memory; bind() once per graph (the dense adjacency is built on first need).
// Messages of bags with equal keys are computed once per graph and shared by all patterns, up to
// cacheBudget bytes (beyond it, messages are computed per pattern and not kept).
struct DenseWorkspace {
    void bind(const Graph& g) {
        graph = &g;
        adjacencyBuilt = false;
        cache.clear();
        cachedBytes = 0;
        reverseBuilt = false;
    }
    const Graph* graph = nullptr;
    bool adjacencyBuilt = false;
    DenseMatrix adjacency;                        // GEMM mode: A as a dense 0/1 matrix
    std::unordered_map<long, Message> cache;      // shared messages of the bound graph, by 2 · key id + mode
    std::size_t cachedBytes = 0;
    std::size_t cacheBudget = std::size_t(512) << 20;
    std::vector<Message> local;                   // per bag: messages that are not cached
    std::vector<const Message*> at;               // per bag of the pattern being evaluated: its message
    Eigen::VectorXd scratch;                      // the product g of a bag's child vectors
    std::vector<double> mark0, mark1;             // edge-masked products: weights of one vertex's neighbours
    std::vector<int> reverse;                     // per adjacency entry (x, y): the position of (y, x)
    bool reverseBuilt = false;
    const Progress* cancel = nullptr;             // checked before every bag: a cancel is seen within one message
    const DenseMatrix& denseAdjacency();
    const int* reverseIndex();
};

// t(F, G) for a supported plan; `gemm` selects GEMM mode, otherwise scatter mode. With keyIds (one id
// per bag, equal ids for equal DensePlan::keys) messages are shared through ws.cache.
double denseDensity(const DensePlan& plan, const Graph& g, DenseWorkspace& ws, bool gemm,
                    const std::vector<int>* keyIds = nullptr);

}  // namespace px::hom
