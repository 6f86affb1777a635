"""The class site (JupyterLite, Pyodide kernel) against JupyterLab, in one run.

Builds the offline site with the one command (or takes ``--site DIR``, an existing build),
serves it from 127.0.0.1 and prints:

- the site's size (Pyodide's core, the wheels, the JupyterLite app);
- opening a notebook to its first live widget, in a fresh browser each time ("cold": a
  student's first visit) and reopened in the same browser ("warm": the next lesson), split
  into page open -> kernel idle and run-all -> first widget (run-all is asked for as soon as
  the kernel is idle, as a student would click it);
- the kernel's start in CPU seconds (Pyodide run by Node), a figure the machine's load
  hardly moves, unlike the wall-clock ones;
- a play-mode move's round trip (click -> the table changes, timed in the page with a
  MutationObserver, as benchmarks/widget_latency.py does) in the site and in JupyterLab, with
  the bare round trip through each kernel (the widget's echo) as the floor;
- a hard player's move time in truk and truc, timed in the page's own Python (issue 26).

Targets (issue 14): first widget under 15 s, a move under 150 ms; (issue 26) a hard move under 0.5 s.

Run:  python benchmarks/site_latency.py [--site DIR] [--runs 3] [--clicks 30]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "benchmarks"))

from labserver import KERNEL_IDLE, LabServer, launch_browser, make_notebook, open_notebook, run_all  # noqa: E402
from litesite import SiteServer, build_site, watch_requests  # noqa: E402
from widget_latency import TIME_CLICK, pct  # noqa: E402

BENCH_CELL = ("from cardwidgets.widget import GameWidget\n"
              "bench_widget = GameWidget.new('poch', players=3, seed=5, play_as=0, chips=100, deals=None)\n"
              "bench_widget")

#: Hard players' moves timed in the page's own Python (issue 26: aim under 0.5 s a move): a
#: hard side against a rule-of-thumb side, seeded 4-player games of truk and truc; each hard
#: move with a real choice, its wall time and its imagined deals, printed as one JSON line.
HARD_CELL = """import json, statistics, time
from cardwidgets import GAMES, play_out
from cardwidgets.engine.players import player_for

class Timed:
    def __init__(self, seed):
        self.player, self.ms, self.deals = player_for("hard", seed), [], []
    def choose(self, game, seat):
        t0 = time.perf_counter()
        action = self.player.choose(game, seat)
        if self.player.last is not None:
            self.ms.append((time.perf_counter() - t0) * 1000)
            self.deals.append(self.player.last[1])
        return action

out = {}
for key in ("truk", "truc"):
    hard = Timed(1)
    thumb = player_for("easy", 101)
    play_out(GAMES[key](4), [hard, thumb, hard, thumb], seed=1, max_steps=4000)
    out[key] = {"moves": len(hard.ms), "ms_median": statistics.median(hard.ms),
                "ms_max": max(hard.ms), "deals_median": statistics.median(hard.deals)}
print("HARD " + json.dumps(out))
"""

HARD_RESULT = """() => {
  const hit = [...document.querySelectorAll('.jp-OutputArea-output')]
    .map(e => e.innerText).find(t => t.startsWith('HARD {'));
  return hit ? hit.slice(5) : null;
}"""


def hard_moves(page) -> dict:
    """The hard players' move times in the page's kernel (HARD_CELL), game → figures."""
    import json
    page.evaluate(ADD_CELL, HARD_CELL)
    page.wait_for_function(HARD_RESULT, timeout=600_000, polling=500)
    return json.loads(page.evaluate(HARD_RESULT))


ADD_CELL = """async (code) => {
  const app = window.jupyterapp, nb = app.shell.currentWidget;
  nb.content.activeCellIndex = nb.content.widgets.length - 1;
  await app.commands.execute('notebook:insert-cell-below');
  nb.content.activeCell.model.sharedModel.setSource(code);
  await app.commands.execute('notebook:run-cell');
}"""


NODE_CPU = """
const dir = process.argv[2];
const { loadPyodide } = await import(dir + "/pyodide.mjs");
let c0 = process.cpuUsage();
const C = () => { const c = process.cpuUsage(c0); c0 = process.cpuUsage(); return (c.user + c.system) / 1e6; };
const out = {};
const py = await loadPyodide({ indexURL: dir + "/" });
out["Pyodide itself (wasm, stdlib)"] = C();
const lock = JSON.parse(require_lock(dir));
await py.loadPackage(lock, { messageCallback: () => {} });
out["loading the kernel's and the widgets' wheels"] = C();
await py.runPythonAsync("import pyodide_kernel"); out["importing the kernel (IPython, ...)"] = C();
await py.runPythonAsync("import cardwidgets.widget"); out["importing cardwidgets and the widgets"] = C();
console.log(JSON.stringify(out));
function require_lock(d) { return process.env.CW_PACKAGES; }
"""


def kernel_cpu(site: Path) -> dict:
    """CPU seconds of the Pyodide kernel's start, run by Node on this machine (unlike the
    wall-clock figures, this hardly moves with the machine's load)."""
    import json
    import os
    import shutil
    import subprocess
    if not shutil.which("node"):
        return {}
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    packages = kernel["loadPyodideOptions"]["packages"]
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "cpu.mjs"
        script.write_text(NODE_CPU)
        proc = subprocess.run(["node", str(script), str(site / "static" / "pyodide")],
                              capture_output=True, text=True, timeout=600,
                              env={**os.environ, "CW_PACKAGES": json.dumps(packages)})
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    return json.loads(lines[-1]) if lines else {}


def size_report(site: Path) -> list[tuple[str, int]]:
    files = [p for p in site.rglob("*") if p.is_file()]
    pyodide = site / "static" / "pyodide"
    wheels = sum(p.stat().st_size for p in files if p.suffix == ".whl")
    core = sum(p.stat().st_size for p in files if p.parent == pyodide and p.suffix != ".whl")
    total = sum(p.stat().st_size for p in files)
    return [("the whole site", total), ("Pyodide's core (wasm, stdlib, lock)", core),
            (f"wheels ({sum(p.suffix == '.whl' for p in files)})", wheels),
            ("JupyterLite app and extensions", total - core - wheels)]


def open_to_widget(page, url, notebook):
    """Seconds: page open -> kernel idle, and -> the first live widget (run-all at idle)."""
    t0 = time.monotonic()
    page.goto(f"{url}/lab/index.html?path={notebook}", wait_until="domcontentloaded", timeout=120_000)
    page.wait_for_function(KERNEL_IDLE, timeout=180_000, polling=50)
    idle = time.monotonic() - t0
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".cw-root .cw-seat", timeout=180_000)
    return idle, time.monotonic() - t0


#: a move to click: in the Now panel, or at the seat (Poch's bets are drawn there)
MOVE_CSS = ".cw-move, .cw-table-inner button[data-cw-move]"


def time_moves(page, clicks, pause_ms=300):
    """Echo and move round trips (ms) on the last widget of the page, alternating."""
    index = page.evaluate("() => document.querySelectorAll('.cw-root').length - 1")
    page.wait_for_function(f"(i) => document.querySelectorAll('.cw-root')[i].querySelector('{MOVE_CSS}')", arg=index)
    page.wait_for_timeout(1000)
    echo, move = [], []
    for _ in range(clicks):
        page.wait_for_timeout(pause_ms)
        echo.append(page.evaluate(TIME_CLICK, {"widget": index, "button": ".cw-echo-btn",
                                               "watch": ".cw-echo-out", "attr": None}))
        page.wait_for_timeout(pause_ms)
        dt = page.evaluate(TIME_CLICK, {"widget": index, "button": MOVE_CSS, "watch": None,
                                        "attr": "data-step"})
        while dt is None:  # the game is over: start another one (not timed)
            page.evaluate("(i) => document.querySelectorAll('.cw-root')[i].querySelector('.cw-restart').click()", index)
            page.wait_for_function(f"(i) => document.querySelectorAll('.cw-root')[i].querySelector('{MOVE_CSS}')", arg=index)
            page.wait_for_timeout(pause_ms)
            dt = page.evaluate(TIME_CLICK, {"widget": index, "button": MOVE_CSS, "watch": None,
                                            "attr": "data-step"})
        move.append(dt)
    return [v for v in echo if v and v > 0], [v for v in move if v and v > 0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="an existing offline build (default: build one now)")
    ap.add_argument("--runs", type=int, default=3, help="cold opens of the notebook (fresh browser each)")
    ap.add_argument("--clicks", type=int, default=30, help="moves (and echoes) timed in each place")
    ap.add_argument("--notebook", default="poch.ipynb", help="the notebook opened (default poch.ipynb)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    import os
    load_before = os.getloadavg()[0]

    with tempfile.TemporaryDirectory() as tmp:
        site_dir = args.site
        build = None
        if site_dir is None:
            site_dir = Path(tmp) / "site"
            build = build_site(site_dir, offline=True)
        sizes = size_report(site_dir)
        cpu = kernel_cpu(site_dir)
        cold, warm = [], []
        with SiteServer(site_dir) as site, sync_playwright() as p:
            browser = launch_browser(p)
            outside = []
            for run in range(args.runs):
                context = browser.new_context(viewport={"width": 1300, "height": 2200})
                outside += watch_requests(context)["outside"]
                page = context.new_page()
                cold.append(open_to_widget(page, site.url, args.notebook))
                if run == args.runs - 1:
                    page.goto("about:blank")
                    warm.append(open_to_widget(page, site.url, args.notebook))
                    page.evaluate(ADD_CELL, BENCH_CELL)
                    site_echo, site_move = time_moves(page, args.clicks)
                    hard = hard_moves(page)
                context.close()
            root = Path(tmp) / "lab"
            root.mkdir()
            make_notebook(root / "bench.ipynb", [BENCH_CELL])
            with LabServer(root, env={"PYTHONPATH": str(REPO)}) as lab:
                page = browser.new_page(viewport={"width": 1300, "height": 2200})
                t0 = time.monotonic()
                open_notebook(page, lab, "bench.ipynb")
                lab_idle = time.monotonic() - t0
                run_all(page)
                page.wait_for_selector(".cw-root .cw-seat")
                lab_first = time.monotonic() - t0
                lab_echo, lab_move = time_moves(page, args.clicks)
            browser.close()

    load_after = os.getloadavg()[0]
    print("\nThe class site (offline JupyterLite build, Pyodide kernel) against JupyterLab\n")
    print(f"machine load (1-min average, {os.cpu_count()} cores): {load_before:.1f} at the start, "
          f"{load_after:.1f} at the end; the wall-clock figures grow with it, the CPU ones hardly")
    if build:
        print(f"build: {build['seconds']:.1f} s (python -m cardwidgets site build --offline)")
    for name, size in sizes:
        print(f"  {name:<40} {size / 1e6:7.1f} MB")
    print(f"\nopening {args.notebook} -> first live widget (s), run-all asked for at kernel idle")
    print(f"  {'':<28} {'kernel idle':>12} {'first widget':>13}")
    for k, (idle, first) in enumerate(cold):
        print(f"  {'site, cold (fresh browser) ' + str(k + 1):<28} {idle:12.1f} {first:13.1f}")
    for idle, first in warm:
        print(f"  {'site, warm (reopened)':<28} {idle:12.1f} {first:13.1f}")
    print(f"  {'JupyterLab (bench notebook)':<28} {lab_idle:12.1f} {lab_first:13.1f}")
    firsts = [f for _, f in cold]
    print(f"  cold median {statistics.median(firsts):.1f} s (target < 15 s)")
    if cpu:
        print("\nthe kernel's start in CPU seconds (Pyodide run by Node; barely moved by the machine's load)")
        for name, value in cpu.items():
            print(f"  {name:<48} {value:6.2f}")
        print(f"  {'in all':<48} {sum(cpu.values()):6.2f}")
    print(f"\nround trips, click -> table changes (ms), {args.clicks} each, 300 ms between clicks")
    print(f"  {'':<28} {'p50':>7} {'p95':>7} {'max':>7}")
    for name, values in (("site: play-mode move", site_move), ("site: bare echo", site_echo),
                         ("JupyterLab: play-mode move", lab_move), ("JupyterLab: bare echo", lab_echo)):
        print(f"  {name:<28} {pct(values, 50):7.1f} {pct(values, 95):7.1f} {max(values):7.1f}")
    print(f"  site move / Lab move, p50: x{pct(site_move, 50) / pct(lab_move, 50):.1f} (target < 150 ms)")
    print("\nhard players in the site (4 players, a hard side against a rule-of-thumb side, one "
          "seeded game each; wall time in the page)")
    for key, f in hard.items():
        print(f"  {key}: {f['moves']} hard moves with a choice, median {f['ms_median']:.0f} ms "
              f"(max {f['ms_max']:.0f} ms) a move, {f['deals_median']:.0f} imagined deals "
              f"(aim under 500 ms a move)")
    print(f"\nrequests that tried to leave 127.0.0.1: {len(outside)}")
    return {"sizes": sizes, "cold": cold, "warm": warm, "site_move": site_move,
            "lab_move": lab_move, "hard": hard}


if __name__ == "__main__":
    main()
