// Line-by-line reading of plain or gzip files with line numbers for errors (LineReader.h).
#include "io/LineReader.h"

#include "common/RegularFile.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace px::io {

LineReader::LineReader(std::string path) : path_(std::move(path)), inflation_(path_, 0), buf_(1 << 16) {
    const int fd = openRegularFile(path_);  // a FIFO would block the reader forever: refused by name
    inflation_ = InflationGuard(path_, std::uint64_t(fileSize(fd)));
    gz_ = gzdopen(fd, "rb");                 // owns fd from here
    if (!gz_) {
        ::close(fd);
        throw InputError(path_, 0, "cannot open file for reading");
    }
    gzbuffer(static_cast<gzFile>(gz_), 1 << 17);
}

LineReader::~LineReader() {
    if (gz_) gzclose(static_cast<gzFile>(gz_));
}

bool LineReader::fill() {
    if (eof_) return false;
    auto gz = static_cast<gzFile>(gz_);
    const int got = gzread(gz, buf_.data(), static_cast<unsigned>(buf_.size()));
    int err = Z_OK;
    const char* msg = gzerror(gz, &err);
    if (got < 0 || (err != Z_OK && err != Z_STREAM_END)) {
        if (err == Z_BUF_ERROR) throw InputError(path_, line_ + 1, "compressed file is truncated (unexpected end of gzip stream)");
        throw InputError(path_, line_ + 1, std::string("file is damaged or truncated (") + msg + ")");
    }
    if (got == 0) {
        eof_ = true;
        return false;
    }
    inflation_.setCompressed(gzdirect(gz) == 0);
    inflation_.add(std::size_t(got), line_ + 1);
    pos_ = 0;
    end_ = std::size_t(got);
    return true;
}

bool LineReader::next(std::string_view& line) {
    if (!nextRaw(line)) return false;
    while (!long_.empty() && (long_.back() == '\n' || long_.back() == '\r')) long_.pop_back();
    line = long_;
    return true;
}

bool LineReader::nextRaw(std::string_view& line) {
    long_.clear();
    bool any = false;
    for (;;) {
        if (pos_ == end_ && !fill()) break;
        const char* begin = buf_.data() + pos_;
        const std::size_t avail = end_ - pos_;
        const void* newline = std::memchr(begin, '\n', avail);
        const std::size_t take = newline ? std::size_t(static_cast<const char*>(newline) - begin) + 1 : avail;
        // A NUL byte would silently cut the line short in any C-string handling downstream.
        if (std::memchr(begin, '\0', take)) throw InputError(path_, line_ + 1, "NUL byte in a text line (binary data?); refusing to read it");
        if (long_.size() + take > kMaxLineBytes)
            throw InputError(path_, line_ + 1, "line longer than " + std::to_string(kMaxLineBytes >> 20) +
                                                   " MiB (a file without line breaks? every format here has one record per line)");
        long_.append(begin, take);
        pos_ += take;
        any = true;
        if (newline) break;
    }
    if (!any) return false;
    ++line_;
    line = long_;
    return true;
}

void LineReader::fail(const std::string& problem) const { throw InputError(path_, line_, problem); }

void splitFields(std::string_view line, std::vector<std::string_view>& out) {
    out.clear();
    std::size_t i = 0, n = line.size();
    auto isSpace = [](char c) { return c == ' ' || c == '\t'; };
    while (i < n && isSpace(line[i])) ++i;
    if (i == n) return;
    for (;;) {
        std::size_t j = i;
        while (j < n && line[j] != ',' && !isSpace(line[j])) ++j;
        out.push_back(line.substr(i, j - i));
        while (j < n && isSpace(line[j])) ++j;
        if (j == n) break;
        if (line[j] == ',') {
            ++j;
            while (j < n && isSpace(line[j])) ++j;
            if (j == n) { out.push_back({}); break; }
        }
        i = j;
    }
}

long parseLong(const LineReader& r, std::string_view field, const char* what) {
    if (field.empty()) r.fail(std::string("expected ") + what + ", found an empty field");
    std::string s(field);
    char* end = nullptr;
    errno = 0;
    long v = std::strtol(s.c_str(), &end, 10);
    if (errno != 0 || end != s.c_str() + s.size() || s[0] == '+' || s[0] == ' ')
        r.fail(std::string("expected ") + what + " (an integer), found '" + s + "'");
    return v;
}

long parseIndex(const LineReader& r, std::string_view field, const char* what, long max) {
    if (field.empty()) r.fail(std::string("expected ") + what + ", found an empty field");
    const std::string s(field);
    if (s.find_first_not_of("0123456789") != std::string::npos)
        r.fail(std::string("expected ") + what + " (digits only: no sign, point or exponent), found '" + s + "'");
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(s.c_str(), &end, 10);
    if (errno == ERANGE || v > max)
        r.fail(std::string("expected ") + what + " of at most " + std::to_string(max) + ", found " + s);
    return v;
}

double parseDouble(const LineReader& r, std::string_view field, const char* what) {
    if (field.empty()) r.fail(std::string("expected ") + what + ", found an empty field");
    std::string s(field);
    char* end = nullptr;
    errno = 0;
    double v = std::strtod(s.c_str(), &end);
    if (errno == ERANGE || end != s.c_str() + s.size() || !std::isfinite(v))
        r.fail(std::string("expected ") + what + " (a finite number), found '" + s + "'");
    return v;
}

double parseOptionalDouble(const LineReader& r, std::string_view field, const char* what) {
    if (field.empty() || field == "nan" || field == "NaN") return std::nan("");
    return parseDouble(r, field, what);
}

std::string plainOrGzipped(const std::string& stem) {
    const std::string gz = stem + ".csv.gz", plain = stem + ".csv";
    auto present = [](const std::string& p) {
        struct stat st;
        if (::lstat(p.c_str(), &st) != 0) return false;
        if (fileExists(p)) return true;
        if (::stat(p.c_str(), &st) == 0) throw InputError(p, 0, "not a regular file");
        // there but not reached: a symbolic link whose target is missing, or a loop of links (not "missing")
        if (errno != ENOENT) throw InputError(p, 0, pathErrorText(errno));
        throw InputError(p, 0, "a dangling symbolic link (its target is missing); remove it or restore the target");
    };
    const bool hasGz = present(gz), hasPlain = present(plain);
    if (hasGz && hasPlain)
        throw InputError(plain, 0, "both " + printablePath(baseName(plain)) + " and " + printablePath(baseName(gz)) + " are here, and they may differ; keep only one");
    return hasPlain ? plain : gz;
}

bool fileExists(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string baseName(std::string p) {
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    auto s = p.find_last_of('/');
    return s == std::string::npos ? p : p.substr(s + 1);
}

bool isDirectory(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace px::io
