// Patterns for Python: sampling with exactly pxrun's options (same seed, same patterns), the
// patterns' structure, JSON round trips and pickling.
#include "Bindings.h"
#include "Docstrings.h"
#include "MemberDocs.h"
#include "patterns/PatternSet.h"

namespace pxpy {
namespace {

using px::Pattern;
using px::PatternSet;

py::array_t<std::int64_t> patternEdges(const Pattern& p) {
    const auto edges = p.graph.edges();
    py::array_t<std::int64_t> a({long(edges.size()), 2L});
    for (std::size_t k = 0; k < edges.size(); ++k) {
        a.mutable_at(long(k), 0) = edges[k].first;
        a.mutable_at(long(k), 1) = edges[k].second;
    }
    return a;
}

Pattern patternFrom(int m, const std::vector<std::pair<int, int>>& edges, const std::vector<int>& order) {
    if (m < 1 || m > 64) throw std::invalid_argument("a pattern needs between 1 and 64 vertices, got " + std::to_string(m));
    if (!order.empty()) {
        std::vector<int> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        for (int i = 0; i < m; ++i)
            if (int(sorted.size()) != m || sorted[std::size_t(i)] != i)
                throw std::invalid_argument("elimination order must be a permutation of 0.." + std::to_string(m - 1));
    }
    return Pattern(px::Graph::fromEdges(m, edges), order);
}

std::vector<std::pair<int, int>> edgeList(const Pattern& p) { return p.graph.edges(); }

PatternSet sample(const std::string& cls, int d, std::uint64_t seed, double sizeMean, int maxSize, double q, bool connected,
                  bool keepDuplicates) {
    px::PatternSamplerParams p;
    p.patternClass = px::PatternClass::parse(cls);
    if (d < 1 || d > 100000) throw std::invalid_argument("d must lie in [1, 100000], got " + std::to_string(d));
    if (!(sizeMean >= 1 && sizeMean <= 64)) throw std::invalid_argument("size_mean must lie in [1, 64]");
    if (maxSize < 0 || maxSize > 64) throw std::invalid_argument("max_size must lie in [0, 64] (0: no cap)");
    if (!(q > 0 && q <= 1)) throw std::invalid_argument("q (edge retention) must lie in (0, 1]");
    p.count = d;
    p.seed = seed;
    p.size.mean = sizeMean;
    p.size.maxSize = maxSize;
    p.edgeRetention = q;
    p.connected = connected;
    p.duplicates = keepDuplicates ? px::DuplicatePolicy::Keep : px::DuplicatePolicy::Resample;
    py::gil_scoped_release nogil;
    return PatternSet::sample(p);
}

}  // namespace

void bindPatterns(py::module_& m) {
    py::class_<Pattern>(m, "Pattern", doc::kPattern)
        .def(py::init(&patternFrom), py::arg("m"), py::arg("edges"), py::arg("order") = std::vector<int>{},
             "A pattern on m vertices with the given edges; order: an elimination order (default: min degree).")
        .def_property_readonly("m", &Pattern::vertices, "number of vertices")
        .def_property_readonly("num_edges", &Pattern::edges, "number of edges e(F)")
        .def_property_readonly("edges", &patternEdges, "edges as an e × 2 int64 array")
        .def_property_readonly("treewidth", &Pattern::treewidthBound, "width of its decomposition (an upper bound on tw(F))")
        .def_property_readonly("components", &Pattern::components, "number of connected components")
        .def_property_readonly("is_forest", &Pattern::isForest, "whether the pattern has no cycle")
        .def_property_readonly("elimination_order", [](const Pattern& p) { return p.decomposition.eliminated; },
                               "the vertex elimination order of its tree decomposition")
        .def("__repr__", [](const Pattern& p) { return "<pxstudio.Pattern " + p.describe() + ">"; })
        .def(py::pickle([](const Pattern& p) { return py::make_tuple(p.vertices(), edgeList(p), p.decomposition.eliminated); },
                        [](const py::tuple& t) {
                            return patternFrom(t[0].cast<int>(), t[1].cast<std::vector<std::pair<int, int>>>(), t[2].cast<std::vector<int>>());
                        }));

    py::class_<PatternSet>(m, "PatternSet", doc::kPatternSet)
        .def("__len__", &PatternSet::size)
        .def("__iter__", [](const PatternSet& s) { return py::make_iterator(s.patterns.begin(), s.patterns.end()); },
             py::keep_alive<0, 1>())
        .def("__getitem__", [](const PatternSet& s, long i) {
            if (i < 0) i += s.size();
            if (i < 0 || i >= s.size()) throw py::index_error("pattern index out of range");
            return s.patterns[std::size_t(i)];
        }, py::arg("index"))
        .def_property_readonly("patterns", [](const PatternSet& s) { return s.patterns; }, "the patterns, as a list")
        .def_property_readonly("duplicate_of", [](const PatternSet& s) { return s.duplicateOf; },
                               "per pattern: the index of an earlier isomorphic one, or -1")
        .def_property_readonly("distinct", &PatternSet::distinctCount, "number of pairwise non-isomorphic patterns")
        .def_readonly("warnings", &PatternSet::warnings, "what the sampler could not do as asked")
        .def_property_readonly("pattern_class", [](const PatternSet& s) { return s.params.patternClass.key(); },
                               "the class sampled from, e.g. 'trees' or 'treewidth:2'")
        .def_property_readonly("seed", [](const PatternSet& s) { return s.params.seed; }, "the sampler's seed")
        .def("to_json", &PatternSet::toJson, doc::kToJson)
        .def_static("from_json", [](const std::string& text) { return PatternSet::fromJson(text); }, py::arg("text"), doc::kFromJson)
        .def_static("load", &PatternSet::load, py::arg("path"), doc::kPatternSetLoad)
        .def("save", &PatternSet::save, py::arg("path"), doc::kPatternSetSave)
        .def("__repr__", [](const PatternSet& s) {
            return "<pxstudio.PatternSet " + s.params.patternClass.key() + ", d=" + std::to_string(s.size()) + ", seed=" +
                   std::to_string(s.params.seed) + ">";
        })
        .def(py::pickle([](const PatternSet& s) { return s.toJson(); },
                        [](const std::string& json) { return PatternSet::fromJson(json, "<pickle>"); }));

    m.def("sample_patterns", &sample, py::arg("pattern_class"), py::arg("d") = 50, py::arg("seed") = 1, py::arg("size_mean") = 5.0,
          py::arg("max_size") = 0, py::arg("q") = 0.9, py::arg("connected") = true, py::arg("keep_duplicates") = false,
          doc::kSamplePatterns);
}

}  // namespace pxpy
