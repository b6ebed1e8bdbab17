#pragma once
// The teaching demo's plot: for each pattern class, the overlap of the two graphs' released
// distributions (1 − total variation) against ε; the legend says whether the clean embeddings
// differ at all. Overlap 1 at every ε: the class cannot tell the graphs apart (expressivity);
// overlap near 1 at small ε for a class that can: privacy hides the difference.
#include "experiment/Distinguishability.h"

#include <QString>

class QCustomPlot;

namespace px::widgets {

void buildDistinguishabilityPlot(QCustomPlot* plot, const experiment::DistinguishabilityResult& r, const QString& title,
                                 double markerEpsilon = -1, double fontScale = 1.0);

}  // namespace px::widgets
