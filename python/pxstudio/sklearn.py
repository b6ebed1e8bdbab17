"""scikit-learn interface: homomorphism densities with calibrated noise as a transformer.

    from sklearn.pipeline import make_pipeline
    from sklearn.linear_model import LogisticRegression
    X = pxstudio.graph_list(data); y = data.labels[:, 0]
    model = make_pipeline(HomDensityEmbedding("trees", d=50, epsilon=1.0), LogisticRegression())
    cross_val_score(model, X, y, scoring="roc_auc")
"""
import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin

from . import Mechanism, densities, sample_patterns
from ._graphs import from_graph_list


class HomDensityEmbedding(TransformerMixin, BaseEstimator):
    """Private homomorphism-density embedding of graphs, as a scikit-learn transformer.

    ``fit`` draws the patterns; ``transform`` computes t(F_j, G) for each graph and adds the mechanism's
    noise. Every call to ``transform`` draws fresh noise from ``noise_seed`` plus the call's number.

    X is a Dataset or a list of (n, edges) tuples (:func:`pxstudio.graph_list`) whose edge arrays have shape
    (E, 2), one (u, v) pair per row, whatever E is; a (2, E) edge_index is refused (pass its transpose).

    Parameters
    ----------
    pattern_class : str
        'trees', 'fan-cactus:R', 'subgraph:K' or 'treewidth:K' (as ``sample_patterns``).
    d : int
        Number of patterns.
    epsilon, delta : float
        The privacy budget; ``epsilon=float('inf')`` releases the clean densities.
    mechanism : str
        'gaussian', 'smooth', 'laplace', 'rr' or 'dprr' (as ``Mechanism``).
    degree_bound : int or None
        The public bound D on the maximum degree; None assumes none (the counting lemma's sensitivity).
    allocation : str
        'isotropic' or 'equal-snr'.
    pattern_seed, max_size, size_mean :
        The pattern sampler's seed and size law.
    noise_seed : int
        Seed of the first ``transform``'s noise.
    include_n : bool
        Prepend the public vertex count n as the first column (released as it is).
    threads : int or None
        Threads for the densities (None: all).

    Attributes
    ----------
    patterns_ : PatternSet
        The patterns drawn by ``fit``.
    seeds_ : list of int
        The noise seed of every ``transform`` so far.
    privacy_report_ : dict
        The last release's privacy report.

    Examples
    --------
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.svm import SVC
    >>> model = make_pipeline(HomDensityEmbedding(d=20, epsilon=1.0), SVC())  # doctest: +SKIP
    >>> model.fit(px.graph_list(data), y)  # doctest: +SKIP
    """

    def __init__(self, pattern_class="trees", d=50, epsilon=1.0, delta=1e-6, mechanism="gaussian", degree_bound=None,
                 allocation="isotropic", pattern_seed=1, max_size=0, size_mean=5.0, noise_seed=1, include_n=True,
                 threads=None):
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
        self.noise_seed = noise_seed
        self.include_n = include_n
        self.threads = threads

    def fit(self, X, y=None):
        self.patterns_ = sample_patterns(self.pattern_class, d=self.d, seed=self.pattern_seed, size_mean=self.size_mean,
                                         max_size=self.max_size)
        self.seeds_ = []
        self.privacy_report_ = None
        return self

    def transform(self, X):
        if not hasattr(self, "patterns_"):
            raise ValueError("HomDensityEmbedding is not fitted yet: call fit first")
        data = from_graph_list(X)
        t = densities(data, self.patterns_, threads=self.threads)
        n = data.num_vertices.astype(float)
        if self.epsilon is None or np.isinf(self.epsilon):
            released, self.privacy_report_ = t, {"mechanism": "none (no noise)", "epsilon": float("inf")}
        else:
            seed = int(self.noise_seed) + len(self.seeds_)
            self.seeds_.append(seed)
            mech = Mechanism(self.mechanism, epsilon=self.epsilon, delta=self.delta, degree_bound=self.degree_bound,
                             allocation=self.allocation, seed=seed)
            if self.mechanism in ("rr", "dprr"):
                released, self.privacy_report_ = mech.release_graphs(data, self.patterns_)
            else:
                released, self.privacy_report_ = mech.release(t, n, patterns=self.patterns_, max_degree=data.max_degree)
        return np.column_stack([n, released]) if self.include_n else np.asarray(released)
