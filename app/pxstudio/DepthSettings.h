#pragma once
// Everything the depth lab computes from, as a plain struct, and the experiment spec (what
// `pxrun depth` would run) it describes for one experiment on the selected node data set.
#include <nlohmann/json.hpp>
#include <string>

struct DepthSettings {
    // COSERA heat maps
    std::string model = "er";        // "er" (p = ln n / n) or "sbm" (K = 3, p = 0.3, q = 0.05)
    int n = 100;                     // nodes per graph
    std::string weights = "identity";  // "identity" or "gaussian" (He initialisation)
    int trials = 5;
    // noisy aggregation
    int nagDepth = 2;
    double opNorm = 1.0;
    // trained NAG networks
    std::string nagScheme = "unconstrained";  // or "constrained" (spectral normalisation)
    int nagWidth = 32;                         // d of the trained networks
    // convergent vs linear privacy, and the ε, δ of AsampGCN
    double epsilon = 1.0;
    double delta = 1e-5;
    double contraction = 0.8;
    bool attack = true;
    bool caribouReference = false;  // also run CARIBOU's released code (no valid guarantee)
    std::string propagationModel = "linear";  // "linear" (PCA, logistic regression) or "gap" (GAP's trained models)
    // AsampGCN
    int subgraphs = 200;
    std::string asampFit = "least-squares";  // or "logistic": how the base GCN's taps are trained

    // Kept between runs of the app (DepthWorkspace): every field by its name. fromJson takes each field that is
    // present with the right type and keeps the default of the others (a file of an older or newer version).
    nlohmann::json toJson() const;
    static DepthSettings fromJson(const nlohmann::json& j);

    // nodeSpec: "builtin:NAME" or a LINQS folder; nodeClasses: its number of classes.
    nlohmann::json specFor(const std::string& experiment, const std::string& nodeSpec, int nodeClasses) const;
};
