#!/usr/bin/env python3
"""Every option pxrun's sources read (a.get("key"), a.has, a.getLong, a.getDouble in app/pxrun/*.cpp) is an entry
of its usage table (pxrun --help-json), and every command the code dispatches to (Args::parse("name", ...)) is a
command of the table: an option the usage does not name cannot be given, since the parser refuses it.

Then, for every command of the table, `pxrun COMMAND --help` lists exactly the options pxrun's parser takes for
it: all of those listed are taken in one command line (with an option no command has, so that nothing runs: the
refusal must name that one), and three not listed, drawn with a fixed seed, are each refused by name. The global
--help names every command and lists the options of every command in its "every command" section.

usage: options_in_usage.py PXRUN SOURCE_DIR
"""
import json
import pathlib
import random
import re
import subprocess
import sys

ENTRY = re.compile(r"^  (--[A-Za-z0-9][A-Za-z0-9-]*)(?: |$)", re.M)
SUBCOMMAND = re.compile(r"^[a-z]+$")  # as Usage.cpp's commandName and bash_completion.py
PROBE = "--zz-probe"  # no command has it


def command_name(synopsis):
    words = synopsis.split(" ")
    return " ".join(words[:2]) if words[0] == "bench" and len(words) > 1 and SUBCOMMAND.match(words[1]) else words[0]


def run(pxrun, args):
    return subprocess.run([pxrun, *args], capture_output=True, text=True, timeout=120)


def value_for(option, doc):
    """A value the option parses as (main reads --max-memory itself; --set takes key=JSON)."""
    entry = next(o for o in doc["options"] if o["name"] == option)
    if not entry["value"]:
        return []
    return ["a=1"] if option == "--set" else ["1"]


def check_command_help(pxrun, doc, name, rng):
    """Problems with `pxrun NAME --help` against the options the parser takes for NAME."""
    problems = []
    help_run = run(pxrun, [*name.split(" "), "--help"])
    listed = set(ENTRY.findall(help_run.stdout)) - {"--help"}
    if help_run.returncode != 0 or not re.match(r"usage: pxrun " + re.escape(name) + r"( |\n)", help_run.stdout) or not listed:
        return [f"{name}: pxrun {name} --help printed no usage and options:\n{help_run.stdout}{help_run.stderr}"]
    args = []  # the parser names the first option it does not take: PROBE last, after every listed one
    for option in sorted(listed):
        args += [option, *value_for(option, doc)]
    args.append(PROBE)
    together = run(pxrun, [*name.split(" "), *args])
    wanted = f"pxrun: error: {name}: unknown option {PROBE}"
    if not together.stderr.startswith(wanted):
        problems.append(f"{name}: the options its --help lists are not all taken: {together.stderr.strip()}")
    unlisted = sorted(o["name"] for o in doc["options"] if o["name"] not in listed and o["group"] != "top" and o["name"] != "--help")
    for option in rng.sample(unlisted, min(3, len(unlisted))):
        alone = run(pxrun, [*name.split(" "), option, *value_for(option, doc)])
        if f"pxrun: error: {name}: unknown option {option}" not in alone.stderr:
            problems.append(f"{name}: takes {option}, which its --help does not list: {alone.stderr.strip()}")
    return problems


def check_global_help(pxrun, doc, names):
    """Problems with `pxrun --help`: a command it does not name, an option of every command it does not list."""
    text = run(pxrun, ["--help"]).stdout
    commands, every = text.find("\ncommands:\n"), text.find("\nevery command:\n")
    if commands < 0 or every < 0:
        return ["pxrun --help has no 'commands:' or no 'every command:' section"]
    problems = [f"pxrun --help does not name the command {n}" for n in names
                if not re.search(r"\n  " + re.escape(n) + r"( |\n)", text[commands:every])]
    section = text[every:text.find("\n\n", every + 1)]
    problems += [f"pxrun --help's 'every command' section does not list {o['name']}" for o in doc["options"]
                 if o["group"] in ("every", "top") and o["name"] not in ENTRY.findall(section)]
    return problems

READ = re.compile(r'\b\w+\.(?:get|getLong|getDouble|has)\("([A-Za-z0-9-]+)"')
PARSED = re.compile(r'Args::parse\("([a-z ]+)"')


def main():
    pxrun, source = sys.argv[1], pathlib.Path(sys.argv[2]) / "app" / "pxrun"
    doc = json.loads(subprocess.run([pxrun, "--help-json"], check=True, capture_output=True, text=True).stdout)
    options = {o["name"] for o in doc["options"]}
    commands = {c["synopsis"].split(" ")[0] for c in doc["commands"]}  # "bench" for Args::parse("bench " + name)
    missing, reads = [], 0
    for path in sorted(source.glob("*.cpp")):
        text = path.read_text(encoding="utf-8")
        for match in READ.finditer(text):
            reads += 1
            if "--" + match.group(1) not in options:
                line = text.count("\n", 0, match.start()) + 1
                missing.append(f"{path.name}:{line}: reads --{match.group(1)}, which pxrun's usage does not name")
        for match in PARSED.finditer(text):
            if match.group(1).strip() not in commands:
                missing.append(f"{path.name}: parses for command '{match.group(1)}', which the usage does not name")
    if reads < 50:
        missing.append(f"only {reads} option reads found in {source}: the pattern no longer matches the code")
    names = list(dict.fromkeys(command_name(c["synopsis"]) for c in doc["commands"]))
    rng = random.Random(20261206)
    for name in names:
        missing += check_command_help(pxrun, doc, name, rng)
    missing += check_global_help(pxrun, doc, names)
    print(f"{reads} option reads against {len(options)} options of {len(commands)} commands; "
          f"the --help of {len(names)} commands against the parser")
    for m in missing:
        print(m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
