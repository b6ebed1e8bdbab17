// The SIMD nearest-row scan with projection pruning behind kNN (NearestScan.h).
#include "learn/NearestScan.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <vector>

namespace px::learn {

namespace {
using Packet = Eigen::internal::packet_traits<double>::type;  // the widest SIMD register Eigen uses on this build
constexpr int kLanes = int(sizeof(Packet) / sizeof(double));
constexpr int kQueries = 4;          // queries per pass over the training rows
constexpr int kWidth = 2 * kLanes;   // training rows per step (a block)
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// The k smallest (distance, training index) pairs offered so far, ascending, compared as pairs: ties go to the lower
// index whatever order the rows are offered in. Only distances below +∞ are kept (a NaN never is).
class SortedNearest {
public:
    explicit SortedNearest(int k) : k_(k), d_(std::size_t(k)), i_(std::size_t(k)) {}
    double bound() const { return bound_; }  // the k-th smallest distance so far (infinite until k are kept)
    void offer(double d, int i) {
        if (!(d < bound_ || (d == bound_ && size_ == k_ && i < boundIndex_))) return;
        // Insertion from the end: larger pairs move up by one (a full list drops its largest).
        int p = std::min(size_, k_ - 1);
        for (; p > 0 && (d_[std::size_t(p - 1)] > d || (d_[std::size_t(p - 1)] == d && i_[std::size_t(p - 1)] > i)); --p) {
            d_[std::size_t(p)] = d_[std::size_t(p - 1)];
            i_[std::size_t(p)] = i_[std::size_t(p - 1)];
        }
        d_[std::size_t(p)] = d;
        i_[std::size_t(p)] = i;
        size_ = std::min(size_ + 1, k_);
        if (size_ == k_) {
            bound_ = d_[std::size_t(k_ - 1)];
            boundIndex_ = i_[std::size_t(k_ - 1)];
        }
    }
    const int* indices() const { return i_.data(); }

private:
    int k_, size_ = 0, boundIndex_ = INT_MAX;
    double bound_ = INFINITY;
    std::vector<double> d_;
    std::vector<int> i_;
};

// Bit l set where lane l of d is at most the bound (false for NaN). At most, not below: a row at the bound's
// distance with a lower index than the bound's row still enters (SortedNearest::offer decides).
inline unsigned lanesAtMost(const Packet& d, double bound) {
#if defined(EIGEN_VECTORIZE_AVX512)
    return unsigned(_mm512_cmp_pd_mask(d, _mm512_set1_pd(bound), _CMP_LE_OQ));
#elif defined(EIGEN_VECTORIZE_AVX)
    return unsigned(_mm256_movemask_pd(_mm256_cmp_pd(d, _mm256_set1_pd(bound), _CMP_LE_OQ)));
#elif defined(EIGEN_VECTORIZE_SSE2)
    return unsigned(_mm_movemask_pd(_mm_cmple_pd(d, _mm_set1_pd(bound))));
#else
    double v[kLanes];
    Eigen::internal::pstoreu(v, d);
    unsigned bits = 0;
    for (int l = 0; l < kLanes; ++l) bits |= unsigned(v[l] <= bound) << l;
    return bits;
#endif
}

// The training rows reordered by their projection on the first principal direction (the key), transposed and padded
// to whole blocks, with what the search needs to skip blocks whose keys are too far from a query's.
struct SortedTraining {
    RowMatrix t;                  // features × padded rows, in key order
    std::vector<double> norm;     // ‖t‖² of each (padded: 0)
    std::vector<double> key;      // ascending
    std::vector<int> index;       // the row's index in the caller's training matrix
    Eigen::VectorXd direction;    // unit vector; keys are direction · row
    double maxNorm = 0;
    bool prune = false;           // all values finite: key distances bound the distances
    Eigen::Index rows = 0;        // real rows
};

Eigen::VectorXd principalDirection(const RowMatrix& train) {
    const Eigen::Index dims = train.cols();
    if (dims == 1 || train.rows() < 2) return Eigen::VectorXd::Unit(dims, 0);
    const Eigen::MatrixXd centred = train.rowwise() - train.colwise().mean();
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(centred.transpose() * centred);
    Eigen::VectorXd p = eig.eigenvectors().col(dims - 1);  // the largest eigenvalue comes last
    return p.allFinite() && p.norm() > 0 ? Eigen::VectorXd(p / p.norm()) : Eigen::VectorXd::Unit(dims, 0);
}

// The indices in ascending order of (key, index) (the keys are finite).
void sortByKey(std::vector<int>& indices, const Eigen::VectorXd& keys) {
    std::vector<std::pair<double, int>> pairs(indices.size());
    for (std::size_t r = 0; r < indices.size(); ++r) pairs[r] = {keys(indices[r]), indices[r]};
    std::sort(pairs.begin(), pairs.end());
    for (std::size_t r = 0; r < indices.size(); ++r) indices[r] = pairs[r].second;
}

SortedTraining sortTraining(const RowMatrix& train) {
    SortedTraining s;
    const Eigen::Index nt = train.rows(), dims = train.cols(), padded = (nt + kWidth - 1) / kWidth * kWidth;
    s.rows = nt;
    s.prune = train.allFinite();
    s.direction = s.prune ? principalDirection(train) : Eigen::VectorXd::Zero(dims);
    const Eigen::VectorXd keys = train * s.direction;
    const Eigen::VectorXd norms = train.rowwise().squaredNorm();  // the distances' ‖t‖², as computed for the caller's order
    s.index.resize(std::size_t(nt));
    std::iota(s.index.begin(), s.index.end(), 0);
    if (s.prune) sortByKey(s.index, keys);
    s.t = RowMatrix::Zero(dims, padded);
    s.norm.assign(std::size_t(padded), 0.0);
    s.key.resize(std::size_t(nt));
    for (Eigen::Index r = 0; r < nt; ++r) {
        const int i = s.index[std::size_t(r)];
        s.t.col(r) = train.row(i).transpose();
        s.norm[std::size_t(r)] = norms(i);
        s.key[std::size_t(r)] = keys(i);
        s.maxNorm = std::max(s.maxNorm, norms(i));
    }
    return s;
}

// A group of up to kQueries queries searched together, with each one's key, ‖q‖² and the rounding margin.
struct QueryGroup {
    const double* q[kQueries];
    double key[kQueries] = {}, norm[kQueries] = {}, margin[kQueries] = {};
    int count = 0;
};

// One block: the distances of the group's queries to kWidth training rows (from position `first` of the sorted
// rows), offered to each query's list where they can enter it.
void step(const SortedTraining& s, Eigen::Index first, const QueryGroup& g, std::vector<SortedNearest>& lists) {
    using namespace Eigen::internal;
    static_assert(kQueries == 4, "the accumulators below are written out for four queries");
    const Eigen::Index dims = s.t.rows(), stride = s.t.cols();
    const double* t = s.t.data() + first;
    // Eight named accumulators (not an array), so that they stay in registers through the loop.
    Packet a0 = pset1<Packet>(0.0), b0 = a0, a1 = a0, b1 = a0, a2 = a0, b2 = a0, a3 = a0, b3 = a0;
    const double *q0 = g.q[0], *q1 = g.q[1], *q2 = g.q[2], *q3 = g.q[3];
    for (Eigen::Index j = 0; j < dims; ++j) {
        const Packet t0 = ploadu<Packet>(t + j * stride), t1 = ploadu<Packet>(t + j * stride + kLanes);
        Packet x = pset1<Packet>(q0[j]);
        a0 = pmadd(x, t0, a0);
        b0 = pmadd(x, t1, b0);
        x = pset1<Packet>(q1[j]);
        a1 = pmadd(x, t0, a1);
        b1 = pmadd(x, t1, b1);
        x = pset1<Packet>(q2[j]);
        a2 = pmadd(x, t0, a2);
        b2 = pmadd(x, t1, b2);
        x = pset1<Packet>(q3[j]);
        a3 = pmadd(x, t0, a3);
        b3 = pmadd(x, t1, b3);
    }
    const Packet minusTwo = pset1<Packet>(-2.0), n0 = ploadu<Packet>(s.norm.data() + first),
                 n1 = ploadu<Packet>(s.norm.data() + first + kLanes);
    const Eigen::Index valid = std::min<Eigen::Index>(kWidth, s.rows - first);
    const unsigned real = valid >= kWidth ? (1u << kWidth) - 1 : (1u << valid) - 1;
    // Query a's distances ‖t‖² − 2 q·t, offered where they may enter its list (written out per query, so that the
    // accumulators are never stored to memory).
    const auto offer = [&](int a, const Packet& lo, const Packet& hi) {
        SortedNearest& list = lists[std::size_t(a)];
        const Packet d0 = padd(pmul(minusTwo, lo), n0), d1 = padd(pmul(minusTwo, hi), n1);
        unsigned under = (lanesAtMost(d0, list.bound()) | lanesAtMost(d1, list.bound()) << kLanes) & real;
        if (!under) return;  // the usual case, once the lists are close
        double d[kWidth];
        pstoreu(d, d0);
        pstoreu(d + kLanes, d1);
        for (; under; under &= under - 1) {  // each offer checks again, against the bound as it tightens
            const int l = __builtin_ctz(under);
            list.offer(d[l], s.index[std::size_t(first + l)]);
        }
    };
    offer(0, a0, b0);
    if (g.count > 1) offer(1, a1, b1);
    if (g.count > 2) offer(2, a2, b2);
    if (g.count > 3) offer(3, a3, b3);
}

// Whether no row of the block can enter any of the group's lists: for a unit direction p, ‖q − t‖² ≥ (p·q − p·t)²,
// so a row's distance ‖t‖² − 2 q·t = ‖q − t‖² − ‖q‖² is at least gap² − ‖q‖²; the margin covers the rounding of the
// computed distance and keys, far above it, so that a row that would enter is never skipped.
bool blockOutOfReach(const SortedTraining& s, Eigen::Index first, const QueryGroup& g, const std::vector<SortedNearest>& lists) {
    const double lo = s.key[std::size_t(first)], hi = s.key[std::size_t(std::min(first + kWidth, s.rows) - 1)];
    for (int a = 0; a < g.count; ++a) {
        const double gap = std::max({0.0, lo - g.key[a], g.key[a] - hi});
        if (!(gap * gap - g.norm[a] - g.margin[a] > lists[std::size_t(a)].bound())) return false;
    }
    return true;
}

// The group's queries against the training rows: from the block nearest their keys outwards, each side until a
// block is out of reach of every query (the blocks beyond it are farther still); every block when not pruning.
void scanGroup(const SortedTraining& s, const QueryGroup& g, std::vector<SortedNearest>& lists) {
    const Eigen::Index blocks = (s.rows + kWidth - 1) / kWidth;
    if (!s.prune) {
        for (Eigen::Index b = 0; b < blocks; ++b) step(s, b * kWidth, g, lists);
        return;
    }
    const double centre = g.key[g.count / 2];
    const Eigen::Index at = std::lower_bound(s.key.begin(), s.key.end(), centre) - s.key.begin();
    Eigen::Index right = std::min(at / kWidth, blocks - 1), left = right - 1;
    bool goRight = true, goLeft = left >= 0;
    while (goRight || goLeft) {
        if (goRight) {
            if (blockOutOfReach(s, right * kWidth, g, lists)) goRight = false;
            else step(s, right * kWidth, g, lists);
            goRight = goRight && ++right < blocks;
        }
        if (goLeft) {
            if (blockOutOfReach(s, left * kWidth, g, lists)) goLeft = false;
            else step(s, left * kWidth, g, lists);
            goLeft = goLeft && --left >= 0;
        }
    }
}
}  // namespace

void kNearestRows(const RowMatrix& train, const RowMatrix& queries, int k, int* out) {
    const Eigen::Index nq = queries.rows(), dims = train.cols();
    if (dims == 0) {  // no feature: every distance is 0, so each query's k nearest are the k lowest indices
        for (Eigen::Index q = 0; q < nq; ++q) std::iota(out + q * k, out + (q + 1) * k, 0);
        return;
    }
    const SortedTraining s = sortTraining(train);
    const Eigen::VectorXd qKeys = queries * s.direction, qNorms = queries.rowwise().squaredNorm();
    const bool prune = s.prune && queries.allFinite();
    std::vector<int> order(static_cast<std::size_t>(nq));  // queries by key, so that a group's queries are near one another
    std::iota(order.begin(), order.end(), 0);
    if (prune) sortByKey(order, qKeys);
    const std::vector<double> zeros(std::size_t(dims), 0.0);
    const Eigen::Index groups = (nq + kQueries - 1) / kQueries;
    tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, groups, 4), [&](const tbb::blocked_range<Eigen::Index>& r) {
        for (Eigen::Index gi = r.begin(); gi < r.end(); ++gi) {
            QueryGroup g;
            g.count = int(std::min<Eigen::Index>(kQueries, nq - gi * kQueries));
            for (int a = 0; a < kQueries; ++a) {
                const int q = a < g.count ? order[std::size_t(gi * kQueries + a)] : -1;
                g.q[a] = q >= 0 ? queries.row(q).data() : zeros.data();
                if (q < 0) continue;
                g.key[a] = qKeys(q);
                g.norm[a] = qNorms(q);
                g.margin[a] = prune ? 1e-9 * (1.0 + qNorms(q) + s.maxNorm) : INFINITY;
            }
            std::vector<SortedNearest> lists(kQueries, SortedNearest(k));
            scanGroup(s, g, lists);
            for (int a = 0; a < g.count; ++a) {
                const int q = order[std::size_t(gi * kQueries + a)];
                std::copy(lists[std::size_t(a)].indices(), lists[std::size_t(a)].indices() + k, out + std::size_t(q) * std::size_t(k));
            }
        }
    });
}

}  // namespace px::learn
