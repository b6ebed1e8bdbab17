"""Shared fixtures of the Python package's tests. ctest sets PYTHONPATH (build/python), PXRUN (the
pxrun binary, for side-by-side checks) and PX_SHARED_DATA (real data sets; tests needing them skip
with a message when the folder is absent)."""
import os
import pathlib

import pytest

import pxstudio as px


@pytest.fixture(scope="session")
def pxrun():
    path = os.environ.get("PXRUN")
    if not path or not os.path.exists(path):
        pytest.fail("PXRUN must name the pxrun binary (ctest sets it)")
    return path


@pytest.fixture(scope="session")
def shared_data():
    path = pathlib.Path(os.environ.get("PX_SHARED_DATA", "../shared/data"))
    if not path.is_dir():
        pytest.skip(f"shared/data not found at {path}: real-data checks skipped")
    return path


@pytest.fixture(scope="session")
def sbm():
    return px.load("builtin:sbm-cycles")


@pytest.fixture(scope="session")
def trees():
    return px.sample_patterns("trees", d=10, seed=1)
