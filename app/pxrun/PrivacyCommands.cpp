// pxrun embed (private embeddings to CSV/.npy/JSON) and pxrun audit (empirical privacy audit).
#include "Commands.h"
#include "CommonOptions.h"
#include "TerminalProgress.h"
#include "Usage.h"
#include "generators/Generators.h"
#include "graph/GraphAlgorithms.h"
#include "hom/DensityMatrix.h"
#include "io/Loaders.h"
#include "privacy/Audit.h"
#include "privacy/EmbeddingExport.h"
#include "privacy/RandomizedResponse.h"

#include <algorithm>
#include <cstdio>

namespace pxrun {

namespace {
// The public degree bound D refuses every graph above it (privacy/Mechanism.cpp): before any density is counted,
// name the bound that admits them all and the option that sets it. `maxDegrees`: Δ(G) of each graph of `what`.
void requireDegreeBound(const px::privacy::MechanismParams& p, const std::vector<int>& maxDegrees, const std::string& what,
                        bool boundGiven) {
    namespace pv = px::privacy;
    const bool refuses = !pv::perturbsGraph(p.mechanism) && !p.referenceMode && p.mechanism != pv::MechanismKind::SmoothGaussian &&
                         p.sensitivity == pv::SensitivitySource::PublicDegreeBound;
    if (!refuses || maxDegrees.empty()) return;
    const int largest = *std::max_element(maxDegrees.begin(), maxDegrees.end());
    if (largest <= p.degreeBound) return;
    const long above = std::count_if(maxDegrees.begin(), maxDegrees.end(), [&](int d) { return d > p.degreeBound; });
    throw std::invalid_argument("the public degree bound D = " + std::to_string(p.degreeBound) + (boundGiven ? "" : " (the default)") +
                                " refuses " + std::to_string(above) + " of " + std::to_string(maxDegrees.size()) + " graphs of " +
                                what + ", whose largest degree is " + std::to_string(largest) + ": --D " + std::to_string(largest) +
                                " admits every graph (--sensitivity counting-lemma needs no bound)");
}
}  // namespace

px::privacy::MechanismParams mechanismFromArgs(const Args& a) {
    px::privacy::MechanismParams p;
    p.mechanism = px::privacy::mechanismFromString(a.get("mechanism", "gaussian"));
    p.allocation = px::privacy::allocationFromString(a.get("allocation", "isotropic"));
    const std::size_t sens = usage::choiceIndex("--sensitivity", usage::sensitivityNames(), a.get("sensitivity", "degree-bound"));
    p.sensitivity = sens == 0 ? px::privacy::SensitivitySource::PublicDegreeBound : px::privacy::SensitivitySource::CountingLemma;
    p.degreeBound = int(a.getLong("D", 6));
    if (a.has("rho")) {
        p.axis = px::privacy::BudgetAxis::Rho;
        p.rho = a.getDouble("rho", 0.01);
    }
    p.epsilon = a.getDouble("epsilon", 1.0);
    p.delta = a.getDouble("delta", 1e-6);
    p.beta = a.getDouble("beta", 0.0);
    // refused here, before any density is counted (the mechanism would refuse them only after)
    const auto positive = [&](const char* option, double value) {
        if (!(value > 0)) throw std::invalid_argument(std::string("--") + option + " must be positive, got '" + a.get(option, "") + "'");
    };
    if (a.has("rho")) positive("rho", p.rho);
    if (a.has("epsilon")) positive("epsilon", p.epsilon);
    if (a.has("delta") && !(p.delta > 0 && p.delta < 1)) throw std::invalid_argument("--delta must lie in (0, 1), got '" + a.get("delta", "") + "'");
    p.referenceMode = a.has("reference");
    p.secure = a.has("secure");
    const std::size_t split = usage::choiceIndex("--dprr-split", usage::dprrSplitNames(), a.get("dprr-split", "project"));
    p.dprrSplit = split == 1 ? px::privacy::DprrSplit::Published : px::privacy::DprrSplit::Project;
    p.seed = std::uint64_t(a.getLong("noise-seed", 1));
    return p;
}

int embedCommand(const std::vector<std::string>& argv) {
    Args a = Args::parse("embed", argv);
    if (a.positional.size() != 1 || !a.has("out"))
        throw UsageError("needs one data set and --out PREFIX");
    px::Dataset ds = loadData(a.positional[0], a.get("labels", "auto"));
    px::PatternSet set = a.has("patterns") ? px::PatternSet::load(a.get("patterns", "")) : px::PatternSet::sample(samplerFromArgs(a));
    const px::privacy::MechanismParams mp = mechanismFromArgs(a);
    requireDegreeBound(mp, px::privacy::GraphFacts::of(ds).maxDegree, ds.name, a.has("D"));
    const int rep = int(a.getLong("rep", 0));
    px::privacy::NoisyEmbedding e;
    {
        TerminalProgress progress("densities");
        if (px::privacy::perturbsGraph(mp.mechanism)) {
            px::privacy::RandomizedResponseModel rr(ds, set.patterns, mp.epsilon, mp.seed, mp.delta, mp.secure, mp.mechanism, mp.dprrSplit);
            e = rr.release(rep, progress);
        } else {
            px::DensityMatrix dm = px::DensityMatrix::compute(ds, set, {}, progress);
            px::privacy::NoiseModel model(dm, set.patterns, px::privacy::GraphFacts::of(ds), mp, ds.name);
            e = model.release(rep, progress);
        }
    }
    nlohmann::json meta;
    meta["dataset"] = {{"name", ds.name}, {"source", ds.source}, {"content_hash", ds.contentHash()}, {"graphs", ds.size()}};
    meta["patterns"] = nlohmann::json::parse(set.toJson());
    meta["mechanism"] = px::privacy::toJson(mp);
    meta["repetition"] = rep;
    const std::string prefix = a.get("out", "");
    px::privacy::exportEmbedding(prefix, e, meta);
    std::printf("%s\nwrote %s.csv, %s.npy, %s.json\n", e.report.summary().c_str(), prefix.c_str(), prefix.c_str(), prefix.c_str());
    return 0;
}

int auditCommand(const std::vector<std::string>& argv) {
    Args a = Args::parse("audit", argv);
    px::Graph g0, g1;
    if (a.has("g0") != a.has("g1")) throw std::invalid_argument("give both --g0 and --g1 (neighbouring graphs) or neither");
    if (a.has("g0")) {
        g0 = px::io::loadEdgeList(a.get("g0", ""));
        g1 = px::io::loadEdgeList(a.get("g1", ""));
    } else {
        // Worst case for the degree bound: a 4-regular graph and its neighbour without one edge.
        g0 = px::gen::circularSkipLink(10, 3);
        auto e = g0.edges();
        e.pop_back();
        g1 = px::Graph::fromEdges(10, e);
    }
    std::vector<px::Pattern> patterns;
    if (a.has("patterns")) {
        patterns = px::PatternSet::load(a.get("patterns", "")).patterns;
    } else {
        // Disconnected patterns (2K2, 3K2): the worst case for the published exponent m − 2, which
        // understates their sensitivity by (n/D)^(c−1). A connected pattern in the set would
        // dominate ‖s‖₂ and hide that.
        using px::disjointUnion;
        patterns = {px::Pattern(disjointUnion(px::gen::path(2), px::gen::path(2))),
                    px::Pattern(disjointUnion(px::gen::path(2), disjointUnion(px::gen::path(2), px::gen::path(2))))};
    }
    px::privacy::AuditParams ap;
    ap.samples = int(a.getLong("samples", 200000));
    ap.confidence = a.getDouble("confidence", 0.95);
    ap.rawFloatingPoint = a.has("raw-floating-point");
    px::privacy::MechanismParams base = mechanismFromArgs(a);
    if (!a.has("D")) base.degreeBound = std::max(g0.maxDegree(), g1.maxDegree());
    requireDegreeBound(base, {g0.maxDegree(), g1.maxDegree()}, "the pair", true);
    std::vector<std::pair<std::string, px::privacy::MechanismParams>> runs;
    if (a.has("all")) {
        using px::privacy::MechanismKind;
        using px::privacy::Allocation;
        auto with = [&](MechanismKind k, Allocation al, bool ref) {
            auto p = base;
            p.mechanism = k;
            p.allocation = al;
            p.referenceMode = ref;
            return p;
        };
        runs = {{"Gaussian, isotropic", with(MechanismKind::Gaussian, Allocation::Isotropic, false)},
                {"Gaussian, equal SNR", with(MechanismKind::Gaussian, Allocation::EqualSnr, false)},
                {"smooth Gaussian", with(MechanismKind::SmoothGaussian, Allocation::Isotropic, false)},
                {"Laplace", with(MechanismKind::Laplace, Allocation::Isotropic, false)},
                {"randomized response", with(MechanismKind::RandomizedResponse, Allocation::Isotropic, false)},
                {"Gaussian, REFERENCE MODE", with(MechanismKind::Gaussian, Allocation::Isotropic, true)}};
    } else {
        runs = {{px::privacy::toString(base.mechanism), base}};
    }
    std::printf("pair: n = %d, edges %ld / %ld, D = %d; %zu patterns; %d draws per graph; confidence %.3g; delta %g\n",
                g0.numVertices(), g0.numEdges(), g1.numEdges(), base.degreeBound, patterns.size(), ap.samples, ap.confidence,
                base.delta);
    std::printf("%-26s %12s %14s %10s %8s  %s\n", "mechanism", "claimed eps", "audit lower", "FPR", "FNR", "verdict");
    int contradictions = 0;
    for (auto& [name, p] : runs) {
        auto r = px::privacy::auditPair(g0, g1, patterns, p, ap);
        const bool bad = r.contradictsClaim();
        contradictions += bad;
        std::printf("%-26s %12.4f %14.4f %10.2e %8.4f  %s\n", name.c_str(), r.claimedEpsilon, r.epsilonLowerBound, r.fpr,
                    r.fnr, bad ? "CLAIM VIOLATED" : (r.validGuarantee ? "consistent" : "consistent (but no valid guarantee)"));
    }
    return 0;
}

}  // namespace pxrun
