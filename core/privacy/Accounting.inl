#pragma once
#include <cmath>
#include <stdexcept>
#include <string>

namespace px::privacy {

template <class MakeGuarantee>
double calibrate(MakeGuarantee make, double epsilon, double delta, double lo, double hi) {
    if (!(epsilon > 0)) throw std::invalid_argument("target ε must be positive");
    if (tightestEpsilon(make(lo), delta) > epsilon)
        throw std::invalid_argument("target ε = " + std::to_string(epsilon) + " cannot be met (even the smallest noise parameter exceeds it)");
    if (tightestEpsilon(make(hi), delta) <= epsilon) return hi;
    // Bisection in log space: the parameters span many orders of magnitude.
    double a = std::log(lo), b = std::log(hi);
    for (int it = 0; it < 200 && b - a > 1e-13; ++it) {
        const double mid = 0.5 * (a + b);
        if (tightestEpsilon(make(std::exp(mid)), delta) <= epsilon) a = mid; else b = mid;
    }
    return std::exp(a);
}

}  // namespace px::privacy
