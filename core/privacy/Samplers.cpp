// Noise samplers: fast keyed Gaussian and Laplace, exact discrete Gaussian and Laplace (Samplers.h).
#include "privacy/Samplers.h"

#include <cmath>
#include <stdexcept>
#include <sys/random.h>

namespace px::privacy {

using u128 = unsigned __int128;

void fillStandardNormal(Rng& rng, double* out, int k) {
    int i = 0;
    while (i < k) {
        double u, v, s;
        do {
            u = 2.0 * rng.uniform() - 1.0;
            v = 2.0 * rng.uniform() - 1.0;
            s = u * u + v * v;
        } while (s >= 1.0 || s == 0.0);
        const double f = std::sqrt(-2.0 * std::log(s) / s);
        out[i++] = u * f;
        if (i < k) out[i++] = v * f;
    }
}

double laplace(Rng& rng, double b) {
    const double u = rng.uniform() - 0.5;  // [−0.5, 0.5)
    const double a = std::abs(u);
    return -b * std::copysign(std::log1p(-2.0 * a), u);
}

std::uint64_t OsEntropy::next() {
    if (pos_ == 512) {
        std::size_t got = 0;
        auto* bytes = reinterpret_cast<unsigned char*>(buf_);
        while (got < sizeof buf_) {
            ssize_t r = getrandom(bytes + got, sizeof buf_ - got, 0);
            if (r < 0) throw std::runtime_error("operating-system randomness (getrandom) is unavailable");
            got += std::size_t(r);
        }
        pos_ = 0;
    }
    return buf_[pos_++];
}

u128 OsEntropy::below(u128 n) {
    if (n == 0) throw std::invalid_argument("below(0)");
    // Rejection from the smallest power of two ≥ n.
    int bits = 0;
    for (u128 m = n - 1; m > 0; m >>= 1) ++bits;
    if (n == 2) {  // a fair coin: one bit of a buffered word
        if (bitsLeft_ == 0) { bitWord_ = next(); bitsLeft_ = 64; }
        const u128 b = bitWord_ & 1;
        bitWord_ >>= 1;
        --bitsLeft_;
        return b;
    }
    if (bits <= 64) {
        const std::uint64_t mask = bits == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1;
        for (;;) {
            const std::uint64_t x = next() & mask;
            if (x < n) return x;
        }
    }
    for (;;) {
        u128 x = (u128(next()) << 64) | next();
        if (bits < 128) x &= (u128(1) << bits) - 1;
        if (x < n) return x;
    }
}

template <class R>
DiscreteGaussian<R>::DiscreteGaussian(std::uint64_t num, std::uint64_t den) : num_(num), den_(den) {
    if (num == 0 || den == 0) throw std::invalid_argument("discrete Gaussian needs σ² > 0");
    // t = ⌊σ⌋ + 1
    std::uint64_t s = std::uint64_t(std::floor(std::sqrt(double(num) / double(den))));
    while (u128(s + 1) * (s + 1) * den <= num) ++s;
    while (s > 0 && u128(s) * s * den > num) --s;
    t_ = s + 1;
    // Largest intermediate: (|Y| t den)² with |Y| ≲ 60 t (a tail of probability e^(−60)): keep below 2^127.
    const double worst = 60.0 * double(t_) * double(t_) * double(den_);
    if (worst * worst > 1.0e38) throw std::invalid_argument("discrete Gaussian parameters too large for exact arithmetic");
}

template <class R>
bool DiscreteGaussian<R>::bernoulliExp(R& r, u128 n, u128 d) {
    // exp(−n/d) = exp(−1)^⌊n/d⌋ · exp(−(n mod d)/d)
    while (n > d) {
        if (!bernoulliExp(r, 1, 1)) return false;
        n -= d;
    }
    // Algorithm 1 for γ = n/d ∈ [0, 1]: K ← 1; while Bernoulli(γ/K): K ← K + 1; return K odd.
    u128 k = 1;
    for (;;) {
        if (r.below(d * k) >= n) break;  // Bernoulli(n / (d k)) failed
        ++k;
    }
    return (k & 1) == 1;
}

template <class R>
long DiscreteGaussian<R>::discreteLaplace(R& r, std::uint64_t t) {
    for (;;) {
        const u128 u = r.below(t);
        if (!bernoulliExp(r, u, t)) continue;
        u128 v = 0;
        while (bernoulliExp(r, 1, 1)) ++v;
        const u128 x = u + u128(t) * v;
        const bool negative = r.below(2) == 1;
        if (negative && x == 0) continue;
        return negative ? -long(x) : long(x);
    }
}

template <class R>
long DiscreteGaussian<R>::sample(R& r) {
    // Algorithm 3: Y ~ DLap(t); accept with probability exp(−(|Y| − σ²/t)² / (2σ²)).
    // With σ² = num/den: (|Y| − σ²/t)²/(2σ²) = (|Y| t den − num)² / (2 num den t²).
    for (;;) {
        const long y = discreteLaplace(r, t_);
        const u128 ay = u128(y < 0 ? -y : y);
        const u128 a = ay * t_ * den_;
        const u128 diff = a > num_ ? a - num_ : num_ - a;
        const u128 numer = diff * diff;
        const u128 denom = u128(2) * num_ * den_ * t_ * t_;
        if (bernoulliExp(r, numer, denom)) return y;
    }
}

template class DiscreteGaussian<OsEntropy>;

std::pair<u128, u128> exactFraction(double epsilon) {
    if (!(epsilon >= std::ldexp(1.0, -60) && epsilon <= std::ldexp(1.0, 20)))
        throw std::invalid_argument("secure mode needs ε in [2^-60, 2^20]");
    int e = 0;
    const double m = std::frexp(epsilon, &e);  // epsilon = m · 2^e, m ∈ [0.5, 1)
    u128 n = u128(std::ldexp(m, 53));           // exact: 53 significant bits
    int shift = 53 - e;                          // epsilon = n / 2^shift
    while (shift > 0 && (n & 1) == 0) { n >>= 1; --shift; }
    if (shift < 0) return {n << -shift, 1};
    return {n, u128(1) << shift};
}

double discreteGaussianPmf(long x, double sigma2) {
    double z = 0.0;
    const long lim = long(std::ceil(40 * std::sqrt(sigma2))) + 5;
    for (long y = -lim; y <= lim; ++y) z += std::exp(-double(y) * y / (2 * sigma2));
    return std::exp(-double(x) * x / (2 * sigma2)) / z;
}

}  // namespace px::privacy
