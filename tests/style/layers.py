#!/usr/bin/env python3
"""The floors of core/: a module may include only modules on a lower floor (and itself).

The house, lowest floor first (docs/architecture.md):

    0  common, graph
    1  dataset, patterns, attack
    2  hom, io, neural, generators
    3  privacy, learn
    4  experiment
    5  depthlab

`layers.py --root .` checks every #include "…" in core/ against this order and prints, for each include that
goes up or sideways, file:line and the rule it breaks; it exits 1 if there is one, 0 otherwise.
`layers.py --root . --mermaid` prints the module graph as the code has it today (a Mermaid flowchart, one node
per module, grouped by floor, one arrow per module pair with the number of #include lines), which
docs/architecture.md includes.

There is no exception today: every module includes only modules on lower floors. A new directory under core/
fails the check until it is given a floor here.
"""
import argparse
import re
import sys
from collections import Counter
from pathlib import Path

FLOORS = [
    ["common", "graph"],
    ["dataset", "patterns", "attack"],
    ["hom", "io", "neural", "generators"],
    ["privacy", "learn"],
    ["experiment"],
    ["depthlab"],
]
FLOOR_OF = {module: floor for floor, modules in enumerate(FLOORS) for module in modules}
# Exceptions to the order, as (including module, included module): each needs a comment saying why. None today.
ALLOWED_EXCEPTIONS = set()

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCE_SUFFIXES = {".h", ".cpp", ".inl", ".hpp"}


def included_module(core: Path, source: Path, target: str):
    """The core module an #include "target" in `source` refers to, or None (not a core header)."""
    own_dir = source.parent
    local = (own_dir / target).resolve()
    if local.exists() and core.resolve() in local.parents:
        return local.relative_to(core.resolve()).parts[0]
    first = target.split("/")[0]
    if "/" in target and (core / first).is_dir():
        return first
    return None


def include_edges(root: Path):
    """Every #include of a core header in core/: (module, included module, file, line)."""
    core = root / "core"
    for source in sorted(core.rglob("*")):
        if source.suffix not in SOURCE_SUFFIXES or not source.is_file():
            continue
        module = source.relative_to(core).parts[0]
        for number, text in enumerate(source.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            match = INCLUDE.match(text)
            if not match:
                continue
            target = included_module(core, source, match.group(1))
            if target is not None:
                yield module, target, source.relative_to(root), number


def violations(root: Path):
    problems = []
    modules = sorted(p.name for p in (root / "core").iterdir() if p.is_dir())
    for module in modules:
        if module not in FLOOR_OF:
            problems.append(f"core/{module}/: module has no floor; add it to FLOORS in tests/style/layers.py")
    for module, target, path, line in include_edges(root):
        if module == target or module not in FLOOR_OF or target not in FLOOR_OF:
            continue
        if (module, target) in ALLOWED_EXCEPTIONS:
            continue
        if FLOOR_OF[target] >= FLOOR_OF[module]:
            relation = "the same floor as" if FLOOR_OF[target] == FLOOR_OF[module] else "a floor above"
            problems.append(f"{path}:{line}: {module} (floor {FLOOR_OF[module]}) includes {target} "
                            f"(floor {FLOOR_OF[target]}), {relation} it; a module may include only lower floors")
    return problems


def mermaid(root: Path) -> str:
    counts = Counter((m, t) for m, t, _, _ in include_edges(root) if m != t)
    lines = ["flowchart BT"]
    for floor, modules in enumerate(FLOORS):
        lines.append(f"  subgraph floor{floor}[floor {floor}]")
        lines.extend(f"    {m}" for m in modules)
        lines.append("  end")
    for (module, target), n in sorted(counts.items(), key=lambda e: (-FLOOR_OF.get(e[0][0], 99), e[0])):
        lines.append(f"  {module} -->|{n}| {target}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=".", help="the repository's root")
    parser.add_argument("--mermaid", action="store_true", help="print the module graph instead of checking")
    args = parser.parse_args()
    root = Path(args.root)
    if not (root / "core").is_dir():
        print(f"layers.py: {root}/core is not a directory", file=sys.stderr)
        return 2
    if args.mermaid:
        print(mermaid(root))
        return 0
    problems = violations(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"layers.py: {len(problems)} include(s) break the floors of core/ (see docs/architecture.md)")
        return 1
    print("layers.py: every core module includes only lower floors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
