// Resource usage and machine facts for benchmark records (see ResourceUsage.h).
#include "common/ResourceUsage.h"

#include <cstdio>
#include <fstream>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <thread>

namespace px {

ResourceUsage ResourceUsage::now() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    ResourceUsage u;
    u.userSeconds = double(ru.ru_utime.tv_sec) + 1e-6 * double(ru.ru_utime.tv_usec);
    u.systemSeconds = double(ru.ru_stime.tv_sec) + 1e-6 * double(ru.ru_stime.tv_usec);
    u.minorFaults = ru.ru_minflt;
    u.majorFaults = ru.ru_majflt;
    return u;
}

ResourceUsage ResourceUsage::operator-(const ResourceUsage& earlier) const {
    ResourceUsage d;
    d.userSeconds = userSeconds - earlier.userSeconds;
    d.systemSeconds = systemSeconds - earlier.systemSeconds;
    d.minorFaults = minorFaults - earlier.minorFaults;
    d.majorFaults = majorFaults - earlier.majorFaults;
    return d;
}

double peakResidentMiB() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;  // "VmHWM:   123456 kB"
    return 0;
}

MachineFacts MachineFacts::read() {
    MachineFacts m;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; m.cpuModel.empty() && std::getline(cpuinfo, line);)
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) m.cpuModel = line.substr(line.find(':') + 2);
    m.logicalCpus = int(std::thread::hardware_concurrency());
    utsname u{};
    if (uname(&u) == 0) m.kernel = u.release;
    std::ifstream thp("/sys/kernel/mm/transparent_hugepage/enabled");  // "always [madvise] never"
    std::string modes;
    std::getline(thp, modes);
    const auto open = modes.find('['), close = modes.find(']');
    if (open != std::string::npos && close != std::string::npos && close > open) m.transparentHugePages = modes.substr(open + 1, close - open - 1);
    return m;
}

std::string MachineFacts::line() const {
    return "CPU " + (cpuModel.empty() ? std::string("unknown") : cpuModel) + ", " + std::to_string(logicalCpus) + " logical CPUs, kernel " +
           (kernel.empty() ? std::string("unknown") : kernel) + ", THP " + (transparentHugePages.empty() ? std::string("unknown") : transparentHugePages);
}

std::string describe(const ResourceUsage& used, double peakMiB) {
    char text[200];
    std::snprintf(text, sizeof text, "user %.2f s, system %.2f s, minor faults %ld, major faults %ld, peak %.1f MiB", used.userSeconds,
                  used.systemSeconds, used.minorFaults, used.majorFaults, peakMiB);
    return text;
}

}  // namespace px
