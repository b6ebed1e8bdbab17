#!/usr/bin/env python3
"""Checks a generated manual page as man(1) shows it at 80 columns, against the program's own --help:

    check_manual.py PAGE.1.gz PROGRAM [HELP_OPTION]

- man -l renders it (MANWIDTH=80, COLUMNS=80) without a warning, no rendered line is over 80 columns, and no
  line ends inside an option's name ("--checkpoint-");
- the sections NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXAMPLES, ENVIRONMENT and FILES are there;
- every option PROGRAM HELP_OPTION (default --help) names has exactly one entry in OPTIONS (an entry: a line
  indented 7 columns that starts with the option, or with "-x, --option"). The list of options is read from
  the help text here, independently of the generator: for a Qt program (its help says "Options:") the entries
  of that list, otherwise every --name the text contains.
Exit status 1 with a message naming what is wrong.
"""
import os
import re
import subprocess
import sys

SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXAMPLES", "ENVIRONMENT", "FILES"]
WIDTH = 80


def rendered(page):
    env = {k: v for k, v in os.environ.items() if k != "MAN_KEEP_FORMATTING"}
    env.update(MANWIDTH=str(WIDTH), COLUMNS=str(WIDTH), LC_ALL="C.UTF-8")
    run = subprocess.run(["man", "--warnings", "-l", "-P", "cat", page], env=env, capture_output=True, text=True)
    if run.returncode != 0 or run.stderr.strip():
        sys.exit(f"FAIL: man -l {page}: status {run.returncode}: {run.stderr.strip()}")
    return re.sub(r".\x08", "", run.stdout).splitlines()  # any overstriking (bold, underline) removed


def options_in_help(text):
    if re.search(r"^Options:$", text, re.M):  # QCommandLineParser: "  -h, --help   Displays ..."
        found = []
        for line in text.splitlines():
            m = re.match(r"^  (-[\w-]+(?:, -[\w-]+)*)", line)
            if m:
                found += m.group(1).split(", ")
        return found
    return sorted(set(re.findall(r"(?<![\w-])--[A-Za-z][A-Za-z0-9-]*", text)))


def option_entries(lines):
    try:
        start = lines.index("OPTIONS")
    except ValueError:
        return {}
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"^[A-Z][A-Z ]*$", lines[i])), len(lines))
    entries = {}
    for line in lines[start + 1:end]:
        m = re.match(r"^ {7}(-[\w-]+(?:, -[\w-]+)*)", line)
        if m:
            for name in m.group(1).split(", "):
                entries[name] = entries.get(name, 0) + 1
    return entries


def main():
    page, program = sys.argv[1:3]
    help_option = sys.argv[3] if len(sys.argv) > 3 else "--help"
    help_run = subprocess.run([program, help_option], capture_output=True, text=True,
                              env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    if help_run.returncode != 0:
        sys.exit(f"FAIL: {program} {help_option}: status {help_run.returncode}")
    lines = rendered(page)
    problems = [f"line {i + 1} has {len(line)} columns: {line!r}" for i, line in enumerate(lines) if len(line) > WIDTH]
    # an option's name is never broken across lines ("--checkpoint-" / "every")
    problems += [f"line {i + 1} breaks an option's name: {line!r}" for i, line in enumerate(lines)
                 if re.search(r"(^|[\s\[|])--?[A-Za-z0-9]+(-[A-Za-z0-9]+)*-$", line.rstrip())]
    problems += [f"no section {s}" for s in SECTIONS if s not in lines]
    options = options_in_help(help_run.stdout)
    if not options:
        problems.append(f"{program} {help_option} names no option")
    entries = option_entries(lines)
    problems += [f"option {o}: {entries.get(o, 0)} entries in OPTIONS, expected 1" for o in options if entries.get(o, 0) != 1]
    if problems:
        sys.exit("FAIL: " + page + ":\n  " + "\n  ".join(problems))
    print(f"{os.path.basename(page)}: {len(lines)} lines at most {WIDTH} columns, sections {' '.join(SECTIONS)}, "
          f"{len(options)} options of {os.path.basename(program)} {help_option} with one entry each")


if __name__ == "__main__":
    main()
