// Cosine-similarity edge reconstruction and its AUROC and ERR over all node pairs (PairAttack.h).
#include "depthlab/PairAttack.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace px::depthlab {

namespace {

// Index of the first positive score above x (std::upper_bound) without a data-dependent branch: the
// negatives arrive in no order, so a branchy search mispredicts about every other step.
long positivesAtMost(const std::vector<double>& pos, double x) {
    const double* base = pos.data();
    std::size_t len = pos.size();  // ≥ 1; the answer lies in [base, base + len]
    while (len > 1) {
        const std::size_t half = len / 2;
        base = base[half] <= x ? base + half : base;
        len -= half;
    }
    return long(base - pos.data()) + (*base <= x ? 1 : 0);
}

// What the negatives contribute, per thread.
struct NegativeTally {
    std::vector<long> atUpper;  // negatives x by #positives ≤ x
    double wins = 0;            // Σ #pos > x + ½ #pos = x (halves: exact in a double below 2⁵³)
    void add(const std::vector<double>& pos, double x) {
        if (std::isnan(x)) throw std::invalid_argument("attack scores must not be NaN");
        const long up = positivesAtMost(pos, x);
        long low = up;
        while (low > 0 && pos[std::size_t(low - 1)] == x) --low;  // ties with positives (rare)
        ++atUpper[std::size_t(up)];
        wins += double(long(pos.size()) - up) + 0.5 * double(up - low);
    }
};

using Tallies = tbb::enumerable_thread_specific<NegativeTally>;

Tallies talliesFor(std::size_t positives) {
    return Tallies([positives] { return NegativeTally{std::vector<long>(positives + 1, 0), 0.0}; });
}

// AUROC and ERR from the sorted positives and the negatives' tallies (see rankMetrics).
AttackMetrics metricsFrom(const std::vector<double>& pos, const Tallies& tallies) {
    const long P = long(pos.size());
    std::vector<long> atUpper(std::size_t(P + 1), 0);
    double wins = 0;
    for (const NegativeTally& t : tallies) {
        for (long k = 0; k <= P; ++k) atUpper[std::size_t(k)] += t.atUpper[std::size_t(k)];
        wins += t.wins;
    }
    long N = 0;
    for (long c : atUpper) N += c;
    if (P == 0 || N == 0) throw std::invalid_argument("attack metrics need both edges and non-edges");
    // negatives with score ≥ pos[k] are those with #positives ≤ x at least k + 1
    std::vector<long> negAbove(std::size_t(P + 2), 0);  // negAbove[k] = Σ_{u ≥ k} atUpper[u]
    for (long k = P; k >= 0; --k) negAbove[std::size_t(k)] = negAbove[std::size_t(k + 1)] + atUpper[std::size_t(k)];
    double err = 1.0;
    for (long k = 0; k < P; ++k) {
        if (k > 0 && pos[std::size_t(k)] == pos[std::size_t(k - 1)]) continue;  // one threshold per distinct score
        err = std::min(err, double(k) / double(P) + double(negAbove[std::size_t(k + 1)]) / double(N));
    }
    return {wins / (double(P) * double(N)), err};
}

}  // namespace

AttackMetrics rankMetrics(std::vector<std::pair<double, char>>& s) {
    // Edges are few next to non-edges, so sort only the positives and place every negative among
    // them by binary search (O(N log P), parallel, no sort of the N scores):
    //   AUROC = Σ_neg [#pos > x + ½ #pos = x] / (P·N)
    //   ERR: "edge when score ≥ τ" only needs τ at a positive score (moving τ up to the next
    //   positive never raises FNR and never raises FPR) or τ = ±∞ (error 1).
    std::vector<double> pos;
    for (const auto& e : s) {
        if (std::isnan(e.first)) throw std::invalid_argument("attack scores must not be NaN");
        if (e.second) pos.push_back(e.first);
    }
    if (pos.empty() || pos.size() == s.size()) throw std::invalid_argument("attack metrics need both edges and non-edges");
    std::sort(pos.begin(), pos.end());
    Tallies tallies = talliesFor(pos.size());
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, s.size(), 1 << 14), [&](const tbb::blocked_range<std::size_t>& r) {
        NegativeTally& t = tallies.local();
        for (std::size_t i = r.begin(); i != r.end(); ++i)
            if (!s[i].second) t.add(pos, s[i].first);
    });
    return metricsFrom(pos, tallies);
}

namespace {

// Calls visit(i, i0, gram, inv) for every row i, in parallel blocks of 64 rows: gram(i − i0, j) · inv[i] · inv[j]
// is the cosine score of the pair (i, j), j < i. Every caller sees the same bits for a pair (the same products).
template <class Visit>
void forEachRowOfPairs(const Matrix& h, const Graph& g, Visit&& visit) {
    const int n = int(h.rows());
    if (n != g.numVertices()) throw std::invalid_argument("one representation row per node expected");
    Eigen::VectorXd inv(n);
    for (int i = 0; i < n; ++i) {
        const double nr = h.row(i).norm();
        inv[i] = nr > 0 ? 1.0 / nr : 0.0;
    }
    const int block = 64;
    tbb::parallel_for(0, (n + block - 1) / block, [&](int b) {
        const int i0 = b * block, i1 = std::min(n, i0 + block);
        // rows i0..i1 against rows 0..i1 (lower triangle of the Gram matrix)
        const Eigen::MatrixXd gram = h.middleRows(i0, i1 - i0) * h.topRows(i1).transpose();
        for (int i = i0; i < i1; ++i) visit(i, i0, gram, inv);
    });
}

}  // namespace

std::vector<std::pair<double, char>> cosinePairScores(const Matrix& h, const Graph& g) {
    const int n = int(h.rows());
    std::vector<std::pair<double, char>> out(std::size_t(n) * std::size_t(std::max(n - 1, 0)) / 2);
    forEachRowOfPairs(h, g, [&](int i, int i0, const Eigen::MatrixXd& gram, const Eigen::VectorXd& inv) {
        std::size_t at = std::size_t(i) * (i - 1) / 2;  // pairs (i, j), j < i, start here
        const int* nb = g.neighborsBegin(i);
        const int* ne = g.neighborsEnd(i);
        for (int j = 0; j < i; ++j) {
            while (nb != ne && *nb < j) ++nb;
            const char edge = (nb != ne && *nb == j) ? 1 : 0;
            out[at + j] = {gram(i - i0, j) * inv[i] * inv[j], edge};
        }
    });
    return out;
}

AttackMetrics coseraAttack(const Matrix& h, const Graph& g) {
    // rankMetrics(cosinePairScores(h, g)) without the n²/2 scores in memory (58 MB on Cora, written and read once per
    // attack): one pass scores the edges, a second scores the non-edges against them. Each pass recomputes the Gram
    // blocks, which costs less than the memory traffic it saves, and gives the same bits.
    tbb::enumerable_thread_specific<std::vector<double>> edgeScores;
    forEachRowOfPairs(h, g, [&](int i, int i0, const Eigen::MatrixXd& gram, const Eigen::VectorXd& inv) {
        std::vector<double>& mine = edgeScores.local();
        for (const int* nb = g.neighborsBegin(i); nb != g.neighborsEnd(i) && *nb < i; ++nb) {
            const double x = gram(i - i0, *nb) * inv[i] * inv[*nb];
            if (std::isnan(x)) throw std::invalid_argument("attack scores must not be NaN");
            mine.push_back(x);
        }
    });
    std::vector<double> pos;
    for (const auto& part : edgeScores) pos.insert(pos.end(), part.begin(), part.end());
    if (pos.empty()) throw std::invalid_argument("attack metrics need both edges and non-edges");
    std::sort(pos.begin(), pos.end());
    Tallies tallies = talliesFor(pos.size());
    forEachRowOfPairs(h, g, [&](int i, int i0, const Eigen::MatrixXd& gram, const Eigen::VectorXd& inv) {
        NegativeTally& t = tallies.local();
        const int* nb = g.neighborsBegin(i);
        const int* ne = g.neighborsEnd(i);
        for (int j = 0; j < i; ++j) {
            while (nb != ne && *nb < j) ++nb;
            if (nb != ne && *nb == j) continue;  // an edge: scored in the first pass
            t.add(pos, gram(i - i0, j) * inv[i] * inv[j]);
        }
    });
    return metricsFrom(pos, tallies);
}

}  // namespace px::depthlab
