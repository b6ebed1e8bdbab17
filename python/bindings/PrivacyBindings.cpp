// Private release for Python: mechanisms with pxrun's options (and its JSON form, so they pickle),
// releases from densities or from graphs (randomized response), the privacy report as a dict, the
// accountant's conversions and the empirical audit.
#include "Bindings.h"
#include "Docstrings.h"
#include "MemberDocs.h"
#include "privacy/Accounting.h"
#include "privacy/Audit.h"
#include "privacy/EmbeddingExport.h"
#include "privacy/Mechanism.h"
#include "privacy/RandomizedResponse.h"

#include <cmath>
#include <memory>

namespace pxpy {
namespace {

using px::privacy::MechanismKind;
using px::privacy::MechanismParams;

MechanismParams makeMechanism(const std::string& kind, const OptionalFloat& epsilon, const OptionalFloat& rho, double delta,
                              const std::string& allocation, const OptionalFloats& weights, const OptionalInt& degreeBound, double beta,
                              bool secure, bool reference, std::uint64_t seed, const std::string& dprrSplit) {
    MechanismParams p;
    if (dprrSplit != "project" && dprrSplit != "published") throw std::invalid_argument("dprr_split must be \"project\" or \"published\"");
    p.dprrSplit = dprrSplit == "published" ? px::privacy::DprrSplit::Published : px::privacy::DprrSplit::Project;
    p.mechanism = px::privacy::mechanismFromString(kind);
    p.allocation = px::privacy::allocationFromString(allocation);
    if (!weights.is_none()) p.weights = argumentAs<std::vector<double>>(weights, "Mechanism", "weights", "a list of numbers, one per pattern (or None)");
    if (!rho.is_none()) {
        if (!epsilon.is_none()) throw std::invalid_argument("give epsilon or rho, not both");
        p.axis = px::privacy::BudgetAxis::Rho;
        p.rho = argumentAs<double>(rho, "Mechanism", "rho", "a number (or None)");
        if (!(p.rho > 0) || !std::isfinite(p.rho)) throw std::invalid_argument("rho must be positive and finite");
    } else {
        p.epsilon = epsilon.is_none() ? 1.0 : argumentAs<double>(epsilon, "Mechanism", "epsilon", "a number (or None)");
        if (!(p.epsilon > 0) || !std::isfinite(p.epsilon)) throw std::invalid_argument("epsilon must be positive and finite");
    }
    if (!(delta > 0 && delta < 1)) throw std::invalid_argument("delta must lie in (0, 1)");
    p.delta = delta;
    // degree_bound=None: no degree assumption (the counting lemma with D = n − 1 for each graph).
    if (degreeBound.is_none()) {
        p.sensitivity = px::privacy::SensitivitySource::CountingLemma;
    } else {
        p.degreeBound = argumentAs<int>(degreeBound, "Mechanism", "degree_bound", "an int (or None: no degree assumption)");
        if (p.degreeBound < 1) throw std::invalid_argument("degree_bound must be at least 1 (or None: no degree assumption)");
    }
    if (!(beta >= 0) || !std::isfinite(beta)) throw std::invalid_argument("beta must be ≥ 0");
    p.beta = beta;
    p.secure = secure;
    p.referenceMode = reference;
    p.seed = seed;
    return p;
}

px::privacy::GraphFacts factsFrom(const MechanismParams& p, const py::array_t<double, py::array::c_style | py::array::forcecast>& n,
                                  const py::object& maxDegree, long rows) {
    if (n.ndim() != 1 || n.shape(0) != rows)
        throw std::invalid_argument("n must hold one vertex count per row of the densities (" + std::to_string(rows) + ")");
    px::privacy::GraphFacts f;
    for (long i = 0; i < rows; ++i) {
        const double v = n.at(i);
        if (!(v >= 1) || v != std::floor(v) || v > double(1 << 30)) throw std::invalid_argument("n[" + std::to_string(i) + "] is not a vertex count");
        f.n.push_back(int(v));
    }
    const bool needsDegrees = p.mechanism == MechanismKind::SmoothGaussian ||
                              p.sensitivity == px::privacy::SensitivitySource::PublicDegreeBound;
    if (maxDegree.is_none()) {
        if (needsDegrees)
            throw std::invalid_argument("this mechanism needs max_degree (Δ(G) of every graph, e.g. data.max_degree): the public "
                                        "bound D is checked against it, and the smooth bound uses it");
        for (int v : f.n) f.maxDegree.push_back(v - 1);
    } else {
        auto d = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(maxDegree);
        if (!d) wrongType("Mechanism.release", "max_degree", "an integer array, one value per graph (e.g. data.max_degree)", maxDegree);
        if (d.ndim() != 1 || d.shape(0) != rows) throw std::invalid_argument("max_degree must hold one value per graph");
        for (long i = 0; i < rows; ++i) f.maxDegree.push_back(int(d.at(i)));
    }
    return f;
}

// A privacy parameter (ρ or ε, > 0, may be inf) and δ in (0, 1), refused with a message naming them.
void checkPrivacyNumbers(const char* function, const char* name, double value, double delta) {
    if (!(value > 0)) throw std::invalid_argument(std::string(function) + ": " + name + " must be > 0, found " + std::to_string(value));
    if (!(delta > 0 && delta < 1)) throw std::invalid_argument(std::string(function) + ": delta must be in (0, 1), found " + std::to_string(delta));
}

py::tuple releaseDensities(const MechanismParams& p, const py::array_t<double, py::array::c_style | py::array::forcecast>& t,
                           const py::array_t<double, py::array::c_style | py::array::forcecast>& n, const PatternListArg& patterns,
                           const OptionalIntArray& maxDegree, int repetition) {
    if (perturbsGraph(p.mechanism))
        throw std::invalid_argument("randomized response perturbs the graphs, not the densities: use release_graphs(data, patterns)");
    if (t.ndim() != 2) throw std::invalid_argument("densities must be a 2-dimensional array (graphs × patterns)");
    const long N = t.shape(0), d = t.shape(1);
    std::vector<px::Pattern> ps;
    if (py::isinstance<px::PatternSet>(patterns)) ps = patterns.cast<const px::PatternSet&>().patterns;
    else ps = argumentAs<std::vector<px::Pattern>>(patterns, "Mechanism.release", "patterns", "a PatternSet or a list of Pattern");
    if (long(ps.size()) != d)
        throw std::invalid_argument("densities have " + std::to_string(d) + " columns for " + std::to_string(ps.size()) + " patterns");
    auto clean = std::make_shared<px::DensityMatrix>();
    clean->t.resize(N, d);
    std::copy(t.data(), t.data() + N * d, clean->t.data());
    if (n.ndim() != 1 || n.shape(0) != N)
        throw std::invalid_argument("n must hold one vertex count per graph: the densities have " + std::to_string(N) + " rows, n has " +
                                    (n.ndim() == 1 ? std::to_string(n.shape(0)) + " entries" : std::to_string(n.ndim()) + " dimensions"));
    clean->n.resize(N);
    for (long i = 0; i < N; ++i) clean->n(i) = n.at(i);
    for (long k = 0; k < N * d; ++k)
        if (!std::isfinite(clean->t.data()[k])) throw std::invalid_argument("densities hold a non-finite value");
    const px::privacy::GraphFacts facts = factsFrom(p, n, maxDegree, N);
    auto out = std::make_unique<px::privacy::NoisyEmbedding>();
    {
        py::gil_scoped_release nogil;
        px::privacy::NoiseModel model(clean, ps, facts, p, "python");
        model.releaseInto(repetition, *out);
    }
    py::object report = fromJson(out->report.toJson());
    auto* e = out.release();
    return py::make_tuple(arrayOwning(e, e->values.data(), e->values.rows(), e->values.cols()), report);
}

py::tuple releaseGraphs(const MechanismParams& p, const px::Dataset& data, const px::PatternSet& patterns, int repetition,
                        const ProgressArg& progress) {
    requireCallable(progress, "Mechanism.release_graphs", "progress");
    auto e = runInterruptible([&](px::Progress& pr) {
        if (perturbsGraph(p.mechanism)) {
            px::privacy::RandomizedResponseModel rr(data, patterns.patterns, p.epsilon, p.seed, p.delta, p.secure, p.mechanism, p.dprrSplit);
            return std::make_unique<px::privacy::NoisyEmbedding>(rr.release(repetition, pr));
        }
        px::DensityMatrix dm = px::DensityMatrix::compute(data, patterns, {}, pr);
        px::privacy::NoiseModel model(dm, patterns.patterns, px::privacy::GraphFacts::of(data), p, data.name);
        return std::make_unique<px::privacy::NoisyEmbedding>(model.release(repetition));
    }, progress);
    py::object report = fromJson(e->report.toJson());
    auto* raw = e.release();
    return py::make_tuple(arrayOwning(raw, raw->values.data(), raw->values.rows(), raw->values.cols()), report);
}

py::list conversionsOf(double rho, double delta, double omega, const OptionalFloat& mu, const OptionalFloat& pure) {
    px::privacy::Guarantee g;
    g.rho = rho;
    g.omega = omega;
    if (!mu.is_none()) g.gaussianMu = argumentAs<double>(mu, "conversions", "gaussian_mu", "a number (or None)");
    if (!pure.is_none()) g.pureEpsilon = argumentAs<double>(pure, "conversions", "pure_epsilon", "a number (or None)");
    py::list out;
    const auto cs = px::privacy::conversions(g, delta);
    const int best = px::privacy::tightestConversion(cs);
    for (std::size_t i = 0; i < cs.size(); ++i) {
        py::dict c;
        c["name"] = cs[i].name;
        c["epsilon"] = cs[i].epsilon;
        c["tightest"] = int(i) == best;
        out.append(c);
    }
    return out;
}

py::dict audit(const EdgePairs& g0, const EdgePairs& g1, int n, const px::PatternSet& patterns, const MechanismParams& p,
               int samples, double confidence, std::uint64_t seed, bool rawFloatingPoint) {
    auto graph = [n](const py::object& edges, const char* what) {
        const char* expected = "an edge list: (u, v) pairs, shape (E, 2)";
        if (!py::isinstance<py::iterable>(edges) || py::isinstance<py::str>(edges)) wrongType("audit", what, expected, edges);
        std::vector<px::Edge> es;
        for (auto e : edges) {
            auto pair = argumentAs<std::pair<long, long>>(e, "audit", what, std::string(expected) + " (an entry of the list)");
            if (pair.first < 0 || pair.second < 0 || pair.first >= n || pair.second >= n)
                throw std::invalid_argument(std::string(what) + ": an endpoint lies outside [0, n)");
            es.push_back({int(pair.first), int(pair.second)});
        }
        return px::Graph::fromEdges(n, es);
    };
    const px::Graph a = graph(g0, "g0"), b = graph(g1, "g1");
    px::privacy::AuditParams ap;
    ap.samples = samples;
    ap.confidence = confidence;
    ap.seed = seed;
    ap.rawFloatingPoint = rawFloatingPoint;
    px::privacy::AuditResult r;
    {
        py::gil_scoped_release nogil;
        r = px::privacy::auditPair(a, b, patterns.patterns, p, ap);
    }
    py::dict d;
    d["claimed_epsilon"] = r.claimedEpsilon;
    d["delta"] = r.delta;
    d["epsilon_lower_bound"] = r.epsilonLowerBound;
    d["fpr"] = r.fpr;
    d["fnr"] = r.fnr;
    d["fpr_upper"] = r.fprUpper;
    d["fnr_upper"] = r.fnrUpper;
    d["test"] = r.test;
    d["samples"] = r.samples;
    d["valid_guarantee"] = r.validGuarantee;
    d["contradicts_claim"] = r.contradictsClaim();
    return d;
}

}  // namespace

void bindPrivacy(py::module_& m) {
    py::register_exception_translator([](std::exception_ptr e) {
        try {
            if (e) std::rethrow_exception(e);
        } catch (const px::privacy::AssumptionViolation& v) {
            setError(PyExc_ValueError, v.what());
        }
    });
    py::class_<MechanismParams>(m, "Mechanism", doc::kMechanism)
        .def(py::init(&makeMechanism), py::arg("kind") = "gaussian", py::arg("epsilon") = py::none(), py::arg("rho") = py::none(),
             py::arg("delta") = 1e-6, py::arg("allocation") = "isotropic", py::arg("weights") = py::none(), py::arg("degree_bound") = 6,
             py::arg("beta") = 0.0, py::arg("secure") = false, py::arg("reference") = false, py::arg("seed") = 1,
             py::arg("dprr_split") = "project")
        .def_readwrite("seed", &MechanismParams::seed, "the noise seed (a release with seed s and repetition r is reproducible)")
        .def_property_readonly("kind", [](const MechanismParams& p) { return px::privacy::key(p.mechanism); }, "the mechanism, e.g. 'gaussian'")
        .def_property_readonly("epsilon", [](const MechanismParams& p) { return p.epsilon; }, "the privacy budget epsilon")
        .def_property_readonly("delta", [](const MechanismParams& p) { return p.delta; }, "the delta of (epsilon, delta)-DP")
        .def("to_dict", [](const MechanismParams& p) { return fromJson(px::privacy::toJson(p)); }, doc::kToDict)
        .def("release", &releaseDensities, py::arg("densities"), py::arg("n"), py::arg("patterns"), py::arg("max_degree") = py::none(),
             py::arg("repetition") = 0, doc::kRelease)
        .def("release_graphs", &releaseGraphs, py::arg("data"), py::arg("patterns"), py::arg("repetition") = 0,
             py::arg("progress") = py::none(), doc::kReleaseGraphs)
        .def("__repr__", [](const MechanismParams& p) { return "<pxstudio.Mechanism " + px::privacy::toJson(p).dump() + ">"; })
        .def(py::pickle([](const MechanismParams& p) { return px::privacy::toJson(p).dump(); },
                        [](const std::string& s) { return px::privacy::mechanismParamsFromJson(nlohmann::json::parse(s)); }));

    m.def("epsilon_from_rho", [](double rho, double delta) {
        checkPrivacyNumbers("epsilon_from_rho", "rho", rho, delta);
        px::privacy::Guarantee g;
        g.rho = rho;
        return px::privacy::tightestEpsilon(g, delta);
    }, py::arg("rho"), py::arg("delta"), doc::kEpsilonFromRho);
    m.def("rho_for_epsilon", [](double epsilon, double delta) {
        checkPrivacyNumbers("rho_for_epsilon", "epsilon", epsilon, delta);
        const double mu = px::privacy::gaussianMuFor(epsilon, delta);
        return mu * mu / 2;
    }, py::arg("epsilon"), py::arg("delta"), doc::kRhoForEpsilon);
    m.def("conversions", &conversionsOf, py::arg("rho"), py::arg("delta"), py::arg("omega") = px::privacy::kInf,
          py::arg("gaussian_mu") = py::none(), py::arg("pure_epsilon") = py::none(), doc::kConversions);
    m.def("audit", &audit, py::arg("g0"), py::arg("g1"), py::arg("n"), py::arg("patterns"), py::arg("mechanism"),
          py::arg("samples") = 100000, py::arg("confidence") = 0.95, py::arg("seed") = 12345, py::arg("raw_floating_point") = false,
          doc::kAudit);
}

}  // namespace pxpy
