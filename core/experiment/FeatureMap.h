#pragma once
// What the learner sees of a released density vector: post-processing of (release, n) only, so it costs no
// privacy (n is public under edge privacy; docs/mathematics.md §3). GHC (Nguyen & Maehara, ICML 2020) and Welke et al.
// (ICML 2023) learn on counts rather than densities:
//   density    t_j                                (the release itself)
//   count      c_j = t_j · n^{m_j}               (the homomorphism count, m_j = |V(F_j)|)
//   log-count  sign(c_j) · log(1 + |c_j|)         (signed: a noisy t_j may be negative)
// then n and/or log n as public columns. Standardisation (fitted on training rows only) comes after.
#include "hom/DensityMatrix.h"
#include "learn/Learners.h"

#include <string>
#include <vector>

namespace px::experiment {

enum class FeatureMap { Density, Count, LogCount };
std::string featureMapKey(FeatureMap m);                 // "density", "count", "log-count"
FeatureMap featureMapFromKey(const std::string& key);    // throws std::invalid_argument naming the choices

struct FeatureOptions {
    FeatureMap map = FeatureMap::Density;
    bool appendN = true;      // n as a column
    bool appendLogN = false;  // log max(n, 1) as a column
};

// The learner's rows for graphs `rows`: the map of t's rows (pattern j has patternSizes[j] vertices), then
// the public columns. A function of (t, n, the pattern sizes) only.
learn::RowMatrix featureRows(const DensityMatrix::Matrix& t, const Eigen::VectorXd& n, const std::vector<int>& patternSizes,
                             const std::vector<int>& rows, const FeatureOptions& options);

}  // namespace px::experiment
