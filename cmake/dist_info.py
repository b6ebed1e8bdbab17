#!/usr/bin/env python3
"""The dist-info folder of the Python package as Debian installs it, so that importlib.metadata finds the
installed pxstudio (its version, its requirements): METADATA (core metadata 2.1 from pyproject.toml's [project]),
INSTALLER and top_level.txt. No RECORD: dpkg owns and removes the files, as with dh_python3's packages.

    python3 dist_info.py PYPROJECT.toml VERSION OUTPUT_FOLDER
"""
import pathlib
import sys
import tomllib


def metadata(project, version):
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {version}",
             f"Summary: {project['description']}", "License: GPL-3.0-or-later"]
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    for extra, requirements in sorted(project.get("optional-dependencies", {}).items()):
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {r}; extra == "{extra}"' for r in requirements]
    return "\n".join(lines) + "\n"


def main():
    pyproject, version, out = sys.argv[1:4]
    project = tomllib.loads(pathlib.Path(pyproject).read_text())["project"]
    folder = pathlib.Path(out) / f"{project['name']}-{version}.dist-info"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "METADATA").write_text(metadata(project, version))
    (folder / "INSTALLER").write_text("debian\n")
    (folder / "top_level.txt").write_text(project["name"] + "\n")


if __name__ == "__main__":
    main()
