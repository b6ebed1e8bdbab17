"""Bad input raises a Python exception naming what is wrong; Ctrl-C stops a long count at once."""
import itertools
import os
import signal
import threading
import time

import numpy as np
import pytest

import pxstudio as px


def test_malformed_file_names_file_and_line(tmp_path):
    bad = tmp_path / "g.edges"
    bad.write_text("0 1\n1 x\n")
    with pytest.raises(ValueError, match=r"g\.edges:2"):
        px.load(bad)


def test_a_message_quoting_bytes_that_are_not_utf8_arrives_whole(tmp_path):
    bad = tmp_path / "g.edges"
    bad.write_bytes(b"0 1\n1 \xff\xfe\n")
    with pytest.raises(ValueError, match=r"g\.edges:2") as caught:
        px.load(bad)
    assert str(caught.value)  # not the empty ValueError('') of a failed UTF-8 decode


def test_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="nowhere"):
        px.load(tmp_path / "nowhere")


def test_a_pipe_is_refused_by_name(tmp_path):
    os.mkfifo(tmp_path / "pipe.edges")
    with pytest.raises(ValueError, match="pipe, socket or device"):
        px.load(tmp_path / "pipe.edges")


@pytest.mark.parametrize("call, words", [
    (lambda: px.sample_patterns("cliques"), "pattern class"),
    (lambda: px.sample_patterns("trees", d=0), "d must lie"),
    (lambda: px.from_edge_index([np.array([[0, 1, 2]])]), "shape"),
    (lambda: px.from_edge_index([np.array([[0, 5], [1, 1]])], num_nodes=[3]), "outside"),
    (lambda: px.Mechanism("gaussian", epsilon=-1), "epsilon"),
    (lambda: px.Mechanism("wobbly"), "mechanism"),
    (lambda: px.Mechanism("smooth", secure=True).release(np.zeros((1, 1)), [3], patterns=[px.Pattern(2, [(0, 1)])],
                                                         max_degree=[2]), "secure mode"),
    (lambda: px.Mechanism("gaussian", degree_bound=6).release(np.zeros((2, 1)), [3, 3], patterns=[px.Pattern(2, [(0, 1)])]),
     "max_degree"),
    (lambda: px.Mechanism("gaussian").release(np.zeros((2, 2)), [3, 3], patterns=[px.Pattern(2, [(0, 1)])]), "columns"),
    (lambda: px.Pattern(3, [(0, 1)], order=[0, 0, 1]), "permutation"),
    (lambda: px.sweep({"dataset": "builtin:csl", "budget": {"values": [1, "x"]}}), "field \"/budget/values/1\""),
    (lambda: px.from_edge_index([np.array([[0.0, 0.5], [1.0, 2.0]])]), "expected integer vertex ids, found 0.5"),
    (lambda: px.from_edge_index([np.array([[0.0, 1.0], [1.0, 2.5]])], num_nodes=[3]), "expected integer vertex ids, found 2.5"),
    (lambda: px.epsilon_from_rho(-1, 1e-6), "rho must be > 0"),
    (lambda: px.epsilon_from_rho(0.5, 1.5), "delta must be in (0, 1)"),
    (lambda: px.rho_for_epsilon(0, 1e-6), "epsilon must be > 0"),
    (lambda: px.Mechanism("gaussian", degree_bound=6).release(np.zeros((3, 1)), [3, 3], patterns=[px.Pattern(2, [(0, 1)])],
                                                             max_degree=[2, 2, 2]), "the densities have 3 rows, n has 2 entries"),
])
def test_bad_arguments_raise_value_error(call, words):
    with pytest.raises(ValueError) as e:
        call()
    assert words in str(e.value)


def test_graph_above_the_public_degree_bound_is_refused(sbm, trees):
    t = px.densities(sbm, trees)
    with pytest.raises(ValueError, match="public bound D = 3"):
        px.Mechanism("gaussian", degree_bound=3).release(t, sbm.num_vertices, patterns=trees, max_degree=sbm.max_degree)


def _heavy_data():
    rng = np.random.default_rng(1)
    graphs = []
    for _ in range(16):
        n = 3000
        e = rng.integers(0, n, size=(2, 60000))
        graphs.append(e)
    return px.from_edge_index(graphs, [3000] * 16)


def test_keyboard_interrupt_stops_a_long_count_within_100_ms():
    data = _heavy_data()
    patterns = px.sample_patterns("treewidth:2", d=40, seed=2, max_size=8)
    fractions = []
    sent = {}

    def interrupt():
        sent["at"] = time.perf_counter()
        signal.raise_signal(signal.SIGINT) if threading.current_thread() is threading.main_thread() else os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(1.0, interrupt)
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        px.densities(data, patterns, progress=fractions.append)
    stopped = time.perf_counter()
    timer.join()
    assert stopped - start > 0.9, "the count ended before the interrupt: make it heavier"
    latency = stopped - sent["at"]
    print(f"KeyboardInterrupt latency {latency * 1e3:.1f} ms")
    # Measured on the 2-core VM (27 Nov 2026, idle): 15-46 ms over 20 runs. Before that day it was 200-820 ms in
    # half the runs: the dense evaluator zeroed and copied n × n matrices (72 MB at n = 3000, paced by page faults on
    # fresh memory) without a cancel check; they now run in row panels with one between them. The goal is 100 ms
    # (the design target); the bound leaves room for a loaded CI machine and still fails on those unchecked steps.
    assert latency < 0.2
    assert fractions and all(0 <= f <= 1 for f in fractions)


def test_progress_callback_errors_cancel_and_propagate(sbm):
    def boom(fraction):
        raise RuntimeError("stop here")
    with pytest.raises(RuntimeError, match="stop here"):
        px.densities(_heavy_data(), px.sample_patterns("treewidth:2", d=10, seed=2), progress=boom)


def test_input_errors_carry_their_file_line_and_field(tmp_path):
    # pxstudio.InputError is a ValueError with the parts of the message as attributes, the same as pxrun prints.
    with pytest.raises(px.InputError) as e:
        px.sweep({"dataset": "builtin:csl", "learner": {"kind": "knn", "k": 0}})
    assert isinstance(e.value, ValueError)
    assert (e.value.file, e.value.line, e.value.field) == ("the spec dictionary", None, "/learner/k")
    assert str(e.value) == f'the spec dictionary: {e.value.problem}' and "[1, 1000000], found 0" in e.value.problem
    bad = tmp_path / "edges.txt"
    bad.write_text("0 1\n1 2\n2 x\n")
    with pytest.raises(px.InputError) as e:
        px.load(str(bad))
    assert (e.value.file, e.value.line, e.value.field) == (str(bad), 3, None)
    assert str(e.value).startswith(f"{bad}:3: ")


def test_a_count_too_large_for_the_memory_limit_is_refused_before_it_starts():
    # Treewidth-3 patterns on a complete graph of 150 vertices need sparse-DP tables of millions of entries.
    edges = np.array(list(itertools.combinations(range(150), 2))).T
    data = px.from_edge_index([edges], [150])
    patterns = px.sample_patterns("treewidth:3", d=3, seed=1, max_size=8)
    start = time.perf_counter()
    with pytest.raises(px.ResourceError) as e:
        px.densities(data, patterns, max_memory_gib=0.01)
    assert isinstance(e.value, MemoryError)
    assert "sparse-DP tables" in str(e.value) and "--max-memory" in str(e.value)
    assert time.perf_counter() - start < 5, "refused only after computing"
