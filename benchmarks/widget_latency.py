"""How long a click takes to change the widget's table, timed inside the page.

Starts a headless JupyterLab and Chromium (as the browser tests do), runs a notebook with
two widgets -- E-P1 to step through, and a three-player game played from seat 0 -- and
times, with performance.now() from ``el.click()`` to the first MutationObserver callback
on the watched node:

- stepping forward and back (the browser already holds every step's view: no kernel);
- a play-mode move (the browser sends the move; Python checks it, lets the built-in players
  answer and sends the new views back);
- a bare round trip through the kernel (the widget's hidden echo path), measured in the
  same run, as the floor any kernel-bound click pays.

Run:  python benchmarks/widget_latency.py [--clicks 60]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser.labserver import (LabServer, launch_browser, make_notebook,  # noqa: E402
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=60, help="clicks per measurement (>= 50)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        make_notebook(root / "bench.ipynb", [
            "from cardwidgets.widget import GameWidget\n"
            "step_widget = GameWidget.from_record('e-p1')\nstep_widget",
            "play_widget = GameWidget.new('poch', players=3, seed=5, play_as=0, chips=100, deals=None)\n"
            "play_widget",
        ])
        with LabServer(root, env={"PYTHONPATH": str(REPO)}) as lab, sync_playwright() as p:
            browser = launch_browser(p)
            page = browser.new_page(viewport={"width": 1300, "height": 2400})
            open_notebook(page, lab, "bench.ipynb")
            run_all(page)
            page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-poch-board').length == 2")
            page.wait_for_timeout(500)
            results = {"step forward (browser only)": [], "step back (browser only)": [],
                       "bare comm echo (kernel round trip)": [], "play-mode move (kernel)": []}
            # sweep the whole record forward, then backward, with a short human-like pause
            # between clicks (the widget builds the neighbouring steps while idle)
            last = page.evaluate("() => Number(document.querySelector('.cw-root .cw-slider').max)")
            for direction, button, reset in (("forward", ".cw-next", ".cw-first"),
                                             ("back", ".cw-back", ".cw-last")):
                page.evaluate("(b) => document.querySelector('.cw-root ' + b).click()", reset)
                done = 0
                while done < args.clicks:
                    for _ in range(last):
                        if done == args.clicks:
                            break
                        page.wait_for_timeout(50)
                        results[f"step {direction} (browser only)"].append(page.evaluate(
                            TIME_CLICK, {"widget": 0, "button": button, "watch": None, "attr": "data-step"}))
                        done += 1
                    page.evaluate("(b) => document.querySelector('.cw-root ' + b).click()", reset)
            page.wait_for_timeout(300)
            moves = 0
            for _ in range(args.clicks):
                results["bare comm echo (kernel round trip)"].append(page.evaluate(
                    TIME_CLICK, {"widget": 1, "button": ".cw-echo-btn", "watch": ".cw-echo-out", "attr": None}))
                dt = page.evaluate(TIME_CLICK, {"widget": 1, "button": ".cw-move", "watch": None,
                                                "attr": "data-step"})
                while dt is None:  # the game is over: start another (not timed)
                    page.evaluate("() => document.querySelectorAll('.cw-root')[1].querySelector('.cw-restart').click()")
                    page.wait_for_function("() => document.querySelectorAll('.cw-root')[1].querySelector('.cw-move')")
                    page.wait_for_timeout(50)
                    dt = page.evaluate(TIME_CLICK, {"widget": 1, "button": ".cw-move", "watch": None,
                                                    "attr": "data-step"})
                results["play-mode move (kernel)"].append(dt)
                moves += 1
                page.wait_for_timeout(50)
            frames = page.evaluate("() => document.querySelectorAll('.cw-root')[1].dataset.step")
            browser.close()

    print(f"\nWidget latency, {args.clicks} clicks each, click -> first DOM change (ms), "
          f"timed in the page; the played game reached step {frames}\n")
    print(f"{'what':<38} {'p50':>7} {'p95':>7} {'max':>7} {'n':>4}")
    for name, values in results.items():
        bad = [v for v in values if v is None or v < 0]
        good = [v for v in values if v is not None and v >= 0]
        print(f"{name:<38} {pct(good, 50):7.2f} {pct(good, 95):7.2f} {max(good):7.2f} {len(good):4d}"
              + (f"  ({len(bad)} timed out)" if bad else ""))
    echo, move = results["bare comm echo (kernel round trip)"], results["play-mode move (kernel)"]
    print(f"\nplay-mode move / bare echo: p50 x{pct(move, 50) / pct(echo, 50):.2f}, "
          f"p95 x{pct(move, 95) / pct(echo, 95):.2f}")
    return results


if __name__ == "__main__":
    main()
