"""Every public name of the package documents itself in NumPy form (what the API reference renders)."""
import inspect

import pxstudio as px
import pxstudio.dask as pxd
import pxstudio.sklearn as pxs


def _public():
    yield from ((name, getattr(px, name)) for name in px.__all__)
    yield from (("dask." + name, getattr(pxd, name)) for name in ("densities", "sweep_result", "sweep"))
    yield "sklearn.HomDensityEmbedding", pxs.HomDensityEmbedding


def test_every_public_name_has_a_docstring_with_its_sections():
    missing = []
    for name, obj in _public():
        doc = inspect.getdoc(obj) or ""
        if len(doc) < 40:
            missing.append(f"{name}: no docstring")
        elif inspect.isclass(obj) and issubclass(obj, Exception):
            continue
        elif callable(obj) and not inspect.isclass(obj) and "Returns" not in doc and "``sweep_result(" not in doc:
            missing.append(f"{name}: no Returns section")
    assert not missing, "; ".join(missing)
