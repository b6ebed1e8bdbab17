// Runs a computation in a forked child so that it can be cancelled, and reads its result back (ChildProcess.h).
#include "common/ChildProcess.h"

#include "common/Error.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace px {
namespace {

std::atomic<long> started{0};

bool writeAll(int fd, const void* data, std::size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= std::size_t(n);
    }
    return true;
}

// The child: compute, send the length and the values, leave without running exit handlers.
[[noreturn]] void runChild(int fd, const std::function<std::vector<double>()>& work, pid_t parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // an orphaned fit must not run on for minutes
    if (::getppid() != parent) ::_exit(3);
    int status = 0;
    try {
        const std::vector<double> out = work();
        const std::uint64_t n = out.size();
        if (!writeAll(fd, &n, sizeof n) || !writeAll(fd, out.data(), n * sizeof(double))) status = 4;
    } catch (...) {
        status = 2;
    }
    ::_exit(status);
}

int waitFor(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

std::string describeEnd(int status) {
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        return "was stopped by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")" +
               (sig == SIGKILL ? ", perhaps for lack of memory" : "");
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 2) return "failed (out of memory or an internal error)";
    return "ended with status " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

// True once `bytes` holds the whole message (the length, then the values). The parent cannot wait for
// the end of the pipe: a child forked meanwhile by another thread holds a copy of its write end.
bool complete(const std::string& bytes) {
    std::uint64_t n = 0;
    if (bytes.size() < sizeof n) return false;
    std::memcpy(&n, bytes.data(), sizeof n);
    return bytes.size() >= sizeof n + n * sizeof(double);
}

// The parent: collect the child's bytes, killing it if the user cancels.
std::string collect(int fd, pid_t pid, const Progress* stop) {
    std::string bytes;
    char buffer[1 << 16];
    while (!complete(bytes)) {
        if (stop && stop->cancelled()) {
            ::kill(pid, SIGKILL);
            waitFor(pid);
            throw Cancelled();
        }
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, 20);
        if (ready < 0 && errno != EINTR) throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
        if (ready <= 0) continue;
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // end of file (or an error): the child has ended
        bytes.append(buffer, std::size_t(n));
    }
    return bytes;
}

std::vector<double> decode(const std::string& bytes, const std::string& what) {
    std::uint64_t n = 0;
    if (bytes.size() < sizeof n) throw std::runtime_error(what + " sent no result");
    std::memcpy(&n, bytes.data(), sizeof n);
    if (bytes.size() != sizeof n + n * sizeof(double)) throw std::runtime_error(what + " sent a truncated result");
    std::vector<double> out(n);
    if (n > 0) std::memcpy(out.data(), bytes.data() + sizeof n, n * sizeof(double));
    return out;
}

struct Fd {
    int fd = -1;
    ~Fd() { if (fd >= 0) ::close(fd); }
};

}  // namespace

std::vector<double> computeInChildProcess(const std::function<std::vector<double>()>& work, const Progress* stop,
                                          const std::string& what) {
    if (stop && stop->cancelled()) throw Cancelled();
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return work();
    Fd in{fds[0]}, out{fds[1]};
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) return work();  // no process to spare: compute here, not cancellable
    if (pid == 0) runChild(out.fd, work, parent);
    ++started;
    ::close(out.fd);
    out.fd = -1;
    const std::string bytes = collect(in.fd, pid, stop);
    const int status = waitFor(pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error(what + " " + describeEnd(status));
    return decode(bytes, what);
}

namespace testing {
long childProcessesStarted() { return started.load(); }
}  // namespace testing

}  // namespace px
