// Compiles a pattern's bags into enumeration steps for the homomorphism DP (HomPlan.h).
#include "hom/HomPlan.h"

#include <algorithm>
#include <stdexcept>

namespace px::hom {

namespace {
// Enumeration order of a bag: breadth-first over the pattern edges inside the bag, each new
// component started at its vertex of largest inner degree, so candidates come from neighbour lists.
std::vector<int> enumerationOrder(const Graph& f, const std::vector<int>& bag) {
    std::vector<int> order;
    std::vector<bool> placed(bag.size(), false);
    auto inner = [&](int v) {
        int d = 0;
        for (int u : bag) d += (u != v && f.hasEdge(u, v));
        return d;
    };
    while (order.size() < bag.size()) {
        int start = -1;
        for (std::size_t i = 0; i < bag.size(); ++i)
            if (!placed[i] && (start == -1 || inner(bag[i]) > inner(bag[start]))) start = int(i);
        placed[start] = true;
        std::size_t head = order.size();
        order.push_back(bag[start]);
        while (head < order.size()) {
            int x = order[head++];
            for (std::size_t i = 0; i < bag.size(); ++i)
                if (!placed[i] && f.hasEdge(x, bag[i])) { placed[i] = true; order.push_back(bag[i]); }
        }
    }
    return order;
}
}  // namespace

HomPlan::HomPlan(const Pattern& p) {
    const Graph& f = p.graph;
    const TreeDecomposition& td = p.decomposition;
    m = f.numVertices();
    if (m == 0) throw std::invalid_argument("empty pattern");
    if (td.eliminated.size() != std::size_t(m) || td.bags.size() != std::size_t(m))
        throw std::invalid_argument("pattern decomposition is not in elimination form");
    forest = p.isForest();

    bags.resize(m);
    for (int i = 0; i < m; ++i) {
        BagPlan& b = bags[i];
        b.eliminated = td.eliminated[i];
        b.parent = td.parent[i];
        for (int v : td.bags[i])
            if (v != b.eliminated) b.separator.push_back(v);
        maxSeparator = std::max(maxSeparator, int(b.separator.size()));
        std::vector<int> order = enumerationOrder(f, td.bags[i]);
        auto stepOf = [&](int v) { return int(std::find(order.begin(), order.end(), v) - order.begin()); };
        for (std::size_t s = 0; s < order.size(); ++s) {
            Step st;
            st.vertex = order[s];
            for (std::size_t t = 0; t < s; ++t)
                if (f.hasEdge(order[t], order[s])) {
                    if (st.anchor == -1) st.anchor = int(t);
                    else st.mustBeAdjacent.push_back(int(t));
                }
            b.steps.push_back(st);
        }
        for (int v : b.separator) b.keySteps.push_back(stepOf(v));
        // Each child's message is looked up at the step where its last separator vertex is placed.
        for (int c = 0; c < i; ++c) {
            if (td.parent[c] != i) continue;
            ChildLookup lk;
            lk.bag = c;
            int last = 0;
            for (int v : bags[c].separator) {
                int s = stepOf(v);
                if (s >= int(order.size())) throw std::logic_error("child separator not inside parent bag");
                lk.keySteps.push_back(s);
                last = std::max(last, s);
            }
            b.steps[last].lookups.push_back(lk);
        }
        // Join: an anchorless step (other than the first) whose vertex closes a child's separator
        // takes its candidates from that child's message.
        for (std::size_t s = 1; s < b.steps.size(); ++s) {
            Step& st = b.steps[s];
            if (st.anchor != -1) continue;
            for (std::size_t l = 0; l < st.lookups.size(); ++l) {
                const ChildLookup& lk = st.lookups[l];
                BagPlan& child = bags[lk.bag];
                if (child.indexedKeyPos != -1) continue;  // one index per child message
                const auto pos = std::find(lk.keySteps.begin(), lk.keySteps.end(), int(s)) - lk.keySteps.begin();
                st.generator = int(l);
                st.generatorKeyPos = int(pos);
                child.indexedKeyPos = int(pos);
                break;
            }
        }
    }
    if (forest) {
        // Rooted forest: post-order via an explicit DFS from the lowest vertex of each component.
        treeParent.assign(m, -2);
        treeChildren.assign(m, 0);
        for (int r = 0; r < m; ++r) {
            if (treeParent[r] != -2) continue;
            treeParent[r] = -1;
            std::vector<int> stack = {r}, pre;
            while (!stack.empty()) {
                int v = stack.back();
                stack.pop_back();
                pre.push_back(v);
                for (const int* q = f.neighborsBegin(v); q != f.neighborsEnd(v); ++q)
                    if (treeParent[*q] == -2) { treeParent[*q] = v; ++treeChildren[v]; stack.push_back(*q); }
            }
            treeOrder.insert(treeOrder.end(), pre.rbegin(), pre.rend());
        }
    }
}

}  // namespace px::hom
