#pragma once
// Timing helpers shared by the pxrun benchmarks.
#include "common/ResourceUsage.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace pxrun {

using Clock = std::chrono::steady_clock;

inline double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    return v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
}

// The peak resident memory of this program (VmHWM: its own address space, not its parent's; common/ResourceUsage.h).
inline double peakRssMiB() { return px::peakResidentMiB(); }

}  // namespace pxrun
