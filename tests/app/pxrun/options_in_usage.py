#!/usr/bin/env python3
"""Every option pxrun's sources read (a.get("key"), a.has, a.getLong, a.getDouble in app/pxrun/*.cpp) is an entry
of its usage table (pxrun --help-json), and every command the code dispatches to (Args::parse("name", ...)) is a
command of the table: an option the usage does not name cannot be given, since the parser refuses it.

usage: options_in_usage.py PXRUN SOURCE_DIR
"""
import json
import pathlib
import re
import subprocess
import sys

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
    print(f"{reads} option reads against {len(options)} options of {len(commands)} commands")
    for m in missing:
        print(m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
