// Atomic file writes (AtomicFile.h): write a temporary file, sync it, rename it over the final name.
#include "common/AtomicFile.h"

#include "common/Error.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace px {

namespace {
std::atomic<long long> injectedBudget{-1};  // bytes left before an injected ENOSPC; −1: no injection

std::string temporaryNameFor(const std::string& path) {
    static std::atomic<unsigned> counter{0};
    return path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}
}  // namespace

namespace testing {
void failWritesWithDiskFullAfter(long long bytes) { injectedBudget = bytes; }
}  // namespace testing

std::string fileErrorText(int err) {
    switch (err) {
        case ENOSPC: return "disk full (no space left on device)";
        case EDQUOT: return "disk quota exceeded";
        case EROFS: return "read-only file system";
        case EACCES:
        case EPERM: return "permission denied";
        case ENOENT: return "folder does not exist";
        case EFBIG: return "file too large";
        default: return std::strerror(err);
    }
}

void writeAllToDescriptor(int fd, std::string_view bytes, const std::string& path) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        std::size_t chunk = bytes.size() - done;
        const long long budget = injectedBudget.load();
        if (budget >= 0 && (long long)chunk > budget) {
            if (budget == 0) throw InputError(path, 0, "cannot write: " + fileErrorText(ENOSPC));
            chunk = std::size_t(budget);
        }
        const ssize_t wrote = ::write(fd, bytes.data() + done, chunk);
        if (wrote < 0) {
            if (errno == EINTR) continue;
            throw InputError(path, 0, "cannot write: " + fileErrorText(errno));
        }
        if (budget >= 0) injectedBudget -= wrote;
        done += std::size_t(wrote);
    }
}

void syncDescriptor(int fd, const std::string& path) {
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS)  // EINVAL: a pipe or special file
        throw InputError(path, 0, "cannot flush to disk: " + fileErrorText(errno));
}

void syncFolderOf(const std::string& path) {
    const auto slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;  // durability of the rename is best effort where the folder cannot be opened
    ::fsync(fd);
    ::close(fd);
}

void writeFileAtomically(const std::string& path, std::string_view bytes) {
    const std::string tmp = temporaryNameFor(path);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(path, 0, "cannot write file: " + fileErrorText(errno));
    try {
        writeAllToDescriptor(fd, bytes, path);
        syncDescriptor(fd, path);
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw InputError(path, 0, "cannot write: " + fileErrorText(err));
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw InputError(path, 0, "cannot replace file: " + fileErrorText(err));
    }
    syncFolderOf(path);
}

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
    std::ostringstream out;
    write(out);
    const std::string bytes = out.str();
    writeFileAtomically(path, std::string_view(bytes));
}

}  // namespace px
