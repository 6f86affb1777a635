"""Screenshots of every registered game's widget in JupyterLab, light and dark:

    python tests/browser/screenshots.py OUT [--games poch,truc] [--themes light,dark]
                                            [--width 1280] [--height 800] [--tall 1800]

One notebook per game of ``cardwidgets.games.GAMES`` (the script names no game: what it
shows comes from what each game declares: its players, phases, setup and worked examples),
opened in headless JupyterLab with the file browser open, as on a laptop. For each game and
theme it writes to OUT (default ``screenshots/``, not committed):

- ``<game>-<theme>-teacher-<phase>.png``: the teacher's view of a fresh deal (the built-in
  players, with their reasons) at the first step of each phase the game reaches;
- ``<game>-<theme>-seat.png``: seat 1's view of the same deal halfway through;
- ``<game>-<theme>-play.png``: play mode as seat 0, the Computer players menu focused;
- ``<game>-<theme>-players-<n>.png``: the fewest and the most players the game allows;
- ``<game>-<theme>-example-<record>.png``: each worked example (the game's ``examples``
  part) at its last step;
- ``<game>-<theme>-refused.png``: play mode after a move the rules refuse (the notice);
- ``<game>-<theme>-teacher-window.png`` and ``...-play-window.png``: the whole window, at
  ``--width`` x ``--height`` (a laptop's 1280 x 800), the widget at the top of the notebook.

The shots of one widget are taken in a window ``--tall`` px high, so that no part of the
widget is scrolled out of the notebook. ``--width 560`` shows a narrow window (the widget
reflowed) and ``--close-files`` closes the file browser; file names then carry the width
(and ``-nofiles``). The PNG paths are printed as they are written.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from labserver import (REPO, LabServer, kernel_eval, launch_browser, make_notebook,  # noqa: E402
                       open_notebook, run_all, set_theme)

from cardwidgets import GAMES  # noqa: E402

SEED = 3

SETUP = """\
import json
from cardwidgets import GAMES
from cardwidgets.engine import ConfigError
from cardwidgets.widget import GameWidget
KEY = {key!r}
cls = GAMES[KEY]
n = max(cls.min_players, min(4, cls.max_players))
short = {{"hands": 3}} if "hands" in cls.SETUP else {{}}   # a long schedule: a few hands
def starts(w):
    out = {{}}
    for phase in cls.PHASES:
        try:
            out[phase.key] = w.start_of(phase.key)
        except ConfigError:
            pass
    return out
"""


def cells_for(cls):
    """The notebook's cells for one game, and the names of its widgets in order."""
    cells = [SETUP.format(key=cls.key)]
    names = ["t", "s", "p"]
    cells.append(f"t = GameWidget.new(KEY, players=n, seed={SEED}, **short)\nt")
    cells.append("s = GameWidget(t.game, seat=1, step=len(t.frames) // 2)\ns")
    cells.append(f"p = GameWidget.new(KEY, players=n, seed={SEED}, play_as=0, **short)\np")
    counts = sorted({cls.min_players, cls.max_players} - {max(cls.min_players,
                                                              min(4, cls.max_players))})
    for count in counts:
        cells.append(f"n{count} = GameWidget.new(KEY, players={count}, seed={SEED}, **short)\n"
                     f"n{count}.step = len(n{count}.frames) // 2\nn{count}")
        names.append(f"n{count}")
    examples = sorted(p.stem for p in cls.part("examples").glob("*.json"))
    for i, name in enumerate(examples):
        cells.append(f"e{i} = GameWidget.from_record({name!r}, step=-1)\ne{i}")
        names.append(f"e{i}")
    return cells, names, counts, examples


def refuse_a_move(page):
    """Send, as the page would, a move of seat 0 the rules refuse: a card of its hand played
    when the rules do not allow it, or else an amount far too large. Returns what was sent."""
    return kernel_eval(page, """
from cardwidgets import Action
last = len(p.frames) - 1
view = p.view_at(last)
kinds = ["play"] + sorted({e["action"]["kind"] for e in view["legal"]})
tries = [{"kind": k, "seat": 0, "card": c} for k in kinds for c in (view["hands"][0] or [])]
tries += [{"kind": k, "seat": 0, "amount": 10 ** 6} for k in kinds]
action = next(a for a in tries if not p.game.is_legal(Action.from_json(a, p.game.system)))
p.handle({"type": "act", "action": action, "at": last})
print(json.dumps(action), p.notice.get("kind"))
""")


def shoot_game(page, lab, root, cls, out, themes, tag, width, window, tall, close_files=False):
    cells, names, counts, examples = cells_for(cls)
    make_notebook(root / f"{cls.key}.ipynb", cells)
    open_notebook(page, lab, f"{cls.key}.ipynb")
    if close_files:
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    run_all(page)
    try:
        page.wait_for_function(f"() => document.querySelectorAll('.cw-root .cw-table-inner')"
                               f".length == {len(names)}", timeout=240_000)
    except Exception:
        drawn = page.evaluate("() => document.querySelectorAll('.cw-root .cw-table-inner').length")
        errors = page.evaluate("() => [...document.querySelectorAll("
                               "'[data-mime-type=\"application/vnd.jupyter.stderr\"]')]"
                               ".map(e => e.textContent.slice(-400))")
        raise SystemExit(f"{cls.key}: {drawn} of {len(names)} widgets drawn; errors: {errors}")
    roots = page.locator(".cw-root")
    widget = {name: roots.nth(i) for i, name in enumerate(names)}
    index = {name: i for i, name in enumerate(names)}
    starts = eval(kernel_eval(page, "print(starts(t))"))  # noqa: S307 (our own kernel's dict)

    def show(name, step=None):
        if step is not None:
            kernel_eval(page, f"{name}.step = {step}")
            page.wait_for_function(f"() => document.querySelectorAll('.cw-root')[{index[name]}]"
                                   f".dataset.step === '{step}'")
        widget[name].scroll_into_view_if_needed()
        page.wait_for_timeout(300)

    def shot(name, label):
        path = out / f"{cls.key}{tag}-{theme}-{label}.png"
        # a widget taller than the notebook shows in a --tall window: a taller window for it
        need = int(widget[name].evaluate("(e) => e.getBoundingClientRect().height")) + 500
        if need > tall:
            page.set_viewport_size({"width": width, "height": need})
            show(name)
        widget[name].screenshot(path=str(path))
        if need > tall:
            page.set_viewport_size({"width": width, "height": tall})
        print(path, flush=True)

    for theme in themes:
        set_theme(page, theme == "dark")
        page.wait_for_timeout(400)
        for phase, step in starts.items():
            show("t", step)
            shot("t", f"teacher-{phase}")
        show("s")
        shot("s", "seat")
        show("p")
        widget["p"].locator(".cw-level-select").focus()
        page.wait_for_timeout(200)
        shot("p", "play")
        for count in counts:
            show(f"n{count}")
            shot(f"n{count}", f"players-{count}")
        for i, record in enumerate(examples):
            show(f"e{i}")
            shot(f"e{i}", f"example-{record}")
        # the whole window as a laptop shows it: the teacher's view at the first trick or
        # bet after the deal, and play mode, each widget at the top of the notebook
        page.set_viewport_size({"width": width, "height": window})
        middle = sorted(starts.values())[min(2, len(starts) - 1)]
        for name, step, label in (("t", middle, "teacher-window"), ("p", None, "play-window")):
            show(name, step)
            widget[name].evaluate("(e) => e.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(300)
            path = out / f"{cls.key}{tag}-{theme}-{label}.png"
            page.screenshot(path=str(path))
            print(path, flush=True)
        page.set_viewport_size({"width": width, "height": tall})
    # last: a refused move changes the notice of the play widget (both themes)
    sent = refuse_a_move(page)
    for theme in themes:
        set_theme(page, theme == "dark")
        show("p")
        widget["p"].locator(".cw-notice--refused").wait_for()
        shot("p", "refused")
    print("  refused:", sent.strip(), flush=True)
    page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", type=Path, default=REPO / "screenshots",
                    help="folder for the PNGs (default: screenshots/)")
    ap.add_argument("--games", nargs="+", default=list(GAMES),
                    help="games to show, by key, by spaces or commas (default: every registered game: "
                    + ", ".join(GAMES) + ")")
    ap.add_argument("--themes", nargs="+", default=["light,dark"],
                    help="light, dark or both (default), by spaces or commas")
    ap.add_argument("--width", type=int, default=1280, help="window width in px (1280)")
    ap.add_argument("--height", type=int, default=800,
                    help="the window's height in px for the *-window.png shots (800)")
    ap.add_argument("--close-files", action="store_true",
                    help="close JupyterLab's file browser (as a student on a narrow screen does)")
    ap.add_argument("--tall", type=int, default=1800,
                    help="the window's height in px for the shots of one widget (1800), "
                    "so that no part of it is scrolled out of the notebook")
    args = ap.parse_args(argv)
    keys = [k.strip() for g in args.games for k in g.split(",") if k.strip()]
    unknown = [k for k in keys if k not in GAMES]
    if unknown:
        ap.error(f"--games: {', '.join(unknown)} not registered; the games: {', '.join(GAMES)}")
    themes = [t.strip() for g in args.themes for t in g.split(",") if t.strip()]
    if not themes or set(themes) - {"light", "dark"}:
        ap.error("--themes: light, dark or light,dark")
    args.out.mkdir(parents=True, exist_ok=True)
    tag = ("" if args.width == 1280 else f"-{args.width}") + ("-nofiles" if args.close_files else "")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        with LabServer(root, env={"PYTHONPATH": str(REPO)}) as lab, sync_playwright() as pw:
            browser = launch_browser(pw)
            for key in keys:   # a fresh page for each game's notebook
                page = browser.new_page(viewport={"width": args.width, "height": args.tall})
                shoot_game(page, lab, root, GAMES[key], args.out, themes, tag, args.width,
                           args.height, args.tall, args.close_files)
                page.close()
            browser.close()


if __name__ == "__main__":
    main()
