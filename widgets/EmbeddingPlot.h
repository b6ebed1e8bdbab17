#pragma once
// The embedding view: PCA of the released embeddings coloured by class, the clean position of one
// graph and the cloud of its repeated noisy releases.
#include "experiment/EmbeddingProjection.h"

#include <QString>
#include <string>
#include <vector>

class QCustomPlot;

namespace px::widgets {

// `classNames`: class k's name in the legend ("class mutagen"); empty or too short: its number ("class 1").
void buildEmbeddingPlot(QCustomPlot* plot, const experiment::EmbeddingProjection& p, const std::vector<double>& labels,
                        const double explained[2], const QString& title, double fontScale = 1.0,
                        const std::vector<std::string>& classNames = {});

}  // namespace px::widgets
