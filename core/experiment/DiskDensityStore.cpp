#include "experiment/DiskDensityStore.h"

#include "common/AtomicFile.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace px::experiment {

namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'P', 'X', 'D', 'E', 'N', 'S', '\x01', '\n'};
constexpr const char* kSuffix = ".pxdens";

// 64-bit FNV-1a from basis `h` (the standard basis by default).
std::uint64_t fnv(const char* p, std::size_t n, std::uint64_t h = 0xCBF29CE484222325ULL) {
    for (std::size_t i = 0; i < n; ++i) { h ^= static_cast<unsigned char>(p[i]); h *= 0x100000001B3ULL; }
    return h;
}

template <class T> void put(std::string& out, const T& v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }
void putBytes(std::string& out, const void* p, std::size_t n) { out.append(static_cast<const char*>(p), n); }

// Reads fixed-size values from a byte string; `ok` turns false at the first read past its end.
struct Reader {
    const std::string& bytes;
    std::size_t at = 0;
    bool ok = true;
    bool take(void* into, std::size_t n) {
        if (!ok || n > bytes.size() - at) return ok = false;
        std::memcpy(into, bytes.data() + at, n);
        at += n;
        return true;
    }
    template <class T> T get() { T v{}; take(&v, sizeof v); return v; }
};

std::string serialise(const std::string& key, const DensityMatrix& dm) {
    std::string out;
    putBytes(out, kMagic, sizeof kMagic);
    put(out, std::uint64_t(key.size()));
    out += key;
    put(out, std::uint64_t(dm.t.rows()));
    put(out, std::uint64_t(dm.t.cols()));
    put(out, std::uint64_t(dm.pathCounts.size()));
    putBytes(out, dm.t.data(), std::size_t(dm.t.size()) * sizeof(double));
    putBytes(out, dm.n.data(), std::size_t(dm.n.size()) * sizeof(double));
    for (const auto& counts : dm.pathCounts)
        for (long c : counts) put(out, std::int64_t(c));
    put(out, fnv(out.data(), out.size()));
    return out;
}

// The densities in `bytes` if they are a whole, undamaged entry of `key`.
std::optional<DensityMatrix> deserialise(const std::string& bytes, const std::string& key, bool& damaged) {
    damaged = true;
    if (bytes.size() < sizeof kMagic + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) return std::nullopt;
    std::uint64_t sum = 0;
    std::memcpy(&sum, bytes.data() + bytes.size() - 8, 8);
    if (fnv(bytes.data(), bytes.size() - 8) != sum) return std::nullopt;
    Reader r{bytes, sizeof kMagic};
    const auto keyLength = r.get<std::uint64_t>();
    if (!r.ok || keyLength > bytes.size()) return std::nullopt;
    std::string stored(keyLength, '\0');
    r.take(stored.data(), keyLength);
    const auto rows = r.get<std::uint64_t>(), cols = r.get<std::uint64_t>(), paths = r.get<std::uint64_t>();
    if (!r.ok || rows > bytes.size() || cols > bytes.size() || paths > bytes.size()) return std::nullopt;
    if (bytes.size() != r.at + (rows * cols + rows) * 8 + paths * 24 + 8) return std::nullopt;
    damaged = false;
    if (stored != key) return std::nullopt;  // another entry of the same file name: a miss, not damage
    DensityMatrix dm;
    dm.t.resize(Eigen::Index(rows), Eigen::Index(cols));
    dm.n.resize(Eigen::Index(rows));
    r.take(dm.t.data(), rows * cols * 8);
    r.take(dm.n.data(), rows * 8);
    dm.pathCounts.resize(paths);
    for (auto& counts : dm.pathCounts)
        for (long& c : counts) c = long(r.get<std::int64_t>());
    return dm;
}

std::uint64_t capFromEnvironment(std::string& warning) {
    constexpr std::uint64_t kDefault = std::uint64_t(1024) << 20;
    const char* mb = std::getenv("PX_DENSITY_CACHE_MB");
    if (!mb) return kDefault;
    char* end = nullptr;
    const double value = std::strtod(mb, &end);
    if (end != mb && *end == '\0' && value >= 0 && value < 1e9) return std::uint64_t(value * 1024 * 1024);
    warning = std::string("PX_DENSITY_CACHE_MB='") + mb + "' is not a size in MiB (expected a number in [0, 1e9)); using 1024";
    return kDefault;
}

bool isEntry(const fs::directory_entry& e) {
    std::error_code ec;
    return e.is_regular_file(ec) && e.path().extension() == kSuffix;
}

}  // namespace

DiskDensityStore::Settings DiskDensityStore::settingsFromEnvironment() {
    Settings s;
    s.capBytes = capFromEnvironment(s.warning);
    const char* chosen = std::getenv("PX_DENSITY_CACHE");
    if (chosen && (!std::strcmp(chosen, "off") || !std::strcmp(chosen, "0"))) {
        s.enabled = false;
        s.disabledBecause = std::string("PX_DENSITY_CACHE=") + chosen;
        return s;
    }
    if (chosen && *chosen) {
        s.folder = chosen;
        return s;
    }
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    if (xdg && xdg[0] == '/') s.folder = std::string(xdg) + "/pxstudio/densities";
    else if (home && *home) s.folder = std::string(home) + "/.cache/pxstudio/densities";
    else {
        s.enabled = false;
        s.disabledBecause = "neither XDG_CACHE_HOME nor HOME is set";
    }
    return s;
}

std::shared_ptr<DiskDensityStore> DiskDensityStore::fromEnvironment() {
    const Settings s = settingsFromEnvironment();
    if (!s.enabled) return nullptr;
    return std::make_shared<DiskDensityStore>(s.folder, s.capBytes);
}

std::string DiskDensityStore::keyOf(const std::string& datasetHash, const PatternSet& patterns) {
    return std::string("engine ") + PX_VERSION + ", density format " + std::to_string(kDensityFormat) + "\ndata " +
           datasetHash + "\npatterns " + patterns.toJson();
}

std::string DiskDensityStore::pathOf(const std::string& key) const {
    char name[40];
    // Two FNV-1a hashes from different bases: 128 bits, so that two keys share a name about never (and if they
    // do, the key inside the file tells them apart).
    std::snprintf(name, sizeof name, "%016llx%016llx", static_cast<unsigned long long>(fnv(key.data(), key.size())),
                  static_cast<unsigned long long>(fnv(key.data(), key.size(), 0x84222325CBF29CE4ULL)));
    return folder_ + "/" + name + kSuffix;
}

std::optional<DensityMatrix> DiskDensityStore::load(const std::string& key) const {
    const std::string path = pathOf(key);
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    bool damaged = false;
    auto dm = deserialise(bytes, key, damaged);
    std::error_code ec;
    if (damaged) fs::remove(path, ec);  // computed again and rewritten by the caller
    else if (dm) fs::last_write_time(path, fs::file_time_type::clock::now(), ec);  // used now (LRU)
    return dm;
}

void DiskDensityStore::store(const std::string& key, const DensityMatrix& densities) const {
    try {
        const std::string bytes = serialise(key, densities);
        if (bytes.size() > cap_) return;  // larger than the whole store: not kept
        std::error_code ec;
        fs::create_directories(folder_, ec);
        writeFileAtomically(pathOf(key), bytes);
        evictBeyondCap();
    } catch (const std::exception&) {
        // A store that cannot be written (read-only, full) only costs the next run its densities.
    }
}

void DiskDensityStore::evictBeyondCap() const {
    struct Kept {
        fs::path path;
        fs::file_time_type used;
        std::uint64_t bytes;
    };
    std::vector<Kept> kept;
    std::uint64_t total = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder_, ec)) {
        if (!isEntry(e)) continue;
        std::error_code sizeError, timeError;
        const auto bytes = e.file_size(sizeError);
        const auto used = e.last_write_time(timeError);
        if (sizeError || timeError) continue;  // removed meanwhile by another process
        kept.push_back({e.path(), used, bytes});
        total += bytes;
    }
    std::sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) { return a.used < b.used; });
    for (const Kept& k : kept) {
        if (total <= cap_) break;
        std::error_code removeError;
        fs::remove(k.path, removeError);
        total -= k.bytes;
    }
}

DiskDensityStore::Usage DiskDensityStore::usage() const {
    Usage u;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder_, ec)) {
        if (!isEntry(e)) continue;
        std::error_code sizeError;
        const auto bytes = e.file_size(sizeError);
        if (sizeError) continue;
        ++u.entries;
        u.bytes += bytes;
    }
    return u;
}

DiskDensityStore::Usage DiskDensityStore::clear() const {
    Usage removed;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder_, ec)) {
        if (!isEntry(e)) continue;
        std::error_code sizeError, removeError;
        const auto bytes = e.file_size(sizeError);
        if (fs::remove(e.path(), removeError) && !sizeError) {
            ++removed.entries;
            removed.bytes += bytes;
        }
    }
    return removed;
}

}  // namespace px::experiment
