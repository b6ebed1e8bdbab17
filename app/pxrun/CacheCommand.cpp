// pxrun cache info|clear: the density store on disk that the app, pxrun and Python share (DiskDensityStore.h).
#include "Commands.h"
#include "common/Error.h"
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

std::string counted(long n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

// What is not a whole entry of this engine, one line each, never counted among the entries (a damaged entry
// counted as one hid why every run computed its densities again; a FIFO was not shown at all).
void printOthers(const px::experiment::DiskDensityStore::Usage& u) {
    if (u.damaged > 0)
        std::printf("  damaged: %s (cut short, failing the checksum, or not an entry at all: never read)\n", counted(u.damaged, "file", "files").c_str());
    if (u.foreign > 0)
        std::printf("  foreign: %s (another engine's or key's entries, or a pipe, socket, device, link or folder under an "
                    "entry's name: never read)\n", counted(u.foreign, "file", "files").c_str());
    if (u.temporary > 0)
        std::printf("  temporary: %s (left by writes that were interrupted)\n", counted(u.temporary, "file", "files").c_str());
    if (u.damaged + u.foreign + u.temporary > 0)
        std::printf("  %s in these; `pxrun cache clear` removes them with the entries\n", mebibytes(u.otherBytes).c_str());
}
}  // namespace

int cacheCommand(const std::vector<std::string>& args) {
    using px::experiment::DiskDensityStore;
    const Args a = Args::parse("cache", args);
    const std::string what = a.positional.empty() ? "info" : a.positional[0];
    if (a.positional.size() > 1 || (what != "info" && what != "clear"))
        throw std::invalid_argument("cache expects 'info' or 'clear', found '" + what + "'");
    DiskDensityStore::Settings s = DiskDensityStore::settingsFromEnvironment();
    if (a.has("no-cache")) s.enabled = false, s.disabledBecause = "--no-cache";
    if (!s.warning.empty()) std::fprintf(stderr, "pxrun: warning: %s\n", s.warning.c_str());
    if (!s.enabled) {
        std::printf("density cache: off (%s)\n", s.disabledBecause.c_str());
        return 0;
    }
    const DiskDensityStore store(s.folder, s.capBytes);
    const std::string folder = px::printablePath(s.folder);
    if (what == "clear") {
        const auto removed = store.clear();
        std::printf("density cache: removed %ld entries (%s) from %s\n", removed.entries, mebibytes(removed.bytes).c_str(), folder.c_str());
        const long others = removed.damaged + removed.foreign + removed.temporary;
        if (others > 0)
            std::printf("  and %s (%s): %ld damaged, %ld foreign, %ld temporary\n", counted(others, "other file", "other files").c_str(),
                        mebibytes(removed.otherBytes).c_str(), removed.damaged, removed.foreign, removed.temporary);
        if (removed.kept > 0)
            std::printf("  kept %s that could not be removed (a folder that is not empty?): remove it by hand\n",
                        counted(removed.kept, "file", "files").c_str());
        return 0;
    }
    const auto used = store.usage();
    std::printf("density cache: %s\n", folder.c_str());
    std::printf("  entries: %ld\n  size: %s of %s (PX_DENSITY_CACHE_MB)\n", used.entries, mebibytes(used.bytes).c_str(),
                mebibytes(s.capBytes).c_str());
    printOthers(used);
    std::printf("  engine %s, density format %d; PX_DENSITY_CACHE=off or --no-cache turns it off\n", PX_VERSION,
                px::experiment::kDensityFormat);
    return 0;
}

}  // namespace pxrun
