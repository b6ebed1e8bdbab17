"""Scaling of pxstudio.dask on this machine: a sweep spec in one process (px.sweep_result, the engine's own
threads) and on LocalClusters of WORKERSxTHREADS (worker processes x threads each; pxstudio.dask.sweep_result), each
timed `--reps` times; prints medians and checks that every table equals the single-process one.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/bench_dask.py resources/specs/tu-collab.json \\
        --classes treewidth:2 --clusters 1x1 2x1 1x2 --reps 3
"""
import argparse
from typing import Any, Callable, Dict, List, Tuple
import json
import statistics
import time

import distributed
import numpy as np

import pxstudio as px
import pxstudio.dask as pxd


def same_tables(a: Dict[str, Any], b: Dict[str, Any]) -> bool:
    for part in ("runs", "summary"):
        x, y = a[part], b[part]
        keep = [c for c in x.columns if not c.startswith(pxd.TIMING_COLUMNS)]
        for c in keep:
            u, v = x[c].to_numpy(), y[c].to_numpy()
            if not (np.array_equal(u, v, equal_nan=True) if u.dtype.kind == "f" else list(u) == list(v)):
                return False
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("spec")
    ap.add_argument("--classes", nargs="+", help="replace the spec's pattern classes")
    ap.add_argument("--clusters", nargs="+", default=["1x1", "2x1"], help="WORKERSxTHREADS, e.g. 2x1")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", help="also write every timing as CSV (where, workers, threads, repetition, seconds, same_tables)")
    args = ap.parse_args()
    spec = json.load(open(args.spec, encoding="utf-8"))
    if args.classes:
        spec["classes"] = args.classes
    data = px.load(spec["dataset"])

    def timed(run: Callable[[], Dict[str, Any]]) -> Tuple[float, List[float], Dict[str, Any]]:
        times: List[float] = []
        result: Dict[str, Any] = {}
        for _ in range(args.reps):
            start = time.perf_counter()
            result = run()
            times.append(time.perf_counter() - start)
        return statistics.median(times), times, result

    rows: List[Tuple[str, int, int, int, float, bool]] = []
    med, times, reference = timed(lambda: px.sweep_result(spec, data=data))
    rows += [("one process", 1, 0, i + 1, t, True) for i, t in enumerate(times)]
    print(f"one process (engine threads: all cores): median {med:.2f} s  {['%.2f' % t for t in times]}  "
          f"{len(reference['runs'])} runs", flush=True)
    for shape in args.clusters:
        workers, threads = (int(x) for x in shape.split("x"))
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=threads, dashboard_address=None) as cluster, \
                distributed.Client(cluster) as client:
            med, times, result = timed(lambda: pxd.sweep_result(spec, client=client, data=data))
            rows += [("dask", workers, threads, i + 1, t, same_tables(result, reference)) for i, t in enumerate(times)]
            dask_info = result["metadata"]["shard"]["dask"]
            print(f"dask, {workers} worker process(es) x {threads} thread(s): median {med:.2f} s  {['%.2f' % t for t in times]}  "
                  f"({dask_info['density_tasks']} density tasks on {dask_info['graph_blocks']} blocks of graphs, "
                  f"{dask_info['shards']} shards; "
                  f"same tables: {same_tables(result, reference)})", flush=True)

    if args.out:
        with open(args.out, "w") as f:
            f.write("where,workers,threads,repetition,seconds,same_tables,runs\n")
            for where, workers, threads, rep, t, same in rows:
                f.write(f"{where},{workers},{threads},{rep},{t:.3f},{str(same).lower()},{len(reference['runs'])}\n")


if __name__ == "__main__":
    main()
