// The depth lab's private-propagation experiments over schemes, ε and hops (PropagationExperiment.h).
#include "depthlab/PropagationExperiment.h"

#include "depthlab/GapProbe.h"
#include "depthlab/PairAttack.h"
#include "depthlab/PrivatePropagation.h"
#include "depthlab/PropagationAudit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>

namespace px::depthlab {

using experiment::ResultTable;
using nlohmann::json;

json propagationDefaults() {
    return {{"experiment", "propagation"}, {"data", "builtin:chain-8"}, {"schemes", {"gap", "caribou", "none"}},
            {"epsilons", {0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0}}, {"hops", {1, 2, 4, 6, 8, 10, 12, 16, 20}},
            {"delta", 1e-5}, {"contraction", 0.8}, {"alpha1", 0.8}, {"beta", 0.2},
            // Optional CARIBOU grids; [] uses the single value above.
            {"contractions", json::array()}, {"alpha1s", json::array()}, {"betas", json::array()},
            {"min_degree", 0}, {"reduced_dims", 64}, {"model", "linear"}, {"trials", 3}, {"attack", false}, {"rows", "summary"},
            {"seed", 1}};
}

json propagationAuditDefaults() {
    return {{"experiment", "propagation-audit"}, {"data", "builtin:chain-1"}, {"schemes", {"caribou", "caribou-reference"}},
            {"epsilon", 1.0}, {"delta", 1e-5}, {"hops", {2, 15}}, {"contraction", 0.9}, {"alpha1", 1.0},
            {"betas", {0.1, 1.0, 10.0}}, {"min_degree", 0}, {"reduced_dims", 64}, {"samples", 20000},
            {"confidence", 0.95}, {"seed", 1}};
}

double expectedBestOf(std::vector<double> runs, int k) {
    if (runs.empty() || k < 1) return std::nan("");
    std::sort(runs.begin(), runs.end());
    const int n = int(runs.size());
    if (k >= n) return runs.back();
    // P(max = x_(i)) = C(i−1, k−1) / C(n, k), i = k..n, computed as a running ratio (no overflow).
    double w = 1.0;  // C(k−1, k−1) / C(n, k), built up below
    for (int j = 0; j < k; ++j) w *= double(k - j) / double(n - j);
    double e = 0;
    for (int i = k; i <= n; ++i) {
        e += w * runs[std::size_t(i - 1)];
        w *= double(i) / double(i - k + 1);  // C(i, k−1) / C(i−1, k−1)
    }
    return e;
}

std::uint64_t settingSeed(std::uint64_t seed, const std::vector<double>& settings) {
    std::uint64_t h = seed ^ 0x9e3779b97f4a7c15ULL;
    for (double x : settings) {
        std::uint64_t bits;
        std::memcpy(&bits, &x, sizeof bits);
        h ^= bits + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h ^= h >> 31;
        h *= 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 29;
    }
    return h;
}

namespace {

std::vector<double> gridOr(const SpecReader& s, const std::string& list, const std::string& single) {
    auto v = s.get<std::vector<double>>(list);
    return v.empty() ? std::vector<double>{s.get<double>(single)} : v;
}

// The fields both propagation experiments share.
PropagationParams commonParams(const SpecReader& s, const NodeDataset& data) {
    PropagationParams p;
    p.delta = s.get<double>("delta");
    p.minDegreePromise = s.get<int>("min_degree");
    p.reducedDims = s.get<int>("reduced_dims");
    s.check(p.minDegreePromise >= 0, "min_degree", "expected >= 0");
    // A promise the data breaks voids the guarantee (CARIBOU's Δ_E assumes every node has that many neighbours).
    const Graph& g = data.graph;
    int lowest = g.numVertices() > 0 ? g.degree(0) : 0;
    for (int v = 1; v < g.numVertices(); ++v) lowest = std::min(lowest, g.degree(v));
    s.check(p.minDegreePromise <= g.maxDegree(), "min_degree",
            std::to_string(p.minDegreePromise) + " is above every degree of " + data.name + " (largest " + std::to_string(g.maxDegree()) +
                "): no node keeps the promise, so the guarantee would be void");
    s.check(p.minDegreePromise <= lowest, "min_degree",
            std::to_string(p.minDegreePromise) + " is broken by " + data.name + ", whose minimum degree is " + std::to_string(lowest) +
                ": the guarantee would be void for this graph (0 holds for every graph)");
    return p;
}

json epsilonValue(double e) { return std::isinf(e) ? json("inf") : json(e); }

struct Run {
    PropagationScheme scheme;
    double epsilon, contraction, alpha1, beta;
    int hops, trial;
    double valid = 0, test = 0, auroc = NAN, err = NAN;
    PropagationResult result;  // released matrices dropped after use
};

// Every (scheme, ε, hops, CARIBOU setting, trial); the non-private scheme runs at ε = ∞ only, and only the
// CARIBOU schemes vary contraction, α₁ and β.
std::vector<Run> propagationGrid(const std::vector<PropagationScheme>& schemes, const std::vector<double>& eps, const std::vector<int>& hops,
                                 const std::array<std::vector<double>, 3>& caribou, int trials) {
    const auto& [cs, as, bs] = caribou;
    std::vector<Run> runs;
    for (auto sc : schemes) {
        const bool caribouLike = sc == PropagationScheme::Caribou || sc == PropagationScheme::CaribouReference;
        const std::vector<double> epsList = sc == PropagationScheme::NonPrivate ? std::vector<double>{INFINITY} : eps;
        const std::vector<double> one{NAN};
        for (double e : epsList)
            for (int k : hops)
                for (double c : caribouLike ? cs : one)
                    for (double a : caribouLike ? as : one)
                        for (double b : caribouLike ? bs : one)
                            for (int tr = 0; tr < trials; ++tr) runs.push_back({sc, e, c, a, b, k, tr, 0, 0, NAN, NAN, {}});
    }
    return runs;
}

// What every row carries beside its runs: the majority class, the features alone, the model, the guarantee.
struct Controls {
    double majority, featuresOnly;
    bool gap;
};

void appendSettings(ResultTable::Row& row, const Run& r) {
    row.push_back({"contraction", std::isnan(r.contraction) ? json(nullptr) : json(r.contraction)});
    row.push_back({"alpha1", std::isnan(r.alpha1) ? json(nullptr) : json(r.alpha1)});
    row.push_back({"beta", std::isnan(r.beta) ? json(nullptr) : json(r.beta)});
}

void appendControls(ResultTable::Row& row, const Run& r, const Controls& c) {
    row.push_back({"majority_accuracy", c.majority});
    row.push_back({"features_only_accuracy", c.featuresOnly});
    row.push_back({"model", c.gap ? "gap (trained encoder and MLP heads)" : "linear (PCA, logistic regression)"});
    row.push_back({"guarantee", *guaranteeLabel(r.scheme) ? guaranteeLabel(r.scheme) : "valid"});
}

// rows "runs": one row per run.
ResultTable runTable(const std::vector<Run>& runs, bool attack, const Controls& controls) {
    ResultTable t;
    for (const Run& r : runs) {
        ResultTable::Row row{{"scheme", toString(r.scheme)}, {"epsilon", epsilonValue(r.epsilon)}, {"hops", r.hops}};
        appendSettings(row, r);
        row.insert(row.end(), {{"trial", r.trial}, {"valid_accuracy", r.valid}, {"test_accuracy", r.test},
                               {"multiplier", r.result.multiplier}, {"sigma", r.result.sigma}, {"delta", r.result.delta}});
        if (attack) row.insert(row.end(), {{"attack_auroc", r.auroc}, {"attack_err", r.err}});
        appendControls(row, r, controls);
        t.add(row);
    }
    return t;
}

ResultTable groupedTable(const std::vector<Run>& runs, const std::string& rows, bool attack, const Controls& controls);

}  // namespace

ResultTable propagationExperiment(const SpecReader& s, Progress& progress, const NodeDataset* given) {
    NodeDataset loaded;
    const NodeDataset* data = nodeData(s, given, loaded);
    const PropagationParams base = commonParams(s, *data);
    const auto seed = s.get<std::uint64_t>("seed");
    const int trials = s.get<int>("trials");
    const bool attack = s.get<bool>("attack");
    const std::string rows = s.get<std::string>("rows");
    s.check(rows == "summary" || rows == "runs" || rows == "selection", "rows", "expected \"summary\", \"runs\" or \"selection\"");
    std::vector<PropagationScheme> schemes;
    for (const auto& n : s.get<std::vector<std::string>>("schemes")) schemes.push_back(propagationSchemeFromString(n));
    const auto eps = s.get<std::vector<double>>("epsilons");
    const auto hops = s.get<std::vector<int>>("hops");
    const auto cs = gridOr(s, "contractions", "contraction"), as = gridOr(s, "alpha1s", "alpha1"), bs = gridOr(s, "betas", "beta");
    for (double e : eps) s.check(e > 0, "epsilons", "expected values > 0");
    for (int h : hops) s.check(h >= 1 && h <= 200, "hops", "expected 1..200");
    for (double c : cs) s.check(c > 0 && c < 1, "contractions", "expected values in (0, 1)");
    for (double a : as) s.check(a >= 0 && a <= 1, "alpha1s", "expected values in [0, 1]");
    for (double b : bs) s.check(b >= 0, "betas", "expected values >= 0");
    s.check(trials >= 1, "trials", "expected >= 1");

    std::vector<Run> runs = propagationGrid(schemes, eps, hops, {cs, as, bs}, trials);
    const std::string model = s.get<std::string>("model");
    s.check(model == "linear" || model == "gap", "model",
            "expected \"linear\" (PCA features, logistic regression) or \"gap\" (GAP's trained encoder and MLP heads)");
    const bool gap = model == "gap";
    // X₀: PCA features with unit rows, or GAP's pre-trained encoder (its rows are unit already; the reference
    // mode's βX₀ then uses them too)
    const Matrix raw = gap ? gapEncoderFeatures(*data, seed, progress) : reduceFeatures(data->features, base.reducedDims, seed);
    const Matrix x0 = gap ? raw : unitRows(raw);
    const double featuresOnly = gap ? gapFeaturesAccuracy(*data, x0, seed).second : linearAccuracy(*data, x0).second;
    const double majority = data->majorityClassAccuracy();
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (progress.cancelled()) throw Cancelled();
        Run& run = runs[i];
        PropagationParams p = base;
        p.scheme = run.scheme;
        p.hops = run.hops;
        p.epsilon = std::isinf(run.epsilon) ? 1.0 : run.epsilon;
        if (!std::isnan(run.contraction)) { p.contraction = run.contraction; p.alpha1 = run.alpha1; p.beta = run.beta; }
        p.seed = settingSeed(seed, {double(int(run.scheme)), run.epsilon, double(run.hops), run.contraction, run.alpha1,
                                    run.beta, double(run.trial)});
        run.result = propagatePrivately(*data, p, progress, &x0, &raw);
        std::tie(run.valid, run.test) = gap ? gapAccuracy(*data, run.result, p.seed) : linearAccuracy(*data, classifierFeatures(run.result));
        if (attack) {
            const AttackMetrics m = coseraAttack(run.result.released, data->graph);
            run.auroc = m.auroc;
            run.err = m.err;
        }
        run.result.released.resize(0, 0);
        run.result.base.resize(0, 0);
        progress.report(double(i + 1) / double(runs.size()));
    }
    const Controls controls{majority, featuresOnly, gap};
    if (rows == "runs") return runTable(runs, attack, controls);
    return groupedTable(runs, rows, attack, controls);
}

namespace {

// rows "summary": one row per setting (mean over trials); "selection": per scheme and ε, with the expected
// best of k runs (k = the fewest runs any private scheme has at that ε). Groups in first-appearance order.
ResultTable groupedTable(const std::vector<Run>& runs, const std::string& rows, bool attack, const Controls& controls) {
    ResultTable t;
    std::vector<std::vector<const Run*>> groups;
    std::map<std::vector<double>, std::size_t> index;
    for (const Run& r : runs) {
        std::vector<double> key{double(int(r.scheme)), r.epsilon};
        if (rows == "summary") key.insert(key.end(), {double(r.hops), r.contraction, r.alpha1, r.beta});
        for (double& x : key) if (std::isnan(x)) x = -1;
        auto [it, fresh] = index.emplace(key, groups.size());
        if (fresh) groups.emplace_back();
        groups[it->second].push_back(&r);
    }
    auto column = [](const std::vector<const Run*>& g, double Run::*field) {
        std::vector<double> v;
        for (const Run* r : g) v.push_back(r->*field);
        return v;
    };
    // Selection: k = the smallest number of runs any private scheme has at that ε.
    std::map<double, int> fewest;
    if (rows == "selection")
        for (const auto& g : groups)
            if (g.front()->scheme != PropagationScheme::NonPrivate) {
                auto [it, fresh] = fewest.emplace(g.front()->epsilon, int(g.size()));
                if (!fresh) it->second = std::min(it->second, int(g.size()));
            }
    for (const auto& g : groups) {
        const Run& f = *g.front();
        const std::vector<double> test = column(g, &Run::test);
        ResultTable::Row row{{"scheme", toString(f.scheme)}, {"epsilon", epsilonValue(f.epsilon)}};
        if (rows == "summary") {
            row.push_back({"hops", f.hops});
            appendSettings(row, f);
            row.insert(row.end(), {{"multiplier", f.result.multiplier}, {"sensitivity", f.result.sensitivity},
                                   {"sigma", f.result.sigma}, {"delta", f.result.delta},
                                   {"valid_accuracy_mean", mean(column(g, &Run::valid))}});
        }
        row.insert(row.end(), {{"runs", int(g.size())}, {"test_accuracy_mean", mean(test)}, {"test_accuracy_sd", sd(test)},
                               {"test_accuracy_worst", *std::min_element(test.begin(), test.end())},
                               {"test_accuracy_best", *std::max_element(test.begin(), test.end())}});
        if (rows == "selection") {
            const auto k = fewest.find(f.epsilon);
            const int kk = k == fewest.end() ? int(g.size()) : k->second;
            row.insert(row.end(), {{"best_of_k", kk}, {"test_accuracy_expected_best_of_k", expectedBestOf(test, kk)}});
        }
        if (attack) {
            row.push_back({"attack_auroc_mean", mean(column(g, &Run::auroc))});
            row.push_back({"attack_err_mean", mean(column(g, &Run::err))});
        }
        appendControls(row, f, controls);
        t.add(row);
    }
    return t;
}

}  // namespace

ResultTable propagationAuditExperiment(const SpecReader& s, Progress& progress, const NodeDataset* given) {
    NodeDataset loaded;
    const NodeDataset* data = nodeData(s, given, loaded);
    PropagationParams base = commonParams(s, *data);
    base.epsilon = s.get<double>("epsilon");
    base.contraction = s.get<double>("contraction");
    base.alpha1 = s.get<double>("alpha1");
    PropagationAuditParams a;
    a.samples = s.get<int>("samples");
    a.confidence = s.get<double>("confidence");
    a.seed = s.get<std::uint64_t>("seed");
    s.check(a.samples >= 200 && a.samples <= 10000000, "samples", "expected 200..10000000 draws per graph");
    s.check(a.confidence > 0.5 && a.confidence < 1, "confidence", "expected a probability in (0.5, 1)");
    std::vector<PropagationScheme> schemes;
    for (const auto& n : s.get<std::vector<std::string>>("schemes")) {
        schemes.push_back(propagationSchemeFromString(n));
        s.check(schemes.back() != PropagationScheme::NonPrivate, "schemes", "\"none\" has nothing to audit");
    }
    const auto hops = s.get<std::vector<int>>("hops");
    const auto betas = s.get<std::vector<double>>("betas");
    const auto edge = defaultAuditEdge(*data);
    ResultTable t;
    const int total = int(schemes.size() * hops.size() * betas.size());
    int done = 0;
    for (auto sc : schemes)
        for (int k : hops)
            for (double b : betas) {
                PropagationParams p = base;
                p.scheme = sc;
                p.hops = k;
                p.beta = b;
                const privacy::AuditResult r = auditPropagation(*data, p, a, progress);
                t.add({{"scheme", toString(sc)}, {"hops", k}, {"beta", b}, {"edge", std::to_string(edge.first) + "-" + std::to_string(edge.second)},
                       {"claimed_epsilon", r.claimedEpsilon}, {"delta", r.delta}, {"epsilon_lower_bound", r.epsilonLowerBound},
                       {"fpr", r.fpr}, {"fnr", r.fnr}, {"contradicts_claim", r.contradictsClaim()}, {"samples", r.samples},
                       {"guarantee", *guaranteeLabel(sc) ? guaranteeLabel(sc) : "valid"}});
                progress.report(double(++done) / total);
            }
    return t;
}

}  // namespace px::depthlab
