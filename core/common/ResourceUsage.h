#pragma once
// What a benchmark figure needs beside it to be compared across machines: the CPU time in user and system mode, the
// page faults (minor: a page mapped without reading the disk, e.g. zero-filled memory touched the first time; major:
// read from disk), the peak resident memory, and the machine (CPU model, logical CPUs, kernel, transparent huge
// pages mode). Read from getrusage(2) and /proc and /sys (Linux); fields a system lacks stay empty or 0. Qt-free.
#include <string>

namespace px {

struct ResourceUsage {
    double userSeconds = 0, systemSeconds = 0;
    long minorFaults = 0, majorFaults = 0;
    // This process so far (all its threads); the difference of two readings is what happened in between.
    static ResourceUsage now();
    ResourceUsage operator-(const ResourceUsage& earlier) const;
};

// The peak resident memory of this process in MiB (VmHWM: this address space only, not a parent's).
double peakResidentMiB();

struct MachineFacts {
    std::string cpuModel;                // /proc/cpuinfo "model name"
    int logicalCpus = 0;
    std::string kernel;                  // uname -r
    std::string transparentHugePages;    // the bracketed choice of /sys/kernel/mm/transparent_hugepage/enabled
    static MachineFacts read();
    std::string line() const;            // "CPU …, 2 logical CPUs, kernel …, THP madvise"
};

// "user 1.23 s, system 0.10 s, minor faults 12345, major faults 0, peak 456.7 MiB"
std::string describe(const ResourceUsage& used, double peakMiB);

}  // namespace px
