// pxrun bench: speed figures for the README (median wall time over repetitions, time per
// (graph, pattern) pair, peak resident memory). Benchmarks, never timed unit tests.
#include "BenchSupport.h"
#include "common/ResourceUsage.h"
#include "learn/LearnerRegistry.h"
#include "Commands.h"
#include "CommonOptions.h"
#include "TerminalProgress.h"
#include "Usage.h"
#include "generators/Generators.h"
#include "hom/DensityMatrix.h"
#include "privacy/Mechanism.h"
#include "experiment/Evaluation.h"
#include "depthlab/CoseraGrid.h"
#include "depthlab/DepthLab.h"
#include "depthlab/PairAttack.h"
#include "depthlab/PrivatePropagation.h"

#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <sys/resource.h>
#include <thread>

namespace pxrun {

namespace {
// Re-noising a whole density matrix for a new ε: the cost of one slider move in the app.
int benchNoise(const Args& a) {
    const std::string data = a.get("data", std::string(PX_DEFAULT_DATA) + "/ogbg-molhiv-rebuilt");
    px::Dataset ds = loadData(data);
    px::PatternSet set = px::PatternSet::sample(samplerFromArgs(a));
    auto dm = std::make_shared<const px::DensityMatrix>(px::DensityMatrix::compute(ds, set));
    px::privacy::NoisyEmbedding e;
    const px::privacy::GraphFacts facts = px::privacy::GraphFacts::of(ds);
    px::privacy::MechanismParams mp;
    mp.mechanism = px::privacy::mechanismFromString(a.get("mechanism", "gaussian"));
    mp.allocation = px::privacy::allocationFromString(a.get("allocation", "isotropic"));
    mp.degreeBound = int(a.getLong("D", std::max(6, ds.maxDegree())));
    mp.delta = a.getDouble("delta", 1e-6);
    const int reps = int(a.getLong("reps", 21));
    std::vector<double> build, draw, total;
    double checksum = 0;
    for (int r = 0; r < reps; ++r) {
        mp.epsilon = 0.1 * std::pow(100.0, double(r) / std::max(1, reps - 1));  // a slider sweep 0.1 … 10
        auto s0 = Clock::now();
        px::privacy::NoiseModel model(dm, set.patterns, facts, mp, ds.name);
        auto s1 = Clock::now();
        model.releaseInto(r, e);
        auto s2 = Clock::now();
        build.push_back(seconds(s0, s1));
        draw.push_back(seconds(s1, s2));
        total.push_back(seconds(s0, s2));
        checksum += e.values(0, 0);
    }
    std::printf("data          %s: %d graphs x %d patterns (%s)\n", ds.name.c_str(), ds.size(), set.size(),
                set.params.patternClass.name().c_str());
    std::printf("mechanism     %s, %s allocation, D = %d, delta = %g\n", px::privacy::toString(mp.mechanism),
                px::privacy::toString(mp.allocation), mp.degreeBound, mp.delta);
    std::printf("re-noise      median %.1f ms over %d budgets (calibrate + scales %.1f ms, draw %.1f ms)\n",
                median(total) * 1e3, reps, median(build) * 1e3, median(draw) * 1e3);
    std::printf("threads       %u hardware\nchecksum      %.12g\n", std::thread::hardware_concurrency(), checksum);
    return 0;
}
// One evaluation of the private pipeline at a fixed budget: re-noise, kNN, AUC and the attack on
// every graph (the work behind one point of a sweep).
int benchEvaluate(const Args& a) {
    const std::string data = a.get("data", std::string(PX_DEFAULT_DATA) + "/ogbg-molbace");
    px::Dataset ds = loadData(data);
    px::PatternSet set = px::PatternSet::sample(samplerFromArgs(a));
    auto dm = std::make_shared<const px::DensityMatrix>(px::DensityMatrix::compute(ds, set));
    const px::privacy::GraphFacts facts = px::privacy::GraphFacts::of(ds);
    px::privacy::MechanismParams mp;
    mp.degreeBound = int(a.getLong("D", std::max(6, ds.maxDegree())));
    mp.epsilon = a.getDouble("epsilon", 1.0);
    const px::experiment::TrainTest split = px::experiment::chooseSplit(ds, 0, 1);
    px::experiment::EvaluationParams ep;
    ep.tasks = {0};
    ep.learner.k = int(a.getLong("k", 120));
    const auto learner = px::learn::learnerFromKey(a.get("learner", "knn"));
    if (!learner) throw std::invalid_argument("--learner: expected " + px::learn::learnerKeyList());
    ep.learner.kind = *learner;
    const int reps = int(a.getLong("reps", 11));
    std::vector<double> noiseT, learnT, attackT, totalT;
    double value = 0, top1 = 0;
    px::privacy::NoisyEmbedding e;
    for (int r = 0; r < reps; ++r) {
        auto s0 = Clock::now();
        px::privacy::NoiseModel model(dm, set.patterns, facts, mp, ds.name);
        model.releaseInto(r, e);
        auto s1 = Clock::now();
        auto scale = [&model](int c, int j) { return model.noiseScale(c, j); };
        ep.attack = false;
        auto res = px::experiment::evaluate(ds, split, *dm, &e.values, &model, scale, ep);
        auto s2 = Clock::now();
        px::attack::ReidParams rp;
        auto att = px::attack::reidentify(dm->t, dm->n, e.values, scale, rp);
        auto s3 = Clock::now();
        noiseT.push_back(seconds(s0, s1));
        learnT.push_back(seconds(s1, s2));
        attackT.push_back(seconds(s2, s3));
        totalT.push_back(seconds(s0, s3));
        value = res.value;
        top1 = att.top1;
    }
    std::printf("data          %s: %d graphs, split %s (%zu train / %zu test), %d patterns, kNN k = %d, eps = %g\n",
                ds.name.c_str(), ds.size(), split.name.c_str(), split.train.size(), split.test.size(), set.size(), ep.learner.k, mp.epsilon);
    std::printf("evaluation    median %.1f ms over %d runs: re-noise %.1f ms, kNN + AUC %.1f ms, attack on all %d graphs %.1f ms\n",
                median(totalT) * 1e3, reps, median(noiseT) * 1e3, median(learnT) * 1e3, ds.size(), median(attackT) * 1e3);
    std::printf("last run      AUC %.4f, attack top-1 %.4f\n", value, top1);
    return 0;
}
// The pair attack alone, on a graph of Cora's size (ER with its 5,278 edges) and d = 64 Gaussian rows: the
// streaming coseraAttack beside ranking the stored n²/2 scores (rankMetrics of cosinePairScores), same inputs.
void benchAttack(const Args& a, int reps) {
    namespace g = px::depthlab;
    const int n = int(a.getLong("attack-n", 2708)), d = int(a.getLong("attack-d", 64));
    px::Rng rng(1, "bench attack");
    const px::Graph graph = px::gen::erdosRenyi(n, 2.0 * 5278.0 / (double(n) * double(n - 1)), rng);
    g::Matrix h(n, d);
    for (long i = 0; i < h.size(); ++i) h.data()[i] = rng.normal();
    std::vector<double> streamed, stored;
    g::AttackMetrics m1, m2;
    for (int r = 0; r < reps; ++r) {
        auto s = Clock::now();
        m1 = g::coseraAttack(h, graph);
        streamed.push_back(seconds(s, Clock::now()));
        s = Clock::now();
        auto all = g::cosinePairScores(h, graph);
        m2 = g::rankMetrics(all);
        stored.push_back(seconds(s, Clock::now()));
    }
    std::printf("pair attack   ER n=%d (%ld edges), d=%d: streamed %.1f ms, stored scores %.1f ms (medians of %d; AUROC %.4f / %.4f)\n",
                n, graph.numEdges(), d, median(streamed) * 1e3, median(stored) * 1e3, reps, m1.auroc, m2.auroc);
}

// Depth lab: one COSERA configuration, optionally the full ER heat map and private propagation on
// a LINQS graph (Cora) with K hops + the linear classifier.
int benchDepth(const Args& a) {
    namespace g = px::depthlab;
    const int n = int(a.getLong("n", 1000)), d = int(a.getLong("d", 2048)), depth = int(a.getLong("depth", 10));
    const int reps = int(a.getLong("reps", 7));
    const g::WeightKind w = g::weightKindFromString(a.get("weights", "identity"));
    const px::Graph graph = g::drawGraph(g::GraphModel{"er", n}, 1, 0);
    std::vector<double> times;
    g::AttackMetrics m;
    for (int r = 0; r < reps; ++r) {
        px::Rng rng(1, "bench cosera", std::uint64_t(r));
        auto s = Clock::now();
        m = g::coseraConfiguration(graph, d, depth, w, g::EncoderSampling::Auto, rng);
        times.push_back(seconds(s, Clock::now()));
    }
    std::printf("cosera        ER n=%d (%ld edges), d=%d, L=%d, %s weights: median %.3f s over %d runs (min %.3f, max %.3f)\n",
                n, graph.numEdges(), d, depth, g::toString(w), median(times), reps,
                *std::min_element(times.begin(), times.end()), *std::max_element(times.begin(), times.end()));
    std::printf("              last run AUROC %.4f, ERR %.4f\n", m.auroc, m.err);
    benchAttack(a, reps);
    if (a.has("grid")) {
        g::CoseraGridSpec spec;
        spec.model = g::GraphModel{"er", n};
        spec.dims = g::defaultDims();
        spec.weights = w;
        TerminalProgress progress("ER heat map");
        auto s = Clock::now();
        const g::MetricGrid grid = g::runCoseraGrid(spec, progress);
        std::printf("heat map      ER n=%d, d=2^2..2^11 x L=1..10 x 5 trials, %s weights: %.1f s (one run)\n", n,
                    g::toString(w), seconds(s, Clock::now()));
        std::printf("              AUROC at d=2048: L=1 %.4f, L=3 %.4f, L=10 %.4f\n", grid.aurocMean(9, 0),
                    grid.aurocMean(9, 2), grid.aurocMean(9, 9));
    }
    if (a.has("cora")) {
        const px::NodeDataset cora = g::loadNodeData(a.get("cora", ""));
        const int hops = int(a.getLong("hops", 20));
        for (auto scheme : {g::PropagationScheme::Gap, g::PropagationScheme::Caribou}) {
            std::vector<double> t;
            double acc = 0;
            for (int r = 0; r < reps; ++r) {
                g::PropagationParams p;
                p.scheme = scheme;
                p.hops = hops;
                p.seed = std::uint64_t(r + 1);
                auto s = Clock::now();
                const auto res = g::propagatePrivately(cora, p);
                acc = g::linearTestAccuracy(cora, g::classifierFeatures(res));
                t.push_back(seconds(s, Clock::now()));
            }
            std::printf("propagation   %s on %s (%d nodes), K=%d, eps=1, PCA + propagation + liblinear (C by validation): median %.3f s over %d runs, test accuracy %.3f\n",
                        g::toString(scheme), cora.name.c_str(), cora.numNodes(), hops, median(t), reps, acc);
        }
    }
    std::printf("threads       %u hardware\n", std::thread::hardware_concurrency());
    return 0;
}
}  // namespace

int benchDensities(const Args& a);
int benchGin(const Args& a);
int benchNag(const Args& a);
int benchScaling(const Args& a);
int benchPaths(const Args& a);

// Each benchmark's figures come with the machine they were measured on and what the whole run cost in CPU time,
// page faults and memory, so that a figure from another machine can be told apart from a regression.
int benchCommand(const std::vector<std::string>& argv) {
    if (argv.empty() || argv[0].rfind("-", 0) == 0)
        throw UsageError("needs a benchmark: densities, scaling, paths, noise, gin, nag, depth or evaluate");
    const std::map<std::string, int (*)(const Args&)> benches = {
        {"densities", benchDensities}, {"scaling", benchScaling}, {"paths", benchPaths}, {"noise", benchNoise},
        {"gin", benchGin},             {"nag", benchNag},         {"evaluate", benchEvaluate}, {"depth", benchDepth}};
    const auto bench = benches.find(argv[0]);
    if (bench == benches.end()) {
        std::vector<std::string> names;
        for (const auto& [name, run] : benches) names.push_back(name);
        const std::string nearest = usage::nearestName(argv[0], names);
        throw UsageError("unknown benchmark '" + argv[0] + "'" + (nearest.empty() ? "" : "; did you mean '" + nearest + "'?"));
    }
    const Args a = Args::parse("bench " + argv[0], argv);
    std::printf("machine       %s\n", px::MachineFacts::read().line().c_str());
    const px::ResourceUsage before = px::ResourceUsage::now();
    const int status = bench->second(a);
    std::printf("resources     %s (the whole benchmark, all threads)\n", px::describe(px::ResourceUsage::now() - before, px::peakResidentMiB()).c_str());
    return status;
}

}  // namespace pxrun
