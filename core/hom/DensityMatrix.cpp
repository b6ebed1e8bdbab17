#include "hom/DensityMatrix.h"

#include "common/Error.h"
#include "hom/DenseEvaluator.h"
#include "hom/HomCounter.h"

#include <atomic>
#include <malloc.h>
#include <mutex>
#include <map>
#include <tuple>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

namespace px {

namespace {
// The matrix paths allocate and free n × n messages (up to 114 MB for REDDIT's largest graph) again and
// again. glibc serves blocks above its mmap threshold (at most 32 MB by default) with fresh mappings,
// so every such allocation page-faults through zeroed pages. Raising the threshold keeps them in the heap,
// where freed blocks are reused. Process-wide, set once; measured with `pxrun bench densities`.
void keepLargeBlocksInHeap() {
#ifdef __GLIBC__
    static std::once_flag once;
    std::call_once(once, [] {
        mallopt(M_MMAP_THRESHOLD, 1 << 30);
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
    });
#endif
}
}  // namespace

DensityMatrix DensityMatrix::compute(const Dataset& data, const std::vector<Pattern>& patterns,
                                     const DensityParams& params, Progress& progress) {
    keepLargeBlocksInHeap();
    const int N = data.size(), d = int(patterns.size());
    for (int i = 0; i < N; ++i)
        if (data.graphs[i].numVertices() == 0)
            throw std::invalid_argument("graph " + std::to_string(i) + " of " + data.name + " is empty");
    std::vector<hom::HomPlan> plans;
    std::vector<hom::DensePlan> densePlans;
    plans.reserve(d);
    densePlans.reserve(d);
    for (const auto& p : patterns) { plans.emplace_back(p); densePlans.emplace_back(p); }
    // Equal bag expressions across patterns get one id, so that their messages are computed once per graph.
    std::map<std::string, int> ids;
    std::vector<std::vector<int>> keyIds(d);
    std::vector<std::vector<char>> sharedBefore(d);  // bag's expression appeared in an earlier pattern
    double matrixMessages = 0, vectorMessages = 0;   // distinct ones, for the cache's memory need
    for (int j = 0; j < d; ++j) {
        if (!densePlans[j].supported) continue;
        for (std::size_t b = 0; b < densePlans[j].keys.size(); ++b) {
            const auto [it, fresh] = ids.emplace(densePlans[j].keys[b], int(ids.size()));
            keyIds[j].push_back(it->second);
            sharedBefore[j].push_back(!fresh);
            if (fresh) (densePlans[j].bags[b].sepSize == 2 ? matrixMessages : vectorMessages) += 1;
        }
    }
    const std::size_t cacheBudget = hom::DenseWorkspace().cacheBudget;
    // Per graph: one matrix mode for all patterns (so that shared messages are computed in one mode),
    // the cheaper in total; each pattern then takes the sparse DP or that mode, whichever is cheaper.
    auto choosePaths = [&](const hom::GraphShape& shape, std::vector<hom::EvalPath>& out) {
        out.assign(d, hom::EvalPath::SparseDp);
        const hom::EvalPath forced = params.path == DensityPath::Scatter ? hom::EvalPath::Scatter
                                     : params.path == DensityPath::Gemm  ? hom::EvalPath::Gemm
                                                                         : hom::EvalPath::SparseDp;
        if (params.path != DensityPath::Auto) {
            for (int j = 0; j < d; ++j)
                if (densePlans[j].supported) out[j] = forced;
            return;
        }
        // Shared messages are free only if the cache can hold all of them for this graph.
        const bool fits = 8.0 * (matrixMessages * shape.n * shape.n + vectorMessages * shape.n) <= double(cacheBudget);
        std::vector<hom::PathCost> cost(d);
        double scatterTotal = 0, gemmTotal = 0;
        for (int j = 0; j < d; ++j) {
            cost[j] = hom::estimateCost(plans[j], densePlans[j], shape, fits ? &sharedBefore[j] : nullptr);
            scatterTotal += std::min(cost[j].sparseDp, cost[j].scatter);
            gemmTotal += std::min(cost[j].sparseDp, cost[j].gemm);
        }
        const bool gemm = gemmTotal < scatterTotal;
        for (int j = 0; j < d; ++j) {
            const double matrix = gemm ? cost[j].gemm : cost[j].scatter;
            if (matrix < cost[j].sparseDp) out[j] = gemm ? hom::EvalPath::Gemm : hom::EvalPath::Scatter;
        }
    };
    std::vector<std::array<std::atomic<long>, 3>> counts(d);
    for (auto& c : counts) for (auto& x : c) x = 0;

    DensityMatrix out;
    out.t.resize(N, d);
    out.n.resize(N);
    std::atomic<long> done{0};
    std::atomic<bool> stop{false};
    tbb::enumerable_thread_specific<hom::Workspace<double>> workspaces;
    tbb::enumerable_thread_specific<hom::DenseWorkspace> denseWorkspaces;
    tbb::enumerable_thread_specific<std::map<std::tuple<double, double, double, double>, std::vector<hom::EvalPath>>> choiceMemo;
    tbb::task_group_context ctx;
    auto body = [&](const tbb::blocked_range<int>& r) {
        if (stop.load(std::memory_order_relaxed)) return;
        if (progress.cancelled()) {
            stop = true;
            ctx.cancel_group_execution();
            return;
        }
        auto& ws = workspaces.local();
        auto& dense = denseWorkspaces.local();
        std::vector<hom::EvalPath> paths;
        for (int i = r.begin(); i < r.end(); ++i) {
            const Graph& g = data.graphs[i];
            out.n(i) = g.numVertices();
            {
                // Choices depend on the shape only; small graphs repeat shapes, so each thread remembers them.
                const hom::GraphShape shape = hom::GraphShape::of(g);
                auto& memo = choiceMemo.local();
                const std::tuple<double, double, double, double> key{shape.n, shape.nnz, shape.wedges, shape.lowWedges};
                const auto hit = memo.find(key);
                if (hit != memo.end()) {
                    paths = hit->second;
                } else {
                    choosePaths(shape, paths);
                    if (memo.size() < 100000) memo.emplace(key, paths);
                }
            }
            ws.bind(g);
            dense.bind(g);
            for (int j = 0; j < d; ++j) {
                // Checked per (graph, pattern) pair, so that a cancel is seen within one pair's time.
                if (stop.load(std::memory_order_relaxed) || progress.cancelled()) {
                    stop = true;
                    ws.unbind();
                    ctx.cancel_group_execution();
                    return;
                }
                const hom::EvalPath path = paths[j];
                ++counts[j][int(path)];
                out.t(i, j) = path == hom::EvalPath::SparseDp ? hom::density(plans[j], g, ws)
                                                              : hom::denseDensity(densePlans[j], g, dense, path == hom::EvalPath::Gemm, &keyIds[j]);
            }
            ws.unbind();
            dense.adjacency.resize(0, 0);  // large graphs: do not keep n² doubles per thread
            dense.cache.clear();
        }
        long now = done.fetch_add(r.size()) + r.size();
        progress.report(double(now) / std::max(N, 1));
    };
    const int threads = params.threads > 0 ? params.threads : tbb::this_task_arena::max_concurrency();
    tbb::task_arena arena(threads);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<int>(0, N, std::max(1, params.grain)), body,
                          tbb::simple_partitioner(), ctx);
    });
    if (stop || progress.cancelled()) throw Cancelled();
    out.pathCounts.resize(d);
    for (int j = 0; j < d; ++j)
        for (int k = 0; k < 3; ++k) out.pathCounts[j][k] = counts[j][k];
    return out;
}

}  // namespace px
