"""Sweeps and densities on a Dask cluster (``distributed``), with the same results as on one machine.

    from distributed import Client
    import pxstudio.dask as pxd
    client = Client("tcp://scheduler:8786")          # or Client(LocalCluster(...)), or an address string
    result = pxd.sweep_result("resources/specs/tu-collab.json", client=client, progress=print)

How the work splits: the densities of each pattern set of the sweep are computed in blocks of graphs (one task
per block and pattern set; a task holds only its block of graphs and its block of densities), stacked per
pattern set, and the sweep's runs are cut into contiguous shards (as ``pxrun sweep --shard i/N``), each a task
that reads the densities of its own pattern sets instead of computing them, and starts as soon as those are done. The client joins the shards' run tables and computes
the aggregate and the fits, as ``pxrun merge`` does. Every task is deterministic (the seeds are in the spec), so
the tables equal the single-process sweep's bit for bit (apart from the timing columns), and a task whose worker
dies is simply run again elsewhere (Dask retries it; every input has a recipe, none is only scattered).
What stays serial: loading the data set on the client, and joining and fitting at the end.
"""
from __future__ import annotations

import math
import uuid
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import Dataset, Pattern, PatternSet, load, _read_spec, _table, DataArg, Spec, Table
from ._progress import ProgressArg, close as _close_progress, reporter as _reporter
from ._arguments import DATASET, expect, is_path
from . import densities as _densities
from ._pxstudio import _shard_range, _sweep, _sweep_plan, _summarise_runs

__all__ = ["densities", "sweep", "sweep_result"]

TIMING_COLUMNS = ("seconds", "train_seconds", "train_gflops")  # what may differ from run to run


def _client(client: Any, function: str) -> Any:
    import distributed
    expect(f"pxstudio.dask.{function}", "client", client, lambda c: c is None or isinstance(c, (str, distributed.Client)),
           "a distributed.Client, a scheduler address or None (the current client)")
    if client is None:
        return distributed.get_client()  # the client of this process (raises if there is none)
    if isinstance(client, str):
        return distributed.Client(client)
    return client


def _task_key(what: str) -> str:
    return f"pxstudio-{what}-{uuid.uuid4().hex}"


# Tasks (module-level functions: workers import pxstudio and unpickle them by name).
def _same(data: Dataset) -> Dataset:
    return data


def _graph_block(data: Dataset, begin: int, end: int) -> Dataset:
    return data.subset(np.arange(begin, end))


def _density_block(block: Dataset, patterns: PatternSet, threads: int) -> npt.NDArray[np.float64]:
    return _densities(block, patterns, threads=threads, progress=False)


def _stack(*blocks: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.vstack(blocks)


def _run_shard(spec_text: str, source: str, data: Dataset, shard: int, shards: int,
               matrices: Optional[Sequence[Any]]) -> Dict[str, Any]:
    result: Dict[str, Any] = _sweep(spec_text, source, data, None, shard, shards, list(matrices) if matrices else None)
    return result


def _blocks(num_graphs: int, block_graphs: Optional[int], client: Any) -> List[Tuple[int, int]]:
    if block_graphs is None:  # about four blocks per worker thread
        threads = max(1, sum(client.nthreads().values()))
        block_graphs = max(1, math.ceil(num_graphs / (4 * threads)))
    if block_graphs < 1:
        raise ValueError(f"block_graphs must be at least 1, got {block_graphs}")
    return [(b, min(b + block_graphs, num_graphs)) for b in range(0, num_graphs, block_graphs)]


def _wait(client: Any, futures: List[Any], progress: ProgressArg, function: str) -> None:
    """Waits for all futures, calling progress(fraction done); Ctrl-C cancels them."""
    import distributed
    done = 0
    callback = _reporter(progress, function)
    try:
        for _ in distributed.as_completed(futures):
            done += 1
            if callback is not None:
                callback(done / len(futures))
    except KeyboardInterrupt:
        client.cancel(futures)
        raise
    finally:
        _close_progress(callback)


def _data_future(client: Any, data: DataArg) -> Any:
    # Submitted, not scattered: the scheduler keeps the recipe, so the data set is rebuilt if its worker dies.
    # A path (or 'builtin:NAME') is loaded by a worker, so it must be visible to the workers (a shared file system).
    if isinstance(data, Dataset):
        return client.submit(_same, data, key=_task_key("data"))
    return client.submit(load, str(data), key=_task_key("data"))


def _density_futures(client: Any, data_future: Any, num_graphs: int, pattern_sets: Sequence[Any],
                     block_graphs: Optional[int], threads: int) -> Tuple[List[Any], List[Any]]:
    blocks = [client.submit(_graph_block, data_future, b, e, key=_task_key(f"graphs-{b}-{e}"))
              for b, e in _blocks(num_graphs, block_graphs, client)]
    parts = [[client.submit(_density_block, block, ps, threads, key=_task_key(f"densities-{i}-{j}"))
              for j, block in enumerate(blocks)] for i, ps in enumerate(pattern_sets)]
    stacked = [client.submit(_stack, *p, key=_task_key(f"stack-{i}")) for i, p in enumerate(parts)]
    return blocks + [f for p in parts for f in p] + stacked, stacked


def densities(data: DataArg, patterns: Union[PatternSet, Pattern, Sequence[Pattern]], client: Any = None,
              block_graphs: Optional[int] = None, threads: int = 1, progress: ProgressArg = None) -> npt.NDArray[np.float64]:
    """Homomorphism densities computed on a Dask cluster: the array :func:`pxstudio.densities` gives, bit for bit.

    Parameters
    ----------
    data : Dataset, str or os.PathLike
        A data set or a path the workers can read.
    patterns : PatternSet
    client : distributed.Client, str or None
        A client, a scheduler address, or None for the current client.
    block_graphs : int, optional
        Graphs per task (default: about four blocks per worker thread).
    threads : int
        Threads per task.
    progress : bool, callable or None
        As :func:`pxstudio.densities` (a bar on a terminal by default; a callable sees the fraction of tasks
        done, throttled); Ctrl-C cancels the tasks.

    Returns
    -------
    numpy.ndarray
        graphs x patterns, float64.

    Examples
    --------
    >>> from distributed import Client, LocalCluster  # doctest: +SKIP
    >>> client = Client(LocalCluster(n_workers=2, threads_per_worker=1))  # doctest: +SKIP
    >>> x = pxd.densities("builtin:sbm-cycles", px.sample_patterns("trees", d=8, seed=1), client)  # doctest: +SKIP
    """
    expect("pxstudio.dask.densities", "data", data, lambda d: isinstance(d, Dataset) or is_path(d), DATASET)
    expect("pxstudio.dask.densities", "patterns", patterns, lambda p: isinstance(p, (PatternSet, Pattern)) or (
        isinstance(p, (list, tuple)) and all(isinstance(x, Pattern) for x in p)),
        "a PatternSet, a Pattern or a list of Pattern")
    c = _client(client, "densities")
    data_future = _data_future(c, data)
    num_graphs = len(data) if isinstance(data, Dataset) else c.submit(len, data_future, key=_task_key("count")).result()
    futures, stacked = _density_futures(c, data_future, num_graphs, [patterns], block_graphs, threads)
    _wait(c, futures, progress, "pxstudio.dask.densities")
    result: npt.NDArray[np.float64] = stacked[0].result()
    return result


def _needed(plan: Dict[str, Any], stacked: List[Any], shard: int, shards: int) -> Optional[List[Any]]:
    """The stacked densities a shard's runs read (None for the others): a shard starts as soon as its own
    pattern sets are done, while the rest are still being computed."""
    if not stacked:
        return None
    begin, end = _shard_range(plan["runs"], shard, shards)
    used = set(plan["set_of_run"][begin:end])
    return [f if i in used else None for i, f in enumerate(stacked)]


def _join_runs(tables: Sequence[Dict[str, List[Any]]]) -> Dict[str, List[Any]]:
    """Concatenates run tables (dicts of columns) in shard order; columns are united in first-seen order."""
    rows = [len(next(iter(t.values()), [])) for t in tables]
    joined: Dict[str, List[Any]] = {}
    offset = 0
    for t, n in zip(tables, rows):
        for name, values in t.items():
            joined.setdefault(name, [None] * offset).extend(values)
        offset += n
        for values in joined.values():
            values.extend([None] * (offset - len(values)))
    return joined


def sweep_result(spec: Spec, client: Any = None, data: Optional[DataArg] = None, shards: Optional[int] = None,
                 block_graphs: Optional[int] = None, threads: int = 1, progress: ProgressArg = None) -> Dict[str, Any]:
    """Runs a sweep on a Dask cluster: the tables :func:`pxstudio.sweep_result` gives, timing aside.

    Parameters
    ----------
    spec : dict, str or os.PathLike
        A sweep spec, as for ``pxrun sweep``.
    client : distributed.Client, str or None
        A client, a scheduler address, or None for the current client.
    data : Dataset, str or os.PathLike, optional
        The data set (default: the spec's); a path is loaded by the workers, so it must be visible to them.
    shards : int, optional
        How many run shards (default: twice the worker threads, at most the number of runs).
    block_graphs, threads :
        As :func:`densities`.
    progress : bool, callable or None
        As :func:`densities`; Ctrl-C cancels.

    Returns
    -------
    dict
        {'runs', 'summary', 'metadata'} as :func:`pxstudio.sweep_result`; metadata['shard'] lists the shards merged.

    Raises
    ------
    ValueError
        ``shards`` outside 1 .. the number of runs.

    Examples
    --------
    >>> from distributed import Client, LocalCluster
    >>> result = sweep_result("resources/specs/tu-mutag.json", client=Client(LocalCluster()))  # doctest: +SKIP
    """
    text, source = _read_spec(spec, "pxstudio.dask.sweep_result")
    expect("pxstudio.dask.sweep_result", "data", data, lambda d: d is None or isinstance(d, Dataset) or is_path(d),
           DATASET + ", or None for the spec's data set")
    c = _client(client, "sweep_result")
    plan = _sweep_plan(text, source)
    data_future = _data_future(c, plan["dataset"] if data is None else data)
    num_graphs = len(data) if isinstance(data, Dataset) else c.submit(len, data_future, key=_task_key("count")).result()
    runs = plan["runs"]
    if shards is None:
        shards = min(runs, 2 * max(1, sum(c.nthreads().values())))
    if not 1 <= shards <= runs:
        raise ValueError(f"shards must be between 1 and the sweep's {runs} runs, got {shards}")

    futures, stacked = _density_futures(c, data_future, num_graphs, plan["pattern_sets"], block_graphs, threads)
    shard_futures = [c.submit(_run_shard, text, source, data_future, i, shards, _needed(plan, stacked, i, shards),
                              key=_task_key(f"shard-{i}")) for i in range(shards)]
    _wait(c, futures + shard_futures, progress, "pxstudio.dask.sweep_result")
    parts = c.gather(shard_futures)

    metadata = dict(parts[0]["metadata"])
    blocks = (len(futures) - len(stacked)) // (len(stacked) + 1) if stacked else 0
    metadata["shard"] = {"merged_from": [p["metadata"].get("shard") for p in parts],
                         "dask": {"shards": shards, "graph_blocks": blocks, "density_tasks": blocks * len(stacked)}}
    r = _summarise_runs(_join_runs([p["runs"] for p in parts]), metadata)
    return {"runs": _table(r["runs"]), "summary": _table(r["summary"]), "metadata": r["metadata"]}


def sweep(spec: Spec, client: Any = None, data: Optional[DataArg] = None, **options: Any) -> Table:
    """The run table of a distributed sweep: ``sweep_result(spec, client, data, **options)['runs']``.

    Parameters
    ----------
    spec, client, data, options :
        As :func:`sweep_result`.

    Returns
    -------
    pandas.DataFrame or dict
        One row per run.

    Examples
    --------
    >>> runs = pxd.sweep("resources/specs/tu-mutag.json", client)  # doctest: +SKIP
    """
    return sweep_result(spec, client, data, **options)["runs"]
