// Private K-hop feature propagation (non-private, GAP, CARIBOU) and the linear classifier on it
// (PrivatePropagation.h).
#include "depthlab/PrivatePropagation.h"

#include "common/Error.h"
#include "common/Rng.h"
#include "depthlab/DepthAccounting.h"
#include "learn/Learners.h"
#include "privacy/Accounting.h"

#include <Eigen/QR>
#include <Eigen/SVD>
#include <Eigen/SparseCore>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace px::depthlab {

const char* toString(PropagationScheme s) {
    switch (s) {
    case PropagationScheme::NonPrivate: return "none";
    case PropagationScheme::Gap: return "gap";
    case PropagationScheme::Caribou: return "caribou";
    case PropagationScheme::CaribouReference: return "caribou-reference";
    }
    return "?";
}

const char* guaranteeLabel(PropagationScheme s) {
    return s == PropagationScheme::CaribouReference ? "no valid guarantee (CARIBOU reference code)" : "";
}

PropagationScheme propagationSchemeFromString(const std::string& s) {
    for (auto p : {PropagationScheme::NonPrivate, PropagationScheme::Gap, PropagationScheme::Caribou,
                   PropagationScheme::CaribouReference})
        if (s == toString(p)) return p;
    throw std::invalid_argument("unknown propagation scheme '" + s + "' (expected none, gap, caribou or caribou-reference)");
}

namespace {

void normaliseRows(Matrix& x, bool onlyIfLonger) {
    for (long v = 0; v < x.rows(); ++v) {
        const double nr = x.row(v).norm();
        if (nr > 0 && (!onlyIfLonger || nr > 1.0)) x.row(v) /= nr;
    }
}

void addNoise(Matrix& x, double sigma, Rng& rng) {
    for (long i = 0; i < x.size(); ++i) x.data()[i] += sigma * rng.normal();
}

Matrix sumAggregate(const Graph& g, const Matrix& x) {
    Matrix out = Matrix::Zero(x.rows(), x.cols());
    tbb::parallel_for(0, g.numVertices(), [&](int v) {
        for (const int* u = g.neighborsBegin(v); u != g.neighborsEnd(v); ++u) out.row(v) += x.row(*u);
    });
    return out;
}

// Â X with Â = D̃^(−½)(A + I)D̃^(−½), D̃ = D + I.
Matrix symmetricAggregate(const Graph& g, const Matrix& x) {
    Matrix out(x.rows(), x.cols());
    tbb::parallel_for(0, g.numVertices(), [&](int v) {
        const double dv = g.degree(v) + 1.0;
        out.row(v) = x.row(v) / dv;
        for (const int* u = g.neighborsBegin(v); u != g.neighborsEnd(v); ++u)
            out.row(v) += x.row(*u) / std::sqrt(dv * (g.degree(*u) + 1.0));
    });
    return out;
}

// D^(−½) A D^(−½) without self-loops (the reference code zeroes the diagonal); isolated rows are 0.
Matrix referenceAggregate(const Graph& g, const Matrix& x) {
    Matrix out = Matrix::Zero(x.rows(), x.cols());
    tbb::parallel_for(0, g.numVertices(), [&](int v) {
        for (const int* u = g.neighborsBegin(v); u != g.neighborsEnd(v); ++u)
            out.row(v) += x.row(*u) / std::sqrt(double(g.degree(v)) * g.degree(*u));
    });
    return out;
}

int minimumDegree(const Graph& g) {
    int d = g.numVertices() > 0 ? g.degree(0) : 0;
    for (int v = 1; v < g.numVertices(); ++v) d = std::min(d, g.degree(v));
    return d;
}

// The reference code's δ: 1 / 10^(number of decimal digits of the stored edge count).
double referenceDelta(long edgeEntries) { return std::pow(10.0, -double(std::to_string(edgeEntries).size())); }

PropagationResult caribouReference(const NodeDataset& data, const PropagationParams& p, const Progress& progress,
                                   PropagationResult r, Rng& rng, const Matrix& raw) {
    const Graph& g = data.graph;
    r.validGuarantee = false;
    r.minDegreeUsed = minimumDegree(g);
    r.delta = referenceDelta(data.edgeEntries());
    r.sensitivity = caribouEdgeSensitivity(p.contraction, p.alpha1, r.minDegreeUsed);
    r.multiplier = noiseMultiplier(p.epsilon, r.delta, p.hops, p.contraction);
    r.sigma = p.noiseFree ? 0.0 : r.multiplier * r.sensitivity;
    if (raw.rows() != r.base.rows() || raw.cols() != r.base.cols()) throw std::invalid_argument("reference mode: base and features differ in width");
    auto step = [&](const Matrix& x, bool rowMean) {
        Matrix next = p.alpha1 * referenceAggregate(g, x);
        if (rowMean) next.colwise() += (1.0 - p.alpha1) * x.rowwise().mean();
        else next.rowwise() += (1.0 - p.alpha1) * Eigen::RowVectorXd(x.colwise().mean());
        return Matrix(p.contraction * next + p.beta * raw);
    };
    Matrix x = r.base;
    for (int k = 1; k <= p.hops; ++k) {
        if (progress.cancelled()) throw Cancelled();
        x = step(x, false);
        if (r.sigma > 0) addNoise(x, r.sigma, rng);
        if (k < p.hops) normaliseRows(x, true);
        x = step(x, true);  // the extra aggregation, without noise
    }
    r.released = x;
    return r;
}

}  // namespace

Matrix reduceFeatures(const Matrix& x, int dims, std::uint64_t seed) {
    if (dims <= 0 || dims >= x.cols()) return x;
    // Randomised SVD (Halko, Martinsson & Tropp 2011) of the centred rows X − 1μᵀ without forming
    // it: bag-of-words features are sparse, so every product goes through the sparse X.
    const Eigen::SparseMatrix<double, Eigen::RowMajor> sx = x.sparseView();
    const Eigen::RowVectorXd mu = x.colwise().mean();
    auto times = [&](const Eigen::MatrixXd& m) {  // (X − 1μᵀ) m
        Eigen::MatrixXd out = sx * m;
        out.rowwise() -= mu * m;
        return out;
    };
    auto transposeTimes = [&](const Eigen::MatrixXd& m) {  // (X − 1μᵀ)ᵀ m
        Eigen::MatrixXd out = sx.transpose() * m;
        out -= mu.transpose() * m.colwise().sum();
        return out;
    };
    const int k = std::min<int>(int(std::min(x.cols(), x.rows())), dims + 10);
    Rng rng(seed, "pca sketch");
    Eigen::MatrixXd omega(x.cols(), k);
    for (long i = 0; i < omega.size(); ++i) omega.data()[i] = rng.normal();
    auto thinQ = [&](const Eigen::MatrixXd& m) {  // orthonormal basis of the columns, rows × k
        Eigen::HouseholderQR<Eigen::MatrixXd> qr(m);
        return Eigen::MatrixXd(qr.householderQ() * Eigen::MatrixXd::Identity(m.rows(), k));
    };
    Eigen::MatrixXd y = times(omega);
    for (int it = 0; it < 2; ++it) y = times(transposeTimes(thinQ(y)));  // power iterations
    const Eigen::MatrixXd q = thinQ(y);
    const Eigen::MatrixXd bt = transposeTimes(q);  // Bᵀ = (QᵀC)ᵀ, cols × k
    Eigen::JacobiSVD<Eigen::MatrixXd> svd(bt, Eigen::ComputeThinU);
    return times(svd.matrixU().leftCols(dims));
}

Matrix unitRows(Matrix reduced) {
    normaliseRows(reduced, false);
    return reduced;
}

Matrix unitRowFeatures(const NodeDataset& data, int reducedDims, std::uint64_t seed) {
    return unitRows(reduceFeatures(data.features, reducedDims, seed));
}

PropagationResult propagatePrivately(const NodeDataset& data, const PropagationParams& p, const Progress& progress,
                                     const Matrix* base, const Matrix* raw) {
    const Graph& g = data.graph;
    if (p.hops < 1) throw std::invalid_argument("propagation needs at least one hop");
    if (p.scheme != PropagationScheme::NonPrivate && !(p.epsilon > 0 && p.delta > 0 && p.delta < 1))
        throw std::invalid_argument("private propagation needs epsilon > 0 and 0 < delta < 1");
    if ((p.scheme == PropagationScheme::Caribou || p.scheme == PropagationScheme::CaribouReference) &&
        !(p.contraction > 0 && p.contraction < 1 && p.alpha1 >= 0 && p.alpha1 <= 1 && p.beta >= 0))
        throw std::invalid_argument("CARIBOU needs 0 < c < 1, 0 <= alpha1 <= 1, beta >= 0");
    PropagationResult r;
    r.base = base ? *base : unitRowFeatures(data, p.reducedDims, p.seed);
    if (r.base.rows() != g.numVertices()) throw std::invalid_argument("one base feature row per node expected");
    Rng rng(p.seed, std::string("propagation noise ") + toString(p.scheme), std::uint64_t(p.hops));
    const bool priv = p.scheme != PropagationScheme::NonPrivate;
    r.epsilon = priv ? p.epsilon : privacy::kInf;
    r.delta = priv ? p.delta : 0.0;
    if (p.scheme == PropagationScheme::CaribouReference) {
        if (base && !raw) throw std::invalid_argument("reference mode: pass the unscaled features with the base");
        // βX₀ on the reduced features before their rows are scaled, in the same basis as the base.
        const Matrix own = raw ? Matrix() : reduceFeatures(data.features, p.reducedDims, p.seed);
        return caribouReference(data, p, progress, r, rng, raw ? *raw : own);
    }

    if (p.scheme == PropagationScheme::Gap || p.scheme == PropagationScheme::NonPrivate) {
        r.sensitivity = std::sqrt(2.0);
        r.multiplier = priv ? noiseMultiplier(p.epsilon, p.delta, p.hops, 1.0) : 0.0;
        r.sigma = p.noiseFree ? 0.0 : r.multiplier * r.sensitivity;
        Matrix x = r.base;
        r.released.resize(g.numVertices(), x.cols() * p.hops);
        for (int k = 0; k < p.hops; ++k) {
            if (progress.cancelled()) throw Cancelled();
            x = sumAggregate(g, x);
            if (priv && r.sigma > 0) addNoise(x, r.sigma, rng);
            normaliseRows(x, false);
            r.released.middleCols(x.cols() * k, x.cols()) = x;
        }
        return r;
    }
    r.minDegreeUsed = p.minDegreePromise;
    r.sensitivity = caribouEdgeSensitivity(p.contraction, p.alpha1, p.minDegreePromise);
    r.multiplier = noiseMultiplier(p.epsilon, p.delta, p.hops, p.contraction);
    r.sigma = p.noiseFree ? 0.0 : r.multiplier * r.sensitivity;
    Matrix x = r.base;
    for (int k = 1; k <= p.hops; ++k) {
        if (progress.cancelled()) throw Cancelled();
        const Eigen::RowVectorXd mu = x.colwise().mean();
        Matrix next = p.alpha1 * symmetricAggregate(g, x);
        next.rowwise() += (1.0 - p.alpha1) * mu;
        x = p.contraction * next + p.beta * r.base;
        if (r.sigma > 0) addNoise(x, r.sigma, rng);
        if (k < p.hops) normaliseRows(x, true);  // projection into the unit ball
    }
    r.released = x;
    return r;
}

Matrix classifierFeatures(const PropagationResult& r) {
    Matrix x(r.base.rows(), r.base.cols() + r.released.cols());
    Matrix released = r.released;
    normaliseRows(released, false);  // post-processing: equal weight for the public and released parts
    x << r.base, released;
    return x;
}

std::pair<double, double> linearAccuracy(const NodeDataset& data, const Matrix& features, double C) {
    if (data.train.empty() || data.test.empty()) throw std::invalid_argument("the data set has no train/test split");
    auto rows = [&](const std::vector<int>& nodes) {
        learn::RowMatrix x(long(nodes.size()), features.cols());
        for (std::size_t i = 0; i < nodes.size(); ++i) x.row(long(i)) = features.row(nodes[i]);
        return x;
    };
    std::vector<int> evalNodes(data.valid);
    evalNodes.insert(evalNodes.end(), data.test.begin(), data.test.end());
    std::vector<double> yt;
    for (int v : data.train) yt.push_back(data.labels[v]);
    const learn::RowMatrix xTrain = rows(data.train), xEval = rows(evalNodes);
    const std::vector<double> grid = C > 0 ? std::vector<double>{C} : std::vector<double>{0.1, 1.0, 10.0};
    std::vector<std::pair<double, double>> scores(grid.size());
    tbb::parallel_for(0, int(grid.size()), [&](int gi) {  // the fits are independent
        learn::LearnerConfig cfg;
        cfg.kind = learn::LearnerKind::Linear;
        cfg.C = grid[gi];
        cfg.dual = features.cols() > long(data.train.size());
        // MultiClass mode returns the predicted class itself, also for two classes.
        const auto pred = learn::fitPredict(cfg, xTrain, yt, xEval, TaskType::MultiClass);
        long cv = 0, ct = 0;
        for (std::size_t i = 0; i < evalNodes.size(); ++i) {
            const bool ok = std::lround(pred[i]) == data.labels[evalNodes[i]];
            (i < data.valid.size() ? cv : ct) += ok ? 1 : 0;
        }
        scores[gi] = {data.valid.empty() ? std::nan("") : double(cv) / double(data.valid.size()),
                      double(ct) / double(data.test.size())};
    });
    std::pair<double, double> best = scores.front();
    for (const auto& sc : scores)
        if (sc.first > best.first) best = sc;  // first best on ties: the smallest C
    return best;
}

}  // namespace px::depthlab
