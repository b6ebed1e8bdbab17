"""HomDensityEmbedding as a scikit-learn citizen.

check_estimator feeds 2-d arrays; the transformer's tags declare graph input, so it skips with that reason. The
common checks that make sense for graphs are re-written here on graph input: fit returns self, cloning, pickling,
idempotent fit, transform leaving the fitted state alone, the random_state contract, NotFittedError, input validation
naming the argument, get_feature_names_out and set_output(transform="pandas").
"""
import pickle
import warnings

import numpy as np
import pytest
import sklearn
from sklearn.base import clone
from sklearn.exceptions import NotFittedError, SkipTestWarning
from sklearn.utils.estimator_checks import check_estimator

import pxstudio as px
from pxstudio.sklearn import HomDensityEmbedding, noise_seed_for


@pytest.fixture(scope="module")
def graphs():
    return px.graph_list(px.load("builtin:sbm-cycles"))[:40]


def _fitted_state(est):
    """Every attribute that ends in '_' (scikit-learn's fitted attributes), pickled to compare by value."""
    return {k: pickle.dumps(v) for k, v in vars(est).items() if k.endswith("_") and not k.startswith("__")}


def test_check_estimator_skips_with_the_graph_input_reason():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_estimator(HomDensityEmbedding(d=2))
    skips = [str(w.message) for w in caught if issubclass(w.category, SkipTestWarning)]
    assert len(skips) == 1, skips
    assert "graphs" in skips[0] and "HomDensityEmbedding" in skips[0]


def test_fit_returns_self_and_get_params_round_trips(graphs):
    est = HomDensityEmbedding(d=3, epsilon=2.0, random_state=5)
    assert est.fit(graphs) is est
    assert est.get_params()["random_state"] == 5 and est.get_params()["d"] == 3
    twin = HomDensityEmbedding(**est.get_params())
    assert twin.get_params() == est.get_params()


def test_clone_is_unfitted_with_the_same_parameters(graphs):
    est = HomDensityEmbedding(d=3, epsilon=2.0, random_state=5).fit(graphs)
    twin = clone(est)
    assert twin.get_params() == est.get_params()
    assert not hasattr(twin, "patterns_")
    np.testing.assert_array_equal(twin.fit(graphs).transform(graphs), est.transform(graphs))


def test_pickled_estimator_transforms_the_same(graphs):
    est = HomDensityEmbedding(d=3, epsilon=2.0, random_state=5).fit(graphs)
    again = pickle.loads(pickle.dumps(est))
    np.testing.assert_array_equal(again.transform(graphs), est.transform(graphs))


def test_fit_is_idempotent(graphs):
    est = HomDensityEmbedding(d=4, epsilon=None).fit(graphs)
    first, out1 = _fitted_state(est), est.transform(graphs)
    est.fit(graphs[:10])
    est.fit(graphs)
    assert _fitted_state(est) == first
    np.testing.assert_array_equal(est.transform(graphs), out1)


def test_transform_does_not_change_the_fitted_state(graphs):
    est = HomDensityEmbedding(d=3, epsilon=1.0).fit(graphs)  # random_state=None: fresh noise every call
    before = _fitted_state(est)
    params = est.get_params()
    a, b = est.transform(graphs), est.transform(graphs)
    assert _fitted_state(est) == before and est.get_params() == params
    assert not np.array_equal(a, b)  # fresh noise (equal draws of continuous noise: probability 0)


def test_random_state_contract(graphs):
    data = px.load("builtin:sbm-cycles")
    same = HomDensityEmbedding(d=3, epsilon=1.0, random_state=11).fit(graphs)
    # An int: the same graphs, the same release; other graphs, other noise (seeds compared directly).
    np.testing.assert_array_equal(same.transform(graphs), same.transform(graphs))
    assert noise_seed_for(11, px.from_edge_index([np.array([[0], [1]])])) != noise_seed_for(11, data)
    assert noise_seed_for(11, data) != noise_seed_for(12, data)
    # A RandomState: reproducible sequence of calls, each call fresh.
    outs = []
    for _ in range(2):
        est = HomDensityEmbedding(d=3, epsilon=1.0, random_state=np.random.RandomState(3)).fit(graphs)
        outs.append((est.transform(graphs), est.transform(graphs)))
    np.testing.assert_array_equal(outs[0][0], outs[1][0])
    np.testing.assert_array_equal(outs[0][1], outs[1][1])
    assert not np.array_equal(outs[0][0], outs[0][1])
    # The noise is the mechanism's with the seed the contract names: computed here independently.
    est = HomDensityEmbedding(d=3, epsilon=1.0, random_state=11, include_n=False).fit(graphs)
    sub = px.from_edge_index([e.T for _, e in graphs], num_nodes=[n for n, _ in graphs])
    t = px.densities(sub, est.patterns_, progress=False)
    mech = px.Mechanism("gaussian", epsilon=1.0, delta=1e-6, degree_bound=None, seed=noise_seed_for(11, sub))
    expected, _ = mech.release(t, sub.num_vertices.astype(float), patterns=est.patterns_, max_degree=sub.max_degree)
    np.testing.assert_array_equal(est.transform(graphs), expected)


def test_unfitted_raises_not_fitted_error(graphs):
    for call in (lambda e: e.transform(graphs), lambda e: e.get_feature_names_out()):
        with pytest.raises(NotFittedError, match="HomDensityEmbedding"):
            call(HomDensityEmbedding())


@pytest.mark.parametrize("X, named", [
    (np.zeros((4, 3)), "`X`"),
    ("graphs.txt", "`X`"),
    ([(3, [[0, 1]]), [3]], "`X[1]`"),
    ([(3.0, [[0, 1]])], "`X[0][0]`"),
])
def test_fit_validates_X_and_names_the_argument(X, named):
    with pytest.raises(TypeError, match=named.replace("[", r"\[").replace("]", r"\]")) as info:
        HomDensityEmbedding(d=2).fit(X)
    assert "HomDensityEmbedding.fit" in str(info.value)


def test_fit_checks_the_length_of_y(graphs):
    with pytest.raises(ValueError, match="`y` has 3 entries for 40 graphs"):
        HomDensityEmbedding(d=2).fit(graphs, [0, 1, 0])
    HomDensityEmbedding(d=2).fit(graphs, np.zeros(40))


def test_feature_names_match_the_columns(graphs):
    est = HomDensityEmbedding(d=5, epsilon=None).fit(graphs)
    names = est.get_feature_names_out()
    out = est.transform(graphs)
    assert names.shape == (out.shape[1],) and names[0] == "n"
    assert len(set(names)) == len(names)
    for j, p in enumerate(est.patterns_):  # each name carries its pattern's index and edges
        assert names[1 + j] == f"t(F{j}: " + " ".join(f"{u}-{v}" for u, v in p.edges.tolist()) + ")"
    np.testing.assert_array_equal(out[:, 0], [n for n, _ in graphs])
    without_n = HomDensityEmbedding(d=5, epsilon=None, include_n=False).fit(graphs)
    assert list(without_n.get_feature_names_out()) == list(names[1:])
    with pytest.raises(ValueError, match="input_features"):
        est.get_feature_names_out(["a"])


def test_set_output_pandas(graphs):
    pandas = pytest.importorskip("pandas", reason="pandas not installed: set_output(transform='pandas') not checked")
    est = HomDensityEmbedding(d=4, epsilon=None).set_output(transform="pandas").fit(graphs)
    frame = est.transform(graphs)
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == list(est.get_feature_names_out())
    plain = HomDensityEmbedding(d=4, epsilon=None).fit(graphs).transform(graphs)
    np.testing.assert_array_equal(frame.to_numpy(), plain)
    assert isinstance(est.fit_transform(graphs), pandas.DataFrame)
    with sklearn.config_context(transform_output="pandas"):  # the global setting, as scikit-learn's transformers
        assert isinstance(HomDensityEmbedding(d=2, epsilon=None).fit_transform(graphs), pandas.DataFrame)
    assert isinstance(HomDensityEmbedding(d=2, epsilon=None).fit_transform(graphs), np.ndarray)
    with pytest.raises(ValueError, match="`transform` must be 'default', 'pandas' or None"):
        est.set_output(transform="polars")


def test_transform_with_report_gives_the_release_and_its_report(graphs):
    est = HomDensityEmbedding(d=3, epsilon=1.0, random_state=2).fit(graphs)
    values, report = est.transform_with_report(graphs)
    np.testing.assert_array_equal(values, est.transform(graphs))
    assert report["epsilon"] == pytest.approx(1.0)
