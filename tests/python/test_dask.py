"""pxstudio.dask on a LocalCluster with two worker processes: the same densities and sweep tables as one process,
bit for bit (timing columns aside), also when a worker is killed in the middle of a sweep."""
import os
import signal

import numpy as np
import pytest

import pxstudio as px

distributed = pytest.importorskip("distributed", reason="python3-distributed is not installed: the Dask tests need it")
import pxstudio.dask as pxd  # noqa: E402

# Two classes x two pattern seeds (four pattern sets), three budgets, two noise seeds: 24 runs.
SPEC = {"dataset": "builtin:sbm-cycles", "classes": ["trees", "treewidth:2"], "dims": [8], "pattern_seeds": [1, 2],
        "mechanisms": [{"mechanism": "gaussian", "sensitivity": "counting-lemma"}], "budget": {"axis": "epsilon", "values": [0.5, 2, 8]},
        "noise_seeds": [1, 2], "learner": {"kind": "linear"}}


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def _without_timings(table):
    return table.drop(columns=[c for c in table.columns if c.startswith(pxd.TIMING_COLUMNS)])  # also their _mean, _std


def _assert_same_tables(mine, theirs):
    for part in ("runs", "summary"):
        a, b = _without_timings(mine[part]), _without_timings(theirs[part])
        assert list(a.columns) == list(b.columns), part
        assert len(a) == len(b), part
        for column in a.columns:
            x, y = a[column].to_numpy(), b[column].to_numpy()
            if x.dtype.kind == "f":
                assert np.array_equal(x, y, equal_nan=True), (part, column)  # bit for bit: no tolerance
            else:
                assert list(x) == list(y), (part, column)
    assert mine["metadata"]["erf_fits"] == theirs["metadata"]["erf_fits"]


def test_density_blocks_equal_the_local_densities(client, sbm):
    patterns = px.sample_patterns("treewidth:2", d=12, seed=3)
    seen = []
    t = pxd.densities(sbm, patterns, client=client, block_graphs=37, progress=seen.append)
    assert np.array_equal(t, px.densities(sbm, patterns))
    assert seen[-1] == 1.0 and seen == sorted(seen)
    # A path is loaded by the workers.
    assert np.array_equal(pxd.densities("builtin:sbm-cycles", patterns, client=client), t)


def test_a_distributed_sweep_equals_the_local_one(client):
    local = px.sweep_result(SPEC)
    assert len(local["runs"]) == 24
    for shards in (1, 5, 24):
        mine = pxd.sweep_result(SPEC, client=client, shards=shards, block_graphs=50)
        _assert_same_tables(mine, local)
        assert len(mine["metadata"]["shard"]["merged_from"]) == shards


def test_a_gin_sweep_shards_its_trainings(client):
    spec = {"dataset": "builtin:er", "learner": {"kind": "gin", "layers": 2, "hidden": 8, "epochs": 2},
            "mechanisms": [{"mechanism": "rr"}], "budget": {"axis": "epsilon", "values": [2, 4]}, "noise_seeds": [1],
            "attack": False}
    _assert_same_tables(pxd.sweep_result(spec, client=client, shards=2), px.sweep_result(spec))


def test_a_worker_killed_mid_sweep_changes_nothing(client):
    local = px.sweep_result(SPEC)
    killed = []

    def kill_a_worker_once(fraction):
        # At the first finished task, the worker holding the most results (the data set among them) dies with
        # the tasks it is running: its results must be rebuilt from their recipes, its tasks run elsewhere.
        if not killed:
            held = client.has_what()
            victim = max(held, key=lambda address: len(held[address]))
            pid = client.run(os.getpid, workers=[victim])[victim]
            os.kill(pid, signal.SIGKILL)
            killed.append((pid, len(held[victim]) + len(client.processing()[victim])))

    mine = pxd.sweep_result(SPEC, client=client, shards=12, block_graphs=20, progress=kill_a_worker_once)
    assert killed, "no worker was killed"
    pid, lost = killed[0]
    assert lost > 0, "the killed worker held no result and ran no task: nothing was tested"
    _assert_same_tables(mine, local)
    client.wait_for_workers(2, timeout=60)  # the nanny restarts it
    assert pid not in client.run(os.getpid).values()


def test_bad_arguments_say_what_was_expected(client):
    with pytest.raises(ValueError, match="shards must be between 1 and the sweep's 24 runs"):
        pxd.sweep_result(SPEC, client=client, shards=25)
    with pytest.raises(ValueError, match="block_graphs must be at least 1"):
        pxd.densities("builtin:sbm-cycles", px.sample_patterns("trees", d=2, seed=1), client=client, block_graphs=0)
