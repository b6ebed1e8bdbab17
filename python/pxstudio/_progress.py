"""Progress the Python way: a tqdm bar by default, ``progress=False`` for none, a callable still accepted.

The compiled code reports the fraction done about every 10 ms (python/bindings/Bindings.h); what reaches the user
goes through :func:`reporter`:

- ``None`` (the default): a tqdm bar on stderr when stderr is a terminal or the code runs in Jupyter, shown only
  once the work has taken more than about a second (tqdm's ``delay``); nothing otherwise;
- ``True``: a tqdm bar whatever stderr is; ``False``: nothing;
- a callable: called with the fraction done, non-decreasing, at most once per percent (about 100 calls per
  call of the function, however long it runs) and with 1.0 at the end.
"""
from __future__ import annotations

import functools
import sys
from typing import Any, Callable, Optional, Union

ProgressArg = Union[None, bool, Callable[[float], Any]]
EXPECTED = "True, False, None (a bar on a terminal) or a callable taking the fraction done"
STEP = 0.01  # a callable is called again once the fraction has grown by this much


def in_jupyter() -> bool:
    """Whether the code runs in a Jupyter kernel (IPython's ZMQ shell)."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    return type(shell).__name__ == "ZMQInteractiveShell"


def wants_bar() -> bool:
    """The default: a bar when someone is watching stderr (a terminal) or a notebook."""
    return in_jupyter() or bool(getattr(sys.stderr, "isatty", lambda: False)())


class Throttled:
    """A callable called with non-decreasing fractions, at most once per ``STEP`` of progress (and at 1.0)."""

    def __init__(self, callback: Callable[[float], Any]) -> None:
        self.callback = callback
        self.last: Optional[float] = None
        self.calls = 0

    def __call__(self, fraction: float) -> None:
        f = min(1.0, max(0.0, float(fraction), self.last or 0.0))
        if self.last is not None and f < self.last + STEP and not (f == 1.0 and self.last < 1.0):
            return
        self.last = f
        self.calls += 1
        self.callback(f)


class Bar:
    """A tqdm bar over [0, 1] (percent), opened on first use and closed at 1.0."""

    def __init__(self, description: str) -> None:
        self.description = description
        self.bar: Any = None

    def __call__(self, fraction: float) -> None:
        if self.bar is None:
            from tqdm.auto import tqdm
            self.bar = tqdm(total=100, desc=self.description, delay=1.0, leave=False, file=sys.stderr,
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| {elapsed}<{remaining}")
        target = int(round(100 * min(1.0, max(0.0, fraction))))
        if target > self.bar.n:
            self.bar.update(target - self.bar.n)
        if fraction >= 1.0:
            self.close()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _tqdm_available() -> bool:
    try:
        import tqdm  # noqa: F401
    except ImportError:
        return False
    return True


def reporter(progress: ProgressArg, function: str) -> Optional[Callable[[float], None]]:
    """The callback to hand to the compiled code for ``progress`` (None: no reports).

    Parameters
    ----------
    progress : None, bool or callable
        As the public functions take it (see the module's docstring).
    function : str
        The public function's name, for the bar's label and the error message.

    Returns
    -------
    callable or None
        A throttled callable, a tqdm bar, or None.

    Raises
    ------
    TypeError
        ``progress`` is none of these.
    """
    if progress is None:
        return Throttled(Bar(function)) if wants_bar() and _tqdm_available() else None
    if progress is True:
        if not _tqdm_available():
            raise ImportError(f"{function}: progress=True needs tqdm (apt-get install python3-tqdm)")
        return Throttled(Bar(function))
    if progress is False:
        return None
    if callable(progress):
        return Throttled(progress)
    from ._arguments import wrong_type
    raise wrong_type(function, "progress", EXPECTED, progress, hint="")


def with_progress(method: Callable[..., Any], display: str, position: int) -> Callable[..., Any]:
    """A compiled method whose ``progress`` argument (keyword, or positional at ``position`` after self) goes
    through :func:`reporter`: a bar by default on a terminal, False for none, a callable throttled."""
    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        if len(args) > position:
            args = args[:position] + (reporter(args[position], display),) + args[position + 1:]
            callback = args[position]
        else:
            callback = kwargs["progress"] = reporter(kwargs.get("progress"), display)
        try:
            return method(self, *args, **kwargs)
        finally:
            close(callback)
    return call


def close(callback: Optional[Callable[[float], None]]) -> None:
    """Closes the bar behind ``callback`` if it has one (after an error or Ctrl-C)."""
    inner = getattr(callback, "callback", None)
    if isinstance(inner, Bar):
        inner.close()
