#pragma once
// Density matrices kept on disk between runs, so that reopening a data set (a restart of the app, another
// pxrun sweep, a Python session) reads its densities instead of counting them again. Shared by the three:
// one folder, by default the user's cache folder ($XDG_CACHE_HOME/pxstudio/densities, else
// ~/.cache/pxstudio/densities).
//
// An entry is keyed by the data set's content hash, the pattern set (its JSON) and the engine's version and
// density format; the file holds the whole key, so a file of another key is never taken for this one. Every
// entry ends with a checksum of everything before it: a truncated or damaged entry is removed and its
// densities computed again, never trusted. Entries are written atomically (a temporary file renamed over the
// name); a read marks an entry used (its modification time), and after a write the least recently used
// entries go until the folder holds at most `capBytes`. A failure of the store (read-only folder, full disk)
// never fails a computation: the densities are then simply not kept.
//
// Environment: PX_DENSITY_CACHE=off turns the store off; PX_DENSITY_CACHE=FOLDER puts it elsewhere;
// PX_DENSITY_CACHE_MB sets the cap (default 1024 MiB).
#include "hom/DensityMatrix.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace px::experiment {

constexpr int kDensityFormat = 2;  // raise with any change to how densities are counted or stored

class DiskDensityStore {
public:
    DiskDensityStore(std::string folder, std::uint64_t capBytes) : folder_(std::move(folder)), cap_(capBytes) {}
    // The store the environment asks for (see above), or null when it is turned off.
    static std::shared_ptr<DiskDensityStore> fromEnvironment();
    // What the environment asks for, as a user reads it: the folder and cap, or why there is no store.
    struct Settings {
        bool enabled = true;
        std::string folder;
        std::uint64_t capBytes = 0;
        std::string disabledBecause;  // e.g. "PX_DENSITY_CACHE=off"
        std::string warning;          // a PX_DENSITY_CACHE_MB that is not a size (the default is used)
    };
    static Settings settingsFromEnvironment();

    // The entry's key: data set hash, pattern set and engine version.
    static std::string keyOf(const std::string& datasetHash, const PatternSet& patterns);
    // The kept densities of `key`, or nothing (absent, of another key, or damaged: then removed).
    std::optional<DensityMatrix> load(const std::string& key) const;
    // Keeps `densities` under `key`, then evicts the least recently used beyond the cap. Never throws.
    void store(const std::string& key, const DensityMatrix& densities) const;

    struct Usage {
        long entries = 0;
        std::uint64_t bytes = 0;
    };
    Usage usage() const;
    Usage clear() const;  // removes every entry; returns what was removed
    const std::string& folder() const { return folder_; }
    std::uint64_t capBytes() const { return cap_; }
    std::string pathOf(const std::string& key) const;  // the entry's file (for tests)

private:
    void evictBeyondCap() const;
    std::string folder_;
    std::uint64_t cap_;
};

}  // namespace px::experiment
