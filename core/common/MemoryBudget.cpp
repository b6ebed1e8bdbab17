// How much memory one input or computation may claim (MemoryBudget.h), and the refusal when it would exceed it.
#include "common/MemoryBudget.h"

#include "common/Error.h"

#include <atomic>
#include <cstdio>
#include <unistd.h>

namespace px {

namespace {
std::atomic<double> configuredLimit{0};
}

double physicalMemoryBytes() {
    const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && size > 0 ? double(pages) * double(size) : 8.0 * double(1 << 30);
}

double memoryLimitBytes() {
    const double set = configuredLimit.load();
    return set > 0 ? set : 0.5 * physicalMemoryBytes();
}

void setMemoryLimitBytes(double bytes) { configuredLimit = bytes > 0 ? bytes : 0; }

std::string formatBytes(double bytes) {
    char buf[48];
    if (bytes >= double(1 << 30)) std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / double(1 << 30));
    else std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / double(1 << 20));
    return buf;
}

void checkMemory(const std::string& input, const std::string& what, double estimateBytes) {
    const double limit = memoryLimitBytes();
    if (estimateBytes > limit)
        throw ResourceError(printablePath(input) + ": " + what + " needs about " + formatBytes(estimateBytes) + ", more than the memory limit " +
                            formatBytes(limit) + " (--max-memory to change)");
}

}  // namespace px
