#pragma once
// Density matrices kept across sweeps of one data set. The app recomputes its sweep whenever a setting
// changes, and most settings (ε grid, mechanism, D, learner, protocol) leave the patterns, and so the
// densities, as they were: those are read here instead of computed again. Keyed by the pattern set (its
// JSON: class, size law, seed and the patterns themselves); the least recently used go first once the
// matrices exceed `capacityBytes`. Thread-safe. The owner keeps one cache per data set object: a cache
// must be cleared (or replaced) when its data set is.
//
// Behind the memory lies the disk (DiskDensityStore: the user's cache folder unless turned off), shared
// with every other process: a pattern set missing here is read from there before it is computed, and what
// is computed is kept in both.
#include "experiment/DiskDensityStore.h"
#include "hom/DensityMatrix.h"
#include "patterns/PatternSet.h"

#include <list>
#include <memory>
#include <mutex>
#include <string>

namespace px::experiment {

class DensityCache {
public:
    explicit DensityCache(std::size_t capacityBytes = std::size_t(256) << 20,
                          std::shared_ptr<const DiskDensityStore> disk = nullptr)
        : capacity_(capacityBytes), disk_(std::move(disk)) {}
    // The densities of `patterns` on `data`: kept ones, else computed (outside the lock) and kept.
    std::shared_ptr<const DensityMatrix> get(const Dataset& data, const PatternSet& patterns, Progress& progress = noProgress());
    // Keeps densities computed elsewhere (e.g. in blocks of graphs on a cluster) for `patterns` on this data set.
    void put(const PatternSet& patterns, std::shared_ptr<const DensityMatrix> densities);
    // Keeps densities just computed for `patterns` on `data`, here and on disk (counted as a miss: the cache did not
    // hold them).
    void keepComputed(const Dataset& data, const PatternSet& patterns, std::shared_ptr<const DensityMatrix> densities);
    // The kept densities of `patterns`, or null: never computes (a view may ask while a sweep computes them).
    std::shared_ptr<const DensityMatrix> peek(const PatternSet& patterns) const;
    // Whether get() would read rather than compute: kept here, or an entry on disk (not read nor verified).
    bool holds(const Dataset& data, const PatternSet& patterns);
    void clear();
    long hits() const;
    long misses() const;
    long diskHits() const;  // of the misses, how many the disk answered

    // Without a cache object: the densities from the disk store (if any), else computed and kept there; *fromDisk
    // says which.
    // `datasetHash` is data.contentHash(), which the caller usually has already.
    static DensityMatrix loadOrCompute(const Dataset& data, const std::string& datasetHash, const PatternSet& patterns,
                                       const DiskDensityStore* disk, Progress& progress = noProgress(), bool* fromDisk = nullptr);

private:
    struct Entry {
        std::string key;
        std::shared_ptr<const DensityMatrix> densities;
        std::size_t bytes = 0;
    };
    std::shared_ptr<const DensityMatrix> find(const std::string& key);
    std::string datasetHash(const Dataset& data);
    void keep(const std::string& key, std::shared_ptr<const DensityMatrix> densities);

    mutable std::mutex mutex_;
    std::list<Entry> entries_;  // most recently used first
    std::size_t capacity_, bytes_ = 0;
    long hits_ = 0, misses_ = 0, diskHits_ = 0;
    std::shared_ptr<const DiskDensityStore> disk_;
    const Dataset* hashedData_ = nullptr;  // the data set whose content hash is datasetHash_
    std::string datasetHash_;
};

}  // namespace px::experiment
