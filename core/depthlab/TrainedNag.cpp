// The trained-NAG experiment: train NAG networks, attack them with COSERA, compare with the bound (TrainedNag.h).
#include "depthlab/TrainedNag.h"

#include "common/Rng.h"
#include "experiment/ParallelTrainings.h"
#include "depthlab/NoisyAggregation.h"
#include "depthlab/PairAttack.h"
#include "graph/GraphAlgorithms.h"
#ifdef PX_HAVE_NEURAL
#include "neural/NagTrainer.h"
#endif
#include "neural/NagParams.h"

#include <tbb/info.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace px::depthlab {

using experiment::ResultTable;
using nlohmann::json;

json trainedNagDefaults() {
    return {{"experiment", "nag-trained"}, {"data", "builtin:sbm-nodes"}, {"split", "planetoid"},
            {"aggregations", {"mean", "sum", "gcn", "max", "attention"}}, {"scheme", "unconstrained"},
            {"sigmas", {0.0, 1.0, 4.0}}, {"widths", {32}}, {"depth", 2}, {"epochs", 200}, {"lr", 0.001},
            {"encoders", {"trained"}}, {"controls", true}, {"trials", 2}, {"threads", 1}, {"parallel_trainings", 1}, {"max_minutes", 60},
            {"seed", 1}};
}

#ifndef PX_HAVE_NEURAL

ResultTable trainedNagExperiment(const SpecReader& s, Progress&, const NodeDataset*) {
    s.check(false, "experiment", "nag-trained needs the neural layer, and this build has none (configured with -DPX_NEURAL=OFF)");
    return {};
}

#else

namespace {

struct NagSettings {
    std::vector<neural::NagAggregator> aggregations;
    std::vector<double> sigmas;
    std::vector<int> widths;
    std::vector<bool> trainedEncoders;  // true: trained, false: frozen at initialisation
    neural::NagTrainParams base;
    int trials = 1;
    int parallelTrainings = 1;  // trainings run this many at once, each on its own seeds: the table does not change
    bool controls = true;
    std::uint64_t seed = 1;
};

NagSettings readSettings(const SpecReader& s) {
    NagSettings n;
    for (const auto& a : s.get<std::vector<std::string>>("aggregations")) {
        try {
            n.aggregations.push_back(neural::nagAggregatorFromString(a));
        } catch (const std::invalid_argument& e) {
            s.check(false, "aggregations", e.what());
        }
    }
    s.check(!n.aggregations.empty(), "aggregations", "expected at least one aggregation");
    try {
        n.base.scheme = neural::nagSchemeFromString(s.get<std::string>("scheme"));
    } catch (const std::invalid_argument& e) {
        s.check(false, "scheme", e.what());
    }
    n.sigmas = s.get<std::vector<double>>("sigmas");
    s.check(!n.sigmas.empty(), "sigmas", "expected at least one noise scale");
    for (double v : n.sigmas) s.check(v >= 0 && v <= 1e6, "sigmas", "expected noise scales in [0, 1e6]");
    n.widths = s.get<std::vector<int>>("widths");
    s.check(!n.widths.empty(), "widths", "expected at least one width d");
    for (int d : n.widths) s.check(d >= 1 && d <= 16384, "widths", "expected widths 1 <= d <= 16384");
    for (const auto& e : s.get<std::vector<std::string>>("encoders")) {
        s.check(e == "trained" || e == "frozen", "encoders", "expected \"trained\" or \"frozen\" (weights left at initialisation)");
        n.trainedEncoders.push_back(e == "trained");
    }
    s.check(!n.trainedEncoders.empty(), "encoders", "expected \"trained\", \"frozen\" or both");
    n.base.depth = s.get<int>("depth");
    n.base.epochs = s.get<int>("epochs");
    n.base.lr = s.get<double>("lr");
    n.base.threads = s.get<int>("threads");
    s.check(n.base.depth >= 1 && n.base.depth <= 16, "depth", "expected 1..16");
    s.check(n.base.epochs >= 0 && n.base.epochs <= 100000, "epochs", "expected 0..100000");
    s.check(n.base.lr > 0 && n.base.lr <= 10, "lr", "expected 0 < lr <= 10");
    s.check(n.base.threads >= 1 && n.base.threads <= 256, "threads", "expected 1..256");
    n.parallelTrainings = s.get<int>("parallel_trainings");
    s.check(n.parallelTrainings >= 1 && n.parallelTrainings <= 256, "parallel_trainings", "expected 1..256");
    n.trials = s.get<int>("trials");
    s.check(n.trials >= 1 && n.trials <= 100, "trials", "expected 1..100");
    n.controls = s.get<bool>("controls");
    n.seed = s.get<std::uint64_t>("seed");
    return n;
}

// One configuration's trials.
struct Trials {
    std::vector<double> accuracy, trainAccuracy, auroc, err, opNormMax, opNormSqSum, bound, seconds, gflops;
};

// What one training leaves for its row (its representations are attacked, then dropped).
struct TrialOutcome {
    neural::NagOutcome outcome;
    AttackMetrics attack;
};

void addTrial(Trials& t, const neural::NagOutcome& o, const AttackMetrics& m, neural::NagAggregator a, double sigma, int epochs) {
    t.accuracy.push_back(o.testAccuracy);
    t.trainAccuracy.push_back(o.trainAccuracy);
    t.auroc.push_back(m.auroc);
    t.err.push_back(m.err);
    double sq = 0, mx = 0;
    for (double w : o.opNorms) { sq += w * w; mx = std::max(mx, w); }
    t.opNormMax.push_back(mx);
    t.opNormSqSum.push_back(sq);
    // Theorem 6.1: type-I + type-II error ≥ 1 − √(1 − exp(−C Σ_l ‖W_l‖²_op / σ²)); no noise, no bound
    const double kl = sigma > 0 ? neural::nagBoundConstant(a) * sq / (sigma * sigma) : INFINITY;
    t.bound.push_back(1.0 - std::sqrt(-std::expm1(-kl)));
    t.seconds.push_back(o.seconds);
    t.gflops.push_back(o.flopsPerEpoch * epochs / std::max(1e-9, o.seconds) / 1e9);
}

ResultTable::Row rowOf(const Trials& t, const std::string& aggregation, const std::string& encoder, const NagSettings& n, double sigma,
                       int width, double bound) {
    return {{"aggregation", aggregation}, {"encoder", encoder}, {"scheme", neural::key(n.base.scheme)}, {"sigma", sigma},
            {"width", width}, {"depth", n.base.depth}, {"epochs", n.base.epochs}, {"trials", n.trials},
            {"accuracy_mean", mean(t.accuracy)}, {"accuracy_sd", sd(t.accuracy)}, {"train_accuracy_mean", mean(t.trainAccuracy)},
            {"auroc_mean", mean(t.auroc)}, {"auroc_sd", sd(t.auroc)}, {"err_mean", mean(t.err)}, {"err_sd", sd(t.err)},
            {"op_norm_max_mean", mean(t.opNormMax)}, {"op_norm_max_sd", sd(t.opNormMax)}, {"op_norm_sq_sum_mean", mean(t.opNormSqSum)},
            {"err_lower_bound_mean", mean(t.bound)}, {"bound_constant", bound}, {"train_seconds_mean", mean(t.seconds)},
            {"train_gflops_mean", mean(t.gflops)}};
}

// The work of the whole grid, estimated before any training: 3 × the forward multiply-adds of every epoch
// (the dense products dominate) at 10 GFLOP/s, on the safe side of this kind of machine's one core, shared by
// the trainings that run side by side.
template <class Configs>
void refuseBeyondTimeLimit(const SpecReader& s, const Configs& configs, const NagSettings& n, const NodeDataset& data) {
    double flops = 0;
    const double nodes = data.numNodes(), f = double(data.features.cols());
    for (const auto& c : configs) {
        const double d = c.width;
        flops += 3 * 2 * nodes * (f * d + (n.base.depth - 1) * d * d) * (n.base.epochs + 1) * n.trials;
    }
    const int sideBySide = std::max(1, std::min(n.parallelTrainings, tbb::info::default_concurrency()));
    const double minutes = flops / 10e9 / 60 / sideBySide, limit = s.get<double>("max_minutes");
    if (minutes > limit) {
        std::ostringstream m;
        m << "this grid needs an estimated " << std::lround(minutes) << " minutes of training (" << configs.size() * std::size_t(n.trials)
          << " trainings on " << data.name << ", " << sideBySide << " at a time), more than \"max_minutes\" = " << limit << "; use fewer widths, noise scales, "
          << "aggregations, epochs or trials, or raise the limit";
        s.check(false, "max_minutes", m.str());
    }
}

}  // namespace

ResultTable trainedNagExperiment(const SpecReader& s, Progress& progress, const NodeDataset* given) {
    const NagSettings n = readSettings(s);
    NodeDataset loaded;
    if (!given) loaded = loadSpecNodeData(s);
    NodeDataset data = given ? *given : std::move(loaded);
    const std::string split = s.get<std::string>("split");
    s.check(split == "planetoid" || split == "data", "split", "expected \"planetoid\" (20 per class / 500 / 1000, seeded) or \"data\"");
    if (split == "planetoid") data.splitPlanetoidStyle(20, 500, 1000, n.seed);
    s.check(!data.train.empty() && !data.test.empty(), "split", "the data's split has no training or no test nodes");
    const Graph testGraph = inducedSubgraph(data.graph, data.test);

    neural::NodeProblem problem;
    problem.graph = &data.graph;
    problem.features = &data.features;
    problem.labels = data.labels;
    problem.classes = std::max(2, data.numClasses());
    problem.train = data.train;
    problem.valid = data.valid;
    problem.test = data.test;

    struct Config {
        neural::NagAggregator aggregation;
        bool trained;
        double sigma;
        int width;
        bool control;
    };
    std::vector<Config> configs;
    for (int width : n.widths) {
        if (n.controls) configs.push_back({neural::NagAggregator::None, true, 0.0, width, true});
        for (neural::NagAggregator a : n.aggregations)
            for (bool trained : n.trainedEncoders)
                for (double sigma : n.sigmas) configs.push_back({a, trained, sigma, width, false});
    }
    refuseBeyondTimeLimit(s, configs, n, data);
    // Every (configuration, trial) training, run one by one or `parallel_trainings` at once; the seeds depend on the
    // trial only (paired across configurations), so the order does not change a number.
    const int trainings = int(configs.size()) * n.trials;
    std::vector<TrialOutcome> outcomes(static_cast<std::size_t>(trainings));
    experiment::TrainingsProgress all(progress, 0.0, 1.0, trainings);
    auto train = [&](int i) {
        const Config& c = configs[std::size_t(i / n.trials)];
        const int trial = i % n.trials;
        neural::NagTrainParams p = n.base;
        p.aggregator = c.aggregation;
        p.sigma = c.sigma;
        p.width = c.width;
        p.trainEncoder = c.trained;
        p.seed = Rng(n.seed, "nag-trained weights", std::uint64_t(trial)).next();
        p.inferenceSeed = Rng(n.seed, "nag-trained inference", std::uint64_t(trial)).next();
        experiment::TrainingsProgress::Part part(all, i);
        TrialOutcome& out = outcomes[std::size_t(i)];
        out.outcome = neural::trainNag(p, problem, part);
        Matrix testRows(long(data.test.size()), out.outcome.representations.cols());
        for (std::size_t k = 0; k < data.test.size(); ++k) testRows.row(long(k)) = out.outcome.representations.row(data.test[k]);
        out.outcome.representations = {};
        out.attack = {std::nan(""), std::nan("")};
        if (testGraph.numEdges() > 0) out.attack = coseraAttack(testRows, testGraph);
        part.report(1.0);
    };
    experiment::runTrainings(trainings, n.parallelTrainings, n.base.threads, train);

    ResultTable table;
    for (std::size_t ci = 0; ci < configs.size(); ++ci) {
        const Config& c = configs[ci];
        Trials t;
        for (int trial = 0; trial < n.trials; ++trial) {
            const TrialOutcome& o = outcomes[ci * std::size_t(n.trials) + std::size_t(trial)];
            addTrial(t, o.outcome, o.attack, c.aggregation, c.sigma, n.base.epochs);
        }
        ResultTable::Row row = rowOf(t, c.control ? "none (features alone)" : neural::key(c.aggregation),
                                     c.trained ? "trained" : "frozen (initial weights)", n, c.sigma, c.width,
                                     neural::nagBoundConstant(c.aggregation));
        row.push_back({"majority_accuracy", data.majorityClassAccuracy()});
        row.push_back({"test_nodes", long(data.test.size())});
        row.push_back({"test_edges", testGraph.numEdges()});
        row.push_back({"dataset", data.name});
        row.push_back({"split", split});
        table.add(row);
    }
    return table;
}

#endif

}  // namespace px::depthlab
