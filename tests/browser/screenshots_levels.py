"""Screenshots of the level menu (play mode) and a computer player's reason (the teacher's
view), light and dark, at a 1280 px laptop: python tests/browser/screenshots_levels.py

Writes screenshots/levels-{light,dark}-{play,teacher}.png (not committed). The notebook
adds a "demo" level to LEVELS (any level there is offered with no change to the widget)
whose players play the rule of thumb and say, in one line, what they chose; a seat is
called You, so the page's sentences for the person at the widget show too.
"""
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from labserver import (REPO, LabServer, launch_browser, make_notebook,  # noqa: E402
                       open_notebook, run_all, set_theme)

DEMO = (
    "from cardwidgets.engine.players import LEVELS, RuleOfThumbPlayer\n"
    "class Demo(RuleOfThumbPlayer):\n"
    "    def choose(self, game, seat):\n"
    "        legal = game.legal_actions()\n"
    "        action = super().choose(game, seat)\n"
    "        self.reason = (f'{game.players[seat]} chose \"{game.describe(action)}\" of {len(legal)} '\n"
    "                       'moves: the rule of thumb, said in one line (a demo level)')\n"
    "        return action\n"
    "LEVELS.setdefault('demo', (lambda seed: Demo(seed), 'the rule of thumb, with its reasons'))\n"
    "from cardwidgets.widget import GameWidget\n"
)


def main(out=REPO / "screenshots"):
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        make_notebook(root / "levels.ipynb", [
            DEMO + "t = GameWidget.new('pocha', players=['You', 'Ana', 'Bea', 'Dani'], seed=3, "
            "hands=3, level='demo')\nt.step = 9\nt",
            "p = GameWidget.new('pocha', players=['You', 'Ana', 'Bea', 'Dani'], seed=3, hands=3, "
            "play_as=0, level='demo')\np",
        ])
        with LabServer(root, env={"PYTHONPATH": str(REPO)}) as lab, sync_playwright() as pw:
            browser = launch_browser(pw)
            page = browser.new_page(viewport={"width": 1280, "height": 1400})
            open_notebook(page, lab, "levels.ipynb")
            page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
            run_all(page)
            page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-po-sheet').length == 2")
            teacher, play = page.locator(".cw-root").nth(0), page.locator(".cw-root").nth(1)
            for theme in ("light", "dark"):
                set_theme(page, theme == "dark")
                page.wait_for_timeout(400)
                teacher.locator(".cw-reason").wait_for()
                teacher.screenshot(path=str(out / f"levels-{theme}-teacher.png"))
                play.locator(".cw-level-select").focus()
                page.wait_for_timeout(250)
                play.screenshot(path=str(out / f"levels-{theme}-play.png"))
            browser.close()
    print("\n".join(sorted(str(p) for p in out.glob("levels-*.png"))))


if __name__ == "__main__":
    main()
