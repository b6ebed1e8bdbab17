#pragma once
// Empirical audit of a private-propagation scheme (docs/mathematics.md §5's method, privacy/Audit.h): the release
// is drawn many times on a node data set's graph G0 and on G1 = G0 plus one edge; the statistic of
// a draw is its inner product with the direction the release moves in without noise (fixed before
// any draw), and auditStatistics turns the test's error rates into a certified lower bound on ε.
// A valid scheme stays at or below its claimed ε; a bound above the claim refutes it.
#include "common/Progress.h"
#include "depthlab/PrivatePropagation.h"
#include "privacy/Audit.h"

namespace px::depthlab {

struct PropagationAuditParams {
    int samples = 20000;        // draws per graph (half choose the threshold, half evaluate it)
    double confidence = 0.95;
    std::uint64_t seed = 777;
    int u = -1, v = -1;         // the added edge; −1: the node with the largest feature row and
                                // the highest-numbered node not adjacent to it
};

// The edge the audit adds when none is given (see above). Throws when the graph is complete.
std::pair<int, int> defaultAuditEdge(const NodeDataset& data);

privacy::AuditResult auditPropagation(const NodeDataset& data, const PropagationParams& params,
                                      const PropagationAuditParams& audit = {}, const Progress& progress = noProgress());

}  // namespace px::depthlab
