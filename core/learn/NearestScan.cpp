#include "learn/NearestScan.h"

#include <algorithm>
#include <cmath>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <vector>

namespace px::learn {

namespace {
using Packet = Eigen::internal::packet_traits<double>::type;  // the widest SIMD register Eigen uses on this build
constexpr int kLanes = int(sizeof(Packet) / sizeof(double));
constexpr int kQueries = 4;          // queries per pass over the training rows
constexpr int kWidth = 2 * kLanes;   // training rows per step
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// The k smallest (distance, index) pairs offered so far, ascending. Indices are offered in ascending order, so a
// distance equal to a kept one goes after it: ties to the lower index.
class SortedNearest {
public:
    explicit SortedNearest(int k) : k_(k), d_(std::size_t(k)), i_(std::size_t(k)) {}
    double bound() const { return bound_; }  // the k-th smallest distance so far (infinite until k are kept)
    void offer(double d, int i) {
        if (!(d < bound_)) return;
        // Insertion from the end: larger distances move up by one (a full list drops its largest); equal ones stay.
        int p = std::min(size_, k_ - 1);
        for (; p > 0 && d_[std::size_t(p - 1)] > d; --p) {
            d_[std::size_t(p)] = d_[std::size_t(p - 1)];
            i_[std::size_t(p)] = i_[std::size_t(p - 1)];
        }
        d_[std::size_t(p)] = d;
        i_[std::size_t(p)] = i;
        size_ = std::min(size_ + 1, k_);
        if (size_ == k_) bound_ = d_[std::size_t(k_ - 1)];
    }
    const int* indices() const { return i_.data(); }

private:
    int k_, size_ = 0;
    double bound_ = INFINITY;
    std::vector<double> d_;
    std::vector<int> i_;
};

// Bit l set where lane l of d is below the bound (false for NaN, like the scalar d < bound).
inline unsigned lanesBelow(const Packet& d, double bound) {
#if defined(EIGEN_VECTORIZE_AVX512)
    return unsigned(_mm512_cmp_pd_mask(d, _mm512_set1_pd(bound), _CMP_LT_OQ));
#elif defined(EIGEN_VECTORIZE_AVX)
    return unsigned(_mm256_movemask_pd(_mm256_cmp_pd(d, _mm256_set1_pd(bound), _CMP_LT_OQ)));
#elif defined(EIGEN_VECTORIZE_SSE2)
    return unsigned(_mm_movemask_pd(_mm_cmplt_pd(d, _mm_set1_pd(bound))));
#else
    double v[kLanes];
    Eigen::internal::pstoreu(v, d);
    unsigned bits = 0;
    for (int l = 0; l < kLanes; ++l) bits |= unsigned(v[l] < bound) << l;
    return bits;
#endif
}

// One step: the distances of kQueries queries to kWidth training rows (columns of t, row stride `stride`), offered
// to each query's list. Only the first `valid` rows and `count` queries are real (the rest is zero padding).
void step(const double* t, Eigen::Index stride, Eigen::Index dims, const double* norm, int valid, int firstIndex,
          const double* const* q, int count, std::vector<SortedNearest>& lists) {
    using namespace Eigen::internal;
    static_assert(kQueries == 4, "the accumulators below are written out for four queries");
    // Eight named accumulators (not an array), so that they stay in registers through the loop.
    Packet a0 = pset1<Packet>(0.0), b0 = a0, a1 = a0, b1 = a0, a2 = a0, b2 = a0, a3 = a0, b3 = a0;
    const double *q0 = q[0], *q1 = q[1], *q2 = q[2], *q3 = q[3];
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
    const Packet minusTwo = pset1<Packet>(-2.0), n0 = ploadu<Packet>(norm), n1 = ploadu<Packet>(norm + kLanes);
    const unsigned real = valid >= kWidth ? (1u << kWidth) - 1 : (1u << valid) - 1;
    // Query a's distances to the step's rows, offered where they are under its bound (written out per query, so
    // that the accumulators are never stored to memory).
    const auto offerUnder = [&](int a, const Packet& lo, const Packet& hi) {
        SortedNearest& list = lists[std::size_t(a)];
        const Packet d0 = padd(pmul(minusTwo, lo), n0), d1 = padd(pmul(minusTwo, hi), n1);
        unsigned under = (lanesBelow(d0, list.bound()) | lanesBelow(d1, list.bound()) << kLanes) & real;
        if (!under) return;  // the usual case, once the lists are close
        double d[kWidth];
        pstoreu(d, d0);
        pstoreu(d + kLanes, d1);
        for (; under; under &= under - 1) {  // each offer checks again, against the bound as it tightens
            const int l = __builtin_ctz(under);
            list.offer(d[l], firstIndex + l);
        }
    };
    offerUnder(0, a0, b0);
    if (count > 1) offerUnder(1, a1, b1);
    if (count > 2) offerUnder(2, a2, b2);
    if (count > 3) offerUnder(3, a3, b3);
}

// Queries [first, first + count) (count ≤ kQueries) against every training row.
void scanQueries(const RowMatrix& trainT, const Eigen::VectorXd& norm, const RowMatrix& queries, Eigen::Index first, int count,
                 int k, int* out) {
    const Eigen::Index dims = trainT.rows(), nt = trainT.cols();
    const std::vector<double> zeros(std::size_t(dims), 0.0);
    const double* q[kQueries];
    for (int a = 0; a < kQueries; ++a) q[a] = a < count ? queries.row(first + a).data() : zeros.data();
    std::vector<SortedNearest> lists(kQueries, SortedNearest(k));
    Eigen::Index i = 0;
    for (; i + kWidth <= nt; i += kWidth) step(trainT.data() + i, nt, dims, norm.data() + i, kWidth, int(i), q, count, lists);
    if (i < nt) {  // the last rows, zero-padded to a full step
        const int valid = int(nt - i);
        std::vector<double> tail(std::size_t(dims * kWidth), 0.0), tailNorm(kWidth, 0.0);
        for (Eigen::Index j = 0; j < dims; ++j)
            for (int l = 0; l < valid; ++l) tail[std::size_t(j * kWidth + l)] = trainT(j, i + l);
        for (int l = 0; l < valid; ++l) tailNorm[std::size_t(l)] = norm(i + l);
        step(tail.data(), kWidth, dims, tailNorm.data(), valid, int(i), q, count, lists);
    }
    for (int a = 0; a < count; ++a) std::copy(lists[std::size_t(a)].indices(), lists[std::size_t(a)].indices() + k, out + (first + a) * k);
}
}  // namespace

void kNearestRows(const RowMatrix& train, const RowMatrix& queries, int k, int* out) {
    const Eigen::Index nq = queries.rows();
    const Eigen::VectorXd norm = train.rowwise().squaredNorm();
    const RowMatrix trainT = train.transpose();  // features × training rows: each step reads contiguous rows
    const Eigen::Index groups = (nq + kQueries - 1) / kQueries;
    tbb::parallel_for(tbb::blocked_range<Eigen::Index>(0, groups, 4), [&](const tbb::blocked_range<Eigen::Index>& r) {
        for (Eigen::Index g = r.begin(); g < r.end(); ++g) {
            const Eigen::Index first = g * kQueries;
            scanQueries(trainT, norm, queries, first, int(std::min<Eigen::Index>(kQueries, nq - first)), k, out);
        }
    });
}

}  // namespace px::learn
