"""The package computes exactly what pxrun computes: densities bit for bit, releases for the same seed."""
import subprocess

import numpy as np
import pytest

import pxstudio as px


def run(pxrun, *args):
    subprocess.run([pxrun, *args], check=True, capture_output=True, text=True)


def read_density_csv(path):
    rows = np.loadtxt(path, delimiter=",", skiprows=1, dtype=float)
    return rows[:, 1], rows[:, 2:]  # n, densities (written with %.17g: exact)


@pytest.mark.parametrize("cls", ["trees", "treewidth:2"])
def test_densities_equal_pxrun_bit_for_bit(pxrun, tmp_path, cls):
    run(pxrun, "densities", "builtin:sbm-cycles", "--class", cls, "--d", "12", "--seed", "3", "--out", str(tmp_path / "t.csv"))
    n, expected = read_density_csv(tmp_path / "t.csv")
    data = px.load("builtin:sbm-cycles")
    t = px.densities(data, px.sample_patterns(cls, d=12, seed=3))
    assert t.shape == expected.shape and t.dtype == np.float64
    assert np.array_equal(t, expected)
    assert np.array_equal(data.num_vertices, n)


def test_densities_on_real_data_equal_pxrun(pxrun, shared_data, tmp_path):
    path = str(shared_data / "MUTAG")
    run(pxrun, "densities", path, "--class", "trees", "--d", "20", "--seed", "1", "--out", str(tmp_path / "t.csv"))
    _, expected = read_density_csv(tmp_path / "t.csv")
    assert np.array_equal(px.densities(path, px.sample_patterns("trees", d=20, seed=1)), expected)


def test_patterns_equal_pxrun_pattern_file(pxrun, tmp_path):
    run(pxrun, "patterns", "--class", "treewidth:2", "--d", "15", "--seed", "9", "--max-size", "8", "--out", str(tmp_path / "p.json"))
    ours = px.sample_patterns("treewidth:2", d=15, seed=9, max_size=8)
    theirs = px.PatternSet.load(str(tmp_path / "p.json"))
    assert len(ours) == len(theirs) == 15
    for a, b in zip(ours, theirs):
        assert a.m == b.m and np.array_equal(a.edges, b.edges) and a.treewidth == b.treewidth <= 2


@pytest.mark.parametrize("options, kwargs", [
    (["--mechanism", "gaussian", "--epsilon", "1", "--sensitivity", "counting-lemma"], dict(kind="gaussian", epsilon=1.0, degree_bound=None)),
    (["--mechanism", "gaussian", "--epsilon", "0.5", "--D", "12", "--allocation", "equal-snr"],
     dict(kind="gaussian", epsilon=0.5, degree_bound=12, allocation="equal-snr")),
    (["--mechanism", "laplace", "--epsilon", "2", "--D", "12"], dict(kind="laplace", epsilon=2.0, degree_bound=12)),
    (["--mechanism", "smooth", "--epsilon", "1"], dict(kind="smooth", epsilon=1.0)),
])
def test_release_equals_pxrun_embed(pxrun, tmp_path, options, kwargs):
    run(pxrun, "embed", "builtin:sbm-cycles", "--class", "trees", "--d", "10", "--seed", "1", "--noise-seed", "5", "--rep", "2",
        *options, "--out", str(tmp_path / "e"))
    expected = np.load(tmp_path / "e.npy")  # n, then the released densities
    data = px.load("builtin:sbm-cycles")
    patterns = px.sample_patterns("trees", d=10, seed=1)
    mech = px.Mechanism(**kwargs, seed=5)
    noisy, report = mech.release(px.densities(data, patterns), data.num_vertices, patterns=patterns,
                                 max_degree=data.max_degree, repetition=2)
    assert np.array_equal(noisy, expected[:, 1:])
    assert report["valid_guarantee"] is True
    assert not np.array_equal(noisy, px.densities(data, patterns))


def test_randomized_response_equals_pxrun_embed(pxrun, tmp_path):
    run(pxrun, "embed", "builtin:wl-pairs", "--class", "trees", "--d", "5", "--mechanism", "rr", "--epsilon", "2",
        "--noise-seed", "4", "--out", str(tmp_path / "e"))
    expected = np.load(tmp_path / "e.npy")
    data = px.load("builtin:wl-pairs")
    noisy, report = px.Mechanism("rr", epsilon=2.0, seed=4).release_graphs(data, px.sample_patterns("trees", d=5, seed=1))
    assert np.array_equal(noisy, expected[:, 1:])
    assert report["mechanism"] == "randomized response on edges"


def test_accountant_conversions_are_consistent():
    delta = 1e-6
    rho = px.rho_for_epsilon(1.0, delta)
    # As a Gaussian mechanism (μ-GDP with μ = √(2ρ)) the exact conversion gives back ε = 1 ...
    conv = px.conversions(rho, delta, gaussian_mu=np.sqrt(2 * rho))
    assert sum(c["tightest"] for c in conv) == 1
    assert [c for c in conv if c["tightest"]][0]["name"] == "analytic Gaussian"
    assert min(c["epsilon"] for c in conv) == pytest.approx(1.0, rel=1e-9)
    # ... as bare ρ-zCDP only the looser conversions apply: above 1, and below BDRS's ρ + 2√(ρ ln 1/δ).
    eps = px.epsilon_from_rho(rho, delta)
    assert eps == min(c["epsilon"] for c in px.conversions(rho, delta))
    assert 1.0 < eps <= rho + 2 * np.sqrt(rho * np.log(1 / delta))


def test_audit_of_a_valid_mechanism_stays_below_its_claim():
    patterns = px.sample_patterns("trees", d=3, seed=1)
    g0 = [(0, 1), (1, 2), (2, 3), (3, 4)]
    g1 = g0 + [(4, 5)]
    r = px.audit(g0, g1, 8, patterns, px.Mechanism("gaussian", epsilon=1.0, degree_bound=None), samples=20000)
    assert r["valid_guarantee"] and not r["contradicts_claim"]
    assert 0 <= r["epsilon_lower_bound"] <= r["claimed_epsilon"] == pytest.approx(1.0, rel=1e-6)


def test_python_pins_the_kernels_pxrun_pins(pxrun):
    # A fresh interpreter (the kernels are chosen once per process), without any kernel variable set.
    import os
    import sys
    env = {k: v for k, v in os.environ.items()
           if k not in ("ATEN_CPU_CAPABILITY", "OPENBLAS_CORETYPE", "PX_KERNELS", "PX_KERNELS_PINNED")}

    def kernel_path(**extra):
        return subprocess.run([sys.executable, "-c", "import pxstudio; print(pxstudio.kernel_path())"],
                              env={**env, **extra}, check=True, capture_output=True, text=True).stdout.strip()

    ours = kernel_path()
    theirs = subprocess.run([pxrun, "--version", "--kernels"], env=env, check=True, capture_output=True, text=True).stdout
    assert "GIN kernels: " + ours in theirs
    with open("/proc/cpuinfo") as f:
        flags = set(next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), []))
    if {"avx2", "fma"} <= flags:
        avx512 = {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"} <= flags
        assert ours == "ATen AVX2, OpenBLAS " + ("SkylakeX" if avx512 else "Haswell")
        assert kernel_path(PX_KERNELS="portable") == "ATen AVX2, OpenBLAS Haswell"
    assert kernel_path(OPENBLAS_CORETYPE="Sandybridge").endswith("OpenBLAS Sandybridge")  # the user's choice wins
