#pragma once
// A pattern of treewidth ≤ 2 compiled into matrix operations on the adjacency matrix A of G.
//
// In an elimination-form decomposition of width ≤ 2 every bag sums out one pattern vertex v and
// leaves a message on its separator S (|S| ≤ 2): a scalar, a vector over V(G), or an n × n matrix
// over the images of S = {w0 < w1}. Writing g(x) for the product of the child vectors on v and
// H_i(x, y) for the factor between v and w_i (A if vw_i is an edge of F, times the child matrices on
// {v, w_i}; all ones if there is neither), the bag's message is
//     |S| = 0:  (1/n) Σ_x g(x)
//     |S| = 1:  (1/n) H_0ᵀ g
//     |S| = 2:  (1/n) H_0ᵀ diag(g) H_1          (one matrix product: GEMM or sparse × dense)
// followed by the Hadamard product with the children that live on S alone. Every pattern edge is
// checked in the bag of its earlier-eliminated endpoint, exactly once. Trees, cycles, fan-cactus and
// series-parallel patterns all have width ≤ 2.
// Cost (run by DenseEvaluator.h): a bag with |S| ≤ 1 costs O(e(G)) per edge factor (O(n) otherwise); a bag
// with |S| = 2 one n × n × n product (GEMM) or O(e(G)·n) row axpys; memory O(n²) per live matrix message.
#include "patterns/Pattern.h"

#include <string>
#include <vector>

namespace px::hom {

struct DenseBag {
    int eliminated = -1;          // the pattern vertex v summed out here
    int sepSize = 0;              // |S|
    int sep[2] = {-1, -1};        // separator vertices, ascending
    bool edge[2] = {false, false};// F has the edge v–sep[i]
    std::vector<int> onV;         // child bags whose message is a vector on v
    std::vector<int> onVW[2];     // child bags whose message is a matrix on {v, sep[i]}
    std::vector<bool> flipVW[2];  // per such child: stored as (sep[i], v), so it is used transposed
    std::vector<int> onW[2];      // child bags whose message is a vector on sep[i]
    std::vector<int> onS;         // child bags whose message is a matrix on (sep[0], sep[1])
    int parent = -1;              // −1: a root, whose scalar is a factor of the density
    bool symmetric = false;       // |S| = 2 and both factors are the same expression: H_0ᵀ diag(g) H_1 is symmetric
    // |S| = 2 and the parent reads this message only on the edges of G (it multiplies it by A): it can be
    // kept as one value per adjacency entry instead of an n × n matrix (scatter mode).
    bool masked = false;
};

struct DensePlan {
    bool supported = false;       // width ≤ 2 and every edge assigned once; otherwise use the sparse DP
    int m = 0;                    // pattern vertices
    int matrixBags = 0;           // bags with |S| = 2 (n × n messages)
    std::vector<DenseBag> bags;   // in elimination order: children before parents
    // Per bag: a canonical text of the expression that computes its message (edge flags and the
    // children's keys, in the order they are multiplied). Equal keys, in any patterns, give messages
    // that are equal bit for bit on the same graph, so one computation can serve them all.
    std::vector<std::string> keys;

    // Uses the pattern's own decomposition, or, where that leaves n × n messages that no pattern edge
    // masks, a width-≤2 elimination order with fewer of them (patterns of up to 12 vertices).
    explicit DensePlan(const Pattern& p);
    // The plan of exactly this decomposition (no reordering).
    static DensePlan fromDecomposition(const Graph& f, const TreeDecomposition& td);
    // The plan for GEMM mode, where every n × n message with two dense factors costs one n³ product whether or not
    // an edge masks it: of DensePlan(p) and the plans of 32 width-≤2 elimination orders drawn with a fixed seed, the
    // one with the lowest productCost(), then the shortest product expressions (other patterns share those more
    // often); DensePlan(p) when no other is better. It depends on the pattern alone, so that a pattern's densities
    // are the same whichever set it is computed with.
    static DensePlan forProducts(const Pattern& p, const DensePlan& own);  // own: DensePlan(p), already built
    static DensePlan forProducts(const Pattern& p) { return forProducts(p, DensePlan(p)); }
    // The n³ products of one evaluation: bags with two dense factors, each distinct key once (equal messages
    // within the pattern are computed once), a symmetric product counting 0.6 (one triangle, DenseEvaluator.cpp).
    double productCost() const;

private:
    DensePlan() = default;
    void build(const Graph& f, const TreeDecomposition& td);
};

}  // namespace px::hom
