#pragma once
// Shared helpers for the tests: data locations and independent reference computations.
#include "common/Rng.h"
#include "graph/Graph.h"
#include "hom/HomCounter.h"

#include <QString>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace pxtest {

inline bool isDir(const std::string& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// ../shared/data (or $PX_SHARED_DATA); empty if absent, and tests that need it QSKIP.
inline std::string sharedData() {
    const char* env = std::getenv("PX_SHARED_DATA");
    std::string p = env && *env ? env : PX_SHARED_DATA_DIR;
    return isDir(p) ? p : std::string();
}

inline std::string testData(const std::string& rel) { return std::string(PX_TEST_DATA_DIR) + "/" + rel; }

// hom(F, G) by enumerating all n^m maps: the independent reference for the DP.
inline px::hom::u128 bruteForceHom(const px::Graph& f, const px::Graph& g) {
    const int m = f.numVertices(), n = g.numVertices();
    const auto fe = f.edges();
    std::vector<int> phi(m, 0);
    px::hom::u128 count = 0;
    if (n == 0) return m == 0;
    for (;;) {
        bool ok = true;
        for (auto [u, v] : fe)
            if (!g.hasEdge(phi[u], phi[v])) { ok = false; break; }
        count += ok;
        int i = 0;
        while (i < m && ++phi[i] == n) phi[i++] = 0;
        if (i == m) break;
    }
    return count;
}

inline px::Graph randomGraph(int n, double p, px::Rng& rng) {
    std::vector<px::Edge> e;
    for (int u = 0; u < n; ++u)
        for (int v = u + 1; v < n; ++v)
            if (rng.bernoulli(p)) e.push_back({u, v});
    return px::Graph::fromEdges(n, e);
}

inline QString q(const std::string& s) { return QString::fromStdString(s); }

}  // namespace pxtest
