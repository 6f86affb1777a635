"""Take screenshots of the widget in JupyterLab, light and dark: python tests/browser/screenshots.py

Writes screenshots/*.png (not committed): E-P1 after the ante, in phase 1, at the phase-2
bets, during a phase-3 run and at the end; B's seat view in play mode; the static picture.
Then the classroom views (issue 12), whole windows as a student sees them: Poch and Pocha at
1280x800 (file browser closed) and 560x800, light and dark, and Pocha's bidding in play mode
(classroom-*.png).
"""
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from labserver import (REPO, LabServer, kernel_eval, launch_browser, make_notebook,  # noqa: E402
                       open_notebook, run_all, set_theme)

STEPS = {"ante": 1, "phase1": 7, "phase2-bets": 15, "phase3-run": 24, "end": -1}


def main(out=REPO / "screenshots"):
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        make_notebook(root / "shots.ipynb", [
            "from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('e-p1')\nw",
            "p = GameWidget.from_record('e-p1', play_as=1, step=9)\np",
        ])
        with LabServer(root, env={"PYTHONPATH": str(REPO)}) as lab, sync_playwright() as pw:
            browser = launch_browser(pw)
            page = browser.new_page(viewport={"width": 1280, "height": 2600})
            open_notebook(page, lab, "shots.ipynb")
            page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
            run_all(page)
            page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-poch-board').length == 2")
            watch, play = page.locator(".cw-root").nth(0), page.locator(".cw-root").nth(1)
            for theme in ("light", "dark"):
                set_theme(page, theme == "dark")
                for name, k in STEPS.items():
                    if k < 0:
                        k = int(kernel_eval(page, "print(len(w.frames) - 1)"))
                    kernel_eval(page, f"w.step = {k}")
                    page.wait_for_function(f"() => document.querySelector('.cw-root').dataset.step === '{k}'")
                    page.wait_for_timeout(250)
                    watch.screenshot(path=str(out / f"{theme}-{name}.png"))
                # play mode: a refused click, then the state after it
                play.locator('.cw-seat[data-seat="1"] button.cw-card').first.click()
                play.locator(".cw-notice--refused").wait_for()
                play.locator('.cw-seat[data-seat="1"] button.cw-card').first.focus()
                page.wait_for_timeout(250)
                play.screenshot(path=str(out / f"{theme}-play-refused.png"))
            browser.close()
        classroom(out, root)
    print("\n".join(sorted(str(p) for p in out.glob("*.png"))))


def classroom(out, root):
    """Whole-window shots at a laptop's 1280x800 and a narrow 560 px, light and dark."""
    make_notebook(root / "classroom.ipynb", [
        "from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('e-p1', step=24)\nw",
        "q = GameWidget.new('pocha', players=4, seed=3, hands=5)\nq.step = 30\nq",
        "b = GameWidget.new('pocha', players=4, seed=3, hands=5, play_as=0)\nb",
    ])
    with LabServer(root, env={"PYTHONPATH": str(REPO)}) as lab, sync_playwright() as pw:
        browser = launch_browser(pw)
        for width in (1280, 560):
            page = browser.new_page(viewport={"width": width, "height": 800})
            open_notebook(page, lab, "classroom.ipynb")
            page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
            run_all(page)
            page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-table-inner').length == 3")
            for theme in ("light", "dark"):
                set_theme(page, theme == "dark")
                for i, name in enumerate(("poch", "pocha", "pocha-bid")):
                    widget = page.locator(".cw-root").nth(i)
                    page.evaluate("(e) => e.scrollIntoView({block: 'start'})", widget.element_handle())
                    if name == "pocha-bid":
                        widget.focus()
                        page.keyboard.press("m")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"classroom-{theme}-{width}-{name}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "screenshots")
