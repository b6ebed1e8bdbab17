// Privacy accounting (Accounting.h): conversions to (ε, δ), composition, calibration by bisection.
#include "privacy/Accounting.h"

#include <algorithm>
#include <cmath>

namespace px::privacy {

Guarantee Guarantee::compose(const Guarantee& o) const {
    Guarantee g;
    g.rho = rho + o.rho;
    g.omega = std::min(omega, o.omega);
    g.gaussianMu = (gaussianMu >= 0 && o.gaussianMu >= 0) ? std::hypot(gaussianMu, o.gaussianMu) : -1.0;
    g.pureEpsilon = (pureEpsilon >= 0 && o.pureEpsilon >= 0) ? pureEpsilon + o.pureEpsilon : -1.0;
    g.valid = valid && o.valid;
    return g;
}

double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

double gaussianDelta(double eps, double mu) {
    if (mu <= 0) return 0.0;
    // e^ε Φ(b) computed as exp(ε + log Φ(b)) to stay finite for large ε.
    const double a = normalCdf(-eps / mu + mu / 2);
    const double pb = normalCdf(-eps / mu - mu / 2);
    const double tail = pb > 0 ? std::exp(eps + std::log(pb)) : 0.0;
    return std::max(0.0, a - tail);
}

double gaussianEpsilon(double mu, double delta) {
    if (mu <= 0) return 0.0;
    if (gaussianDelta(0.0, mu) <= delta) return 0.0;
    double lo = 0.0, hi = 1.0;
    while (gaussianDelta(hi, mu) > delta) hi *= 2;
    for (int it = 0; it < 200 && hi - lo > 1e-12 * hi; ++it) {
        const double mid = 0.5 * (lo + hi);
        if (gaussianDelta(mid, mu) > delta) lo = mid; else hi = mid;
    }
    return hi;
}

double gaussianMuFor(double epsilon, double delta) {
    double lo = 0.0, hi = 1.0;
    while (gaussianEpsilon(hi, delta) <= epsilon) hi *= 2;
    for (int it = 0; it < 200 && hi - lo > 1e-13 * hi; ++it) {
        const double mid = 0.5 * (lo + hi);
        if (gaussianEpsilon(mid, delta) <= epsilon) lo = mid; else hi = mid;
    }
    return lo;
}

double bdrsEpsilon(double rho, double omega, double delta) {
    const double L = std::log(1 / delta);
    if (rho <= 0) return 0.0;
    // (ρ, ω)-tCDP bounds the Rényi divergences of orders 1 < α < ω only: with ω ≤ 1 there is none, and no (ε, δ)
    // follows (the second branch would give a negative ε: the smooth mechanism's ω = 1/(4β) with β = ρ'/5 made
    // calibration land on ε = −7.8).
    if (omega <= 1) return kInf;
    if (omega == kInf || L <= (omega - 1) * (omega - 1) * rho) return rho + 2 * std::sqrt(rho * L);
    return rho * omega + L / (omega - 1);
}

namespace {
// Minimises a function of α over (1, ω) that is unimodal in practice: a log-spaced scan of
// α − 1 followed by golden-section refinement around the best grid point.
template <class F>
double minimiseOverOrders(F f, double omega) {
    const double maxA = omega == kInf ? 1e7 : omega;
    double bestX = std::log(1e-6), bestV = kInf;
    const int grid = 400;
    const double lo = std::log(1e-6), hi = std::log(maxA - 1);
    for (int i = 0; i <= grid; ++i) {
        const double x = lo + (hi - lo) * i / grid;
        const double a = 1 + std::exp(x);
        if (a >= maxA) continue;
        const double v = f(a);
        if (v < bestV) { bestV = v; bestX = x; }
    }
    double a = std::max(lo, bestX - (hi - lo) / grid), b = std::min(hi, bestX + (hi - lo) / grid);
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 100; ++it) {
        const double c = b - g * (b - a), d = a + g * (b - a);
        const double ac = 1 + std::exp(c), ad = 1 + std::exp(d);
        const double fc = ac < maxA ? f(ac) : kInf, fd = ad < maxA ? f(ad) : kInf;
        if (fc < fd) b = d; else a = c;
        bestV = std::min({bestV, fc, fd});
    }
    return bestV;
}
}  // namespace

double tightRdpEpsilon(double rho, double omega, double delta) {
    if (rho <= 0) return 0.0;
    const double ld = std::log(delta);
    return std::max(0.0, minimiseOverOrders(
        [&](double a) { return rho * a + std::log((a - 1) / a) - (ld + std::log(a)) / (a - 1); }, omega));
}

double mironovEpsilon(double rho, double omega, double delta) {
    if (rho <= 0) return 0.0;
    const double L = std::log(1 / delta);
    return minimiseOverOrders([&](double a) { return rho * a + L / (a - 1); }, omega);
}

std::vector<Conversion> conversions(const Guarantee& g, double delta) {
    std::vector<Conversion> out;
    if (g.pureEpsilon >= 0) out.push_back({"pure DP", g.pureEpsilon});
    if (g.gaussianMu >= 0) out.push_back({"analytic Gaussian", gaussianEpsilon(g.gaussianMu, delta)});
    if (g.rho > 0 || g.pureEpsilon < 0) {
        out.push_back({"tight RDP", tightRdpEpsilon(g.rho, g.omega, delta)});
        out.push_back({"BDRS", bdrsEpsilon(g.rho, g.omega, delta)});
        out.push_back({"Mironov RDP", mironovEpsilon(g.rho, g.omega, delta)});
    }
    return out;
}

int tightestConversion(const std::vector<Conversion>& c) {
    int best = 0;
    for (int i = 1; i < int(c.size()); ++i)
        if (c[i].epsilon < c[best].epsilon) best = i;
    return best;
}

double tightestEpsilon(const Guarantee& g, double delta) {
    auto c = conversions(g, delta);
    return c[tightestConversion(c)].epsilon;
}

}  // namespace px::privacy
