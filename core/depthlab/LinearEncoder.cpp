// COSERA's linear GNN encoder H = P^L X W₁⋯W_L (LinearEncoder.h).
#include "depthlab/LinearEncoder.h"

#include "common/Error.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <stdexcept>

namespace px::depthlab {

const char* toString(WeightKind w) { return w == WeightKind::Identity ? "identity" : "gaussian"; }

WeightKind weightKindFromString(const std::string& s) {
    if (s == "identity") return WeightKind::Identity;
    if (s == "gaussian" || s == "random") return WeightKind::Gaussian;
    throw std::invalid_argument("unknown weights '" + s + "' (expected identity or gaussian)");
}

Matrix meanPropagate(const Graph& g, const Matrix& m) {
    const int n = g.numVertices();
    Matrix out(n, m.cols());
    tbb::parallel_for(0, n, [&](int v) {
        auto row = out.row(v);
        row = m.row(v);
        for (const int* u = g.neighborsBegin(v); u != g.neighborsEnd(v); ++u) row += m.row(*u);
        row /= double(g.degree(v) + 1);
    });
    return out;
}

double chiSquare(Rng& rng, double k) {
    // χ²_k = 2·Gamma(k/2, 1). Marsaglia & Tsang (2000); shape < 1 boosted by U^(1/shape).
    double shape = k / 2.0, boost = 1.0;
    if (shape < 1.0) {
        boost = std::pow(1.0 - rng.uniform(), 1.0 / shape);
        shape += 1.0;
    }
    const double dd = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * dd);
    for (;;) {
        double x, v;
        do { x = rng.normal(); v = 1.0 + c * x; } while (v <= 0);
        v = v * v * v;
        const double u = 1.0 - rng.uniform();
        if (std::log(u) < 0.5 * x * x + dd - dd * v + dd * std::log(v)) return 2.0 * dd * v * boost;
    }
}

Matrix bartlettFactor(int n, int d, Rng& rng) {
    if (d < n) throw std::invalid_argument("the Bartlett factor needs d >= n");
    Matrix t = Matrix::Zero(n, n);
    const std::uint64_t key = rng.next();  // rows drawn in parallel from keyed sub-streams
    tbb::parallel_for(0, n, [&](int i) {
        Rng row(key, "bartlett row", std::uint64_t(i));
        t(i, i) = std::sqrt(chiSquare(row, double(d - i)));
        for (int j = 0; j < i; ++j) t(i, j) = row.normal();
    });
    return t;
}

// Block (I, J) of the result, I ≥ J, is r[I, j0 : i1] · t[j0 : i1, J]: only the triangles are touched, about n³/6
// multiply-adds as small dense GEMMs, column blocks in parallel.
Matrix lowerTriangularProduct(const Matrix& r, const Matrix& t) {
    const long n = r.rows(), block = 64, blocks = (n + block - 1) / block;
    Matrix out = Matrix::Zero(n, n);
    tbb::parallel_for(0L, blocks, [&](long jb) {
        const long j0 = jb * block, w = std::min(block, n - j0);
        for (long i0 = j0; i0 < n; i0 += block) {
            const long h = std::min(block, n - i0), inner = i0 + h - j0;
            out.block(i0, j0, h, w).noalias() = r.block(i0, j0, h, inner) * t.block(j0, j0, inner, w);
        }
    }, tbb::simple_partitioner());
    return out;
}

namespace {

Matrix gaussianMatrix(int rows, int cols, double sd, Rng& rng) {
    Matrix w(rows, cols);
    const std::uint64_t key = rng.next();  // rows drawn in parallel from keyed sub-streams
    tbb::parallel_for(0, rows, [&](int i) {
        Rng row(key, "gaussian row", std::uint64_t(i));
        for (int j = 0; j < cols; ++j) w(i, j) = sd * row.normal();
    });
    return w;
}

// a · b with rows of a split over threads (Eigen is single-threaded here).
Matrix parallelProduct(const Matrix& a, const Matrix& b) {
    Matrix out(a.rows(), b.cols());
    const long block = 64;
    tbb::parallel_for(0L, (a.rows() + block - 1) / block, [&](long k) {
        const long r0 = k * block, r = std::min(block, a.rows() - r0);
        out.middleRows(r0, r).noalias() = a.middleRows(r0, r) * b;
    });
    return out;
}

// P^l · m by l mean-propagation steps.
Matrix propagateTimes(const Graph& g, Matrix m, int l) {
    for (int i = 0; i < l; ++i) m = meanPropagate(g, m);
    return m;
}

}  // namespace

void linearEncoderSeries(const Graph& g, int d, int maxDepth, WeightKind weights, EncoderSampling sampling, Rng& rng,
                         const std::function<void(int, const Matrix&)>& visit, const Progress& progress,
                         int firstVisited) {
    const int n = g.numVertices();
    if (d < 1 || maxDepth < 1 || n < 2) throw std::invalid_argument("encoder needs d >= 1, depth >= 1, n >= 2");
    const bool factor = sampling == EncoderSampling::GramFactor || (sampling == EncoderSampling::Auto && d >= n);
    if (factor && d < n) throw std::invalid_argument("Gram-factor sampling needs d >= n");
    const double s = std::sqrt(2.0 / d);  // He initialisation
    if (factor && weights == WeightKind::Gaussian) {
        // F_l = s·P·F_{l−1}·T_l unrolls to s^l · P^l · (T_0 T_1 ⋯ T_l): keep the triangular product
        // R_l and apply P^l afresh for every visited depth (sparse, cheap next to the products).
        Matrix r = bartlettFactor(n, d, rng);
        for (int l = 1; l <= maxDepth; ++l) {
            if (progress.cancelled()) throw Cancelled();
            r = lowerTriangularProduct(r, bartlettFactor(n, d, rng));
            r *= s;
            if (l >= firstVisited) visit(l, propagateTimes(g, r, l));
        }
        return;
    }
    Matrix h = factor ? bartlettFactor(n, d, rng) : gaussianMatrix(n, d, 1.0, rng);
    for (int l = 1; l <= maxDepth; ++l) {
        if (progress.cancelled()) throw Cancelled();
        h = meanPropagate(g, h);
        if (weights == WeightKind::Gaussian) h = parallelProduct(h, gaussianMatrix(d, d, s, rng));
        if (l >= firstVisited) visit(l, h);
    }
}

Matrix linearEncoder(const Graph& g, const Matrix& x, int depth, WeightKind weights, Rng& rng) {
    if (x.rows() != g.numVertices()) throw std::invalid_argument("one feature row per node expected");
    const int d = int(x.cols());
    Matrix h = x;
    for (int l = 1; l <= depth; ++l) {
        h = meanPropagate(g, h);
        if (weights == WeightKind::Gaussian) h = parallelProduct(h, gaussianMatrix(d, d, std::sqrt(2.0 / d), rng));
    }
    return h;
}

AttackMetrics coseraConfiguration(const Graph& g, int d, int depth, WeightKind weights, EncoderSampling sampling,
                                  Rng& rng, const Progress& progress) {
    AttackMetrics m;
    linearEncoderSeries(
        g, d, depth, weights, sampling, rng, [&](int, const Matrix& h) { m = coseraAttack(h, g); }, progress, depth);
    return m;
}

std::vector<AttackMetrics> coseraDepthSeries(const Graph& g, int d, int maxDepth, WeightKind weights,
                                             EncoderSampling sampling, Rng& rng, const Progress& progress) {
    std::vector<AttackMetrics> out;
    linearEncoderSeries(
        g, d, maxDepth, weights, sampling, rng, [&](int, const Matrix& h) { out.push_back(coseraAttack(h, g)); },
        progress);
    return out;
}

}  // namespace px::depthlab
