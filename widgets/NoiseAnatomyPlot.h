#pragma once
// Noise anatomy: for every pattern, its sensitivity bound, the noise scale the mechanism adds and
// the mean clean density (the signal), on a log axis — why large patterns drown under isotropic
// noise, and what per-pattern allocation changes.
#include "privacy/PrivacyReport.h"

#include <limits>
#include <vector>

class QCustomPlot;

namespace px::widgets {

struct PatternInfo {
    int vertices = 0, edges = 0;
};

// `epsilon`: the ε the title quotes, as the user set it (NaN: the report's tightest conversion, a computed number that
// read 0.562 for a typed 0.5623).
void buildNoiseAnatomyPlot(QCustomPlot* plot, const privacy::PrivacyReport& report, const std::vector<PatternInfo>& patterns,
                           double fontScale = 1.0, double epsilon = std::numeric_limits<double>::quiet_NaN());

}  // namespace px::widgets
