// The N × d density matrix of a data set for a pattern set, computed in parallel over graphs (DensityMatrix.h).
#include "hom/DensityMatrix.h"

#include "common/MemoryBudget.h"

#include "common/Error.h"
#include "hom/DenseEvaluator.h"
#include "hom/HomCounter.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <unistd.h>
#include <malloc.h>
#include <mutex>
#include <numeric>
#include <map>
#include <tuple>
#include <unordered_map>
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

// A size as a person reads it: GiB from 1 GiB up, MiB below (a limit of 0.01 GiB is not "0.0 GiB").
std::string readableBytes(double bytes) {
    char buf[32];
    if (bytes >= double(1 << 30))
        std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / double(1 << 30));
    else
        std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / double(1 << 20));
    return buf;
}

// Refuses, before any work, patterns whose sparse-DP tables cannot fit in memory on some graph or whose
// DP work is estimated beyond the time limit (patterns of width ≤ 2 always have the matrix paths instead).
// Returns the table-size limit per thread, in entries.
std::size_t checkResources(const Dataset& data, const std::vector<Pattern>& patterns, const std::vector<hom::HomPlan>& plans,
                           const std::vector<hom::DensePlan>& densePlans, const DensityParams& params, int threads) {
    constexpr double kBytesPerEntry = 48;  // key, value, slot list and the open-addressing slack of FlatMap
    const double memory = params.maxMemoryBytes > 0 ? params.maxMemoryBytes : memoryLimitBytes();
    const double entriesLimit = memory / threads / kBytesPerEntry;
    // Memory: the graphs largest by n, by edges and by Σ deg² (where tables are largest). Time: a stride
    // sample of at most 1,024 graphs, scaled to the whole data set (exact for smaller data sets).
    const int N = data.size();
    std::vector<hom::GraphShape> shapes(N);
    for (int i = 0; i < N; ++i) shapes[i] = hom::GraphShape::of(data.graphs[i]);
    std::vector<int> largest;
    for (int by = 0; by < 3; ++by) {
        std::vector<int> order(N);
        for (int i = 0; i < N; ++i) order[i] = i;
        const int top = std::min(N, 64);
        std::partial_sort(order.begin(), order.begin() + top, order.end(), [&](int a, int b) {
            const double x = by == 0 ? shapes[a].n : by == 1 ? shapes[a].nnz : shapes[a].wedges;
            const double y = by == 0 ? shapes[b].n : by == 1 ? shapes[b].nnz : shapes[b].wedges;
            return x > y || (x == y && a < b);
        });
        largest.insert(largest.end(), order.begin(), order.begin() + top);
    }
    for (int i : largest)
        for (std::size_t j = 0; j < patterns.size(); ++j) {
            if (densePlans[j].supported) continue;
            const double entries = hom::estimateTableEntries(plans[j], shapes[i]);
            if (entries > entriesLimit)
                throw ResourceError("pattern " + std::to_string(j) + " (" + patterns[j].describe() + ") needs sparse-DP tables of about " +
                                    std::to_string(long(entries)) + " entries (" + readableBytes(entries * kBytesPerEntry) + ") on graph " +
                                    std::to_string(i) + " of " + data.name + " (n = " + std::to_string(long(shapes[i].n)) + ", " +
                                    std::to_string(long(shapes[i].nnz / 2)) + " edges); the limit is " + readableBytes(memory / threads) +
                                    " per thread (" + std::to_string(threads) + " threads; --max-memory to change). Patterns of "
                                    "treewidth ≤ 2 are counted by matrix products without such tables.");
        }
    const int stride = std::max(1, (N + 1023) / 1024);
    double seconds = 0;
    for (int i = 0; i < N; i += stride)
        for (std::size_t j = 0; j < patterns.size(); ++j)
            if (!densePlans[j].supported) seconds += stride * hom::estimateCost(plans[j], densePlans[j], shapes[i]).sparseDp;
    if (params.maxEstimatedSeconds > 0 && seconds / threads > params.maxEstimatedSeconds)
        throw ResourceError("the patterns of treewidth > 2 need an estimated " + std::to_string(long(seconds / threads / 60)) +
                            " minutes of sparse-DP work on " + data.name + " with " + std::to_string(threads) +
                            " threads, more than the limit of " + std::to_string(long(params.maxEstimatedSeconds / 60)) +
                            " minutes; use patterns of treewidth ≤ 2 (matrix products), fewer or smaller patterns, or raise the limit");
    return std::size_t(std::min(entriesLimit, 1e18));
}

// Equal bag expressions across patterns get one id, so that their messages are computed once per graph.
struct SharedBags {
    std::vector<std::vector<int>> keyIds;
    std::vector<std::vector<char>> sharedBefore;  // bag's expression appeared in an earlier pattern
    double matrixMessages = 0, vectorMessages = 0;  // distinct ones, for the cache's memory need
};

SharedBags shareBagExpressions(const std::vector<hom::DensePlan>& densePlans) {
    const int d = int(densePlans.size());
    SharedBags s;
    s.keyIds.resize(std::size_t(d));
    s.sharedBefore.resize(std::size_t(d));
    std::map<std::string, int> ids;
    for (int j = 0; j < d; ++j) {
        if (!densePlans[j].supported) continue;
        for (std::size_t b = 0; b < densePlans[j].keys.size(); ++b) {
            const auto [it, fresh] = ids.emplace(densePlans[j].keys[b], int(ids.size()));
            s.keyIds[j].push_back(it->second);
            s.sharedBefore[j].push_back(!fresh);
            if (fresh) (densePlans[j].bags[b].sepSize == 2 ? s.matrixMessages : s.vectorMessages) += 1;
        }
    }
    return s;
}

// Per graph: one matrix mode for all patterns (so that shared messages are computed in one mode), the
// cheaper in total; each pattern then takes the sparse DP or that mode, whichever is cheaper. A forced path
// applies to every pattern the matrix products support.
void choosePathsForGraph(const hom::GraphShape& shape, const std::vector<hom::HomPlan>& plans, const std::vector<hom::DensePlan>& densePlans,
                         const SharedBags& shared, const std::vector<hom::DensePlan>& productPlans, const SharedBags& productsShared,
                         DensityPath path, std::size_t cacheBudget, std::vector<hom::EvalPath>& out, double& seconds) {
    const int d = int(plans.size());
    out.assign(std::size_t(d), hom::EvalPath::SparseDp);
    const auto costOf = [](const hom::PathCost& c, hom::EvalPath p) {
        return p == hom::EvalPath::SparseDp ? c.sparseDp : p == hom::EvalPath::Gemm ? c.gemm : c.scatter;
    };
    if (path != DensityPath::Auto) {
        const hom::EvalPath forced = path == DensityPath::Scatter ? hom::EvalPath::Scatter
                                     : path == DensityPath::Gemm  ? hom::EvalPath::Gemm
                                                                  : hom::EvalPath::SparseDp;
        for (int j = 0; j < d; ++j) {
            if (densePlans[j].supported) out[j] = forced;
            seconds += costOf(hom::estimateCost(plans[j], densePlans[j], shape, nullptr, &productPlans[j]), out[j]);
        }
        return;
    }
    // Shared messages are free only if the cache can hold all of them for this graph.
    const auto fitsCache = [&](const SharedBags& b) {
        return 8.0 * (b.matrixMessages * shape.n * shape.n + b.vectorMessages * shape.n) <= double(cacheBudget);
    };
    const bool fits = fitsCache(shared), productsFit = fitsCache(productsShared);
    std::vector<hom::PathCost> cost(static_cast<std::size_t>(d));
    double scatterTotal = 0, gemmTotal = 0;
    for (int j = 0; j < d; ++j) {
        cost[j] = hom::estimateCost(plans[j], densePlans[j], shape, fits ? &shared.sharedBefore[j] : nullptr, &productPlans[j],
                                    productsFit ? &productsShared.sharedBefore[j] : nullptr);
        scatterTotal += std::min(cost[j].sparseDp, cost[j].scatter);
        gemmTotal += std::min(cost[j].sparseDp, cost[j].gemm);
    }
    const bool gemm = gemmTotal < scatterTotal;
    for (int j = 0; j < d; ++j) {
        const double matrix = gemm ? cost[j].gemm : cost[j].scatter;
        if (matrix < cost[j].sparseDp) out[j] = gemm ? hom::EvalPath::Gemm : hom::EvalPath::Scatter;
        seconds += costOf(cost[j], out[j]);
    }
}

// One pattern set of a computation: its plans, the bags it shares within itself (what its path choice assumes,
// so that its densities are those of a computation of this set alone) and the ids of its bag expressions among
// every set's (equal expressions in different sets are computed once per graph: the message is the same).
struct SetPlan {
    const std::vector<Pattern>* patterns = nullptr;
    std::vector<hom::HomPlan> plans;
    std::vector<hom::DensePlan> densePlans;    // scatter mode
    std::vector<hom::DensePlan> productPlans;  // GEMM mode (DensePlan::forProducts)
    SharedBags shared, productsShared;
    std::vector<std::vector<int>> keyIds, productKeyIds;
};

std::vector<SetPlan> planSets(const std::vector<std::vector<Pattern>>& sets) {
    std::vector<SetPlan> out(sets.size());
    std::map<std::string, int> ids;
    for (std::size_t s = 0; s < sets.size(); ++s) {
        SetPlan& p = out[s];
        p.patterns = &sets[s];
        for (const auto& f : sets[s]) {
            p.plans.emplace_back(f);
            p.densePlans.emplace_back(f);
            p.productPlans.push_back(hom::DensePlan::forProducts(f, p.densePlans.back()));
        }
        p.shared = shareBagExpressions(p.densePlans);
        p.productsShared = shareBagExpressions(p.productPlans);
        const auto idsOf = [&](const std::vector<hom::DensePlan>& dense, std::vector<std::vector<int>>& keyIds) {
            keyIds.resize(dense.size());
            for (std::size_t j = 0; j < dense.size(); ++j)
                if (dense[j].supported)
                    for (const std::string& key : dense[j].keys) keyIds[j].push_back(ids.emplace(key, int(ids.size())).first->second);
        };
        idsOf(p.densePlans, p.keyIds);
        idsOf(p.productPlans, p.productKeyIds);
    }
    return out;
}

// The paths chosen for a graph (per set, per pattern) and their estimated seconds in all.
struct ChosenPaths {
    std::vector<std::vector<hom::EvalPath>> paths;
    double seconds = 0;
};

// Per-thread state of the pass over the graphs.
struct ThreadState {
    hom::Workspace<double> ws;
    hom::DenseWorkspace dense;
    // Path choices depend on the shape only; small graphs repeat shapes, so each thread remembers them (per set).
    std::map<std::tuple<double, double, double, double>, ChosenPaths> memo;
};

const ChosenPaths& pathsFor(const Graph& g, const std::vector<SetPlan>& sets, const DensityParams& params, ThreadState& state,
                            ChosenPaths& scratch) {
    const hom::GraphShape shape = hom::GraphShape::of(g);
    const std::tuple<double, double, double, double> key{shape.n, shape.nnz, shape.wedges, shape.lowWedges};
    const auto hit = state.memo.find(key);
    if (hit != state.memo.end()) return hit->second;
    const std::size_t cacheBudget = state.dense.cacheBudget;
    scratch.paths.resize(sets.size());
    scratch.seconds = 0;
    for (std::size_t s = 0; s < sets.size(); ++s)
        choosePathsForGraph(shape, sets[s].plans, sets[s].densePlans, sets[s].shared, sets[s].productPlans, sets[s].productsShared,
                            params.path, cacheBudget, scratch.paths[s], scratch.seconds);
    if (state.memo.size() < 100000) return state.memo.emplace(key, scratch).first->second;
    return scratch;
}

// The progress weight of a graph: its estimated seconds on the paths chosen for it (the cost model's), so that the
// fraction reported follows the work and not the count of graphs (a data set's largest graphs may take most of it).
double progressWeight(const ChosenPaths& chosen) {
    return std::isfinite(chosen.seconds) && chosen.seconds > 1e-12 ? chosen.seconds : 1e-12;
}

constexpr double kProgressUnits = 1e9;  // the progress bar's resolution, in parts of the total weight

// Each computed graph's share of the progress bar (its estimated seconds), in the order of `todo`; the paths chosen
// here are remembered per thread for the pass that follows.
std::vector<double> progressWeights(const Dataset& data, const std::vector<int>& todo, const std::vector<SetPlan>& plans,
                                    const DensityParams& params, tbb::enumerable_thread_specific<ThreadState>& states,
                                    tbb::task_arena& arena) {
    std::vector<double> weight(todo.size());
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<int>(0, int(todo.size())), [&](const tbb::blocked_range<int>& r) {
            ThreadState& st = states.local();
            ChosenPaths scratch;
            for (int at = r.begin(); at < r.end(); ++at)
                weight[std::size_t(at)] = progressWeight(pathsFor(data.graphs[todo[std::size_t(at)]], plans, params, st, scratch));
        });
    });
    return weight;
}

// For each graph, the first graph of the data set identical to it (same vertex count, same numbered edges), itself
// if none is: COLLAB has hundreds of such repeats (ego networks that are cliques of one size, among others).
// A repeat's densities are its first's bit for bit (the same input takes the same plans and arithmetic), so they
// are computed once and copied.
std::vector<int> firstIdentical(const Dataset& data) {
    std::unordered_map<std::size_t, std::vector<int>> byHash;
    std::vector<int> first(std::size_t(data.size()));
    for (int i = 0; i < data.size(); ++i) {
        const Graph& g = data.graphs[i];
        std::size_t h = std::hash<int>{}(g.numVertices());
        for (int a : g.adjacency()) h = h * 1099511628211ull + std::size_t(a);  // FNV-style mixing, order-sensitive
        std::vector<int>& same = byHash[h];
        const auto hit = std::find_if(same.begin(), same.end(), [&](int j) { return data.graphs[j] == g; });
        first[std::size_t(i)] = hit != same.end() ? *hit : i;
        if (hit == same.end()) same.push_back(i);
    }
    return first;
}

}  // namespace

DensityMatrix DensityMatrix::compute(const Dataset& data, const std::vector<Pattern>& patterns, const DensityParams& params,
                                     Progress& progress) {
    return std::move(computeSets(data, {patterns}, params, progress)[0]);
}

std::vector<DensityMatrix> DensityMatrix::computeSets(const Dataset& data, const std::vector<std::vector<Pattern>>& sets,
                                                      const DensityParams& params, Progress& progress) {
    keepLargeBlocksInHeap();
    const int N = data.size();
    for (int i = 0; i < N; ++i)
        if (data.graphs[i].numVertices() == 0)
            throw std::invalid_argument("graph " + std::to_string(i) + " of " + data.name + " is empty");
    const std::vector<SetPlan> plans = planSets(sets);
    const int threads = params.threads > 0 ? params.threads : tbb::this_task_arena::max_concurrency();
    std::size_t maxTableEntries = std::size_t(-1);
    for (const SetPlan& p : plans)
        maxTableEntries = std::min(maxTableEntries, checkResources(data, *p.patterns, p.plans, p.densePlans, params, threads));
    std::vector<std::vector<std::array<std::atomic<long>, 3>>> counts(sets.size());
    std::vector<DensityMatrix> out(sets.size());
    for (std::size_t s = 0; s < sets.size(); ++s) {
        counts[s] = std::vector<std::array<std::atomic<long>, 3>>(sets[s].size());
        for (auto& c : counts[s]) for (auto& x : c) x = 0;
        out[s].t.resize(N, Eigen::Index(sets[s].size()));
        out[s].n.resize(N);
    }
    const std::vector<int> first = firstIdentical(data);
    std::vector<int> todo, copies(std::size_t(N), 0);  // the graphs computed; how many graphs each one stands for
    for (int i = 0; i < N; ++i) {
        ++copies[std::size_t(first[std::size_t(i)])];
        if (first[std::size_t(i)] == i) todo.push_back(i);
    }
    std::atomic<bool> stop{false};
    tbb::enumerable_thread_specific<ThreadState> states;
    tbb::task_group_context ctx;
    tbb::task_arena arena(threads);
    const std::vector<double> weight = progressWeights(data, todo, plans, params, states, arena);
    const double totalWeight = std::accumulate(weight.begin(), weight.end(), 0.0);
    std::atomic<long> done{0};  // in kProgressUnits of the total weight
    const auto halt = [&](ThreadState& st) {
        stop = true;
        st.ws.unbind();
        ctx.cancel_group_execution();
    };
    auto body = [&](const tbb::blocked_range<int>& r) {
        if (stop.load(std::memory_order_relaxed)) return;
        ThreadState& st = states.local();
        if (progress.cancelled()) return halt(st);
        ChosenPaths scratch;
        for (int at = r.begin(); at < r.end(); ++at) {
            const int i = todo[std::size_t(at)];
            const Graph& g = data.graphs[i];
            const auto& paths = pathsFor(g, plans, params, st, scratch).paths;
            st.ws.bind(g);
            st.ws.cancel = &progress;
            st.ws.maxTableEntries = maxTableEntries;
            st.dense.bind(g);
            st.dense.cancel = &progress;
            for (std::size_t s = 0; s < plans.size(); ++s) {
                out[s].n(i) = g.numVertices();
                const SetPlan& p = plans[s];
                for (std::size_t j = 0; j < p.plans.size(); ++j) {
                    // Checked per (graph, pattern) pair, so that a cancel is seen within one pair's time.
                    if (stop.load(std::memory_order_relaxed) || progress.cancelled()) return halt(st);
                    const hom::EvalPath path = paths[s][j];
                    counts[s][j][int(path)] += copies[std::size_t(i)];
                    try {
                        out[s].t(i, Eigen::Index(j)) =
                            path == hom::EvalPath::SparseDp
                                ? hom::density(p.plans[j], g, st.ws)
                            : path == hom::EvalPath::Gemm ? hom::denseDensity(p.productPlans[j], g, st.dense, true, &p.productKeyIds[j])
                                                          : hom::denseDensity(p.densePlans[j], g, st.dense, false, &p.keyIds[j]);
                    } catch (const hom::TableTooLarge& e) {
                        st.ws.unbind();
                        throw ResourceError("pattern " + std::to_string(j) + " (" + (*p.patterns)[j].describe() + ") on graph " +
                                            std::to_string(i) + " of " + data.name + " (n = " + std::to_string(g.numVertices()) + ", " +
                                            std::to_string(g.numEdges()) + " edges): " + e.what() +
                                            ", the memory limit per thread (--max-memory to change)");
                    }
                }
            }
            st.ws.unbind();
            st.dense.adjacency.resize(0, 0);  // large graphs: do not keep n² doubles per thread
            st.dense.cache.clear();
            // Reported per graph, not per task of `grain` graphs: a task may hold a few large graphs that take minutes.
            const long share = std::lround(weight[std::size_t(at)] / totalWeight * kProgressUnits);
            progress.report(std::min(1.0, double(done.fetch_add(share) + share) / kProgressUnits));
        }
    };
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<int>(0, int(todo.size()), std::max(1, params.grain)), body, tbb::simple_partitioner(), ctx);
    });
    if (stop || progress.cancelled()) throw Cancelled();
    if (!todo.empty()) progress.report(1.0);  // the rounded shares may sum to a little less than the whole
    for (std::size_t s = 0; s < sets.size(); ++s) {
        for (int i = 0; i < N; ++i)
            if (const int f = first[std::size_t(i)]; f != i) {
                out[s].t.row(i) = out[s].t.row(f);
                out[s].n(i) = out[s].n(f);
            }
        out[s].pathCounts.resize(sets[s].size());
        for (std::size_t j = 0; j < sets[s].size(); ++j)
            for (int k = 0; k < 3; ++k) out[s].pathCounts[j][k] = counts[s][j][k];
    }
    return out;
}

}  // namespace px
