"""Every public name of the package documents itself in NumPy form (what the API reference renders)."""
import doctest
import inspect
import re

import pxstudio as px
import pxstudio.dask as pxd
import pxstudio.sklearn as pxs


def _public():
    yield from ((name, getattr(px, name)) for name in px.__all__)
    yield from (("dask." + name, getattr(pxd, name)) for name in pxd.__all__)
    yield from (("sklearn." + name, getattr(pxs, name)) for name in pxs.__all__)


SIGNATURE = re.compile(r"^[\w.]*\((.*)\)(?: -> (.*))?$")  # pybind11's first docstring line


def _members(cls):
    """The public methods and properties a class defines itself (not those scikit-learn or object give it)."""
    for attr, value in vars(cls).items():
        if attr.startswith("_"):
            continue
        if isinstance(value, property) or type(value).__name__ in ("property", "getset_descriptor", "member_descriptor"):
            yield attr, value, "property"
        elif isinstance(value, staticmethod):
            yield attr, value.__func__, "method"
        elif callable(value):
            yield attr, value, "method"


def _callables():
    """Every public callable: the functions and classes of the public modules, and the classes' methods and properties."""
    for name, obj in _public():
        yield name, obj, "class" if inspect.isclass(obj) else "function"
        if inspect.isclass(obj) and not issubclass(obj, Exception):
            for attr, value, kind in _members(obj):
                yield f"{name}.{attr}", value, kind


def _body_and_signature(obj):
    """The docstring without pybind11's signature line, and (has parameters, returns something) from the signature."""
    doc = inspect.getdoc(obj) or ""
    first, _, rest = doc.partition("\n")
    m = SIGNATURE.match(first)
    if m:  # compiled
        params = [p for p in m.group(1).split(",") if p.strip() and not p.strip().startswith("self")]
        return rest.strip(), bool(params), m.group(2) not in (None, "None")
    sig = inspect.signature(obj)
    params = [p for p in sig.parameters if p not in ("self", "cls")]
    return doc, bool(params), sig.return_annotation not in (None, "None", inspect.Signature.empty)


def test_every_public_callable_has_a_numpydoc_docstring():
    problems, counted = [], 0
    for name, obj, kind in _callables():
        counted += 1
        if kind == "property":
            text = inspect.getdoc(obj) or ""  # a property's own docstring (pybind11 puts the text there)
            if SIGNATURE.match(text.partition("\n")[0]):
                text = text.partition("\n")[2].strip()
            if len(text) < 10:
                problems.append(f"{name}: no docstring")
            continue
        if kind == "class":
            continue  # checked by the test below
        body, has_params, returns = _body_and_signature(obj)
        if len(body) < 20:
            problems.append(f"{name}: no docstring")
        elif "documented there" in body:
            continue
        else:
            if has_params and "Parameters\n----------" not in body:
                problems.append(f"{name}: no Parameters section")
            if returns and "Returns\n-------" not in body and "``sweep_result(" not in body:
                problems.append(f"{name}: no Returns section")
    assert counted > 80, f"only {counted} public callables found"
    assert not problems, f"{len(problems)} of {counted}: " + "; ".join(problems)


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
    globs = {"px": px, "pxd": pxd, "pxs": pxs, "HomDensityEmbedding": pxs.HomDensityEmbedding,
             "noise_seed_for": pxs.noise_seed_for}
    for name, obj, kind in _callables():
        if kind == "property":
            continue
        for test in finder.find(obj, name, module=False, globs=dict(globs)):
            ran += len(test.examples)
            runner.run(test)
    assert ran > 30, f"only {ran} examples found"
    assert runner.failures == 0, f"{runner.failures} of {ran} examples failed (their output is above)"


def _section(doc, title):
    """The lines of a NumPy docstring section ("Attributes" underlined with dashes), up to the next section."""
    lines = doc.splitlines()
    for i in range(len(lines) - 1):
        if lines[i].strip() == title and set(lines[i + 1].strip()) == {"-"}:
            end = i + 2
            while end < len(lines) and not (end + 1 < len(lines) and lines[end + 1].strip() and set(lines[end + 1].strip()) == {"-"}):
                end += 1
            return lines[i + 2:end]
    return []


def test_each_attribute_is_one_entry_with_a_description():
    # Napoleon renders "Attributes" entries one name each: "name, source : str" would show "source (name,)", and an
    # entry without an indented description an empty field. Parameters may group names (napoleon splits those).
    problems, entries = [], 0
    for name, obj in _public():
        if not inspect.isclass(obj):
            continue
        lines = _section(inspect.getdoc(obj) or "", "Attributes")
        for i, line in enumerate(lines):
            if not line.strip() or line.startswith(" "):
                continue
            entries += 1
            head = line.split(" : ")[0]
            if "," in head:
                problems.append(f"{name}: '{line.strip()}' groups attributes")
            if i + 1 >= len(lines) or not lines[i + 1].startswith("    "):
                problems.append(f"{name}.{head}: no description")
    assert entries > 30, f"only {entries} attribute entries found"
    assert not problems, "; ".join(problems)
