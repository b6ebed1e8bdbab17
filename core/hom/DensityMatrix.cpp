#include "hom/DensityMatrix.h"

#include "common/Error.h"
#include "hom/HomCounter.h"

#include <atomic>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

namespace px {

DensityMatrix DensityMatrix::compute(const Dataset& data, const std::vector<Pattern>& patterns,
                                     const DensityParams& params, Progress& progress) {
    const int N = data.size(), d = int(patterns.size());
    for (int i = 0; i < N; ++i)
        if (data.graphs[i].numVertices() == 0)
            throw std::invalid_argument("graph " + std::to_string(i) + " of " + data.name + " is empty");
    std::vector<hom::HomPlan> plans;
    plans.reserve(d);
    for (const auto& p : patterns) plans.emplace_back(p);

    DensityMatrix out;
    out.t.resize(N, d);
    out.n.resize(N);
    std::atomic<long> done{0};
    std::atomic<bool> stop{false};
    tbb::enumerable_thread_specific<hom::Workspace<double>> workspaces;
    tbb::task_group_context ctx;
    auto body = [&](const tbb::blocked_range<int>& r) {
        if (stop.load(std::memory_order_relaxed)) return;
        if (progress.cancelled()) {
            stop = true;
            ctx.cancel_group_execution();
            return;
        }
        auto& ws = workspaces.local();
        for (int i = r.begin(); i < r.end(); ++i) {
            const Graph& g = data.graphs[i];
            out.n(i) = g.numVertices();
            ws.bind(g);
            for (int j = 0; j < d; ++j) {
                // Checked per (graph, pattern) pair, so that a cancel is seen within one pair's time.
                if (stop.load(std::memory_order_relaxed) || progress.cancelled()) {
                    stop = true;
                    ws.unbind();
                    ctx.cancel_group_execution();
                    return;
                }
                out.t(i, j) = hom::density(plans[j], g, ws);
            }
            ws.unbind();
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
    return out;
}

}  // namespace px
