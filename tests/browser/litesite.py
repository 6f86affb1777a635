"""The class site (JupyterLite) for the browser test and the benchmark.

``site_env()`` makes (once, cached under the user's cache dir, keyed by the requirements) a
virtual environment from ``site/requirements.txt``; ``build_site(out)`` runs
``python -m cardwidgets site build --offline --output out`` in it; ``SiteServer(out)`` serves
the built site from a thread on 127.0.0.1; ``open_lite_notebook`` opens a notebook in the
site's JupyterLab and waits for the Pyodide kernel; ``watch_requests`` records every request
a browser context makes (pages and workers) and refuses those that would leave 127.0.0.1.
"""
from __future__ import annotations

import functools
import hashlib
import http.server
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

from labserver import CHROMIUM, KERNEL_IDLE, REPO

from cardwidgets.cli import load_site_build

site_build = load_site_build()  # site/build.py

REQUIREMENTS = REPO / "site" / "requirements.txt"


def missing_tools() -> list[str]:
    """What the site test needs and this machine lacks, in words."""
    missing = []
    for tool in ("npm", "node"):
        if not shutil.which(tool):
            missing.append(f"{tool} (apt-get install nodejs npm)")
    if not Path(CHROMIUM).exists():
        missing.append(f"Chromium at {CHROMIUM}")
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing.append("the playwright package")
    return missing


def site_env(log=print) -> Path:
    """The python of a venv holding ``site/requirements.txt`` (made once, then reused)."""
    key = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()[:12]
    venv = site_build.default_cache_dir() / f"venv-{key}"
    py = venv / "bin" / "python"
    if (venv / "ok").is_file() and py.exists():
        return py
    shutil.rmtree(venv, ignore_errors=True)
    log(f"making the site's build environment in {venv}")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = subprocess.run([str(py), "-m", "pip", "install", "-q", "-r", str(REQUIREMENTS)],
                         env=env, capture_output=True, text=True, timeout=900)
    if pip.returncode:
        raise RuntimeError(f"pip install -r site/requirements.txt failed:\n{pip.stderr[-3000:]}")
    (venv / "ok").write_text(key)
    return py


def build_site(out: Path, *, offline=True, python=None) -> dict:
    """Build the site with the one command, from this checkout; returns the build's summary."""
    python = python or site_env()
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    env["PYTHONPATH"] = str(REPO)
    cmd = [str(python), "-m", "cardwidgets", "site", "build", "--output", str(out)]
    if offline:
        cmd.append("--offline")
    t0 = time.monotonic()
    proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=900)
    if proc.returncode:
        raise RuntimeError(f"the site build failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}")
    size = sum(p.stat().st_size for p in Path(out).rglob("*") if p.is_file())
    return {"seconds": time.monotonic() - t0, "bytes": size, "log": proc.stdout}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".whl": "application/octet-stream", ".zip": "application/zip"}

    def log_message(self, *args):  # quiet
        pass


class SiteServer:
    """``with SiteServer(folder) as site: site.url`` -- a static server on 127.0.0.1 (a thread)."""

    def __init__(self, root):
        self.root = Path(root)
        self.httpd = None
        self.thread = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def start(self):
        handler = functools.partial(_Handler, directory=str(self.root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def is_local(url: str) -> bool:
    parsed = urllib.parse.urlparse(url)
    if parsed.scheme in ("data", "blob", "about", "chrome-extension", "devtools"):
        return True
    return parsed.hostname == "127.0.0.1"


def watch_requests(context) -> dict:
    """Record every request of ``context`` (pages and their workers): ``{"all": [...],
    "outside": [...]}``; a request for anywhere but 127.0.0.1 is refused and recorded."""
    seen = {"all": [], "outside": []}

    def on_request(request):
        seen["all"].append(request.url)
        if not is_local(request.url):
            seen["outside"].append(request.url)

    def route(route):
        if is_local(route.request.url):
            route.continue_()
        else:
            seen["outside"].append(route.request.url)
            route.abort()

    context.on("request", on_request)
    context.route("**/*", route)
    return seen


def open_lite_notebook(page, site: SiteServer, name: str, timeout=120_000) -> float:
    """Open ``name`` in the site's JupyterLab and wait for an idle Pyodide kernel; seconds."""
    t0 = time.monotonic()
    page.goto(f"{site.url}/lab/index.html?path={name}", wait_until="domcontentloaded", timeout=timeout)
    page.wait_for_function(KERNEL_IDLE, timeout=timeout, polling=100)
    return time.monotonic() - t0
