#include "DepthSettings.h"

#include "depthlab/DepthLab.h"

#include <algorithm>
#include <type_traits>
#include <thread>

namespace {
// The fields by name, for both directions: visit(name, field) for each.
template <typename Settings, typename Visit>
void eachField(Settings& s, Visit&& visit) {
    visit("model", s.model);
    visit("n", s.n);
    visit("weights", s.weights);
    visit("trials", s.trials);
    visit("nag_depth", s.nagDepth);
    visit("op_norm", s.opNorm);
    visit("nag_scheme", s.nagScheme);
    visit("nag_width", s.nagWidth);
    visit("epsilon", s.epsilon);
    visit("delta", s.delta);
    visit("contraction", s.contraction);
    visit("attack", s.attack);
    visit("caribou_reference", s.caribouReference);
    visit("propagation_model", s.propagationModel);
    visit("subgraphs", s.subgraphs);
    visit("asamp_fit", s.asampFit);
}

template <typename T>
bool holds(const nlohmann::json& v) {
    if constexpr (std::is_same_v<T, bool>) return v.is_boolean();
    else if constexpr (std::is_same_v<T, int>) return v.is_number_integer();
    else if constexpr (std::is_same_v<T, double>) return v.is_number();
    else return v.is_string();
}
}  // namespace

nlohmann::json DepthSettings::toJson() const {
    nlohmann::json j = nlohmann::json::object();
    eachField(*this, [&](const char* name, const auto& field) { j[name] = field; });
    return j;
}

DepthSettings DepthSettings::fromJson(const nlohmann::json& j) {
    DepthSettings s;
    if (!j.is_object()) return s;
    eachField(s, [&](const char* name, auto& field) {
        using T = std::decay_t<decltype(field)>;
        if (auto it = j.find(name); it != j.end() && holds<T>(*it)) field = it->get<T>();
    });
    return s;
}

nlohmann::json DepthSettings::specFor(const std::string& e, const std::string& nodeSpec, int nodeClasses) const {
    nlohmann::json s = px::depthlab::defaultDepthSpec(e);
    const bool builtinNodes = nodeSpec.rfind("builtin:", 0) == 0;
    if (e == "cosera-grid") {
        s["model"] = model;
        s["n"] = n;
        if (model == "sbm") s["p"] = 0.3;
        s["weights"] = weights;
        s["trials"] = trials;
    } else if (e == "sbm-sweep") {
        s["n"] = std::min(n, 500);
        s["weights"] = weights;
        s["trials"] = std::min(trials, 3);
    } else if (e == "cosera-real") {
        s["data"] = nodeSpec;
        s["features"] = builtinNodes ? 0 : 256;  // Cora/Citeseer: 256 principal components keep it to seconds
        s["trials"] = builtinNodes ? std::min(trials, 3) : 1;
    } else if (e == "nag") {
        s["data"] = builtinNodes ? "" : nodeSpec;
        s["n"] = std::min(n, 500);
        if (!builtinNodes) s["trials"] = 1;  // real data: one graph, the noise is the only randomness
        s["depth"] = nagDepth;
        s["op_norm"] = opNorm;
    } else if (e == "nag-trained") {
        s["data"] = nodeSpec;
        s["scheme"] = nagScheme;
        s["widths"] = {nagWidth};
        s["depth"] = nagDepth;
        // [Wu et al. 2024, §7.2]: aggressive noise without control of W, conservative noise with spectral normalisation
        s["sigmas"] = nagScheme == "constrained" ? std::vector<double>{0.0, 0.1, 1.0} : std::vector<double>{0.0, 1.0, 4.0};
        // every core trains its own networks; the table is the same as one after the other
        s["parallel_trainings"] = std::clamp(int(std::thread::hardware_concurrency()), 1, 8);
        if (!builtinNodes) {  // Cora/Citeseer: 150 epochs and one trial keep d = 32 under half a minute
            s["epochs"] = 150;
            s["trials"] = 1;
        }
    } else if (e == "accounting") {
        s["epsilon"] = epsilon;
        s["delta"] = delta;
        s["contractions"] = {0.6, 0.9, contraction};
    } else if (e == "propagation") {
        s["data"] = nodeSpec;
        s["delta"] = delta;
        s["contraction"] = contraction;
        s["attack"] = attack;
        s["model"] = propagationModel;
        if (caribouReference) s["schemes"] = {"gap", "caribou", "caribou-reference", "none"};
        std::vector<double> eps = s["epsilons"].get<std::vector<double>>();
        if (!builtinNodes) {  // Cora/Citeseer: a coarser grid keeps a run to a minute or two
            eps = {0.5, 1.0, 2.0, 4.0, 8.0};
            s["hops"] = {1, 2, 4, 8, 12, 20};
        }
        if (std::find(eps.begin(), eps.end(), epsilon) == eps.end()) eps.push_back(epsilon);
        std::sort(eps.begin(), eps.end());
        s["epsilons"] = eps;
        s["trials"] = builtinNodes ? 2 : 1;
    } else if (e == "asamp") {
        // chains carry no per-node signal for a one-feature GCN: the built-in SBM task stands in
        s["data"] = nodeSpec.rfind("builtin:chain", 0) == 0 ? std::string("builtin:sbm-nodes") : nodeSpec;
        s["epsilon"] = epsilon;
        s["delta"] = delta;
        s["subgraphs"] = subgraphs;
        s["base"] = asampFit;
        s["positive_class"] = nodeClasses > 1 ? 1 : 0;
    }
    return s;
}
