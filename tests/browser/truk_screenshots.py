"""Screenshots of the Truk table in JupyterLab, light and dark, at 1280 px:
python tests/browser/truk_screenshots.py [folder]

Writes truk-*.png (not committed): the bet example when "Truk!" is said and at its end, the
pictured hand's end, the pasotan changes, the teacher's and a seat's view, and play mode.
"""
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from labserver import (REPO, LabServer, kernel_eval, launch_browser, make_notebook,  # noqa: E402
                       open_notebook, run_all, set_theme)


def main(out=REPO / "screenshots"):
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        make_notebook(root / "shots.ipynb", [
            "from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('truk-bet-accepted')\nw",
            "s = GameWidget.from_record('truk-aa-pasotan', seat=2)\ns",
            "p = GameWidget.new('truk', players=4, seed=3, play_as=0)\np",
            "t = GameWidget.new('truk', players=2, seed=4)\nt.step = 12\nt",
        ])
        with LabServer(root, env={"PYTHONPATH": str(REPO)}) as lab, sync_playwright() as pw:
            browser = launch_browser(pw)
            page = browser.new_page(viewport={"width": 1280, "height": 3200})
            open_notebook(page, lab, "shots.ipynb")
            page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
            run_all(page)
            page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-tk-felt').length == 4")
            roots = [page.locator(".cw-root").nth(i) for i in range(4)]
            for theme in ("light", "dark"):
                set_theme(page, theme == "dark")
                for name, var, k, i in (("bet", "w", 31, 0), ("bet-end", "w", -1, 0),
                                        ("seat-pasotan", "s", 39, 1), ("seat-end", "s", -1, 1)):
                    if k < 0:
                        k = int(kernel_eval(page, f"print(len({var}.frames) - 1)"))
                    kernel_eval(page, f"{var}.step = {k}")
                    page.wait_for_function(f"() => document.querySelectorAll('.cw-root')[{i}].dataset.step === '{k}'")
                    page.wait_for_timeout(300)
                    roots[i].screenshot(path=str(out / f"truk-{theme}-{name}.png"))
                page.wait_for_timeout(300)
                roots[2].screenshot(path=str(out / f"truk-{theme}-play.png"))
                roots[3].screenshot(path=str(out / f"truk-{theme}-two-players.png"))
            browser.close()
    print("\n".join(sorted(str(p) for p in out.glob("truk-*.png"))))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "screenshots")
