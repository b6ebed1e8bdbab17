#pragma once
// Timing helpers shared by the pxrun benchmarks.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace pxrun {

using Clock = std::chrono::steady_clock;

inline double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

// The peak resident memory of this program. VmHWM belongs to this program's address space; getrusage's
// ru_maxrss (the fallback) also keeps the peak of the process it was started from (Linux carries it over
// fork and exec), so a benchmark started by a 4 GiB Python process would report 4 GiB.
inline double peakRssMiB() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;  // "VmHWM:   123456 kB"
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_maxrss) / 1024.0;
}

}  // namespace pxrun
