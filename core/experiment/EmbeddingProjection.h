#pragma once
// 2-D view of embeddings: principal components of the centred clean densities (fitted once, so that
// the axes do not move with the noise), onto which a release and the repeated draws of one graph are
// projected. Shows how the classes blur as ε falls, and the noise cloud around one graph. The
// density scale is kept (no standardisation): dividing by the clean spread would multiply the noise
// on large patterns, whose densities hardly vary, by orders of magnitude.
#include "hom/DensityMatrix.h"
#include "privacy/Mechanism.h"

#include <Eigen/Core>
#include <vector>

namespace px::experiment {

struct PcaBasis {
    Eigen::RowVectorXd mean;         // column means of the clean densities
    Eigen::MatrixXd axes;            // d × 2: the two leading principal directions
    double explained[2] = {0, 0};    // fraction of variance of each component
    static PcaBasis fit(const DensityMatrix& clean);
    Eigen::MatrixXd project(const DensityMatrix::Matrix& rows) const;  // N × 2
};

struct EmbeddingProjection {
    Eigen::MatrixXd clean, released;  // N × 2
    Eigen::MatrixXd cloud;            // draws × 2: repeated releases of the focus graph
    int focus = 0;
};

EmbeddingProjection projectRelease(const PcaBasis& basis, const DensityMatrix& clean, const privacy::NoiseModel& model,
                                   int focus, int draws, int repetition = 0);

}  // namespace px::experiment
