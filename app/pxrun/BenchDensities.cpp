// pxrun bench densities / scaling / gemm: the speed of homomorphism densities on real data and on
// generated graphs, with the path each (graph, pattern) pair took and the machine's measured GEMM
// rate beside the figures (the physical limit of the matrix path).
#include "BenchSupport.h"
#include "Commands.h"
#include "Usage.h"
#include "CommonOptions.h"
#include "TerminalProgress.h"
#include "generators/Generators.h"
#include "hom/DenseEvaluator.h"
#include "hom/DensityMatrix.h"
#include "hom/HomCounter.h"

#include <Eigen/Core>
#include <cstdio>
#include <stdexcept>
#include <thread>

namespace pxrun {

px::DensityPath pathFromArgs(const Args& a) {
    const std::string p = a.get("path", "auto");
    if (p == "sparse-dp") return px::DensityPath::SparseDp;  // an older spelling, still read
    static const px::DensityPath paths[] = {px::DensityPath::Auto, px::DensityPath::SparseDp, px::DensityPath::Scatter,
                                            px::DensityPath::Gemm};  // in the order of usage::densityPathNames()
    return paths[usage::choiceIndex("--path", usage::densityPathNames(), p)];
}

void limitsFromArgs(const Args& a, px::DensityParams& dp) {
    if (a.has("max-memory")) {
        const double gib = a.getDouble("max-memory", 0);
        if (!(gib > 0)) throw std::invalid_argument("option --max-memory expects a positive number of GiB");
        dp.maxMemoryBytes = gib * double(1 << 30);
    }
    if (a.has("max-minutes")) dp.maxEstimatedSeconds = 60 * a.getDouble("max-minutes", 60);
}

std::string pathSummary(const px::DensityMatrix& dm) {
    long c[3] = {0, 0, 0};
    for (const auto& pc : dm.pathCounts)
        for (int k = 0; k < 3; ++k) c[k] += pc[k];
    const double all = std::max(1.0, double(c[0] + c[1] + c[2]));
    char buf[160];
    std::snprintf(buf, sizeof buf, "sparse DP %.1f %%, matrix scatter %.1f %%, matrix GEMM %.1f %% of (graph, pattern) pairs",
                  100 * c[0] / all, 100 * c[1] / all, 100 * c[2] / all);
    return buf;
}

// Single-thread GEMM rate of this machine (Eigen, double, n × n × n, row-major as the evaluator uses): the best
// of 5 products after half a second of warm-up, so that a processor still raising its clock is not measured.
double measureGemmGflops(int n) {
    px::hom::DenseMatrix a = px::hom::DenseMatrix::Random(n, n), b = px::hom::DenseMatrix::Random(n, n), c(n, n);
    for (auto start = Clock::now(); seconds(start, Clock::now()) < 0.5;) c.noalias() = a * b;
    double best = 1e300;
    for (int r = 0; r < 5; ++r) {
        auto s = Clock::now();
        c.noalias() = a * b;
        best = std::min(best, seconds(s, Clock::now()));
    }
    if (c(0, 0) == 12345.678) std::printf(" ");  // keep the product
    return 2.0 * n * double(n) * n / best * 1e-9;
}

int benchDensities(const Args& a) {
    const std::string data = a.get("data", std::string(PX_DEFAULT_DATA) + "/ogbg-molhiv-rebuilt");
    px::PatternSamplerParams sp = samplerFromArgs(a);
    if (!a.has("max-size") && sp.patternClass.kind != px::PatternClassKind::Trees) sp.size.maxSize = 16;
    px::PatternSet set = px::PatternSet::sample(sp);
    const int reps = int(a.getLong("reps", 5));
    px::DensityParams dp;
    dp.threads = int(a.getLong("threads", 0));
    dp.path = pathFromArgs(a);
    limitsFromArgs(a, dp);
    std::vector<double> loads, computes, totals;
    double checksum = 0;
    px::Dataset ds;
    px::DensityMatrix dm;
    for (int r = 0; r < reps; ++r) {
        auto s0 = Clock::now();
        ds = loadData(data);  // loading is part of what a user waits for: timed in every repetition
        auto s1 = Clock::now();
        TerminalProgress progress("densities rep " + std::to_string(r + 1));
        dm = px::DensityMatrix::compute(ds, set, dp, progress);
        auto s2 = Clock::now();
        loads.push_back(seconds(s0, s1));
        computes.push_back(seconds(s1, s2));
        totals.push_back(seconds(s0, s2));
        checksum = dm.t.sum();
    }
    const double med = median(computes);
    const double pairs = double(ds.size()) * set.size();
    const int threads = dp.threads > 0 ? dp.threads : int(std::thread::hardware_concurrency());
    std::printf("data          %s (%d graphs, %ld vertices, %ld edges)\n", ds.name.c_str(), ds.size(), ds.totalVertices(), ds.totalEdges());
    std::printf("patterns      %s, d=%d, max m=%d, max tw bound=%d, seed=%llu\n", sp.patternClass.name().c_str(),
                set.size(), set.maxVertices(), set.maxTreewidthBound(), (unsigned long long)sp.seed);
    std::printf("threads       %d (hardware %u); path %s\n", threads, std::thread::hardware_concurrency(), a.get("path", "auto").c_str());
    std::printf("paths         %s\n", pathSummary(dm).c_str());
    std::printf("load          median %.3f s\n", median(loads));
    std::printf("densities     median %.3f s over %d runs (min %.3f, max %.3f)\n", med, reps,
                *std::min_element(computes.begin(), computes.end()), *std::max_element(computes.begin(), computes.end()));
    std::printf("load + dens.  median %.3f s\n", median(totals));
    std::printf("per pair      %.3f us per (graph, pattern)\n", med / pairs * 1e6);
    std::printf("GEMM peak     %.1f GFLOP/s per thread measured now (Eigen, n = 1000)\n", measureGemmGflops(1000));
    std::printf("peak memory   %.1f MiB (resident, whole process)\n", peakRssMiB());
    std::printf("checksum      %.12g\n", checksum);
    return 0;
}

int benchScaling(const Args& a) {
    px::PatternSamplerParams sp = samplerFromArgs(a);
    if (!a.has("d")) sp.count = 10;
    if (!a.has("max-size") && sp.patternClass.kind != px::PatternClassKind::Trees) sp.size.maxSize = 8;
    px::PatternSet set = px::PatternSet::sample(sp);
    px::DensityParams dp;
    dp.threads = 1;
    dp.path = pathFromArgs(a);
    const bool dense = a.get("density", "sparse") == "dense";
    if (dense) {
        // Dense Erdős–Rényi p = 0.5: the matrix path against the machine's GEMM rate.
        const double gflops = measureGemmGflops(1000);
        std::printf("Erdős–Rényi p = %.2f; %s, d=%d; one thread; GEMM peak %.1f GFLOP/s (Eigen, n = 1000)\n", a.getDouble("p", 0.5),
                    sp.patternClass.name().c_str(), set.size(), gflops);
        std::printf("(us per pair: the whole set, messages shared between patterns; n^3 products: that time in units of one\n"
                    " n x n x n product, 2n^3 flops, at the GEMM peak)\n");
        std::printf("%8s %10s %12s %14s %14s\n", "n", "edges", "median s", "us per pair", "n^3 products");
        for (long n : {100L, 200L, 500L, 1000L, 2000L}) {
            if (n > a.getLong("max-n", 2000)) break;
            px::Rng rng(1, "bench-scaling-dense", std::uint64_t(n));
            px::Dataset ds;
            ds.name = "er-dense";
            ds.graphs.push_back(px::gen::erdosRenyi(int(n), a.getDouble("p", 0.5), rng));
            const int reps = n <= 500 ? 7 : 3;
            auto timeOf = [&](const std::vector<px::Pattern>& patterns, px::DensityMatrix& dm) {
                std::vector<double> times;
                for (int r = 0; r < reps; ++r) {
                    auto s = Clock::now();
                    dm = px::DensityMatrix::compute(ds, patterns, dp);
                    times.push_back(seconds(s, Clock::now()));
                }
                return median(times);
            };
            px::DensityMatrix dm;
            const double med = timeOf(set.patterns, dm);
            const double perPattern = med / set.size(), productSeconds = 2.0 * n * double(n) * n / (gflops * 1e9);
            std::printf("%8ld %10ld %12.5f %14.1f %14.2f   (%s)\n", n, ds.graphs[0].numEdges(), med, perPattern * 1e6,
                        perPattern / productSeconds, pathSummary(dm).c_str());
        }
        return 0;
    }
    const long maxN = a.getLong("max-n", 100000);
    const double avgDegree = a.getDouble("degree", 3.0);
    std::printf("Erdős–Rényi graphs with average degree %.1f; %s, d=%d; one thread\n", avgDegree,
                sp.patternClass.name().c_str(), set.size());
    std::printf("%10s %12s %14s %16s\n", "n", "edges", "median s", "us per pair");
    for (long n = 100; n <= maxN; n *= 10) {
        px::Rng rng(1, "bench-scaling", std::uint64_t(n));
        px::Dataset ds;
        ds.name = "er";
        ds.graphs.push_back(px::gen::erdosRenyi(int(n), avgDegree / double(n - 1), rng));
        const int reps = n <= 1000 ? 21 : 5;
        std::vector<double> times;
        px::DensityMatrix dm;
        for (int r = 0; r < reps; ++r) {
            auto s = Clock::now();
            dm = px::DensityMatrix::compute(ds, set, dp);
            times.push_back(seconds(s, Clock::now()));
        }
        const double med = median(times);
        std::printf("%10ld %12ld %14.6f %16.3f   (%s)\n", n, ds.graphs[0].numEdges(), med, med / set.size() * 1e6, pathSummary(dm).c_str());
    }
    return 0;
}

}  // namespace pxrun

namespace pxrun {

// Calibration of the cost model: on every k-th graph, each pattern is timed on each path (the sparse
// DP only where it is estimated below --dp-limit seconds) and set against the model's estimate. The
// medians of measured / estimated per path should be equal for the choice to be right.
int benchPaths(const Args& a) {
    const std::string data = a.get("data", std::string(PX_DEFAULT_DATA) + "/ogbg-molhiv-rebuilt");
    px::Dataset ds = loadData(data);
    px::PatternSamplerParams sp = samplerFromArgs(a);
    if (!a.has("max-size") && sp.patternClass.kind != px::PatternClassKind::Trees) sp.size.maxSize = 8;
    if (!a.has("d")) sp.count = 10;
    px::PatternSet set = px::PatternSet::sample(sp);
    const int step = std::max(1, int(a.getLong("every", std::max(1, ds.size() / 100))));
    const double dpLimit = a.getDouble("dp-limit", 0.05);
    std::vector<double> ratio[3];
    double measuredTotal[3] = {0, 0, 0}, chosenTotal = 0, bestTotal = 0;
    for (int i = 0; i < ds.size(); i += step) {
        const px::Graph& g = ds.graphs[i];
        const px::hom::GraphShape shape = px::hom::GraphShape::of(g);
        for (const auto& f : set.patterns) {
            const px::hom::HomPlan hp(f);
            const px::hom::DensePlan plan(f), products = px::hom::DensePlan::forProducts(f, plan);
            const px::hom::PathCost c = px::hom::estimateCost(hp, plan, shape, nullptr, &products);
            const double est[3] = {c.sparseDp, c.scatter, c.gemm};
            double took[3] = {-1, -1, -1};
            for (int p = 0; p < 3; ++p) {
                if ((p > 0 && !plan.supported) || (p == 0 && c.sparseDp > dpLimit)) continue;
                px::hom::Workspace<double> ws;
                px::hom::DenseWorkspace dws;
                ws.bind(g);
                dws.bind(g);
                std::vector<double> t;
                for (int r = 0; r < 3; ++r) {
                    auto s = Clock::now();
                    if (p == 0) px::hom::density(hp, g, ws);
                    else px::hom::denseDensity(p == 2 ? products : plan, g, dws, p == 2);
                    t.push_back(seconds(s, Clock::now()));
                }
                ws.unbind();
                took[p] = median(t);
                ratio[p].push_back(took[p] / est[p]);
                measuredTotal[p] += took[p];
            }
            double best = 1e300;
            for (double x : took) if (x >= 0) best = std::min(best, x);
            bestTotal += best;
            chosenTotal += took[int(c.choice)] >= 0 ? took[int(c.choice)] : best;
        }
    }
    const char* names[3] = {"sparse DP", "matrix scatter", "matrix GEMM"};
    std::printf("data %s, every %d-th graph, %s d=%d, one thread\n", ds.name.c_str(), step, sp.patternClass.name().c_str(), set.size());
    for (int p = 0; p < 3; ++p)
        if (!ratio[p].empty())
            std::printf("%-15s measured / estimated: median %.2f (%zu pairs, %.3f s measured)\n", names[p], median(ratio[p]), ratio[p].size(), measuredTotal[p]);
    std::printf("time of the model's choices %.3f s; of the best path per pair %.3f s (%.0f %% of best)\n", chosenTotal, bestTotal,
                100 * bestTotal / std::max(chosenTotal, 1e-12));
    return 0;
}

}  // namespace pxrun
