#!/usr/bin/env python3
"""The mutation check: one-line mutants of core/ against the tests that cover each file.

    python3 tests/mutation/run.py BUILD_DIR [--only INDEX ...] [--list]

For every mutant of tests/mutation/mutants.json (file, the exact text to find once, its replacement, the tests
that cover the file, why it is wrong): applies it, rebuilds those tests' targets, runs them with ctest, and puts
the file back (always). A mutant is killed when a test fails, survives when all pass, and does not count when
the build fails (the mutant is not valid code: fix the mutant). Prints one line per mutant and the score.
Not part of README's test command (each mutant rebuilds part of the engine). The developer guide keeps the
last score and its command.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("build")
    parser.add_argument("--only", type=int, nargs="*")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    mutants = json.load(open(os.path.join(ROOT, "tests", "mutation", "mutants.json")))
    if args.list:
        for i, m in enumerate(mutants):
            print(f"{i:3d}  {m['file']}: {m['why']}")
        return 0
    killed = survived = invalid = 0
    for i, m in enumerate(mutants):
        if args.only and i not in args.only:
            continue
        path = os.path.join(ROOT, m["file"])
        original = open(path, encoding="utf-8").read()
        if original.count(m["find"]) != 1:
            print(f"{i:3d}  STALE     {m['file']}: the text to mutate occurs {original.count(m['find'])} times")
            invalid += 1
            continue
        try:
            open(path, "w", encoding="utf-8").write(original.replace(m["find"], m["replace"]))
            built = run(["cmake", "--build", build, "-j2", "--target"] + m["tests"], ROOT)
            if built.returncode != 0:
                verdict = "INVALID"
                invalid += 1
            else:
                tested = run(["ctest", "--test-dir", build, "-R", "^(" + "|".join(m["tests"]) + ")$", "-j2"], ROOT)
                verdict = "killed" if tested.returncode != 0 else "SURVIVED"
                killed += verdict == "killed"
                survived += verdict == "SURVIVED"
        finally:
            open(path, "w", encoding="utf-8").write(original)
        print(f"{i:3d}  {verdict:9s} {m['file']}: {m['why']}", flush=True)
    counted = killed + survived
    print(f"score: {killed} of {counted} killed ({100.0 * killed / max(counted, 1):.0f} %); {invalid} not counted")
    run(["cmake", "--build", build, "-j2"], ROOT)  # the unmutated code again
    return 0 if survived == 0 and invalid == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
