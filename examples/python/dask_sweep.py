"""Runs a sweep spec on a Dask cluster and writes PREFIX.csv, PREFIX-summary.csv and PREFIX.json (as pxrun sweep).

    python3 examples/python/dask_sweep.py SPEC.json PREFIX --local 2               # a LocalCluster of 2 processes
    python3 examples/python/dask_sweep.py SPEC.json PREFIX --scheduler tcp://host:8786
    python3 examples/python/dask_sweep.py SPEC.json PREFIX --scheduler-file sched.json   # examples/slurm/dask-sweep.sbatch
"""
import argparse
import json
import sys
import time

import distributed

import pxstudio.dask as pxd


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("spec")
    ap.add_argument("prefix")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--local", type=int, metavar="WORKERS", help="start a LocalCluster of this many 1-thread processes")
    where.add_argument("--scheduler", metavar="ADDRESS")
    where.add_argument("--scheduler-file", metavar="FILE")
    ap.add_argument("--data", help="the data set (default: the spec's); workers load a path themselves")
    ap.add_argument("--shards", type=int, help="run shards (default: twice the worker threads)")
    ap.add_argument("--wait-workers", type=int, default=1, help="wait until this many workers have joined")
    args = ap.parse_args()

    if args.local:
        client = distributed.Client(distributed.LocalCluster(n_workers=args.local, threads_per_worker=1, dashboard_address=None))
    elif args.scheduler:
        client = distributed.Client(args.scheduler)
    else:
        client = distributed.Client(scheduler_file=args.scheduler_file)
    client.wait_for_workers(args.wait_workers, timeout=600)
    print(f"{len(client.nthreads())} workers, {sum(client.nthreads().values())} threads", file=sys.stderr)

    start = time.monotonic()
    r = pxd.sweep_result(args.spec, client=client, data=args.data, shards=args.shards,
                         progress=lambda f: print(f"\r{f:6.1%}", end="", file=sys.stderr, flush=True))
    print(f"\ndone in {time.monotonic() - start:.1f} s", file=sys.stderr)
    r["runs"].to_csv(args.prefix + ".csv", index=False)
    r["summary"].to_csv(args.prefix + "-summary.csv", index=False)
    with open(args.prefix + ".json", "w", encoding="utf-8") as f:
        json.dump(r["metadata"], f, indent=1)
    print(f"wrote {args.prefix}.csv ({len(r['runs'])} runs), {args.prefix}-summary.csv, {args.prefix}.json")
    client.close()


if __name__ == "__main__":
    main()
