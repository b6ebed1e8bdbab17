#!/usr/bin/env python3
"""Checks a PX_TRACE_VIEWS log (one JSON line per view drawn, ViewPresenter::trace): a view drawn in state
"current" must have been drawn for the key of the settings on screen (drawn_key == current_key, both set), and
a view's key must stand for one setting of what it shows: two lines of a view with the same current_key and
different "settings" mean the key ignores a setting the view depends on.

    python3 tests/tour/check-trace.py TRACE.jsonl

Prints how many lines were read, how many drew a view current, and each line that broke the rule (at most 20);
exit 1 when one did or a key stands for two settings, 2 when the file holds no trace line at all.
"""
import collections
import json
import sys


def main(path):
    lines = current = 0
    broken = []
    settings_of_key = collections.defaultdict(set)  # (view, key) -> the settings seen with it
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                continue  # not a trace line: the app's other output on stderr
            if not isinstance(line, dict) or "view" not in line or "state" not in line:
                continue
            lines += 1
            settings_of_key[(line["view"], line.get("current_key"))].add(json.dumps(line.get("settings"), sort_keys=True))
            if line["state"] != "current":
                continue
            current += 1
            if not line.get("drawn_key") or line.get("drawn_key") != line.get("current_key"):
                broken.append(f"line {number}: {line['view']} current, drawn {line.get('drawn_key')!r}, current {line.get('current_key')!r}")
    print(f"trace {path}: {lines} lines, {current} drew a view current, {len(broken)} of them with another key than the current one")
    shared = [(view, key) for (view, key), seen in settings_of_key.items() if key and len(seen) > 1]
    print(f"  {len(settings_of_key)} keys of views, {len(shared)} of them standing for more than one setting")
    for b in broken[:20]:
        print("  " + b)
    for view, key in shared[:20]:
        print(f"  {view}: key {key!r} stands for {len(settings_of_key[(view, key)])} different settings")
    if lines == 0:
        return 2
    return 1 if broken or shared else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
