#pragma once
// Deterministic random numbers. Every random draw in the engine comes from a generator keyed
// by (seed, purpose, index, repetition), so results do not depend on thread count or evaluation
// order (docs/mathematics.md §4, "Randomness"). The generator is xoshiro256** (Blackman & Vigna 2018) seeded
// through splitmix64; the distributions are written here (not <random>'s) so the streams are
// the same with every standard library.
#include <cmath>
#include <utility>
#include <cstdint>
#include <string_view>

namespace px {

inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// 64-bit FNV-1a of a string: turns a purpose name into a stream key.
inline std::uint64_t hashString(std::string_view s) {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (unsigned char c : s) { h ^= c; h *= 0x100000001B3ULL; }
    return h;
}

class Rng {
public:
    explicit Rng(std::uint64_t seed) { reseed(seed); }
    // A stream keyed by (seed, purpose, index, repetition): independent for different keys.
    Rng(std::uint64_t seed, std::string_view purpose, std::uint64_t index = 0, std::uint64_t rep = 0) {
        std::uint64_t st = seed;
        std::uint64_t k = splitmix64(st) ^ hashString(purpose);
        st = k;
        k = splitmix64(st) ^ (index * 0xD1B54A32D192ED03ULL);
        st = k;
        k = splitmix64(st) ^ (rep * 0x8CB92BA72F3D8DD7ULL);
        reseed(k);
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0]; s_[3] ^= s_[1]; s_[1] ^= s_[2]; s_[0] ^= s_[3];
        s_[2] ^= t; s_[3] = rotl(s_[3], 45);
        return result;
    }
    // uniform in [0, 1) with 53 random bits
    double uniform() { return (next() >> 11) * 0x1.0p-53; }
    // uniform integer in [0, n), n > 0, without modulo bias (Lemire's method)
    std::uint64_t below(std::uint64_t n) {
        unsigned __int128 m = (unsigned __int128)next() * n;
        std::uint64_t low = (std::uint64_t)m;
        if (low < n) {
            const std::uint64_t thresh = (0 - n) % n;
            while (low < thresh) { m = (unsigned __int128)next() * n; low = (std::uint64_t)m; }
        }
        return (std::uint64_t)(m >> 64);
    }
    bool bernoulli(double p) { return uniform() < p; }
    // Fisher–Yates shuffle, last position first (the order of draws is part of every seeded split).
    template <class Vector>
    void shuffle(Vector& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(std::uint64_t(i))]);
    }
    // standard normal by the polar Box–Muller method (no cached spare: stateless across calls)
    double normal() {
        double u, v, s;
        do {
            u = 2.0 * uniform() - 1.0;
            v = 2.0 * uniform() - 1.0;
            s = u * u + v * v;
        } while (s >= 1.0 || s == 0.0);
        return u * std::sqrt(-2.0 * std::log(s) / s);
    }
    // number of failures before the first success, success probability p in (0, 1]
    std::uint64_t geometric(double p) {
        if (p >= 1.0) return 0;
        double u = 1.0 - uniform();  // (0, 1]
        return (std::uint64_t)std::floor(std::log(u) / std::log1p(-p));
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    void reseed(std::uint64_t seed) {
        std::uint64_t st = seed;
        for (auto& w : s_) w = splitmix64(st);
    }
    std::uint64_t s_[4];
};

}  // namespace px
