// Homomorphism counts and densities by DP over tree decompositions, and by messages on forests (HomCounter.h).
#include "hom/HomCounter.h"

#include "common/Error.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace px::hom {

namespace {

template <class T>
class BagRunner {
public:
    BagRunner(const HomPlan& plan, const Graph& g, Workspace<T>& ws, T scale)
        : plan_(plan), g_(g), ws_(ws), scale_(scale), n_(g.numVertices()),
          bits_(ws.adjacency.graph == &g ? &ws.adjacency : nullptr) {}

    // Runs every bag in elimination order; returns the product of the root scalars.
    T run() {
        const int m = plan_.m;
        if (int(ws_.scalar.size()) < m) {
            ws_.scalar.resize(m);
            ws_.dense.resize(m);
            ws_.sparse.resize(m);
            ws_.joins.resize(m);
        }
        T result = T(1);
        for (int b = 0; b < m; ++b) {
            const BagPlan& bp = plan_.bags[b];
            const int sep = int(bp.separator.size());
            if (sep == 0) ws_.scalar[b] = T(0);
            else if (sep == 1) ws_.dense[b].assign(n_, T(0));
            else ws_.sparse[b].clear();
            bag_ = &bp;
            bagIndex_ = b;
            prod_[0] = T(1);
            emitted_ = 0;
            enumerate(0);
            // An empty message makes every homomorphism count through it zero: stop early.
            if (emitted_ == 0) return T(0);
            if (bp.indexedKeyPos >= 0) buildJoinIndex(b);
            if (bp.parent == -1) result *= ws_.scalar[b];
        }
        return result;
    }

private:
    // Packed key of all positions but `skip`, from the digits of a full key (base n, first digit
    // most significant), so that it equals prefixKey() at lookup time.
    std::uint64_t dropDigit(std::uint64_t k, int len, int skip, int& dropped) const {
        std::uint64_t digits[kMaxBag];
        for (int j = len - 1; j >= 0; --j) { digits[j] = k % std::uint64_t(n_); k /= std::uint64_t(n_); }
        std::uint64_t out = 0;
        for (int j = 0; j < len; ++j)
            if (j != skip) out = out * std::uint64_t(n_) + digits[j];
        dropped = int(digits[skip]);
        return out;
    }
    std::uint64_t prefixKey(const std::vector<int>& steps, int skip) const {
        std::uint64_t k = 0;
        for (int j = 0; j < int(steps.size()); ++j)
            if (j != skip) k = k * std::uint64_t(n_) + std::uint64_t(phi_[steps[j]]);
        return k;
    }
    void buildJoinIndex(int b) {
        const BagPlan& bp = plan_.bags[b];
        JoinIndex& idx = ws_.joins[b];
        idx.clear();
        const int len = int(bp.separator.size()), skip = bp.indexedKeyPos;
        auto add = [&](std::uint64_t prefix, int x) {
            int& h = idx.head.at(prefix);
            idx.next.push_back(h - 1);
            idx.value.push_back(x);
            h = int(idx.value.size());
        };
        if (len == 1) {
            const std::vector<T>& d = ws_.dense[b];
            for (int x = n_ - 1; x >= 0; --x)
                if (d[x] != T(0)) add(0, x);
        } else {
            ws_.sparse[b].forEach([&](std::uint64_t k, const T& v) {
                if (v == T(0)) return;
                int x = 0;
                const std::uint64_t prefix = dropDigit(k, len, skip, x);
                add(prefix, x);
            });
        }
    }
    std::uint64_t key(const std::vector<int>& steps) const {
        std::uint64_t k = 0;
        for (int s : steps) k = k * std::uint64_t(n_) + std::uint64_t(phi_[s]);
        return k;
    }
    T lookup(const ChildLookup& lk) const {
        if (lk.keySteps.size() == 1) return ws_.dense[lk.bag][phi_[lk.keySteps[0]]];
        return ws_.sparse[lk.bag].get(key(lk.keySteps));
    }
    void emit(T value) {
        ++emitted_;
        if ((emitted_ & 0xFFFFF) == 0 && ws_.cancel && ws_.cancel->cancelled()) throw Cancelled();
        value *= scale_;
        const BagPlan& bp = *bag_;
        const std::size_t sep = bp.separator.size();
        if (sep == 0) ws_.scalar[bagIndex_] += value;
        else if (sep == 1) ws_.dense[bagIndex_][phi_[bp.keySteps[0]]] += value;
        else {
            FlatMap<T>& table = ws_.sparse[bagIndex_];
            table.at(key(bp.keySteps)) += value;
            if (table.size() > ws_.maxTableEntries) throw TableTooLarge(ws_.maxTableEntries);
        }
    }
    void tryCandidate(int s, int x) {
        const Step& st = bag_->steps[s];
        if (bits_) {
            for (int w : st.mustBeAdjacent)
                if (!bits_->test(x, phi_[w])) return;
        } else {
            for (int w : st.mustBeAdjacent)
                if (!g_.hasEdge(x, phi_[w])) return;
        }
        phi_[s] = x;
        T p = prod_[s];
        for (const ChildLookup& lk : st.lookups) {
            const T v = lookup(lk);
            if (v == T(0)) return;
            p *= v;
        }
        prod_[s + 1] = p;
        enumerate(s + 1);
    }
    void enumerate(int s) {
        if (s == int(bag_->steps.size())) { emit(prod_[s]); return; }
        // Cancellation inside one long count: every 64 subtrees below the bag's first vertex (off the inner loop).
        if (s == 1 && (++tried_ & 0x3F) == 0 && ws_.cancel && ws_.cancel->cancelled()) throw Cancelled();
        const Step& st = bag_->steps[s];
        if (st.anchor >= 0) {
            const int a = phi_[st.anchor];
            for (const int* q = g_.neighborsBegin(a); q != g_.neighborsEnd(a); ++q) tryCandidate(s, *q);
        } else if (st.generator >= 0) {
            const ChildLookup& lk = st.lookups[st.generator];
            const JoinIndex& idx = ws_.joins[lk.bag];
            for (int e = idx.head.get(prefixKey(lk.keySteps, st.generatorKeyPos)) - 1; e >= 0; e = idx.next[e])
                tryCandidate(s, idx.value[e]);
        } else {
            for (int x = 0; x < n_; ++x) tryCandidate(s, x);
        }
    }

    static constexpr int kMaxBag = 64;
    const HomPlan& plan_;
    const Graph& g_;
    Workspace<T>& ws_;
    const T scale_;
    const int n_;
    const AdjacencyBits* bits_;
    const BagPlan* bag_ = nullptr;
    int bagIndex_ = 0;
    long emitted_ = 0;
    unsigned long tried_ = 0;  // subtrees entered below a bag's first vertex, for the cancellation check
    int phi_[kMaxBag];
    T prod_[kMaxBag + 1];
};

// Forest path on the density scale.
template <class T>
T forestDensity(const HomPlan& plan, const Graph& g, Workspace<T>& ws) {
    const int n = g.numVertices(), m = plan.m;
    const double invN = 1.0 / n;
    if (int(ws.tree.size()) < m) ws.tree.resize(m);
    std::vector<bool> started(m, false);  // small (m ≤ 64)
    const int* off = g.offsets().data();
    const int* adj = g.adjacency().data();
    T result = T(1);
    for (int u : plan.treeOrder) {
        const int parent = plan.treeParent[u];
        const bool leaf = plan.treeChildren[u] == 0;
        if (parent == -1) {
            // Root: sum its product over x (a lone vertex contributes n·(1/n) = 1).
            if (leaf) continue;
            const std::vector<double>& msg = ws.tree[u];
            double s = 0.0;
            for (int x = 0; x < n; ++x) s += msg[x];
            result *= T(s * invN);
            continue;
        }
        std::vector<double>& out = ws.tree[parent];
        if (!started[parent]) { out.resize(n); }
        const bool first = !started[parent];
        started[parent] = true;
        if (leaf) {
            for (int x = 0; x < n; ++x) {
                const double agg = double(off[x + 1] - off[x]) * invN;
                out[x] = first ? agg : out[x] * agg;
            }
        } else {
            const std::vector<double>& msg = ws.tree[u];
            for (int x = 0; x < n; ++x) {
                double s = 0.0;
                for (int k = off[x]; k < off[x + 1]; ++k) s += msg[adj[k]];
                const double agg = s * invN;
                out[x] = first ? agg : out[x] * agg;
            }
        }
    }
    return result;
}

}  // namespace

void AdjacencyBits::build(const Graph& g) {
    graph = nullptr;
    if (g.numVertices() > kMaxVertices) return;  // too large: edge tests fall back to binary search
    n = g.numVertices();
    words = (n + 63) / 64;
    bits.assign(std::size_t(n) * words, 0);
    for (int u = 0; u < n; ++u)
        for (const int* p = g.neighborsBegin(u); p != g.neighborsEnd(u); ++p)
            bits[std::size_t(u) * words + (*p >> 6)] |= std::uint64_t(1) << (*p & 63);
    graph = &g;
}

template <class T>
T density(const HomPlan& plan, const Graph& g, Workspace<T>& ws) {
    if (g.numVertices() == 0) throw std::invalid_argument("density on an empty graph is undefined");
    if (plan.forest && std::is_same<T, double>::value) return forestDensity(plan, g, ws);
    // Packed separator keys must fit in 64 bits: n^sep < 2^64.
    if (plan.maxSeparator >= 2 &&
        double(plan.maxSeparator) * std::log2(double(g.numVertices())) >= 63.0)
        throw std::invalid_argument("pattern treewidth too large for a graph of this size");
    BagRunner<T> runner(plan, g, ws, T(1) / T(g.numVertices()));
    return runner.run();
}

u128 countExact(const HomPlan& plan, const Graph& g) {
    const int n = g.numVertices();
    if (double(plan.m) * std::log2(std::max(n, 2)) >= 127.0)
        throw std::overflow_error("hom count may exceed 128 bits");
    if (n == 0) return plan.m == 0 ? 1 : 0;
    Workspace<u128> ws;
    BagRunner<u128> runner(plan, g, ws, u128(1));
    return runner.run();
}

template double density<double>(const HomPlan&, const Graph&, Workspace<double>&);
template long double density<long double>(const HomPlan&, const Graph&, Workspace<long double>&);

double homDensity(const Pattern& f, const Graph& g) {
    HomPlan plan(f);
    Workspace<double> ws;
    return density(plan, g, ws);
}

u128 homCount(const Pattern& f, const Graph& g) { return countExact(HomPlan(f), g); }

std::string toString(u128 x) {
    if (x == 0) return "0";
    std::string s;
    while (x > 0) { s.push_back(char('0' + int(x % 10))); x /= 10; }
    std::reverse(s.begin(), s.end());
    return s;
}

}  // namespace px::hom
