"""mypy --strict over examples/python and the package pxstudio as the build ships it (its .py files, py.typed and
the stub of the compiled module), with python/mypy.ini. Exit 77 (ctest: skipped) with a message when mypy is absent.

    python3 tests/python/mypy_examples.py SOURCE_DIR PACKAGE_PARENT CACHE_DIR
"""
import os
import sys


def main() -> int:
    source, package_parent, cache = sys.argv[1:4]
    try:
        from mypy import api
    except ImportError:
        print("python_mypy_examples: mypy not found, skipped (apt-get install python3-mypy)")
        return 77
    os.environ["MYPYPATH"] = package_parent
    common = ["--strict", "--config-file", os.path.join(source, "python", "mypy.ini"), "--cache-dir", cache]
    worst = 0
    for target in (["-p", "pxstudio"], [os.path.join(source, "examples", "python")]):
        out, err, status = api.run(common + target)
        print(" ".join(target) + ": " + out + err)
        worst = max(worst, status)
    return worst


if __name__ == "__main__":
    sys.exit(main())
