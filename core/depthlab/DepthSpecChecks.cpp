// Checks of a depth-lab spec before anything runs (DepthSpecChecks.h), each error naming the field.
#include "depthlab/DepthSpecChecks.h"

#include "common/Error.h"
#include "common/JsonInput.h"

#include <cmath>
#include <map>
#include <sstream>

namespace px::depthlab {

namespace {

struct Range {
    bool integer;
    double lo, hi;
    const char* meaning;
};

// Field → what it may hold. Lists are checked element by element.
const std::map<std::string, Range>& ranges() {
    static const std::map<std::string, Range> r = {
        {"n", {true, 2, 100000, "nodes per graph"}},
        {"p", {false, 0, 1, "an edge probability"}},
        {"q", {false, 0, 1, "an edge probability"}},
        {"blocks", {true, 1, 1000, "SBM blocks"}},
        {"dims", {true, 1, 65536, "feature dimensions"}},
        {"d", {true, 1, 65536, "a feature dimension"}},
        {"max_depth", {true, 1, 100, "layers"}},
        {"depth", {true, 1, 100, "layers"}},
        {"trials", {true, 1, 1000, "repetitions"}},
        {"seed", {true, 0, 9.0e15, "a seed"}},
        {"features", {true, 0, 65536, "0 (all features) or a number of principal components"}},
        {"sigmas", {false, 0, 1e12, "a noise standard deviation"}},
        {"widths", {true, 1, 16384, "network widths d"}},
        {"epochs", {true, 0, 100000, "training epochs"}},
        {"lr", {false, 1e-9, 10, "a learning rate"}},
        {"threads", {true, 1, 256, "threads"}},
        {"parallel_trainings", {true, 1, 256, "trainings at once"}},
        {"max_minutes", {false, 0.01, 1e6, "minutes"}},
        {"op_norm", {false, 1e-12, 1e6, "an operator norm"}},
        {"epsilon", {false, 1e-9, 1e6, "a privacy budget ε"}},
        {"epsilons", {false, 1e-9, 1e6, "a privacy budget ε"}},
        {"delta", {false, 1e-300, 0.999999, "δ in (0, 1)"}},
        {"max_hops", {true, 1, 10000, "hops"}},
        {"hops", {true, 0, 10000, "hops"}},
        {"contractions", {false, 1e-9, 0.999999, "a contraction c in (0, 1)"}},
        {"contraction", {false, 1e-9, 0.999999, "a contraction c in (0, 1)"}},
        {"alpha1", {false, 0, 1, "a weight in [0, 1]"}},
        {"beta", {false, 0, 100, "a weight in [0, 100]"}},
        {"betas", {false, 0, 100, "a weight in [0, 100]"}},
        {"alpha1s", {false, 0, 1, "a weight in [0, 1]"}},
        {"samples", {true, 200, 1e7, "draws per graph"}},
        {"confidence", {false, 0.5, 0.999999, "a confidence level"}},
        {"min_degree", {true, 0, 1e9, "a degree (0: none)"}},
        {"reduced_dims", {true, 0, 65536, "a dimension"}},
        {"positive_class", {true, 0, 1e6, "a class index"}},
        {"subgraphs", {true, 1, 100000, "subsampled graphs"}},
        {"runs", {true, 1, 10000, "repetitions"}},
        {"sampling", {false, 1e-12, 1, "a sampling probability in (0, 1]"}},
    };
    return r;
}

std::string show(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

void checkValue(const nlohmann::json& v, const std::string& path, const Range& r, const std::string& source) {
    if (!v.is_number()) throw InputError(source, 0, "field \"" + jsonPointer(path) + "\": expected a number (" + r.meaning + "), found " + v.dump());
    const double x = v.get<double>();
    if (r.integer && !(v.is_number_integer() || (std::isfinite(x) && x == std::floor(x))))
        throw InputError(source, 0, "field \"" + jsonPointer(path) + "\": expected an integer (" + r.meaning + "), found " + v.dump());
    if (!(x >= r.lo && x <= r.hi))
        throw InputError(source, 0, "field \"" + jsonPointer(path) + "\": expected " + r.meaning + " in [" + show(r.lo) + ", " + show(r.hi) + "], found " + v.dump());
}

double number(const nlohmann::json& spec, const nlohmann::json& defaults, const char* key) {
    const auto& v = spec.contains(key) ? spec.at(key) : defaults.at(key);
    return v.get<double>();
}

}  // namespace

void checkDepthSpec(const nlohmann::json& spec, const nlohmann::json& defaults, const std::string& source, double maxMinutes) {
    const std::string e = spec.value("experiment", std::string());
    for (auto it = spec.begin(); it != spec.end(); ++it) {
        if (it.value().is_array() && it.value().size() > kMaxDepthListValues)  // every list field, numbers or names
            throw InputError(source, 0, "field \"" + jsonPath("", it.key()) + "\": expected at most " + std::to_string(kMaxDepthListValues) +
                                            " values, found " + std::to_string(it.value().size()) + " (a spec's lists are bounded: docs/hostile-input.md)");
        auto r = ranges().find(it.key());
        if (r == ranges().end()) continue;
        // Only COSERA on a real graph reads 0 features as "all of them"; elsewhere a node needs at least one.
        static const std::map<std::string, Range> atLeastOneFeature = {{"features", {true, 1, 65536, "a number of features per node"}}};
        if (it.key() == "features" && e != "cosera-real") r = atLeastOneFeature.find("features");
        const nlohmann::json& v = it.value();
        const bool list = defaults.contains(it.key()) && defaults.at(it.key()).is_array();
        if (list && !v.is_array())
            throw InputError(source, 0, "field \"" + jsonPath("", it.key()) + "\": expected a non-empty list of " + r->second.meaning + ", found " + v.dump());
        if (!list && v.is_array())
            throw InputError(source, 0, "field \"" + jsonPath("", it.key()) + "\": expected one value (" + r->second.meaning + "), found a list");
        if (v.is_array()) {
            // The propagation grids may be empty: [] means "the single value" (contraction, alpha1, beta).
            const bool mayBeEmpty = e == "propagation" && (it.key() == "contractions" || it.key() == "alpha1s" || it.key() == "betas");
            if (v.empty() && !mayBeEmpty) throw InputError(source, 0, "field \"" + jsonPath("", it.key()) + "\": expected a non-empty list");
            for (std::size_t i = 0; i < v.size(); ++i) checkValue(v[i], it.key() + "[" + std::to_string(i) + "]", r->second, source);
        } else {
            checkValue(v, it.key(), r->second, source);
        }
    }
    // The attack grids score every pair of nodes for every (d, L) cell and trial: n²/2 · Σd · L · trials
    // multiply-adds for the Gram matrices, at ~10⁹ per second and core (an estimate, on the safe side).
    if (e == "cosera-grid" || e == "sbm-sweep") {
        const double n = number(spec, defaults, "n"), trials = number(spec, defaults, "trials");
        double dimsDepth = 0;
        if (e == "cosera-grid") {
            const auto& dims = spec.contains("dims") ? spec.at("dims") : defaults.at("dims");
            for (const auto& d : dims) dimsDepth += d.get<double>() * number(spec, defaults, "max_depth");
        } else {
            const auto& blocks = spec.contains("blocks") ? spec.at("blocks") : defaults.at("blocks");
            const auto& p = spec.contains("p") ? spec.at("p") : defaults.at("p");
            dimsDepth = double(blocks.size() * p.size()) * number(spec, defaults, "d") * number(spec, defaults, "depth");
        }
        const double minutes = n * n / 2 * dimsDepth * trials / 1e9 / 60;
        if (minutes > maxMinutes)
            throw InputError(source, 0, "this grid needs about " + show(std::round(minutes)) + " minutes of work (n = " + show(n) +
                                            ", " + show(trials) + " trials), more than the limit of " + show(maxMinutes) +
                                            " minutes; use fewer nodes, trials or cells");
    }
}

}  // namespace px::depthlab
