// A sweep's summary (SweepSummary.h): runs aggregated per grid point, erf fits, comparison with the controls, files.
#include "experiment/SweepSummary.h"
#include "learn/LearnerRegistry.h"

#include "common/AtomicFile.h"
#include "privacy/Accounting.h"

#include <cmath>
#include <map>

namespace px::experiment {

namespace {

const std::vector<std::string> kKeyColumns = {"dataset", "task", "split", "protocol", "pattern_class", "d", "mechanism", "allocation",
                                              "sensitivity", "degree_bound", "beta", "reference_mode", "valid_guarantee",
                                              "secure", "budget_axis", "budget", "delta", "learner", "k", "dprr_split", "noisy_test",
                                              "append_n", "append_log_n", "feature_map", "standardize", "metric"};
const std::vector<std::string> kMeasureColumns = {"value", "value_fold_std", "accuracy_fold_std", "selected_epoch", "train_seconds", "train_gflops", "accuracy", "public_value", "shuffled_value", "public_accuracy", "shuffled_accuracy", "top1", "top10", "epsilon", "epsilon_bdrs", "noise_param_rho", "ceiling_top1",
                                                  "ceiling_top10", "chance_same_n_top1"};

// The better of the two laws (higher R²): thresholds and asymptotes are read from it alone.
const ErfFit& betterLaw(const FitSummary& fs) {
    return fs.floored.points > 0 && fs.floored.r2 > fs.fit.r2 ? fs.floored : fs.fit;
}

// FitSummary::noFit: the better of the two laws must explain more than the mean (R² > 0) and its asymptote
// must rise above the public control by more than 0.02 (the no-structural-signal margin), else nothing is
// read from it.
std::string unusableFit(const FitSummary& fs, const nlohmann::json& publicValue) {
    const ErfFit& best = betterLaw(fs);
    char why[160];
    if (!(best.r2 > 0)) {
        if (best.r2 > -0.0005) return "R² ≈ 0: the law explains no more than the mean of the points";  // a flat curve
        std::snprintf(why, sizeof why, "R² = %.3f < 0: the law explains less than the mean of the points", best.r2);
        return why;
    }
    if (publicValue.is_number() && !(best.aInf > publicValue.get<double>() + 0.02)) {
        std::snprintf(why, sizeof why, "asymptote %.3f is not above n alone (%.3f) by more than 0.02", best.aInf, publicValue.get<double>());
        return why;
    }
    return "";
}

}  // namespace

bool noStructuralSignal(const std::string& metric, double value, double publicValue, double shuffledValue, double spread) {
    const double margin = std::max(0.02, std::isfinite(spread) ? spread : 0.0);
    if (metric == "rmse") return value > std::min(publicValue, shuffledValue) - margin;  // lower is better
    return value < std::max(publicValue, shuffledValue) + margin;
}

// Twice the standard deviation of an aggregated row's value (its error bar), 0 with fewer than two runs.
double errorBarOf(const ResultTable& a, int row) {
    const auto& sd = a.at(row, "value_std");
    const auto& n = a.at(row, "value_count");
    if (!sd.is_number() || !n.is_number() || n.get<double>() < 2) return 0;
    return 2 * sd.get<double>();
}

ControlComparison compareWithControls(const ResultTable& a, double budget) {
    ControlComparison c;
    if (a.columnIndex("public_value_mean") < 0 || a.rows() == 0) return c;
    const std::string series = seriesLabel(a, 0);
    double best = INFINITY;
    for (int i = 0; i < a.rows(); ++i) {
        if (seriesLabel(a, i) != series || !a.at(i, "budget").is_number()) continue;
        const double b = a.at(i, "budget").get<double>();
        const double dist = std::isinf(budget) || std::isinf(b) ? (std::isinf(budget) && std::isinf(b) ? 0 : INFINITY)
                                                                : std::abs(std::log(b / budget));
        if (!(dist < best)) continue;
        best = dist;
        auto num = [&](const char* k) { return a.at(i, k).is_number() ? a.at(i, k).get<double>() : std::nan(""); };
        c.found = true;
        c.budget = b;
        c.metric = a.at(i, "metric").get<std::string>();
        c.value = num("value_mean");
        c.publicValue = num("public_value_mean");
        c.shuffledValue = num("shuffled_value_mean");
        c.errorBar = errorBarOf(a, i);
        if (a.columnIndex("top1_mean") >= 0) { c.top1 = num("top1_mean"); c.chanceTop1 = num("chance_same_n_top1_mean"); }
    }
    if (!c.found) return c;
    const bool lowerIsBetter = c.metric == "rmse";
    const double control = lowerIsBetter ? std::min(c.publicValue, c.shuffledValue) : std::max(c.publicValue, c.shuffledValue);
    c.gain = lowerIsBetter ? control - c.value : c.value - control;
    c.noSignal = noStructuralSignal(c.metric, c.value, c.publicValue, c.shuffledValue, c.errorBar);
    return c;
}

double epsilonForNoiseParameter(const privacy::MechanismParams& m, double rho, int d) {
    using namespace privacy;
    switch (m.mechanism) {
        case MechanismKind::Gaussian:
            return (m.secure || m.referenceMode) ? tightRdpEpsilon(rho, kInf, m.delta) : gaussianEpsilon(std::sqrt(2 * rho), m.delta);
        case MechanismKind::SmoothGaussian: {
            const double beta = (m.beta > 0 && !m.referenceMode) ? m.beta : rho / 5;
            return tightestEpsilon(smoothGaussianGuarantee(rho, beta, d), m.delta);
        }
        case MechanismKind::Laplace: return std::sqrt(2 * rho);
        case MechanismKind::RandomizedResponse:
        case MechanismKind::DegreePreservingRR: return std::nan("");
    }
    return std::nan("");
}

std::string seriesLabel(const ResultTable& a, int row) {
    auto text = [&](const char* k) {
        const auto& v = a.at(row, k);
        return v.is_string() ? v.get<std::string>() : v.dump();
    };
    const auto learner = a.columnIndex("learner") >= 0 && a.at(row, "learner").is_string()
                             ? learn::learnerFromKey(a.at(row, "learner").get<std::string>()) : std::nullopt;
    if (learner && learn::describeLearner(*learner).needsGraphs) {
        const bool published = a.columnIndex("dprr_split") >= 0 && a.at(row, "dprr_split") == "published";
        return "GIN, " + text("mechanism") + (published ? " (published split)" : "") + (a.at(row, "noisy_test") == false ? ", clean test" : "");
    }
    return text("pattern_class") + ", d=" + text("d") + ", " + text("mechanism") + " " + text("allocation") +
           (a.at(row, "reference_mode") == true ? ", REFERENCE MODE" : "") +
           (a.at(row, "noisy_test") == false ? ", clean test" : "");
}

void summarise(SweepResult& res) {
    std::vector<std::string> keys;
    for (const auto& k : kKeyColumns)
        if (res.runs.columnIndex(k) >= 0) keys.push_back(k);
    std::vector<std::string> measures;
    for (const auto& m : kMeasureColumns)
        if (res.runs.columnIndex(m) >= 0) measures.push_back(m);
    res.aggregated = res.runs.aggregate(keys, measures);
    if (res.aggregated.columnIndex("public_value_mean") >= 0)
        for (int i = 0; i < res.aggregated.rows(); ++i) {
            const auto& a = res.aggregated;
            if (!a.at(i, "value_mean").is_number() || !a.at(i, "public_value_mean").is_number() || !a.at(i, "shuffled_value_mean").is_number()) continue;
            res.aggregated.set(i, "no_structural_signal",
                               noStructuralSignal(a.at(i, "metric").get<std::string>(), a.at(i, "value_mean").get<double>(),
                                                  a.at(i, "public_value_mean").get<double>(), a.at(i, "shuffled_value_mean").get<double>(),
                                                  errorBarOf(a, i)));
        }
    res.fits.clear();
    // Fit groups: every key but the budget; AUC only.
    std::vector<std::string> groupKeys;
    for (const auto& k : keys)
        if (k != "budget") groupKeys.push_back(k);
    std::map<std::string, std::vector<int>> groups;
    std::vector<std::string> order;
    const ResultTable& a = res.aggregated;
    for (int i = 0; i < a.rows(); ++i) {
        if (a.at(i, "metric") != "auc") continue;
        std::string id;
        for (const auto& k : groupKeys) {
            if (k == "valid_guarantee") continue;
            const auto& v = a.at(i, k);
            id += (id.empty() ? "" : ", ") + k + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
        }
        if (!groups.count(id)) order.push_back(id);
        groups[id].push_back(i);
    }
    auto notes = nlohmann::json::array();
    for (const auto& id : order) {
        std::vector<double> rho, auc;
        double aInf = -1;
        for (int i : groups[id]) {
            const double b = a.at(i, "budget").get<double>();
            if (std::isinf(b)) { aInf = a.at(i, "value_mean").get<double>(); continue; }
            const auto& r = a.at(i, "noise_param_rho_mean");
            if (r.is_number() && std::isfinite(r.get<double>()) && r.get<double>() > 0) {
                rho.push_back(r.get<double>());
                auc.push_back(a.at(i, "value_mean").get<double>());
            }
        }
        if (rho.size() < 2 || (aInf < 0.5 && aInf >= 0)) continue;
        FitSummary fs;
        fs.group = seriesLabel(a, groups[id][0]);
        fs.fit = fitErf(rho, auc, aInf >= 0.5 ? aInf : -1.0);
        if (rho.size() >= 3) fs.floored = fitErf(rho, auc, aInf >= 0.5 ? aInf : -1.0, true);
        const int first = groups[id][0];
        privacy::MechanismParams m;
        m.mechanism = privacy::mechanismFromString(a.at(first, "mechanism").get<std::string>());
        m.delta = a.at(first, "delta").get<double>();
        m.beta = a.at(first, "beta").is_number() ? a.at(first, "beta").get<double>() : 0.0;
        m.referenceMode = a.at(first, "reference_mode").get<bool>();
        const int d = a.at(first, "d").get<int>();
        fs.noFit = unusableFit(fs, a.at(first, "public_value_mean"));
        const ErfFit& law = betterLaw(fs);
        for (double target : {0.6, 0.65, 0.7, 0.75}) {
            if (!fs.noFit.empty()) break;
            // unreachable, or reached without the densities (at or below the floor: the public information)
            if (target >= law.aInf || target <= law.floor) continue;
            fs.targetAuc.push_back(target);
            const double r = law.rhoFor(target);
            fs.epsilonForTarget.push_back(std::isinf(r) ? r : epsilonForNoiseParameter(m, r, d));
        }
        res.fits.push_back(fs);
        nlohmann::json f = {{"group", fs.group}, {"kappa", fs.fit.kappa}, {"a_inf", fs.fit.aInf},
                            {"a_inf_fitted", fs.fit.aInfFitted}, {"rmse", fs.fit.rmse}, {"r2", fs.fit.r2},
                            {"points", fs.fit.points}, {"converged", fs.fit.converged}};
        if (fs.floored.points > 0)
            f["with_floor"] = {{"floor", fs.floored.floor}, {"kappa", fs.floored.kappa}, {"a_inf", fs.floored.aInf},
                               {"rmse", fs.floored.rmse}, {"r2", fs.floored.r2}, {"converged", fs.floored.converged}};
        auto inv = nlohmann::json::array();
        for (std::size_t t = 0; t < fs.targetAuc.size(); ++t)
            inv.push_back({{"auc", fs.targetAuc[t]}, {"epsilon", std::isinf(fs.epsilonForTarget[t]) ? nlohmann::json("inf") : nlohmann::json(fs.epsilonForTarget[t])}});
        f["epsilon_for_auc"] = inv;
        if (!fs.noFit.empty()) f["no_fit"] = fs.noFit;
        // The floor A₀ beside the two controls: equal floors say the noise leaves only the public information.
        for (const char* c : {"public_value_mean", "shuffled_value_mean"})
            if (a.at(first, c).is_number()) f[std::string(c).substr(0, std::string(c).size() - 5)] = a.at(first, c);
        notes.push_back(f);
    }
    res.metadata["erf_fits"] = notes;
    bool reference = false, cleanTest = false;
    for (int i = 0; i < res.runs.rows(); ++i) {
        reference |= res.runs.at(i, "reference_mode") == true;
        cleanTest |= res.runs.at(i, "noisy_test") == false;
    }
    auto warnings = nlohmann::json::array();
    if (reference) warnings.push_back("Some runs use reference-code reproduction mode: they carry NO valid privacy guarantee.");
    if (cleanTest) warnings.push_back("Some runs evaluate on clean test features (the reference code's choice): in a real release every embedding is noisy.");
    res.metadata["warnings"] = warnings;
}

void saveSweep(const SweepResult& result, const std::string& prefix) {
    result.runs.saveCsv(prefix + ".csv");
    result.aggregated.saveCsv(prefix + "-summary.csv");
    writeFileAtomically(prefix + ".json", [&](std::ostream& out) { out << result.metadata.dump(1) << "\n"; });
}

SweepResult partialResult(const SweepSpec& spec, const Dataset& data, const ResultTable& runs) {
    SweepResult partial;
    partial.runs = runs;
    partial.metadata["spec"] = spec.toJson();
    partial.metadata["dataset"] = {{"name", data.name}, {"source", data.source}, {"graphs", data.size()}};
    partial.metadata["partial"] = true;
    summarise(partial);
    return partial;
}

nlohmann::json sweepMetadata(const SweepSpec& spec, const Dataset& data, const std::string& datasetHash, const std::string& splitName,
                             const SweepOptions& options, std::pair<int, int> runRange, std::size_t totalRuns) {
    nlohmann::json m;
    m["format"] = "pxstudio-sweep-result";
    m["version"] = PX_VERSION;
    m["spec"] = spec.toJson();
    m["dataset"] = {{"name", data.name}, {"source", data.source}, {"content_hash", datasetHash}, {"graphs", data.size()}};
    m["split"] = splitName;
    m["protocol"] = spec.protocol;
    m["shard"] = {{"index", options.shard}, {"count", options.shards}, {"runs", {runRange.first, runRange.second}}, {"total_runs", totalRuns}};
    return m;
}

}  // namespace px::experiment
