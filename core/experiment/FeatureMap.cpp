// What the learner sees of a released density vector (FeatureMap.h): densities, counts or log-counts, then n or log
// n.
#include "experiment/FeatureMap.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace px::experiment {

std::string featureMapKey(FeatureMap m) {
    switch (m) {
        case FeatureMap::Density: return "density";
        case FeatureMap::Count: return "count";
        case FeatureMap::LogCount: return "log-count";
    }
    return "?";
}

FeatureMap featureMapFromKey(const std::string& key) {
    if (key == "density") return FeatureMap::Density;
    if (key == "count") return FeatureMap::Count;
    if (key == "log-count") return FeatureMap::LogCount;
    throw std::invalid_argument("feature map '" + key + "': expected density, count or log-count");
}

namespace {
double mapped(double t, double n, int m, FeatureMap map) {
    if (map == FeatureMap::Density) return t;
    const double count = t * std::pow(n, m);
    if (map == FeatureMap::Count) return count;
    return std::copysign(std::log1p(std::fabs(count)), count);
}
}  // namespace

learn::RowMatrix featureRows(const DensityMatrix::Matrix& t, const Eigen::VectorXd& n, const std::vector<int>& patternSizes,
                             const std::vector<int>& rows, const FeatureOptions& options) {
    const long d = t.cols();
    if (options.map != FeatureMap::Density && long(patternSizes.size()) != d)
        throw std::logic_error("featureRows: " + std::to_string(patternSizes.size()) + " pattern sizes for " + std::to_string(d) +
                               " columns");
    learn::RowMatrix x(long(rows.size()), d + (options.appendN ? 1 : 0) + (options.appendLogN ? 1 : 0));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const int g = rows[r];
        for (long j = 0; j < d; ++j)
            x(long(r), j) = mapped(t(g, j), n(g), options.map == FeatureMap::Density ? 0 : patternSizes[std::size_t(j)], options.map);
        long c = d;
        if (options.appendN) x(long(r), c++) = n(g);
        if (options.appendLogN) x(long(r), c++) = std::log(std::max(1.0, n(g)));  // 0 for an empty graph
    }
    return x;
}

}  // namespace px::experiment
