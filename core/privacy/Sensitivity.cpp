// Edge-level sensitivity bounds of densities: counting lemma, degree bound, smooth bound (Sensitivity.h).
#include "privacy/Sensitivity.h"

#include <algorithm>
#include <cmath>

namespace px::privacy {

double countingLemmaBound(const PatternShape& f, int n) { return 2.0 * f.e / (double(n) * n); }

double degreeBound(const PatternShape& f, int n, double D) {
    const int x = std::max(0, f.m - f.c - 1);
    const double ratio = std::min(1.0, D / n);
    return countingLemmaBound(f, n) * std::pow(ratio, x);
}

double referenceDegreeBound(const PatternShape& f, int n, double D) {
    const int x = std::max(0, f.m - 2);
    return countingLemmaBound(f, n) * std::pow(std::min(1.0, D / n), x);
}

double smoothBoundByScan(const PatternShape& f, int n, int maxDegree, double beta) {
    double best = 0.0;
    for (int k = 0;; ++k) {
        const int D = std::min(maxDegree + k + 1, n - 1);
        best = std::max(best, std::exp(-beta * k) * degreeBound(f, n, D));
        if (D >= n - 1) break;  // saturated: later terms only shrink
    }
    return best;
}

double smoothBound(const PatternShape& f, int n, int maxDegree, double beta) {
    const int x = std::max(0, f.m - f.c - 1);
    const int kSat = std::max(0, n - 2 - maxDegree);  // first k with maxDegree + k + 1 ≥ n − 1
    auto term = [&](long k) {
        const int D = int(std::min<long>(maxDegree + k + 1, n - 1));
        return std::exp(-beta * double(k)) * degreeBound(f, n, D);
    };
    if (x == 0 || f.e == 0) return term(0);
    const double kStar = double(x) / beta - maxDegree - 1;
    double best = std::max(term(0), term(kSat));
    for (double k : {std::floor(kStar), std::ceil(kStar)})
        if (k > 0 && k < kSat) best = std::max(best, term(long(k)));
    return best;
}

double referenceSmoothBound(const PatternShape& f, int n, double D, double beta) {
    const double ls = referenceDegreeBound(f, n, D);
    double best = 0.0;
    for (int k = 1; k <= 6; ++k) best = std::max(best, std::exp(-beta * k) * k * ls);
    return best;
}

double l2Norm(const std::vector<double>& s) {
    double sum = 0.0;
    for (double x : s) sum += x * x;
    return std::sqrt(sum);
}

double l1Norm(const std::vector<double>& s) {
    double sum = 0.0;
    for (double x : s) sum += std::abs(x);
    return sum;
}

}  // namespace px::privacy
