"""The Binder files alone make a working environment: a fresh virtual environment built from
binder/requirements.txt (and postBuild) runs JupyterLab, opens the start page and shows the
Poch widget. (mybinder.org itself cannot be reached from here.)"""
import os
import shutil
import subprocess
import sys

import pytest

from labfixtures import browser  # noqa: F401  (fixture)
from labserver import REPO, LabServer, kernel_eval, open_notebook, run_all

pytestmark = pytest.mark.browser

SKIP = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__",
                              "screenshots", ".pytest_cache", ".ipynb_checkpoints")


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    base = tmp_path_factory.mktemp("binder")
    repo = base / "repo"
    shutil.copytree(REPO, repo, ignore=SKIP)            # like a fresh clone
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    pip = subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
                         cwd=repo, env=env, capture_output=True, text=True, timeout=900)
    assert pip.returncode == 0, pip.stderr[-3000:]
    home = base / "home"
    home.mkdir()
    post = subprocess.run(["bash", "binder/postBuild"], cwd=repo, env={**env, "HOME": str(home)},
                          capture_output=True, text=True, timeout=60)
    assert post.returncode == 0, post.stderr
    return repo, py, home


def test_binder_requirements_build_a_lab_that_opens_the_start_page(binder_env, browser):
    """JupyterLab from the Binder venv opens notebooks/index.ipynb, runs it with the installed
    cardwidgets, and renders the Poch widget."""
    repo, py, home = binder_env
    with LabServer(repo, python=str(py), env={"PYTHONPATH": None, "HOME": str(home)}) as lab:
        context = browser.new_context(viewport={"width": 1300, "height": 1600})
        page = context.new_page()
        try:
            open_notebook(page, lab, "notebooks/index.ipynb")
            run_all(page)
            page.wait_for_selector("text=Games ready: Poch")
            where = kernel_eval(page, "import cardwidgets, sys; print(sys.prefix); print(cardwidgets.__file__)")
            prefix, module = where.split()
            assert prefix == str(py.parent.parent)
            assert module.startswith(prefix) and "site-packages" in module
            open_notebook(page, lab, "notebooks/poch.ipynb")
            run_all(page)
            page.wait_for_selector(".cw-root .cw-poch-board")
        finally:
            context.close()
