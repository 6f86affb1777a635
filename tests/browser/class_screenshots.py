"""Screenshots of the class table pages, light and dark, laptop and phone width:

    python tests/browser/class_screenshots.py OUT [--readme docs/class-teacher.png]

Starts a class server on a temporary database, makes a few tables (one played a little by
its pages), then writes ``teacher-<theme>-<width>.png`` and ``seat-<theme>-<width>.png`` to
OUT (default ``screenshots/``, not committed). ``--readme PATH`` also writes the README's
picture of the teacher's page (light, 1280 px).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from classserver import ClassServer  # noqa: E402
from labserver import launch_browser  # noqa: E402

SIZES = [(1280, 800), (390, 844)]


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("out", nargs="?", default="screenshots")
    p.add_argument("--readme", default=None)
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright
    with ClassServer() as server, sync_playwright() as pw:
        browser = launch_browser(pw)
        truk = server.make_table(game="truk", players=4, names=["Ane", "Mikel", "Irati", "Jon"])
        server.make_table(game="truc", players=2, seats=[{"kind": "student"},
                                                          {"kind": "bot", "level": "medium"}])
        server.make_table(game="pocha", players=3, setup={"hands": 2}, name="Pocha corner")
        # the four truk students open their seats (one stays away)
        ctxs = []
        for seat in truk["seats"][:3]:
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            pg = ctx.new_page()
            pg.goto(server.url + "/s/" + seat["code"])
            pg.wait_for_selector(".cw-root .cw-seat")
            ctxs.append(ctx)
        first = ctxs[0].pages[0]
        for theme in ("light", "dark"):
            for w, h in SIZES:
                ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=theme)
                pg = ctx.new_page()
                pg.goto(server.url + "/teacher#key=" + server.key)
                pg.wait_for_selector(".ct-card >> nth=2")
                path = out / f"teacher-{theme}-{w}.png"
                pg.screenshot(path=str(path), full_page=w < 600)
                print(path)
                if theme == "light" and w == 1280 and args.readme:
                    pg.screenshot(path=args.readme)
                    print(args.readme)
                # seat 0's own page (the seat is its browser's: no other page may open it)
                seat = first
                seat.emulate_media(color_scheme=theme)
                seat.set_viewport_size({"width": w, "height": h})
                seat.wait_for_timeout(600)
                path = out / f"seat-{theme}-{w}.png"
                seat.screenshot(path=str(path), full_page=w < 600)
                print(path)
                ctx.close()
        for ctx in ctxs:
            ctx.close()
        browser.close()


if __name__ == "__main__":
    main()
