#pragma once
// The docstrings of the compiled module's public names, in NumPy form (Sphinx renders them in the API
// reference, docs/api/python). Kept here so that the bindings stay short; the Python wrappers in
// python/pxstudio/__init__.py document themselves.
namespace pxpy::doc {

inline constexpr const char* kDataset = R"doc(A graph data set: graphs, labels per task, an optional split and shipped folds.

Made by :func:`load`, :func:`from_edge_index` or :func:`from_networkx`; picklable (it travels to Dask workers).

Attributes
----------
name : str
    The data set's name.
source : str
    Where it came from (a folder, a file, a generator).
num_vertices : numpy.ndarray
    The vertex count n of every graph (int64).
num_edges : numpy.ndarray
    The undirected edge count of every graph (int64).
max_degree : numpy.ndarray
    The maximum degree of every graph (int64).
labels : numpy.ndarray
    graphs x tasks, float64; NaN marks a missing label.
tasks : list of (str, str)
    (name, type) of every task; type is 'binary', 'multiclass' or 'regression'.
split : dict or None
    The shipped split, {'name', 'train', 'valid', 'test'} (index arrays).
folds : list of dict
    Shipped cross-validation folds, {'name', 'train', 'test'} each.
warnings : list of str
    What the loader dropped (file:line: ...).
notes : list of str
    What the loader did that is not a problem.

Examples
--------
>>> data = px.load("builtin:sbm-cycles")
>>> len(data), data.num_vertices[:3]  # doctest: +SKIP
)doc";

inline constexpr const char* kLoad = "The compiled loader behind pxstudio.load (documented there).";

inline constexpr const char* kBuiltinNames = R"doc(The names of the built-in generated data sets.

Returns
-------
list of str
    Each usable as ``load('builtin:NAME')``, e.g. 'sbm-cycles', 'csl', 'er', 'wl-pairs'.

Examples
--------
>>> px.builtin_names()
['sbm-cycles', 'csl', 'er', 'wl-pairs']
)doc";

inline constexpr const char* kNodeData = R"doc(One graph with node features and classes (Cora, Citeseer, the depth lab's chains).

Made by :func:`load_node_data`.

Attributes
----------
name : str
    The data set's name.
num_nodes : int
    The number of nodes.
features : numpy.ndarray
    nodes x features, float64.
labels : numpy.ndarray
    The class of every node (int64), its names in ``class_names``.
edge_index : numpy.ndarray
    Shape (2, 2E): both directions of every edge.
train : numpy.ndarray
    Node indices of the split's training part.
valid : numpy.ndarray
    Node indices of the split's validation part.
test : numpy.ndarray
    Node indices of the split's test part.
warnings : list of str
    What the loader dropped or could not read.

Examples
--------
>>> nodes = px.load_node_data("builtin:chain-8")
>>> nodes.num_nodes, nodes.features.shape  # doctest: +SKIP
)doc";

inline constexpr const char* kLoadNodeData = "The compiled loader behind pxstudio.load_node_data (documented there).";

inline constexpr const char* kPattern = R"doc(A pattern graph F with the elimination order of its tree decomposition.

Parameters
----------
m : int
    Number of vertices.
edges : list of (int, int)
    Its edges, on vertices 0..m-1.
order : list of int, optional
    An elimination order (default: minimum degree).

Attributes
----------
m : int
    The number of vertices.
num_edges : int
    The number of edges e(F).
treewidth : int
    The width of its tree decomposition (an upper bound on tw(F)).
edges : numpy.ndarray
    e x 2, int64.
components : int
    The number of connected components.
is_forest : bool
    Whether F has no cycle.
elimination_order : list of int
    The vertex elimination order its decomposition comes from.

Examples
--------
>>> triangle = px.Pattern(3, [(0, 1), (1, 2), (0, 2)])
)doc";

inline constexpr const char* kPatternSet = R"doc(A sampled pattern vector (F_1, ..., F_d) with how it was drawn.

Made by :func:`sample_patterns`, :meth:`PatternSet.load` (a file of ``pxrun patterns --out``) or
:meth:`PatternSet.from_json`; indexable (``patterns[0]`` is a :class:`Pattern`) and picklable.

Attributes
----------
patterns : list of Pattern
    The patterns F_1, ..., F_d.
duplicate_of : list of int
    For each pattern, the index of an earlier isomorphic one, or -1.
distinct : int
    Number of distinct patterns.
pattern_class : str
    The class they were drawn from ('trees', 'treewidth:2', ...).
seed : int
    The sampler's seed.
warnings : list of str
    What the sampler could not do as asked (e.g. fewer distinct patterns than d).

Examples
--------
>>> patterns = px.sample_patterns("trees", d=10, seed=1)
>>> len(patterns), patterns.pattern_class  # doctest: +SKIP
>>> patterns.save("trees.json")  # doctest: +SKIP
)doc";

inline constexpr const char* kSamplePatterns = R"doc(Samples d patterns of a class, as ``pxrun patterns`` does (same seed, same patterns).

Parameters
----------
pattern_class : str
    'trees', 'fan-cactus:R', 'subgraph:K', 'treewidth:K' or 'all-trees:M'.
d : int
    Number of patterns.
seed : int
size_mean : float
    Mean number of vertices of the size law.
max_size : int
    Largest number of vertices (0: no cap).
q : float
    Edge probability of the treewidth-K sampler.
connected : bool
    Connected patterns only.
keep_duplicates : bool
    Keep isomorphic duplicates (otherwise they are drawn again).

Returns
-------
PatternSet

Examples
--------
>>> patterns = px.sample_patterns("treewidth:2", d=20, seed=1, max_size=8)
)doc";

inline constexpr const char* kMechanism = R"doc(A release mechanism, with pxrun's options.

Parameters
----------
kind : str
    'gaussian', 'smooth', 'laplace', 'rr' (randomized response) or 'dprr'.
epsilon, rho : float, optional
    The budget: epsilon at ``delta``, or rho-zCDP.
delta : float
allocation : str
    'isotropic' or 'equal-snr' (how the budget is shared among the patterns).
weights : list of float, optional
    Per-pattern weights of the allocation.
degree_bound : int or None
    The public bound D on the maximum degree; None assumes none (counting lemma, D = n - 1).
beta : float
    The smooth mechanism's beta.
secure : bool
    Exact discrete noise on a grid with the system's randomness.
reference : bool
    The published code's quantities, with NO privacy guarantee (for reproduction only).
seed : int
dprr_split : str
    'project' (epsilon/2 per vertex) or 'published' (the whole epsilon per vertex: a 2 epsilon-edge-DP graph).

Raises
------
ValueError
    An option out of its range, or a release whose graphs break the assumed degree bound.

Examples
--------
>>> mech = px.Mechanism("gaussian", epsilon=1.0, degree_bound=None, seed=7)
>>> noisy, report = mech.release(t, data.num_vertices, patterns=patterns)  # doctest: +SKIP
)doc";

inline constexpr const char* kRelease = R"doc(Adds the mechanism's noise to densities.

Parameters
----------
densities : numpy.ndarray
    graphs x patterns, as :func:`densities` returns.
n : array_like
    Vertex counts (public).
patterns : PatternSet
max_degree : array_like, optional
    Maximum degree per graph, needed for a public bound D and the smooth mechanism.
repetition : int
    Which draw of the seed's stream (the same seed and repetition give what ``pxrun embed`` writes).

Returns
-------
(numpy.ndarray, dict)
    The noisy densities (same shape) and the privacy report.
)doc";

inline constexpr const char* kEpsilonFromRho = R"doc(epsilon at delta of a rho-zCDP guarantee, under the tightest valid conversion.

Parameters
----------
rho, delta : float

Returns
-------
float

Examples
--------
>>> round(px.epsilon_from_rho(0.05, 1e-6), 3)
1.472
)doc";

inline constexpr const char* kRhoForEpsilon = R"doc(rho = mu^2 / 2 of the Gaussian mechanism that meets (epsilon, delta) exactly (analytic Gaussian).

Parameters
----------
epsilon, delta : float

Returns
-------
float

Examples
--------
>>> round(px.rho_for_epsilon(1.0, 1e-6), 4)
0.028
)doc";

inline constexpr const char* kConversions = R"doc(Every conversion that applies to a guarantee, at delta.

Parameters
----------
rho, delta : float
omega : float
    The zCDP order bound (inf: none).
gaussian_mu, pure_epsilon : float, optional
    A mu-GDP or pure epsilon-DP guarantee, if the mechanism has one.

Returns
-------
list of dict
    {'name', 'epsilon', 'tightest'} per conversion.

Examples
--------
>>> [(c["name"], round(c["epsilon"], 3)) for c in px.conversions(0.05, 1e-6) if c["tightest"]]
[('tight RDP', 1.472)]
)doc";

inline constexpr const char* kAudit = R"doc(Empirical privacy audit on two neighbouring graphs.

Releases both graphs' densities ``samples`` times, tests which graph each release came from and turns the
test's error rates into a certified lower bound on epsilon, to compare with the mechanism's claim.

Parameters
----------
g0, g1 : list of (int, int)
    Edge lists on n vertices, one edge apart.
n : int
patterns : PatternSet
mechanism : Mechanism
samples : int
confidence : float
    Of the Clopper-Pearson bounds on the error rates.
seed : int
raw_floating_point : bool
    Test on the raw floating-point statistics (which can exploit the low bits of floating-point noise)
    instead of statistics rounded to 2^-30, which judge the mechanism as specified.

Returns
-------
dict
    'claimed_epsilon', 'delta', 'epsilon_lower_bound', 'fpr', 'fnr', their upper bounds, 'test', 'samples',
    'valid_guarantee' and 'contradicts_claim'.

Examples
--------
>>> c6 = [(i, (i + 1) % 6) for i in range(6)]          # a 6-cycle and the same without one edge
>>> mechanism = px.Mechanism("gaussian", epsilon=1.0, delta=1e-5, degree_bound=2)
>>> result = px.audit(c6, c6[:-1], 6, px.sample_patterns("trees", d=5, seed=1), mechanism, samples=20000)
>>> result["contradicts_claim"]
False
)doc";

inline constexpr const char* kKernelPath = R"doc(The CPU kernels GIN trainings run on, e.g. 'ATen AVX2, OpenBLAS Haswell'.

A seed gives the same table bit for bit on one kernel path; pxstudio pins one per class of CPU on import.

Returns
-------
str

Examples
--------
>>> px.kernel_path()  # doctest: +SKIP
'ATen AVX2, OpenBLAS Haswell'
)doc";

inline constexpr const char* kLearners = R"doc(The learners a sweep can run (its ``learner.kind``).

Returns
-------
list of dict
    {'kind', 'title', 'summary', 'parameters' (name, meaning, min, max, default, integer), 'needs_graphs',
    'available', 'margin_scores', 'tuning'} per learner.

Examples
--------
>>> [learner["kind"] for learner in px.learners()]  # doctest: +SKIP
['knn', 'svm', 'linear', 'rf', 'forest', 'boosting', 'gin']
)doc";

inline constexpr const char* kDepthExperiments = R"doc(The depth lab's experiments, as ``pxrun depth --list`` prints them.

Returns
-------
list of str
    Names usable with :func:`depth`.

Examples
--------
>>> "propagation" in px.depth_experiments()
True
)doc";

inline constexpr const char* kInputError = R"doc(A malformed file or spec (a ValueError).

Attributes
----------
file : str
    The file (or spec) that is malformed.
line : int or None
    Its line, when the problem has one.
field : str or None
    The field, as a JSON pointer (e.g. '/learner/k'), when the problem is one field's.
problem : str
    What was expected and what was found.

Examples
--------
>>> try:
...     px.sweep({"dataset": "builtin:csl", "learner": {"kind": "knn", "k": 0}})
... except px.InputError as error:
...     print(error.field)
/learner/k
)doc";

inline constexpr const char* kResourceError = R"doc(A computation refused before it starts, or stopped, for the memory or time it would need (a MemoryError).

Examples
--------
>>> import itertools, numpy as np
>>> edges = np.array(list(itertools.combinations(range(150), 2))).T   # the complete graph on 150 vertices
>>> try:
...     px.densities(px.from_edge_index([edges], [150]), px.sample_patterns("treewidth:3", d=3, seed=1, max_size=8),
...                  max_memory_gib=0.01)
... except px.ResourceError as error:
...     print(isinstance(error, MemoryError))
True
)doc";

}  // namespace pxpy::doc
