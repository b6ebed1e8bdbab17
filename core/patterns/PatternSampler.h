#pragma once
// Random patterns with full support on their class (after Welke et al., ICML 2023; docs/mathematics.md §2):
// a size m from a geometric law on {1, 2, ...} (optionally capped), then a random member of the
// class of that size. Every draw uses its own keyed stream (seed, "pattern", index, attempt), so
// draws are independent and reproducible — no reseeding per pattern.
#include "common/Rng.h"
#include "patterns/Pattern.h"
#include "patterns/PatternClass.h"

#include <vector>

namespace px {

struct SizeLaw {
    double mean = 5.0;   // mean of m = 1 + Geometric(p), p = 1 / mean (before conditioning)
    int maxSize = 0;     // 0: no cap; else draws above are redrawn (the law is truncated)
};

enum class DuplicatePolicy { Keep, Resample };

struct PatternSamplerParams {
    PatternClass patternClass;                // which class to sample from
    int count = 50;                           // d, number of patterns
    SizeLaw size;                             // law of the vertex count m
    double edgeRetention = 0.9;               // q: probability to keep each k-tree / forest edge
    bool connected = true;                    // redraw disconnected patterns
    bool allowSingleVertex = false;           // K1 has density 1 on every graph: no information
    DuplicatePolicy duplicates = DuplicatePolicy::Resample;  // isomorphic repeats: keep or redraw
    std::uint64_t seed = 1;                   // the user's seed
    int maxAttempts = 200;                    // redraws allowed per pattern before giving up
};

// One random member of the class with exactly m vertices (not conditioned on connectivity).
Pattern samplePattern(const PatternClass& cls, int m, double edgeRetention, Rng& rng);
// A uniformly random labelled tree on m vertices (Prüfer sequence).
Graph randomTree(int m, Rng& rng);

}  // namespace px
