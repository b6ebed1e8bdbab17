// PCA of clean embeddings and the projection of released ones onto it (EmbeddingProjection.h).
#include "experiment/EmbeddingProjection.h"

#include <Eigen/Eigenvalues>
#include <cmath>

namespace px::experiment {

PcaBasis PcaBasis::fit(const DensityMatrix& clean) {
    PcaBasis b;
    const Eigen::Index N = clean.t.rows(), d = clean.t.cols();
    b.mean = clean.t.colwise().mean();
    const Eigen::MatrixXd z = clean.t.rowwise() - b.mean;
    const Eigen::MatrixXd cov = z.transpose() * z / std::max<double>(1, double(N - 1));
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(cov);
    b.axes.resize(d, 2);
    const double total = std::max(1e-300, eig.eigenvalues().sum());
    for (int k = 0; k < 2 && k < d; ++k) {
        b.axes.col(k) = eig.eigenvectors().col(d - 1 - k);  // eigenvalues ascend
        // Sign convention: the largest-magnitude loading is positive (stable across runs).
        Eigen::Index arg;
        b.axes.col(k).cwiseAbs().maxCoeff(&arg);
        if (b.axes(arg, k) < 0) b.axes.col(k) *= -1;
        b.explained[k] = eig.eigenvalues()(d - 1 - k) / total;
    }
    return b;
}

Eigen::MatrixXd PcaBasis::project(const DensityMatrix::Matrix& rows) const {
    return (rows.rowwise() - mean) * axes;
}

EmbeddingProjection projectRelease(const PcaBasis& basis, const DensityMatrix& clean, const privacy::NoiseModel& model,
                                   int focus, int draws, int repetition) {
    EmbeddingProjection p;
    p.focus = std::clamp(focus, 0, std::max(0, model.rows() - 1));
    p.clean = basis.project(clean.t);
    privacy::NoisyEmbedding e;
    model.releaseInto(repetition, e);
    p.released = basis.project(e.values);
    DensityMatrix::Matrix cloud(draws, model.cols());
    for (int r = 0; r < draws; ++r) model.sampleRow(p.focus, 1000 + r, cloud.row(r).data());
    p.cloud = basis.project(cloud);
    return p;
}

}  // namespace px::experiment
