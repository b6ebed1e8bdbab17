#pragma once
// Writes a file atomically: the content goes to "path.tmp", which is renamed over "path" only
// after a successful flush, so a crash or full disk never leaves a half-written file behind.
#include "common/Error.h"

#include <cstdio>
#include <fstream>
#include <functional>
#include <string>

namespace px {

inline void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw InputError(path, 0, "cannot write file (folder missing or not writable?)");
        write(out);
        out.flush();
        if (!out) {
            std::remove(tmp.c_str());
            throw InputError(path, 0, "write failed (disk full?)");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw InputError(path, 0, "cannot replace file");
    }
}

}  // namespace px
