"""Execute the teaching notebooks in place, as they are committed.

Run from the project root: ``python tools/run_notebooks.py [NAME.ipynb ...]`` (default: every
notebook in ``notebooks/``). The notebooks are run with the working tree's package first on
the path, and saved without widget state in their metadata: that state would carry the whole
widget module into every notebook, and a notebook opened without a kernel shows the static
picture each widget cell carries instead.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    NotebookClient(nb, timeout=600, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"ran {path.relative_to(ROOT)}")


if __name__ == "__main__":
    names = sys.argv[1:] or sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    for name in names:
        run(ROOT / "notebooks" / Path(name).name)
