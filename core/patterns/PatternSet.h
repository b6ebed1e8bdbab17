#pragma once
// A sampled pattern vector F = (F_1..F_d) with everything needed to reproduce it: class,
// sampler parameters and seed. Saved and loaded as JSON.
#include "common/Progress.h"
#include "patterns/PatternSampler.h"

#include <string>
#include <vector>

namespace px {

struct PatternSet {
    PatternSamplerParams params;       // how it was drawn (class, d, size law, options, seed)
    std::vector<Pattern> patterns;     // the d patterns, in draw order
    std::vector<int> duplicateOf;      // per pattern: index of an earlier isomorphic one, or −1
    int redrawnDuplicates = 0;         // isomorphic draws that were rejected and redrawn
    int redrawnDisconnected = 0;       // disconnected draws that were rejected and redrawn
    std::vector<std::string> warnings; // e.g. "only 7 distinct patterns exist up to size 4"

    int size() const { return int(patterns.size()); }
    int distinctCount() const;
    int maxVertices() const;
    int maxTreewidthBound() const;

    // Draws a pattern set. Deterministic in params (including the seed).
    static PatternSet sample(const PatternSamplerParams& params, Progress& progress = noProgress());
    // JSON with format tag, version, params and every pattern's edges and elimination order.
    std::string toJson() const;
    void save(const std::string& path) const;  // atomic: writes a temporary file, then renames
    // Throws px::InputError naming the file (and line) on malformed content.
    static PatternSet fromJson(const std::string& text, const std::string& sourceName = "<json>");
    static PatternSet load(const std::string& path);
};

}  // namespace px
