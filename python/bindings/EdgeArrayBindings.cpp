// Data sets from edge arrays, one per graph, read in the layout their route states: PyG's (2, E) edge_index for
// from_edge_index, (E, 2) pairs for from_networkx, graph_list and the scikit-learn transformer. No layout is ever
// guessed from a shape (a (2, 2) array is two edges in both, different ones), and an array of the wrong shape for its
// route is refused naming the argument, the shape expected and the shape found.
#include "Bindings.h"
#include "dataset/Dataset.h"

#include <cmath>

namespace pxpy {
namespace {

using px::Dataset;
using px::Graph;

// How the rows of an edge array are read. Each route into a data set states its own layout and nothing is
// guessed from a shape: a (2, 2) array holds two edges either way, and the two readings differ.
enum class EdgeLayout {
    EndsInRows,   // (2, E): PyG's edge_index, row 0 the sources, row 1 the targets (from_edge_index)
    PairsInRows,  // (E, 2): one (u, v) pair per row (from_networkx, graph_list, the scikit-learn transformer)
};

EdgeLayout layoutFrom(const std::string& layout) {
    if (layout == "(2, E)") return EdgeLayout::EndsInRows;
    if (layout == "(E, 2)") return EdgeLayout::PairsInRows;
    throw std::invalid_argument("layout must be \"(2, E)\" or \"(E, 2)\", got \"" + layout + "\"");
}

// Where an error points: the caller ("from_edge_index: ") and the argument of graph i ("edge_indices[3]").
struct Route {
    std::string caller;    // the public function, e.g. from_edge_index
    std::string argument;  // the argument naming graph i, "{}" standing for i: "edge_indices[{}]", "X[{}][1]"
    std::string item(long i) const {
        std::string s = argument;
        const auto at = s.find("{}");
        return at == std::string::npos ? s : s.replace(at, 2, std::to_string(i));
    }
};

std::string shapeOf(const py::array& a) {
    std::string s = "(";
    for (py::ssize_t d = 0; d < a.ndim(); ++d) s += (d ? ", " : "") + std::to_string(a.shape(d));
    return s + (a.ndim() == 1 ? ",)" : ")");
}

// The array as int64, refusing what the cast would change: a float id that is not a whole number (0.5 would
// silently become 0).
py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> integerIds(const py::handle& obj, const std::string& what) {
    const py::array raw = py::array::ensure(obj);
    if (raw && (raw.dtype().kind() == 'f' || raw.dtype().kind() == 'c')) {
        const auto f = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(raw);
        for (py::ssize_t k = 0; f && k < f.size(); ++k) {
            const double v = f.data()[k];
            if (!(std::isfinite(v) && v == std::floor(v)))
                throw std::invalid_argument(what + ": expected integer vertex ids, found " + std::to_string(v) + " (entry " + std::to_string(k) + ")");
        }
    }
    auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(obj);
    if (!a) throw py::type_error(what + ": expected an array of integer vertex ids, got " + typeName(obj));
    return a;
}

// A graph from an edge array read in the route's layout; duplicates and both directions fold into one undirected
// edge, self loops are dropped (and counted in `dropped`). An empty 1-dimensional array ([]) is no edges.
Graph graphFromArray(const py::handle& obj, int n, EdgeLayout layout, const std::string& what, long* dropped) {
    auto a = integerIds(obj, what);
    const bool pyg = layout == EdgeLayout::EndsInRows;
    const bool noEdges = a.ndim() == 1 && a.shape(0) == 0;
    if (!noEdges && (a.ndim() != 2 || a.shape(pyg ? 0 : 1) != 2)) {
        const bool transposed = a.ndim() == 2 && a.shape(pyg ? 1 : 0) == 2;
        throw std::invalid_argument(what + " has shape " + shapeOf(a) + "; expected " +
                                    (pyg ? "(2, E), PyG's edge_index (row 0 the sources, row 1 the targets)"
                                         : "(E, 2), one (u, v) pair per row") +
                                    (transposed ? pyg ? "; an (E, 2) array of pairs is its transpose: pass edges.T"
                                                      : "; a (2, E) edge_index is its transpose: pass edge_index.T"
                                                : ""));
    }
    const long e = noEdges ? 0 : pyg ? a.shape(1) : a.shape(0);
    const std::int64_t* ids = a.data();
    std::vector<px::Edge> edges;
    edges.reserve(std::size_t(e));
    for (long k = 0; k < e; ++k) {
        const std::int64_t u = pyg ? ids[k] : ids[2 * k], v = pyg ? ids[e + k] : ids[2 * k + 1];
        if (u < 0 || v < 0 || u >= n || v >= n)
            throw std::invalid_argument(what + ": edge " + std::to_string(k) + " (" + std::to_string(u) + ", " + std::to_string(v) +
                                        ") has an endpoint outside [0, " + std::to_string(n) + ")");
        edges.push_back({int(u), int(v)});
    }
    px::EdgeCleanup cleanup;
    Graph g = Graph::fromEdges(n, edges, &cleanup);
    if (dropped) *dropped += long(cleanup.selfLoops.size());
    return g;
}

// The graphs' arrays as a list: a list or tuple of arrays, one per graph (one array alone is refused by name, since
// its rows would be taken for graphs).
py::list arraysOf(const py::handle& arrays, EdgeLayout layout, const Route& r) {
    const std::string expected = std::string("a list of ") + (layout == EdgeLayout::EndsInRows ? "(2, E)" : "(E, 2)") +
                                 " edge arrays, one per graph";
    if (py::hasattr(arrays, "shape"))
        wrongType(r.caller, r.argument.substr(0, r.argument.find('[')), expected + " (for one graph, a list holding its array)", arrays);
    if (!py::isinstance<py::list>(arrays) && !py::isinstance<py::tuple>(arrays))
        wrongType(r.caller, r.argument.substr(0, r.argument.find('[')), expected, arrays);
    return py::list(py::reinterpret_borrow<py::object>(arrays));
}

// Vertex counts: num_nodes (one int per graph) or, for None, the largest id + 1 of each graph.
std::vector<long> vertexCounts(const py::list& arrays, const py::object& numNodes, const Route& r) {
    const long N = long(arrays.size());
    std::vector<long> counts;
    if (!numNodes.is_none()) {
        if (!py::isinstance<py::iterable>(numNodes) || py::isinstance<py::str>(numNodes))
            wrongType(r.caller, "num_nodes", "a list of vertex counts, one int per graph", numNodes);
        for (auto v : numNodes) counts.push_back(argumentAs<long>(v, r.caller, "num_nodes", "a list of vertex counts, one int per graph"));
        if (long(counts.size()) != N)
            throw std::invalid_argument(r.caller + ": num_nodes has " + std::to_string(counts.size()) + " entries for " +
                                        std::to_string(N) + " graphs");
    } else {
        for (long i = 0; i < N; ++i) {
            auto a = integerIds(arrays[py::size_t(i)], r.caller + ": " + r.item(i));
            long n = 0;
            for (long k = 0; k < a.size(); ++k) n = std::max<long>(n, a.data()[k] + 1);
            counts.push_back(n);
        }
    }
    for (long i = 0; i < N; ++i)
        if (counts[std::size_t(i)] < 1 || counts[std::size_t(i)] > (1L << 30))
            throw std::invalid_argument(r.caller + ": " + r.item(i) + " has " + std::to_string(counts[std::size_t(i)]) +
                                        " vertices; a graph needs between 1 and 2^30 (a density divides by n^|V(F)|)");
    return counts;
}

// Labels (one value or row per graph) and the task each column is: binary, multiclass or regression.
void setLabels(Dataset& ds, const py::object& labels, const Route& r) {
    const long N = ds.size();
    if (labels.is_none()) {
        ds.labels.resize(N, 0);
        return;
    }
    auto y = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(labels);
    if (!y) wrongType(r.caller, "labels", "numbers, one value (or row of values) per graph", labels);
    if (y.ndim() < 1 || y.ndim() > 2 || y.shape(0) != N)
        throw std::invalid_argument(r.caller + ": labels must have one row per graph (" + std::to_string(N) + "), found shape " + shapeOf(y));
    const long T = y.ndim() == 1 ? 1 : y.shape(1);
    ds.labels.resize(N, T);
    for (long i = 0; i < N; ++i)
        for (long t = 0; t < T; ++t) ds.labels(i, t) = y.data()[i * T + t];
    for (long t = 0; t < T; ++t) {
        bool integral = true;
        double maxLabel = 0;
        for (long i = 0; i < N; ++i) {
            const double v = ds.labels(i, t);
            if (std::isnan(v)) continue;
            if (!std::isfinite(v)) throw std::invalid_argument(r.caller + ": labels must be finite or NaN (missing)");
            integral = integral && v == std::floor(v) && v >= 0;
            maxLabel = std::max(maxLabel, v);
        }
        const px::TaskType type = !integral ? px::TaskType::Regression : maxLabel <= 1 ? px::TaskType::Binary : px::TaskType::MultiClass;
        ds.tasks.push_back({"task" + std::to_string(t), type});
    }
}

// Every route from edge arrays to a data set (from_edge_index, from_networkx, the transformer's X): the layout is
// the route's, given by the caller, never read off the arrays' shapes.
Dataset fromEdgeArrays(const py::handle& edgeArrays, const std::string& layoutName, const py::object& numNodes, const py::object& labels,
                       const std::string& name, const std::string& caller, const std::string& argument) {
    const EdgeLayout layout = layoutFrom(layoutName);
    const Route route{caller, argument};
    const py::list arrays = arraysOf(edgeArrays, layout, route);
    const long N = long(arrays.size());
    if (N == 0) throw std::invalid_argument(caller + ": no graphs given");
    const std::vector<long> counts = vertexCounts(arrays, numNodes, route);
    Dataset ds;
    ds.name = name;
    ds.source = "python";
    long selfLoops = 0;
    for (long i = 0; i < N; ++i)
        ds.graphs.push_back(graphFromArray(arrays[py::size_t(i)], int(counts[std::size_t(i)]), layout, caller + ": " + route.item(i), &selfLoops));
    if (selfLoops > 0) ds.warnings.push_back(std::to_string(selfLoops) + " self loops dropped");
    setLabels(ds, labels, route);
    ds.checkConsistent();
    return ds;
}

}  // namespace

void bindEdgeArrays(py::module_& m) {
    m.def("_from_edge_arrays", &fromEdgeArrays, py::arg("edge_arrays"), py::arg("layout"), py::arg("num_nodes") = py::none(),
          py::arg("labels") = py::none(), py::arg("name") = "python", py::arg("caller") = "_from_edge_arrays",
          py::arg("argument") = "edge_arrays[{}]",
          "A data set from edge arrays in the layout the caller states, '(2, E)' or '(E, 2)' (behind from_edge_index, "
          "from_networkx and the scikit-learn transformer; documented there).");
}

}  // namespace pxpy
