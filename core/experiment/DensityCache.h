#pragma once
// Density matrices kept across sweeps of one data set. The app recomputes its sweep whenever a setting
// changes, and most settings (ε grid, mechanism, D, learner, protocol) leave the patterns, and so the
// densities, as they were: those are read here instead of computed again. Keyed by the pattern set (its
// JSON: class, size law, seed and the patterns themselves); the least recently used go first once the
// matrices exceed `capacityBytes`. Thread-safe. The owner keeps one cache per data set object: a cache
// must be cleared (or replaced) when its data set is.
#include "hom/DensityMatrix.h"
#include "patterns/PatternSet.h"

#include <list>
#include <memory>
#include <mutex>
#include <string>

namespace px::experiment {

class DensityCache {
public:
    explicit DensityCache(std::size_t capacityBytes = std::size_t(256) << 20) : capacity_(capacityBytes) {}
    // The densities of `patterns` on `data`: kept ones, else computed (outside the lock) and kept.
    std::shared_ptr<const DensityMatrix> get(const Dataset& data, const PatternSet& patterns, Progress& progress = noProgress());
    // Keeps densities computed elsewhere (e.g. in blocks of graphs on a cluster) for `patterns` on this data set.
    void put(const PatternSet& patterns, std::shared_ptr<const DensityMatrix> densities);
    // The kept densities of `patterns`, or null: never computes (a view may ask while a sweep computes them).
    std::shared_ptr<const DensityMatrix> peek(const PatternSet& patterns) const;
    void clear();
    long hits() const;
    long misses() const;

private:
    struct Entry {
        std::string key;
        std::shared_ptr<const DensityMatrix> densities;
        std::size_t bytes = 0;
    };
    std::shared_ptr<const DensityMatrix> find(const std::string& key);
    void keep(const std::string& key, std::shared_ptr<const DensityMatrix> densities);

    mutable std::mutex mutex_;
    std::list<Entry> entries_;  // most recently used first
    std::size_t capacity_, bytes_ = 0;
    long hits_ = 0, misses_ = 0;
};

}  // namespace px::experiment
