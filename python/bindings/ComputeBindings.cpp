// Densities and sweeps for Python: the GIL is released while the engine works, Ctrl-C cancels
// (KeyboardInterrupt), an optional callback sees the progress, and the density matrix reaches
// numpy without a copy.
#include "Bindings.h"
#include "experiment/SweepRunner.h"
#include "experiment/SweepSpec.h"
#include "common/JsonInput.h"
#include "gnn/DepthLab.h"
#include "generators/Generators.h"
#include "hom/DensityMatrix.h"
#include "io/Loaders.h"
#include "patterns/PatternSet.h"

#include <memory>

namespace pxpy {
namespace {

std::vector<px::Pattern> patternsOf(const py::object& patterns) {
    if (py::isinstance<px::PatternSet>(patterns)) return patterns.cast<const px::PatternSet&>().patterns;
    if (py::isinstance<px::Pattern>(patterns)) return {patterns.cast<px::Pattern>()};
    std::vector<px::Pattern> out;
    for (auto p : patterns) {
        if (!py::isinstance<px::Pattern>(p)) throw std::invalid_argument("patterns: expected a PatternSet or a list of Pattern");
        out.push_back(p.cast<px::Pattern>());
    }
    if (out.empty()) throw std::invalid_argument("patterns: the list is empty");
    return out;
}

px::DensityPath pathFrom(const std::string& p) {
    if (p == "auto") return px::DensityPath::Auto;
    if (p == "sparse") return px::DensityPath::SparseDp;
    if (p == "scatter") return px::DensityPath::Scatter;
    if (p == "gemm") return px::DensityPath::Gemm;
    throw std::invalid_argument("path must be auto, sparse, scatter or gemm, got '" + p + "'");
}

py::array_t<double> densities(const px::Dataset& data, const py::object& patterns, const py::object& threads,
                              const py::object& progress, const std::string& path, double maxMemoryGiB) {
    const std::vector<px::Pattern> ps = patternsOf(patterns);
    px::DensityParams dp;
    dp.threads = threads.is_none() ? 0 : threads.cast<int>();
    if (dp.threads < 0) throw std::invalid_argument("threads must be positive (or None: all cores)");
    dp.path = pathFrom(path);
    dp.maxMemoryBytes = maxMemoryGiB > 0 ? maxMemoryGiB * double(1L << 30) : 0;
    auto result = runInterruptible(
        [&](px::Progress& p) { return std::make_unique<px::DensityMatrix>(px::DensityMatrix::compute(data, ps, dp, p)); }, progress);
    px::DensityMatrix* dm = result.release();
    return arrayOwning(dm, dm->t.data(), dm->rows(), dm->cols());
}

py::object fromJson(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

// A result table as {column: list of values} (the Python side turns it into numpy or pandas).
py::dict tableDict(const px::experiment::ResultTable& t) {
    py::dict out;
    for (const auto& c : t.columns()) {
        py::list values;
        for (int r = 0; r < t.rows(); ++r) {
            const nlohmann::json& v = t.at(r, c);
            if (v.is_number_float()) values.append(py::float_(v.get<double>()));  // ∞ and NaN stay numbers (JSON would make them null)
            else if (v.is_number()) values.append(py::int_(v.get<long long>()));
            else values.append(fromJson(v));
        }
        out[py::str(c)] = values;
    }
    return out;
}

py::dict sweep(const std::string& specText, const std::string& source, const py::object& data, const py::object& progress) {
    const px::experiment::SweepSpec spec = px::experiment::SweepSpec::fromJson(specText, source);
    px::Dataset loaded;
    const px::Dataset* ds = nullptr;
    if (!data.is_none()) {
        ds = &data.cast<const px::Dataset&>();
    } else {
        py::gil_scoped_release nogil;
        loaded = spec.dataset.rfind("builtin:", 0) == 0 ? px::gen::builtin(spec.dataset.substr(8)) : px::io::loadDataset(spec.dataset);
        ds = &loaded;
    }
    auto r = runInterruptible([&](px::Progress& p) { return px::experiment::runSweep(spec, *ds, {}, p); }, progress);
    py::dict out;
    out["runs"] = tableDict(r.runs);
    out["summary"] = tableDict(r.aggregated);
    out["metadata"] = fromJson(r.metadata);
    return out;
}

// A depth-lab experiment (as pxrun depth): the spec's own "data", or none.
py::dict depth(const std::string& specText, const std::string& source, const py::object& progress) {
    const nlohmann::json spec = px::parseJsonInput(specText, source);
    auto t = runInterruptible(
        [&](px::Progress& p) { return std::make_unique<px::experiment::ResultTable>(px::gnn::runDepthExperiment(spec, source, p)); },
        progress);
    return tableDict(*t);
}

py::object depthDefaults(const std::string& experiment) { return fromJson(px::gnn::defaultDepthSpec(experiment)); }

}  // namespace

void bindDensities(py::module_& m) {
    m.def("densities", &densities, py::arg("data"), py::arg("patterns"), py::arg("threads") = py::none(),
          py::arg("progress") = py::none(), py::arg("path") = "auto", py::arg("max_memory_gib") = 0.0,
          "Homomorphism densities t(F_j, G_i): a float64 array of shape (graphs, patterns), computed in parallel "
          "with the GIL released (no copy on the way out). progress: a callable taking the fraction done; "
          "Ctrl-C cancels. path: auto, sparse, scatter or gemm (as pxrun densities --path).");
}

void bindSweep(py::module_& m) {
    m.def("_sweep", &sweep, py::arg("spec_json"), py::arg("source"), py::arg("data") = py::none(), py::arg("progress") = py::none());
    m.def("_depth", &depth, py::arg("spec_json"), py::arg("source"), py::arg("progress") = py::none());
    m.def("_depth_defaults", &depthDefaults, py::arg("experiment"));
    m.def("depth_experiments", &px::gnn::depthExperiments, "The depth lab's experiments (as pxrun depth --list).");
}

}  // namespace pxpy
