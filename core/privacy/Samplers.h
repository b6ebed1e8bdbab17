#pragma once
// Noise samplers.
//  - Fast samplers on a keyed deterministic stream (px::Rng): Gaussian, Laplace. Reproducible for
//    research; their floating-point output leaks through low-order bits (Mironov 2012), so they
//    are not for real releases.
//  - Secure mode: the exact discrete Gaussian of Canonne, Kamath & Steinke (NeurIPS 2020,
//    Algorithms 1–3) on integers, with randomness from the operating system (getrandom), using
//    only exact integer arithmetic. Variance σ² is given as a rational num/den.
#include "common/Rng.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace px::privacy {

// Standard normals into out[0..k), both outputs of each polar Box–Muller pair used.
void fillStandardNormal(Rng& rng, double* out, int k);
// Laplace(0, b) by inversion.
double laplace(Rng& rng, double b);

// Uniform random bits from the operating system (buffered getrandom; throws if unavailable).
class OsEntropy {
public:
    std::uint64_t next();
    // uniform in [0, n), n > 0, exact (rejection)
    unsigned __int128 below(unsigned __int128 n);

private:
    std::uint64_t buf_[512];
    int pos_ = 512;
    std::uint64_t bitWord_ = 0;  // fair coins, one bit each
    int bitsLeft_ = 0;
};

// Exact samplers of CKS 2020 with a uniform-bit source R (OsEntropy or a test source).
template <class R>
class DiscreteGaussian {
public:
    // Variance parameter σ² = num/den (> 0). Throws if the intermediate integers could overflow.
    DiscreteGaussian(std::uint64_t num, std::uint64_t den);
    long sample(R& r);
    // Bernoulli(exp(−n/d)) for n/d ≥ 0 (Algorithm 1 of CKS 2020).
    static bool bernoulliExp(R& r, unsigned __int128 n, unsigned __int128 d);
    // Discrete Laplace with scale t (Algorithm 2).
    static long discreteLaplace(R& r, std::uint64_t t);

private:
    std::uint64_t num_, den_, t_;
};

// ε as an exact fraction n/d (d a power of two): every finite double is one. Throws outside [2^-60, 2^20].
std::pair<unsigned __int128, unsigned __int128> exactFraction(double epsilon);

// One exact randomized-response decision: true with probability 1/(1 + e^(n/d)) = e^(−γ)/(1 + e^(−γ)).
// A fair coin says "keep" (weight 1/2) or "try to flip" (weight 1/2, accepted with probability
// e^(−γ)); rejected tries start again. P(flip) = (e^(−γ)/2) / (1/2 + e^(−γ)/2).
template <class R>
bool exactRandomizedResponseFlip(R& r, unsigned __int128 n, unsigned __int128 d) {
    for (;;) {
        if (r.below(2) == 0) return false;
        if (DiscreteGaussian<R>::bernoulliExp(r, n, d)) return true;
    }
}

// Probability mass of the discrete Gaussian N_Z(0, σ²) at x (for tests): e^(−x²/2σ²) / Σ_y e^(−y²/2σ²).
double discreteGaussianPmf(long x, double sigma2);

}  // namespace px::privacy
