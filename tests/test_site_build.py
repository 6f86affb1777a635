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


# ---- the output folder: the build deletes only what it made (issue 24 item 1) -------------

def refused(args, capsys):
    """Run ``site build`` with these arguments; it must stop before building anything."""
    assert main(["site", "build", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("cardwidgets: site: --output ")
    return err


@pytest.fixture
def no_build(monkeypatch):
    """Fail the test if the build gets as far as its tools (the guard comes first)."""
    def started():
        raise AssertionError("the build started")
    monkeypatch.setattr(site, "_check_tools", started)


def fake_site(folder, names=("index.html", "lab/index.html", "static/pyodide/pyodide-lock.json")):
    """A folder as ``jupyter lite build`` leaves it (a few of its files)."""
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(name)
    return folder


def test_a_folder_holding_the_users_files_is_refused_and_kept(tmp_path, capsys, no_build):
    """``--output ~`` or ``--output notebooks`` once wiped that folder: now it is refused, in
    one line saying what to do, and every file in it is still there."""
    (tmp_path / "lesson.ipynb").write_text("my lesson")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "notes.txt").write_text("mine")
    err = refused(["--output", str(tmp_path)], capsys)
    assert "holds files this command did not make (e.g. lesson.ipynb)" in err
    assert "nothing was deleted" in err and f"--output {tmp_path / 'site'}" in err
    assert (tmp_path / "lesson.ipynb").read_text() == "my lesson"
    assert (tmp_path / "sub" / "notes.txt").read_text() == "mine"


def test_a_file_is_refused_and_kept(tmp_path, capsys, no_build):
    path = tmp_path / "site.html"
    path.write_text("mine")
    err = refused(["--output", str(path)], capsys)
    assert "is a file, not a folder; nothing was deleted" in err
    assert path.read_text() == "mine"
    err = refused(["--output", str(path / "below")], capsys)
    assert f"{path} is a file, not a folder" in err


def test_the_repository_itself_is_refused(capsys, no_build):
    before = sorted(p.name for p in (site.REPO / "notebooks").iterdir())
    refused(["--output", str(site.REPO / "notebooks")], capsys)
    refused(["--output", str(site.REPO)], capsys)
    assert sorted(p.name for p in (site.REPO / "notebooks").iterdir()) == before


def test_a_new_or_empty_folder_is_accepted(tmp_path):
    assert site.output_state(tmp_path / "a" / "b") == "new"
    assert site.output_state(tmp_path) == "empty"


def test_a_site_it_built_before_is_replaced_and_nothing_else(tmp_path):
    """The built site is put in place with a marker listing its files; a second build
    replaces it; a file a user added to it since stops the third, which deletes nothing."""
    output = tmp_path / "out"
    output.mkdir()                                    # empty: accepted
    site.put_in_place(fake_site(tmp_path / "first"), output)
    assert (output / "lab" / "index.html").is_file() and not (tmp_path / "first").exists()
    marker = json.loads((output / site.MARKER).read_text())
    assert sorted(marker["files"]) == ["index.html", "lab/index.html",
                                       "static/pyodide/pyodide-lock.json"]
    assert site.output_state(output) == "ours"

    site.put_in_place(fake_site(tmp_path / "second", ["index.html", "new.html"]), output)
    assert sorted(p.relative_to(output).as_posix() for p in output.rglob("*")) == [
        site.MARKER, "index.html", "new.html"]        # the old site's other files are gone

    (output / "my-notes.txt").write_text("mine")
    with pytest.raises(site.SiteError, match=r"did not make \(e.g. my-notes.txt\); nothing was deleted"):
        site.put_in_place(fake_site(tmp_path / "third"), output)
    assert (output / "my-notes.txt").read_text() == "mine" and (output / "new.html").is_file()


def test_a_folder_a_user_added_to_an_old_site_is_kept(tmp_path):
    """Replacing an old site deletes the files its marker lists, not a folder added since
    (even an empty one): that folder stays and the build is refused saying so."""
    output = tmp_path / "out"
    site.put_in_place(fake_site(tmp_path / "first"), output)
    (output / "lab" / "my-folder").mkdir()
    with pytest.raises(site.SiteError, match=r"did not make \(lab/my-folder\)|did not make \(lab\)"):
        site.put_in_place(fake_site(tmp_path / "second"), output)
    assert (output / "lab" / "my-folder").is_dir()


def test_a_marker_not_written_by_the_build_is_refused(tmp_path, capsys, no_build):
    (tmp_path / site.MARKER).write_text('{"files": []}')
    (tmp_path / "mine.txt").write_text("mine")
    assert "is not one this command wrote" in refused(["--output", str(tmp_path)], capsys)
    (tmp_path / site.MARKER).unlink()
    (tmp_path / site.MARKER).symlink_to("/dev/zero")
    assert "is not one this command wrote" in refused(["--output", str(tmp_path)], capsys)
    assert (tmp_path / "mine.txt").read_text() == "mine"


def test_a_link_to_a_folder_is_refused(tmp_path, capsys, no_build):
    """A link named as the output: the folder it points to is checked (it is resolved)."""
    target = tmp_path / "target"
    target.mkdir()
    (target / "mine.txt").write_text("mine")
    (tmp_path / "link").symlink_to(target)
    assert "did not make (e.g. mine.txt)" in refused(["--output", str(tmp_path / "link")], capsys)
    assert (target / "mine.txt").read_text() == "mine"


def test_a_folder_in_the_cache_that_is_not_pyodide_is_kept(tmp_path):
    """The Pyodide folder in the cache is unpacked whole or not at all; a folder of that
    name holding something else is refused, not deleted."""
    folder = tmp_path / "pyodide-314.0.6"
    folder.mkdir()
    (folder / "mine.txt").write_text("mine")
    with pytest.raises(site.SiteError, match="holds no complete Pyodide 314.0.6; nothing was deleted"):
        site.pyodide_core("314.0.6", tmp_path)
    assert (folder / "mine.txt").read_text() == "mine"
