// Degree-preserving randomized response on a graph and its budget split (DegreePreservingRR.h).
#include "privacy/DegreePreservingRR.h"

#include "privacy/Samplers.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace px::privacy {

DprrBudget dprrBudget(double epsilon, double share) {
    if (!(epsilon > 0)) throw std::invalid_argument("DPRR needs ε > 0");
    if (!(share > 0 && share < 1)) throw std::invalid_argument("DPRR's degree share must lie in (0, 1)");
    return {share * epsilon / 2, (1 - share) * epsilon / 2};
}

DprrBudget dprrPublishedBudget(double epsilon, int maxVertices) {
    if (!(epsilon > 0)) throw std::invalid_argument("DPRR needs ε > 0");
    const double eps1 = std::max(0.1, std::sqrt(8.0 / std::max(1, maxVertices - 1)));
    if (!(epsilon > eps1))
        throw std::invalid_argument("DPRR with the published split needs ε > ε₁ = max(0.1, √(8/(n_max − 1))) = " + std::to_string(eps1) +
                                    " (n_max = " + std::to_string(maxVertices) + "), found ε = " + std::to_string(epsilon));
    return {eps1, epsilon - eps1};
}

double dprrSamplingProbability(double noisyDegree, int n, double eps2) {
    const double p = 1.0 / (1.0 + std::exp(-eps2));  // e^ε₂ / (1 + e^ε₂)
    const double denominator = noisyDegree * (2 * p - 1) + (n - 1) * (1 - p);
    if (!(denominator > 0)) return 0.0;
    return std::clamp(noisyDegree / denominator, 0.0, 1.0);
}

std::vector<int> dprrReport(const Graph& g, int i, const DprrBudget& b, Rng& rng, double noisyDegree) {
    const int n = g.numVertices();
    const int d = g.degree(i);
    if (std::isnan(noisyDegree)) noisyDegree = d + laplace(rng, 1.0 / b.eps1);
    const double q = dprrSamplingProbability(noisyDegree, n, b.eps2);
    const double p = 1.0 / (1.0 + std::exp(-b.eps2));
    std::vector<int> out;
    // Neighbours survive with p·q; every other vertex j ≠ i appears with (1 − p)·q, drawn by
    // geometric skips over 0..n−1 (self and neighbour positions found that way are discarded:
    // they are decided above or not at all).
    for (const int* u = g.neighborsBegin(i); u != g.neighborsEnd(i); ++u)
        if (rng.uniform() < p * q) out.push_back(*u);
    const double r = (1 - p) * q;
    if (r > 0) {
        const double lq = std::log1p(-r);
        for (long j = -1;;) {
            const double gap = r >= 1 ? 0.0 : std::floor(std::log(1.0 - rng.uniform()) / lq);
            if (!(gap < double(n))) break;  // past the last vertex (a tiny r gives gaps no integer holds)
            j += 1 + long(gap);
            if (j >= n) break;
            if (j != i && !g.hasEdge(i, int(j))) out.push_back(int(j));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

Graph degreePreservingRR(const Graph& g, const DprrBudget& b, Rng& rng) {
    std::vector<Edge> edges;
    for (int i = 0; i < g.numVertices(); ++i)
        for (int j : dprrReport(g, i, b, rng)) edges.emplace_back(std::min(i, j), std::max(i, j));
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return Graph::fromEdges(g.numVertices(), edges);
}

}  // namespace px::privacy
