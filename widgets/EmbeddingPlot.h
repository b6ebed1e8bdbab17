#pragma once
// The embedding view: PCA of the released embeddings coloured by class, the clean position of one
// graph and the cloud of its repeated noisy releases.
#include "experiment/EmbeddingProjection.h"

#include <QString>
#include <vector>

class QCustomPlot;

namespace px::widgets {

void buildEmbeddingPlot(QCustomPlot* plot, const experiment::EmbeddingProjection& p, const std::vector<double>& labels,
                        const double explained[2], const QString& title, double fontScale = 1.0);

}  // namespace px::widgets
