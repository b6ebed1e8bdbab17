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
// The folder is read as hostile input: only regular files are opened, without blocking and without following a
// link (a FIFO under an entry's name would block open(2) forever, and every later run with it); anything else
// under an entry's name is a miss, replaced by the next write of that entry.
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
    // The kept densities of `key`, or nothing (absent, of another key, not a regular file, larger than the cap, or
    // damaged: then removed). Never blocks on a FIFO or device.
    std::optional<DensityMatrix> load(const std::string& key) const;
    // Whether a regular file is kept under `key`'s name (neither read nor verified).
    bool holds(const std::string& key) const;
    // Keeps `densities` under `key`, then evicts the least recently used beyond the cap. Never throws.
    void store(const std::string& key, const DensityMatrix& densities) const;

    // The folder's files named like entries, each read through (in blocks) and checked as load() would.
    struct Usage {
        long entries = 0;       // whole entries that this engine reads
        std::uint64_t bytes = 0;
        long damaged = 0;       // cut short, failing their checksum, or not an entry at all: never read, removed when met
        long foreign = 0;       // whole entries this engine does not read (another version, density format, or key's
                                // name), and what is not a regular file: a pipe, socket, device, symbolic link or folder
        long temporary = 0;     // NAME.pxdens.tmp.* left by writes that were interrupted
        std::uint64_t otherBytes = 0;  // of the damaged, foreign and temporary files
        long kept = 0;          // clear(): what could not be removed (e.g. a folder that is not empty)
    };
    Usage usage() const;
    Usage clear() const;  // removes every entry, damaged, foreign or whole, and the temporary files; returns what went
    const std::string& folder() const { return folder_; }
    std::uint64_t capBytes() const { return cap_; }
    std::string pathOf(const std::string& key) const;  // the entry's file (for tests)

private:
    void evictBeyondCap() const;
    Usage survey(bool remove) const;
    std::string folder_;
    std::uint64_t cap_;
};

}  // namespace px::experiment
