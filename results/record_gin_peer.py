#!/usr/bin/env python3
"""Records the GIN training speed beside its peer, PyTorch Geometric, in one run: results/speed/gin-peer-DATE/ gets
runs.csv (one row per data set and PyG neighbour sum: PyG's and pxrun's median epoch on the same graphs, same
network, one thread; examples/python/bench_gin_pyg.py) and meta.json.

    python3 results/record_gin_peer.py --pyg /tmp/pyg [--build build]

--pyg: a PyTorch Geometric 2.3.x source tree (git clone --branch 2.3.1 https://github.com/pyg-team/pytorch_geometric).
MOLBACE runs 3 epochs with each neighbour sum; COLLAB 2 epochs with the CSR adjacency and 1 with edge_index
(whose epoch takes minutes).
"""
import argparse
import datetime
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from record import ROOT, commit, machine, write_meta  # noqa: E402

RUNS = [("ogbg-molbace", 3, "edge_index"), ("ogbg-molbace", 3, "csr"), ("COLLAB-gin", 2, "csr"), ("COLLAB-gin", 1, "edge_index")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pyg", required=True)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    args = parser.parse_args()
    date = datetime.datetime.now(datetime.timezone.utc)
    folder = os.path.join(ROOT, "results", "speed", "gin-peer-" + date.strftime("%Y-%m-%d"))
    os.makedirs(folder, exist_ok=True)
    table = os.path.join(folder, "runs.csv")
    if os.path.exists(table):
        os.remove(table)
    env = dict(os.environ, PYTHONPATH=os.path.join(args.build, "python") + os.pathsep + args.pyg)
    pxrun = os.path.join(args.build, "app", "pxrun")
    load, started = os.getloadavg()[0], time.time()
    for name, epochs, mode in RUNS:
        command = ["/usr/bin/python3", os.path.join(ROOT, "examples", "python", "bench_gin_pyg.py"), os.path.join(args.data, name),
                   pxrun, str(epochs), mode, "--csv", table]
        print(f"{name}, {mode}, {epochs} epochs (load {os.getloadavg()[0]:.2f})", flush=True)
        subprocess.run(command, cwd=ROOT, env=env, check=True)
    version = subprocess.run([pxrun, "--version", "--kernels"], capture_output=True, text=True).stdout.strip()
    meta = {"version": version, "commit": commit(), "machine": machine(), "load_average_at_start": round(load, 2),
            "command": "python3 results/record_gin_peer.py --pyg PYG_2.3.1_SOURCE", "pyg_source": "pytorch_geometric tag 2.3.1",
            "date": date.strftime("%Y-%m-%d %H:%M UTC"), "wall_seconds": round(time.time() - started, 1)}
    write_meta(folder, meta)


if __name__ == "__main__":
    main()
