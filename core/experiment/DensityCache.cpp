// Density matrices kept in memory across sweeps of one data set (DensityCache.h), backed by the disk store.
#include "experiment/DensityCache.h"

namespace px::experiment {

std::shared_ptr<const DensityMatrix> DensityCache::get(const Dataset& data, const PatternSet& patterns, Progress& progress) {
    const std::string key = patterns.toJson();
    if (auto kept = find(key)) return kept;
    bool fromDisk = false;
    auto densities = std::make_shared<const DensityMatrix>(
        loadOrCompute(data, disk_ ? datasetHash(data) : std::string(), patterns, disk_.get(), progress, &fromDisk));
    keep(key, densities);
    if (fromDisk) {
        std::lock_guard<std::mutex> lock(mutex_);
        ++diskHits_;
    }
    return densities;
}

std::string DensityCache::datasetHash(const Dataset& data) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (hashedData_ != &data || datasetHash_.empty()) {
        datasetHash_ = data.contentHash();
        hashedData_ = &data;
    }
    return datasetHash_;
}

bool DensityCache::holds(const Dataset& data, const PatternSet& patterns) {
    if (peek(patterns)) return true;
    if (!disk_) return false;
    return disk_->holds(DiskDensityStore::keyOf(datasetHash(data), patterns));
}

DensityMatrix DensityCache::loadOrCompute(const Dataset& data, const std::string& datasetHash, const PatternSet& patterns,
                                          const DiskDensityStore* disk, Progress& progress, bool* fromDisk) {
    if (fromDisk) *fromDisk = false;
    if (!disk) return DensityMatrix::compute(data, patterns, {}, progress);
    const std::string key = DiskDensityStore::keyOf(datasetHash, patterns);
    if (auto stored = disk->load(key)) {
        if (fromDisk) *fromDisk = true;
        return std::move(*stored);
    }
    DensityMatrix computed = DensityMatrix::compute(data, patterns, {}, progress);
    disk->store(key, computed);
    return computed;
}

std::shared_ptr<const DensityMatrix> DensityCache::find(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = entries_.begin(); it != entries_.end(); ++it)
        if (it->key == key) {
            entries_.splice(entries_.begin(), entries_, it);  // now the most recently used
            ++hits_;
            return it->densities;
        }
    ++misses_;
    return nullptr;
}

void DensityCache::keep(const std::string& key, std::shared_ptr<const DensityMatrix> densities) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const Entry& e : entries_)
        if (e.key == key) return;  // computed meanwhile by another sweep
    const std::size_t bytes = std::size_t(densities->t.size() + densities->n.size()) * sizeof(double) + key.size();
    entries_.push_front({key, std::move(densities), bytes});
    bytes_ += bytes;
    while (bytes_ > capacity_ && entries_.size() > 1) {
        bytes_ -= entries_.back().bytes;
        entries_.pop_back();
    }
}

void DensityCache::put(const PatternSet& patterns, std::shared_ptr<const DensityMatrix> densities) {
    keep(patterns.toJson(), std::move(densities));
}

void DensityCache::keepComputed(const Dataset& data, const PatternSet& patterns, std::shared_ptr<const DensityMatrix> densities) {
    if (disk_) disk_->store(DiskDensityStore::keyOf(datasetHash(data), patterns), *densities);
    keep(patterns.toJson(), std::move(densities));
    std::lock_guard<std::mutex> lock(mutex_);
    ++misses_;  // densities this cache did not hold, computed
}

std::shared_ptr<const DensityMatrix> DensityCache::peek(const PatternSet& patterns) const {
    const std::string key = patterns.toJson();
    std::lock_guard<std::mutex> lock(mutex_);
    for (const Entry& e : entries_)
        if (e.key == key) return e.densities;
    return nullptr;
}

void DensityCache::clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.clear();
    bytes_ = 0;
}

long DensityCache::hits() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return hits_;
}

long DensityCache::diskHits() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return diskHits_;
}

long DensityCache::misses() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return misses_;
}

}  // namespace px::experiment
