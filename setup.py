"""Builds pxstudio's compiled module with CMake for pip and python3 -m build (see pyproject.toml).

Only the engine and the module are built (no app, no tests), without -march=native so that the wheel runs on
other x86-64 machines. The CMake tree is build/pip (or $PXSTUDIO_CMAKE_BUILD_DIR), kept between builds so that
a second build is incremental; $PXSTUDIO_BUILD_JOBS sets the parallel jobs (default: the cores)."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
(ROOT / "build").mkdir(exist_ok=True)  # setuptools' own files go under build/ too (options below), not into the sources


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(PXStudio VERSION ([0-9][0-9.]*)", text)
    if not match:
        raise RuntimeError(f"{ROOT / 'CMakeLists.txt'}: no 'project(PXStudio VERSION x.y.z' line to take the version from")
    return match.group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        tree = pathlib.Path(os.environ.get("PXSTUDIO_CMAKE_BUILD_DIR", ROOT / "build" / "pip")).resolve()
        jobs = os.environ.get("PXSTUDIO_BUILD_JOBS", str(os.cpu_count() or 2))
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release", "-DPX_BUILD_APP=OFF",
                        "-DPX_BUILD_TESTS=OFF", "-DPX_PYTHON=ON", "-DPX_NATIVE=OFF",
                        f"-DPython_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(tree), "--target", "pxstudio_python", "-j", jobs], check=True)
        built = tree / "python" / "pxstudio"
        module = next(built.glob("_pxstudio*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(module, target)
        shutil.copy2(built / "_build_config.py", target.parent / "_build_config.py")
        for library in built.glob("libpx_neural.so"):  # the trained networks, loaded on first use
            shutil.copy2(library, target.parent / library.name)


setup(
    version=project_version(),
    packages=["pxstudio"],
    package_dir={"": "python"},
    package_data={"pxstudio": ["py.typed", "*.pyi"]},  # PEP 561: the package is typed, the compiled module by its stub
    ext_modules=[Extension("pxstudio._pxstudio", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build/setuptools"}, "egg_info": {"egg_base": "build"}},
    zip_safe=False,
)
