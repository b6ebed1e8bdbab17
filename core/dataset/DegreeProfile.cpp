// The distribution of the graphs' maximum degrees, for choosing a public degree bound D (DegreeProfile.h).
#include "dataset/DegreeProfile.h"

#include <algorithm>
#include <cmath>

namespace px {

int DegreeProfile::quantile(double q) const {
    if (sortedMaxDegrees.empty()) return 0;
    const std::size_t n = sortedMaxDegrees.size();
    std::size_t rank = std::size_t(std::ceil(q * double(n)));
    rank = std::min(std::max<std::size_t>(rank, 1), n);
    return sortedMaxDegrees[rank - 1];
}

int DegreeProfile::refusedBy(int degreeBound) const {
    return int(sortedMaxDegrees.end() - std::upper_bound(sortedMaxDegrees.begin(), sortedMaxDegrees.end(), degreeBound));
}

DegreeProfile DegreeProfile::of(const Dataset& ds) {
    DegreeProfile p;
    p.sortedMaxDegrees.reserve(ds.graphs.size());
    for (const auto& g : ds.graphs) p.sortedMaxDegrees.push_back(g.maxDegree());
    std::sort(p.sortedMaxDegrees.begin(), p.sortedMaxDegrees.end());
    return p;
}

}  // namespace px
