#include "gnn/PrivatePropagation.h"

#include "common/Error.h"
#include "common/Rng.h"
#include "gnn/DepthAccounting.h"
#include "learn/Learners.h"
#include "privacy/Accounting.h"

#include <Eigen/QR>
#include <Eigen/SVD>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace px::gnn {

const char* toString(PropagationScheme s) {
    switch (s) {
    case PropagationScheme::NonPrivate: return "none";
    case PropagationScheme::Gap: return "gap";
    case PropagationScheme::Caribou: return "caribou";
    }
    return "?";
}

PropagationScheme propagationSchemeFromString(const std::string& s) {
    for (auto p : {PropagationScheme::NonPrivate, PropagationScheme::Gap, PropagationScheme::Caribou})
        if (s == toString(p)) return p;
    throw std::invalid_argument("unknown propagation scheme '" + s + "' (expected none, gap or caribou)");
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

}  // namespace

Matrix reduceFeatures(const Matrix& x, int dims, std::uint64_t seed) {
    if (dims <= 0 || dims >= x.cols()) return x;
    const Eigen::MatrixXd centred = x.rowwise() - x.colwise().mean();
    const int k = std::min<int>(int(x.cols()), dims + 10);
    Rng rng(seed, "pca sketch");
    Eigen::MatrixXd omega(x.cols(), k);
    for (long i = 0; i < omega.size(); ++i) omega.data()[i] = rng.normal();
    Eigen::MatrixXd y = centred * omega;
    for (int it = 0; it < 2; ++it) {  // two power iterations sharpen the spectrum
        Eigen::HouseholderQR<Eigen::MatrixXd> qr(y);
        y = Eigen::MatrixXd(qr.householderQ()).leftCols(k);
        y = centred * (centred.transpose() * y);
    }
    Eigen::HouseholderQR<Eigen::MatrixXd> qr(y);
    const Eigen::MatrixXd q = Eigen::MatrixXd(qr.householderQ()).leftCols(k);
    const Eigen::MatrixXd b = q.transpose() * centred;
    Eigen::JacobiSVD<Eigen::MatrixXd> svd(b, Eigen::ComputeThinV);
    return centred * svd.matrixV().leftCols(dims);
}

PropagationResult propagatePrivately(const NodeDataset& data, const PropagationParams& p, const Progress& progress) {
    const Graph& g = data.graph;
    if (p.hops < 1) throw std::invalid_argument("propagation needs at least one hop");
    if (p.scheme != PropagationScheme::NonPrivate && !(p.epsilon > 0 && p.delta > 0 && p.delta < 1))
        throw std::invalid_argument("private propagation needs epsilon > 0 and 0 < delta < 1");
    if (p.scheme == PropagationScheme::Caribou &&
        !(p.contraction > 0 && p.contraction < 1 && p.alpha1 >= 0 && p.alpha1 <= 1 && p.beta >= 0))
        throw std::invalid_argument("CARIBOU needs 0 < c < 1, 0 <= alpha1 <= 1, beta >= 0");
    PropagationResult r;
    r.base = reduceFeatures(data.features, p.reducedDims, p.seed);
    normaliseRows(r.base, false);
    Rng rng(p.seed, std::string("propagation noise ") + toString(p.scheme), std::uint64_t(p.hops));
    const bool priv = p.scheme != PropagationScheme::NonPrivate;
    r.epsilon = priv ? p.epsilon : privacy::kInf;

    if (p.scheme == PropagationScheme::Gap || p.scheme == PropagationScheme::NonPrivate) {
        r.sensitivity = std::sqrt(2.0);
        r.multiplier = priv ? noiseMultiplier(p.epsilon, p.delta, p.hops, 1.0) : 0.0;
        r.sigma = r.multiplier * r.sensitivity;
        Matrix x = r.base;
        r.released.resize(g.numVertices(), x.cols() * p.hops);
        for (int k = 0; k < p.hops; ++k) {
            if (progress.cancelled()) throw Cancelled();
            x = sumAggregate(g, x);
            if (priv) addNoise(x, r.sigma, rng);
            normaliseRows(x, false);
            r.released.middleCols(x.cols() * k, x.cols()) = x;
        }
        return r;
    }
    r.sensitivity = caribouEdgeSensitivity(p.contraction, p.alpha1, p.minDegreePromise);
    r.multiplier = noiseMultiplier(p.epsilon, p.delta, p.hops, p.contraction);
    r.sigma = r.multiplier * r.sensitivity;
    Matrix x = r.base;
    for (int k = 1; k <= p.hops; ++k) {
        if (progress.cancelled()) throw Cancelled();
        const Eigen::RowVectorXd mu = x.colwise().mean();
        Matrix next = p.alpha1 * symmetricAggregate(g, x);
        next.rowwise() += (1.0 - p.alpha1) * mu;
        x = p.contraction * next + p.beta * r.base;
        addNoise(x, r.sigma, rng);
        if (k < p.hops) normaliseRows(x, true);  // projection into the unit ball
    }
    r.released = x;
    return r;
}

double linearTestAccuracy(const NodeDataset& data, const Matrix& features, double C) {
    if (data.train.empty() || data.test.empty()) throw std::invalid_argument("the data set has no train/test split");
    learn::RowMatrix xt(data.train.size(), features.cols()), xs(data.test.size(), features.cols());
    std::vector<double> yt(data.train.size());
    for (std::size_t i = 0; i < data.train.size(); ++i) {
        xt.row(long(i)) = features.row(data.train[i]);
        yt[i] = data.labels[data.train[i]];
    }
    for (std::size_t i = 0; i < data.test.size(); ++i) xs.row(long(i)) = features.row(data.test[i]);
    learn::LearnerConfig cfg;
    cfg.kind = "linear";
    cfg.C = C;
    // MultiClass mode returns the predicted class itself, also for two classes.
    const auto pred = learn::fitPredict(cfg, xt, yt, xs, TaskType::MultiClass);
    long correct = 0;
    for (std::size_t i = 0; i < data.test.size(); ++i) correct += std::lround(pred[i]) == data.labels[data.test[i]] ? 1 : 0;
    return double(correct) / double(data.test.size());
}

}  // namespace px::gnn
