#!/usr/bin/env python3
"""Line and branch coverage per module, and the functions never entered, from gcovr's JSON (coverage.sh).

    python3 tests/coverage/summarise.py COVERAGE.json [--command C] [--started T] [--build-seconds S]
                                       [--test-seconds S] [--ctest-log LOG]

A module is a folder: each subdirectory of core/, app/pxstudio (with its panels/), app/pxrun, widgets/. Prints
markdown: the command, date, machine and gcovr version, then the table, then the uncovered functions.
"""
import argparse
import json
import os
import platform
import re
import subprocess
from collections import defaultdict


def module_of(path):
    parts = path.split("/")
    if parts[0] == "core" and len(parts) > 2:
        return "core/" + parts[1]
    if parts[0] == "app" and len(parts) > 2:
        return "app/" + parts[1]
    return parts[0]


def demangle(names):
    mangled = [n for n in names if n.startswith("_Z")]
    if not mangled:
        return {n: n for n in names}
    out = subprocess.run(["c++filt"], input="\n".join(mangled), capture_output=True, text=True).stdout.split("\n")
    table = dict(zip(mangled, out))
    return {n: table.get(n, n) for n in names}


def tally(data):
    """{module: [lines hit, lines, branches hit, branches]} and {module: [(file, line, function)]} never entered."""
    totals = defaultdict(lambda: [0, 0, 0, 0])
    uncovered = defaultdict(list)
    for f in data["files"]:
        m = module_of(f["file"])
        for ln in f["lines"]:
            if ln.get("gcovr/noncode"):
                continue
            t = totals[m]
            t[0] += ln["count"] > 0
            t[1] += 1
            t[2] += sum(b["count"] > 0 for b in ln.get("branches", []))
            t[3] += len(ln.get("branches", []))
        for fn in f.get("functions", []):
            if fn.get("execution_count", 0) == 0:
                uncovered[m].append((f["file"], fn.get("lineno", 0), fn["name"]))
    return totals, uncovered


def percent(hit, total):
    return f"{100.0 * hit / total:.1f} %" if total else "–"


def machine():
    cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), platform.machine())
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("json")
    p.add_argument("--command", default="")
    p.add_argument("--started", default="")
    p.add_argument("--build-seconds", type=int, default=0)
    p.add_argument("--test-seconds", type=int, default=0)
    p.add_argument("--ctest-log", default="")
    a = p.parse_args()
    data = json.load(open(a.json, encoding="utf-8"))
    totals, uncovered = tally(data)
    gcovr = subprocess.run(["gcovr", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    tests = ""
    if a.ctest_log and os.path.exists(a.ctest_log):
        summary = re.findall(r"\d+% tests passed.*", open(a.ctest_log, encoding="utf-8").read())
        tests = summary[-1] if summary else "(no ctest summary line)"
    print(f"# Coverage of the quick suite, {a.started}\n")
    print(f"- Command: `{a.command}` (gcc --coverage -O1 -fprofile-update=atomic, no -march=native, PX_NEURAL=OFF, "
          f"PX_PYTHON=OFF); `ctest -L quick -E docs_api`")
    print(f"- Machine: {machine()}; {gcovr}; build {a.build_seconds} s, tests {a.test_seconds} s")
    print(f"- Tests: {tests}")
    print("- Branches: gcovr --exclude-throw-branches --exclude-unreachable-branches; headers count in their folder\n")
    print("| module | lines | line coverage | branches | branch coverage | functions never entered |")
    print("|---|---:|---:|---:|---:|---:|")
    all_t = [0, 0, 0, 0]
    for m in sorted(totals):
        t = totals[m]
        all_t = [x + y for x, y in zip(all_t, t)]
        print(f"| {m} | {t[1]} | {percent(t[0], t[1])} | {t[3]} | {percent(t[2], t[3])} | {len(uncovered[m])} |")
    print(f"| **all** | {all_t[1]} | {percent(all_t[0], all_t[1])} | {all_t[3]} | {percent(all_t[2], all_t[3])} | "
          f"{sum(len(v) for v in uncovered.values())} |")
    names = demangle([n for v in uncovered.values() for _, _, n in v])
    print("\n## Functions never entered\n")
    for m in sorted(m for m in uncovered if uncovered[m]):
        print(f"### {m}\n")
        for file, line, name in sorted(uncovered[m]):
            print(f"- {file}:{line} `{names[name]}`")
        print()


if __name__ == "__main__":
    main()
