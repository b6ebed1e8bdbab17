#pragma once
// How far a compressed input may expand. A gzip file expands to at most max(64 MiB, 100 × its size on disk)
// (real graph data compresses 3 to 10 times; a decompression bomb, a small .gz of gigabytes of repeated text,
// a thousand times and more), and never past 8 GiB of text (minutes of parsing, and more than any data set
// of the field), unless an absolute limit is set (pxrun --max-input-size GiB), which then applies to every
// input, compressed or not. Passing the limit is an InputError naming the file, the line, the limit
// and how to raise it, raised as soon as it is passed: a bomb is refused in about a second instead of being
// read for minutes.
#include <cstddef>
#include <cstdint>
#include <string>

namespace px::io {

constexpr double kMaxInflationRatio = 100;
constexpr std::uint64_t kInflationFloorBytes = std::uint64_t(64) << 20;
constexpr std::uint64_t kMaxExpandedBytes = std::uint64_t(8) << 30;

double maxInputBytes();               // the absolute limit; 0: the ratio rule
void setMaxInputBytes(double bytes);  // <= 0: back to the ratio rule

class InflationGuard {
public:
    InflationGuard(std::string path, std::uint64_t bytesOnDisk) : path_(std::move(path)), onDisk_(bytesOnDisk) {}
    // Called once the reader knows whether the file is compressed (zlib's gzdirect after the first read).
    void setCompressed(bool compressed) { compressed_ = compressed; }
    // Counts `bytes` more of decompressed text, read up to `line` (0: unknown); throws past the limit.
    void add(std::size_t bytes, long line);

private:
    std::string path_;
    std::uint64_t onDisk_ = 0, read_ = 0;
    bool compressed_ = false;
};

}  // namespace px::io
