#!/usr/bin/env python3
"""Records docs/privacy-engine.md's audit table: `pxrun audit --all` at δ = 1e-5 and ε = 1 and 4 (every mechanism
drawn on the worst-case pair of neighbouring graphs, a certified lower bound on ε beside the claim) into
results/audit/:

    runs.csv    one row per mechanism and claimed ε: the audit's lower bound, FPR, FNR and verdict
    meta.json   version, commit, commands, machine, load, date, wall time

    python3 results/record_audit.py [--build build]      (from the repository root, after building; seconds)
"""
import datetime
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record import ROOT, bench_arguments, commit, machine, write_csv, write_meta  # noqa: E402

EPSILONS = ["1", "4"]
DELTA = "1e-5"
ROW = re.compile(r"^(?P<mechanism>\S.*?)\s{2,}(?P<claimed>[\d.]+)\s+(?P<lower>[\d.]+)\s+(?P<fpr>\S+)\s+(?P<fnr>\S+)\s+(?P<verdict>.+)$")


def audit(pxrun, epsilon):
    """pxrun audit --all's table as rows (its header line names the pair, the draws and the confidence)."""
    command = [pxrun, "audit", "--all", "--epsilon", epsilon, "--delta", DELTA]
    out = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout.splitlines()
    rows = [m.groupdict() for m in map(ROW.match, out[2:]) if m]
    if not rows:
        sys.exit(f"no audit rows in the output of {' '.join(command)}:\n" + "\n".join(out))
    return out[0], [dict(r, delta=DELTA) for r in rows]


def main():
    args = bench_arguments(__doc__)
    pxrun = os.path.join(args.build, "app", "pxrun")
    date, load, started = datetime.datetime.now(datetime.timezone.utc), os.getloadavg()[0], time.time()
    commit_id, rows = commit(), []
    for epsilon in EPSILONS:
        setup, found = audit(pxrun, epsilon)
        rows += found
    folder = os.path.join(ROOT, "results", "audit")
    os.makedirs(folder, exist_ok=True)
    write_csv(os.path.join(folder, "runs.csv"), rows)
    version = subprocess.run([pxrun, "--version"], capture_output=True, text=True).stdout.strip()
    write_meta(folder, {"version": version, "commit": commit_id, "machine": machine(),
                        "command": " ; ".join(f"pxrun audit --all --epsilon {e} --delta {DELTA}" for e in EPSILONS),
                        "setup": setup, "load_average_at_start": round(load, 2),
                        "date": date.strftime("%Y-%m-%d %H:%M UTC"), "wall_seconds": round(time.time() - started, 1)})


if __name__ == "__main__":
    main()
