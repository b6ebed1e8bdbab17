"""Arguments of the wrong type raise a TypeError naming the function, the argument and what it expects.

    densities: the argument `data` expects a pxstudio data set (a Dataset, a path or 'builtin:NAME'), got
    networkx.classes.graph.Graph; make one with px.from_networkx(graphs) from NetworkX graphs, ...

The Python functions check their arguments with :func:`expect`. The compiled functions and methods are
wrapped by :func:`diagnosed`: when pybind11 refuses a call ("incompatible function arguments", a dump of
signatures that names no argument), the wrapper reads the signature from that message, finds the first
argument whose type does not fit and raises the same kind of message instead. Valid calls pass straight
through. The compiled code raises such messages itself for the arguments it takes as plain objects
(python/bindings/Bindings.h, argumentAs).
"""
from __future__ import annotations

import collections.abc
import functools
import numbers
import os
import re
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

DATASET = "a pxstudio data set (a Dataset, a path or 'builtin:NAME')"
DATASET_HINT = ("; make one with px.from_networkx(graphs) from NetworkX graphs, px.from_edge_index(edge_indices) "
                "from PyG edge_index arrays, or px.load(path)")


def type_name(value: object) -> str:
    """The type of a value as the messages name it: 'int', 'networkx.classes.graph.Graph'."""
    t = type(value)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def wrong_type(function: str, argument: str, expected: str, value: object, hint: Optional[str] = None) -> TypeError:
    """The TypeError of an argument of the wrong type (raise it); a data set expected says how to make one."""
    hint = (DATASET_HINT if expected.startswith("a pxstudio data set") else "") if hint is None else hint
    return TypeError(f"{function}: the argument `{argument}` expects {expected}, got {type_name(value)}{hint}")


def expect(function: str, argument: str, value: object, fits: Union[type, Tuple[type, ...], Callable[[Any], bool]],
           expected: str, hint: Optional[str] = None) -> None:
    """Raises wrong_type(...) unless fits(value) (or isinstance(value, fits) for a type or tuple of types)."""
    ok = isinstance(value, fits) if isinstance(fits, (type, tuple)) else fits(value)
    if not ok:
        raise wrong_type(function, argument, expected, value, hint)


def is_path(value: object) -> bool:
    """Whether ``value`` is a path: a str or an os.PathLike."""
    return isinstance(value, (str, os.PathLike))


# What pybind11's type names accept, and how the messages say it. Each test mirrors pybind11's converting caster.
def _is_int(v: Any) -> bool:
    return not isinstance(v, float) and (isinstance(v, numbers.Integral) or hasattr(type(v), "__index__"))


def _is_float(v: Any) -> bool:
    return not isinstance(v, (str, bytes)) and (isinstance(v, numbers.Real) or hasattr(type(v), "__float__")
                                                 or hasattr(type(v), "__index__"))


def _is_bool(v: Any) -> bool:
    return v is None or isinstance(v, (bool, np.bool_)) or hasattr(type(v), "__bool__")


def _is_array(kind: str) -> Callable[[Any], bool]:
    def fits(v: Any) -> bool:
        if isinstance(v, (str, bytes, dict)):
            return False
        try:
            return bool(np.asarray(v).dtype.kind in kind)
        except (TypeError, ValueError):
            return False
    return fits


def _split_args(text: str) -> List[str]:
    """Top-level comma-separated parts of a signature (brackets nest)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += c in "[("
        depth -= c in "])"
        if c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def _checker(annotation: str, classes: Mapping[str, type]) -> Tuple[Callable[[Any], bool], str]:
    """(fits, what it expects) for a pybind11 type name."""
    a = annotation.strip()
    short = a.rsplit(".", 1)[-1]
    if a == "int":
        return _is_int, "an int"
    if a == "float":
        return _is_float, "a number"
    if a == "str":
        return lambda v: isinstance(v, (str, bytes)), "a string"
    if a == "bool":
        return _is_bool, "True or False"
    if short in classes:
        cls = classes[short]
        what = "a pxstudio data set (a Dataset)" if short == "Dataset" else f"a pxstudio.{short}"
        return (lambda v: isinstance(v, cls)), what
    if a.startswith("numpy.ndarray"):
        integer = "int" in a
        return _is_array("iub" if integer else "iubf"), "an integer array" if integer else "a numeric array"
    m = re.fullmatch(r"(?:List|list|Sequence)\[(.*)\]", a)
    if m:
        fits, what = _checker(m.group(1), classes)
        return (lambda v: _is_sequence(v) and all(fits(x) for x in v)), \
            f"a list of {what.removeprefix('an ').removeprefix('a ')}s"
    m = re.fullmatch(r"(?:Tuple|tuple)\[(.*)\]", a)
    if m:
        parts = _split_args(m.group(1))
        items = [_checker(x, classes)[0] for x in parts]
        return (lambda v: _is_sequence(v) and len(v) == len(items) and all(f(x) for f, x in zip(items, v))), \
            f"a ({', '.join(parts)}) tuple"
    if a in ("sequence",):
        return (lambda v: isinstance(v, (list, tuple))), "a list"
    if a in ("dict",):
        return (lambda v: isinstance(v, dict)), "a dict"
    return (lambda v: True), a  # object, Callable, ...: the compiled code checks these itself


def _is_sequence(v: Any) -> bool:
    """What pybind11 converts to a std::vector or std::pair: a sequence that is not a string."""
    return isinstance(v, (collections.abc.Sequence, np.ndarray)) and not isinstance(v, (str, bytes))


def _signature(message: str) -> Optional[List[Tuple[str, str]]]:
    """The (name, annotation) list of the first signature in pybind11's message, without self; None if unreadable."""
    m = re.search(r"\n\s*1\. [\w.]*\((.*)\)(?: -> .*)?\n", message)  # a function's (...) -> type, a constructor's Class(...)
    if not m:
        return None
    params = []
    for part in _split_args(m.group(1)):
        name, _, rest = part.partition(":")
        annotation = rest.split("=", 1)[0]
        if name.strip() != "self":
            params.append((name.strip(), annotation.strip()))
    return params


def _diagnose(display: str, message: str, args: Sequence[Any], kwargs: Mapping[str, Any],
              classes: Mapping[str, type]) -> Optional[TypeError]:
    """The TypeError pybind11's refusal stands for, or None when no argument can be named."""
    params = _signature(message)
    if params is None:
        return None
    names = [n for n, _ in params]
    if len(args) > len(params):
        return TypeError(f"{display}: takes at most {len(params)} arguments ({', '.join(names)}), got {len(args)}")
    for key in kwargs:
        if key not in names:
            return TypeError(f"{display}: no argument named `{key}`; its arguments are {', '.join(names)}")
    given = dict(zip(names, args), **kwargs)
    for name, annotation in params:
        if name in given:
            fits, expected = _checker(annotation, classes)
            value = given[name]
            if fits(value):
                continue
            inner = re.fullmatch(r"(?:List|list|Sequence)\[(.*)\]", annotation)
            if inner and _is_sequence(value):  # name the entry that does not fit
                item_fits, item_expected = _checker(inner.group(1), classes)
                for i, item in enumerate(value):
                    if not item_fits(item):
                        return wrong_type(display, f"{name}[{i}]", item_expected, item)
            return wrong_type(display, name, expected, value)
    return None


def diagnosed(function: Callable[..., Any], display: str, classes: Mapping[str, type],
              method: bool = False) -> Callable[..., Any]:
    """`function` (compiled) with pybind11's refusals turned into messages that name the argument."""
    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except TypeError as refusal:
            text = str(refusal)
            if "incompatible function arguments" not in text and "incompatible constructor arguments" not in text:
                raise
            error = _diagnose(display, text, args[1:] if method else args, kwargs, classes)
            if error is None:
                raise
            raise error from None
    call.__module__ = "pxstudio"
    return call


def diagnose_compiled(namespace: Dict[str, Any], functions: Sequence[str], classes: Sequence[type]) -> None:
    """Wraps the compiled functions `functions` of `namespace` (a dict) and the public methods of `classes`."""
    by_name = {c.__name__: c for c in classes}
    for name in functions:
        namespace[name] = diagnosed(namespace[name], name.lstrip("_"), by_name)
    for cls in classes:
        for attr, value in list(vars(cls).items()):
            if attr.startswith("_") and attr not in ("__init__", "__getitem__"):
                continue
            function = value.__func__ if isinstance(value, staticmethod) else value
            if not (getattr(function, "__doc__", None) or "").startswith(attr + "("):
                continue  # not bound by pybind11 (a property, or the "no constructor" __init__ of Dataset)
            if isinstance(value, staticmethod):
                wrapped = diagnosed(value.__func__, f"{cls.__name__}.{attr}", by_name)
                wrapped.__qualname__ = f"{cls.__name__}.{attr}"
                setattr(cls, attr, staticmethod(wrapped))
            elif callable(value) and not isinstance(value, type):
                display = cls.__name__ if attr == "__init__" else f"{cls.__name__}.{attr}"
                wrapped = diagnosed(value, display, by_name, method=True)
                wrapped.__qualname__ = f"{cls.__name__}.{attr}"
                setattr(cls, attr, wrapped)
