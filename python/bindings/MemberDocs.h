#pragma once
// The docstrings of the compiled classes' methods, in NumPy form (Docstrings.h holds the classes' and the
// functions'). tests/python/test_docstrings.py lists every public callable and fails on a missing one.
namespace pxpy::doc {

inline constexpr const char* kNodeLabels = R"doc(The node labels of one graph.

Parameters
----------
graph : int
    The graph's index, 0 <= graph < len(data).

Returns
-------
numpy.ndarray or None
    int64, one label per vertex in 0 .. node_label_values - 1 (as the loader mapped them); None when the data set
    has no node labels.

Raises
------
IndexError
    ``graph`` is out of range.
)doc";

inline constexpr const char* kContentHash = R"doc(A hash of the graphs and labels: equal data sets give equal hashes.

Returns
-------
str
    Hexadecimal; the density cache and the sweeps' metadata key on it.
)doc";

inline constexpr const char* kEdges = R"doc(The edges of one graph, each once.

Parameters
----------
graph : int
    The graph's index.

Returns
-------
numpy.ndarray
    int64 of shape (E, 2), one (u, v) pair per row with u < v.

Raises
------
IndexError
    ``graph`` is out of range.
)doc";

inline constexpr const char* kEdgeIndex = R"doc(PyTorch Geometric's edge_index of one graph.

Parameters
----------
graph : int
    The graph's index.

Returns
-------
numpy.ndarray
    int64 of shape (2, 2E): both directions of every edge, sources in row 0.

Raises
------
IndexError
    ``graph`` is out of range.
)doc";

inline constexpr const char* kSubset = R"doc(The graphs (and labels) at the given indices, as a new data set.

Parameters
----------
indices : array_like of int
    Graph indices, in the order wanted (repeats allowed).

Returns
-------
Dataset
)doc";

inline constexpr const char* kToDict = R"doc(The mechanism's options as pxrun's JSON form (what pickling stores).

Returns
-------
dict
    'mechanism', 'epsilon', 'delta', 'degree_bound', 'seed' and the other options.
)doc";

inline constexpr const char* kReleaseGraphs = R"doc(Releases from the graphs themselves: randomized response, or densities then noise.

Parameters
----------
data : Dataset
    The graphs.
patterns : PatternSet
    The patterns.
repetition : int
    Which draw of the mechanism's noise (0, 1, ...): the same seed and repetition give the same release.
progress : bool, callable or None
    As :func:`densities`: a bar by default on a terminal, False for none, or a callable taking the fraction done
    (throttled to about 100 calls); Ctrl-C cancels.

Returns
-------
tuple of (numpy.ndarray, dict)
    graphs x patterns released values, and the privacy report.
)doc";

inline constexpr const char* kToJson = R"doc(The pattern set as JSON, as ``pxrun patterns --out`` writes it.

Returns
-------
str
)doc";

inline constexpr const char* kFromJson = R"doc(A pattern set from its JSON form (:meth:`to_json`).

Parameters
----------
text : str
    The JSON text.

Returns
-------
PatternSet

Raises
------
InputError
    Malformed JSON, naming the field.
)doc";

inline constexpr const char* kPatternSetLoad = R"doc(A pattern file written by ``pxrun patterns --out`` or :meth:`save`.

Parameters
----------
path : str
    The file.

Returns
-------
PatternSet
)doc";

inline constexpr const char* kPatternSetSave = R"doc(Writes the pattern set as JSON (:meth:`load` reads it back).

Parameters
----------
path : str
    The file to write.
)doc";

}  // namespace pxpy::doc
