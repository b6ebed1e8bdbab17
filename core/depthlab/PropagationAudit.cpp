// Empirical audit of a private-propagation scheme on neighbouring graphs (PropagationAudit.h).
#include "depthlab/PropagationAudit.h"

#include "common/Error.h"

#include <tbb/parallel_for.h>

#include <stdexcept>

namespace px::depthlab {

std::pair<int, int> defaultAuditEdge(const NodeDataset& data) {
    const Graph& g = data.graph;
    if (g.numVertices() < 2) throw std::invalid_argument("the audit needs at least two nodes");
    int u = 0;
    for (int v = 1; v < g.numVertices(); ++v)
        if (data.features.row(v).norm() > data.features.row(u).norm()) u = v;
    for (int v = g.numVertices() - 1; v >= 0; --v)
        if (v != u && !g.hasEdge(u, v)) return {u, v};
    throw std::invalid_argument("the audit needs a missing edge, and this graph is complete around node " + std::to_string(u));
}

privacy::AuditResult auditPropagation(const NodeDataset& data, const PropagationParams& params,
                                      const PropagationAuditParams& audit, const Progress& progress) {
    if (audit.samples < 200) throw std::invalid_argument("the audit needs at least 200 draws per graph");
    auto [u, v] = audit.u >= 0 ? std::make_pair(audit.u, audit.v) : defaultAuditEdge(data);
    const Graph& g0 = data.graph;
    if (u < 0 || v < 0 || u >= g0.numVertices() || v >= g0.numVertices() || u == v || g0.hasEdge(u, v))
        throw std::invalid_argument("the audit edge must join two distinct, non-adjacent nodes");
    NodeDataset neighbour = data;
    std::vector<Edge> edges = g0.edges();
    edges.emplace_back(u, v);
    neighbour.graph = Graph::fromEdges(g0.numVertices(), edges);
    if (neighbour.publishedEdgeEntries >= 0) neighbour.publishedEdgeEntries += 1;
    const NodeDataset* inputs[2] = {&data, &neighbour};

    const Matrix raw = reduceFeatures(data.features, params.reducedDims, params.seed);
    const Matrix base = unitRows(raw);
    PropagationParams meanPath = params;
    meanPath.noiseFree = true;
    const Matrix direction = propagatePrivately(neighbour, meanPath, progress, &base, &raw).released -
                             propagatePrivately(data, meanPath, progress, &base, &raw).released;
    if (!(direction.norm() > 0)) throw std::invalid_argument("the added edge does not move this scheme's release");

    std::vector<double> stats[2] = {std::vector<double>(std::size_t(audit.samples)), std::vector<double>(std::size_t(audit.samples))};
    privacy::AuditResult claim;
    for (int side = 0; side < 2; ++side) {
        tbb::parallel_for(0, audit.samples, [&](int i) {
            if (progress.cancelled()) return;
            PropagationParams p = params;
            p.seed = audit.seed * 1000003ULL + std::uint64_t(i);
            const PropagationResult r = propagatePrivately(*inputs[side], p, noProgress(), &base, &raw);
            stats[side][std::size_t(i)] = (r.released.array() * direction.array()).sum();
            if (side == 0 && i == 0) {
                claim.claimedEpsilon = r.epsilon;
                claim.delta = r.delta;
                claim.validGuarantee = r.validGuarantee;
            }
        });
        if (progress.cancelled()) throw Cancelled();
    }
    privacy::AuditResult out = privacy::auditStatistics(stats[0], stats[1], claim.claimedEpsilon, claim.delta,
                                                        audit.confidence, "projection on the noise-free shift");
    out.validGuarantee = claim.validGuarantee;
    return out;
}

}  // namespace px::depthlab
