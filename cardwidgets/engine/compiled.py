"""What the engine needs to be compiled with mypyc (README, "A compiled engine"), and
nothing when it runs as plain Python: the ``mypyc_attr`` class decorator (from
``mypy_extensions``, installed with mypy; without it, a decorator that changes nothing)."""
try:
    from mypy_extensions import mypyc_attr
except ImportError:       # plain Python without mypy: the decorator does nothing
    def mypyc_attr(*args, **kwargs):  # type: ignore[misc]
        return lambda cls: cls

__all__ = ["mypyc_attr"]
