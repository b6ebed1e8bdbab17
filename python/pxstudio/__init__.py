"""PXStudio from Python: graph data sets, pattern sampling, homomorphism densities, private release
and sweeps, on the same C++ engine as the desktop app and pxrun. For example::

    import pxstudio as px
    data = px.load("../shared/data/ogbg-molbace")
    patterns = px.sample_patterns("trees", d=50, seed=1)
    t = px.densities(data, patterns)                      # float64 (graphs x patterns)
    mech = px.Mechanism("gaussian", epsilon=1.0, degree_bound=None, seed=7)
    noisy, report = mech.release(t, data.num_vertices, patterns=patterns)
"""
from __future__ import annotations

import os
import stat
import sys
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union


def _pin_kernels() -> None:
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


def _ensure_numpy() -> None:
    # The compiled module was built against one interpreter's numpy (Debian's python3-numpy). Another
    # interpreter of the same version without numpy (e.g. pyenv first in PATH) may use that one.
    try:
        import numpy  # noqa: F401
    except ImportError:
        import importlib
        build = importlib.import_module("._build_config", __name__)  # written by the build (python/CMakeLists.txt)
        if tuple(sys.version_info[:2]) != tuple(build.PYTHON_VERSION):
            raise
        if build.NUMPY_SITE not in sys.path:
            sys.path.append(build.NUMPY_SITE)
        import numpy  # noqa: F401


_ensure_numpy()

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

from ._pxstudio import (  # noqa: E402,F401
    Dataset, NodeData, Pattern, PatternSet, Mechanism, ResourceError, InputError,
    load as _load, load_node_data as _load_node_data, builtin_names, sample_patterns,
    densities as _densities, epsilon_from_rho, rho_for_epsilon, conversions, audit, kernel_path, learners, __version__,
)
from ._arguments import DATASET, diagnose_compiled, expect, is_path  # noqa: E402
from ._graphs import from_edge_index, from_networkx, graph_list  # noqa: E402,F401
from ._progress import ProgressArg, close as _close_progress, reporter as _reporter  # noqa: E402
from ._progress import with_progress as _with_progress  # noqa: E402

PathLike = Union[str, "os.PathLike[str]"]
DataArg = Union[Dataset, str, "os.PathLike[str]"]
Spec = Union[Dict[str, Any], str, "os.PathLike[str]"]
Table = Any  # a pandas.DataFrame when pandas is importable, else a dict of numpy columns

# A compiled function or method given an argument of the wrong type names it (pxstudio/_arguments.py).
diagnose_compiled(globals(), ["_load", "_load_node_data", "builtin_names", "sample_patterns", "_densities", "epsilon_from_rho",
                              "rho_for_epsilon", "conversions", "audit", "kernel_path", "learners"],
                  [Dataset, NodeData, Pattern, PatternSet, Mechanism])
# progress= of the compiled method as the Python functions take it (pxstudio/_progress.py).
setattr(Mechanism, "release_graphs", _with_progress(Mechanism.release_graphs, "Mechanism.release_graphs", 3))

__all__ = ["Dataset", "NodeData", "Pattern", "PatternSet", "Mechanism", "ResourceError", "InputError", "load", "load_node_data",
           "builtin_names", "from_edge_index", "from_networkx", "graph_list", "sample_patterns", "densities",
           "epsilon_from_rho", "rho_for_epsilon", "conversions", "audit", "kernel_path", "sweep", "sweep_result", "depth",
           "depth_experiments", "learners"]


def load(path: PathLike) -> Dataset:
    """Loads a graph data set from any format the app reads.

    Parameters
    ----------
    path : str or os.PathLike
        An OGB folder, a TU folder, a GIN/DGCNN text file or folder, a GraphML, GML, DOT or edge-list file, a folder
        of such files, or 'builtin:NAME' (see :func:`builtin_names`).

    Returns
    -------
    Dataset

    Raises
    ------
    FileNotFoundError
        The path does not exist.
    InputError
        A malformed file (a ValueError naming the file, the line and what was expected).

    Examples
    --------
    >>> data = px.load("builtin:sbm-cycles")
    >>> data = px.load("../shared/data/MUTAG")  # doctest: +SKIP
    """
    expect("load", "path", path, is_path, "a path (str or os.PathLike) or 'builtin:NAME'")
    return _load(os.fspath(path))


def load_node_data(path: PathLike) -> NodeData:
    """Loads node-classification data (one graph, node features and classes).

    Parameters
    ----------
    path : str or os.PathLike
        A LINQS folder or .content file (Cora, Citeseer), or 'builtin:chain-8' and the like.

    Returns
    -------
    NodeData

    Raises
    ------
    FileNotFoundError, InputError
        As :func:`load`.

    Examples
    --------
    >>> nodes = px.load_node_data("builtin:chain-8")
    >>> cora = px.load_node_data("../shared/data/cora")  # doctest: +SKIP
    """
    expect("load_node_data", "path", path, is_path, "a path (str or os.PathLike) or 'builtin:NAME'")
    return _load_node_data(os.fspath(path))


def densities(data: DataArg, patterns: Union[PatternSet, Pattern, Sequence[Pattern]], threads: Optional[int] = None,
              progress: ProgressArg = None, path: str = "auto", max_memory_gib: float = 0.0) -> npt.NDArray[np.float64]:
    """Homomorphism densities t(F_j, G_i) of every graph and pattern.

    Computed in parallel with the GIL released; the result is the same bits whatever the thread count.
    Ctrl-C cancels (KeyboardInterrupt). Always computed: sweeps read and keep densities in the density cache
    on disk, this function does not.

    Parameters
    ----------
    data : Dataset, str or os.PathLike
        A data set, a path or 'builtin:NAME'.
    patterns : PatternSet or list of Pattern
    threads : int, optional
        Threads to use (default: all).
    progress : bool, callable or None
        None (default): a tqdm bar on a terminal or in Jupyter for work over about a second; False: none; True:
        a bar always; a callable: called with the fraction done (non-decreasing, weighted by each graph's
        estimated cost, at most about 100 times, 1.0 at the end).
    path : str
        'auto' (the cost model chooses per graph), 'sparse', 'scatter' or 'gemm'.
    max_memory_gib : float
        Memory limit of the counting tables (0: half of the machine's).

    Returns
    -------
    numpy.ndarray
        graphs x patterns, float64, each in [0, 1].

    Raises
    ------
    ResourceError
        The patterns would need more memory or time than allowed (refused before any work).
    TypeError
        An argument of the wrong type, e.g. NetworkX graphs for ``data`` (:func:`from_networkx` makes a data set).

    Examples
    --------
    >>> t = px.densities("builtin:sbm-cycles", px.sample_patterns("trees", d=10))
    """
    expect("densities", "data", data, lambda d: isinstance(d, Dataset) or is_path(d), DATASET)
    if not isinstance(data, Dataset):
        data = load(data)
    callback = _reporter(progress, "densities")
    try:
        return _densities(data, patterns, threads, callback, path, max_memory_gib)
    finally:
        _close_progress(callback)


def _read_spec(spec: Spec, function: str = "sweep_result") -> Tuple[str, str]:
    import json
    if isinstance(spec, dict):
        return json.dumps(spec), "the spec dictionary"
    expect(function, "spec", spec, is_path, "a spec: a dict or the path of a JSON file")
    path = os.fspath(spec)
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(f"{path}: expected a regular file (found a folder, pipe, socket or device)")
    with open(path, encoding="utf-8") as f:
        return f.read(), path


def _column(values: Sequence[Any]) -> npt.NDArray[Any]:
    if all(isinstance(v, bool) for v in values):
        return np.array(values, dtype=bool)
    if all(v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)) for v in values):
        return np.array([np.nan if v is None else v for v in values], dtype=float)
    return np.array(["" if v is None else str(v) for v in values], dtype=object)


def _table(columns: Mapping[str, Sequence[Any]]) -> Table:
    table = {name: _column(values) for name, values in columns.items()}
    try:
        import pandas
    except ImportError:
        return table
    return pandas.DataFrame(table)


def sweep_result(spec: Spec, data: Optional[DataArg] = None, progress: ProgressArg = None) -> Dict[str, Any]:
    """Runs a sweep, as ``pxrun sweep`` does (same spec, same tables).

    Its densities are read from and kept in the density cache on disk (``PX_DENSITY_CACHE=off`` turns it off).

    Parameters
    ----------
    spec : dict, str or os.PathLike
        A sweep spec, as a dictionary or a JSON file.
    data : Dataset, str or os.PathLike, optional
        The data set (default: the spec's ``dataset``).
    progress : bool, callable or None
        As :func:`densities`: a bar by default on a terminal, False for none, or a callable taking the fraction.

    Returns
    -------
    dict
        'runs' (one row per run), 'summary' (mean, std and count per grid point) and 'metadata' (spec, data
        hash, erf fits). Tables are pandas DataFrames when pandas is importable, else dicts of numpy columns.

    Raises
    ------
    InputError
        A malformed spec; the error names the field (e.g. '/learner/k') and what was expected.
    TypeError
        ``data`` is neither a Dataset nor a path.

    Examples
    --------
    >>> spec = {"dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 8},
    ...         "budget": {"axis": "epsilon", "values": [1, 10]}}
    >>> result = px.sweep_result(spec)  # doctest: +SKIP
    """
    return _run_sweep(spec, data, progress, "sweep_result")


def _run_sweep(spec: Spec, data: Optional[DataArg], progress: ProgressArg, function: str) -> Dict[str, Any]:
    text, source = _read_spec(spec, function)
    expect(function, "data", data, lambda d: d is None or isinstance(d, Dataset) or is_path(d),
           DATASET + ", or None for the spec's data set")
    if data is not None and not isinstance(data, Dataset):
        data = load(data)
    callback = _reporter(progress, function)
    try:
        r = _pxstudio_sweep(text, source, data, callback)
    finally:
        _close_progress(callback)
    return {"runs": _table(r["runs"]), "summary": _table(r["summary"]), "metadata": r["metadata"]}


def sweep(spec: Spec, data: Optional[DataArg] = None, progress: ProgressArg = None) -> Table:
    """The run table of a sweep: ``sweep_result(spec, data, progress)['runs']``.

    Parameters
    ----------
    spec, data, progress :
        As :func:`sweep_result`.

    Returns
    -------
    pandas.DataFrame or dict
        One row per run.

    Examples
    --------
    >>> runs = px.sweep({"dataset": "builtin:sbm-cycles", "patterns": {"class": "trees", "d": 8}})  # doctest: +SKIP
    >>> runs[["budget", "value"]]  # doctest: +SKIP
    """
    return _run_sweep(spec, data, progress, "sweep")["runs"]


def depth(spec: Union[str, Spec], progress: ProgressArg = None, **fields: Any) -> Table:
    """Runs a depth-lab experiment, as ``pxrun depth`` does.

    Parameters
    ----------
    spec : str, dict or os.PathLike
        An experiment name (see :func:`depth_experiments`; its defaults are those ``pxrun depth --defaults NAME``
        prints), a spec dictionary or a JSON file.
    progress : bool, callable or None
        As :func:`densities`. Ctrl-C cancels.
    **fields
        Fields of the spec to set, e.g. ``widths=[64]``.

    Returns
    -------
    pandas.DataFrame or dict
        The result table (a DataFrame when pandas is importable).

    Raises
    ------
    InputError
        A malformed spec, naming the field.

    Examples
    --------
    >>> table = px.depth("nag-trained", data="../shared/data/cora", widths=[64], sigmas=[0, 1])  # doctest: +SKIP
    """
    import json
    if isinstance(spec, str) and spec in depth_experiments():
        spec = _pxstudio_depth_defaults(spec)
    expect("depth", "spec", spec, lambda s: isinstance(s, dict) or is_path(s),
           "an experiment name (px.depth_experiments()), a spec dict or the path of a JSON file")
    text, source = _read_spec(spec, "depth")
    if fields:
        merged = json.loads(text)
        merged.update(fields)
        text = json.dumps(merged)
    callback = _reporter(progress, "depth")
    try:
        return _table(_pxstudio_depth(text, source, callback))
    finally:
        _close_progress(callback)


from ._pxstudio import _sweep as _pxstudio_sweep  # noqa: E402
from ._pxstudio import _depth as _pxstudio_depth, _depth_defaults as _pxstudio_depth_defaults, depth_experiments  # noqa: E402
