// Data sets for Python: every loader of the app, the data set's graphs and labels as arrays, and
// pickling (so data sets cross process boundaries: multiprocessing, joblib, Dask).
#include "Bindings.h"
#include "Docstrings.h"
#include "MemberDocs.h"
#include "dataset/NodeDataset.h"
#include "generators/Generators.h"
#include "depthlab/NodeGenerators.h"
#include "io/LinqsLoader.h"
#include "io/Loaders.h"

#include <cmath>

namespace pxpy {
namespace {

using px::Dataset;
using px::Graph;

py::array_t<std::int64_t> indexArray(const std::vector<int>& v) {
    py::array_t<std::int64_t> a(long(v.size()));
    auto w = a.mutable_unchecked<1>();
    for (std::size_t i = 0; i < v.size(); ++i) w(long(i)) = v[i];
    return a;
}

std::vector<int> indexVector(const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& a, long bound,
                             const std::string& what) {
    if (a.ndim() != 1) throw std::invalid_argument(what + ": expected a 1-dimensional array of indices");
    std::vector<int> v;
    auto r = a.unchecked<1>();
    for (long i = 0; i < r.shape(0); ++i) {
        if (r(i) < 0 || r(i) >= bound)
            throw std::invalid_argument(what + "[" + std::to_string(i) + "] = " + std::to_string(r(i)) + " is outside [0, " +
                                        std::to_string(bound) + ")");
        v.push_back(int(r(i)));
    }
    return v;
}

// One integer per graph (n, e, Δ) as an int64 array.
template <class F>
py::array_t<std::int64_t> perGraph(const Dataset& ds, F f) {
    std::vector<int> v;
    for (const auto& g : ds.graphs) v.push_back(f(g));
    return indexArray(v);
}

// Edges of g, each once (u < v), as an E × 2 array.
py::array_t<std::int64_t> edgePairs(const Graph& g) {
    const auto edges = g.edges();
    py::array_t<std::int64_t> a({long(edges.size()), 2L});
    auto w = a.mutable_unchecked<2>();
    for (std::size_t k = 0; k < edges.size(); ++k) {
        w(long(k), 0) = edges[k].first;
        w(long(k), 1) = edges[k].second;
    }
    return a;
}

// PyG's convention: both directions of every undirected edge, shape (2, 2E).
py::array_t<std::int64_t> edgeIndex(const Graph& g) {
    const auto edges = g.edges();
    const long e = long(edges.size());
    py::array_t<std::int64_t> a({2L, 2 * e});
    auto w = a.mutable_unchecked<2>();
    for (long k = 0; k < e; ++k) {
        w(0, 2 * k) = edges[std::size_t(k)].first, w(1, 2 * k) = edges[std::size_t(k)].second;
        w(0, 2 * k + 1) = edges[std::size_t(k)].second, w(1, 2 * k + 1) = edges[std::size_t(k)].first;
    }
    return a;
}

py::dict splitDict(const px::Split& s) {
    py::dict d;
    d["name"] = s.name;
    d["train"] = indexArray(s.train);
    d["valid"] = indexArray(s.valid);
    d["test"] = indexArray(s.test);
    return d;
}
px::Split splitFrom(const py::dict& d, long N) {
    px::Split s;
    s.name = d["name"].cast<std::string>();
    s.train = indexVector(d["train"].cast<py::array_t<std::int64_t>>(), N, "split.train");
    s.valid = indexVector(d["valid"].cast<py::array_t<std::int64_t>>(), N, "split.valid");
    s.test = indexVector(d["test"].cast<py::array_t<std::int64_t>>(), N, "split.test");
    return s;
}

// Pickle state: everything, graphs as CSR arrays (compact and exact).
py::tuple datasetState(const Dataset& ds) {
    py::list graphs;
    for (const auto& g : ds.graphs) graphs.append(py::make_tuple(indexArray(g.offsets()), indexArray(g.adjacency())));
    py::list tasks, folds;
    for (const auto& t : ds.tasks) tasks.append(py::make_tuple(t.name, int(t.type)));
    for (const auto& f : ds.folds) folds.append(splitDict(f));
    py::array_t<double> labels({long(ds.labels.rows()), long(ds.labels.cols())});
    for (long i = 0; i < ds.labels.rows(); ++i)
        for (long t = 0; t < ds.labels.cols(); ++t) labels.mutable_at(i, t) = ds.labels(i, t);
    return py::make_tuple(1, ds.name, ds.source, graphs, tasks, labels, ds.split ? py::object(splitDict(*ds.split)) : py::object(py::none()),
                          folds, ds.warnings, ds.notes);
}
Dataset datasetFromState(const py::tuple& t) {
    if (t.size() != 10 || t[0].cast<int>() != 1) throw std::invalid_argument("not a pxstudio.Dataset pickle of version 1");
    Dataset ds;
    ds.name = t[1].cast<std::string>();
    ds.source = t[2].cast<std::string>();
    for (auto g : t[3].cast<py::list>()) {
        auto pair = g.cast<py::tuple>();
        auto off = pair[0].cast<py::array_t<std::int64_t>>(), adj = pair[1].cast<py::array_t<std::int64_t>>();
        ds.graphs.push_back(Graph::fromCsr(std::vector<int>(off.data(), off.data() + off.size()),
                                           std::vector<int>(adj.data(), adj.data() + adj.size())));
    }
    for (auto task : t[4].cast<py::list>()) {
        auto p = task.cast<py::tuple>();
        ds.tasks.push_back({p[0].cast<std::string>(), px::TaskType(p[1].cast<int>())});
    }
    auto labels = t[5].cast<py::array_t<double, py::array::c_style | py::array::forcecast>>();
    ds.labels.resize(labels.shape(0), labels.shape(1));
    for (long i = 0; i < labels.shape(0); ++i)
        for (long k = 0; k < labels.shape(1); ++k) ds.labels(i, k) = labels.at(i, k);
    const long N = ds.size();
    if (!t[6].is_none()) ds.split = splitFrom(t[6].cast<py::dict>(), N);
    for (auto f : t[7].cast<py::list>()) ds.folds.push_back(splitFrom(f.cast<py::dict>(), N));
    ds.warnings = t[8].cast<std::vector<std::string>>();
    ds.notes = t[9].cast<std::vector<std::string>>();
    ds.checkConsistent();
    return ds;
}

Dataset subset(const Dataset& ds, const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& rows) {
    const std::vector<int> idx = indexVector(rows, ds.size(), "indices");
    Dataset out;
    out.name = ds.name;
    out.source = ds.source;
    out.tasks = ds.tasks;
    out.labels.resize(long(idx.size()), ds.labels.cols());
    for (std::size_t k = 0; k < idx.size(); ++k) {
        out.graphs.push_back(ds.graphs[std::size_t(idx[k])]);
        out.labels.row(long(k)) = ds.labels.row(idx[k]);
        if (!ds.nodeLabels.empty()) out.nodeLabels.push_back(ds.nodeLabels[std::size_t(idx[k])]);
    }
    out.nodeLabelValues = ds.nodeLabels.empty() ? 0 : ds.nodeLabelValues;
    return out;
}

Dataset loadAny(const std::string& path) {
    if (path.rfind("builtin:", 0) == 0) return px::gen::builtin(path.substr(8));
    return px::io::loadDataset(path);
}

}  // namespace

void bindData(py::module_& m) {
    py::class_<Dataset>(m, "Dataset", doc::kDataset)
        .def_readonly("name", &Dataset::name, "the data set's name")
        .def_readonly("source", &Dataset::source, "where it came from: a folder, a file or a generator")
        .def("__len__", &Dataset::size)
        .def_property_readonly("num_vertices", [](const Dataset& ds) { return perGraph(ds, [](const Graph& g) { return g.numVertices(); }); },
                               "vertex count n of every graph (int64 array)")
        .def_property_readonly("num_edges", [](const Dataset& ds) { return perGraph(ds, [](const Graph& g) { return int(g.numEdges()); }); },
                               "undirected edge count of every graph (int64 array)")
        .def_property_readonly("max_degree", [](const Dataset& ds) { return perGraph(ds, [](const Graph& g) { return g.maxDegree(); }); },
                               "maximum degree Δ(G) of every graph (int64 array)")
        .def_property_readonly("labels", [](const Dataset& ds) {
            py::array_t<double> a({long(ds.labels.rows()), long(ds.labels.cols())});
            for (long i = 0; i < ds.labels.rows(); ++i)
                for (long t = 0; t < ds.labels.cols(); ++t) a.mutable_at(i, t) = ds.labels(i, t);
            return a;
        }, "graphs × tasks float64 array; NaN marks a missing label")
        .def_property_readonly("tasks", [](const Dataset& ds) {
            py::list l;
            for (const auto& t : ds.tasks) l.append(py::make_tuple(t.name, px::toString(t.type)));
            return l;
        }, "(name, type) of every task; type is binary, multiclass or regression")
        .def_property_readonly("split", [](const Dataset& ds) { return ds.split ? py::object(splitDict(*ds.split)) : py::object(py::none()); },
                               "the shipped split as {'name', 'train', 'valid', 'test'} or None")
        .def_property_readonly("folds", [](const Dataset& ds) {
            py::list l;
            for (const auto& f : ds.folds) l.append(splitDict(f));
            return l;
        }, "shipped cross-validation folds (train/test index arrays each)")
        .def("node_labels", [](const Dataset& ds, int i) {
            if (i < 0 || i >= ds.size()) throw py::index_error("graph " + std::to_string(i) + " of " + std::to_string(ds.size()));
            if (ds.nodeLabels.empty()) return py::object(py::none());
            return py::object(indexArray(ds.nodeLabels[std::size_t(i)]));
        }, py::arg("graph"), doc::kNodeLabels)
        .def_readonly("node_label_values", &Dataset::nodeLabelValues, "L: distinct node labels (0 without node labels)")
        .def_readonly("warnings", &Dataset::warnings, "what the loader dropped or repaired, as file:line: messages")
        .def_readonly("notes", &Dataset::notes, "what the loader did that is not a problem (e.g. labels mapped)")
        .def("content_hash", &Dataset::contentHash, doc::kContentHash)
        .def("edges", [](const Dataset& ds, int i) {
            if (i < 0 || i >= ds.size()) throw py::index_error("graph " + std::to_string(i) + " of " + std::to_string(ds.size()));
            return edgePairs(ds.graphs[std::size_t(i)]);
        }, py::arg("graph"), doc::kEdges)
        .def("edge_index", [](const Dataset& ds, int i) {
            if (i < 0 || i >= ds.size()) throw py::index_error("graph " + std::to_string(i) + " of " + std::to_string(ds.size()));
            return edgeIndex(ds.graphs[std::size_t(i)]);
        }, py::arg("graph"), doc::kEdgeIndex)
        .def("subset", &subset, py::arg("indices"), doc::kSubset)
        .def("__repr__", [](const Dataset& ds) {
            return "<pxstudio.Dataset '" + ds.name + "': " + std::to_string(ds.size()) + " graphs, " + std::to_string(ds.totalEdges()) + " edges>";
        })
        .def(py::pickle([](const Dataset& ds) { return datasetState(ds); }, [](const py::tuple& t) { return datasetFromState(t); }));

    m.def("load", [](const std::string& path) {
        py::gil_scoped_release nogil;
        return loadAny(path);
    }, py::arg("path"), doc::kLoad);
    m.def("builtin_names", &px::gen::builtinNames, doc::kBuiltinNames);

    py::class_<px::NodeDataset>(m, "NodeData", doc::kNodeData)
        .def_readonly("name", &px::NodeDataset::name, "the data set's name")
        .def_property_readonly("num_nodes", &px::NodeDataset::numNodes, "number of nodes of the graph")
        .def_property_readonly("features", [](const px::NodeDataset& d) {
            py::array_t<double> a({long(d.features.rows()), long(d.features.cols())});
            std::copy(d.features.data(), d.features.data() + d.features.size(), a.mutable_data());
            return a;
        }, "nodes x features float64 array")
        .def_property_readonly("labels", [](const px::NodeDataset& d) { return indexArray(d.labels); }, "the class of every node (int64 array)")
        .def_readonly("class_names", &px::NodeDataset::classNames, "the name of every class, by class index")
        .def_property_readonly("edge_index", [](const px::NodeDataset& d) { return edgeIndex(d.graph); },
                               "PyG edge_index of the graph: shape (2, 2E), both directions of every edge")
        .def_property_readonly("train", [](const px::NodeDataset& d) { return indexArray(d.train); }, "training node indices (int64)")
        .def_property_readonly("valid", [](const px::NodeDataset& d) { return indexArray(d.valid); }, "validation node indices (int64)")
        .def_property_readonly("test", [](const px::NodeDataset& d) { return indexArray(d.test); }, "test node indices (int64)")
        .def_readonly("warnings", &px::NodeDataset::warnings, "what the loader dropped or repaired, as file:line: messages")
        .def("__repr__", [](const px::NodeDataset& d) {
            return "<pxstudio.NodeData '" + d.name + "': " + std::to_string(d.numNodes()) + " nodes, " + std::to_string(d.graph.numEdges()) + " edges>";
        });
    m.def("load_node_data", [](const std::string& path) {
        if (path.rfind("builtin:", 0) == 0) return px::depthlab::builtinNodeDataset(path.substr(8));
        py::gil_scoped_release nogil;
        return px::io::loadLinqs(path);
    }, py::arg("path"), doc::kLoadNodeData);
}

}  // namespace pxpy
