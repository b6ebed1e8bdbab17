// Noisy aggregation layers and the Theorem 6.1 error bound of [Wu et al. 2024] (NoisyAggregation.h).
#include "depthlab/NoisyAggregation.h"

#include <Eigen/QR>
#include <tbb/parallel_for.h>

#include <cmath>
#include <stdexcept>

namespace px::depthlab {

const char* toString(Aggregation a) {
    switch (a) {
    case Aggregation::Sum: return "sum";
    case Aggregation::Mean: return "mean";
    case Aggregation::Gcn: return "gcn";
    case Aggregation::Max: return "max";
    }
    return "?";
}

Aggregation aggregationFromString(const std::string& s) {
    for (Aggregation a : {Aggregation::Sum, Aggregation::Mean, Aggregation::Gcn, Aggregation::Max})
        if (s == toString(a)) return a;
    throw std::invalid_argument("unknown aggregation '" + s + "' (expected sum, mean, gcn or max)");
}

double nagConstant(Aggregation a) { return a == Aggregation::Max ? 4.0 : 1.0; }

double nagErrorLowerBound(Aggregation a, double opNormSquaredSum, double sigma) {
    if (!(sigma > 0)) return 0.0;
    const double kl = nagConstant(a) * opNormSquaredSum / (sigma * sigma);
    // 1 − √(1 − e^(−KL)), written to keep precision for large KL
    return 1.0 - std::sqrt(-std::expm1(-kl));
}

Matrix randomOrthogonal(int d, Rng& rng) {
    Eigen::MatrixXd z(d, d);
    for (long i = 0; i < z.size(); ++i) z.data()[i] = rng.normal();
    Eigen::HouseholderQR<Eigen::MatrixXd> qr(z);
    Eigen::MatrixXd q = qr.householderQ();
    const Eigen::MatrixXd r = qr.matrixQR();
    for (int j = 0; j < d; ++j)
        if (r(j, j) < 0) q.col(j) = -q.col(j);  // makes the law Haar (Mezzadri 2007)
    return q;
}

Matrix noisyAggregation(const Graph& g, const Matrix& x, const NagParams& p, Rng& rng) {
    const int n = g.numVertices();
    if (x.rows() != n) throw std::invalid_argument("one feature row per node expected");
    if (p.depth < 1 || p.sigma < 0 || p.opNorm <= 0) throw std::invalid_argument("NAG needs depth >= 1, sigma >= 0, norm > 0");
    const int d = int(x.cols());
    Matrix h = x;
    for (int l = 0; l < p.depth; ++l) {
        Matrix u = h;
        for (int v = 0; v < n; ++v) {
            const double nr = u.row(v).norm();
            if (nr > 0) u.row(v) /= nr;
        }
        Matrix agg(n, d);
        tbb::parallel_for(0, n, [&](int v) {
            auto row = agg.row(v);
            const double dv = g.degree(v) + 1.0;
            switch (p.aggregation) {
            case Aggregation::Max:
                row = u.row(v);
                for (const int* w = g.neighborsBegin(v); w != g.neighborsEnd(v); ++w) row = row.cwiseMax(u.row(*w));
                break;
            case Aggregation::Gcn:
                row = u.row(v) / dv;
                for (const int* w = g.neighborsBegin(v); w != g.neighborsEnd(v); ++w)
                    row += u.row(*w) / std::sqrt(dv * (g.degree(*w) + 1.0));
                break;
            default:
                row = u.row(v);
                for (const int* w = g.neighborsBegin(v); w != g.neighborsEnd(v); ++w) row += u.row(*w);
                if (p.aggregation == Aggregation::Mean) row /= dv;
            }
        });
        const Matrix w = p.opNorm * randomOrthogonal(d, rng);
        h = agg * w.transpose();
        for (long i = 0; i < h.size(); ++i) h.data()[i] += p.sigma * rng.normal();
    }
    return h;
}

}  // namespace px::depthlab
