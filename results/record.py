#!/usr/bin/env python3
"""Records a pxrun sweep as a committed result: results/NAME/ gets the spec, the run table, the summary, pxrun's
metadata and meta.json (version, commit, command, machine, load, date, seeds, wall time).

    python3 results/record.py NAME SPEC.json [--data PATH] [--pxrun build/app/pxrun] [--set KEY=JSON ...]

Run from the repository root. The spec is copied as it is (its "dataset" relative to the root, as in
resources/specs); --data reads the data from elsewhere without changing the spec; --set changes a field as
pxrun sweep --set does (the spec is copied unchanged, the changes are in meta.json's command and overrides).
Docs quote these files only through results/tables.py, never by hand.
"""
import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def machine():
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "unknown")
    return {"cpu": model, "cores": os.cpu_count(), "system": platform.platform()}


def commit():
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return head + ("+uncommitted-changes" if dirty else "")


def bench_arguments(doc, **counts):
    """The arguments every speed recorder takes: --build and --data, and each of `counts` (e.g. repeat=10) as an
    integer option with that default."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    for name, default in counts.items():
        parser.add_argument("--" + name, type=int, default=default)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    return parser.parse_args()


def write_csv(path, rows):
    """A run table: one row per dict, the columns those of the first."""
    import csv
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def write_meta(folder, meta):
    """meta.json of a recorded run, then a line saying what the folder holds."""
    with open(os.path.join(folder, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"recorded {folder}: {', '.join(sorted(os.listdir(folder)))}")


def record(name, spec_path, data=None, pxrun=None, overrides=(), commit_id=None, command_name="sweep"):
    """Runs `pxrun sweep` (or `pxrun depth`: command_name) on the spec (changed by `overrides`, each "key=JSON" as
    pxrun's --set) and records it as results/NAME/. A depth experiment may be named instead of a spec file; its
    spec as used is then depth.json. `commit_id`: the commit the binary was built from, when the caller took it
    before a batch."""
    # PX_RECORD_PXRUN: a copy of the binary (with libpx_neural.so beside it), so that the build can go on meanwhile
    pxrun = pxrun or os.environ.get("PX_RECORD_PXRUN") or os.path.join(ROOT, "build", "app", "pxrun")
    commit_id = commit_id or commit()  # taken before the run: the tree the binary was built from
    folder = os.path.join(ROOT, "results", name)
    os.makedirs(folder, exist_ok=True)
    spec = {}
    if os.path.isfile(spec_path):
        spec = json.load(open(spec_path))
        shutil.copyfile(spec_path, os.path.join(folder, "spec.json"))
        spec_path = os.path.join(folder, "spec.json")
    command = [pxrun, command_name, spec_path, "--out", os.path.join(folder, command_name)]
    if data:
        command += ["--data", data]
    for change in overrides:
        command += ["--set", change]
    load = os.getloadavg()[0]
    started = time.time()
    # Densities computed, not read from the user's density cache: the wall time is a computation's.
    done = subprocess.run(command, cwd=ROOT, env=dict(os.environ, PX_DENSITY_CACHE="off"))
    wall = time.time() - started
    if done.returncode != 0:
        sys.exit(f"pxrun failed ({done.returncode}): nothing recorded as a result")
    version = subprocess.run([pxrun, "--version", "--kernels"], capture_output=True, text=True).stdout.strip()
    shown = ["pxrun"] + [os.path.relpath(c, ROOT) if os.path.isabs(c) and c.startswith(ROOT) else c for c in command[1:]]
    shown = [f"'{c}'" if any(ch in c for ch in ' {}"[]') else c for c in shown]
    meta = {"version": version, "commit": commit_id, "command": " ".join(shown), "overrides": list(overrides),
            "machine": machine(), "load_average_at_start": round(load, 2),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "pattern_seeds": spec.get("pattern_seeds"), "noise_seeds": spec.get("noise_seeds"), "wall_seconds": round(wall, 1),
            "density_cache": "off"}
    write_meta(folder, meta)


def record_batch(prefix, rows, wanted, command_name="sweep", data_of=lambda row: None):
    """Records each of `rows` (name → (spec path or depth experiment, --set changes, ...)) as results/PREFIX/NAME/,
    in order; `wanted`: the names to run, or none for every row not yet recorded; `data_of(row)`: a row's --data.
    The commit is taken once, before the first run."""
    wanted = wanted or [r for r in rows if not os.path.exists(os.path.join(ROOT, "results", prefix, r, "meta.json"))]
    unknown = [r for r in wanted if r not in rows]
    if unknown:
        sys.exit(f"unknown rows: {', '.join(unknown)} (known: {', '.join(rows)})")
    built_from = commit()  # the binary's tree: editing docs during the batch does not change it
    for row in wanted:
        spec_path, changes = rows[row][:2]
        print(f"== {row}", flush=True)
        path = os.path.join(ROOT, spec_path) if spec_path.endswith(".json") else spec_path
        record(os.path.join(prefix, row), path, data_of(rows[row]), overrides=changes, commit_id=built_from,
               command_name=command_name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("name")
    parser.add_argument("spec")
    parser.add_argument("--data")
    parser.add_argument("--pxrun", default=os.path.join(ROOT, "build", "app", "pxrun"))
    parser.add_argument("--set", action="append", default=[], metavar="KEY=JSON",
                        help="changes a field of the spec, as pxrun sweep --set (recorded in meta.json)")
    args = parser.parse_args()
    record(args.name, args.spec, args.data, args.pxrun, args.set)


if __name__ == "__main__":
    main()
