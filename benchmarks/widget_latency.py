"""How long a click takes to change the widget's table, timed inside the page.

Starts a headless JupyterLab and Chromium (as the browser tests do), runs a notebook with
a widget of every game to step through (Poch's E-P1 and seeded games of Pocha, Truk and
Truc: ``STEPPERS``) and a three-player Poch game played from seat 0, and times, with performance.now() from ``el.click()`` to the first MutationObserver callback
on the watched node:

- stepping forward and back (the browser already holds every step's view: no kernel);
- a play-mode move (the browser sends the move; Python checks it, lets the built-in players
  answer and sends the new views back);
- a bare round trip through the kernel (the widget's hidden echo path), measured in the
  same run, as the floor any kernel-bound click pays.

It also prints what a whole 22-hand Pocha game (4 players, seed 1, teacher's view) sends to
the page when the widget is made: the messages on the widget's channel as JSON (the
widget's module and styles left out, which every widget sends once), with the frames as
they travel now (patches, ``cardwidgets/widget/patches.py``) and as they travelled before
(every frame a full view), and the same for one seat's view.

With ``--against SHELL_JS`` the stepping is timed for the same widgets with another
``shell.js`` too (e.g. ``git show main:cardwidgets/widget/shell.js > /tmp/old.js``), the two
taking turns every ``--round`` clicks in the same page, so both meet the same load: on this
2-core machine shared with other work, the tail of separate runs differs more between runs
than between versions. (The two share the page's memory, so a change in how much the page
keeps shows in separate runs only.) The ``>8ms`` column counts the clicks over 8 ms.

Run:  python benchmarks/widget_latency.py [--clicks 60] [--games poch,truc] [--steps-only]
      [--against SHELL_JS [--round 20]]   (or --bytes: the sizes only)
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(1, str(REPO))

from labserver import (LabServer, kernel_eval, launch_browser, make_notebook,  # noqa: E402
                       open_notebook, run_all)

TIME_CLICK = """async ({widget, button, watch, attr}) => {
  const root = document.querySelectorAll('.cw-root')[widget];
  const btn = root.querySelector(button);
  if (!btn) return null;
  const target = watch ? root.querySelector(watch) : root;
  return await new Promise((resolve) => {
    let t0 = 0;
    const timer = setTimeout(() => { obs.disconnect(); resolve(-1); }, 10000);
    const obs = new MutationObserver(() => {
      const dt = performance.now() - t0; obs.disconnect(); clearTimeout(timer); resolve(dt);
    });
    if (attr) obs.observe(target, {attributes: true, attributeFilter: [attr]});
    else obs.observe(target, {childList: true, characterData: true, subtree: true});
    t0 = performance.now();
    btn.click();
  });
}"""


def pct(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def bytes_sent(seat=None):
    """(now, before): the bytes the widget of a whole 22-hand Pocha game sends as it is made
    and shown, with frames as patches (now) and as full views (before)."""
    import json
    import time

    sys.path.insert(0, str(REPO / "tests"))
    from recorder import Recorder, sent_bytes

    from cardwidgets.widget import GameWidget
    t = time.perf_counter()
    with Recorder() as rec:
        w = GameWidget.new("pocha", players=4, seed=1, hands=None)
        if seat is not None:
            w.handle({"type": "take_seat", "seat": seat, "play": False, "at": 0})
        made = rec.take()
    took = time.perf_counter() - t
    if seat is not None:  # only what the switch sent (the seat's frames, no teacher frame)
        made = made[[i for i, m in enumerate(made) if m["kind"] == "send"
                     and "frames" in (m["data"].get("state") or {})][-1]:]
    now = sent_bytes(made)
    # the same messages with the frames as they travelled before: every frame in full
    full = [json.loads(json.dumps(m, default=str)) for m in made]
    for m in full:
        state = m.get("state") if m["kind"] == "open" else (m["data"] or {}).get("state")
        if state and state.get("frames"):
            state["frames"] = w.frames
    return now, sent_bytes(full), len(w.frames), took


def print_bytes():
    print("\nWhat the widget sends for a whole 22-hand Pocha game (4 players, seed 1) as it is made")
    for name, seat in (("teacher's view", None), ("seat 1's view", 1)):
        now, before, n, took = bytes_sent(seat)
        print(f"  {name:<15} {n} frames: now {now / 1000:7.1f} KB (frames as patches), "
              f"before {before / 1000:7.1f} KB (full frames): x{before / now:.1f} less"
              + (f"; made in {took:.2f} s" if seat is None else ""))


#: The widgets stepped through, one per game: a worked example of the document for Poch (as
#: this benchmark always timed), and seeded whole games of the others, played by the computer.
STEPPERS = (
    ("Poch E-P1", "GameWidget.from_record('e-p1')"),
    ("Pocha, 4 players, 3 hands", "GameWidget.new('pocha', players=4, seed=1, hands=3)"),
    ("Truk, 4 players", "GameWidget.new('truk', players=4, seed=1)"),
    ("Truc, 4 players", "GameWidget.new('truc', players=4, seed=1)"),
)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=60, help="clicks per measurement (>= 50)")
    ap.add_argument("--bytes", action="store_true", help="print only the bytes sent")
    ap.add_argument("--games", type=lambda v: v.lower().split(","), default=None,
                    help="step through only these games' widgets, e.g. poch,truc (default: all)")
    ap.add_argument("--steps-only", action="store_true",
                    help="time only the stepping (no kernel-bound clicks)")
    ap.add_argument("--code", default=str(REPO),
                    help="the checkout the kernel imports cardwidgets from (to compare two "
                         "versions on the same machine, e.g. one made with git archive)")
    ap.add_argument("--against", metavar="SHELL_JS", default=None,
                    help="also step through the same widgets with another shell.js (e.g. one "
                         "from git show main:cardwidgets/widget/shell.js), the two taking "
                         "turns round by round in the same page, to compare them under the "
                         "same load")
    ap.add_argument("--round", type=int, default=20,
                    help="clicks in a row before the other shell.js takes its turn (--against)")
    ap.add_argument("--nodelay", action="store_true",
                    help="serve the kernel websocket with TCP_NODELAY (see benchmarks/nodelay.py)")
    args = ap.parse_args(argv)
    print_bytes()
    if args.bytes:
        return None
    load0 = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        steppers = [(name, code) for name, code in STEPPERS if args.games is None
                    or name.split()[0].lower() in args.games]
        twins = ""
        if args.against:
            # the same widgets with the page's code from another shell.js (shell.js is the
            # last part of the widget's module)
            other = Path(args.against).resolve().read_text(encoding="utf-8")
            (root / "against.js").write_text(other, encoding="utf-8")
            twins = ("import pathlib\n"
                     "_mark = '// ---- widget/shell.js ----\\n'\n"
                     "class Against(GameWidget):\n"
                     "    _esm = GameWidget._esm.split(_mark)[0] + _mark + "
                     "pathlib.Path('against.js').read_text(encoding='utf-8')\n"
                     + "".join(f"a{i} = {code.replace('GameWidget.', 'Against.')}\n"
                               for i, (_, code) in enumerate(steppers))
                     + "".join(f"display(a{i})\n" for i in range(len(steppers))))
        make_notebook(root / "bench.ipynb", [
            "from cardwidgets.widget import GameWidget\n"
            + "".join(f"w{i} = {code}\n" for i, (_, code) in enumerate(steppers))
            + "from IPython.display import display\n"
            + "".join(f"display(w{i})\n" for i in range(len(steppers))) + twins,
            "import time\n"
            "play_widget = GameWidget.new('poch', players=3, seed=5, play_as=0, chips=100, deals=None)\n"
            "kernel_ms = []\n"
            "_handle = play_widget.handle\n"
            "def _timed(content):\n"
            "    t = time.perf_counter(); r = _handle(content)\n"
            "    if isinstance(content, dict) and content.get('type') == 'act': kernel_ms.append((time.perf_counter() - t) * 1000)\n"
            "    return r\n"
            "play_widget.handle = _timed\n"
            "play_widget",
        ])
        extra = ({"PYTHONPATH": f"{args.code}:{REPO / 'benchmarks'}"} if args.nodelay
                 else {"PYTHONPATH": str(args.code)})
        lab = LabServer(root, env=extra,
                        config=['c.ServerApp.kernel_websocket_connection_class = "nodelay.NoDelayConnection"']
                        if args.nodelay else [])
        with lab, sync_playwright() as p:
            browser = launch_browser(p)
            page = browser.new_page(viewport={"width": 1300, "height": 2400})
            open_notebook(page, lab, "bench.ipynb")
            run_all(page)
            n = len(steppers) * (2 if args.against else 1)
            page.wait_for_function(f"() => [...document.querySelectorAll('.cw-root')].filter("
                                   f"r => r.querySelector('.cw-slider')).length >= {n + 1}",
                                   timeout=180_000)
            page.wait_for_timeout(500)
            results = {}
            # each game's widget: sweep forward from the first step, then backward from the
            # last, with a short human-like pause between clicks; with --against, the twin
            # widgets (the other shell.js) take their turn after each round of clicks, so
            # both meet the same load
            variants = [("", 0)] + ([(" [against]", len(steppers))] if args.against else [])
            for index, (name, _) in enumerate(steppers):
                last = page.evaluate("(i) => Number(document.querySelectorAll('.cw-root')[i]"
                                     ".querySelector('.cw-slider').max)", index)
                for direction, button, reset in (("forward", ".cw-next", ".cw-first"),
                                                 ("back", ".cw-back", ".cw-last")):
                    click = ("([i, b]) => document.querySelectorAll('.cw-root')[i]"
                             ".querySelector(b).click()")
                    left = {}
                    for tag, offset in variants:
                        results[f"{name}: step {direction}{tag}"] = []
                        page.evaluate(click, [index + offset, reset])
                        left[tag] = last
                    while len(results[f"{name}: step {direction}"]) < args.clicks:
                        for tag, offset in variants:
                            key, widget = f"{name}: step {direction}{tag}", index + offset
                            for _ in range(min(args.round, args.clicks - len(results[key]))):
                                if not left[tag]:
                                    page.evaluate(click, [widget, reset])
                                    left[tag] = last
                                page.wait_for_timeout(50)
                                results[key].append(page.evaluate(
                                    TIME_CLICK, {"widget": widget, "button": button,
                                                 "watch": None, "attr": "data-step"}))
                                left[tag] -= 1
                            # let the last click's work between clicks finish before the
                            # other variant's round
                            page.wait_for_timeout(100)
            # how many steps each widget showed from changes worked out ahead (between clicks,
            # shell.js cwPlan) rather than at the click
            ahead = page.evaluate("(n) => [...document.querySelectorAll('.cw-root')].slice(0, n)"
                                  ".map((r) => Object.assign({}, r.cwStepStats || {}))", n)
            conditions = () if args.steps_only else (("quiet", 300), ("back-to-back", 0))
            # kernel-bound clicks, echo and move alternating, in two conditions:
            # "quiet": 300 ms before each click; "back-to-back": each click right after the
            # previous answer (what a fast player or an autoplaying test does)
            for cond, pause in conditions:
                echo_key, move_key = f"echo, {cond}", f"move, {cond}"
                results[echo_key], results[move_key] = [], []
                for _ in range(args.clicks):
                    page.wait_for_timeout(pause)
                    results[echo_key].append(page.evaluate(
                        TIME_CLICK, {"widget": n, "button": ".cw-echo-btn", "watch": ".cw-echo-out", "attr": None}))
                    page.wait_for_timeout(pause)
                    dt = page.evaluate(TIME_CLICK, {"widget": n, "button": ".cw-move", "watch": None,
                                                    "attr": "data-step"})
                    while dt is None:  # the game is over: start another one (not timed)
                        page.evaluate("(i) => document.querySelectorAll('.cw-root')[i].querySelector('.cw-restart').click()", n)
                        page.wait_for_function("(i) => document.querySelectorAll('.cw-root')[i].querySelector('.cw-move')", arg=n)
                        page.wait_for_timeout(pause)
                        dt = page.evaluate(TIME_CLICK, {"widget": n, "button": ".cw-move", "watch": None,
                                                        "attr": "data-step"})
                    results[move_key].append(dt)
            frames = page.evaluate("(i) => document.querySelectorAll('.cw-root')[i].dataset.step", n)
            kernel = None if args.steps_only else kernel_eval(
                page, "import statistics; k = sorted(kernel_ms); "
                "print(round(statistics.median(k), 2), round(k[int(0.95 * (len(k) - 1))], 2))").split()
            load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
            browser.close()

    print(f"\nWidget latency{' (server with TCP_NODELAY)' if args.nodelay else ''}, {args.clicks} clicks each, click -> first DOM change (ms), "
          f"timed in the page; the played game reached step {frames}\n")
    print(f"{'what':<38} {'p50':>7} {'p95':>7} {'max':>7} {'n':>4} {'>8ms':>5}   (stepping: browser only, no kernel)")
    for name, values in results.items():
        bad = [v for v in values if v is None or v < 0]
        good = [v for v in values if v is not None and v >= 0]
        print(f"{name:<38} {pct(good, 50):7.2f} {pct(good, 95):7.2f} {max(good):7.2f} {len(good):4d}"
              f" {sum(v > 8 for v in good):5d}" + (f"  ({len(bad)} timed out)" if bad else ""))
    print("(steps shown from changes worked out between clicks: "
          + ", ".join(f"{name.split(',')[0]} {a.get('ahead', 0)} of {a.get('ahead', 0) + a.get('now', 0)}"
                      for (name, _), a in zip(steppers, ahead)) + ")")
    print(f"\n(the machine's load average at the start: {load0}, at the end: {load}; code from {args.code}"
          + (f"; [against]: the same widgets with {args.against}" if args.against else "") + ")")
    if kernel is None:
        return results
    print(f"(inside a move, Python takes p50 {kernel[0]} ms / p95 {kernel[1]} ms)")
    for cond in ("quiet", "back-to-back"):
        echo, move = results[f"echo, {cond}"], results[f"move, {cond}"]
        print(f"play-mode move / bare echo, {cond}: p50 x{pct(move, 50) / pct(echo, 50):.2f}, "
              f"p95 x{pct(move, 95) / pct(echo, 95):.2f}")
    return results


if __name__ == "__main__":
    main()
