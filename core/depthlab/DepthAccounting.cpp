// Privacy cost against depth (DepthAccounting.h): K_eff of contractive layers, noise multipliers, CARIBOU's Δ_E.
#include "depthlab/DepthAccounting.h"

#include "privacy/Accounting.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace px::depthlab {

double effectiveHops(int hops, double c) {
    if (hops < 1) throw std::invalid_argument("at least one hop");
    if (c <= 0 || c >= 1) return hops;
    const double ck = std::pow(c, hops);
    return std::min(double(hops), (1 + c) * (1 - ck) / ((1 - c) * (1 + ck)));
}

double noiseMultiplier(double epsilon, double delta, int hops, double c) {
    return std::sqrt(effectiveHops(hops, c)) / privacy::gaussianMuFor(epsilon, delta);
}

double depthEpsilon(double multiplier, double delta, int hops, double c) {
    if (!(multiplier > 0)) return privacy::kInf;
    return privacy::gaussianEpsilon(std::sqrt(effectiveHops(hops, c)) / multiplier, delta);
}

double caribouEdgeSensitivity(double c, double alpha1, int dMin) {
    if (dMin < 0) throw std::invalid_argument("minimum degree must be >= 0");
    const double d = dMin;
    const double cMin = dMin > 3 ? d / std::sqrt(d + 1) - d / std::sqrt(d + 2) : 0.1584;
    return std::sqrt(2.0) * c * alpha1 *
           (1.0 / ((d + 1) * (d + 2)) + cMin / std::sqrt(d + 1) + 1.0 / std::sqrt((d + 1) * (d + 2)));
}

}  // namespace px::depthlab
