#pragma once
// The distribution of the graphs' maximum degrees Δ(G), for choosing a public degree bound D
// (docs/mathematics.md §3): a graph with Δ(G) > D must be refused by a degree-bound mechanism, so the user needs
// to see how many graphs a candidate D would refuse before declaring it.
#include "dataset/Dataset.h"

#include <vector>

namespace px {

struct DegreeProfile {
    std::vector<int> sortedMaxDegrees;  // Δ(G) of every graph, ascending
    int max() const { return sortedMaxDegrees.empty() ? 0 : sortedMaxDegrees.back(); }
    // The q-quantile of Δ(G) over graphs (nearest rank: the smallest value with ≥ q of graphs at or below).
    int quantile(double q) const;
    // How many graphs a public bound D would refuse (Δ(G) > D).
    int refusedBy(int degreeBound) const;

    static DegreeProfile of(const Dataset& ds);
};

}  // namespace px
