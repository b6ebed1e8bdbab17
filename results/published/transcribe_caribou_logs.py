#!/usr/bin/env python3
"""Transcribes the test accuracies of CARIBOU's released chain logs into caribou-chains1-runs.csv: one row per run
of the log of each scheme in LOGS (repository yuzhengcuhk/caribou-public at bc7bf38: CARIBOU's log at ε = 1, GAP's
log with its runs at ε = 1 kept). Each log block names its hops (and CARIBOU's β, α₁ and contraction c) in a
header line, ε and the majority-class baseline in the program's printout, then three runs' "test/acc LAST MEAN".

    python3 results/published/transcribe_caribou_logs.py CLONE_OF_CARIBOU_PUBLIC > results/published/caribou-chains1-runs.csv
"""
import csv
import os
import re
import sys

LOGS = {"caribou": "AE/CRV/output_eps_hop/caribou_chains1_e1.txt", "gap": "AE/CRV/output_eps_hop/gap_chains1_e.txt"}


def runs(path):
    """Every run of a log: its block's settings and the run's last test accuracy (%)."""
    block, found = {}, []
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        if m := re.search(r"the value of hops is (\d+)", line):
            block = {"hops": m.group(1)}
        if m := re.search(r"the value of beta is ([\d.]+) ; the value of alpha_1 is ([\d.]+) ; the bound_lipschitz is ([\d.]+)", line):
            block.update(beta=m.group(1), alpha_1=m.group(2), contraction=m.group(3))
        if re.search(r"\bepsilon:\s*$", line):
            block["epsilon"] = lines[i + 1].split()[0]
        if m := re.search(r"baseline acc \(%\):\s*([\d.]+)", line):
            block["majority_percent"] = m.group(1)
        if (m := re.search(r"INFO\s+run (\d+)\s", line)):
            block["repeat"] = m.group(1)
        if m := re.search(r"test/acc\s+([\d.]+)\s+[\d.]+", line):
            found.append(dict(block, test_accuracy_percent=m.group(1)))
    return found


def main():
    columns = ["scheme", "epsilon", "hops", "beta", "alpha_1", "contraction", "repeat", "test_accuracy_percent", "majority_percent"]
    out = csv.DictWriter(sys.stdout, fieldnames=columns, restval="", lineterminator="\n")
    out.writeheader()
    for scheme, log in LOGS.items():
        for run in runs(os.path.join(sys.argv[1], log)):
            if float(run["epsilon"]) == 1:
                out.writerow(dict(run, scheme=scheme))


if __name__ == "__main__":
    main()
