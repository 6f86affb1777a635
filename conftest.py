"""Make subprocesses (nbval's kernels, the test JupyterLab and its kernels) import this
checkout's cardwidgets, even when another copy is installed."""
import os
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parent)
_paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if _ROOT not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join([_ROOT, *_paths])
