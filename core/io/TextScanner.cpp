// Fast, strict reading of whole text files, plain or gzip, for the large loaders (TextScanner.h).
#include "io/TextScanner.h"

#include "common/RegularFile.h"
#include "io/InflationLimit.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <zlib.h>

namespace px::io {

namespace {
// The size a gzip file says it expands to (its last 4 bytes, the size modulo 2^32: RFC 1952), else the file's own
// size. Only a first reservation: a file that says less (several members, over 4 GiB) still reads whole.
std::uint64_t expectedBytes(int fd, std::uint64_t fileBytes) {
    unsigned char head[2] = {0, 0}, tail[4] = {0, 0, 0, 0};
    if (fileBytes < 18 || ::pread(fd, head, 2, 0) != 2 || head[0] != 0x1f || head[1] != 0x8b) return fileBytes;
    if (::pread(fd, tail, 4, off_t(fileBytes - 4)) != 4) return fileBytes;
    return std::uint64_t(tail[0]) | std::uint64_t(tail[1]) << 8 | std::uint64_t(tail[2]) << 16 | std::uint64_t(tail[3]) << 24;
}
}  // namespace

std::string readWholeFile(const std::string& path, std::uint64_t maxBytes) {
    const int fd = openRegularFile(path);
    const std::uint64_t fileBytes = std::uint64_t(fileSize(fd));
    // reserved at once: growing by doubling would copy the text and touch twice its memory
    // (never more than the inflation limit lets through: a decompression bomb says a large size too)
    const std::uint64_t ratioLimit = std::min(kMaxExpandedBytes, std::max(kInflationFloorBytes, std::uint64_t(kMaxInflationRatio) * fileBytes));
    const std::uint64_t absolute = maxInputBytes() > 0 ? std::uint64_t(maxInputBytes()) : ratioLimit;
    const std::uint64_t expected = std::min({expectedBytes(fd, fileBytes), maxBytes, ratioLimit, absolute});
    gzFile gz = gzdopen(fd, "rb");  // owns fd from here
    if (!gz) {
        ::close(fd);
        throw InputError(path, 0, "cannot open file for reading");
    }
    gzbuffer(gz, 1 << 18);
    InflationGuard inflation(path, fileBytes);
    // Blocks of the file's size (gzip: a first guess), between 64 KiB and 4 MiB: small files cost little.
    const unsigned kBlock = unsigned(std::clamp<std::uint64_t>(fileBytes + 1, 1u << 16, 1u << 22));
    std::string out;
    out.reserve(std::size_t(std::max<std::uint64_t>(std::min(fileBytes, maxBytes), expected)) + kBlock + 1);
    for (;;) {
        const std::size_t have = out.size();
        out.resize(have + kBlock);
        const int got = gzread(gz, &out[have], kBlock);
        if (got < 0) {
            int err = 0;
            std::string msg = gzerror(gz, &err);
            gzclose(gz);
            throw InputError(path, 0, "file is damaged or truncated (" + msg + ")");
        }
        out.resize(have + std::size_t(got));
        inflation.setCompressed(gzdirect(gz) == 0);
        try {
            inflation.add(std::size_t(got), 0);
        } catch (...) {
            gzclose(gz);
            throw;
        }
        if (out.size() > maxBytes) {
            gzclose(gz);
            throw InputError(path, 0, "file expands to more than " + std::to_string(maxBytes >> 20) +
                                          " MiB; refusing to read it whole");
        }
        if (got == 0) break;
    }
    int err = 0;
    gzerror(gz, &err);
    gzclose(gz);
    if (err != Z_OK && err != Z_STREAM_END) throw InputError(path, 0, "compressed file is truncated or damaged");
    return out;
}

double TextScanner::readFinite(const char* what) {
    if (!moreOnLine()) fail(std::string("expected ") + what + ", found the end of the line");
    const std::string f = field();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(f.c_str(), &end);
    if (errno == ERANGE || end != f.c_str() + f.size() || !std::isfinite(v))
        fail(std::string("expected ") + what + " (a finite number), found '" + f + "'");
    p_ += f.size();
    return v;
}

std::string TextScanner::field() const {
    const char* q = p_;
    while (q < end_ && *q != ' ' && *q != '\t' && *q != '\n' && *q != '\r' && q - p_ < 40) ++q;
    std::string s(p_, q);
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 32) c = '?';  // NUL and other control bytes, made visible
    return s;
}

long TextScanner::badNumber(const char* start, const char* what, long maxValue) {
    p_ = start;
    const std::string f = field();
    bool digitsOnly = !f.empty();
    for (char c : f) digitsOnly = digitsOnly && unsigned(c - '0') < 10u;
    if (digitsOnly && maxValue >= 0)
        fail(std::string("expected ") + what + " (at most " + std::to_string(maxValue) + "), found " + f);
    fail(std::string("expected ") + what + (maxValue >= 0 ? " (a non-negative integer)" : " (an integer)") +
         ", found '" + f + "'");
}

}  // namespace px::io
