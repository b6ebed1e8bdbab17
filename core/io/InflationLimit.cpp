// How far a compressed input may expand before it is refused (InflationLimit.h).
#include "io/InflationLimit.h"

#include "common/Error.h"

#include <algorithm>
#include <atomic>
#include <cstdio>

namespace px::io {

namespace {
std::atomic<double> absoluteLimit{0};

std::string mib(double bytes) {  // "900 KiB", "64 MiB", "1.5 GiB"
    char s[32];
    if (bytes < double(1 << 20)) std::snprintf(s, sizeof s, "%.0f KiB", bytes / 1024);
    else if (bytes < double(1 << 30)) std::snprintf(s, sizeof s, "%.0f MiB", bytes / double(1 << 20));
    else std::snprintf(s, sizeof s, "%.1f GiB", bytes / double(1 << 30));
    return s;
}
}  // namespace

double maxInputBytes() { return absoluteLimit.load(); }
void setMaxInputBytes(double bytes) { absoluteLimit = bytes > 0 ? bytes : 0; }

void InflationGuard::add(std::size_t bytes, long line) {
    read_ += bytes;
    const double absolute = maxInputBytes();
    if (absolute > 0) {
        if (double(read_) > absolute)
            throw InputError(path_, line, "the input is larger than the limit of " + mib(absolute) +
                                              " set by --max-input-size; raise it to read this file");
        return;
    }
    if (!compressed_) return;
    const double ratioLimit = std::max(double(kInflationFloorBytes), kMaxInflationRatio * double(onDisk_));
    if (ratioLimit > double(kMaxExpandedBytes) && double(read_) > double(kMaxExpandedBytes))
        throw InputError(path_, line, "the compressed file expands to more than " + mib(double(kMaxExpandedBytes)) +
                                          " of text, the limit for a compressed input; pxrun --max-input-size GiB "
                                          "sets a limit of your own (or decompress it first)");
    const double limit = ratioLimit;
    if (double(read_) > limit)
        throw InputError(path_, line, "the compressed file expands to more than " + mib(limit) + " (over " +
                                          std::to_string(int(kMaxInflationRatio)) + " times its " + mib(double(onDisk_)) +
                                          " on disk; graph data compresses 3 to 10 times): a decompression bomb? Refused; "
                                          "pxrun --max-input-size GiB sets a limit of your own");
}

}  // namespace px::io
