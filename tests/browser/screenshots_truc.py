"""Screenshots of the Valencian truc table in JupyterLab, light and dark, at 1280 px:

    python tests/browser/screenshots_truc.py [OUT]

Writes OUT/truc-*.png (default screenshots/, not committed): the settling example during the
bets, at a finished trick and at the envit's settling; a four-player game in play mode at a
call to answer; a six-player game mid-trick; the two-player ladder example at its last trick.
"""
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from labserver import (REPO, LabServer, kernel_eval, launch_browser, make_notebook,  # noqa: E402
                       open_notebook, run_all, set_theme)

STEPS = {"bets": 4, "trick": 10, "settled": 15}


def main(out=REPO / "screenshots"):
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        make_notebook(root / "shots.ipynb", [
            "from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('truc-settling')\nw",
            "from cardwidgets.games.truc import Truc\n"
            "g = Truc(['Amparo', 'Vicent', 'Carme', 'Pep'])\n"
            "g.apply(g.scripted_deal({0: ['7-swords', '6-swords', '3-clubs']}))\n"
            "from cardwidgets import Action\n"
            "g.apply(Action('call', 3, what='truc'))\n"
            "p = GameWidget(g, play_as=2, step=-1)\np",
            "s = GameWidget.new('truc', players=6, seed=4)\ns.step = 9\ns",
            "t = GameWidget.from_record('truc-ladder', step=11)\nt",
        ])
        with LabServer(root, env={"PYTHONPATH": str(REPO)}) as lab, sync_playwright() as pw:
            browser = launch_browser(pw)
            page = browser.new_page(viewport={"width": 1280, "height": 3000})
            open_notebook(page, lab, "shots.ipynb")
            page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
            run_all(page)
            page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-tc-felt').length == 4")
            roots = page.locator(".cw-root")
            for theme in ("light", "dark"):
                set_theme(page, theme == "dark")
                for name, k in STEPS.items():
                    kernel_eval(page, f"w.step = {k}")
                    page.wait_for_function(f"() => document.querySelector('.cw-root').dataset.step === '{k}'")
                    page.wait_for_timeout(250)
                    roots.nth(0).screenshot(path=str(out / f"truc-{theme}-{name}.png"))
                roots.nth(1).screenshot(path=str(out / f"truc-{theme}-play.png"))
                roots.nth(2).screenshot(path=str(out / f"truc-{theme}-six.png"))
                roots.nth(3).screenshot(path=str(out / f"truc-{theme}-two.png"))
            browser.close()
    print("\n".join(sorted(str(p) for p in out.glob("truc-*.png"))))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "screenshots")
