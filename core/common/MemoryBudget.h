#pragma once
// How much memory one input or computation may claim. Every size that drives memory (edges of a file,
// graphs of a data set, runs of a sweep) is estimated and checked here *before* the allocation, so a
// hostile or mistaken input is refused with a message instead of dying of std::bad_alloc.
// The limit is --max-memory (pxrun) if given, else half the physical memory.
#include <string>

namespace px {

double physicalMemoryBytes();
double memoryLimitBytes();
void setMemoryLimitBytes(double bytes);  // ≤ 0: back to the default
std::string formatBytes(double bytes);   // "1.5 GiB", "12.0 MiB"

// Throws ResourceError "INPUT: WHAT needs about X, more than the memory limit Y (--max-memory to change)"
// if estimateBytes exceeds the limit; INPUT (a path, maybe with ":LINE") is quoted through printablePath.
void checkMemory(const std::string& input, const std::string& what, double estimateBytes);

}  // namespace px
