"""The class site's build script (site/build.py), without a browser or a network: what it
publishes, how it writes the Pyodide lock, and its one-line errors."""
import json
import zipfile

import pytest

from cardwidgets.cli import load_site_build, main

site = load_site_build()
packaging = pytest.importorskip("packaging")

CDN = "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/"


def make_wheel(folder, name, version, requires=(), modules=None):
    """A small pure-Python wheel with these requirements and top-level modules."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    meta = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    meta += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as z:
        for mod in modules or [name.replace("-", "_")]:
            z.writestr(f"{mod}/__init__.py", "x = 1\n")
        z.writestr(f"{dist}.dist-info/METADATA", "\n".join(meta) + "\n")
        z.writestr(f"{dist}.dist-info/RECORD", "")
    return path


BASE = {"info": {"python": "3.14.2", "arch": "wasm32"}, "packages": {
    "traitlets": {"name": "traitlets", "version": "5.14.3", "file_name": "traitlets-5.14.3-py3-none-any.whl",
                  "install_dir": "site", "sha256": "0" * 64, "package_type": "package",
                  "imports": ["traitlets"], "depends": [], "unvendored_tests": True},
    "numpy": {"name": "numpy", "version": "2.0", "file_name": "numpy-2.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
              "install_dir": "site", "sha256": "1" * 64, "package_type": "package",
              "imports": ["numpy"], "depends": [], "unvendored_tests": False}}}


def test_notebooks_are_every_ipynb_and_no_test_configuration():
    names = [p.name for p in site.notebooks()]
    assert names and all(n.endswith(".ipynb") for n in names)
    assert "sanitize.cfg" not in names and "index.ipynb" in names


def test_the_data_the_notebooks_read_is_published_with_them():
    """history.ipynb opens facts.json beside it: without it on the site, its first cell
    raises FileNotFoundError in the page and run-all stops there."""
    names = [p.name for p in site.data_files()]
    assert "facts.json" in names and all(n.endswith(".json") for n in names)
    history = (site.REPO / "notebooks" / "history.ipynb").read_text()
    assert "facts.json" in history


def test_data_files_are_only_the_notebooks_json(tmp_path):
    (tmp_path / "notebooks").mkdir()
    for name in ("a.ipynb", "facts.json", "sanitize.cfg", "notes.txt"):
        (tmp_path / "notebooks" / name).write_text("{}")
    assert [p.name for p in site.data_files(tmp_path)] == ["facts.json"]


def test_wheel_info_reads_imports_and_the_requirements_that_apply_in_the_browser(tmp_path):
    whl = make_wheel(tmp_path, "Demo-Pkg", "1.2", requires=[
        "traitlets>=5", "pywin32; sys_platform == 'win32'", "extra-thing; extra == 'test'",
        "typing_extensions>=4; python_version >= '3.8'"], modules=["demo", "demo_extra"])
    info = site.wheel_info(whl)
    assert info["key"] == "demo-pkg" and info["version"] == "1.2"
    assert info["imports"] == ["demo", "demo_extra"]
    assert info["depends"] == ["traitlets", "typing-extensions"]


def test_online_lock_points_pyodide_packages_at_the_cdn_and_ours_beside_the_lock(tmp_path):
    ours = make_wheel(tmp_path, "cardwidgets", "0.1.0", requires=["traitlets"])
    lock = site.make_lock(BASE, {"cardwidgets": ours}, offline=False, cdn=CDN)
    assert lock["packages"]["numpy"]["file_name"] == CDN + BASE["packages"]["numpy"]["file_name"]
    entry = lock["packages"]["cardwidgets"]
    assert entry["file_name"] == ours.name and entry["sha256"] == site.sha256(ours)
    assert entry["imports"] == ["cardwidgets"] and entry["depends"] == ["traitlets"]


def test_offline_lock_keeps_only_wheels_on_the_site_with_their_own_sha256(tmp_path):
    ours = make_wheel(tmp_path, "cardwidgets", "0.1.0", requires=["traitlets"])
    traitlets = make_wheel(tmp_path, "traitlets", "5.14.3")
    lock = site.make_lock(BASE, {"cardwidgets": ours}, offline=True, cdn=CDN,
                          local={"traitlets": traitlets})
    assert set(lock["packages"]) == {"cardwidgets", "traitlets"}      # numpy is not on the site
    assert lock["packages"]["traitlets"]["sha256"] == site.sha256(traitlets)
    assert lock["packages"]["traitlets"]["file_name"] == traitlets.name
    assert all("://" not in p["file_name"] for p in lock["packages"].values())


def test_offline_lock_refuses_a_missing_dependency_in_one_line(tmp_path):
    ours = make_wheel(tmp_path, "cardwidgets", "0.1.0", requires=["traitlets"])
    with pytest.raises(site.SiteError, match=r"missing dependencies: cardwidgets needs traitlets$"):
        site.make_lock(BASE, {"cardwidgets": ours}, offline=True, cdn=CDN, local={})


def test_closure_follows_depends():
    packages = {"a": {"depends": ["b"]}, "b": {"depends": ["c"]}, "c": {"depends": []}, "d": {"depends": []}}
    assert site.closure(packages, ["a"]) == {"a", "b", "c"}


def test_site_build_without_its_tools_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(site, "_importable", lambda mod: False)
    assert main(["site", "build", "--offline"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert err.startswith("cardwidgets: site: the site's build tools are missing")
    assert "pip install -r site/requirements.txt" in err


def test_site_needs_its_subcommand(capsys):
    assert main(["site"]) == 2
    assert "required: build" in capsys.readouterr().err


def test_pages_workflow_builds_the_site_with_the_pinned_requirements():
    text = (site.REPO / ".github" / "workflows" / "pages.yml").read_text()
    assert "pip install -r site/requirements.txt" in text
    assert "python -m cardwidgets site build --offline --output dist" in text
    assert "actions/upload-pages-artifact" in text and "actions/deploy-pages" in text


def test_requirements_pin_every_version():
    lines = [ln.split("#")[0].strip() for ln in (site.HERE / "requirements.txt").read_text().splitlines()]
    reqs = [ln for ln in lines if ln]
    assert reqs and all("==" in r for r in reqs)
    names = {r.split("==")[0].lower().replace("_", "-") for r in reqs}
    assert {"jupyterlite-core", "jupyterlite-pyodide-kernel", "anywidget", "ipywidgets",
            "jupyterlab-widgets"} <= names
    config = json.loads((site.HERE / "jupyter-lite.json").read_text())
    assert config["jupyter-config-data"]["exposeAppInBrowser"] is True
