#!/usr/bin/env python3
"""Records the density benchmarks as a committed result: results/speed/densities-DATE/ gets

    benchmarks.csv  `pxrun bench densities` on real data sets (MOLHIV, COLLAB, REDDIT-BINARY): load and density
                    time (medians over --reps), per (graph, pattern) pair, the paths taken, peak memory
    scaling.csv     `pxrun bench scaling` on Erdős–Rényi graphs, sparse (average degree 3) and dense (p = 0.5),
                    trees and treewidth <= 2: µs per pair (dense: also in units of one n × n × n product at the GEMM peak)
    logs/           each command's output, as printed
    meta.json       version, commit, commands, machine, load, date, wall time

    python3 results/record_densities.py [--reps 3] [--build build] [--data ../shared/data]

Run from the repository root after building, on an otherwise idle machine. Densities are computed, never read
from a density cache (PX_DENSITY_CACHE=off). A data set that is absent is left out and said so.
"""
import datetime
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from record import ROOT, bench_arguments, commit, machine, write_csv, write_meta  # noqa: E402

# (name, data folder under --data, extra arguments of `pxrun bench densities`)
BENCHMARKS = [
    ("MOLHIV × 50 trees", "ogbg-molhiv-rebuilt", ["--class", "trees"]),
    ("MOLHIV × 50 treewidth ≤ 3, m ≤ 16, q = 0.9", "ogbg-molhiv-rebuilt", ["--class", "treewidth:3"]),
    ("MOLHIV × 50 treewidth ≤ 3, m ≤ 16, q = 0.5", "ogbg-molhiv-rebuilt", ["--class", "treewidth:3", "--q", "0.5"]),
    ("COLLAB × 50 trees", "COLLAB-gin", ["--class", "trees"]),
    ("COLLAB × 50 treewidth ≤ 2, m ≤ 8", "COLLAB-gin", ["--class", "treewidth:2", "--max-size", "8"]),
    ("REDDIT-BINARY × 50 treewidth ≤ 2, m ≤ 8", "REDDIT-BINARY-gin", ["--class", "treewidth:2", "--max-size", "8"]),
]
# (density, class, extra arguments of `pxrun bench scaling`)
SCALING = [
    ("sparse", "trees", []), ("sparse", "treewidth:2", ["--max-size", "8"]),
    ("dense", "trees", ["--density", "dense", "--max-n", "2000"]), ("dense", "treewidth:2", ["--density", "dense", "--max-n", "2000"]),
]


def field(text, label, pattern):
    m = re.search(rf"^{label}\s+{pattern}", text, re.M)
    if not m:
        sys.exit(f"pxrun's output has no line '{label}' of the expected form: see the log")
    return m.groups()


def bench_row(name, args, text):
    paths = field(text, "paths", r"sparse DP ([\d.]+) %, matrix scatter ([\d.]+) %, matrix GEMM ([\d.]+) %")
    return {"benchmark": name, "command": "pxrun bench densities " + " ".join(args),
            "graphs": field(text, "data", r"\S+ \((\d+) graphs")[0], "load_s": field(text, "load", r"median ([\d.]+) s")[0],
            "densities_s": field(text, "densities", r"median ([\d.]+) s")[0], "per_pair_us": field(text, "per pair", r"([\d.]+) us")[0],
            "sparse_dp_pct": paths[0], "scatter_pct": paths[1], "gemm_pct": paths[2],
            "peak_mib": field(text, "peak memory", r"([\d.]+) MiB")[0], "gemm_peak_gflops": field(text, "GEMM peak", r"([\d.]+) GFLOP/s")[0]}


def scaling_rows(density, pattern_class, text):
    rows = []
    for line in text.splitlines():
        m = re.match(r"\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)(?:\s+([\d.]+))?", line)
        if m:
            rows.append({"density": density, "class": pattern_class, "n": m[1], "edges": m[2], "median_s": m[3], "us_per_pair": m[4],
                         "n3_products_per_pattern": m[5] or ""})
    peak = re.search(r"GEMM peak ([\d.]+) GFLOP/s", text)
    for r in rows:
        r["gemm_peak_gflops"] = peak[1] if peak else ""
    return rows


def run(pxrun, args, log_path):
    env = dict(os.environ, PX_DENSITY_CACHE="off")
    done = subprocess.run([pxrun] + args, cwd=ROOT, env=env, capture_output=True, text=True)
    open(log_path, "w").write(done.stdout + done.stderr)
    if done.returncode != 0:
        sys.exit(f"pxrun {' '.join(args)} failed ({done.returncode}): see {log_path}")
    print(f"pxrun {' '.join(args)}: done", flush=True)
    return done.stdout


def main():
    args = bench_arguments(__doc__, reps=3)
    date = datetime.datetime.now(datetime.timezone.utc)
    folder = os.path.join(ROOT, "results", "speed", "densities-" + date.strftime("%Y-%m-%d"))
    os.makedirs(os.path.join(folder, "logs"), exist_ok=True)
    pxrun = os.path.join(args.build, "app", "pxrun")
    load, started, benches, absent = os.getloadavg()[0], time.time(), [], []
    for i, (name, data, extra) in enumerate(BENCHMARKS):
        path = os.path.join(args.data, data)
        if not os.path.isdir(path):
            absent.append(data)
            continue
        command = ["bench", "densities", "--data", path] + extra + ["--reps", str(args.reps)]
        text = run(pxrun, command, os.path.join(folder, "logs", f"densities-{i + 1}.log"))
        benches.append(bench_row(name, ["--data", os.path.relpath(path, ROOT)] + extra + ["--reps", str(args.reps)], text))
    scaling = []
    for i, (density, pattern_class, extra) in enumerate(SCALING):
        text = run(pxrun, ["bench", "scaling", "--class", pattern_class] + extra, os.path.join(folder, "logs", f"scaling-{i + 1}.log"))
        scaling += scaling_rows(density, pattern_class, text)
    write_csv(os.path.join(folder, "benchmarks.csv"), benches)
    write_csv(os.path.join(folder, "scaling.csv"), scaling)
    version = subprocess.run([pxrun, "--version", "--kernels"], capture_output=True, text=True).stdout.strip()
    meta = {"version": version, "commit": commit(), "command": f"python3 results/record_densities.py --reps {args.reps}",
            "machine": machine(), "load_average_at_start": round(load, 2), "date": date.strftime("%Y-%m-%d %H:%M UTC"),
            "reps": args.reps, "absent_data_sets": absent, "wall_seconds": round(time.time() - started, 1), "density_cache": "off"}
    write_meta(folder, meta)


if __name__ == "__main__":
    main()
