#!/usr/bin/env python3
"""Records the scaling of pxstudio.dask as a committed result: results/speed/dask-DATE/ gets

    runs.csv    every timing of examples/python/bench_dask.py: one process (the engine's own threads) and LocalClusters
                of 1x1, 2x1 and 1x2 (worker processes x threads), and whether each table equals the one-process one
    bench.log   the script's output
    meta.json   version, commit, command, machine, load, date

    python3 results/record_dask.py [--reps 3] [--build build]

Run from the repository root after building, with Dask (python3-distributed) installed, on an otherwise idle machine.
"""
import datetime
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from record import ROOT, bench_arguments, commit, machine, write_meta  # noqa: E402

ARGS = ["resources/specs/tu-collab.json", "--classes", "treewidth:2", "--clusters", "1x1", "2x1", "1x2"]


def main():
    args = bench_arguments(__doc__, reps=3)
    date = datetime.datetime.now(datetime.timezone.utc)
    folder = os.path.join(ROOT, "results", "speed", "dask-" + date.strftime("%Y-%m-%d"))
    os.makedirs(folder, exist_ok=True)
    load, started = os.getloadavg()[0], time.time()
    command = ["/usr/bin/python3", "examples/python/bench_dask.py"] + ARGS + ["--reps", str(args.reps), "--out", os.path.join(folder, "runs.csv")]
    env = dict(os.environ, PYTHONPATH=os.path.join(args.build, "python"), PX_DENSITY_CACHE="off")
    with open(os.path.join(folder, "bench.log"), "w") as log:
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        sys.exit(f"bench_dask.py failed ({done.returncode}): see {folder}/bench.log")
    pxrun = os.path.join(args.build, "app", "pxrun")
    version = subprocess.run([pxrun, "--version"], capture_output=True, text=True).stdout.strip()
    meta = {"version": version, "commit": commit(), "machine": machine(), "load_average_at_start": round(load, 2),
            "command": "PYTHONPATH=build/python /usr/bin/python3 examples/python/bench_dask.py " + " ".join(ARGS) + f" --reps {args.reps}",
            "date": date.strftime("%Y-%m-%d %H:%M UTC"), "reps": args.reps, "density_cache": "off",
            "wall_seconds": round(time.time() - started, 1)}
    write_meta(folder, meta)


if __name__ == "__main__":
    main()
