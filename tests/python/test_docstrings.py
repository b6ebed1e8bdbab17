"""Every public name of the package documents itself in NumPy form (what the API reference renders)."""
import doctest
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


def test_every_public_function_and_class_has_an_example():
    missing = [name for name, obj in _public() if "Examples" not in (inspect.getdoc(obj) or "")]
    assert not missing, "no Examples section: " + ", ".join(missing)


def test_the_examples_run():
    # Each docstring's >>> lines run as doctests with `px` imported; lines marked "doctest: +SKIP" (a file
    # the reader may not have, or output that depends on the machine) are shown, not run.
    finder = doctest.DocTestFinder(exclude_empty=True, recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    ran = 0
    for name, obj in _public():
        for test in finder.find(obj, name, module=False, globs={"px": px, "pxd": pxd, "pxs": pxs}):
            ran += len(test.examples)
            runner.run(test)
    assert ran > 30, f"only {ran} examples found"
    assert runner.failures == 0, f"{runner.failures} of {ran} examples failed (their output is above)"
