// A release's privacy report as JSON and as a one-line summary (PrivacyReport.h).
#include "privacy/PrivacyReport.h"

#include <cmath>
#include <cstdio>

namespace px::privacy {

namespace {
nlohmann::json number(double x) {
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    if (std::isnan(x)) return nullptr;
    return x;
}
// The δ the guarantee states: 0 for pure DP, whatever δ the settings carry for another mechanism.
double statedDelta(const PrivacyReport& r) { return r.pureEpsilon >= 0 ? 0.0 : r.delta; }
}  // namespace

nlohmann::json PrivacyReport::toJson() const {
    nlohmann::json j;
    j["mechanism"] = mechanism;
    j["allocation"] = allocation;
    j["assumption"] = assumption;
    j["dataset"] = dataset;
    j["reference_mode"] = referenceMode;
    j["valid_guarantee"] = validGuarantee;
    if (!validGuarantee) j["WARNING"] = "reference-code reproduction: NO valid privacy guarantee";
    j["secure_sampler"] = secure;
    j["rho"] = number(rho);
    j["omega"] = number(omega);
    j["beta"] = number(beta);
    j["rho_prime"] = number(rhoPrime);
    j["pure_epsilon"] = number(pureEpsilon);
    j["delta"] = number(statedDelta(*this));
    j["target_epsilon"] = number(targetEpsilon);
    j["epsilon"] = number(epsilon());
    auto conv = nlohmann::json::array();
    for (std::size_t i = 0; i < conversions.size(); ++i)
        conv.push_back({{"name", conversions[i].name}, {"epsilon", number(conversions[i].epsilon)},
                        {"tightest", int(i) == tightest}});
    j["conversions"] = conv;
    j["patterns"] = patterns;
    j["graphs"] = graphs;
    j["sensitivity_median_per_pattern"] = sensitivityMedian;
    j["noise_scale_median_per_pattern"] = noiseMedian;
    j["budget_share_per_pattern"] = budgetShare;
    j["signal_mean_per_pattern_diagnostic_not_private"] = signalMean;
    j["noise_scale_rms_per_graph"] = noisePerGraph;
    j["secure_noise_inflation"] = secureInflation;
    j["warnings"] = warnings;
    return j;
}

std::string PrivacyReport::summary() const {
    char buf[512];
    const Conversion& c = conversions.empty() ? Conversion{"none", kInf} : conversions[tightest];
    std::snprintf(buf, sizeof buf, "%s%s, %s allocation: (ε = %.4g, δ = %.3g)-DP by the %s conversion",
                  validGuarantee ? "" : "[NO VALID GUARANTEE — reference mode] ", mechanism.c_str(), allocation.c_str(),
                  c.epsilon, statedDelta(*this), c.name.c_str());
    std::string s = buf;
    if (pureEpsilon < 0) {
        std::snprintf(buf, sizeof buf, "; ρ = %.4g%s", rho, std::isinf(omega) ? " (zCDP)" : "");
        s += buf;
        if (!std::isinf(omega)) {
            std::snprintf(buf, sizeof buf, ", ω = %.4g (tCDP)", omega);
            s += buf;
        }
    }
    return s + ". Assumption: " + assumption + ".";
}

}  // namespace px::privacy
