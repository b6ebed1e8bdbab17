#include "gnn/PairAttack.h"

#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace px::gnn {

AttackMetrics rankMetrics(std::vector<std::pair<double, char>>& s) {
    long pos = 0;
    for (const auto& e : s) pos += e.second ? 1 : 0;
    const long neg = long(s.size()) - pos;
    if (pos == 0 || neg == 0) throw std::invalid_argument("attack metrics need both edges and non-edges");
    tbb::parallel_sort(s.begin(), s.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    // Walk groups of equal scores from the lowest. Cutting below a group declares it (and all
    // above) edges: FNR = positives strictly below / pos, FPR = negatives at or above / neg.
    double rankSumPos = 0;  // sum of mid-ranks of the positives (ranks from 1)
    long posBelow = 0, negBelow = 0;
    double err = 1.0;       // τ = +∞ or −∞ both give FPR + FNR = 1
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t j = i;
        long p = 0;
        while (j < s.size() && s[j].first == s[i].first) { p += s[j].second ? 1 : 0; ++j; }
        const long group = long(j - i);
        const double midRank = double(i + 1 + j) / 2.0;
        rankSumPos += midRank * double(p);
        err = std::min(err, double(posBelow) / pos + double(neg - negBelow) / neg);
        posBelow += p;
        negBelow += group - p;
        i = j;
    }
    AttackMetrics m;
    m.auroc = (rankSumPos - double(pos) * double(pos + 1) / 2.0) / (double(pos) * double(neg));
    m.err = err;
    return m;
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
