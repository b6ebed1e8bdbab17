#!/bin/sh
# pxstudio as a Python user installs it: `pip install --no-build-isolation .` into a fresh venv (with Debian's
# site packages: numpy, setuptools, wheel, dask), and `python3 -m build --no-isolation --wheel` whose wheel is
# installed into a second venv. Each venv runs README's "Install with pip" snippet from a folder outside the
# sources, with PYTHONPATH unset, and checks that pxstudio comes from the venv.
# Usage: installed_package_test.sh SOURCE_DIR CMAKE_TREE PYTHON   (CMAKE_TREE: kept between runs, incremental;
# PYTHON: Debian's /usr/bin/python3, whose site packages have numpy, setuptools, wheel and build)
set -eu
src=$1
export PXSTUDIO_CMAKE_BUILD_DIR=$2
python=$3
unset PYTHONPATH
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" - "$src/README.md" > "$work/snippet.py" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
section = text.split("## Install with pip", 1)[1]
print(re.search(r"```python\n(.*?)```", section, re.S).group(1))
PY

check() {  # $1: the venv
  (cd "$work" && "$1/bin/python" -c "import pxstudio, sys; assert pxstudio.__file__.startswith('$1'), pxstudio.__file__; print('pxstudio', pxstudio.__version__, 'from', pxstudio.__file__)")
  # the trained networks' library comes with the package (loaded on first use, here by kernel_path)
  (cd "$work" && "$1/bin/python" -c "import pxstudio; from pxstudio import _pxstudio as m; k = pxstudio.kernel_path(); lib = m.neural_library(); assert lib.startswith('$1'), lib; print('kernels', k, 'from', lib)")
  (cd "$work" && "$1/bin/python" snippet.py)
}

echo "== pip install --no-build-isolation $src"
"$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --quiet --no-index --no-build-isolation "$src"
check "$work/venv"

echo "== python3 -m build --no-isolation --wheel, installed elsewhere"
"$python" -m build --no-isolation --wheel --outdir "$work/dist" "$src" > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
ls "$work/dist"
"$python" -m venv --system-site-packages "$work/elsewhere"
"$work/elsewhere/bin/pip" install --quiet --no-index "$work"/dist/pxstudio-*.whl
check "$work/elsewhere"
echo "installed package: both routes work"
