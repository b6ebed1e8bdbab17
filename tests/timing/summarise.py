#!/usr/bin/env python3
"""Reads a run recorded by tests/timing/record.sh (OUT_DIR/command.log, meta.json), writes OUT_DIR/tests.csv
(one row per test: name, seconds, result) and rewrites README's block of test durations between the markers
<!-- test-durations:begin --> and <!-- test-durations:end --> from it.

Usage: python3 tests/timing/summarise.py OUT_DIR [README]"""
import csv
import json
import pathlib
import re
import sys

TEST_LINE = re.compile(r"^\s*\d+/\d+ Test\s+#\d+: (\S+) \.*\s*(\*{0,3}\w[\w ]*?)\s+([0-9.]+) sec")
PHASE_LINE = re.compile(r"^phase (\w+) ([0-9.]+) (\d+)$")


def read_run(folder):
    tests, phases, in_quick = [], {}, False
    for line in (folder / "command.log").read_text(encoding="utf-8", errors="replace").splitlines():
        if line == "== quick":
            in_quick = True  # the per-test lines of the quick run repeat the full run's: not counted twice
        elif (m := TEST_LINE.match(line)) and not in_quick:
            tests.append((m.group(1), float(m.group(3)), m.group(2).strip("* ")))
        elif m := PHASE_LINE.match(line):
            phases[m.group(1)] = (float(m.group(2)), int(m.group(3)))
    if not tests or set(phases) != {"configure", "build", "ctest", "quick_build", "quick"}:
        sys.exit(f"{folder / 'command.log'}: expected ctest's per-test lines and the five phase lines of record.sh")
    return tests, phases, json.loads((folder / "meta.json").read_text(encoding="utf-8"))


def minutes(seconds):
    return f"{seconds / 60:.1f} min"


def readme_block(folder, tests, phases, meta):
    total = sum(phases[p][0] for p in ("configure", "build", "ctest"))
    failed = [name for name, _, result in tests if result not in ("Passed", "Skipped")]
    skipped = [name for name, _, result in tests if result == "Skipped"]  # e.g. no ../shared/data: not passed
    lines = [f"Measured from a fresh clone of {meta['commit'][:7]} on {meta['date'][:10]} ({meta['cores']} cores, "
             f"{meta['cpu']}, load {meta['load_before']} before), recorded in `{folder.as_posix()}`:",
             "",
             f"- configure + build: {minutes(phases['configure'][0] + phases['build'][0])}; "
             f"ctest: {minutes(phases['ctest'][0])}; the whole command: {minutes(total)} "
             f"({len(tests)} tests, {len(tests) - len(failed) - len(skipped)} passed"
             f"{', skipped: ' + ', '.join(skipped) if skipped else ''}{', failed: ' + ', '.join(failed) if failed else ''}).",
             f"- the inner loop afterwards, `cmake --build build -j2 && ctest --test-dir build -L quick -j2` with "
             f"nothing to rebuild: {minutes(phases['quick_build'][0] + phases['quick'][0])}.",
             "- apt-get's installation of `.ci/packages.txt` comes on top on a fresh machine (CI's runs include it).",
             "",
             "| the ten slowest tests | seconds |",
             "|---|---|"]
    for name, seconds, _ in sorted(tests, key=lambda t: -t[1])[:10]:
        lines.append(f"| `{name}` | {seconds:.0f} |")
    return "\n".join(lines)


def main():
    folder = pathlib.Path(sys.argv[1])
    readme = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "README.md")
    tests, phases, meta = read_run(folder)
    with open(folder / "tests.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["test", "seconds", "result"])
        writer.writerows(tests)
    text = readme.read_text(encoding="utf-8")
    begin, end = "<!-- test-durations:begin -->", "<!-- test-durations:end -->"
    if begin not in text or end not in text:
        sys.exit(f"{readme}: no {begin} ... {end} block to fill")
    head, rest = text.split(begin, 1)
    readme.write_text(head + begin + "\n" + readme_block(folder, tests, phases, meta) + "\n" + end + rest.split(end, 1)[1],
                      encoding="utf-8")
    print(f"{folder / 'tests.csv'}: {len(tests)} tests; {readme} updated")


if __name__ == "__main__":
    main()
