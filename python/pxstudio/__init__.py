"""PXStudio from Python: graph data sets, pattern sampling, homomorphism densities, private release
and sweeps, on the same C++ engine as the desktop app and pxrun.

    import pxstudio as px
    data = px.load("../shared/data/ogbg-molbace")
    patterns = px.sample_patterns("trees", d=50, seed=1)
    t = px.densities(data, patterns)                      # float64 (graphs x patterns)
    mech = px.Mechanism("gaussian", epsilon=1.0, degree_bound=None, seed=7)
    noisy, report = mech.release(t, data.num_vertices, patterns=patterns)
"""
import os
import stat
import sys


def _pin_kernels():
    # As pxrun and the app do (core/neural/KernelPath.h): one kernel path per class of CPU, so that a GIN seed
    # gives one table: ATen AVX2 with OpenBLAS SkylakeX on AVX-512 CPUs and Haswell on AVX2 ones
    # (PX_KERNELS=portable: Haswell on both; native: the libraries choose); a variable the user set wins.
    # OpenBLAS reads its variable when it is loaded: this runs before numpy is imported here, but a numpy
    # imported before pxstudio has already chosen (kernel_path() tells).
    mode = os.environ.get("PX_KERNELS") or "auto"
    try:
        with open("/proc/cpuinfo") as f:
            flags = set(next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), []))
    except OSError:
        return
    if mode == "native" or not {"avx2", "fma"} <= flags:
        return
    avx512 = {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"} <= flags and mode != "portable"
    for name, value in (("ATEN_CPU_CAPABILITY", "avx2"), ("OPENBLAS_CORETYPE", "SkylakeX" if avx512 else "Haswell")):
        if not os.environ.get(name):
            os.environ[name] = value


_pin_kernels()


def _ensure_numpy():
    # The compiled module was built against one interpreter's numpy (Debian's python3-numpy). Another
    # interpreter of the same version without numpy (e.g. pyenv first in PATH) may use that one.
    try:
        import numpy  # noqa: F401
    except ImportError:
        from . import _build_config as build
        if tuple(sys.version_info[:2]) != tuple(build.PYTHON_VERSION):
            raise
        if build.NUMPY_SITE not in sys.path:
            sys.path.append(build.NUMPY_SITE)
        import numpy  # noqa: F401


_ensure_numpy()

import numpy as np  # noqa: E402

from ._pxstudio import (  # noqa: E402,F401
    Dataset, NodeData, Pattern, PatternSet, Mechanism, ResourceError, InputError,
    load as _load, load_node_data as _load_node_data, builtin_names, from_edge_index, sample_patterns,
    densities as _densities, epsilon_from_rho, rho_for_epsilon, conversions, audit, kernel_path, learners, __version__,
)

__all__ = ["Dataset", "NodeData", "Pattern", "PatternSet", "Mechanism", "ResourceError", "InputError", "load", "load_node_data",
           "builtin_names", "from_edge_index", "from_networkx", "graph_list", "sample_patterns", "densities",
           "epsilon_from_rho", "rho_for_epsilon", "conversions", "audit", "kernel_path", "sweep", "sweep_result", "depth",
           "depth_experiments", "learners"]


def load(path):
    """A graph data set from any format the app reads (OGB, TU, GIN text, GraphML, DOT, edge list, a
    folder of graph files) or 'builtin:NAME'. Raises FileNotFoundError, or ValueError naming file and line."""
    return _load(os.fspath(path))


def load_node_data(path):
    """Node-classification data: a LINQS folder or .content file (Cora, Citeseer) or builtin:chain-8 and the like."""
    return _load_node_data(os.fspath(path))


def from_networkx(graphs, labels=None, name="networkx"):
    """A data set from networkx graphs (any hashable node names; directions and self loops dropped)."""
    edge_arrays, counts = [], []
    for g in graphs:
        index = {v: i for i, v in enumerate(g.nodes())}
        e = np.array([[index[u], index[v]] for u, v in g.edges()], dtype=np.int64).reshape(-1, 2)
        edge_arrays.append(e)
        counts.append(len(index))
    return from_edge_index(edge_arrays, counts, labels, name)


def graph_list(data):
    """The graphs of a data set as a list of (n, edges E x 2) tuples: the X of the scikit-learn
    transformer, indexable by cross-validation."""
    n = data.num_vertices
    return [(int(n[i]), data.edges(i)) for i in range(len(data))]


def densities(data, patterns, threads=None, progress=None, path="auto", max_memory_gib=0.0):
    """Homomorphism densities t(F_j, G_i) as a float64 array (graphs x patterns). data: a Dataset, a
    path or 'builtin:NAME'; patterns: a PatternSet or a list of Pattern. Parallel, GIL released,
    Ctrl-C cancels; progress(fraction) is called about every 10 ms."""
    if isinstance(data, (str, os.PathLike)):
        data = load(data)
    return _densities(data, patterns, threads, progress, path, max_memory_gib)


def _read_spec(spec):
    import json
    if isinstance(spec, dict):
        return json.dumps(spec), "the spec dictionary"
    path = os.fspath(spec)
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(f"{path}: expected a regular file (found a folder, pipe, socket or device)")
    with open(path, encoding="utf-8") as f:
        return f.read(), path


def _column(values):
    if all(isinstance(v, bool) for v in values):
        return np.array(values, dtype=bool)
    if all(v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)) for v in values):
        return np.array([np.nan if v is None else v for v in values], dtype=float)
    return np.array(["" if v is None else str(v) for v in values], dtype=object)


def _table(columns):
    table = {name: _column(values) for name, values in columns.items()}
    try:
        import pandas
    except ImportError:
        return table
    return pandas.DataFrame(table)


def sweep_result(spec, data=None, progress=None):
    """Runs a sweep (a spec dict or JSON file, as for `pxrun sweep`): {'runs': one row per run,
    'summary': mean/std/count per grid point, 'metadata': spec, data hash, fits}. Tables are pandas
    DataFrames when pandas is importable, else dicts of numpy columns."""
    text, source = _read_spec(spec)
    if isinstance(data, (str, os.PathLike)):
        data = load(data)
    elif data is not None and not isinstance(data, Dataset):
        raise TypeError("data: a pxstudio.Dataset, a path or 'builtin:NAME', or None for the spec's data set; got "
                        + type(data).__name__)
    r = _pxstudio_sweep(text, source, data, progress)
    return {"runs": _table(r["runs"]), "summary": _table(r["summary"]), "metadata": r["metadata"]}


def sweep(spec, data=None, progress=None):
    """The tidy run table of a sweep (see sweep_result)."""
    return sweep_result(spec, data, progress)["runs"]


def depth(spec, progress=None, **fields):
    """Runs a depth-lab experiment, as `pxrun depth`: `spec` is an experiment name (its defaults, as
    `pxrun depth --defaults NAME` prints them), a spec dict or a JSON file; keyword arguments set fields, e.g.
    depth("nag-trained", data="../shared/data/cora", widths=[64], sigmas=[0, 1]). Returns the tidy result
    table (a pandas DataFrame when pandas is importable). Ctrl-C cancels; progress: a callable taking the
    fraction done."""
    import json
    if isinstance(spec, str) and spec in depth_experiments():
        spec = _pxstudio_depth_defaults(spec)
    text, source = _read_spec(spec)
    if fields:
        merged = json.loads(text)
        merged.update(fields)
        text = json.dumps(merged)
    return _table(_pxstudio_depth(text, source, progress))


from ._pxstudio import _sweep as _pxstudio_sweep  # noqa: E402
from ._pxstudio import _depth as _pxstudio_depth, _depth_defaults as _pxstudio_depth_defaults, depth_experiments  # noqa: E402
