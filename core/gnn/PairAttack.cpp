#include "gnn/PairAttack.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace px::gnn {

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
    const long P = long(pos.size()), N = long(s.size()) - P;
    if (P == 0 || N == 0) throw std::invalid_argument("attack metrics need both edges and non-edges");
    std::sort(pos.begin(), pos.end());
    struct Partial {
        std::vector<long> atUpper;  // negatives x by #positives ≤ x
        double wins = 0;            // Σ #pos > x + ½ #pos = x
    };
    tbb::enumerable_thread_specific<Partial> parts([&] { return Partial{std::vector<long>(P + 1, 0), 0.0}; });
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, s.size(), 1 << 14), [&](const tbb::blocked_range<std::size_t>& r) {
        Partial& part = parts.local();
        for (std::size_t i = r.begin(); i != r.end(); ++i) {
            if (s[i].second) continue;
            const double x = s[i].first;
            const long up = long(std::upper_bound(pos.begin(), pos.end(), x) - pos.begin());
            long low = up;
            while (low > 0 && pos[low - 1] == x) --low;  // ties with positives (rare)
            ++part.atUpper[up];
            part.wins += double(P - up) + 0.5 * double(up - low);
        }
    });
    std::vector<long> atUpper(P + 1, 0);
    double wins = 0;
    for (const Partial& part : parts) {
        for (long k = 0; k <= P; ++k) atUpper[k] += part.atUpper[k];
        wins += part.wins;
    }
    // negatives with score ≥ pos[k] are those with #positives ≤ x at least k + 1
    std::vector<long> negAbove(P + 2, 0);  // negAbove[k] = Σ_{u ≥ k} atUpper[u]
    for (long k = P; k >= 0; --k) negAbove[k] = negAbove[k + 1] + atUpper[k];
    double err = 1.0;
    for (long k = 0; k < P; ++k) {
        if (k > 0 && pos[k] == pos[k - 1]) continue;  // one threshold per distinct score
        err = std::min(err, double(k) / P + double(negAbove[k + 1]) / N);
    }
    return {wins / (double(P) * double(N)), err};
}

std::vector<std::pair<double, char>> cosinePairScores(const Matrix& h, const Graph& g) {
    const int n = int(h.rows());
    if (n != g.numVertices()) throw std::invalid_argument("one representation row per node expected");
    Eigen::VectorXd inv(n);
    for (int i = 0; i < n; ++i) {
        const double nr = h.row(i).norm();
        inv[i] = nr > 0 ? 1.0 / nr : 0.0;
    }
    std::vector<std::pair<double, char>> out(std::size_t(n) * (n - 1) / 2);
    const int block = 64;
    tbb::parallel_for(0, (n + block - 1) / block, [&](int b) {
        const int i0 = b * block, i1 = std::min(n, i0 + block);
        // rows i0..i1 against rows 0..i1 (lower triangle of the Gram matrix)
        const Eigen::MatrixXd gram = h.middleRows(i0, i1 - i0) * h.topRows(i1).transpose();
        for (int i = i0; i < i1; ++i) {
            std::size_t at = std::size_t(i) * (i - 1) / 2;  // pairs (i, j), j < i, start here
            const int* nb = g.neighborsBegin(i);
            const int* ne = g.neighborsEnd(i);
            for (int j = 0; j < i; ++j) {
                while (nb != ne && *nb < j) ++nb;
                const char edge = (nb != ne && *nb == j) ? 1 : 0;
                out[at + j] = {gram(i - i0, j) * inv[i] * inv[j], edge};
            }
        }
    });
    return out;
}

AttackMetrics coseraAttack(const Matrix& h, const Graph& g) {
    auto s = cosinePairScores(h, g);
    return rankMetrics(s);
}

}  // namespace px::gnn
