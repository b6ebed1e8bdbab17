// Opening input files safely (RegularFile.h): regular files only, with sizes checked before reading.
#include "common/RegularFile.h"

#include "common/Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace px {

std::string pathErrorText(int err) {
    switch (err) {
        case ENOENT: return "no such file or folder";
        // strerror's "Too many levels of symbolic links" reads like a limit; a loop is what it almost always is
        case ELOOP: return "a symbolic link loop (its links lead back to themselves, never to a file)";
        case ENOTDIR: return "no such file or folder (a part of the path is not a folder)";
        case EACCES:
        case EPERM: return "permission denied";
        case ENAMETOOLONG: return "the path is too long";
        default: return std::strerror(err);
    }
}

int openRegularFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) throw InputError(path, 0, "cannot open file: " + pathErrorText(errno));
    struct stat st;
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        throw InputError(path, 0, std::string("cannot read file status: ") + std::strerror(e));
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw InputError(path, 0, "expected a file, found a folder");
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        throw InputError(path, 0, "expected a regular file (found a pipe, socket or device); refusing to read it");
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

long long fileSize(int fd) {
    struct stat st;
    return ::fstat(fd, &st) == 0 ? static_cast<long long>(st.st_size) : 0;
}

}  // namespace px
