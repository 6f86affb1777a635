"""The table waits at the end of each hand in play mode (issue 25, item 1), in a real browser.

In each game a student plays seat 0 by clicking the moves the page offers, until a hand ends:
the result is shown (the title, what moved, the rules' sentences) with the focus on Next
hand, and the built-in players wait; Enter goes on. Watching, the "Counters" jump lands on
the same result.
"""
import json

import pytest

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser

#: (game, players, seed, settings): seat 0 plays
GAMES = [("poch", 4, 3, ""), ("pocha", 4, 3, ", hands=3"), ("truk", 4, 3, ""), ("truc", 4, 3, "")]

#: the first move the page offers seat 0 now, marked for Playwright to click: a card that may
#: be played, a move drawn at the seat, a move button of "Now"; "held" where Next hand shows
MARK_MOVE = """(i) => {
  const root = document.querySelectorAll('.cw-root')[i];
  for (const e of root.querySelectorAll('[data-hold-target]')) e.removeAttribute('data-hold-target');
  if (root.querySelector('.cw-next-hand')) return 'held';
  const shown = (e) => e.getClientRects().length && !e.disabled;
  const t = [...root.querySelectorAll('.cw-table-inner button.cw-card--legal, .cw-table-inner button[data-cw-move], .cw-legal button.cw-move')].find(shown);
  if (!t) return 'none';
  t.setAttribute('data-hold-target', '1');
  return (t.getAttribute('aria-label') || t.textContent).trim().slice(0, 60);
}"""

RESULT = """(i) => {
  const root = document.querySelectorAll('.cw-root')[i];
  const box = root.querySelector('.cw-result');
  const next = root.querySelector('.cw-next-hand');
  return {shown: !!box && !box.hidden && box.getClientRects().length > 0,
          title: box ? (box.querySelector('.cw-result-title') || {}).textContent || '' : '',
          moved: box ? box.querySelectorAll('.cw-result-moved tr').length : 0,
          rules: [...root.querySelectorAll('.cw-result-how:not([hidden]) .cw-result-rule')].map(e => e.textContent),
          next: !!next, focused: !!next && document.activeElement === next,
          step: Number(root.dataset.step), phase: root.querySelector('.cw-phase').textContent};
}"""


#: the cards drawn on the table (their names, as read out), in order
TABLE_CARDS = """(i) => [...document.querySelectorAll('.cw-root')[i].querySelectorAll('.cw-table-inner .cw-card')]
  .map(e => e.getAttribute('aria-label') || '')"""

#: the card the hand's last card play named: the first card in the sentence of the last step
#: (from the hand's end back) that plays, leads or lays one (the held step ``e`` of ``w``)
LAST_CARD = """import re
def _last_card(w, e):
    for k in range(e, 0, -1):
        t = (w.view_at(k).get("last") or {}).get("text") or ""
        if re.search(r"\\b(plays|leads|lays|any card)\\b", t):
            m = re.search(r"\\bthe (\\w+ of \\w+)", t)
            if m:
                return m.group(1)
    return ""
"""


def play_until_held(page, k, name):
    """Click seat 0's moves until the page shows Next hand; the moves clicked."""
    clicked = []
    for _ in range(120):
        what = page.evaluate(MARK_MOVE, k)
        if what == "held":
            return clicked
        if what == "none":
            page.wait_for_timeout(250)
            continue
        step = page.evaluate("(i) => document.querySelectorAll('.cw-root')[i].dataset.step", k)
        page.locator(".cw-root").nth(k).locator("[data-hold-target]").click()
        clicked.append(what)
        page.wait_for_function(
            "([i, s]) => { const r = document.querySelectorAll('.cw-root')[i];"
            " return r.dataset.step !== s || r.querySelector('.cw-notice--refused'); }",
            arg=[k, step], timeout=60_000)
    raise AssertionError(f"{name}: no hand ended after {clicked}")


def test_the_result_waits_for_next_hand_in_every_game(page, lab, lab_root):
    cells = ["from cardwidgets.widget import GameWidget"]
    for k, (key, n, seed, more) in enumerate(GAMES):
        cells.append(f"w{k} = GameWidget.new({key!r}, players={n}, seed={seed}, play_as=0{more})\nw{k}")
    cells.append("t = GameWidget.new('truk', players=4, seed=5)\nt")
    make_notebook(lab_root / "scratch" / "hold.ipynb", cells)
    open_notebook(page, lab, "scratch/hold.ipynb")
    run_all(page)
    page.wait_for_function(f"() => document.querySelectorAll('.cw-root .cw-table-inner').length == {len(GAMES) + 1}",
                           timeout=120_000)
    for k, (key, *_rest) in enumerate(GAMES):
        page.locator(".cw-root").nth(k).scroll_into_view_if_needed()
        clicked = play_until_held(page, k, key)
        page.wait_for_timeout(300)
        r = page.evaluate(RESULT, k)
        assert r["shown"] and r["next"], f"{key}: no result held after {clicked}: {r}"
        assert r["title"].endswith("is over"), r
        assert r["moved"] >= 1 and r["rules"], f"{key}: the result says what moved and by which rule {r}"
        assert r["phase"] == ("End of the deal" if key == "poch" else "End of the hand"), r
        if clicked:  # the focus went from the last move to Next hand
            assert r["focused"], f"{key}: the focus is not on Next hand {r}"
        assert kernel_eval(page, f"print(w{k}.held)").strip() == "True"
        frames = int(kernel_eval(page, f"print(len(w{k}.frames))"))
        # the hand's last trick (Poch: the last run) is still on the felt: the card of the
        # hand's last card play is drawn on the table
        card = kernel_eval(page, LAST_CARD + f"print(_last_card(w{k}, {r['step']}))").strip()
        held_cards = page.evaluate(TABLE_CARDS, k)
        assert card and any(card in c for c in held_cards), f"{key}: {card!r} not on the felt: {held_cards}"
        if key != "truk":
            page.locator(".cw-root").nth(k).screenshot(path=f"/tmp/felt-{key}.png")
        # held: nothing moves on by itself
        page.wait_for_timeout(1500)
        again = page.evaluate(RESULT, k)
        assert again["step"] == r["step"] and again["shown"] and again["next"], (r, again)
        assert int(kernel_eval(page, f"print(len(w{k}.frames))")) == frames
        # Enter goes on: on Next hand, or (the first game) with the focus on the widget itself
        if k == 0 or not r["focused"]:
            page.locator(".cw-root").nth(k).focus()
        page.keyboard.press("Enter")
        page.wait_for_function("([i, s]) => Number(document.querySelectorAll('.cw-root')[i].dataset.step) > s",
                               arg=[k, r["step"]], timeout=60_000)
        assert int(kernel_eval(page, f"print(len(w{k}.frames))")) > frames
        after = page.evaluate(RESULT, k)
        assert after["step"] > r["step"], after
        # the felt moves on to the next hand (at the game's end, the last table stays)
        if kernel_eval(page, f"print(w{k}.game.finished)").strip() == "False":
            page.wait_for_function(f"([i, was]) => JSON.stringify(({TABLE_CARDS})(i)) !== was",
                                   arg=[k, json.dumps(held_cards, ensure_ascii=False, separators=(",", ":"))],
                                   timeout=30_000)
        if not after["next"]:   # (not at once at another hand's end)
            assert kernel_eval(page, f"print(w{k}.held)").strip() == "False"

    # watching: the "Counters" jump lands on the hand's result (the step that ends the hand)
    k = len(GAMES)
    page.locator(".cw-root").nth(k).scroll_into_view_if_needed()
    first = int(kernel_eval(page, "print(t.start_of('score'))"))   # the hand's counters move
    kernel_eval(page, f"t.step = {first - 1}")
    page.wait_for_function("([i, s]) => document.querySelectorAll('.cw-root')[i].dataset.step === String(s)",
                           arg=[k, first - 1])
    counters = page.locator(".cw-root").nth(k).locator('.cw-jump[data-keys="score"]')
    counters.click()
    page.wait_for_timeout(300)
    r = page.evaluate(RESULT, k)
    assert r["shown"] and not r["next"] and r["title"].endswith("is over"), r
    assert "K15" in " ".join(r["rules"]) or "K17" in " ".join(r["rules"]), r
    end = int(kernel_eval(page, f"print(next(j for j in range({first}, len(t.frames)) if 'hand_end' in t.view_at(j)))"))
    assert r["step"] == end, (r, first, end)
    assert not page.js_errors
