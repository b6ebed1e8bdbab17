#pragma once
// Views of the depth lab's result tables (core/depthlab/DepthLab.h). Each builder redraws a
// QCustomPlot from a table; fs scales fonts and pens (presentation mode). Nothing is computed here
// beyond choosing rows.
#include "experiment/ResultTable.h"

#include <QString>

class QCustomPlot;

namespace px::widgets {

using experiment::ResultTable;

// Heat map of `metric` ("auroc_mean" or "err_mean") over (rowKey, colKey), e.g. (d, depth) with
// a log₂ axis for d, viridis colours and a colour scale.
void buildAttackHeatmap(QCustomPlot* plot, const ResultTable& t, const std::string& rowKey, const std::string& colKey,
                        const std::string& metric, const QString& title, double fs = 1.0);
// NAG: measured COSERA ERR against σ per aggregation, with Theorem 6.1's lower bound dashed.
void buildNagPlot(QCustomPlot* plot, const ResultTable& t, double fs = 1.0);
// Trained NAG networks at the smallest width: test accuracy (solid), COSERA ERR on the test nodes (dashed) and
// Theorem 6.1's bound with the trained weights' norms (dotted) against σ per aggregation, mean ± 2 sd over
// trials, beside the features-alone control (grey: the same network without aggregation).
void buildTrainedNagPlot(QCustomPlot* plot, const ResultTable& t, double fs = 1.0);
// Noise multiplier σ/Δ against the number of hops, GAP and every contraction c.
void buildMultiplierPlot(QCustomPlot* plot, const ResultTable& t, double fs = 1.0);
// Propagation: test accuracy against hops at one ε (and the non-private curve).
void buildAccuracyVsDepthPlot(QCustomPlot* plot, const ResultTable& t, double epsilon, double fs = 1.0);
// Propagation: test accuracy against ε at the depth with the best validation accuracy per ε.
void buildAccuracyVsEpsilonPlot(QCustomPlot* plot, const ResultTable& t, double fs = 1.0);
// Propagation: COSERA AUROC on the released features against hops at one ε.
void buildAttackVsDepthPlot(QCustomPlot* plot, const ResultTable& t, double epsilon, double fs = 1.0);
// COSERA on a real graph with its features: AUROC (solid) and ERR (dashed) against depth per weights.
void buildRealAttackPlot(QCustomPlot* plot, const ResultTable& t, const QString& dataName, double fs = 1.0);
// Propagation: COSERA AUROC on the released features against ε at `hops`.
void buildAttackVsEpsilonPlot(QCustomPlot* plot, const ResultTable& t, int hops, double fs = 1.0);
// AsampGCN: accuracy of released labels, abstention and overall accuracy against p_s, with the
// range where the privacy condition holds shaded.
void buildAsampPlot(QCustomPlot* plot, const ResultTable& t, double fs = 1.0);

// Distinct values of a numeric column, sorted (ε columns: "inf" is skipped).
std::vector<double> distinctValues(const ResultTable& t, const std::string& column);

}  // namespace px::widgets
