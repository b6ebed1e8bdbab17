#include "learn/Knn.h"

#include "learn/NeighbourMemo.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace px::learn {

Standardizer Standardizer::fit(const RowMatrix& train) {
    Standardizer s;
    const double n = std::max<double>(1, double(train.rows()));
    s.mean = train.colwise().sum() / n;
    s.scale.resize(train.cols());
    for (Eigen::Index j = 0; j < train.cols(); ++j) {
        const double var = (train.col(j).array() - s.mean(j)).square().sum() / std::max(1.0, n - 1);
        s.scale(j) = var > 0 ? 1.0 / std::sqrt(var) : 1.0;
    }
    return s;
}

RowMatrix Standardizer::apply(const RowMatrix& x) const {
    return ((x.rowwise() - mean).array().rowwise() * scale.array()).matrix();
}

namespace {
using Lanes = double __attribute__((vector_size(32)));  // four distances compared at once (GCC vector extension)

struct SelectionBuffers {
    RowMatrix dist;                            // a block's distances, up to the query norms
    std::vector<std::pair<double, int>> first; // a row's first k (distance, index) pairs, to sort
    std::vector<double> best;                  // the k smallest distances so far, ascending
    std::vector<int> nearest;                  // their training rows
};

// visit(q, nearest, k) with the k nearest training rows of query q: the k smallest (distance, index) pairs,
// in that order (so that a sum over them is the same whatever the selection's internals).
template <class Visit>
void searchNeighbours(const RowMatrix& train, const RowMatrix& queries, int k, Visit visit) {
    const Eigen::Index nt = train.rows(), nq = queries.rows();
    const Eigen::VectorXd trainNorm = train.rowwise().squaredNorm();
    const Eigen::Index block = 16;  // 16 × n_train distances stay in cache for the selection pass
    const RowMatrix trainT = train.transpose();  // d × nt, for the product with −2·queries
    tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, nq, block), [&](const tbb::blocked_range<Eigen::Index>& r) {
        const Eigen::Index rows = r.end() - r.begin();
        // Squared distances up to the query norm (constant per query: it does not change the order),
        // one contiguous row per query.
        // Buffers reused across blocks; named through one reference, so that the hot loop below does not look up
        // thread-local storage at every use (px_core is position-independent: each lookup is a call).
        thread_local SelectionBuffers buffers;
        SelectionBuffers& b = buffers;
        RowMatrix& dist = b.dist;
        std::vector<std::pair<double, int>>& first = b.first;
        std::vector<double>& best = b.best;
        std::vector<int>& nearest = b.nearest;
        dist.resize(rows, nt);
        dist.noalias() = (-2.0 * queries.middleRows(r.begin(), rows)) * trainT;
        const double* norm = trainNorm.data();
        best.resize(std::size_t(k));
        nearest.resize(std::size_t(k));
        for (Eigen::Index q = 0; q < rows; ++q) {
            // The k smallest (distance, index) pairs, kept sorted while the row is read once: a distance under the
            // largest kept one goes in after any equal ones, which have lower indices, so ties go to the lower index.
            // (Kept in a max-heap instead, the pops and pushes took a fifth of a COLLAB sweep's evaluation; a
            // threshold from a sample, then a selection among the rows under it, took ~10 % longer.)
            // The training norms are added as the row is read, eight at a time: a block with no distance under the
            // largest kept one (nearly all, once close neighbours are kept) costs one vector compare.
            const double* row = dist.row(q).data();
            first.clear();
            for (int i = 0; i < k; ++i) first.push_back({row[i] + norm[i], i});
            std::sort(first.begin(), first.end());
            for (int i = 0; i < k; ++i) {
                best[std::size_t(i)] = first[std::size_t(i)].first;
                nearest[std::size_t(i)] = first[std::size_t(i)].second;
            }
            double* const bestEnd = best.data() + k;
            const auto offer = [&](double d, Eigen::Index i) {
                if (!(d < bestEnd[-1])) return;
                double* at = std::upper_bound(best.data(), bestEnd - 1, d);
                const std::ptrdiff_t p = at - best.data();
                std::move_backward(at, bestEnd - 1, bestEnd);
                std::move_backward(nearest.begin() + p, nearest.end() - 1, nearest.end());
                *at = d;
                nearest[std::size_t(p)] = int(i);
            };
            Eigen::Index i = k;
            for (; i + 8 <= nt; i += 8) {
                Lanes lo, hi, dLo, dHi;
                std::memcpy(&lo, row + i, sizeof lo);
                std::memcpy(&hi, row + i + 4, sizeof hi);
                std::memcpy(&dLo, norm + i, sizeof dLo);
                std::memcpy(&dHi, norm + i + 4, sizeof dHi);
                dLo += lo;
                dHi += hi;
                const Lanes least = dLo < dHi ? dLo : dHi;
                const auto under = least < bestEnd[-1];
                if (!(under[0] | under[1] | under[2] | under[3])) continue;
                for (int j = 0; j < 4; ++j) offer(dLo[j], i + j);
                for (int j = 0; j < 4; ++j) offer(dHi[j], i + 4 + j);
            }
            for (; i < nt; ++i) offer(row[i] + norm[i], i);
            visit(r.begin() + q, nearest.data(), k);
        }
    });
}

// The same, through the neighbour memo when it is on (NeighbourMemo.h): a kept search with at least k per query
// answers with its prefixes.
template <class Visit>
void forEachNeighbourList(const RowMatrix& train, const RowMatrix& queries, int k, Visit visit) {
    const Eigen::Index nt = train.rows(), nq = queries.rows();
    k = int(std::min<Eigen::Index>(k, nt));
    if (k <= 0) return;
    if (neighbourMemoLimit() == 0) return searchNeighbours(train, queries, k, visit);
    const NeighbourKey key = neighbourKey(train.data(), nt, queries.data(), nq, train.cols());
    bool shorterKept = false;
    std::shared_ptr<const NeighbourLists> lists = findNeighbourLists(key, k, &shorterKept);
    if (!lists) {
        auto fresh = std::make_shared<NeighbourLists>();
        fresh->k = neighboursToKeep(k, nt, shorterKept);
        fresh->nearest.resize(std::size_t(nq) * std::size_t(fresh->k));
        searchNeighbours(train, queries, fresh->k, [&](Eigen::Index q, const int* nearest, int kept) {
            std::copy(nearest, nearest + kept, fresh->nearest.begin() + q * kept);
        });
        keepNeighbourLists(key, fresh);
        lists = std::move(fresh);
    }
    for (Eigen::Index q = 0; q < nq; ++q) visit(q, lists->nearest.data() + q * lists->k, k);
}
}  // namespace

std::vector<std::vector<int>> knnIndices(const RowMatrix& train, const RowMatrix& queries, int k) {
    std::vector<std::vector<int>> out(queries.rows());
    forEachNeighbourList(train, queries, k, [&](Eigen::Index q, const int* nb, int kk) { out[q].assign(nb, nb + kk); });
    return out;
}

Eigen::MatrixXd knnPredict(const RowMatrix& train, const Eigen::MatrixXd& trainLabels, const RowMatrix& queries,
                           const KnnParams& params) {
    const Eigen::Index tasks = trainLabels.cols();
    Eigen::MatrixXd pred(queries.rows(), tasks);
    // Missing labels: ask for more neighbours so that each task still sees about k labelled ones.
    double labelledFrac = 1.0;
    for (Eigen::Index t = 0; t < tasks; ++t) {
        long have = 0;
        for (Eigen::Index i = 0; i < trainLabels.rows(); ++i) have += !std::isnan(trainLabels(i, t));
        labelledFrac = std::min(labelledFrac, double(have) / std::max<Eigen::Index>(1, trainLabels.rows()));
    }
    const int kSearch = int(std::ceil(params.k / std::max(labelledFrac, 1e-3)));
    forEachNeighbourList(train, queries, kSearch, [&](Eigen::Index q, const int* nb, int kk) {
        for (Eigen::Index t = 0; t < tasks; ++t) {
            double sum = 0;
            int used = 0;
            for (int i = 0; i < kk && used < params.k; ++i) {
                const double y = trainLabels(nb[i], t);
                if (std::isnan(y)) continue;
                sum += y;
                ++used;
            }
            pred(q, t) = used ? sum / used : std::nan("");
        }
    });
    return pred;
}

}  // namespace px::learn
