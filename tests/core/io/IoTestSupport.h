#pragma once
// Helpers the reader tests share: a file written into a temporary folder, a graph's edge set, and the message a
// reader refuses an input with.
#include "common/Error.h"
#include "graph/Graph.h"

#include <QTemporaryDir>
#include <fstream>
#include <set>
#include <string>

namespace px::iotest {

inline std::string writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& text) {
    const std::string path = dir.path().toStdString() + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

inline std::set<Edge> edgeSet(const Graph& g) {
    const auto e = g.edges();
    return {e.begin(), e.end()};
}

// The message of the InputError f throws, or "accepted" / "other: …".
template <class F> std::string refusal(F&& f) {
    try {
        f();
        return "accepted";
    } catch (const InputError& e) {
        return e.what();
    } catch (const std::exception& e) {
        return std::string("other: ") + e.what();
    }
}

}  // namespace px::iotest
