// Runs a depth-lab spec (DepthLab.h): dispatches to the experiment it names and returns its tidy table.
#include "depthlab/DepthLab.h"
#include "depthlab/DepthSpecChecks.h"
#include "depthlab/DepthSpecReader.h"
#include "depthlab/PropagationExperiment.h"

#include "common/Error.h"
#include "common/JsonInput.h"
#include "depthlab/CoseraGrid.h"
#include "depthlab/LinearEncoder.h"
#include "depthlab/DepthAccounting.h"
#include "depthlab/NodeGenerators.h"
#include "depthlab/NoisyAggregation.h"
#include "depthlab/PrivatePropagation.h"
#include "depthlab/SubsamplingStability.h"
#include "depthlab/TrainedNag.h"
#include "io/LinqsLoader.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace px::depthlab {

using experiment::ResultTable;
using nlohmann::json;

std::vector<std::string> depthExperiments() {
    return {"cosera-grid", "sbm-sweep", "cosera-real", "nag", "nag-trained", "accounting", "propagation", "propagation-audit", "asamp"};
}

bool depthExperimentAvailable(const std::string& e) {
#ifdef PX_HAVE_NEURAL
    (void)e;
    return true;
#else
    return e != "nag-trained";
#endif
}

json defaultDepthSpec(const std::string& e) {
    if (e == "cosera-grid")
        return {{"experiment", e}, {"model", "er"}, {"n", 500}, {"p", 0.0}, {"q", 0.05}, {"blocks", 3},
                {"dims", defaultDims()}, {"max_depth", 10}, {"trials", 5}, {"weights", "identity"}, {"seed", 1}};
    if (e == "sbm-sweep")
        return {{"experiment", e}, {"n", 500}, {"blocks", {2, 3, 4, 5, 6}}, {"p", {0.05, 0.1, 0.2, 0.3, 0.5}},
                {"q", 0.05}, {"d", 512}, {"depth", 2}, {"trials", 3}, {"weights", "identity"}, {"seed", 1}};
    if (e == "cosera-real")
        return {{"experiment", e}, {"data", "builtin:sbm-nodes"}, {"features", 0}, {"max_depth", 10},
                {"weights", {"identity", "gaussian"}}, {"trials", 1}, {"seed", 1}};
    if (e == "nag")
        return {{"experiment", e}, {"data", ""}, {"n", 500}, {"features", 64}, {"aggregations", {"mean", "sum", "gcn", "max"}},
                {"sigmas", {0.03, 0.1, 0.3, 1.0, 3.0, 10.0}}, {"depth", 2}, {"op_norm", 1.0}, {"trials", 3}, {"seed", 1}};
    if (e == "nag-trained") return trainedNagDefaults();
    if (e == "accounting")
        return {{"experiment", e}, {"epsilon", 1.0}, {"delta", 1e-5}, {"max_hops", 50}, {"contractions", {0.6, 0.8, 0.9}}};
    if (e == "propagation") return propagationDefaults();
    if (e == "propagation-audit") return propagationAuditDefaults();
    if (e == "asamp")
        return {{"experiment", e}, {"data", "builtin:sbm-nodes"}, {"positive_class", 1}, {"epsilon", 1.0},
                {"delta", 1e-5}, {"subgraphs", 200},
                {"sampling", {0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5}}, {"runs", 3}, {"base", "least-squares"},
                {"seed", 1}};
    throw std::invalid_argument("unknown depth experiment '" + e + "'");
}

namespace {
// Every depth experiment on node data attacks or releases its edges, and an attack's AUC needs both edges
// and non-edges: a data set without either makes none of them possible. Says which data set and why,
// with what its loader dropped (citations of unknown ids, self citations, repeats).
void requireEdgesAndNonEdges(const NodeDataset& ds, const std::string& path) {
    const long n = ds.numNodes(), m = long(ds.graph.numEdges());
    if (m > 0 && m < n * (n - 1) / 2) return;
    std::string why = m == 0 ? "no edge is left among its " + std::to_string(n) + " nodes"
                             : "every pair of its " + std::to_string(n) + " nodes is an edge (no non-edge to compare with)";
    for (const auto& w : ds.warnings) why += "; " + w;
    throw InputError(path, 0, why + ". The depth experiments attack edges: they need both edges and non-edges");
}
}  // namespace

NodeDataset loadNodeData(const std::string& spec) {
    const std::string prefix = "builtin:";
    if (spec.rfind(prefix, 0) == 0) return builtinNodeDataset(spec.substr(prefix.size()));
    NodeDataset ds = io::loadLinqs(spec);
    requireEdgesAndNonEdges(ds, spec);
    ds.splitRandomly(0.2, 0.1, 1);  // LINQS files carry no split
    return ds;
}

namespace {

void addGrid(ResultTable& t, const MetricGrid& g, const std::string& rowKey, const std::string& colKey) {
    for (long r = 0; r < g.aurocMean.rows(); ++r)
        for (long c = 0; c < g.aurocMean.cols(); ++c)
            t.add({{rowKey, g.rows[r]}, {colKey, g.cols[c]}, {"auroc_mean", g.aurocMean(r, c)}, {"auroc_sd", g.aurocSd(r, c)},
                   {"err_mean", g.errMean(r, c)}, {"err_sd", g.errSd(r, c)}});
}

ResultTable coseraGrid(const SpecReader& s, Progress& progress) {
    CoseraGridSpec spec;
    spec.model.kind = s.get<std::string>("model");
    spec.model.n = s.get<int>("n");
    spec.model.p = s.get<double>("p");
    spec.model.q = s.get<double>("q");
    spec.model.blocks = s.get<int>("blocks");
    spec.dims = s.get<std::vector<int>>("dims");
    spec.maxDepth = s.get<int>("max_depth");
    spec.trials = s.get<int>("trials");
    spec.weights = weightKindFromString(s.get<std::string>("weights"));
    spec.seed = s.get<std::uint64_t>("seed");
    s.check(spec.model.kind == "er" || spec.model.kind == "sbm", "model", "expected \"er\" or \"sbm\"");
    s.check(spec.model.n >= 10 && spec.model.n <= 20000, "n", "expected 10 <= n <= 20000");
    s.check(!spec.dims.empty(), "dims", "expected at least one feature dimension");
    for (int d : spec.dims) s.check(d >= 1 && d <= 16384, "dims", "expected 1 <= d <= 16384");
    s.check(spec.maxDepth >= 1 && spec.maxDepth <= 64, "max_depth", "expected 1..64");
    s.check(spec.trials >= 1, "trials", "expected >= 1");
    s.check(spec.model.kind == "er" || spec.model.p > 0, "p", "SBM needs 0 < p <= 1");
    ResultTable t;
    addGrid(t, runCoseraGrid(spec, progress), "d", "depth");
    return t;
}

ResultTable sbmSweep(const SpecReader& s, Progress& progress) {
    SbmSweepSpec spec;
    spec.n = s.get<int>("n");
    spec.blocks = s.get<std::vector<int>>("blocks");
    spec.pIn = s.get<std::vector<double>>("p");
    spec.q = s.get<double>("q");
    spec.d = s.get<int>("d");
    spec.depth = s.get<int>("depth");
    spec.trials = s.get<int>("trials");
    spec.weights = weightKindFromString(s.get<std::string>("weights"));
    spec.seed = s.get<std::uint64_t>("seed");
    s.check(spec.n >= 10, "n", "expected n >= 10");
    for (double p : spec.pIn) s.check(p > 0 && p <= 1, "p", "expected probabilities in (0, 1]");
    for (int k : spec.blocks) s.check(k >= 1 && k <= spec.n, "blocks", "expected 1 <= K <= n");
    ResultTable t;
    addGrid(t, runSbmSweep(spec, progress), "blocks", "p");
    return t;
}

// COSERA on a real graph with its own node features (optionally PCA-reduced), against depth.
ResultTable coseraReal(const SpecReader& s, Progress& progress, const NodeDataset* given) {
    NodeDataset loaded;
    const NodeDataset* data = nodeData(s, given, loaded);
    const int maxDepth = s.get<int>("max_depth"), trials = s.get<int>("trials"), dims = s.get<int>("features");
    const auto seed = s.get<std::uint64_t>("seed");
    s.check(maxDepth >= 1 && maxDepth <= 64, "max_depth", "expected 1..64");
    s.check(trials >= 1, "trials", "expected >= 1");
    s.check(dims >= 0, "features", "expected 0 (all features) or a number of principal components");
    std::vector<WeightKind> kinds;
    for (const auto& w : s.get<std::vector<std::string>>("weights")) kinds.push_back(weightKindFromString(w));
    const Matrix x = dims > 0 ? reduceFeatures(data->features, dims, seed) : Matrix(data->features);
    ResultTable t;
    const int total = int(kinds.size()) * trials;
    int done = 0;
    for (WeightKind w : kinds) {
        std::vector<std::vector<double>> auc(maxDepth), err(maxDepth);
        // identity weights have no randomness: one trial says it all
        const int reps = w == WeightKind::Identity ? 1 : trials;
        for (int tr = 0; tr < reps; ++tr) {
            if (progress.cancelled()) throw Cancelled();
            Rng rng(seed, std::string("cosera real ") + toString(w), std::uint64_t(tr));
            Matrix h = x;
            for (int l = 1; l <= maxDepth; ++l) {
                if (progress.cancelled()) throw Cancelled();
                h = linearEncoder(data->graph, h, 1, w, rng);  // one more layer on the previous output
                const AttackMetrics m = coseraAttack(h, data->graph);
                auc[l - 1].push_back(m.auroc);
                err[l - 1].push_back(m.err);
                progress.report((done + double(l) / maxDepth) / total);
            }
            done += w == WeightKind::Identity ? trials : 1;
        }
        for (int l = 1; l <= maxDepth; ++l)
            t.add({{"weights", toString(w)}, {"depth", l}, {"auroc_mean", mean(auc[l - 1])}, {"auroc_sd", sd(auc[l - 1])},
                   {"err_mean", mean(err[l - 1])}, {"err_sd", sd(err[l - 1])}, {"nodes", data->numNodes()},
                   {"feature_dims", long(x.cols())}});
    }
    return t;
}

ResultTable nag(const SpecReader& s, Progress& progress, const NodeDataset* given) {
    const std::string dataSpec = s.get<std::string>("data");
    NodeDataset loaded;
    const NodeDataset* data = given;
    Matrix x;
    Graph g;
    if (!data && !dataSpec.empty()) { loaded = loadSpecNodeData(s); data = &loaded; }
    const auto seed = s.get<std::uint64_t>("seed");
    const int trials = s.get<int>("trials");
    s.check(trials >= 1, "trials", "expected >= 1");
    NagParams base;
    base.depth = s.get<int>("depth");
    base.opNorm = s.get<double>("op_norm");
    s.check(base.depth >= 1, "depth", "expected >= 1");
    s.check(base.opNorm > 0, "op_norm", "expected > 0");
    const auto sigmas = s.get<std::vector<double>>("sigmas");
    for (double v : sigmas) s.check(v >= 0, "sigmas", "expected noise scales >= 0");
    std::vector<Aggregation> aggs;
    for (const auto& a : s.get<std::vector<std::string>>("aggregations")) aggs.push_back(aggregationFromString(a));
    ResultTable t;
    const int total = int(aggs.size() * sigmas.size()) * trials;
    int done = 0;
    for (Aggregation a : aggs)
        for (double sigma : sigmas) {
            std::vector<double> err, auc;
            for (int tr = 0; tr < trials; ++tr) {
                if (progress.cancelled()) throw Cancelled();
                if (data) {
                    g = data->graph;
                    x = reduceFeatures(data->features, s.get<int>("features"), seed);
                } else {
                    g = drawGraph(GraphModel{"er", s.get<int>("n")}, seed, tr);
                    Rng fx(seed, "nag features", std::uint64_t(tr));
                    x.resize(g.numVertices(), s.get<int>("features"));
                    for (long i = 0; i < x.size(); ++i) x.data()[i] = fx.normal();
                }
                NagParams p = base;
                p.aggregation = a;
                p.sigma = sigma;
                Rng rng(seed, std::string("nag ") + toString(a), std::uint64_t(sigma * 1e6), std::uint64_t(tr));
                const AttackMetrics m = coseraAttack(noisyAggregation(g, x, p, rng), g);
                err.push_back(m.err);
                auc.push_back(m.auroc);
                progress.report(double(++done) / total);
            }
            t.add({{"aggregation", toString(a)}, {"sigma", sigma}, {"depth", base.depth}, {"op_norm", base.opNorm},
                   {"err_mean", mean(err)}, {"err_sd", sd(err)}, {"auroc_mean", mean(auc)}, {"auroc_sd", sd(auc)},
                   {"err_lower_bound", nagErrorLowerBound(a, base.depth * base.opNorm * base.opNorm, sigma)}});
        }
    return t;
}

ResultTable accounting(const SpecReader& s) {
    const double eps = s.get<double>("epsilon"), delta = s.get<double>("delta");
    const int maxHops = s.get<int>("max_hops");
    s.check(eps > 0, "epsilon", "expected > 0");
    s.check(delta > 0 && delta < 1, "delta", "expected 0 < delta < 1");
    s.check(maxHops >= 1 && maxHops <= 1000, "max_hops", "expected 1..1000");
    std::vector<double> cs{1.0};
    for (double c : s.get<std::vector<double>>("contractions")) {
        s.check(c > 0 && c < 1, "contractions", "expected values in (0, 1)");
        cs.push_back(c);
    }
    ResultTable t;
    for (double c : cs)
        for (int k = 1; k <= maxHops; ++k) {
            std::ostringstream name;
            if (c >= 1) name << "GAP (linear)"; else name << "CARIBOU c=" << c;
            t.add({{"scheme", name.str()}, {"contraction", c}, {"hops", k}, {"k_eff", effectiveHops(k, c)},
                   {"multiplier", noiseMultiplier(eps, delta, k, c)}, {"epsilon", eps}, {"delta", delta}});
        }
    return t;
}

ResultTable asamp(const SpecReader& s, Progress& progress, const NodeDataset* given) {
    NodeDataset loaded;
    const NodeDataset* data = nodeData(s, given, loaded);
    AsampParams p;
    p.epsilon = s.get<double>("epsilon");
    p.delta = s.get<double>("delta");
    p.subgraphs = s.get<int>("subgraphs");
    p.seed = s.get<std::uint64_t>("seed");
    try {
        p.fit = asampFitFromString(s.get<std::string>("base"));
    } catch (const std::invalid_argument& e) {
        s.check(false, "base", e.what());
    }
    const int runs = s.get<int>("runs");
    const auto values = s.get<std::vector<double>>("sampling");
    s.check(p.epsilon > 0, "epsilon", "expected > 0");
    s.check(p.delta > 0 && p.delta < 1, "delta", "expected 0 < delta < 1");
    s.check(p.subgraphs >= 1, "subgraphs", "expected >= 1");
    s.check(runs >= 1, "runs", "expected >= 1");
    for (double v : values) s.check(v > 0 && v <= 1, "sampling", "expected probabilities in (0, 1]");
    const int positive = s.get<int>("positive_class");
    s.check(positive >= 0 && positive < data->numClasses(), "positive_class", "expected a class index of the data");
    int positiveTraining = 0;  // the task needs training nodes of both classes: checked here, naming the field
    for (int v : data->train) positiveTraining += data->labels[v] == positive ? 1 : 0;
    s.check(positiveTraining > 0 && positiveTraining < int(data->train.size()), "positive_class",
            "the training nodes of " + data->name + " must contain both classes: " + std::to_string(positiveTraining) + " of its " +
                std::to_string(data->train.size()) + " training nodes are of class " + std::to_string(positive));
    const BinaryNodeTask task = BinaryNodeTask::from(*data, positive);
    const auto sums = asampSweep(data->graph, task, p, values, runs, progress);
    ResultTable t;
    for (const auto& r : sums)
        t.add({{"sampling", r.samplingProbability}, {"accuracy_released", r.accuracyReleased},
               {"abstention", r.abstention}, {"accuracy_overall", r.accuracyOverall}, {"base_accuracy", r.baseAccuracy},
               {"condition_holds", r.privacyConditionHolds}, {"max_sampling", asampMaxSampling(p.epsilon, p.delta)},
               {"epsilon", p.epsilon}, {"delta", p.delta}, {"base", toString(p.fit)}});
    return t;
}

}  // namespace

ResultTable runDepthExperiment(const json& spec, const std::string& source, Progress& progress, const NodeDataset* data) {
    if (!spec.is_object()) throw InputError(source, 0, "expected a JSON object with an \"experiment\" field");
    if (!spec.contains("experiment") || !spec.at("experiment").is_string())
        throw InputError(source, 0, "missing field \"/experiment\" (one of cosera-grid, sbm-sweep, cosera-real, nag, nag-trained, accounting, propagation, propagation-audit, asamp)");
    const std::string e = spec.at("experiment").get<std::string>();
    json defaults;
    try {
        defaults = defaultDepthSpec(e);
    } catch (const std::invalid_argument&) {
        throw InputError(source, 0, "field \"/experiment\": unknown experiment '" + e + "'");
    }
    for (auto it = spec.begin(); it != spec.end(); ++it)
        if (!defaults.contains(it.key())) throw InputError(source, 0, "unknown field \"" + jsonPath("", it.key()) + "\" for experiment " + e);
    checkDepthSpec(spec, defaults, source);
    SpecReader r{spec, defaults, source};
    try {
        if (e == "cosera-grid") return coseraGrid(r, progress);
        if (e == "sbm-sweep") return sbmSweep(r, progress);
        if (e == "cosera-real") return coseraReal(r, progress, data);
        if (e == "nag") return nag(r, progress, data);
        if (e == "nag-trained") return trainedNagExperiment(r, progress, data);
        if (e == "accounting") return accounting(r);
        if (e == "propagation") return propagationExperiment(r, progress, data);
        if (e == "propagation-audit") return propagationAuditExperiment(r, progress, data);
        return asamp(r, progress, data);
    } catch (const std::invalid_argument& ex) {
        throw InputError(source, 0, ex.what());
    }
}

json loadDepthSpec(const std::string& path) {
    json j = parseJsonInput(readRegularFile(path), path);
    if (!j.is_object() || !j.contains("experiment")) throw InputError(path, 0, "expected a JSON object with an \"experiment\" field");
    if (!j["experiment"].is_string())
        throw InputError(path, 0, "field \"/experiment\": expected a string (one of cosera-grid, sbm-sweep, cosera-real, nag, nag-trained, "
                                  "accounting, propagation, propagation-audit, asamp), found " + j["experiment"].dump());
    return j;
}

}  // namespace px::depthlab
