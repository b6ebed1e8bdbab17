// The NoiseModel: calibration of each mechanism and reproducible noisy releases (Mechanism.h).
#include "privacy/Mechanism.h"

#include "common/Error.h"
#include "privacy/Samplers.h"

#include <algorithm>
#include <cmath>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace px::privacy {

GraphFacts GraphFacts::of(const Dataset& ds) {
    GraphFacts f;
    for (const auto& g : ds.graphs) {
        f.n.push_back(g.numVertices());
        f.maxDegree.push_back(g.maxDegree());
    }
    return f;
}

Guarantee gaussianGuarantee(double rho, bool exactGdp) {
    Guarantee g;
    g.rho = rho;
    if (exactGdp) g.gaussianMu = std::sqrt(2 * rho);
    return g;
}

double gaussianRho(const MechanismParams& p) {
    if (p.axis == BudgetAxis::Rho) return p.rho;
    if (!p.secure && !p.referenceMode) {
        const double mu = gaussianMuFor(p.epsilon, p.delta);  // the exact curve is the tightest
        return mu * mu / 2;
    }
    return calibrate([](double r) { return gaussianGuarantee(r, false); }, p.epsilon, p.delta, 1e-14, 1e6);
}

Guarantee smoothGaussianGuarantee(double rhoPrime, double beta, int d) {
    Guarantee g;
    g.rho = 2 * rhoPrime + 4.0 * d * beta * beta;
    g.omega = 1 / (4 * beta);
    return g;
}

Guarantee pureGuarantee(double epsilon) {
    Guarantee g;
    g.pureEpsilon = epsilon;
    return g;
}

namespace {
// Secure mode grid: the nominal σ_j spans this many grid steps.
constexpr double kGridSteps = 1024.0;
constexpr std::uint64_t kVarDen = 1u << 16;

// Median of values given with multiplicities (value, count): the lower median of the expanded list.
double weightedMedian(std::vector<std::pair<double, long>> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    long total = 0;
    for (auto& p : v) total += p.second;
    long seen = 0;
    for (auto& p : v) {
        seen += p.second;
        if (2 * seen > total) return p.first;
    }
    return v.back().first;
}
}  // namespace

NoiseModel::NoiseModel(const DensityMatrix& clean, const std::vector<Pattern>& patterns, const GraphFacts& facts,
                       const MechanismParams& params, const std::string& datasetName)
    : NoiseModel(std::make_shared<const DensityMatrix>(clean), patterns, facts, params, datasetName) {}

NoiseModel::NoiseModel(std::shared_ptr<const DensityMatrix> cleanPtr, const std::vector<Pattern>& patterns,
                       const GraphFacts& facts, const MechanismParams& params, const std::string& datasetName)
    : cleanShared_(std::move(cleanPtr)), clean_(cleanShared_->t), n_(cleanShared_->n), facts_(facts), params_(params) {
    const DensityMatrix& clean = *cleanShared_;
    const int N = clean.rows(), d = clean.cols();
    if (int(patterns.size()) != d) throw std::invalid_argument("pattern count differs from density columns");
    if (int(facts.n.size()) != N) throw std::invalid_argument("graph facts differ from density rows");
    for (const auto& p : patterns) shapes_.push_back(PatternShape::of(p));
    const MechanismParams& p = params_;
    if (perturbsGraph(p.mechanism))
        throw std::invalid_argument("randomized response works on graphs: use RandomizedResponseModel");
    if (!(p.delta > 0 && p.delta < 1)) throw std::invalid_argument("δ must lie in (0, 1)");
    if (p.secure && p.mechanism == MechanismKind::SmoothGaussian)
        throw std::invalid_argument("secure mode is available for the Gaussian and Laplace mechanisms (discrete Gaussian, "
                                    "discrete Laplace) and for randomized response (exact flips); not for the smooth "
                                    "mechanism, whose proof dilates continuous Gaussian noise and has no proven discrete counterpart");
    if (p.secure && p.referenceMode) throw std::invalid_argument("secure mode cannot be combined with reference mode");
    if (p.allocation != Allocation::Isotropic && p.mechanism != MechanismKind::Gaussian)
        throw std::invalid_argument("per-pattern allocation is available for the Gaussian mechanism only");
    if (p.allocation == Allocation::Weights) {
        if (int(p.weights.size()) != d) throw std::invalid_argument("allocation weights need one value per pattern");
        for (double w : p.weights)
            if (!(w > 0) || !std::isfinite(w)) throw std::invalid_argument("allocation weights must be positive");
    }
    // The public degree bound is an assumption about every graph: refuse any graph that breaks it.
    const bool usesD = p.mechanism != MechanismKind::SmoothGaussian && p.sensitivity == SensitivitySource::PublicDegreeBound;
    int aboveBound = 0;
    if (usesD || (p.referenceMode && p.mechanism == MechanismKind::SmoothGaussian)) {
        if (p.degreeBound < 1) throw std::invalid_argument("degree bound D must be at least 1");
        for (int i = 0; i < N; ++i)
            if (facts.maxDegree[i] > p.degreeBound && p.referenceMode)
                ++aboveBound;  // the published code never checks; reported below
            else if (facts.maxDegree[i] > p.degreeBound)
                throw AssumptionViolation("graph " + std::to_string(i) + " of " + datasetName + " has maximum degree " +
                                          std::to_string(facts.maxDegree[i]) + " > the public bound D = " +
                                          std::to_string(p.degreeBound) + "; it cannot be released under this assumption (D = " +
                                          std::to_string(*std::max_element(facts.maxDegree.begin(), facts.maxDegree.end())) +
                                          " admits every graph)");
    }

    // Calibrate the budget.
    switch (p.mechanism) {
        case MechanismKind::Gaussian: {
            rho_ = gaussianRho(p);
            guarantee_ = gaussianGuarantee(rho_, !p.secure && !p.referenceMode);
            break;
        }
        case MechanismKind::SmoothGaussian: {
            auto betaFor = [&](double rp) { return (p.beta > 0 && !p.referenceMode) ? p.beta : rp / 5; };
            if (p.axis == BudgetAxis::Rho) {
                rho_ = p.rho;
            } else {
                auto make = [&](double rp) { return smoothGaussianGuarantee(rp, betaFor(rp), d); };
                // With a fixed β, ε cannot fall below the 4dβ² floor: calibrate only above it.
                rho_ = calibrate(make, p.epsilon, p.delta, 1e-14, 1e6);
            }
            beta_ = betaFor(rho_);
            guarantee_ = smoothGaussianGuarantee(rho_, beta_, d);
            break;
        }
        case MechanismKind::Laplace:
            guarantee_ = pureGuarantee(p.epsilon);
            break;
        case MechanismKind::RandomizedResponse:
        case MechanismKind::DegreePreservingRR: break;
    }
    if (!(rho_ > 0) && p.mechanism != MechanismKind::Laplace) throw std::invalid_argument("privacy parameter ρ must be positive");
    guarantee_.valid = !p.referenceMode;

    // Noise scales per distinct (n, Δ) — Δ matters only for the smooth bound.
    scaleOfGraph_.resize(N);
    for (int i = 0; i < N; ++i) {
        const int delta = p.mechanism == MechanismKind::SmoothGaussian && !p.referenceMode ? facts.maxDegree[i] : -1;
        auto key = std::make_pair(facts.n[i], delta);
        auto it = scaleCache_.find(key);
        if (it == scaleCache_.end()) it = scaleCache_.emplace(key, makeScales(sensitivities(facts.n[i], facts.maxDegree[i]))).first;
        scaleOfGraph_[i] = &it->second;
    }
    buildReport(datasetName);
    if (aboveBound > 0)
        report_.warnings.push_back(std::to_string(aboveBound) + " graphs have Δ(G) > D = " + std::to_string(p.degreeBound) +
                                   "; the reference code releases them anyway");
}

std::vector<double> NoiseModel::sensitivities(int n, int maxDegree) const {
    const MechanismParams& p = params_;
    std::vector<double> s;
    for (const auto& f : shapes_) {
        double v;
        if (p.mechanism == MechanismKind::SmoothGaussian) {
            v = p.referenceMode ? referenceSmoothBound(f, n, p.degreeBound, beta_) : smoothBound(f, n, maxDegree, beta_);
        } else if (p.sensitivity == SensitivitySource::CountingLemma) {
            v = countingLemmaBound(f, n);
        } else {
            v = p.referenceMode ? referenceDegreeBound(f, n, p.degreeBound) : degreeBound(f, n, p.degreeBound);
        }
        s.push_back(v);
    }
    return s;
}

NoiseModel::Scales NoiseModel::makeScales(const std::vector<double>& s) const {
    const MechanismParams& p = params_;
    const int d = int(s.size());
    Scales sc;
    sc.sensitivity = s;
    sc.scale.assign(d, 0.0);
    switch (p.mechanism) {
        case MechanismKind::Gaussian: {
            const double twoRho = 2 * rho_;
            if (p.allocation == Allocation::Isotropic) {
                std::fill(sc.scale.begin(), sc.scale.end(), l2Norm(s) / std::sqrt(twoRho));
            } else {
                // σ_j² = s_j (Σ_k s_k √w_k) / (2ρ √w_j); equal SNR is w_j = 1/s_j².
                std::vector<double> sw(d);
                for (int j = 0; j < d; ++j)
                    sw[j] = p.allocation == Allocation::EqualSnr ? (s[j] > 0 ? 1.0 / s[j] : 0.0) : std::sqrt(p.weights[j]);
                double sum = 0.0;
                for (int j = 0; j < d; ++j) sum += s[j] * sw[j];
                for (int j = 0; j < d; ++j)
                    sc.scale[j] = (s[j] > 0 && sw[j] > 0) ? std::sqrt(s[j] * sum / (twoRho * sw[j])) : 0.0;
            }
            break;
        }
        case MechanismKind::SmoothGaussian:
            std::fill(sc.scale.begin(), sc.scale.end(), l2Norm(s) / std::sqrt(2 * rho_));
            break;
        case MechanismKind::Laplace:
            std::fill(sc.scale.begin(), sc.scale.end(), l1Norm(s) / p.epsilon);
            break;
        case MechanismKind::RandomizedResponse:
        case MechanismKind::DegreePreservingRR: break;
    }
    if (p.secure && p.mechanism == MechanismKind::Laplace) {
        // Round t_j to the grid γ = b / G and add discrete Laplace noise of integer scale t (grid units):
        // P(x) ∝ e^(−|x|/t). Rounding moves each coordinate by at most one step, so the ℓ1 sensitivity
        // in grid units is Δ = Σ_j (s_j/γ + 1) and the release is (Δ/t)-DP; t = ⌈Δ/ε⌉ meets ε
        // (Canonne, Kamath & Steinke 2020, discrete Laplace).
        sc.grid.assign(d, 0.0);
        double delta1 = 0.0;
        for (int j = 0; j < d; ++j) {
            if (!(s[j] > 0) || !(sc.scale[j] > 0)) continue;
            sc.grid[j] = sc.scale[j] / kGridSteps;
            delta1 += s[j] / sc.grid[j] + 1.0;
        }
        sc.laplaceT = std::uint64_t(std::max(1.0, std::ceil(delta1 / p.epsilon)));
        for (int j = 0; j < d; ++j) sc.scale[j] = sc.grid[j] * double(sc.laplaceT);
    } else if (p.secure) {
        // Round t_j to the grid γ_j = σ_j / G and add discrete Gaussian noise of variance σ_g² (grid
        // units). Rounding adds at most one step per coordinate to the sensitivity, so
        // ρ = Σ_j (s_j/γ_j + 1)² / (2σ_g²) (Canonne, Kamath & Steinke 2020, Thm 4); σ_g is chosen
        // to meet the calibrated ρ exactly, inflating the noise slightly.
        sc.grid.assign(d, 0.0);
        double sum = 0.0;
        for (int j = 0; j < d; ++j) {
            if (!(s[j] > 0) || !(sc.scale[j] > 0)) continue;  // constant coordinate: released as it is
            sc.grid[j] = sc.scale[j] / kGridSteps;
            const double u = s[j] / sc.grid[j] + 1.0;
            sum += u * u;
        }
        const double var = sum / (2 * rho_);
        sc.varDen = kVarDen;
        sc.varNum = std::uint64_t(std::ceil(var * double(kVarDen)));
        for (int j = 0; j < d; ++j) sc.scale[j] = sc.grid[j] * std::sqrt(double(sc.varNum) / double(kVarDen));
    }
    return sc;
}

double NoiseModel::noiseScale(int graph, int pattern) const { return scalesOf(graph).scale[pattern]; }
double NoiseModel::secureGrid(int graph, int pattern) const {
    const Scales& sc = scalesOf(graph);
    return sc.grid.empty() ? 0.0 : sc.grid[pattern];
}
double NoiseModel::secureNoiseParameter(int graph) const {
    const Scales& sc = scalesOf(graph);
    if (!params_.secure) return 0.0;
    return params_.mechanism == MechanismKind::Laplace ? double(sc.laplaceT) : double(sc.varNum) / double(sc.varDen);
}
double NoiseModel::sensitivity(int graph, int pattern) const { return scalesOf(graph).sensitivity[pattern]; }

void NoiseModel::sampleRow(int i, int rep, double* out) const {
    const Scales& sc = scalesOf(i);
    const int d = cols();
    if (params_.secure && params_.mechanism == MechanismKind::Laplace) {
        thread_local OsEntropy entropy;
        for (int j = 0; j < d; ++j) {
            const double g = sc.grid[j];
            out[j] = g > 0 ? g * (std::nearbyint(clean_(i, j) / g) + double(DiscreteGaussian<OsEntropy>::discreteLaplace(entropy, sc.laplaceT)))
                           : clean_(i, j);
        }
        return;
    }
    if (params_.secure) {
        thread_local OsEntropy entropy;
        DiscreteGaussian<OsEntropy> dg(sc.varNum, sc.varDen);
        for (int j = 0; j < d; ++j) {
            const double g = sc.grid[j];
            out[j] = g > 0 ? g * (std::nearbyint(clean_(i, j) / g) + double(dg.sample(entropy))) : clean_(i, j);
        }
        return;
    }
    Rng rng(params_.seed, "noise", std::uint64_t(i), std::uint64_t(rep));
    if (params_.mechanism == MechanismKind::Laplace) {
        for (int j = 0; j < d; ++j) out[j] = clean_(i, j) + laplace(rng, sc.scale[j]);
        return;
    }
    fillStandardNormal(rng, out, d);
    for (int j = 0; j < d; ++j) out[j] = clean_(i, j) + sc.scale[j] * out[j];
}

NoisyEmbedding NoiseModel::release(int rep, Progress& progress) const {
    NoisyEmbedding e;
    releaseInto(rep, e, progress);
    return e;
}

void NoiseModel::releaseInto(int rep, NoisyEmbedding& e, Progress& progress) const {
    const int N = rows(), d = cols();
    e.values.resize(N, d);
    e.n = n_;
    e.report = report_;
    std::atomic<bool> stop{false};
    tbb::parallel_for(tbb::blocked_range<int>(0, N, 512), [&](const tbb::blocked_range<int>& r) {
        if (stop || progress.cancelled()) { stop = true; return; }
        for (int i = r.begin(); i < r.end(); ++i) sampleRow(i, rep, e.values.row(i).data());
    });
    if (stop) throw Cancelled();
}

// Each pattern's share of the privacy loss, per scale entry (ρ_j ∝ (s_j/σ_j)² for Gaussian noise, ε_j ∝ s_j/b_j for
// Laplace), averaged over the graphs that use the entry.
std::vector<double> NoiseModel::budgetShares(const std::map<const Scales*, long>& uses, int graphs, int d, bool laplace) {
    std::vector<double> share(d, 0.0), loss(d);
    for (const auto& [sc, count] : uses) {
        double total = 0;
        for (int j = 0; j < d; ++j) {
            const double ratio = sc->scale[j] > 0 ? sc->sensitivity[j] / sc->scale[j] : 0.0;
            loss[j] = laplace ? ratio : ratio * ratio;
            total += loss[j];
        }
        if (total > 0)
            for (int j = 0; j < d; ++j) share[j] += loss[j] / total * double(count) / graphs;
    }
    return share;
}

void NoiseModel::buildReport(const std::string& datasetName) {
    const MechanismParams& p = params_;
    PrivacyReport& r = report_;
    const int N = rows(), d = cols();
    r.mechanism = toString(p.mechanism);
    r.allocation = toString(p.allocation);
    r.dataset = datasetName;
    r.referenceMode = p.referenceMode;
    r.validGuarantee = !p.referenceMode;
    r.secure = p.secure;
    r.delta = p.delta;
    r.patterns = d;
    r.graphs = N;
    r.targetEpsilon = p.axis == BudgetAxis::Epsilon || p.mechanism == MechanismKind::Laplace ? p.epsilon : -1.0;
    r.rho = guarantee_.rho;
    r.omega = guarantee_.omega;
    r.pureEpsilon = guarantee_.pureEpsilon;
    if (p.mechanism == MechanismKind::SmoothGaussian) { r.beta = beta_; r.rhoPrime = rho_; }
    if (p.mechanism == MechanismKind::SmoothGaussian) {
        r.assumption = p.referenceMode
            ? "reference-code reproduction: smooth bound k·LS over k ≤ 6 with Δmax = " + std::to_string(p.degreeBound) +
                  ", exponent m − 2 — NOT an upper bound; no valid guarantee"
            : "none: data-dependent β-smooth sensitivity (Nissim, Raskhodnikova & Smith 2007), β = " + std::to_string(beta_);
    } else if (p.sensitivity == SensitivitySource::CountingLemma) {
        r.assumption = "none (no degree assumption): counting-lemma sensitivity 2e(F)/n², as for D = n − 1 in every graph";
    } else {
        r.assumption = "public degree bound D = " + std::to_string(p.degreeBound) +
                       " (every graph in the universe has Δ(G) ≤ D; graphs above are refused)" +
                       (p.referenceMode ? "; reference-code exponent m − 2 — understated for disconnected patterns, no valid guarantee" : "");
    }
    r.conversions = conversions(guarantee_, p.delta);
    r.tightest = tightestConversion(r.conversions);
    r.sensitivityMedian.assign(d, 0.0);
    r.noiseMedian.assign(d, 0.0);
    r.signalMean.assign(d, 0.0);
    // Scales are shared by all graphs with the same (n, Δ): summarise per cache entry, weighted by
    // how many graphs use it.
    std::map<const Scales*, long> uses;
    for (int i = 0; i < N; ++i) ++uses[scaleOfGraph_[i]];
    std::map<const Scales*, double> rms;
    for (auto& [sc, count] : uses) {
        double s2 = 0.0;
        for (double x : sc->scale) s2 += x * x;
        rms[sc] = std::sqrt(s2 / std::max(d, 1));
    }
    std::vector<std::pair<double, long>> sens, noise;
    for (int j = 0; j < d; ++j) {
        sens.clear();
        noise.clear();
        for (auto& [sc, count] : uses) {
            sens.push_back({sc->sensitivity[j], count});
            noise.push_back({sc->scale[j], count});
        }
        r.sensitivityMedian[j] = weightedMedian(sens);
        r.noiseMedian[j] = weightedMedian(noise);
    }
    r.budgetShare = budgetShares(uses, N, d, p.mechanism == MechanismKind::Laplace);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < d; ++j) r.signalMean[j] += clean_(i, j) / N;
    r.noisePerGraph.resize(N);
    for (int i = 0; i < N; ++i) r.noisePerGraph[i] = rms[scaleOfGraph_[i]];
    if (p.secure && N > 0) {
        const Scales& sc = scalesOf(0);
        r.secureInflation = p.mechanism == MechanismKind::Laplace ? double(sc.laplaceT) / kGridSteps
                                                                  : std::sqrt(double(sc.varNum) / double(sc.varDen)) / kGridSteps;
    }
    if (p.referenceMode) r.warnings.push_back("Reference-code reproduction mode: these numbers carry NO valid privacy guarantee.");
    for (int j = 0; j < d; ++j)
        if (shapes_[j].c > 1 && p.referenceMode)
            r.warnings.push_back("pattern " + std::to_string(j) + " is disconnected (c = " + std::to_string(shapes_[j].c) +
                                 "): the reference exponent m − 2 understates its sensitivity");
}

}  // namespace px::privacy
