#include "hom/DensePlan.h"

#include <algorithm>

namespace px::hom {

DensePlan::DensePlan(const Pattern& p) {
    const Graph& f = p.graph;
    const TreeDecomposition& td = p.decomposition;
    m = f.numVertices();
    if (m == 0 || td.width() > 2 || td.bags.size() != std::size_t(m) || td.eliminated.size() != std::size_t(m)) return;
    bags.resize(m);
    long edgesAssigned = 0;
    auto separatorOf = [&](int i) {
        std::vector<int> s;
        for (int v : td.bags[i])
            if (v != td.eliminated[i]) s.push_back(v);
        return s;  // bags are sorted, so s is ascending
    };
    for (int i = 0; i < m; ++i) {
        DenseBag& b = bags[i];
        b.eliminated = td.eliminated[i];
        b.parent = td.parent[i];
        const std::vector<int> s = separatorOf(i);
        b.sepSize = int(s.size());
        if ((b.sepSize == 0) != (b.parent == -1)) return;  // a root has an empty separator and vice versa
        for (int k = 0; k < b.sepSize; ++k) {
            b.sep[k] = s[k];
            b.edge[k] = f.hasEdge(b.eliminated, s[k]);
            edgesAssigned += b.edge[k];
        }
        if (b.sepSize == 2) ++matrixBags;
    }
    for (int c = 0; c < m; ++c) {
        const int i = bags[c].parent;
        if (i == -1) continue;
        if (i <= c) return;  // children must come before parents
        DenseBag& b = bags[i];
        const std::vector<int> sc = separatorOf(c);
        auto index = [&](int w) { return w == b.sep[0] ? 0 : w == b.sep[1] ? 1 : -1; };
        const bool hasV = std::find(sc.begin(), sc.end(), b.eliminated) != sc.end();
        if (sc.size() == 1) {
            if (hasV) b.onV.push_back(c);
            else if (index(sc[0]) >= 0) b.onW[index(sc[0])].push_back(c);
            else return;
        } else if (sc.size() == 2 && hasV) {
            const int w = sc[0] == b.eliminated ? sc[1] : sc[0];
            if (index(w) < 0) return;
            b.onVW[index(w)].push_back(c);
            b.flipVW[index(w)].push_back(sc[0] != b.eliminated);
        } else if (sc.size() == 2 && b.sepSize == 2 && sc[0] == b.sep[0] && sc[1] == b.sep[1]) {
            b.onS.push_back(c);
        } else {
            return;  // not a valid child separator: leave it to the sparse DP
        }
    }
    supported = edgesAssigned == f.numEdges();
    if (!supported) return;
    // Masking top-down: a matrix message is read only on edges if the parent multiplies it by A (an edge on
    // its side), or if it multiplies the parent's own message and that one is masked.
    for (int i = m - 1; i >= 0; --i) {
        DenseBag& b = bags[i];
        if (b.sepSize != 2 || b.parent == -1) continue;
        const DenseBag& p = bags[b.parent];
        for (int k = 0; k < 2; ++k)
            if (std::find(p.onVW[k].begin(), p.onVW[k].end(), i) != p.onVW[k].end()) b.masked = p.edge[k];
        if (std::find(p.onS.begin(), p.onS.end(), i) != p.onS.end()) b.masked = p.masked;
    }
    // Keys bottom-up; each child list is sorted by key so that evaluation order follows the key.
    keys.resize(m);
    auto byKey = [&](std::vector<int>& list) { std::stable_sort(list.begin(), list.end(), [&](int a, int b) { return keys[a] < keys[b]; }); };
    auto join = [&](const std::vector<int>& list) {
        std::string s;
        for (int c : list) s += keys[c] + ",";
        return s;
    };
    for (int i = 0; i < m; ++i) {
        DenseBag& b = bags[i];
        byKey(b.onV);
        byKey(b.onS);
        std::string side[2];
        for (int k = 0; k < 2; ++k) {
            byKey(b.onW[k]);
            // Sort (child, flip) pairs together by the oriented key.
            std::vector<std::pair<std::string, int>> vw;
            for (std::size_t j = 0; j < b.onVW[k].size(); ++j)
                vw.push_back({(b.flipVW[k][j] ? "~" : "") + keys[b.onVW[k][j]], int(j)});
            std::stable_sort(vw.begin(), vw.end());
            std::vector<int> children;
            std::vector<bool> flips;
            for (auto& [key, j] : vw) {
                children.push_back(b.onVW[k][j]);
                flips.push_back(b.flipVW[k][j]);
                side[k] += key + ",";
            }
            b.onVW[k] = children;
            b.flipVW[k] = flips;
            side[k] = std::string(b.edge[k] ? "A" : "1") + "{" + side[k] + "}";
        }
        b.symmetric = b.sepSize == 2 && side[0] == side[1];
        keys[i] = "(" + std::to_string(b.sepSize) + " v{" + join(b.onV) + "}";
        for (int k = 0; k < b.sepSize; ++k) keys[i] += " h" + std::to_string(k) + side[k] + " w" + std::to_string(k) + "{" + join(b.onW[k]) + "}";
        if (b.sepSize == 2) keys[i] += " s{" + join(b.onS) + "}" + (b.masked ? " on edges" : "");
        keys[i] += ")";
    }
}

}  // namespace px::hom
