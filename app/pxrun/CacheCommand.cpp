// pxrun cache info|clear: the density store on disk that the app, pxrun and Python share (DiskDensityStore.h).
#include "Commands.h"
#include "experiment/DiskDensityStore.h"

#include <cstdio>
#include <stdexcept>

namespace pxrun {

namespace {
std::string mebibytes(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / (1024.0 * 1024.0));
    return text;
}
}  // namespace

int cacheCommand(const std::vector<std::string>& args) {
    using px::experiment::DiskDensityStore;
    const Args a = Args::parse(args);
    const std::string what = a.positional.empty() ? "info" : a.positional[0];
    if (a.positional.size() > 1 || (what != "info" && what != "clear"))
        throw std::invalid_argument("cache expects 'info' or 'clear', found '" + what + "'");
    const DiskDensityStore::Settings s = DiskDensityStore::settingsFromEnvironment();
    if (!s.warning.empty()) std::fprintf(stderr, "pxrun: warning: %s\n", s.warning.c_str());
    if (!s.enabled) {
        std::printf("density cache: off (%s)\n", s.disabledBecause.c_str());
        return 0;
    }
    const DiskDensityStore store(s.folder, s.capBytes);
    if (what == "clear") {
        const auto removed = store.clear();
        std::printf("density cache: removed %ld entries (%s) from %s\n", removed.entries, mebibytes(removed.bytes).c_str(),
                    s.folder.c_str());
        return 0;
    }
    const auto used = store.usage();
    std::printf("density cache: %s\n", s.folder.c_str());
    std::printf("  entries: %ld\n  size: %s of %s (PX_DENSITY_CACHE_MB)\n", used.entries, mebibytes(used.bytes).c_str(),
                mebibytes(s.capBytes).c_str());
    std::printf("  engine %s, density format %d; PX_DENSITY_CACHE=off or --no-cache turns it off\n", PX_VERSION,
                px::experiment::kDensityFormat);
    return 0;
}

}  // namespace pxrun
