// Densities and sweeps for Python: the GIL is released while the engine works, Ctrl-C cancels
// (KeyboardInterrupt), an optional callback sees the progress, and the density matrix reaches
// numpy without a copy.
#include "Bindings.h"
#include "Docstrings.h"
#include "experiment/DensityCache.h"
#include "experiment/SweepRunner.h"
#include "experiment/SweepSpec.h"
#include "common/JsonInput.h"
#include "depthlab/DepthLab.h"
#include "generators/Generators.h"
#include "hom/DensityMatrix.h"
#include "io/Loaders.h"
#include "patterns/PatternSet.h"

#include <memory>

namespace pxpy {
namespace {

std::vector<px::Pattern> patternsOf(const py::object& patterns) {
    const char* expected = "a PatternSet (px.sample_patterns), a Pattern or a list of Pattern";
    if (py::isinstance<px::PatternSet>(patterns)) return patterns.cast<const px::PatternSet&>().patterns;
    if (py::isinstance<px::Pattern>(patterns)) return {patterns.cast<px::Pattern>()};
    if (!py::isinstance<py::list>(patterns) && !py::isinstance<py::tuple>(patterns)) wrongType("densities", "patterns", expected, patterns);
    std::vector<px::Pattern> out;
    for (auto p : patterns) {
        if (!py::isinstance<px::Pattern>(p)) wrongType("densities", "patterns[" + std::to_string(out.size()) + "]", "a Pattern", p);
        out.push_back(p.cast<px::Pattern>());
    }
    if (out.empty()) throw std::invalid_argument("densities: patterns: the list is empty");
    return out;
}

px::DensityPath pathFrom(const std::string& p) {
    if (p == "auto") return px::DensityPath::Auto;
    if (p == "sparse") return px::DensityPath::SparseDp;
    if (p == "scatter") return px::DensityPath::Scatter;
    if (p == "gemm") return px::DensityPath::Gemm;
    throw std::invalid_argument("path must be auto, sparse, scatter or gemm, got '" + p + "'");
}

py::array_t<double> densities(const px::Dataset& data, const PatternsArg& patterns, const OptionalInt& threads,
                              const ProgressArg& progress, const std::string& path, double maxMemoryGiB) {
    const std::vector<px::Pattern> ps = patternsOf(patterns);
    requireCallable(progress, "densities", "progress");
    px::DensityParams dp;
    dp.threads = threads.is_none() ? 0 : argumentAs<int>(threads, "densities", "threads", "an int (or None: all cores)");
    if (dp.threads < 0) throw std::invalid_argument("threads must be positive (or None: all cores)");
    dp.path = pathFrom(path);
    dp.maxMemoryBytes = maxMemoryGiB > 0 ? maxMemoryGiB * double(1L << 30) : 0;
    auto result = runInterruptible(
        [&](px::Progress& p) { return std::make_unique<px::DensityMatrix>(px::DensityMatrix::compute(data, ps, dp, p)); }, progress);
    px::DensityMatrix* dm = result.release();
    return arrayOwning(dm, dm->t.data(), dm->rows(), dm->cols());
}

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

py::dict sweepDict(const px::experiment::SweepResult& r) {
    py::dict out;
    out["runs"] = tableDict(r.runs);
    out["summary"] = tableDict(r.aggregated);
    out["metadata"] = fromJson(r.metadata);
    return out;
}

// Densities computed elsewhere (pxstudio.dask: in blocks of graphs on a cluster), one matrix (or None) per pattern
// set of the sweep in the order of sweepPatternPlan, kept in a cache the sweep reads instead of computing them.
void fillCache(px::experiment::DensityCache& cache, const px::experiment::SweepSpec& spec, const px::Dataset& data,
               const py::list& matrices) {
    const std::vector<px::PatternSet> sets = px::experiment::sweepPatternPlan(spec).sets;
    if (matrices.size() != sets.size())
        throw std::invalid_argument("densities: the sweep has " + std::to_string(sets.size()) + " pattern sets, got " +
                                    std::to_string(matrices.size()) + " matrices");
    for (std::size_t i = 0; i < sets.size(); ++i) {
        if (matrices[i].is_none()) continue;  // not needed by this shard's runs (computed if it is, after all)
        auto a = matrices[i].cast<py::array_t<double, py::array::c_style | py::array::forcecast>>();
        if (a.ndim() != 2 || a.shape(0) != py::ssize_t(data.size()) || a.shape(1) != py::ssize_t(sets[i].size()))
            throw std::invalid_argument("densities: matrix " + std::to_string(i) + " must be " + std::to_string(data.size()) +
                                        " graphs x " + std::to_string(sets[i].size()) + " patterns");
        auto dm = std::make_shared<px::DensityMatrix>();
        dm->t = Eigen::Map<const px::DensityMatrix::Matrix>(a.data(), a.shape(0), a.shape(1));
        dm->n.resize(data.size());
        for (int g = 0; g < data.size(); ++g) dm->n[g] = data.graphs[g].numVertices();
        cache.put(sets[i], std::move(dm));
    }
}

py::dict sweep(const std::string& specText, const std::string& source, const OptionalDataset& data, const ProgressArg& progress,
               int shard, int shards, const py::object& densities) {
    requireCallable(progress, "sweep", "progress");
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
    px::experiment::DensityCache cache(std::size_t(256) << 20, px::experiment::DiskDensityStore::fromEnvironment());
    px::experiment::SweepOptions options;
    options.densityStore = px::experiment::DiskDensityStore::fromEnvironment();  // PX_DENSITY_CACHE, read at each call
    options.shard = shard;
    options.shards = shards;
    if (!densities.is_none()) {
        fillCache(cache, spec, *ds, densities.cast<py::list>());
        options.densities = &cache;
    }
    auto r = runInterruptible([&](px::Progress& p) { return px::experiment::runSweep(spec, *ds, options, p); }, progress);
    return sweepDict(r);
}

// What a distributed sweep needs to know before it runs: its pattern sets (densities first, in blocks of graphs),
// its number of runs (to cut shards) and its data set as the spec names it.
py::dict sweepPlan(const std::string& specText, const std::string& source) {
    const px::experiment::SweepSpec spec = px::experiment::SweepSpec::fromJson(specText, source);
    const px::experiment::SweepPatternPlan plan = px::experiment::sweepPatternPlan(spec);
    py::list sets;
    for (auto& set : plan.sets) sets.append(set);
    py::dict out;
    out["pattern_sets"] = sets;
    out["set_of_run"] = plan.setOfRun;
    out["runs"] = spec.runs().size();
    out["dataset"] = spec.dataset;
    return out;
}

// A Python value (dicts, lists, numbers, strings) as JSON: the inverse of fromJson.
nlohmann::json jsonOf(const py::handle& v) {
    return nlohmann::json::parse(py::module_::import("json").attr("dumps")(v).cast<std::string>());
}

nlohmann::json cellOf(const py::handle& v) {
    if (v.is_none()) return nullptr;
    if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
    if (py::isinstance<py::int_>(v)) return v.cast<long long>();
    if (py::isinstance<py::float_>(v)) return v.cast<double>();
    if (py::isinstance<py::str>(v)) return v.cast<std::string>();
    return jsonOf(v);
}

// The tables of a sweep from its runs (shards' run tables joined, as pxrun merge does): aggregate and fits.
py::dict summariseRuns(const py::dict& runs, const py::object& metadata) {
    px::experiment::SweepResult r;
    std::vector<std::pair<std::string, py::list>> columns;
    std::size_t rows = 0;
    for (auto item : runs) {
        columns.emplace_back(item.first.cast<std::string>(), py::reinterpret_borrow<py::list>(item.second));
        rows = std::max(rows, columns.back().second.size());
    }
    for (std::size_t i = 0; i < rows; ++i) {
        px::experiment::ResultTable::Row row;
        for (auto& [name, values] : columns)
            row.emplace_back(name, i < values.size() ? cellOf(values[i]) : nlohmann::json());
        r.runs.add(row);
    }
    r.metadata = metadata.is_none() ? nlohmann::json::object() : jsonOf(metadata);
    px::experiment::summarise(r);
    return sweepDict(r);
}

// A depth-lab experiment (as pxrun depth): the spec's own "data", or none.
py::dict depth(const std::string& specText, const std::string& source, const ProgressArg& progress) {
    requireCallable(progress, "depth", "progress");
    const nlohmann::json spec = px::parseJsonInput(specText, source);
    auto t = runInterruptible(
        [&](px::Progress& p) { return std::make_unique<px::experiment::ResultTable>(px::depthlab::runDepthExperiment(spec, source, p)); },
        progress);
    return tableDict(*t);
}

py::object depthDefaults(const std::string& experiment) { return fromJson(px::depthlab::defaultDepthSpec(experiment)); }

}  // namespace

void bindDensities(py::module_& m) {
    m.def("densities", &densities, py::arg("data"), py::arg("patterns"), py::arg("threads") = py::none(),
          py::arg("progress") = py::none(), py::arg("path") = "auto", py::arg("max_memory_gib") = 0.0,
          "Homomorphism densities t(F_j, G_i): a float64 array of shape (graphs, patterns), computed in parallel "
          "with the GIL released (no copy on the way out). progress: a callable taking the fraction done; "
          "Ctrl-C cancels. path: auto, sparse, scatter or gemm (as pxrun densities --path).");
}

void bindSweep(py::module_& m) {
    m.def("_sweep", &sweep, py::arg("spec_json"), py::arg("source"), py::arg("data") = py::none(), py::arg("progress") = py::none(),
          py::arg("shard") = 0, py::arg("shards") = 1, py::arg("densities") = py::none());
    m.def("_sweep_plan", &sweepPlan, py::arg("spec_json"), py::arg("source"));
    m.def("_shard_range", &px::experiment::shardRange, py::arg("runs"), py::arg("shard"), py::arg("shards"),
          "Runs [begin, end) of shard i of n, as pxrun sweep --shard i/n cuts them.");
    m.def("_summarise_runs", &summariseRuns, py::arg("runs"), py::arg("metadata") = py::none());
    m.def("_depth", &depth, py::arg("spec_json"), py::arg("source"), py::arg("progress") = py::none());
    m.def("_depth_defaults", &depthDefaults, py::arg("experiment"));
    m.def("depth_experiments", &px::depthlab::depthExperiments, doc::kDepthExperiments);
}

}  // namespace pxpy
