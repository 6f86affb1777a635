"""A headless JupyterLab and Chromium for the real-browser tests, screenshots and benchmark.

``LabServer`` starts ``jupyter lab`` (or, with ``app="notebook"``, Notebook 7's ``jupyter
notebook``) on a free port in its own process group (ended with the
process that started it, on Linux: PR_SET_PDEATHSIG), with no token,
no news and no update checks, its settings, workspaces and runtime files in a temporary
folder, and stops it (and its kernels) cleanly. ``launch_browser`` starts Debian's Chromium
through Playwright. ``open_notebook`` opens a notebook and waits for an idle kernel.
"""
from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CARDWIDGETS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]


def browser_problem():
    """Why the real-browser tests cannot run on this machine (one line saying how to get
    what is missing), or ``None`` when Chromium, Playwright and JupyterLab are all here."""
    import importlib.util
    if importlib.util.find_spec("playwright") is None:
        return "Playwright is not installed: pip install -e \".[test]\""
    if importlib.util.find_spec("jupyterlab") is None:
        return "JupyterLab is not installed: pip install -e \".[test]\""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return (f"no Chromium at {CHROMIUM}: install one (apt-get install chromium) or point "
                "CARDWIDGETS_CHROMIUM at a Chromium binary")
    return None


def _die_with_parent():
    """In the child, before exec: SIGTERM when the process that started it dies (Linux), so a
    test run that is killed outright leaves no JupyterLab behind."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: the front ends LabServer starts: the module run with ``python -m`` and its app's
#: configurable class (both are JupyterLab's kind of app: the same settings folders)
APPS = {"lab": ("jupyterlab", "LabApp"), "notebook": ("notebook", "JupyterNotebookApp")}


class LabServer:
    """``with LabServer(root) as lab: lab.url`` -- JupyterLab serving the folder ``root``;
    ``LabServer(root, app="notebook")`` is Notebook 7 (``lab.notebook_url(path)`` opens a
    notebook in either)."""

    def __init__(self, root, *, python=sys.executable, env=None, timeout=90.0, config=(),
                 app="lab"):
        if app not in APPS:
            raise ValueError(f"app={app!r}: say one of {sorted(APPS)}")
        self.app = app
        self.root = Path(root)
        self.config = list(config)
        self.python = python
        self.extra_env = env or {}
        self.timeout = timeout
        self.port = None
        self.proc = None
        self.home = None
        self.log_path = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def notebook_url(self, path: str) -> str:
        """Where ``path`` (relative to the server root) opens as a notebook in this app."""
        if self.app == "notebook":
            return f"{self.url}/notebooks/{path}"
        return f"{self.url}/lab/tree/{path}?reset"

    def start(self):
        self.home = Path(tempfile.mkdtemp(prefix="cw-lab-"))
        settings = self.home / "app-settings"
        settings.mkdir()
        (settings / "overrides.json").write_text(json.dumps({
            "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                           "checkForUpdates": False},
            "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
        }))
        for name in ("user-settings", "workspaces", "runtime", "config", "data"):
            (self.home / name).mkdir()
        config = self.home / "jupyter_lab_config.py"
        self.port = free_port()
        module, app = APPS[self.app]
        only_lab = ["c.LabApp.news_url = None",
                    'c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"']
        config.write_text("\n".join([
            'c.ServerApp.ip = "127.0.0.1"',
            f"c.ServerApp.port = {self.port}",
            "c.ServerApp.port_retries = 0",
            "c.ServerApp.open_browser = False",
            'c.IdentityProvider.token = ""',
            'c.ServerApp.password = ""',
            "c.ServerApp.disable_check_xsrf = True",
            "c.ServerApp.allow_root = True",
            f"c.ServerApp.root_dir = {str(self.root)!r}",
            f"c.{app}.expose_app_in_browser = True",
            *(only_lab if self.app == "lab" else []),
            f"c.{app}.app_settings_dir = {str(settings)!r}",
            f"c.{app}.user_settings_dir = {str(self.home / 'user-settings')!r}",
            f"c.{app}.workspaces_dir = {str(self.home / 'workspaces')!r}",
            "c.LanguageServerManager.autodetect = False",
            *self.config,
        ]))
        env = dict(os.environ)
        env.update({"JUPYTER_RUNTIME_DIR": str(self.home / "runtime"),
                    "JUPYTER_CONFIG_DIR": str(self.home / "config"),
                    "JUPYTER_PLATFORM_DIRS": "1", "PYTHONUNBUFFERED": "1"})
        for key, value in self.extra_env.items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value
        self.log_path = self.home / "lab.log"
        atexit.register(self.stop)
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [self.python, "-m", module, f"--config={config}"],
            cwd=str(self.root), env=env, stdout=self._log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{module} exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/api/status", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"{module} did not answer within {self.timeout} s:\n{self.log_tail()}")

    def log_tail(self, n=4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            try:  # shut the kernels down first, then the server
                req = urllib.request.Request(self.url + "/api/kernels")
                with urllib.request.urlopen(req, timeout=3) as r:
                    kernels = json.load(r)
                for k in kernels:
                    urllib.request.urlopen(urllib.request.Request(
                        f"{self.url}/api/kernels/{k['id']}", method="DELETE"), timeout=5).close()
            except OSError:
                pass
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        if getattr(self, "_log", None):
            self._log.close()
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def launch_browser(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""

KERNEL_EVAL = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = k.requestExecute({code, silent: false, store_history: false});
  let out = '';
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type, c = msg.content;
    if (t === 'stream') out += c.text;
    else if (t === 'execute_result') out += c.data['text/plain'];
    else if (t === 'error') out += 'ERROR ' + c.ename + ': ' + c.evalue;
  };
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('kernel did not answer in 30 s: ' + code)), 30000));
  await Promise.race([future.done, timeout]);
  return out;
}"""


def open_notebook(page, lab: LabServer, path: str, timeout=60_000):
    """Open ``path`` (relative to the server root) and wait until its kernel is idle (in
    JupyterLab or Notebook 7, whichever ``lab`` runs)."""
    page.goto(lab.notebook_url(path), wait_until="domcontentloaded", timeout=timeout)
    page.wait_for_function(KERNEL_IDLE, timeout=timeout)
    # close any toast that could cover the page
    page.evaluate("() => document.querySelectorAll('.jp-toast-dismiss').forEach(b => b.click())")


def run_all(page, timeout=120_000):
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("() => !document.querySelector('.jp-InputArea-prompt') || "
                           "![...document.querySelectorAll('.jp-InputArea-prompt')]"
                           ".some(p => p.textContent.includes('*'))", timeout=timeout)
    page.wait_for_function(KERNEL_IDLE, timeout=timeout)


def kernel_eval(page, code: str) -> str:
    """Run ``code`` in the open notebook's kernel and return what it printed."""
    return page.evaluate(KERNEL_EVAL, code)


def set_theme(page, dark: bool):
    name = "JupyterLab Dark" if dark else "JupyterLab Light"
    page.evaluate(f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: {name!r}}})")
    want = "false" if dark else "true"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{want}'")


def make_notebook(path: Path, cells: list[str]):
    """Write a notebook whose code cells are ``cells``."""
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                     "outputs": [], "source": src} for i, src in enumerate(cells)],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb, indent=1))
    return path


@contextlib.contextmanager
def notebook_page(browser, lab, lab_root, name, cell):
    """A notebook ``scratch/<name>.ipynb`` of one ``cell``, opened in its own 1280 x 800 page:
    yields the page and the list of its script errors, then closes it."""
    make_notebook(lab_root / "scratch" / f"{name}.ipynb", [cell])
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_notebook(page, lab, f"scratch/{name}.ipynb")
        yield page, errors
    finally:
        context.close()
