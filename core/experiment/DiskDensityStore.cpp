// Density matrices kept on disk between runs (DiskDensityStore.h): keyed files, size cap, eviction.
#include "experiment/DiskDensityStore.h"

#include "common/AtomicFile.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>
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

// The first line of every key: entries of another engine version or density format are never read.
std::string engineLine() { return std::string("engine ") + PX_VERSION + ", density format " + std::to_string(kDensityFormat); }

// Whether a file of `size` bytes is exactly a header of `header` bytes, rows × cols densities, rows counts, `paths`
// path counts (3 each) and the checksum. Divisions, not products, bound the counts: no overflow can make a match.
bool sizesMatch(std::uint64_t size, std::uint64_t header, std::uint64_t rows, std::uint64_t cols, std::uint64_t paths) {
    if (rows > size || cols > size || paths > size || (rows > 0 && cols > size / 8 / rows)) return false;
    return size == header + (rows * cols + rows) * 8 + paths * 24 + 8;
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
    if (!r.ok || !sizesMatch(bytes.size(), r.at, rows, cols, paths)) return std::nullopt;
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

// A descriptor of the regular file at `path`, else -1. lstat first, so that a device is never opened (opening
// some has effects); then open(2) without blocking (a FIFO swapped in meanwhile would block it until a writer
// came: forever) nor following a link (the store writes only regular files, by rename), and fstat of what was
// opened. `st` is the file's status.
int openEntry(const std::string& path, struct stat& st) {
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return -1;
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// `n` bytes from `fd` into `into` (or skipped, for null), hashing them into `hash` if given; false at the end of
// the file or on an error.
bool readBytes(int fd, void* into, std::uint64_t n, std::uint64_t* hash = nullptr) {
    char block[1 << 16];
    auto* out = static_cast<char*>(into);
    while (n > 0) {
        char* at = out ? out : block;
        const ssize_t got = ::read(fd, at, std::size_t(std::min<std::uint64_t>(n, out ? n : sizeof block)));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        if (hash) *hash = fnv(at, std::size_t(got), *hash);
        if (out) out += got;
        n -= std::uint64_t(got);
    }
    return true;
}

enum class Kind { Good, Foreign, Damaged };

// What the entry file behind `fd` (of `size` bytes, named `name`) holds, read in blocks (an entry may be as
// large as the cap): the checks of deserialise, then whether this engine would read it under this name.
Kind inspectEntry(int fd, std::uint64_t size, const std::string& name, const DiskDensityStore& store) {
    std::uint64_t hash = 0xCBF29CE484222325ULL, keyLength = 0, rows = 0, cols = 0, paths = 0, sum = 0;
    char magic[sizeof kMagic];
    if (size < sizeof kMagic + 8 + 8 || !readBytes(fd, magic, sizeof magic, &hash) || std::memcmp(magic, kMagic, sizeof kMagic) != 0 ||
        !readBytes(fd, &keyLength, 8, &hash) || keyLength > size - sizeof kMagic - 8)
        return Kind::Damaged;
    std::string key(std::size_t(keyLength), '\0');
    if (!readBytes(fd, key.data(), keyLength, &hash) || !readBytes(fd, &rows, 8, &hash) || !readBytes(fd, &cols, 8, &hash) ||
        !readBytes(fd, &paths, 8, &hash))
        return Kind::Damaged;
    const std::uint64_t header = sizeof kMagic + 8 + keyLength + 24;
    if (!sizesMatch(size, header, rows, cols, paths) || !readBytes(fd, nullptr, size - header - 8, &hash) || !readBytes(fd, &sum, 8) ||
        sum != hash)
        return Kind::Damaged;
    const bool thisEngine = key.rfind(engineLine() + "\n", 0) == 0;
    return thisEngine && fs::path(store.pathOf(key)).filename().string() == name ? Kind::Good : Kind::Foreign;
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
    return engineLine() + "\ndata " + datasetHash + "\npatterns " + patterns.toJson();
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
    struct stat st;
    const int fd = openEntry(path, st);
    if (fd < 0) return std::nullopt;  // absent, or not a regular file: a miss, and the next store renames an entry over it
    // Larger than any entry a store of this cap writes: not read whole into memory (eviction removes it).
    if (std::uint64_t(st.st_size) > cap_) {
        ::close(fd);
        return std::nullopt;
    }
    std::string bytes(std::size_t(st.st_size), '\0');
    const bool whole = readBytes(fd, bytes.data(), bytes.size());
    ::close(fd);
    if (!whole) return std::nullopt;  // shorter than its size: replaced meanwhile by another process
    bool damaged = false;
    auto dm = deserialise(bytes, key, damaged);
    std::error_code ec;
    if (damaged) fs::remove(path, ec);  // computed again and rewritten by the caller
    else if (dm) fs::last_write_time(path, fs::file_time_type::clock::now(), ec);  // used now (LRU)
    return dm;
}

bool DiskDensityStore::holds(const std::string& key) const {
    struct stat st;
    return ::lstat(pathOf(key).c_str(), &st) == 0 && S_ISREG(st.st_mode);
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

DiskDensityStore::Usage DiskDensityStore::usage() const { return survey(false); }

DiskDensityStore::Usage DiskDensityStore::clear() const { return survey(true); }

DiskDensityStore::Usage DiskDensityStore::survey(bool remove) const {
    Usage u;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folder_, ec)) {
        const std::string name = e.path().filename().string(), path = e.path().string();
        const bool temporary = name.find(std::string(kSuffix) + ".tmp.") != std::string::npos;  // AtomicFile's NAME.tmp.PID.N
        if (!temporary && e.path().extension() != kSuffix) continue;  // not the store's: left alone
        struct stat st;
        if (::lstat(path.c_str(), &st) != 0) continue;  // removed meanwhile by another process
        const std::uint64_t bytes = S_ISREG(st.st_mode) ? std::uint64_t(st.st_size) : 0;
        Kind kind = Kind::Foreign;  // not a regular file (a pipe, socket, device, link, folder) unless read below
        if (const int fd = temporary ? -1 : openEntry(path, st); fd >= 0) {
            kind = inspectEntry(fd, bytes, name, *this);
            ::close(fd);
        }
        std::error_code removeError;
        if (remove && !fs::remove(e.path(), removeError)) {  // a folder that is not empty
            ++u.kept;
            continue;
        }
        if (!temporary && kind == Kind::Good) {
            ++u.entries;
            u.bytes += bytes;
            continue;
        }
        ++(temporary ? u.temporary : kind == Kind::Damaged ? u.damaged : u.foreign);
        u.otherBytes += bytes;
    }
    return u;
}

}  // namespace px::experiment
