#!/usr/bin/env python3
"""A random sample of generated one-line mutants of core/, the app's logic and widgets/, against their tests.

    python3 tests/mutation/sample.py BUILD_DIR [--coverage COVERAGE.json] [--seed N] [--count 60] [--out DIR]
                                     [--max-test-seconds 60] [--list] [--files SOURCE...]

Enumerates the mutation sites of the sources tests/mutation/targets.py names (operators swapped, constants ±1,
conditions negated, indices one further, statements removed, returned values replaced: tests/mutation/sites.py),
on the lines gcovr's JSON (tests/coverage/coverage.sh) says the suite executes; without --coverage, on every
line (it says so: a mutant on a line no test runs survives for that reason alone). Draws --count sites (seed
printed; default: today's date as YYYYMMDD), and for each, in the order drawn: writes it, rebuilds the covering
tests' targets, runs them (a mutant that makes them run past 10 × their unmutated time, at least 60 s, is
killed by timeout), and puts the file back, always, also on Ctrl-C. Tests that fail or take longer than
--max-test-seconds unmutated are not used. Mutants listed in tests/mutation/equivalent.json are not counted.
Writes DIR (default results/mutation/sampled/DATE)/report.md (score, 95 % intervals, every survivor) and mutants.csv. The hand-written regression
list stays in tests/mutation/run.py.
"""
import argparse
import datetime
import gzip
import json
import os
import random
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402
import sites  # noqa: E402
import targets  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def executed_lines(coverage_path):
    """{file: set of executed line numbers} from gcovr's JSON."""
    opener = gzip.open if coverage_path.endswith(".gz") else open  # results/coverage keeps it compressed
    data = json.load(opener(coverage_path, "rt", encoding="utf-8"))
    return {f["file"]: {ln["line_number"] for ln in f["lines"] if ln["count"] > 0} for f in data["files"]}


def equivalents():
    path = os.path.join(ROOT, "tests", "mutation", "equivalent.json")
    entries = json.load(open(path, encoding="utf-8")) if os.path.exists(path) else []
    return {(e["file"], e["line_text"].strip(), e["find"], e["replace"]): e["reason"] for e in entries}


def run(cmd, timeout=None):
    """Runs cmd in its own process group; returns (exit code or None on timeout, output)."""
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        return None, proc.communicate()[0]
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise


def ctest(build, tests, timeout=None):
    return run(["ctest", "--test-dir", build, "-j2", "-R", "^(" + "|".join(tests) + ")$"], timeout)


def usable_tests(build, tests, max_seconds):
    """Builds the tests and runs them unmutated: {test: seconds} of those that pass within max_seconds."""
    code, out = run(["nice", "-n", "5", "cmake", "--build", build, "-j2", "--target"] + sorted(tests))
    if code != 0:
        sys.exit("the unmutated tree does not build:\n" + out[-3000:])
    usable = {}
    for t in sorted(tests):
        start = time.time()
        code, _ = ctest(build, [t], timeout=max_seconds)
        seconds = time.time() - start
        print(f"  unmutated {t}: {'passes' if code == 0 else 'FAILS or too slow: not used'} ({seconds:.0f} s)", flush=True)
        if code == 0:
            usable[t] = seconds
    return usable


def candidate_sites(coverage, max_seconds):
    """Every site on an executed line of a source whose covering tests (known to be quick enough) exist."""
    seconds = targets.test_seconds(ROOT)
    lines = executed_lines(coverage) if coverage else None
    found = []
    for path in targets.sources(ROOT):
        tests = [t for t in targets.covering_tests(ROOT, path) if seconds.get(t, 0.0) < max_seconds]
        if not tests or (lines is not None and path not in lines):
            continue
        for s in sites.file_sites(ROOT, path, None if lines is None else lines[path]):
            found.append((s, tests))
    return found


def judge(build, site, tests, usable, skip):
    """Applies one mutant, builds, tests, restores the file. The verdict and the tests run."""
    tests = [t for t in tests if t in usable]
    if not tests:
        return "no-tests", tests
    path = os.path.join(ROOT, site.file)
    original = open(path, encoding="utf-8").read()
    key = (site.file, original.split("\n")[site.line - 1].strip(), site.find, site.replace)
    if key in skip:
        return "equivalent", tests
    try:
        open(path, "w", encoding="utf-8").write(sites.apply(original, site))
        code, _ = run(["nice", "-n", "5", "cmake", "--build", build, "-j2", "--target"] + tests)
        if code != 0:
            return "invalid", tests
        code, _ = ctest(build, tests, timeout=max(60.0, 10 * sum(usable[t] for t in tests)))
        return ("timeout" if code is None else "killed" if code != 0 else "survived"), tests
    finally:
        open(path, "w", encoding="utf-8").write(original)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build")
    parser.add_argument("--coverage")
    parser.add_argument("--seed", type=int, default=int(datetime.date.today().strftime("%Y%m%d")))
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--max-test-seconds", type=float, default=60.0)
    parser.add_argument("--out", default=os.path.join(ROOT, "results", "mutation", "sampled", datetime.date.today().isoformat()))
    parser.add_argument("--list", action="store_true", help="print the drawn sample and stop")
    parser.add_argument("--files", nargs="+", help="draw only sites of these sources (paths from the repository's root), "
                        "e.g. the files a change touched")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    build = os.path.abspath(args.build)
    candidates = candidate_sites(args.coverage, args.max_test_seconds)
    where = f"lines executed by the suite ({args.coverage})" if args.coverage else \
        "EVERY line: no coverage JSON given (--coverage), so mutants on lines no test executes are drawn too"
    if args.files:
        candidates = [c for c in candidates if c[0].file in args.files]
        where += " of " + ", ".join(args.files)
    print(f"seed {args.seed}; {len(candidates)} sites on {where}", flush=True)
    # judged in the order drawn: a run stopped early has judged a random sample too
    drawn = random.Random(args.seed).sample(candidates, min(args.count, len(candidates)))
    if args.list:
        for s, tests in drawn:
            print(f"{s.file}:{s.line}  {s.describe()}  [{' '.join(tests)}]")
        return 0
    usable = usable_tests(build, {t for _, tests in drawn for t in tests}, args.max_test_seconds)
    skip, outcomes, started = equivalents(), [], datetime.datetime.utcnow()

    def header():
        return [f"# Sampled mutants, {started:%Y-%m-%d %H:%M} UTC", "",
                f"Command: `python3 tests/mutation/sample.py {' '.join(sys.argv[1:])}`; seed {args.seed}; "
                f"{len(outcomes)} of {len(drawn)} drawn judged; sites on {where}.", ""]
    try:
        for i, (s, tests) in enumerate(drawn):
            t0 = time.time()
            verdict, ran = judge(build, s, tests, usable, skip)
            line_text = open(os.path.join(ROOT, s.file), encoding="utf-8").read().split("\n")[s.line - 1].strip()
            outcomes.append({"file": s.file, "line": s.line, "kind": s.kind, "find": s.find, "replace": s.replace, "tests": ran,
                             "verdict": verdict, "seconds": time.time() - t0,
                             "reason": skip.get((s.file, line_text, s.find, s.replace), "")})
            print(f"{i:3d} {verdict:9s} {s.file}:{s.line} {s.describe()} ({time.time() - t0:.0f} s)", flush=True)
            report.write(args.out, outcomes, header())  # kept as it goes: an interrupted run still has its table
    except KeyboardInterrupt:
        print("interrupted: the file is restored; the report covers the mutants judged so far", flush=True)
    finally:
        run(["nice", "-n", "5", "cmake", "--build", build, "-j2", "--target"] + sorted(usable))  # the unmutated code again
    print(report.write(args.out, outcomes, header()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
