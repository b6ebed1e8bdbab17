"""Data sets from graphs held in Python: PyG's edge_index arrays, NetworkX graphs, and back to edge lists.

Each route states the layout of its edge arrays to the compiled reader; none is guessed from a shape (a (2, 2)
array holds two edges in either layout, and not the same two):

- :func:`from_edge_index` takes PyG's (2, E) edge_index: row 0 the sources, row 1 the targets;
- :func:`from_networkx`, :func:`graph_list` and the scikit-learn transformer's X use (E, 2): one (u, v) pair per row.
"""
from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._arguments import expect, wrong_type
from ._pxstudio import Dataset, _from_edge_arrays

PYG = "(2, E)"    # PyTorch Geometric's edge_index
PAIRS = "(E, 2)"  # one (u, v) pair per row: Dataset.edges, graph_list, networkx's edge list


def from_edge_index(edge_indices: Sequence[npt.ArrayLike], num_nodes: Optional[Sequence[int]] = None,
                    labels: Optional[npt.ArrayLike] = None, name: str = "python") -> Dataset:
    """A data set from PyTorch Geometric's edge_index arrays, one per graph, each of shape (2, E).

    Row 0 holds the sources and row 1 the targets, as in PyG: an (E, 2) array of pairs is refused (pass its
    transpose), whatever E is, a (2, 2) array included. Directions, repeated edges and self loops are dropped
    (``warnings`` counts the self loops).

    Parameters
    ----------
    edge_indices : list of array_like
        One integer array of shape (2, E) per graph (numpy, a nested list, or anything with ``__array__``, such
        as a CPU tensor); ``[]`` is a graph without edges.
    num_nodes : list of int, optional
        Vertex count per graph (default: the largest id + 1, so give it for isolated vertices).
    labels : array_like, optional
        One value (or row of values, one per task) per graph; NaN for a missing label.
    name : str
        The data set's name.

    Returns
    -------
    Dataset

    Raises
    ------
    ValueError
        An array of another shape (the message names it, e.g. ``edge_indices[3] has shape (5, 2); expected
        (2, E)``), an id outside [0, n), or a graph without vertices.
    TypeError
        ``edge_indices`` is not a list of arrays (one array alone is refused: wrap it in a list).

    Examples
    --------
    >>> data = px.from_edge_index([[[0, 1], [1, 2]], [[0], [1]]], num_nodes=[3, 2], labels=[0, 1])
    >>> data.edges(0).tolist()          # (0, 1) and (1, 2): columns are edges
    [[0, 1], [1, 2]]
    """
    expect("from_edge_index", "name", name, str, "a string")
    return _from_edge_arrays(edge_indices, PYG, num_nodes, labels, name, "from_edge_index", "edge_indices[{}]")


def _networkx_graph_type() -> Any:  # the class networkx.Graph, or None
    try:
        import networkx
    except ImportError:
        return None
    return networkx.Graph  # DiGraph, MultiGraph and MultiDiGraph derive from it


def from_networkx(graphs: Any, labels: Optional[npt.ArrayLike] = None, name: str = "networkx") -> Dataset:
    """A data set from NetworkX graphs: one graph or a list of them.

    Parameters
    ----------
    graphs : networkx.Graph or iterable of networkx.Graph
        Any hashable node names (numbered in the order of ``G.nodes()``); directions, repeated edges and self
        loops are dropped. Every graph needs at least one node.
    labels : array_like, optional
        One value (or row) per graph; NaN for a missing label. For one graph, its value (or row).
    name : str

    Returns
    -------
    Dataset

    Raises
    ------
    TypeError
        ``graphs`` is neither a NetworkX graph nor an iterable of them.

    Examples
    --------
    >>> import networkx as nx
    >>> data = px.from_networkx([nx.cycle_graph(5), nx.path_graph(4)], labels=[1, 0])
    >>> px.from_networkx(nx.Graph([(0, 1), (0, 2)])).edges(0).tolist()
    [[0, 1], [0, 2]]
    """
    expect("from_networkx", "name", name, str, "a string")
    graph_type = _networkx_graph_type()
    expected = "a networkx graph or a list of them"
    if graph_type is not None and isinstance(graphs, graph_type):
        graphs = [graphs]
        labels = None if labels is None else np.asarray(labels, dtype=float).reshape(1, -1)
    elif isinstance(graphs, (str, bytes, dict)) or not hasattr(graphs, "__iter__"):
        raise wrong_type("from_networkx", "graphs", expected, graphs)
    edge_arrays: List[npt.NDArray[np.int64]] = []
    counts: List[int] = []
    for i, g in enumerate(graphs):
        if graph_type is None or not isinstance(g, graph_type):
            raise wrong_type("from_networkx", f"graphs[{i}]", "a networkx graph", g)
        index = {v: k for k, v in enumerate(g.nodes())}
        edge_arrays.append(np.array([[index[u], index[v]] for u, v in g.edges()], dtype=np.int64).reshape(-1, 2))
        counts.append(len(index))
    return _from_edge_arrays(edge_arrays, PAIRS, counts, labels, name, "from_networkx", "graphs[{}]")


def graph_list(data: Dataset) -> List[Tuple[int, npt.NDArray[np.int64]]]:
    """The graphs of a data set as a list of (n, edges) tuples: the X of the scikit-learn transformer.

    Parameters
    ----------
    data : Dataset

    Returns
    -------
    list of (int, numpy.ndarray)
        Vertex count and the (E, 2) edge array of every graph (one (u, v) pair per row, each edge once, as
        :meth:`Dataset.edges`); indexable, so cross-validation can split it.

    Examples
    --------
    >>> data = px.load("builtin:sbm-cycles")
    >>> n, edges = px.graph_list(data)[0]
    >>> edges.shape[1]
    2
    """
    expect("graph_list", "data", data, Dataset, "a pxstudio data set (a Dataset)")
    n = data.num_vertices
    return [(int(n[i]), data.edges(i)) for i in range(len(data))]


def from_graph_list(X: Union[Dataset, Iterable[Tuple[int, Any]]], caller: str = "HomDensityEmbedding.transform") -> Dataset:
    """The data set of a list of (n, edges) tuples, edges of shape (E, 2) (the transformer's X)."""
    if isinstance(X, Dataset):
        return X
    expected = "a pxstudio Dataset or a list of (n, edges) tuples with (E, 2) edge arrays (pxstudio.graph_list)"
    if isinstance(X, (str, bytes, dict)) or not hasattr(X, "__iter__") or hasattr(X, "shape"):
        raise wrong_type(caller, "X", expected, X, hint="")
    edges: List[Any] = []
    counts: List[int] = []
    for i, item in enumerate(X):
        if not (isinstance(item, (tuple, list)) and len(item) == 2):
            raise wrong_type(caller, f"X[{i}]", "an (n, edges) tuple (pxstudio.graph_list)", item, hint="")
        n, e = item
        expect(caller, f"X[{i}][0]", n, lambda v: isinstance(v, (int, np.integer)) and not isinstance(v, bool),
               "the vertex count n, an int", hint="")
        counts.append(int(n))
        edges.append(e)
    return _from_edge_arrays(edges, PAIRS, counts, None, "X", caller, "X[{}][1]")
