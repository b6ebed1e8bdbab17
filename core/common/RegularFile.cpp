#include "common/RegularFile.h"

#include "common/Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace px {

int openRegularFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) throw InputError(path, 0, "cannot open file: no such file");
        throw InputError(path, 0, std::string("cannot open file: ") + std::strerror(errno));
    }
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
