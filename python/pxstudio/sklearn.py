"""scikit-learn interface: homomorphism densities with calibrated noise as a transformer.

    from sklearn.pipeline import make_pipeline
    from sklearn.linear_model import LogisticRegression
    X = pxstudio.graph_list(data); y = data.labels[:, 0]
    model = make_pipeline(HomDensityEmbedding("trees", d=50, epsilon=1.0), LogisticRegression())
    cross_val_score(model, X, y, scoring="roc_auc")
"""
import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin

from . import Dataset, Mechanism, densities, from_edge_index, sample_patterns


def _as_dataset(X):
    if isinstance(X, Dataset):
        return X
    edges, counts = [], []
    for item in X:
        if isinstance(item, tuple) and len(item) == 2:
            n, e = item
            counts.append(int(n))
            edges.append(np.asarray(e, dtype=np.int64).reshape(-1, 2))
        else:
            raise ValueError("X must be a pxstudio.Dataset or a list of (n, edges) tuples (pxstudio.graph_list)")
    return from_edge_index(edges, counts)


class HomDensityEmbedding(TransformerMixin, BaseEstimator):
    """Private homomorphism-density embedding of graphs.

    Patterns are drawn in fit (pattern_class, d, pattern_seed, max_size, size_mean). transform computes
    t(F_j, G) for each graph and adds the mechanism's noise (epsilon, delta, mechanism, degree_bound:
    None means no degree assumption). Every call draws fresh noise from noise_seed + call number; the
    seeds used are in seeds_ and the last privacy report in privacy_report_. include_n prepends the
    public vertex count n as the first column (it is released as it is).
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
        data = _as_dataset(X)
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
