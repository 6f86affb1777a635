"""Build the class site: every notebook in ``notebooks/`` running in the students' browsers
(JupyterLite with the Pyodide kernel, no server).

    pip install -r site/requirements.txt
    python -m cardwidgets site build [--offline] [--output DIR]     # or: python site/build.py

What it does:
1. builds cardwidgets' wheel with the normal build (``pip wheel . --no-deps``);
2. writes a Pyodide lock (``pyodide-lock.json``) that lists Pyodide's own packages plus
   cardwidgets and the widget wheels (anywidget, ipywidgets, comm, psygnal,
   jupyterlab_widgets, the kernel's stubs) with their imports and dependencies, so
   ``import cardwidgets`` in a notebook works as it does in JupyterLab: the notebooks run
   unchanged. The kernel's own wheels and the widgets are loaded while Pyodide starts
   (``loadPyodideOptions.packages``), all at once instead of one install after another;
3. runs ``jupyter lite build`` with this folder's ``jupyter-lite.json``, every
   ``notebooks/*.ipynb`` and the data files they read beside them (``notebooks/*.json``:
   the history lesson's ``facts.json``), and nothing else from that folder.

Without ``--offline`` Pyodide itself and its packages come from Pyodide's usual online home
(the jsDelivr CDN), and only our wheels are served by the site. With ``--offline`` the site
carries everything: Pyodide's core from the npm registry (``npm pack pyodide@VERSION``, the
version the kernel pins), the pure-Python wheels the kernel needs from PyPI at the versions of
Pyodide's lock (their sha256 rewritten, entries whose wheel is absent dropped), and
``disablePyPIFallback`` so the page never asks the outside for anything.

The site is built beside ``--output`` and then put there. ``--output`` must be a new or empty
folder, or a site this command built before (its ``.cardwidgets-site.json`` lists the files
it made): that site is replaced. Any other folder or file is refused and nothing is deleted.

Downloads are kept in a cache folder (``--cache-dir``, default the user's cache dir
``.../cardwidgets/site``), so a second build needs no network.
"""
from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = KERNEL_EXTENSION + ":kernel"
# what the Pyodide kernel installs at start (its worker's initPackageManager/initKernel)
KERNEL_PACKAGES = ["micropip", "packaging", "piplite", "pyodide-kernel", "ipykernel", "comm",
                   "jedi", "ipython"]
# the kernel's stubs, shipped in its labextension (static/pypi): the real packages would
# pull in a server-side kernel and the classic notebook's files
KERNEL_STUBS = {"piplite": None, "pyodide-kernel": None, "ipykernel": None,
                "widgetsnbextension": "4."}
# what the notebooks import, loaded with the kernel so the first widget cell has no wait
PRELOAD = ["cardwidgets", "anywidget", "ipywidgets"]
# new wheels taken from PyPI at the versions installed in this (the build's) environment,
# so the page's anywidget/ipywidgets front end and the kernel's Python side always match
FROM_ENV = ["anywidget", "ipywidgets", "comm", "psygnal", "jupyterlab_widgets"]
WASM_ENV = {"python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
            "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
            "implementation_name": "cpython", "platform_python_implementation": "CPython",
            "extra": ""}


class SiteError(RuntimeError):
    """A build problem, said in one line."""


def _log(msg):
    print(f"[site] {msg}", flush=True)


def _canon(name: str) -> str:
    from packaging.utils import canonicalize_name
    return str(canonicalize_name(name))


def _run(cmd, what, **kw):
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    except FileNotFoundError:
        raise SiteError(f"{what}: {cmd[0]} is not installed") from None
    if proc.returncode:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["(no output)"]
        raise SiteError(f"{what} failed ({' '.join(map(str, cmd[:4]))} ...): {tail[0]}")
    return proc


def default_cache_dir() -> Path:
    if os.environ.get("CARDWIDGETS_CACHE_DIR"):
        return Path(os.environ["CARDWIDGETS_CACHE_DIR"]) / "site"
    try:
        import platformdirs
        return Path(platformdirs.user_cache_dir("cardwidgets")) / "site"
    except ImportError:
        return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "cardwidgets" / "site"


def notebooks(repo: Path = REPO) -> list[Path]:
    """The notebooks the site publishes: every ``notebooks/*.ipynb`` (no test configuration)."""
    found = sorted((repo / "notebooks").glob("*.ipynb"))
    if not found:
        raise SiteError(f"notebooks: no .ipynb file in {repo / 'notebooks'}")
    return found


# the data files the notebooks read beside them (history.ipynb opens facts.json); published
# too, or the notebook's first cell stops with FileNotFoundError in the site and run-all with it
DATA_SUFFIXES = (".json",)


def data_files(repo: Path = REPO) -> list[Path]:
    """The data files the site publishes beside the notebooks: ``notebooks/*.json``."""
    return sorted(p for p in (repo / "notebooks").iterdir()
                  if p.is_file() and p.suffix in DATA_SUFFIXES)


def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    return PYODIDE_VERSION


def _check_tools():
    missing = [m for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel", "jupyter_server",
                           "packaging") if not _importable(m)]
    if missing:
        raise SiteError(f"the site's build tools are missing ({', '.join(missing)}): "
                        f"pip install -r {HERE.relative_to(REPO) / 'requirements.txt'}")


def _importable(mod):
    import importlib.util
    return importlib.util.find_spec(mod) is not None


# --- wheels -----------------------------------------------------------------------------

def wheel_info(path: Path) -> dict:
    """Name, version, top-level imports and (wasm-applicable) requirements of a wheel."""
    from packaging.requirements import Requirement
    from packaging.utils import parse_wheel_filename
    name, version, _, _ = parse_wheel_filename(path.name)
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode("utf-8"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            imports = [t for t in z.read(top).decode().split() if t and not t.startswith("_")]
        else:
            imports = set()
            for n in names:
                head = n.split("/")[0]
                if head.endswith((".dist-info", ".data")):
                    continue
                if "/" in n and n.endswith("/__init__.py") and n.count("/") == 1:
                    imports.add(head)
                elif "/" not in n and n.endswith(".py"):
                    imports.add(n[:-3])
            imports = sorted(i for i in imports if not i.startswith("_"))
    depends = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate(WASM_ENV):
            depends.append(_canon(req.name))
    return {"name": meta["Name"], "version": str(version), "key": _canon(str(name)),
            "imports": sorted(imports), "depends": depends}


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def build_own_wheel(repo: Path, dest: Path) -> Path:
    """cardwidgets' wheel, by the normal build (whatever package data pyproject declares)."""
    dest.mkdir(parents=True, exist_ok=True)
    _run([sys.executable, "-m", "pip", "wheel", str(repo), "--no-deps", "-q", "-w", str(dest)],
         "building the cardwidgets wheel")
    wheels = sorted(dest.glob("cardwidgets-*.whl"))
    if not wheels:
        raise SiteError("building the cardwidgets wheel: pip made no cardwidgets-*.whl")
    return wheels[-1]


def kernel_stubs() -> dict[str, Path]:
    """The kernel's own wheels (piplite, pyodide_kernel, the ipykernel and widgetsnbextension
    stubs) from its labextension in this environment."""
    from jupyter_core.paths import jupyter_path
    for base in jupyter_path("labextensions"):
        pypi = Path(base) / KERNEL_EXTENSION / "static" / "pypi"
        if pypi.is_dir():
            break
    else:
        raise SiteError(f"the Pyodide kernel's labextension ({KERNEL_EXTENSION}) is not installed: "
                        "pip install -r site/requirements.txt")
    found = {}
    from packaging.utils import parse_wheel_filename
    for whl in sorted(pypi.glob("*.whl")):
        name, version, _, _ = parse_wheel_filename(whl.name)
        key, prefix = _canon(str(name)), KERNEL_STUBS.get(_canon(str(name)), "")
        if key in KERNEL_STUBS and (prefix is None or str(version).startswith(prefix)):
            found[key] = whl
    missing = set(KERNEL_STUBS) - set(found)
    if missing:
        raise SiteError(f"the Pyodide kernel's labextension lacks {', '.join(sorted(missing))}")
    return found


def pypi_wheels(pins: dict[str, str], cache: Path) -> dict[str, Path]:
    """Pure-Python wheels ``name -> version`` from PyPI (cached), for Pyodide's Python."""
    from packaging.utils import parse_wheel_filename
    cache.mkdir(parents=True, exist_ok=True)

    def have():
        out = {}
        for whl in cache.glob("*.whl"):
            name, version, _, tags = parse_wheel_filename(whl.name)
            if any(t.platform == "any" for t in tags):
                out[(_canon(str(name)), str(version))] = whl
        return out

    present = have()
    wanted = {(_canon(n), v) for n, v in pins.items()}
    todo = sorted(wanted - set(present))
    if todo:
        _log(f"downloading {len(todo)} wheels from PyPI: {', '.join(f'{n}=={v}' for n, v in todo)}")
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
              "--python-version", "3.14", "--implementation", "py", "--abi", "none",
              "--platform", "any", "-d", str(cache), *[f"{n}=={v}" for n, v in todo]],
             "downloading wheels from PyPI")
        present = have()
    missing = wanted - set(present)
    if missing:
        raise SiteError(f"PyPI has no pure-Python wheel for {', '.join(f'{n}=={v}' for n, v in sorted(missing))}")
    return {n: present[(n, v)] for n, v in wanted}


def pyodide_core(version: str, cache: Path) -> Path:
    """Pyodide's core (``pyodide.mjs``, the wasm, the stdlib, the lock) from the npm registry,
    unpacked in the cache; returns its folder."""
    folder = cache / f"pyodide-{version}"
    if (folder / "pyodide-lock.json").is_file() and (folder / "pyodide.mjs").is_file():
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.is_file():
        _log(f"fetching Pyodide {version} from the npm registry (npm pack pyodide@{version})")
        _run(["npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", str(cache)],
             "fetching Pyodide", cwd=cache)
    if os.path.lexists(folder):   # not unpacked by us: the unpacking below is all or nothing
        raise SiteError(f"the cache folder {folder} is there but holds no complete Pyodide "
                        f"{version}; nothing was deleted: remove it, or give another --cache-dir")
    tmp = Path(tempfile.mkdtemp(dir=cache, prefix="unpack-"))
    try:
        with tarfile.open(tgz) as tar:
            members = [m for m in tar.getmembers() if m.name.startswith("package/") and m.isfile()]
            tar.extractall(tmp, members=members, filter="data") if hasattr(tarfile, "data_filter") \
                else tar.extractall(tmp, members=members)
        (tmp / "package").rename(folder)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return folder


# --- bytecode ---------------------------------------------------------------------------
# Pyodide's own wheels carry compiled bytecode; wheels from PyPI carry only sources, which the
# page would compile on every import (IPython, jedi, the widgets: seconds on a laptop). We
# compile them once here, with Pyodide's own CPython run by Node (the same interpreter as in
# the page), and add ``__pycache__/*.cpython-3XX.pyc`` files in unchecked-hash mode (PEP 552:
# used without looking at the sources' dates, which unpacking a wheel does not keep). The
# sources stay, so tracebacks still show the lines.

PYCOMPILE_PY = r"""
import base64, hashlib, importlib.util, os, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
warnings.simplefilter("ignore")
SITE = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]

def compile_wheel(src, dst):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst + ".part", "w", zipfile.ZIP_DEFLATED) as zout:
        record_name = next(n for n in zin.namelist() if n.endswith(".dist-info/RECORD"))
        record, extra = "", []
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == record_name:
                record = data.decode()
                continue
            zout.writestr(info, data)
            name = info.filename
            if (not name.endswith(".py") or name.split("/")[0].endswith((".data", ".dist-info"))
                    or "/tests/" in name or "/__pycache__/" in name):
                continue
            try:
                code = compile(data, SITE + name, "exec", dont_inherit=True)
            except SyntaxError:
                continue
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            cached = importlib.util.cache_from_source(name)
            zout.writestr(cached, pyc)
            digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
            extra.append(f"{cached},sha256={digest},{len(pyc)}")
        zout.writestr(record_name, record.rstrip("\n") + "\n" + "".join(e + "\n" for e in extra))
    os.replace(dst + ".part", dst)

for line in open("/host/jobs.txt").read().splitlines():
    src, dst = line.split("\t")
    compile_wheel("/host/" + src, "/host/" + dst)
print(sys.implementation.cache_tag)
"""

PYCOMPILE_MJS = """
import { loadPyodide } from "%(pyodide)s";
const py = await loadPyodide({ indexURL: "%(index)s" });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(host)s" }, "/host");
await py.runPythonAsync(%(code)s);
"""


def content_key(whl: Path) -> str:
    """A key for a wheel's contents (not its zip's dates: a rebuilt wheel of the same code
    keeps its key)."""
    h = hashlib.sha256()
    with zipfile.ZipFile(whl) as z:
        for name in sorted(z.namelist()):
            h.update(name.encode() + b"\0" + z.read(name) + b"\0")
    return h.hexdigest()[:16]


def compile_wheels(wheels: dict[str, Path], core: Path, cache: Path) -> dict[str, Path]:
    """The same wheels with bytecode for Pyodide's Python added (cached by content)."""
    tag = f"pyodide-{core.name.removeprefix('pyodide-')}"
    out_dir = cache / f"compiled-{tag}"
    out_dir.mkdir(parents=True, exist_ok=True)
    result, jobs = {}, []
    for key, whl in wheels.items():
        target = out_dir / content_key(whl) / whl.name
        result[key] = target
        if not target.is_file():
            target.parent.mkdir(exist_ok=True)
            jobs.append((whl, target))
    if not jobs:
        return result
    if not shutil.which("node"):
        raise SiteError("compiling the wheels for Pyodide: node is not installed (apt-get install nodejs)")
    host = Path(tempfile.mkdtemp(prefix="pycompile-", dir=out_dir))
    try:
        lines = []
        for i, (whl, target) in enumerate(jobs):
            shutil.copy2(whl, host / f"in{i}.whl")
            lines.append(f"in{i}.whl\tout{i}.whl")
        (host / "jobs.txt").write_text("\n".join(lines))
        script = host / "compile.mjs"
        script.write_text(PYCOMPILE_MJS % {"pyodide": (core / "pyodide.mjs").as_uri(),
                                           "index": str(core) + "/", "host": str(host),
                                           "code": json.dumps(PYCOMPILE_PY)})
        _log(f"compiling {len(jobs)} wheels to Pyodide's bytecode (node, once; then cached)")
        _run(["node", str(script)], "compiling the wheels for Pyodide", cwd=host)
        for i, (whl, target) in enumerate(jobs):
            shutil.move(host / f"out{i}.whl", target)
            target.chmod(0o644)
    finally:
        shutil.rmtree(host, ignore_errors=True)
    return result


# --- the lock ---------------------------------------------------------------------------

def _entry(info: dict, path: Path, file_name: str) -> dict:
    return {"name": info["name"], "version": info["version"], "file_name": file_name,
            "install_dir": "site", "sha256": sha256(path), "package_type": "package",
            "imports": info["imports"], "depends": info["depends"], "unvendored_tests": False}


def closure(packages: dict, roots) -> set[str]:
    """The lock's names needed by ``roots`` (their ``depends``, transitively)."""
    seen, todo = set(), [_canon(r) for r in roots]
    while todo:
        key = todo.pop()
        if key in seen or key not in packages:
            continue
        seen.add(key)
        todo.extend(_canon(d) for d in packages[key].get("depends", []))
    return seen


def make_lock(base: dict, new_wheels: dict[str, Path], *, offline: bool, cdn: str,
              local: dict[str, Path] | None = None) -> dict:
    """Pyodide's ``base`` lock plus ``new_wheels`` (name -> wheel file, served beside the lock).

    Online: Pyodide's own entries point at the CDN (absolute URLs). Offline: only the entries in
    ``local`` (name -> the PyPI wheel now beside the lock) stay, with that file's name and sha256;
    every other entry is dropped, and every dependency must be present."""
    lock = {"info": dict(base["info"]), "packages": {}}
    packages = base["packages"]
    for key, pkg in packages.items():
        pkg = dict(pkg)
        if offline:
            whl = (local or {}).get(_canon(key))
            if whl is None:
                continue
            pkg.update(file_name=whl.name, sha256=sha256(whl))
        else:
            pkg["file_name"] = cdn + pkg["file_name"]
        lock["packages"][_canon(key)] = pkg
    for whl in new_wheels.values():
        info = wheel_info(whl)
        lock["packages"][info["key"]] = _entry(info, whl, whl.name)
    names = set(lock["packages"])
    broken = {f"{k} needs {d}" for k, p in lock["packages"].items() for d in p["depends"]
              if _canon(d) not in names}
    if broken:
        raise SiteError(f"pyodide-lock.json: missing dependencies: {'; '.join(sorted(broken))}")
    return lock


def base_names_needed(base: dict, new_wheels: dict[str, Path]) -> set[str]:
    """Entries of Pyodide's lock the kernel and our wheels need (for the offline site)."""
    roots = [k for k in KERNEL_PACKAGES if _canon(k) in base["packages"]]
    for whl in new_wheels.values():
        roots += [d for d in wheel_info(whl)["depends"] if d in base["packages"]]
    return closure({_canon(k): v for k, v in base["packages"].items()}, roots)


def installed_version(dist: str) -> str:
    import importlib.metadata
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        raise SiteError(f"{dist} is not installed here: pip install -r site/requirements.txt") from None


# --- the build --------------------------------------------------------------------------

# --- the output folder: only ever replaced when it holds what we built ------------------

MARKER = ".cardwidgets-site.json"
MARKER_MAX = 10 * 2**20
_AGAIN = "give a new or empty folder, or one this command built before"


def _read_bounded(path: Path, limit: int, what: str) -> bytes:
    """cardwidgets' one reader of a file a user may name (``cardwidgets/files.py`` of this
    checkout, which imports nothing else: this script runs without cardwidgets installed)."""
    if "cardwidgets_files" not in sys.modules:
        import importlib.util
        spec = importlib.util.spec_from_file_location("cardwidgets_files",
                                                      REPO / "cardwidgets" / "files.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[spec.name] = module
    return sys.modules["cardwidgets_files"].read_bounded(path, limit, what)


def _marker_files(folder: Path) -> set[str]:
    """The files the marker in ``folder`` lists (what the build put there)."""
    try:
        data = json.loads(_read_bounded(folder / MARKER, MARKER_MAX, "a site marker"))
        if data.get("made-by") != "cardwidgets site build" or not isinstance(data.get("files"), list):
            raise ValueError
        return {str(f) for f in data["files"]}
    except (OSError, ValueError, AttributeError, UnicodeDecodeError):
        raise SiteError(f"--output {folder}: its {MARKER} is not one this command wrote; "
                        f"nothing was deleted: {_AGAIN}") from None


def _files_in(folder: Path) -> list[str]:
    """Every entry under ``folder`` that is not a folder (links not followed), relative."""
    found = []
    for top, dirs, names in os.walk(folder):
        links = [d for d in dirs if os.path.islink(os.path.join(top, d))]
        for name in sorted(names + links):
            found.append(Path(top, name).relative_to(folder).as_posix())
    return found


def output_state(output: Path) -> str:
    """Whether the site may be written at ``output``: ``"new"`` (nothing there), ``"empty"``
    (an empty folder) or ``"ours"`` (a site this command built: its marker lists every file
    in it). Anything else raises :class:`SiteError` in one line, and nothing is deleted."""
    output = Path(output)
    if not os.path.lexists(output):
        for parent in output.parents:
            if os.path.lexists(parent):
                if not parent.is_dir():
                    raise SiteError(f"--output {output}: {parent} is a file, not a folder; {_AGAIN}")
                break
        return "new"
    if not output.is_dir() or output.is_symlink():
        kind = ("is a link" if output.is_symlink() else "is a file" if output.is_file() else
                "is something else")
        raise SiteError(f"--output {output} {kind}, not a folder; nothing was deleted: {_AGAIN}")
    entries = sorted(os.listdir(output))
    if not entries:
        return "empty"
    if MARKER not in entries:
        raise SiteError(f"--output {output} holds files this command did not make (e.g. "
                        f"{entries[0]}); nothing was deleted: give a new folder (e.g. --output "
                        f"{output / 'site'}) or an empty one")
    made = _marker_files(output) | {MARKER}
    other = [f for f in _files_in(output) if f not in made]
    if other:
        raise SiteError(f"--output {output} holds files the last site build did not make (e.g. "
                        f"{other[0]}); nothing was deleted: move them away, or {_AGAIN}")
    return "ours"


def put_in_place(built: Path, output: Path) -> None:
    """Mark ``built`` as ours (the marker lists its files) and move it to ``output``,
    replacing only an empty folder or a site this command built (checked again now)."""
    files = _files_in(built)
    (built / MARKER).write_text(json.dumps({"made-by": "cardwidgets site build",
                                            "files": files}, indent=0) + "\n")
    state = output_state(output)
    if state == "ours":
        _remove_site(output)
    elif state == "empty":
        output.rmdir()
    os.replace(built, output)


def _remove_site(output: Path) -> None:
    """Delete the site a build left at ``output``: the files its marker lists, then the
    folders that held them once empty. A folder someone added (even empty) stays, and the
    build is then refused rather than delete it."""
    made = _marker_files(output) | {MARKER}
    for name in sorted(made):
        path = output / name
        if os.path.lexists(path):
            path.unlink()
    folders = {parent for name in made for parent in Path(name).parents if str(parent) != "."}
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):   # deepest first
        path = output / folder
        if path.is_dir() and not path.is_symlink() and not os.listdir(path):
            path.rmdir()
    left = sorted(os.listdir(output))
    if left:
        raise SiteError(f"--output {output} holds a folder the last site build did not make "
                        f"({left[0]}); the old site's files were removed, that folder was kept: "
                        f"move it away, or {_AGAIN}")
    output.rmdir()


def build(output: Path | str | None = None, *, offline: bool = False, cache_dir=None,
          repo: Path = REPO, compile_bytecode: bool = True) -> dict:
    """Build the site into ``output``; returns a summary (paths, sizes, seconds)."""
    t0 = time.monotonic()
    repo = Path(repo).resolve()
    output = Path(output or repo / "site" / "_output").expanduser().resolve()
    output_state(output)          # refused before anything is built: nothing to undo
    _check_tools()
    cache = Path(cache_dir) if cache_dir else default_cache_dir()
    version = pyodide_version()
    nbs = notebooks(repo)
    nb_data = data_files(repo)
    stage, beside = Path(tempfile.mkdtemp(prefix="cw-site-")), None
    try:
        own = build_own_wheel(repo, stage / "own")
        new = {"cardwidgets": own, **kernel_stubs()}
        pins = {d: installed_version(d) for d in FROM_ENV}
        new.update(pypi_wheels(pins, cache / "wheels"))
        core = pyodide_core(version, cache)
        base = json.loads((core / "pyodide-lock.json").read_text())
        base_keys = {_canon(k): v for k, v in base["packages"].items()}
        local = None
        if offline:
            need = base_names_needed(base, new)
            local = pypi_wheels({k: base_keys[k]["version"] for k in need}, cache / "wheels")
        if compile_bytecode:  # one Node run for all of them
            both = compile_wheels({**{("new", k): w for k, w in new.items()},
                                   **{("local", k): w for k, w in (local or {}).items()}}, core, cache)
            new = {k: w for (side, k), w in both.items() if side == "new"}
            local = {k: w for (side, k), w in both.items() if side == "local"} if offline else None
        lock = make_lock(base, new, offline=offline, cdn=CDN.format(version=version), local=local)

        lite = stage / "lite"
        lite.mkdir()
        config = json.loads((HERE / "jupyter-lite.json").read_text())
        data = config.setdefault("jupyter-config-data", {})
        kernel = data.setdefault("litePluginSettings", {}).setdefault(KERNEL_PLUGIN, {})
        options = kernel.setdefault("loadPyodideOptions", {})
        options["packages"] = sorted({*options.get("packages", []), *KERNEL_PACKAGES, *PRELOAD}
                                     & set(lock["packages"]))
        # ours: the lock beside the wheels; keys ending in "URL" are resolved against the page
        lock_dir = "static/pyodide" if offline else "static/pyodide-lock"
        options["lockFileURL"] = f"./{lock_dir}/pyodide-lock.json"
        if offline:
            kernel["disablePyPIFallback"] = True
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2))

        wheel_dir = stage / "lockdir"
        wheel_dir.mkdir()
        if offline:  # Pyodide's well-known place in a lite dir: the build serves it, pyodideUrl
            shutil.copytree(core, wheel_dir, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.map", "*.d.ts", "*.html", "README.md",
                                                          "package.json", "pyodide.js"))
        for whl in [*new.values(), *(local or {}).values()]:
            shutil.copy2(whl, wheel_dir / whl.name)
        (wheel_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
        if offline:
            (lite / "static").mkdir()
            shutil.copytree(wheel_dir, lite / "static" / "pyodide")

        _log(f"jupyter lite build: {len(nbs)} notebooks ({', '.join(p.name for p in nbs)}) "
             f"and their data ({', '.join(p.name for p in nb_data) or 'none'}), "
             f"Pyodide {version} {'on the site (offline)' if offline else 'from its CDN'}")
        # built beside the output (same disk), then put in its place: a failed build leaves
        # the output as it was
        output.parent.mkdir(parents=True, exist_ok=True)
        beside = Path(tempfile.mkdtemp(dir=output.parent, prefix=f".{output.name}.building-"))
        built = beside / "site"
        cmd = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
               "--output-dir", str(built), "--no-sourcemaps", "--no-unused-shared-packages"]
        for path in [*nbs, *nb_data]:
            cmd += ["--contents", str(path)]
        _run(cmd, "jupyter lite build", cwd=lite)
        if not offline:
            shutil.copytree(wheel_dir, built / lock_dir)
        problems = check(built, offline=offline)
        if problems:
            raise SiteError("the built site is not sound: " + "; ".join(problems))
        put_in_place(built, output)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        if beside is not None:
            shutil.rmtree(beside, ignore_errors=True)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    summary = {"output": str(output), "offline": offline, "pyodide": version,
               "notebooks": [p.name for p in nbs], "data": [p.name for p in nb_data], "bytes": size,
               "seconds": round(time.monotonic() - t0, 1)}
    _log(f"built {output} ({size / 1e6:.1f} MB, {summary['seconds']} s); serve it with "
         f"python -m http.server -d {output} and open /lab/index.html")
    return summary


def check(output: Path, *, offline: bool) -> list[str]:
    """What is wrong with a built site (empty when sound)."""
    problems = []
    config = json.loads((output / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    lock_url = kernel.get("loadPyodideOptions", {}).get("lockFileURL", "")
    lock_path = output / lock_url.removeprefix("./")
    if not lock_path.is_file():
        return [f"no lock at {lock_url!r}"]
    lock = json.loads(lock_path.read_text())
    for key, pkg in lock["packages"].items():
        if "://" in pkg["file_name"]:
            if offline:
                problems.append(f"{key} points outside the site ({pkg['file_name']})")
            continue
        whl = lock_path.parent / pkg["file_name"]
        if not whl.is_file():
            problems.append(f"{key}: {pkg['file_name']} is missing")
        elif sha256(whl) != pkg["sha256"]:
            problems.append(f"{key}: sha256 of {pkg['file_name']} differs from the lock")
    if offline:
        if not kernel.get("disablePyPIFallback"):
            problems.append("disablePyPIFallback is not set")
        if not str(kernel.get("pyodideUrl", "")).startswith("./"):
            problems.append(f"pyodideUrl is not on the site ({kernel.get('pyodideUrl')!r})")
    for name in ("cardwidgets", "anywidget", "ipywidgets", "pyodide-kernel"):
        if name not in lock["packages"]:
            problems.append(f"{name} is not in the lock")
    contents = json.loads((output / "api" / "contents" / "all.json").read_text())
    names = {c["name"] for c in contents.get("content", [])}
    if any(not n.endswith((".ipynb", *DATA_SUFFIXES)) for n in names):
        problems.append(f"the site publishes files that are not notebooks or their data: {sorted(names)}")
    return problems


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python site/build.py", description=__doc__.split("\n")[0])
    p.add_argument("--offline", action="store_true",
                   help="carry Pyodide and every wheel on the site (no internet needed)")
    p.add_argument("--output", metavar="DIR", help="where to write the site: a new or empty "
                   "folder, or a site built before (default site/_output)")
    p.add_argument("--cache-dir", metavar="DIR", help="where downloads are kept between builds")
    args = p.parse_args(argv)
    try:
        build(args.output, offline=args.offline, cache_dir=args.cache_dir)
    except SiteError as exc:
        print(f"cardwidgets: site: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
