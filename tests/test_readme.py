"""The README works for a newcomer: its Binder link is built from the repository's own
address, its set-up steps come in order, and the students' folder holds only notebooks."""
import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def bash_blocks():
    return re.findall(r"```bash\n(.*?)```", README, flags=re.S)


def test_binder_link_is_made_from_the_remote():
    """The README's one-liner turns a clone's remote (https or ssh) into its Binder link, and
    the README has no link to a placeholder account."""
    block = next(b for b in bash_blocks() if "git remote get-url origin" in b)
    pipeline = block.replace("git remote get-url origin", "cat")
    for remote in ("https://github.com/ana/cardwidgets.git", "git@github.com:ana/cardwidgets.git",
                   "https://github.com/ana/cardwidgets"):
        out = subprocess.run(["bash", "-c", pipeline], input=remote + "\n", capture_output=True,
                             text=True, check=True).stdout.strip()
        assert out == "https://mybinder.org/v2/gh/ana/cardwidgets/HEAD?urlpath=lab/tree/notebooks/index.ipynb"
    assert "(https://mybinder.org/v2/gh/ORG" not in README


def test_set_up_steps_come_before_the_two_commands():
    """Clone, cd and a virtual environment come before the README's two commands, which are
    kept as they were."""
    steps = ["git clone ", "cd cardwidgets", "python3 -m venv .venv", "source .venv/bin/activate",
             'pip install -e ".[lab]" && jupyter lab notebooks/index.ipynb',
             'pip install -e ".[test]" && python -m pytest']
    where = [README.index(s) for s in steps]
    assert where == sorted(where)


def test_for_teachers_section():
    """A short section for teachers names JupyterLab, Voilà, HTML hand-outs and Binder, and
    the benchmark figures come after it."""
    start = README.index("## For teachers")
    section = README[start:README.index("\n## ", start + 1)]
    for word in ("JupyterLab", "voila notebooks/", "nbconvert --to html", "Binder"):
        assert word in section
    assert README.index("## Speed") > start


def test_no_test_files_in_the_students_folder():
    """notebooks/ holds the notebooks only; nbval's sanitize file lives with the tests and is
    the one pytest is told to use."""
    assert sorted(p.suffix for p in (ROOT / "notebooks").iterdir() if p.is_file()
                  and not p.name.startswith(".")) == [".ipynb"] * len(list((ROOT / "notebooks").glob("*.ipynb")))
    addopts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["addopts"]
    cfg = re.search(r"--nbval-sanitize-with (\S+)", addopts).group(1)
    assert cfg.startswith("tests/") and (ROOT / cfg).is_file()
