"""What the engine needs to be compiled with mypyc (README, "A compiled engine"), and
nothing when it runs as plain Python: the ``mypyc_attr`` class decorator (from
``mypy_extensions``, installed with mypy; without it, a decorator that changes nothing), and
which modules were loaded compiled."""
from __future__ import annotations

import sys
import warnings
from pathlib import Path

try:
    from mypy_extensions import mypyc_attr
except ImportError:       # plain Python without mypy: the decorator does nothing
    def mypyc_attr(*args, **kwargs):  # type: ignore[misc]
        return lambda cls: cls

__all__ = ["mypyc_attr", "compiled_modules", "stale_modules"]


def compiled_modules() -> list[str]:
    """The cardwidgets modules loaded compiled (from a ``.so`` file), by name."""
    return sorted(name for name, module in list(sys.modules.items())
                  if name.startswith("cardwidgets")
                  and str(getattr(module, "__file__", "") or "").endswith((".so", ".pyd")))


def stale_modules() -> list[Path]:
    """In a checkout (where ``tools/compile_engine.py`` builds them), the sources of
    compiled modules changed after they were built: Python still runs the compiled code,
    not the changed file. (An installed wheel's files are never edited.)"""
    package = sys.modules.get("cardwidgets")
    home = Path(getattr(package, "__file__", None) or ".").resolve().parent
    if not (home.parent / "tools" / "compile_engine.py").is_file():
        return []
    out = []
    for name in compiled_modules():
        built = Path(sys.modules[name].__file__)
        source = built.with_name(built.name.split(".")[0] + ".py")
        if source.is_file() and source.stat().st_mtime > built.stat().st_mtime + 1:
            out.append(source)
    return out


def warn_if_stale() -> None:
    stale = stale_modules()
    if stale:
        warnings.warn(f"{', '.join(p.name for p in stale)} changed after the engine was "
                      f"compiled, and the compiled one runs: compile again with python "
                      f"tools/compile_engine.py, or go back to plain Python with --clean",
                      stacklevel=3)
