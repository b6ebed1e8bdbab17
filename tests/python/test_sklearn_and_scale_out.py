"""The transformer inside scikit-learn, and pickling for process pools."""
import multiprocessing
import pickle

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import pxstudio as px
from pxstudio.sklearn import HomDensityEmbedding


def test_transformer_in_a_pipeline_with_cross_validation(sbm):
    X, y = px.graph_list(sbm), sbm.labels[:, 0]
    clean = make_pipeline(HomDensityEmbedding("treewidth:2", d=20, epsilon=None, include_n=False), StandardScaler(),
                          LogisticRegression(max_iter=2000))
    auc_clean = cross_val_score(clean, X, y, cv=5, scoring="roc_auc")
    # The built-in SBM task's classes share degree sequences and differ in cycles: clean densities separate them.
    assert auc_clean.mean() > 0.9
    noisy = make_pipeline(HomDensityEmbedding("treewidth:2", d=20, epsilon=0.1, degree_bound=None), StandardScaler(),
                          LogisticRegression(max_iter=2000))
    auc_noisy = cross_val_score(noisy, X, y, cv=5, scoring="roc_auc")
    assert auc_noisy.mean() < auc_clean.mean()


def test_noise_is_seeded_as_random_state_says(sbm):
    emb = HomDensityEmbedding("trees", d=8, epsilon=1.0, random_state=40).fit(sbm)
    a, report = emb.transform_with_report(sbm)
    assert np.array_equal(a[:, 0], sbm.num_vertices)  # n is public and released as it is
    assert report["valid_guarantee"] and report["patterns"] == 8
    assert not hasattr(emb, "privacy_report_") and not hasattr(emb, "seeds_")  # transform keeps nothing
    # The seed the contract names reproduces the call.
    from pxstudio.sklearn import noise_seed_for
    mech = px.Mechanism("gaussian", epsilon=1.0, degree_bound=None, seed=noise_seed_for(40, sbm))
    again, _ = mech.release(px.densities(sbm, emb.patterns_), sbm.num_vertices, patterns=emb.patterns_)
    assert np.array_equal(again, a[:, 1:])


def test_unfitted_transformer_raises(sbm):
    with pytest.raises(ValueError, match="not fitted"):
        HomDensityEmbedding().transform(sbm)


def test_everything_pickles(sbm, trees):
    for obj in (sbm, trees, trees[3], px.Mechanism("laplace", epsilon=2.0, degree_bound=9, seed=3)):
        back = pickle.loads(pickle.dumps(obj))
        assert type(back) is type(obj)
    back = pickle.loads(pickle.dumps(sbm))
    assert back.content_hash() == sbm.content_hash() and np.array_equal(back.labels, sbm.labels)
    assert pickle.loads(pickle.dumps(trees)).to_json() == trees.to_json()
    assert pickle.loads(pickle.dumps(px.Mechanism("laplace", epsilon=2.0, degree_bound=9))).to_dict()["degree_bound"] == 9


def _chunk_densities(args):
    data, patterns = args
    return px.densities(data, patterns, threads=1)


def test_a_process_pool_gives_the_same_densities(sbm, trees):
    chunks = [sbm.subset(np.arange(start, min(start + 100, len(sbm)))) for start in range(0, len(sbm), 100)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        parts = pool.map(_chunk_densities, [(c, trees) for c in chunks])
    assert np.array_equal(np.vstack(parts), px.densities(sbm, trees))
