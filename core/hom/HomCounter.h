#pragma once
// Exact homomorphism counts and densities t(F, G) = hom(F, G) / n^m (docs/mathematics.md §1).
//
// General patterns: dynamic programming over the pattern's elimination-form tree decomposition
// (Díaz, Serna & Thilikos 2002). Each bag's table holds only the partial maps that respect the
// pattern edges inside the bag, enumerated from neighbour lists and pruned as soon as a child
// message is zero; messages are sparse (hash maps keyed by the separator's images). Cost is
// O(m · #consistent bag maps), far below the dense O(m · n^(tw+1)).
// Forests: message passing along edges, msg_u(x) = Π_children (1/n) Σ_{y∈N(x)} msg_w(y),
// O(m · e(G)).
// Density scale: every summed-out vertex divides by n, so values stay in [0, 1] without overflow.
// The exact integer path (unsigned __int128, no scaling) is for tests on small graphs.
#include "common/Progress.h"
#include "hom/FlatMap.h"
#include "hom/HomPlan.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace px::hom {

using u128 = unsigned __int128;

// Adjacency matrix as bits, for O(1) edge tests on graphs of up to kMaxVertices vertices.
struct AdjacencyBits {
    static constexpr int kMaxVertices = 4096;
    const Graph* graph = nullptr;  // the graph these bits describe (see Workspace::bind)
    int n = 0, words = 0;
    std::vector<std::uint64_t> bits;
    void build(const Graph& g);
    bool test(int u, int v) const { return (bits[std::size_t(u) * words + (v >> 6)] >> (v & 63)) & 1; }
};

// A child message indexed for joins: for each assignment of all key positions but one, the list of
// values at that position with a non-zero entry.
struct JoinIndex {
    FlatMap<int> head;        // packed prefix → 1 + index of the first list entry (0: none)
    std::vector<int> next;    // next entry of the same prefix, or −1
    std::vector<int> value;   // vertex of G at the indexed key position
    void clear() { head.clear(); next.clear(); value.clear(); }
};

// Reusable scratch memory for one thread; T is double, long double or u128.
template <class T>
struct Workspace {
    // Binds a graph for several density() calls in a row (builds its adjacency bits); call
    // unbind() before the graph goes away. Unbound graphs use binary search for edge tests.
    void bind(const Graph& g) { adjacency.build(g); }
    void unbind() { adjacency.graph = nullptr; }
    // Long single counts check this every ~2^20 partial maps and throw px::Cancelled (null: never).
    const Progress* cancel = nullptr;
    // A bag table that grows past this many entries stops the count with TableTooLarge.
    std::size_t maxTableEntries = std::size_t(-1);
    AdjacencyBits adjacency;
    std::vector<T> scalar;                 // per bag: message with an empty separator
    std::vector<std::vector<T>> dense;     // per bag: message with a one-vertex separator
    std::vector<FlatMap<T>> sparse;        // per bag: message with a larger separator
    std::vector<JoinIndex> joins;          // per bag: join index of its message, if a parent needs it
    std::vector<std::vector<double>> tree; // forest path: per pattern vertex, a length-n array
};

// Thrown when a bag table outgrows Workspace::maxTableEntries.
struct TableTooLarge : std::runtime_error {
    explicit TableTooLarge(std::size_t entries)
        : std::runtime_error("a bag table of the sparse DP grew past " + std::to_string(entries) + " entries"), entries(entries) {}
    std::size_t entries;
};

// Density t(F, G) in T (double or long double). Throws std::invalid_argument if G is empty.
template <class T>
T density(const HomPlan& plan, const Graph& g, Workspace<T>& ws);
// Exact hom(F, G); throws std::overflow_error if n^m does not fit in 128 bits.
u128 countExact(const HomPlan& plan, const Graph& g);

// Convenience forms that compile the plan on each call.
double homDensity(const Pattern& f, const Graph& g);
u128 homCount(const Pattern& f, const Graph& g);
std::string toString(u128 x);

}  // namespace px::hom
