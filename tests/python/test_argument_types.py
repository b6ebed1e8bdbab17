"""Every public function and method refuses an argument of the wrong type with a TypeError naming the function, the
argument and what it expects, never with pybind11's dump of signatures ("incompatible function arguments") or a
cast error that names nothing."""
import inspect

import numpy as np
import pytest

import pxstudio as px
import pxstudio.dask as pxd
from pxstudio.sklearn import HomDensityEmbedding

nx = pytest.importorskip("networkx", reason="python3-networkx is not installed")

DATA = px.load("builtin:er")
PATTERNS = px.sample_patterns("trees", d=2, seed=1, max_size=4)
MECHANISM = px.Mechanism("gaussian", epsilon=1.0, degree_bound=None, seed=1)
C6 = [(i, (i + 1) % 6) for i in range(6)]
SPEC = {"dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 2}}

# name: (callable, valid arguments by name). Each argument in turn is replaced by one of the wrong type.
CALLS = {
    "load": (px.load, {"path": "builtin:er"}),
    "load_node_data": (px.load_node_data, {"path": "builtin:chain-8"}),
    "builtin_names": (px.builtin_names, {}),
    "from_edge_index": (px.from_edge_index, {"edge_indices": [np.array([[0], [1]])], "num_nodes": [2], "labels": [1],
                                             "name": "x"}),
    "from_networkx": (px.from_networkx, {"graphs": [nx.path_graph(3)], "labels": [0], "name": "x"}),
    "graph_list": (px.graph_list, {"data": DATA}),
    "sample_patterns": (px.sample_patterns, {"pattern_class": "trees", "d": 2, "seed": 1, "size_mean": 3.0, "max_size": 4,
                                             "q": 0.9, "connected": True, "keep_duplicates": False}),
    "densities": (px.densities, {"data": DATA, "patterns": PATTERNS, "threads": 1, "progress": None, "path": "auto",
                                 "max_memory_gib": 1.0}),
    "epsilon_from_rho": (px.epsilon_from_rho, {"rho": 0.05, "delta": 1e-6}),
    "rho_for_epsilon": (px.rho_for_epsilon, {"epsilon": 1.0, "delta": 1e-6}),
    "conversions": (px.conversions, {"rho": 0.05, "delta": 1e-6, "omega": 10.0, "gaussian_mu": 0.3, "pure_epsilon": 2.0}),
    "audit": (px.audit, {"g0": C6, "g1": C6[:-1], "n": 6, "patterns": PATTERNS, "mechanism": MECHANISM, "samples": 100,
                         "confidence": 0.95, "seed": 1, "raw_floating_point": False}),
    "kernel_path": (px.kernel_path, {}),
    "learners": (px.learners, {}),
    "depth_experiments": (px.depth_experiments, {}),
    "sweep": (px.sweep, {"spec": SPEC, "data": DATA, "progress": None}),
    "sweep_result": (px.sweep_result, {"spec": SPEC, "data": DATA, "progress": None}),
    "depth": (px.depth, {"spec": "propagation", "progress": None}),
    "Pattern": (px.Pattern, {"m": 3, "edges": [(0, 1), (1, 2)], "order": [0, 1, 2]}),
    "Mechanism": (px.Mechanism, {"kind": "gaussian", "epsilon": 1.0, "delta": 1e-6, "allocation": "isotropic",
                                 "weights": [1.0, 1.0], "degree_bound": 6, "beta": 0.0, "secure": False, "reference": False,
                                 "seed": 1, "dprr_split": "project"}),
    "Mechanism.release": (MECHANISM.release, {"densities": np.zeros((len(DATA), 2)), "n": DATA.num_vertices,
                                              "patterns": PATTERNS, "max_degree": DATA.max_degree, "repetition": 0}),
    "Mechanism.release_graphs": (MECHANISM.release_graphs, {"data": DATA, "patterns": PATTERNS, "repetition": 0,
                                                            "progress": None}),
    "Mechanism.to_dict": (MECHANISM.to_dict, {}),
    "Dataset.edges": (DATA.edges, {"graph": 0}),
    "Dataset.edge_index": (DATA.edge_index, {"graph": 0}),
    "Dataset.node_labels": (DATA.node_labels, {"graph": 0}),
    "Dataset.subset": (DATA.subset, {"indices": np.array([0])}),
    "Dataset.content_hash": (DATA.content_hash, {}),
    "PatternSet.__getitem__": (PATTERNS.__getitem__, {"index": 0}),
    "PatternSet.save": (PATTERNS.save, {"path": "/nonexistent/never-written.json"}),
    "PatternSet.load": (px.PatternSet.load, {"path": "/nonexistent/never-read.json"}),
    "PatternSet.from_json": (px.PatternSet.from_json, {"text": PATTERNS.to_json()}),
    "PatternSet.to_json": (PATTERNS.to_json, {}),
    "HomDensityEmbedding.transform": (HomDensityEmbedding(d=2).fit(DATA).transform, {"X": px.graph_list(DATA)}),
    "dask.densities": (pxd.densities, {"data": DATA, "patterns": PATTERNS}),
    "dask.sweep_result": (pxd.sweep_result, {"spec": SPEC, "data": DATA}),
}
PYBIND11_WORDS = ("incompatible function arguments", "incompatible constructor arguments", "Unable to cast", "is not iterable",
                  "not callable")


class Wrong:
    """A value of no type any argument takes."""


def public_callables():
    """Every public function of the package and public method of its classes (what CALLS must cover)."""
    names = {n for n in px.__all__ if callable(getattr(px, n)) and not (inspect.isclass(getattr(px, n)) and
                                                                        issubclass(getattr(px, n), Exception))}
    names -= {"Dataset", "NodeData", "PatternSet"}  # made by functions, no constructor of their own
    for cls in (px.Dataset, px.Pattern, px.PatternSet, px.Mechanism, px.NodeData):
        names |= {f"{cls.__name__}.{a}" for a, v in vars(cls).items()
                  if (not a.startswith("_") or a == "__getitem__") and callable(v) and not isinstance(v, property)}
    return names


def test_every_public_function_and_method_is_covered():
    assert public_callables() <= set(CALLS), f"add to CALLS: {sorted(public_callables() - set(CALLS))}"


@pytest.mark.parametrize("name, argument", [(name, a) for name, (_, args) in CALLS.items() for a in args])
def test_a_wrong_type_is_named(name, argument):
    function, arguments = CALLS[name]
    with pytest.raises(TypeError) as e:
        function(**dict(arguments, **{argument: Wrong()}))
    message = str(e.value)
    assert f"the argument `{argument}" in message and "expects" in message and "Wrong" in message, message
    assert message.split(":")[0].endswith(name.split(".")[-1]), message  # the function first, as it is called
    assert not any(words in message for words in PYBIND11_WORDS), message


@pytest.mark.parametrize("name", sorted(CALLS))
def test_an_unknown_keyword_is_named(name):
    function, arguments = CALLS[name]
    # depth's keywords are fields of its spec: an unknown one is the spec's error (an InputError naming the field).
    with pytest.raises(px.InputError if name == "depth" else TypeError, match="bogus"):
        function(**dict(arguments, bogus=1))


@pytest.mark.parametrize("call", [lambda: px.densities(nx.Graph(), PATTERNS), lambda: px.graph_list(nx.Graph()),
                                  lambda: px.sweep_result(SPEC, data=nx.Graph()),
                                  lambda: px.Mechanism().release_graphs(nx.Graph(), PATTERNS)])
def test_networkx_graphs_where_a_data_set_is_expected_point_to_from_networkx(call):
    with pytest.raises(TypeError) as e:
        call()
    message = str(e.value)
    assert "the argument `data` expects a pxstudio data set" in message and "px.from_networkx" in message, message


@pytest.mark.parametrize("call, argument, expected", [
    (lambda: px.from_networkx(3), "graphs", "a networkx graph or a list of them"),
    (lambda: px.from_networkx(nx.path_graph(3).edges), "graphs[0]", "a networkx graph"),
    (lambda: px.from_networkx([nx.path_graph(3), [(0, 1)]]), "graphs[1]", "a networkx graph"),
    (lambda: px.from_edge_index(np.array([[0, 1], [1, 2]])), "edge_indices", "a list of (2, E) edge arrays"),
    (lambda: px.densities(DATA, [PATTERNS[0], "a triangle"]), "patterns[1]", "a Pattern"),
    (lambda: px.Pattern(3, [(0, 1), (1, 2, 3)]), "edges[1]", "a (int, int) tuple"),
    (lambda: HomDensityEmbedding(d=2).fit(DATA).transform([(3, [[0, 1]]), [3]]), "X[1]", "an (n, edges) tuple"),
    (lambda: HomDensityEmbedding(d=2).fit(DATA).transform([(3.0, [[0, 1]])]), "X[0][0]", "the vertex count n, an int"),
])
def test_the_entry_of_a_list_is_named(call, argument, expected):
    with pytest.raises(TypeError) as e:
        call()
    assert f"the argument `{argument}` expects {expected}" in str(e.value), str(e.value)


def test_valid_calls_still_pass_through():
    assert px.Pattern(3, [(0, 1), (1, 2)]).num_edges == 2 and px.sample_patterns("trees", d=2, seed=1).seed == 1
    assert px.densities(DATA, PATTERNS).shape == (len(DATA), 2) and PATTERNS[0].m >= 2
    assert px.Mechanism("laplace", epsilon=2).kind == "laplace" and DATA.subset([1, 0]).num_vertices[0] == DATA.num_vertices[1]
