#pragma once
// Shared by the libFuzzer targets: the parsers read files, so each input is written to a private
// temporary folder first. A refusal (px::InputError, px::ResourceError) is the expected outcome of a
// malformed input; any other exception escapes, and libFuzzer reports it as a crash.
#include "common/Error.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace pxfuzz {

inline const std::string& folder() {
    static const std::string dir = [] {
        char tmpl[] = "/tmp/pxfuzz-XXXXXX";
        const char* d = ::mkdtemp(tmpl);
        if (!d) std::abort();
        return std::string(d);
    }();
    return dir;
}

inline std::string write(const std::string& name, const std::string& bytes) {
    const std::string path = folder() + "/" + name;
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    return path;
}

// Splits an input into up to k parts at "\n--\n" (multi-file formats: TU, LINQS).
inline std::vector<std::string> parts(const std::string& s, std::size_t k) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (out.size() + 1 < k) {
        const std::size_t at = s.find("\n--\n", start);
        if (at == std::string::npos) break;
        out.push_back(s.substr(start, at - start + 1));
        start = at + 4;
    }
    out.push_back(s.substr(start));
    while (out.size() < k) out.push_back("");
    return out;
}

template <class F>
int guarded(F&& f) {
    try {
        f();
    } catch (const px::InputError&) {
    } catch (const px::ResourceError&) {
    }
    return 0;
}

}  // namespace pxfuzz
