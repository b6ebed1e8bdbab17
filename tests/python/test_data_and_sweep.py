"""Data in every form, and sweeps as tidy tables."""
import numpy as np
import pytest

import pxstudio as px


def test_edge_index_round_trip(sbm):
    rebuilt = px.from_edge_index([sbm.edge_index(i) for i in range(len(sbm))], sbm.num_vertices, sbm.labels[:, 0])
    assert np.array_equal(rebuilt.num_edges, sbm.num_edges)
    assert rebuilt.tasks == [("task0", "binary")]
    t = px.sample_patterns("treewidth:2", d=6, seed=1)
    assert np.array_equal(px.densities(rebuilt, t), px.densities(sbm, t))


def test_networkx_graphs():
    nx = pytest.importorskip("networkx")
    graphs = [nx.cycle_graph(6), nx.disjoint_union(nx.cycle_graph(3), nx.cycle_graph(3))]
    data = px.from_networkx(graphs, labels=[0, 1])
    tri = px.Pattern(3, [(0, 1), (1, 2), (0, 2)])
    t = px.densities(data, [tri])
    # hom(K3, C6) = 0; hom(K3, 2·C3) = 2·6 = 12, over 6³ maps.
    assert t[0, 0] == 0 and t[1, 0] == pytest.approx(12 / 216)


def test_tu_data_with_labels_and_folds(shared_data):
    data = px.load(shared_data / "MUTAG")
    assert len(data) == 188 and data.labels.shape == (188, 1)
    assert set(np.unique(data.labels)) == {0.0, 1.0}
    # Node labels (atom types) against the raw files read with numpy: the loader's codes are the ranks of the values.
    raw = np.loadtxt(shared_data / "MUTAG" / "MUTAG_node_labels.txt", dtype=np.int64)
    graph_of = np.loadtxt(shared_data / "MUTAG" / "MUTAG_graph_indicator.txt", dtype=np.int64)
    values, codes = np.unique(raw, return_inverse=True)
    assert data.node_label_values == len(values) == 7
    for g in (0, 5, 187):
        assert np.array_equal(data.node_labels(g), codes[graph_of == g + 1])
    sub = data.subset(np.array([187, 0]))
    assert np.array_equal(sub.node_labels(0), data.node_labels(187)) and sub.node_label_values == 7
    assert px.load("builtin:er").node_labels(0) is None


def test_gin_data_has_its_folds(shared_data):
    data = px.load(shared_data / "REDDIT-BINARY-gin")
    assert len(data) == 2000 and len(data.folds) == 10
    assert all(len(f["train"]) + len(f["test"]) == 2000 for f in data.folds)


def test_ogb_split(shared_data):
    data = px.load(shared_data / "ogbg-molbace")
    assert data.split["name"] == "scaffold"
    assert len(data.split["train"]) + len(data.split["valid"]) + len(data.split["test"]) == len(data)


def test_linqs_node_data(shared_data):
    cora = px.load_node_data(shared_data / "cora")
    assert cora.num_nodes == 2708 and cora.features.shape == (2708, 1433) and cora.edge_index.shape[0] == 2


def test_sweep_returns_the_tidy_table_pxrun_writes(pxrun, tmp_path):
    import json
    import subprocess
    spec = {"dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 8},
            "mechanisms": [{"mechanism": "gaussian", "sensitivity": "counting-lemma"}],
            "budget": {"axis": "epsilon", "values": [1, 10]}, "noise_seeds": [1, 2]}
    result = px.sweep_result(spec)
    runs = result["runs"]
    assert len(runs) == 4  # 2 budgets × 2 noise seeds
    for column in ("epsilon", "value", "metric", "public_value", "shuffled_value", "no_structural_signal"):
        assert column in runs
    assert list(np.asarray(runs["epsilon"], dtype=float)) == [1, 1, 10, 10]
    # data may be a path (or builtin:NAME) as well as a Dataset; ε = ∞ stays ∞, not NaN
    spec_inf = dict(spec, budget={"axis": "epsilon", "values": ["inf"]}, noise_seeds=[1])
    by_path = px.sweep(spec_inf, data="builtin:sbm-cycles")
    assert np.isinf(np.asarray(by_path["budget"], dtype=float)).all()
    with pytest.raises(TypeError, match="sweep: the argument `data` expects a pxstudio data set"):
        px.sweep(spec_inf, data=3)
    assert set(result["metadata"]) >= {"dataset", "spec", "erf_fits"}
    (tmp_path / "s.json").write_text(json.dumps(spec))
    subprocess.run([pxrun, "sweep", str(tmp_path / "s.json"), "--out", str(tmp_path / "r")], check=True, capture_output=True)
    theirs = np.genfromtxt(tmp_path / "r.csv", delimiter=",", names=True, dtype=None, encoding="utf-8")
    for column in ("value", "public_value", "shuffled_value", "noise_seed"):
        assert np.array_equal(np.asarray(runs[column], dtype=float), theirs[column].astype(float)), column
    assert px.sweep(tmp_path / "s.json")["value"].tolist() == list(np.asarray(runs["value"]))


def test_a_sweep_keeps_its_densities_where_pxrun_reads_them(pxrun, tmp_path, monkeypatch):
    import subprocess
    spec = {"dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 8}, "pattern_seeds": [1, 2],
            "mechanisms": [{"mechanism": "gaussian", "sensitivity": "counting-lemma"}],
            "budget": {"axis": "epsilon", "values": [1]}, "noise_seeds": [1]}
    store = tmp_path / "densities"
    monkeypatch.setenv("PX_DENSITY_CACHE", str(store))
    computed = px.sweep(spec)
    assert len(list(store.glob("*.pxdens"))) == 2  # one per pattern seed
    info = subprocess.run([pxrun, "cache", "info"], check=True, capture_output=True, text=True).stdout
    assert "entries: 2" in info
    assert px.sweep(spec)["value"].tolist() == computed["value"].tolist()  # read back: the same table


def test_learners_come_from_the_registry_and_each_row_learner_runs():
    learners = px.learners()
    kinds = [l["kind"] for l in learners]
    assert kinds == ["knn", "svm", "linear", "rf", "forest", "boosting", "gin"]
    knn = learners[0]
    assert [p["name"] for p in knn["parameters"]] == ["k"] and knn["parameters"][0]["default"] == 10
    assert [l["kind"] for l in learners if l["needs_graphs"]] == ["gin"]
    spec = {"dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 4},
            "budget": {"axis": "epsilon", "values": ["inf"]}, "noise_seeds": [1], "controls": False}
    for learner in learners:
        if learner["needs_graphs"]:
            continue
        runs = px.sweep(dict(spec, learner={"kind": learner["kind"], "trees": 5}))
        assert list(runs["learner"]) == [learner["kind"]]
    with pytest.raises(ValueError, match="knn, svm, linear, rf, forest, boosting or gin"):
        px.sweep(dict(spec, learner={"kind": "oracle"}))


def test_gin_sweep_on_perturbed_graphs():
    """The GIN learner from Python: trained on DPRR graphs (the published split), scored both ways, with controls."""
    spec = {"dataset": "builtin:er", "learner": {"kind": "gin", "layers": 2, "hidden": 8, "epochs": 2},
            "mechanisms": [{"mechanism": "dprr", "dprr_split": "published"}],
            "budget": {"axis": "epsilon", "values": [2]}, "noise_seeds": [1], "noisy_test": "both", "attack": False}
    runs = px.sweep_result(spec)["runs"]
    assert len(runs["value"]) == 2  # released and clean test graphs, one training
    assert list(runs["noisy_test"]) == [True, False]
    assert list(np.asarray(runs["epsilon"], dtype=float)) == [4.0, 4.0]  # every vertex spends ε: a 2ε-edge-DP graph
    assert all(0 <= v <= 1 for v in runs["value"])
    mech = px.Mechanism("dprr", epsilon=1.0, dprr_split="published")
    assert mech.to_dict()["dprr_split"] == "published"


def test_depth_lab_trained_nag_from_python():
    assert "nag-trained" in px.depth_experiments()
    spec = dict(data="builtin:sbm-nodes", aggregations=["mean", "attention"], sigmas=[0, 1], widths=[8], epochs=20, trials=1)
    t = px.depth("nag-trained", **spec)
    # the features-alone control, then aggregation × σ
    assert len(t) == 1 + 2 * 2
    assert list(t["aggregation"])[:2] == ["none (features alone)", "mean"]
    assert ((t["accuracy_mean"] >= 0) & (t["accuracy_mean"] <= 1)).all()
    assert (t.loc[t["sigma"] == 0, "err_lower_bound_mean"] == 0).all()
    again = px.depth("nag-trained", **spec)  # deterministic with the spec's seed
    assert np.array_equal(t["accuracy_mean"].to_numpy(), again["accuracy_mean"].to_numpy())
    with pytest.raises(ValueError, match="scheme"):
        px.depth("nag-trained", scheme="loose", **spec)
