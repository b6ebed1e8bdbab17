#pragma once
// Private release of homomorphism-density embeddings (docs/mathematics.md §3–4). A NoiseModel is compiled once
// from a density matrix, the patterns, public graph facts and MechanismParams (calibrating the
// budget); it then draws noisy embeddings for any repetition, reproducibly: noise for graph i and
// repetition r comes from the stream (seed, "noise", i, r) whatever the thread count.
//
// Mechanisms:
//  Gaussian        t + N(0, diag σ²) with global sensitivity (public degree bound D, or the
//                  counting lemma): ρ-zCDP with ρ = ½ Σ s_j²/σ_j², and exactly μ-GDP (μ = √(2ρ)).
//                  Allocation: isotropic σ_j = ‖s‖₂/√(2ρ) (the paper), equal signal-to-noise
//                  σ_j = s_j √(d/(2ρ)), or weights w: σ_j² = s_j (Σ_k s_k √w_k) / (2ρ √w_j).
//  SmoothGaussian  t + N(0, S*(G)²/(2ρ') I) with S* the β-smooth bound: (2ρ' + 4dβ², 1/(4β))-tCDP
//                  [Indri et al. 2025, §4.1, Theorem 5].
//  Laplace         t + Lap(‖s‖₁/ε) per coordinate: pure ε-DP.
//  RandomizedResponse  see RandomizedResponse.h (needs the graphs, not only densities).
// Reference-code reproduction mode recomputes the published code's quantities (exponent m − 2,
// smooth bound over k ≤ 6, β = ρ'/5); every result it produces is marked as carrying no valid
// guarantee.
// Cost: compiling the model takes O(N·d) (a sensitivity and a scale per graph and pattern); every release
// draws N·d noise values, O(N·d) time and memory (secure mode: a rejection sampler in exact integer
// arithmetic per value).
#include "common/Progress.h"
#include "dataset/Dataset.h"
#include "hom/DensityMatrix.h"
#include "privacy/Accounting.h"
#include "privacy/PrivacyReport.h"
#include "privacy/Sensitivity.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <vector>

namespace px::privacy {

enum class MechanismKind { Gaussian, SmoothGaussian, Laplace, RandomizedResponse, DegreePreservingRR };
// Mechanisms that perturb the graph and count on the result (randomized response, DPRR).
inline bool perturbsGraph(MechanismKind k) {
    return k == MechanismKind::RandomizedResponse || k == MechanismKind::DegreePreservingRR;
}
enum class SensitivitySource { PublicDegreeBound, CountingLemma };
enum class Allocation { Isotropic, EqualSnr, Weights };
enum class BudgetAxis { Epsilon, Rho };
// How DPRR divides its budget (DegreePreservingRR.h): this project's (ε/2 per vertex, so the symmetrised graph
// is ε-edge-DP) or the published baseline's (the whole ε per vertex, ε₁ = max(0.1, √(8/(n_max − 1))); the
// graph is then 2ε-edge-DP, which the report states).
enum class DprrSplit { Project, Published };

const char* toString(MechanismKind k);
const char* toString(Allocation a);
MechanismKind mechanismFromString(const std::string& s);   // "gaussian", "smooth", "laplace", "rr", "dprr"
Allocation allocationFromString(const std::string& s);     // "isotropic", "equal-snr", "weights"
const char* key(MechanismKind k);                           // inverse of mechanismFromString
const char* key(Allocation a);                              // inverse of allocationFromString

struct MechanismParams {
    MechanismKind mechanism = MechanismKind::Gaussian;
    SensitivitySource sensitivity = SensitivitySource::PublicDegreeBound;  // for Gaussian and Laplace
    int degreeBound = 6;           // D: the public assumption Δ(G) ≤ D; graphs above are refused
    Allocation allocation = Allocation::Isotropic;
    std::vector<double> weights;   // w_j > 0 for Allocation::Weights (public quantities only)
    BudgetAxis axis = BudgetAxis::Epsilon;
    double epsilon = 1.0;          // target ε at δ (axis Epsilon); ε of Laplace and RR
    double rho = 0.01;             // ρ (Gaussian) or ρ' (smooth) when axis is Rho
    double delta = 1e-6;           // δ of the (ε, δ) statements
    double beta = 0.0;             // β of the smooth bound; 0: β = ρ'/5 (the paper's choice)
    bool referenceMode = false;    // reproduce the published code's (invalid) quantities
    DprrSplit dprrSplit = DprrSplit::Project;  // DPRR only: how ε is divided (see DprrSplit)
    bool secure = false;           // exact discrete noise on a grid with OS randomness (Gaussian: discrete Gaussian; Laplace: discrete Laplace)
    std::uint64_t seed = 1;        // noise seed
};

// Thrown when a graph violates the run's public assumption (Δ(G) > D): it is never released.
class AssumptionViolation : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct NoisyEmbedding {
    DensityMatrix::Matrix values;  // N × d released densities (may leave [0, 1]: unbiased noise)
    Eigen::VectorXd n;             // N: vertex counts (public, released as they are)
    PrivacyReport report;
};

// Public facts about each graph that the mechanisms may use: n and, for the smooth bound and the
// degree-bound check, the maximum degree.
struct GraphFacts {
    std::vector<int> n, maxDegree;
    static GraphFacts of(const Dataset& ds);
};

// Anything that releases a noisy embedding row by row (used by release loops and the audit).
class RowSampler {
public:
    virtual ~RowSampler() = default;
    virtual void sampleRow(int graph, int repetition, double* out) const = 0;
    virtual int rows() const = 0;
    virtual int cols() const = 0;
    virtual const PrivacyReport& report() const = 0;
};

class NoiseModel : public RowSampler {
public:
    NoiseModel(const DensityMatrix& clean, const std::vector<Pattern>& patterns, const GraphFacts& facts,
               const MechanismParams& params, const std::string& datasetName = "data set");
    // The same without copying the density matrix (for repeated re-noising, e.g. slider moves).
    NoiseModel(std::shared_ptr<const DensityMatrix> clean, const std::vector<Pattern>& patterns, const GraphFacts& facts,
               const MechanismParams& params, const std::string& datasetName = "data set");

    // Releases all graphs for a repetition (parallel, deterministic).
    NoisyEmbedding release(int repetition, Progress& progress = noProgress()) const;
    // The same into an existing embedding, reusing its memory.
    void releaseInto(int repetition, NoisyEmbedding& out, Progress& progress = noProgress()) const;
    // One graph's released row into out[0..d).
    void sampleRow(int graph, int repetition, double* out) const override;
    // Noise standard deviation (Gaussian) or scale b (Laplace) for graph i, pattern j.
    double noiseScale(int graph, int pattern) const;
    // Secure mode: the grid step γ_j of graph `graph`'s release (0: coordinate released as it is), and the
    // noise parameter in grid units: the discrete Gaussian's variance σ_g², or the discrete Laplace's scale t.
    double secureGrid(int graph, int pattern) const;
    double secureNoiseParameter(int graph) const;
    // Per-pattern sensitivity bound s_j at graph i (the smooth bound for SmoothGaussian).
    double sensitivity(int graph, int pattern) const;
    const PrivacyReport& report() const override { return report_; }
    const Guarantee& guarantee() const { return guarantee_; }
    const MechanismParams& params() const { return params_; }
    int rows() const override { return int(clean_.rows()); }
    int cols() const override { return int(clean_.cols()); }

private:
    struct Scales {
        std::vector<double> sensitivity;  // s_j
        std::vector<double> scale;        // σ_j (Gaussian) or b_j (Laplace)
        std::vector<double> grid;         // secure mode: γ_j
        std::uint64_t varNum = 0, varDen = 1;  // secure Gaussian: σ_g² = num/den in grid units
        std::uint64_t laplaceT = 0;            // secure Laplace: the discrete Laplace's scale t in grid units
    };
    const Scales& scalesOf(int graph) const { return *scaleOfGraph_[graph]; }
    std::vector<double> sensitivities(int n, int maxDegree) const;
    Scales makeScales(const std::vector<double>& s) const;
    void buildReport(const std::string& datasetName);
    static std::vector<double> budgetShares(const std::map<const Scales*, long>& uses, int graphs, int d, bool laplace);

    std::shared_ptr<const DensityMatrix> cleanShared_;
    const DensityMatrix::Matrix& clean_;
    const Eigen::VectorXd& n_;
    std::vector<PatternShape> shapes_;
    GraphFacts facts_;
    MechanismParams params_;
    double rho_ = 0.0, beta_ = 0.0;  // calibrated ρ (or ρ') and β
    Guarantee guarantee_;
    std::map<std::pair<int, int>, Scales> scaleCache_;  // by (n, Δ or −1)
    std::vector<const Scales*> scaleOfGraph_;
    PrivacyReport report_;
};

// Guarantee of each mechanism for its parameter (ρ, ρ' with β, or ε), d patterns.
Guarantee gaussianGuarantee(double rho, bool exactGdp);
Guarantee smoothGaussianGuarantee(double rhoPrime, double beta, int d);
Guarantee pureGuarantee(double epsilon);
// The Gaussian mechanism's ρ for its parameters: p.rho on the ρ axis, else the ρ whose tightest conversion gives
// (p.epsilon, p.delta) — the exact Gaussian-DP curve (Balle and Wang 2018) unless secure or reference mode. Needs no
// data: the app shows it before any density is computed.
double gaussianRho(const MechanismParams& p);

}  // namespace px::privacy
