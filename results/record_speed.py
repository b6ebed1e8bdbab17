#!/usr/bin/env python3
"""Records the interactive-speed figures as a committed result: results/speed/DATE/ gets

    recompute.csv   the app's recompute on the social data sets (tests/bench/bench_recompute): cold, after a
                    restart, the first change of k after it and a second one; time to the first points and to the
                    finished sweep
    pxrun.csv       `pxrun sweep resources/specs/tu-collab.json`, cold (empty density cache) and warm, wall
                    time per run, and whether its table equals the first cold run's (timing column aside); with
                    --baseline-pxrun, also an earlier build's pxrun on the same spec, each of its runs just before
                    a cold run of this one (program column: "this commit" or "baseline")
    bench.log       bench_recompute's output
    preview.csv     which early estimate of the app's sweep is the most faithful for its cost (tests/bench/bench_preview):
                    the full sweep and three cheaper protocols, their times and distances to the full curve
    preview.log     bench_preview's output
    meta.json       version, commit, commands, machine, load, date

    python3 results/record_speed.py [--repeat 3] [--build build] [--baseline-pxrun PATH --baseline-commit SHA]

The baseline is an earlier commit's pxrun, built in a worktree of its own, for example the commit before issue 47
(git worktree add /tmp/base 3033b35 && cmake -S /tmp/base -B /tmp/base/build && cmake --build /tmp/base/build
--target pxrun): it is compared side by side, in the same recording, on the same machine and load.

Run from the repository root after building, on an otherwise idle machine (the load is recorded with every
row). The app and pxrun use density caches and app folders of their own (temporary), never the user's.
"""
import argparse
import csv
import datetime
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from record import ROOT, commit, machine, write_csv, write_meta  # noqa: E402


def table_without_timing(path):
    rows = list(csv.DictReader(open(path, newline="", encoding="utf-8")))
    return [{k: v for k, v in r.items() if "seconds" not in k} for r in rows]


def pxrun_rows(pxrun, repeat, scratch, baseline=None):
    spec = os.path.join(ROOT, "resources", "specs", "tu-collab.json")
    env = dict(os.environ, PX_DENSITY_CACHE=os.path.join(scratch, "pxrun-densities"))
    rows, reference = [], {}
    runs = [("baseline", baseline, "cold")] if baseline else []
    runs += [("this commit", pxrun, "cold"), ("this commit", pxrun, "warm")]
    for rep in range(1, repeat + 1):
        for program, binary, scenario in runs:
            if scenario == "cold" and program == "this commit":
                subprocess.run([pxrun, "cache", "clear"], env=env, check=True, capture_output=True)
            out = os.path.join(scratch, f"collab-{program.replace(' ', '-')}-{scenario}-{rep}")
            load = os.getloadavg()[0]
            started = time.time()
            subprocess.run([binary, "sweep", spec, "--out", out], cwd=ROOT, env=env, check=True, capture_output=True)
            wall = time.time() - started
            table = table_without_timing(out + ".csv")
            reference.setdefault(program, table)
            rows.append({"program": program, "scenario": scenario, "repetition": rep, "wall_s": f"{wall:.2f}",
                         "load_at_start": f"{load:.2f}", "same_table_as_first_cold_run": str(table == reference[program]).lower()})
            print(f"pxrun tu-collab ({program}) {scenario} run {rep}: {wall:.2f} s (load {load:.2f})", flush=True)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--baseline-pxrun", help="an earlier build's pxrun, timed beside this one on tu-collab")
    parser.add_argument("--baseline-commit", help="the commit that baseline was built from")
    args = parser.parse_args()
    if bool(args.baseline_pxrun) != bool(args.baseline_commit):
        parser.error("--baseline-pxrun and --baseline-commit go together")
    date = datetime.datetime.now(datetime.timezone.utc)
    folder = os.path.join(ROOT, "results", "speed", date.strftime("%Y-%m-%dT%H%M"))  # a new folder for every recording
    os.makedirs(folder, exist_ok=True)
    bench = os.path.join(args.build, "tests", "bench_recompute")
    pxrun = os.path.join(args.build, "app", "pxrun")
    load = os.getloadavg()[0]
    started = time.time()
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, HOME=scratch, QT_QPA_PLATFORM="offscreen", XDG_CACHE_HOME=os.path.join(scratch, "cache"))
        command = [bench, "--repeat", str(args.repeat), "--out", os.path.join(folder, "recompute.csv")]
        with open(os.path.join(folder, "bench.log"), "w") as log:
            done = subprocess.run(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.DEVNULL)
        if done.returncode != 0:
            sys.exit(f"bench_recompute failed ({done.returncode}): see {folder}/bench.log")
        rows = pxrun_rows(pxrun, args.repeat, scratch, args.baseline_pxrun)
        preview = [os.path.join(args.build, "tests", "bench_preview"), "--out", os.path.join(folder, "preview.csv")]
        with open(os.path.join(folder, "preview.log"), "w") as log:
            done = subprocess.run(preview, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        if done.returncode != 0:
            sys.exit(f"bench_preview failed ({done.returncode}): see {folder}/preview.log")
    write_csv(os.path.join(folder, "pxrun.csv"), rows)
    version = subprocess.run([pxrun, "--version", "--kernels"], capture_output=True, text=True).stdout.strip()
    meta = {"version": version, "commit": commit(),
            "commands": [f"QT_QPA_PLATFORM=offscreen build/tests/bench_recompute --repeat {args.repeat} --out recompute.csv",
                         "pxrun sweep resources/specs/tu-collab.json --out PREFIX (cold: after pxrun cache clear)",
                         "build/tests/bench_preview --out preview.csv"],
            "machine": machine(), "load_average_at_start": round(load, 2),
            "date": date.strftime("%Y-%m-%d %H:%M UTC"), "repeat": args.repeat, "wall_seconds": round(time.time() - started, 1)}
    if args.baseline_commit:
        meta["baseline"] = {"commit": args.baseline_commit, "program": "pxrun built from that commit (Release, -march=native)",
                            "command": "BASELINE/pxrun sweep resources/specs/tu-collab.json --out PREFIX (no density cache then)"}
    write_meta(folder, meta)


if __name__ == "__main__":
    main()
