"""scikit-learn interface: homomorphism densities with calibrated noise as a transformer.

    from sklearn.pipeline import make_pipeline
    from sklearn.linear_model import LogisticRegression
    X = pxstudio.graph_list(data); y = data.labels[:, 0]
    model = make_pipeline(HomDensityEmbedding("trees", d=50, epsilon=1.0), LogisticRegression())
    cross_val_score(model, X, y, scoring="roc_auc")

The transformer takes graphs, not a 2-d array: its tags say so (``X_types = ["graphs"]`` before scikit-learn 1.6,
``input_tags.two_d_array = False`` from 1.6), so ``check_estimator`` skips it with that reason. The common checks that
make sense for graphs are run on graph input in tests/python/test_sklearn_estimator.py.
"""
from __future__ import annotations

import hashlib
from typing import Any, Dict, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt
from sklearn import get_config
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from . import Dataset, Mechanism, densities, sample_patterns
from ._graphs import from_graph_list

GraphList = Union[Dataset, Sequence[Tuple[int, Any]]]
RandomState = Union[None, int, np.random.RandomState]


def _digest(data: Dataset) -> bytes:
    """A digest of a data set's graphs (vertex counts and edges): the same graphs give the same bytes."""
    h = hashlib.blake2b(digest_size=16)
    h.update(np.ascontiguousarray(data.num_vertices, dtype=np.int64).tobytes())
    for i in range(len(data)):
        h.update(np.ascontiguousarray(data.edges(i), dtype=np.int64).tobytes())
        h.update(b"|")
    return h.digest()


def noise_seed_for(random_state: RandomState, data: Dataset) -> int:
    """The mechanism's seed of one ``transform`` call (the random_state contract of :class:`HomDensityEmbedding`).

    Parameters
    ----------
    random_state : None, int or numpy.random.RandomState
        None: a seed drawn from numpy's global generator (fresh noise every call). An int: a seed derived from it
        and a digest of the graphs, so the same graphs get the same release and other graphs unrelated noise.
        A RandomState: a seed drawn from it (it advances; the sequence of calls is reproducible).
    data : Dataset
        The graphs being released.

    Returns
    -------
    int
        A seed in [0, 2**31 - 1).

    Examples
    --------
    >>> data = px.load("builtin:sbm-cycles")
    >>> noise_seed_for(7, data) == noise_seed_for(7, data)
    True
    """
    if isinstance(random_state, (int, np.integer)) and not isinstance(random_state, bool):
        h = hashlib.blake2b(int(random_state).to_bytes(8, "little", signed=True) + _digest(data), digest_size=8)
        return int.from_bytes(h.digest(), "little") % (2**31 - 1)
    return int(check_random_state(random_state).randint(0, 2**31 - 1))


def _check_y(y: Optional[npt.ArrayLike], rows: int) -> None:
    if y is not None and len(np.asarray(y).reshape(len(np.asarray(y)), -1)) != rows:
        raise ValueError(f"HomDensityEmbedding.fit: the argument `y` has {len(np.asarray(y))} entries for {rows} graphs in X")


# auto_wrap_output_keys=None: set_output is the class's own. scikit-learn's wrapper (1.2) takes the index of the
# output from X.index, which on a list of graphs is list.index, a method, and pandas refuses it.
class HomDensityEmbedding(TransformerMixin, BaseEstimator, auto_wrap_output_keys=None):  # type: ignore[misc,call-arg]
    """Private homomorphism-density embedding of graphs, as a scikit-learn transformer.

    ``fit`` checks the graphs and draws the patterns; ``transform`` computes t(F_j, G) for each graph and adds the
    mechanism's noise, seeded as ``random_state`` says. ``transform`` changes nothing on the estimator.

    X is a Dataset or a list of (n, edges) tuples (:func:`pxstudio.graph_list`) whose edge arrays have shape
    (E, 2), one (u, v) pair per row, whatever E is; a (2, E) edge_index is refused (pass its transpose).

    Parameters
    ----------
    pattern_class : str
        'trees', 'fan-cactus:R', 'subgraph:K' or 'treewidth:K' (as ``sample_patterns``).
    d : int
        Number of patterns.
    epsilon : float or None
        The privacy budget; None or ``float('inf')`` releases the clean densities.
    delta : float
        The δ of (ε, δ)-differential privacy.
    mechanism : str
        'gaussian', 'smooth', 'laplace', 'rr' or 'dprr' (as ``Mechanism``).
    degree_bound : int or None
        The public bound D on the maximum degree; None assumes none (the counting lemma's sensitivity).
    allocation : str
        'isotropic' or 'equal-snr'.
    pattern_seed : int
        The pattern sampler's seed (``fit`` draws the same patterns every time).
    max_size : int
        Largest pattern size (0: the class's default).
    size_mean : float
        Mean pattern size of the sampler.
    random_state : None, int or numpy.random.RandomState
        The noise's seed, as scikit-learn's random transformers take it. None (default): fresh noise on every call,
        what a private release needs. An int: reproducible; a call's noise is seeded by the int and a digest of the
        graphs, so the same X gets the same release (a repeat tells nothing new) and a different X unrelated noise.
        A RandomState instance: one seed drawn from it per call. A seed known to anyone else voids the privacy.
    include_n : bool
        Prepend the public vertex count n as the first column (released as it is).
    threads : int or None
        Threads for the densities (None: all).

    Attributes
    ----------
    patterns_ : PatternSet
        The patterns drawn by ``fit``.
    n_graphs_fit_ : int
        How many graphs ``fit`` saw.

    Examples
    --------
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.svm import SVC
    >>> model = make_pipeline(HomDensityEmbedding(d=20, epsilon=1.0, random_state=0), SVC())
    >>> data = px.load("builtin:sbm-cycles")
    >>> X, y = px.graph_list(data), data.labels[:, 0]
    >>> model.fit(X, y).predict(X).shape == (len(X),)
    True
    """

    def __init__(self, pattern_class: str = "trees", d: int = 50, epsilon: Optional[float] = 1.0, delta: float = 1e-6,
                 mechanism: str = "gaussian", degree_bound: Optional[int] = None, allocation: str = "isotropic",
                 pattern_seed: int = 1, max_size: int = 0, size_mean: float = 5.0, random_state: RandomState = None,
                 include_n: bool = True, threads: Optional[int] = None) -> None:
        self.pattern_class = pattern_class
        self.d = d
        self.epsilon = epsilon
        self.delta = delta
        self.mechanism = mechanism
        self.degree_bound = degree_bound
        self.allocation = allocation
        self.pattern_seed = pattern_seed
        self.max_size = max_size
        self.size_mean = size_mean
        self.random_state = random_state
        self.include_n = include_n
        self.threads = threads

    def _more_tags(self) -> Dict[str, Any]:
        # scikit-learn < 1.6: X is graphs, so check_estimator skips the array checks ("requires input of type").
        return {"X_types": ["graphs"], "requires_y": False}

    def __sklearn_tags__(self) -> Any:
        # scikit-learn >= 1.6 (not run here: the tested version is Debian's): no 2-d array input.
        tags = super().__sklearn_tags__()
        tags.input_tags.two_d_array = False
        return tags

    def fit(self, X: GraphList, y: Optional[npt.ArrayLike] = None) -> "HomDensityEmbedding":
        """Checks the graphs and draws the patterns.

        Parameters
        ----------
        X : Dataset or list of (int, array_like)
            The graphs: a data set or (n, edges) tuples with (E, 2) edge arrays (:func:`pxstudio.graph_list`).
        y : array_like, optional
            Ignored (the embedding is unsupervised); checked to have one entry per graph when given.

        Returns
        -------
        HomDensityEmbedding
            self, fitted.

        Raises
        ------
        TypeError
            X is not graphs (the message names ``X`` or the entry, e.g. ``X[3][0]``).
        ValueError
            y has another length than X.

        Examples
        --------
        >>> emb = HomDensityEmbedding(d=4).fit(px.load("builtin:sbm-cycles"))
        >>> len(emb.patterns_)
        4
        """
        data = from_graph_list(X, caller="HomDensityEmbedding.fit")
        _check_y(y, len(data))
        self.patterns_ = sample_patterns(self.pattern_class, d=self.d, seed=self.pattern_seed, size_mean=self.size_mean,
                                         max_size=self.max_size)
        self.n_graphs_fit_ = len(data)
        return self

    def transform(self, X: GraphList) -> Any:
        """The released embedding of each graph: ``transform_with_report(X)[0]``.

        Parameters
        ----------
        X : Dataset or list of (int, array_like)
            The graphs, as for :meth:`fit`.

        Returns
        -------
        numpy.ndarray
            graphs x (1 + d) float64 (n first) when ``include_n``, else graphs x d; a pandas DataFrame with the
            columns :meth:`get_feature_names_out` names after ``set_output(transform="pandas")``.

        Raises
        ------
        sklearn.exceptions.NotFittedError
            ``fit`` was not called.

        Examples
        --------
        >>> data = px.load("builtin:sbm-cycles")
        >>> HomDensityEmbedding(d=4, random_state=0).fit(data).transform(data).shape == (len(data), 5)
        True
        """
        values = self.transform_with_report(X)[0]
        output = getattr(self, "_sklearn_output_config", {}).get("transform") or get_config().get("transform_output")
        if output == "pandas":
            import pandas
            return pandas.DataFrame(values, columns=self.get_feature_names_out())
        return values

    def set_output(self, *, transform: Optional[str] = None) -> "HomDensityEmbedding":
        """Sets the container of ``transform``'s (and ``fit_transform``'s) output, as scikit-learn's transformers do.

        Parameters
        ----------
        transform : {'default', 'pandas'} or None
            'pandas': a DataFrame whose columns are :meth:`get_feature_names_out`; 'default': a numpy array (or what
            ``sklearn.set_config(transform_output=...)`` says); None: unchanged.

        Returns
        -------
        HomDensityEmbedding
            self.

        Raises
        ------
        ValueError
            ``transform`` is another value.

        Examples
        --------
        >>> data = px.load("builtin:sbm-cycles")
        >>> frame = HomDensityEmbedding(d=2, epsilon=None).set_output(transform="pandas").fit_transform(data)
        >>> list(frame.columns)[0]
        'n'
        """
        if transform is None:
            return self
        if transform not in ("default", "pandas"):
            raise ValueError(f"HomDensityEmbedding.set_output: the argument `transform` must be 'default', 'pandas' or "
                             f"None, got {transform!r}")
        self._sklearn_output_config = {"transform": transform}
        return self

    def transform_with_report(self, X: GraphList) -> Tuple[npt.NDArray[np.float64], Dict[str, Any]]:
        """The released embedding and the release's privacy report.

        Parameters
        ----------
        X : Dataset or list of (int, array_like)
            The graphs, as for :meth:`fit`.

        Returns
        -------
        tuple of (numpy.ndarray, dict)
            The embedding (as :meth:`transform`, always an array) and the privacy report of its release.

        Examples
        --------
        >>> data = px.load("builtin:sbm-cycles")
        >>> values, report = HomDensityEmbedding(d=4, epsilon=None).fit(data).transform_with_report(data)
        >>> report["mechanism"]
        'none (no noise)'
        """
        check_is_fitted(self, "patterns_")
        data = from_graph_list(X, caller="HomDensityEmbedding.transform")
        t = densities(data, self.patterns_, threads=self.threads, progress=False)
        n = data.num_vertices.astype(float)
        report: Dict[str, Any]
        if self.epsilon is None or np.isinf(self.epsilon):
            released, report = t, {"mechanism": "none (no noise)", "epsilon": float("inf")}
        else:
            mech = Mechanism(self.mechanism, epsilon=self.epsilon, delta=self.delta, degree_bound=self.degree_bound,
                             allocation=self.allocation, seed=noise_seed_for(self.random_state, data))
            if self.mechanism in ("rr", "dprr"):
                released, report = mech.release_graphs(data, self.patterns_)
            else:
                released, report = mech.release(t, n, patterns=self.patterns_, max_degree=data.max_degree)
        values = np.column_stack([n, released]) if self.include_n else np.asarray(released)
        return values, report

    def get_feature_names_out(self, input_features: Optional[Sequence[str]] = None) -> npt.NDArray[np.object_]:
        """The names of the output columns: ``n`` (when ``include_n``), then one per pattern.

        A pattern's column is named ``t(F<j>: <edges>)``, its index in ``patterns_`` and its edges.

        Parameters
        ----------
        input_features : None
            Graphs have no input feature names; anything but None is refused.

        Returns
        -------
        numpy.ndarray of str
            One name per column of :meth:`transform`'s output.

        Raises
        ------
        sklearn.exceptions.NotFittedError
            ``fit`` was not called.
        ValueError
            ``input_features`` is not None.

        Examples
        --------
        >>> emb = HomDensityEmbedding(pattern_class="trees", d=2, pattern_seed=1).fit(px.load("builtin:sbm-cycles"))
        >>> emb.get_feature_names_out()[0]
        'n'
        """
        check_is_fitted(self, "patterns_")
        if input_features is not None:
            raise ValueError("HomDensityEmbedding.get_feature_names_out: the argument `input_features` must be None "
                             "(graphs have no input feature names)")
        names = [f"t(F{j}: " + " ".join(f"{u}-{v}" for u, v in p.edges.tolist()) + ")"
                 for j, p in enumerate(self.patterns_)]
        return np.asarray((["n"] if self.include_n else []) + names, dtype=object)


__all__ = ["HomDensityEmbedding", "noise_seed_for"]
