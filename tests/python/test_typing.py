"""A typed package (PEP 561): py.typed, annotations on every Python function, and a stub of the compiled module
(python/pxstudio/_pxstudio.pyi, written by hand) checked here against the module itself, so it cannot drift:
the same names, the same members per class, the same parameters (names and which have defaults) per function.
mypy --strict over examples/python (and through them the package) is the ctest python_mypy_examples."""
import ast
import inspect
import pathlib
import re

import pytest

import pxstudio as px
from pxstudio import _pxstudio
from pxstudio._arguments import _split_args

PACKAGE = pathlib.Path(px.__file__).parent
STUB = PACKAGE / "_pxstudio.pyi"
PROTOCOL = {"__init__", "__len__", "__getitem__", "__iter__"}  # dunders that the stub declares


def _stub():
    return ast.parse(STUB.read_text(encoding="utf-8"))


def _stub_params(fn: ast.FunctionDef):
    args = fn.args.posonlyargs + fn.args.args
    names = [a.arg for a in args]
    with_default = names[len(names) - len(fn.args.defaults):] if fn.args.defaults else []
    if names and names[0] == "self":
        names = names[1:]
    return names, set(with_default)


def _compiled_params(obj):
    """(names, names with a default) from pybind11's signature line, e.g. 'f(a: int, b: str = 'x') -> None'."""
    first = (inspect.getdoc(obj) or "").splitlines()[0] if inspect.getdoc(obj) else ""
    m = re.match(r"[\w.]*\((.*)\)(?: -> .*)?$", first)
    assert m, f"no pybind11 signature in {obj!r}: {first!r}"
    names, defaults = [], set()
    for part in _split_args(m.group(1)):
        name = part.split(":", 1)[0].strip()
        if name == "self":
            continue
        names.append(name)
        if "=" in part:
            defaults.add(name)
    return names, defaults


def _module_names():
    return {n for n in vars(_pxstudio) if not n.startswith("__")} | {"__version__"}


def _stub_top(tree):
    out = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = node
    return out


def test_py_typed_and_the_stub_ship_beside_the_module():
    assert (PACKAGE / "py.typed").is_file()
    assert STUB.is_file()


def test_the_stub_names_what_the_module_has():
    stub = set(_stub_top(_stub()))  # type aliases (_Progress, ...) are plain assignments, not counted
    assert stub == _module_names(), f"only in the stub: {stub - _module_names()}; only in the module: {_module_names() - stub}"


def test_the_stub_classes_have_the_members_of_the_module_classes():
    for name, node in _stub_top(_stub()).items():
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(_pxstudio, name)
        if issubclass(cls, Exception):
            assert [b.id for b in node.bases] == [cls.__mro__[1].__name__], name
            continue
        compiled = {a for a in vars(cls) if not a.startswith("_") or a in PROTOCOL}
        if not (inspect.getdoc(vars(cls).get("__init__")) or "").startswith("__init__("):
            compiled.discard("__init__")  # no constructor from Python (made by load, sample_patterns, ...)
        members = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        members |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
        assert members == compiled, f"{name}: only in the stub {members - compiled}; only in the module {compiled - members}"


def test_the_stub_functions_have_the_parameters_of_the_compiled_ones():
    checked = 0
    for name, node in _stub_top(_stub()).items():
        targets = []
        if isinstance(node, ast.FunctionDef):
            targets.append((name, node, getattr(_pxstudio, name)))
        elif isinstance(node, ast.ClassDef) and not issubclass(getattr(_pxstudio, name), Exception):
            cls = getattr(_pxstudio, name)
            for member in node.body:
                value = vars(cls).get(member.name) if isinstance(member, ast.FunctionDef) else None
                decorated = {d.id for d in getattr(member, "decorator_list", []) if isinstance(d, ast.Name)}
                if value is not None and "property" not in decorated:
                    targets.append((f"{name}.{member.name}", member, getattr(cls, member.name)))
        for display, fn, obj in targets:
            assert _stub_params(fn) == _compiled_params(obj), display
            checked += 1
    assert checked >= 35, f"only {checked} functions checked"


def _python_sources():
    return sorted(p for p in PACKAGE.glob("*.py") if p.name != "_build_config.py")


@pytest.mark.parametrize("path", _python_sources(), ids=lambda p: p.name)
def test_every_python_function_is_annotated(path):
    missing = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
        unannotated = [a.arg for a in args if a.annotation is None and a.arg not in ("self", "cls")]
        unannotated += [f"*{a.arg}" for a in (node.args.vararg, node.args.kwarg) if a is not None and a.annotation is None]
        if unannotated or node.returns is None:
            missing.append(f"{node.name}({', '.join(unannotated)}){'' if node.returns else ' -> ?'}")
    assert not missing, f"{path.name}: " + "; ".join(missing)
