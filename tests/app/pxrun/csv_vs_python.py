"""Differential test of pxrun's run tables against Python's csv module (RFC 4180).

Random shards of random strings (commas, quotes, CR, LF, CRLF, spaces, non-ASCII, empty fields) are written
by csv.writer with CRLF line ends (quoting as needed or everything) or LF (quoting everything); `pxrun merge` reads them and writes
the merged table, which csv.reader must read back as the header and the shards' rows in order. Cells start
with a letter so that pxrun keeps them as strings (it reads numbers as numbers). Fixed seed: no false alarms.

usage: csv_vs_python.py PXRUN
"""
import csv
import pathlib
import random
import subprocess
import sys
import tempfile

PIECES = ["a", "Z", "0", " ", ",", '"', "\r", "\n", "\r\n", "é", "€", "😀", "\t", ";", "''"]


def random_text(rng: random.Random, lead: str) -> str:
    if rng.random() < 0.15:
        return ""
    return lead + "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8)))


def write_shard(path: pathlib.Path, header: list, rows: list, rng: random.Random) -> None:
    # Python's writer with lineterminator "\n" and minimal quoting leaves a CR unquoted (not RFC 4180; its own
    # reader then splits the record there), so LF line ends are written with every field quoted.
    terminator = rng.choice(["\r\n", "\n"])
    quoting = csv.QUOTE_ALL if terminator == "\n" else rng.choice([csv.QUOTE_MINIMAL, csv.QUOTE_ALL])
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator=terminator, quoting=quoting)
        writer.writerow(header)
        writer.writerows(rows)


def one_case(pxrun: str, folder: pathlib.Path, case: int, rng: random.Random) -> str:
    # pxrun prints a summary by these three (strings in every row); the other columns are random.
    header = ["pattern_class", "mechanism", "metric"]
    columns = len(header) + rng.randint(1, 4)
    while len(header) < columns:
        name = "c" + random_text(rng, "c")
        if name not in header:
            header.append(name)
    shards, expected = [], []
    for s in range(rng.randint(1, 3)):
        rows = [[random_text(rng, "s") if c >= 3 else "s" + random_text(rng, "s") for c in range(len(header))]
                for _ in range(rng.randint(1, 6))]
        path = folder / f"case{case}-shard{s}.csv"
        write_shard(path, header, rows, rng)
        shards.append(str(path))
        expected += rows
    prefix = folder / f"case{case}-merged"
    run = subprocess.run([pxrun, "merge", *shards, "--out", str(prefix)], capture_output=True, text=True)
    if run.returncode != 0:
        return f"case {case}: pxrun merge exited {run.returncode}: {run.stderr.strip()}"
    with open(str(prefix) + ".csv", newline="", encoding="utf-8") as f:
        back = list(csv.reader(f))
    if back != [header] + expected:
        return f"case {case}: merged table differs\n  expected {[header] + expected!r}\n  read     {back!r}"
    return ""


def main() -> int:
    pxrun = sys.argv[1]
    rng = random.Random(20261205)
    failures = []
    cases = 40
    with tempfile.TemporaryDirectory() as tmp:
        for case in range(cases):
            problem = one_case(pxrun, pathlib.Path(tmp), case, rng)
            if problem:
                failures.append(problem)
    for problem in failures:
        print(problem)
    print(f"{cases - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
