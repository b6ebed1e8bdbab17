"""Differential property tests: a data set reaches the same densities through every input route, and they equal an
independent brute-force homomorphism count.

Random data sets of 1-4 graphs on 0-30 vertices (NetworkX generators, arbitrary edge lists with repeated edges and
self loops, and graphs of exactly 0, 1 or 2 edges; with and without graph and node labels) go through
from_networkx (a list, and each graph alone), PyG's (2, E) route (from_edge_index), the (E, 2) route (the
scikit-learn transformer's X), graph_list (into the transformer and, transposed, into from_edge_index), and files in
every format px.load reads (GIN text, edge lists, GraphML and GML written by NetworkX, DOT, TU, OGB) loaded back. Every
route must give the same vertex counts and densities bit for bit, and each density t(F, G) must equal hom(F, G) / n^|V(F)|
counted by enumerating every map V(F) -> V(G). A graph without vertices must be refused by every route.

Hypothesis runs derandomized (the same examples every run, no example database), PX_PROPERTY_EXAMPLES examples per
test (default 80: a few seconds); the long run is PX_PROPERTY_EXAMPLES=2000.
"""
import os
import tempfile
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis", reason="python3-hypothesis is not installed: apt-get install python3-hypothesis")
nx = pytest.importorskip("networkx", reason="python3-networkx is not installed")
from hypothesis import HealthCheck, event, example, given, settings, strategies as st  # noqa: E402

import pxstudio as px  # noqa: E402
from pxstudio.sklearn import HomDensityEmbedding  # noqa: E402

from graph_writers import WRITERS  # noqa: E402

EXAMPLES = int(os.environ.get("PX_PROPERTY_EXAMPLES", "80"))
PROPERTY = settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None, print_blob=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
D, MAX_SIZE, SIZE_MEAN = 4, 4, 3.0  # patterns per example, at most 4 vertices each
BRUTE_FORCE_MAPS = 200_000          # brute force for every pattern with n^|V(F)| maps up to this
FIXED_PATTERNS = [px.Pattern(2, [(0, 1)]), px.Pattern(3, [(0, 1), (1, 2)]), px.Pattern(3, [(0, 1), (1, 2), (0, 2)]),
                  px.Pattern(4, [(0, 1), (1, 2), (2, 3), (3, 0)])]


# ---- graphs: (G, n, pairs, tags) as graph_writers describes them ----

def record(G, tags=None, pairs=None):
    """The record of a NetworkX graph; pairs default to its edges, numbered by the order of G.nodes()."""
    if pairs is None:
        index = {v: i for i, v in enumerate(G.nodes())}
        pairs = [(index[u], index[v]) for u, v in G.edges()]
    return G, G.number_of_nodes(), np.array(pairs, dtype=np.int64).reshape(-1, 2), tags


def from_pairs(n, pairs, tags=None):
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(pairs)
    return record(G, tags, pairs)


def _names_shuffled(G, rnd):
    """The graph with string node names, inserted in a shuffled order."""
    names = {v: f"node-{rnd.randrange(10**6)}-{i}" for i, v in enumerate(G.nodes())}
    order = list(G.nodes())
    rnd.shuffle(order)
    H = nx.Graph()
    H.add_nodes_from(names[v] for v in order)
    H.add_edges_from((names[u], names[v]) for u, v in G.edges())
    return H


GENERATORS = {
    "empty": lambda n, r: nx.empty_graph(n),
    "path": lambda n, r: nx.path_graph(n),
    "cycle": lambda n, r: nx.cycle_graph(n),
    "star": lambda n, r: nx.star_graph(n - 1) if n else nx.empty_graph(0),
    "complete": lambda n, r: nx.complete_graph(min(n, 10)),
    "wheel": lambda n, r: nx.wheel_graph(n),
    "ladder": lambda n, r: nx.ladder_graph(n // 2),
    "tree": lambda n, r: nx.random_tree(n, seed=r.randrange(2**31)) if n else nx.empty_graph(0),
    "grid (tuple names)": lambda n, r: nx.grid_2d_graph(1 + n % 4, 1 + n // 6),
    "gnp": lambda n, r: nx.gnp_random_graph(n, r.random(), seed=r.randrange(2**31)),
    "gnp, string names shuffled": lambda n, r: _names_shuffled(nx.gnp_random_graph(n, r.random(), seed=r.randrange(2**31)), r),
    "directed gnp": lambda n, r: nx.gnp_random_graph(n, r.random() / 2, seed=r.randrange(2**31), directed=True),
}


def _tags(draw, n, rnd):
    return [rnd.randrange(4) for _ in range(n)] if draw(st.booleans()) else None


@st.composite
def generated(draw):
    n, rnd = draw(st.integers(1, 30)), draw(st.randoms(use_true_random=False))
    G = GENERATORS[draw(st.sampled_from(sorted(GENERATORS)))](n, rnd)
    return record(G, _tags(draw, G.number_of_nodes(), rnd))


@st.composite
def arbitrary(draw):
    """Any edge list on n vertices: repeated edges, both directions and self loops included."""
    n = draw(st.integers(1, 30))
    vertex = st.integers(0, n - 1)
    pairs = draw(st.lists(st.tuples(vertex, vertex), max_size=3 * n))
    return from_pairs(n, pairs, _tags(draw, n, draw(st.randoms(use_true_random=False))))


@st.composite
def few_edges(draw):
    """Exactly 0, 1 or 2 distinct edges (two edges: the case a shape-guessing reader misread)."""
    n = draw(st.integers(4, 30))
    k = draw(st.integers(0, 2))
    all_pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    pairs = draw(st.lists(st.sampled_from(all_pairs), min_size=k, max_size=k, unique=True))
    if draw(st.booleans()):
        pairs = [(v, u) for u, v in pairs]
    return from_pairs(n, pairs, _tags(draw, n, draw(st.randoms(use_true_random=False))))


@st.composite
def datasets(draw):
    graphs = draw(st.lists(st.one_of(generated(), arbitrary(), few_edges()), min_size=1, max_size=4))
    if draw(st.integers(0, 9)) == 5:  # about one example in ten: a graph without vertices somewhere, which every route refuses
        graphs.insert(draw(st.integers(0, len(graphs))), from_pairs(0, []))
    labels = draw(st.one_of(st.none(), st.lists(st.integers(0, 1), min_size=len(graphs), max_size=len(graphs))))
    return graphs, labels


pattern_specs = st.tuples(st.sampled_from(["trees", "treewidth:2", "fan-cactus:1"]), st.integers(1, 10**6))


# ---- the routes: each gives a matrix whose column 0 is n and the others the densities ----

def with_n(data, patterns):
    return np.column_stack([data.num_vertices, px.densities(data, patterns)])


def transformer(spec):
    cls, seed = spec
    return HomDensityEmbedding(cls, d=D, epsilon=float("inf"), pattern_seed=seed, max_size=MAX_SIZE, size_mean=SIZE_MEAN,
                               include_n=True).fit([(2, [[0, 1]])])  # fit draws the patterns; X only checked


def _networkx(graphs, labels):
    return px.from_networkx([g[0] for g in graphs], labels=labels)


def _networkx_each(graphs, labels, patterns, spec, folder):
    return np.vstack([with_n(px.from_networkx(g[0], labels=None if labels is None else labels[i]), patterns)
                      for i, g in enumerate(graphs)])


def _edge_index(graphs, labels, patterns, spec, folder):
    return with_n(px.from_edge_index([p.T for _, _, p, _ in graphs], num_nodes=[n for _, n, _, _ in graphs], labels=labels),
                  patterns)


def _graph_list_to_edge_index(graphs, labels, patterns, spec, folder):
    listed = px.graph_list(_networkx(graphs, labels))
    return with_n(px.from_edge_index([e.T for _, e in listed], num_nodes=[n for n, _ in listed]), patterns)


ROUTES = {
    "from_networkx (a list)": lambda graphs, labels, patterns, spec, folder: with_n(_networkx(graphs, labels), patterns),
    "from_networkx (each graph alone)": _networkx_each,
    "from_edge_index, (2, E)": _edge_index,
    "transformer X, (E, 2)": lambda graphs, labels, patterns, spec, folder:
        transformer(spec).transform([(n, p) for _, n, p, _ in graphs]),
    "graph_list -> transformer": lambda graphs, labels, patterns, spec, folder:
        transformer(spec).transform(px.graph_list(_networkx(graphs, labels))),
    "graph_list -> from_edge_index": _graph_list_to_edge_index,
}


def _file_route(writer, name):
    """Written by `writer` into the folder as `name`, loaded back with px.load."""
    return lambda graphs, labels, patterns, spec, folder: with_n(px.load(writer(Path(folder) / name, graphs, labels)), patterns)


ROUTES.update({f"file: {name}": _file_route(writer, f"data-{i}" + (".txt" if name == "GIN text" else ""))
               for i, (name, writer) in enumerate(WRITERS.items())})


# ---- the independent count ----

def brute_force_density(pattern, pairs, n):
    """hom(F, G) / n^|V(F)|: every map V(F) -> V(G) enumerated, those that keep every edge of F counted."""
    adjacency = np.zeros((n, n), dtype=bool)
    for u, v in pairs:
        if u != v:  # a self loop is dropped by every route
            adjacency[u, v] = adjacency[v, u] = True
    maps = np.indices((n,) * pattern.m).reshape(pattern.m, -1)  # column j: the images of F's vertices under map j
    kept = np.ones(maps.shape[1], dtype=bool)
    for a, b in pattern.edges:
        kept &= adjacency[maps[a], maps[b]]
    return Fraction(int(kept.sum()), n ** pattern.m)


def check_brute_force(graphs, data_by_networkx, patterns):
    t = px.densities(data_by_networkx, patterns)
    checked = 0
    for i, (_, n, pairs, _) in enumerate(graphs):
        for j, pattern in enumerate(patterns):
            if n ** pattern.m <= BRUTE_FORCE_MAPS:
                expected = brute_force_density(pattern, pairs, n)
                assert t[i, j] == pytest.approx(float(expected), rel=1e-12, abs=0), \
                    f"graph {i} (n = {n}, edges {pairs.tolist()}), pattern {pattern}: {t[i, j]} != {expected}"
                checked += 1
    return checked


def _describe(graphs, labels):
    return "; ".join(f"graph {i}: n = {n}, edges {p.tolist()}, node labels {'yes' if tags else 'no'}"
                     for i, (_, n, p, tags) in enumerate(graphs)) + f"; labels {labels}"


def _dataset(*records, labels=None):
    return [list(records), labels]


@PROPERTY
@given(dataset=datasets(), spec=pattern_specs)
@example(dataset=_dataset(from_pairs(3, [(0, 1), (0, 2)])), spec=("trees", 1))             # the two-edge graph
@example(dataset=_dataset(from_pairs(4, [(0, 1), (2, 3)]), from_pairs(2, [(0, 1)]), labels=[1, 0]), spec=("treewidth:2", 2))
@example(dataset=_dataset(from_pairs(1, []), from_pairs(3, []), record(nx.Graph([("a", "b"), ("a", "c")]))),
         spec=("fan-cactus:1", 3))
@example(dataset=_dataset(from_pairs(2, [(1, 0), (0, 1), (1, 1)])), spec=("trees", 4))     # one edge, twice, and a loop
@example(dataset=_dataset(from_pairs(3, [(0, 1)]), from_pairs(0, [])), spec=("trees", 5))  # a graph without vertices
def test_every_route_gives_the_same_densities_and_the_brute_force_count(dataset, spec):
    graphs, labels = dataset
    cls, seed = spec
    for _, n, pairs, tags in graphs:  # what the examples cover (pytest --hypothesis-show-statistics)
        k = len({frozenset(p) for p in pairs.tolist() if p[0] != p[1]})
        event("a graph without vertices" if n == 0 else f"a graph with {k} edge{'' if k == 1 else 's'}" if k <= 2
              else "a graph with more than 2 edges")
        event("node labels" if tags is not None else "no node labels")
    event("graph labels" if labels is not None else "no graph labels")
    patterns = px.sample_patterns(cls, d=D, seed=seed, max_size=MAX_SIZE, size_mean=SIZE_MEAN)
    with tempfile.TemporaryDirectory(prefix="px-routes-") as folder:
        if any(n == 0 for _, n, _, _ in graphs):
            for name, route in ROUTES.items():
                with pytest.raises(ValueError):
                    route(graphs, labels, patterns, spec, folder)
                    pytest.fail(f"{name} accepted a graph without vertices")
            return
        results = {name: route(graphs, labels, patterns, spec, folder) for name, route in ROUTES.items()}
    reference_name, reference = next(iter(results.items()))
    assert np.array_equal(reference[:, 0], [n for _, n, _, _ in graphs])
    for name, result in results.items():
        assert result.shape == reference.shape and np.array_equal(result, reference), \
            f"{name} differs from {reference_name} on {_describe(graphs, labels)}:\n{result}\n!=\n{reference}"
    data = _networkx(graphs, labels)
    if labels is not None:
        assert np.array_equal(data.labels[:, 0], labels)
    assert check_brute_force(graphs, data, list(patterns) + FIXED_PATTERNS) >= len(FIXED_PATTERNS) - 1
