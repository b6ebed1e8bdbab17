// Exact k-nearest-neighbour learners and feature standardisation (Knn.h).
#include "learn/Knn.h"

#include "learn/NearestScan.h"
#include "learn/NeighbourMemo.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>

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
// visit(q, nearest, k) with the k nearest training rows of query q: the k smallest (distance, index) pairs,
// in that order (so that a sum over them is the same whatever the selection's internals).
template <class Visit>
void searchNeighbours(const RowMatrix& train, const RowMatrix& queries, int k, Visit visit) {
    std::vector<int> nearest(std::size_t(queries.rows()) * std::size_t(k));
    kNearestRows(train, queries, k, nearest.data());
    for (Eigen::Index q = 0; q < queries.rows(); ++q) visit(q, nearest.data() + q * k, k);
}

// The same, through the neighbour memo when it is on (NeighbourMemo.h): a kept search with at least k per query
// answers with its prefixes.
template <class Visit>
void forEachNeighbourList(const RowMatrix& train, const RowMatrix& queries, int k, bool exploringK, Visit visit) {
    const Eigen::Index nt = train.rows(), nq = queries.rows();
    k = int(std::min<Eigen::Index>(k, nt));
    if (k <= 0) return;
    if (neighbourMemoLimit() == 0) return searchNeighbours(train, queries, k, visit);
    const NeighbourKey key = neighbourKey(train.data(), nt, queries.data(), nq, train.cols());
    bool shorterKept = false;
    std::shared_ptr<const NeighbourLists> lists = findNeighbourLists(key, k, &shorterKept);
    if (!lists) {
        auto fresh = std::make_shared<NeighbourLists>();
        fresh->k = neighboursToKeep(k, nt, shorterKept, exploringK);
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

std::vector<std::vector<int>> knnIndices(const RowMatrix& train, const RowMatrix& queries, int k, bool exploringK) {
    std::vector<std::vector<int>> out(queries.rows());
    forEachNeighbourList(train, queries, k, exploringK, [&](Eigen::Index q, const int* nb, int kk) { out[q].assign(nb, nb + kk); });
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
    forEachNeighbourList(train, queries, kSearch, params.exploringK, [&](Eigen::Index q, const int* nb, int kk) {
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
