"""The Pocha table in a real browser: the Pocha notebook in headless JupyterLab + Chromium."""
import pytest

from cardwidgets import RuleOfThumbPlayer, play_out
from cardwidgets.games.pocha import Pocha
from cardwidgets.widget import GameWidget

from helpers import felt_step

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, open_notebook, run_all

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bea", "Carles", "Dani"]


def at_step(page, k, nth=1):
    page.wait_for_function("([k, i]) => document.querySelectorAll('.cw-root')[i].dataset.step === String(k)",
                           arg=[k, nth])


def table_state(root, n=4):
    """What the table shows: bids, tricks, hands, the trick in the middle, the score sheet."""
    seats = []
    for s in range(n):
        box = root.locator(f'.cw-seat[data-seat="{s}"]')
        bt = box.locator(".cw-po-bidtook")
        seats.append({"bid": bt.get_attribute("data-bid"), "took": bt.get_attribute("data-took"),
                      "points": int(box.locator(".cw-po-points b").inner_text()),
                      "cards": box.locator(".cw-hand .cw-card").evaluate_all(
                          "els => els.map(e => e.dataset.code || null)")})
    trick = root.locator(".cw-po-slot[data-card]").evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.seat, e.dataset.card]))")
    rows = root.locator(".cw-po-sheet-row[data-hand]").evaluate_all(
        "rows => rows.map(r => [r.dataset.hand, ...[...r.querySelectorAll('.cw-po-cell')].map("
        "c => c.querySelector('.cw-po-cell-bt').textContent + ' ' + c.querySelector('.cw-po-cell-pts').textContent)])")
    totals = root.locator(".cw-po-total").evaluate_all("els => els.map(e => Number(e.textContent))")
    return {"seats": seats, "trick": trick, "rows": rows, "totals": totals}


def expected(view):
    seats = [{"bid": "" if view["bids"][s] is None else str(view["bids"][s]), "took": str(view["taken"][s]),
              "points": view["scores"][s], "cards": [c["code"] for c in view["hands"][s]]}
             for s in range(4)]
    trick = {str(p["seat"]): p["card"]["code"] for p in (view["trick"] or {"plays": []})["plays"]}
    rows = []
    for h, points in zip(view["hands_played"], view["hand_scores"]):
        rows.append([h["hand"]] + [f'{h["bids"][s]}/{h["taken"][s]} '
                                   + ("+" if points[s] > 0 else "−" if points[s] < 0 else "") + str(abs(points[s]))
                                   for s in range(4)])
    return {"seats": seats, "trick": trick, "rows": rows, "totals": view["scores"]}


def shown(game, w, k):
    """What the table shows at step k: the felt (bids, tricks taken, hands, the trick) of its
    felt step, the score (points, sheet, totals) of step k itself."""
    j = felt_step(w, k)
    game.goto(j)
    view = game.view()
    felt = expected(view)
    if j < k:   # the hand's last trick, just completed at step j, is drawn from its last trick
        felt["trick"] = {str(p["seat"]): p["card"]["code"] for p in view["last_trick"]["plays"]}
    game.goto(k)
    out = expected(game.view())
    out["trick"] = felt["trick"]
    for seat, was in zip(out["seats"], felt["seats"]):
        seat.update(bid=was["bid"], took=was["took"], cards=was["cards"])
    return out


def test_pocha_notebook_table_and_play_mode(page, lab):
    """The Pocha notebook runs; its table shows the engine's bids, tricks, trick and score sheet
    at known steps; in play mode the dealer's forbidden bid is disabled with its reason, an
    illegal card is refused with its duty and changes nothing, and a legal card is played."""
    open_notebook(page, lab, "notebooks/pocha.ipynb")
    run_all(page)
    # three tables: the guided hand ("Play your first hand"), the game stepped, the seat to play
    page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-po-sheet').length === 3")
    root = page.locator(".cw-root").nth(1)
    # the same game as the notebook's, stepped here by the engine
    game = play_out(Pocha(NAMES, hands=4), RuleOfThumbPlayer(seed=3), seed=3)
    w = GameWidget(game)
    start = w.start_of("bid", deal=3)
    at_step(page, start)
    assert root.locator(".cw-deal").inner_text().lower() == "hand 3 of 22 (3 of 4 in this game)"
    assert root.locator(".cw-phase").inner_text() == "Bidding"
    mid = next(k for k in range(start, len(w.frames)) if len((w.view_at(k)["trick"] or {}).get("plays", [])) == 2)
    checks = [start, mid, w.start_of("deal", deal=4), len(w.frames) - 1]
    assert felt_step(w, checks[2]) < checks[2]      # hand 3's result: its last trick on the felt
    for k in checks:
        kernel_eval(page, f"table.step = {k}")
        at_step(page, k)
        assert table_state(root) == shown(game, w, k), k
    # the trump card and the hand label at the mid-trick step, reached with the buttons
    kernel_eval(page, f"table.step = {mid - 1}")
    at_step(page, mid - 1)
    root.locator(".cw-next").click()
    at_step(page, mid)
    game.goto(mid)
    view = game.view()
    turned = root.locator(".cw-po-trump .cw-card")
    assert turned.get_attribute("data-code") == view["trump_card"]["code"]
    assert turned.get_attribute("aria-label").endswith(view["trump_card"]["name"])
    assert view["trump_card"]["native"] in turned.get_attribute("title").lower()
    assert root.locator(".cw-po-slot--bottom").count() == 1
    winning = root.locator(".cw-po-card--winning").get_attribute("data-code")
    assert winning == next(p["card"]["code"] for p in view["trick"]["plays"] if p["seat"] == view["trick_winning"])

    # play mode: the notebook's last widget; Ana deals and bids last
    play = page.locator(".cw-root").nth(2)
    mirror = GameWidget.new("pocha", players=NAMES, seed=5, start=5, hands=3, play_as=0)
    f = mirror.view_at(len(mirror.frames) - 1)
    at_step(page, len(mirror.frames) - 1, nth=2)
    forbidden = play.locator(".cw-po-bid--forbidden")
    assert forbidden.is_disabled() and forbidden.inner_text() == str(f["forbidden_bid"])
    # the tooltip says what the engine says when that bid is tried, and names H7
    from cardwidgets import Action
    refusal = mirror.game.why_not(Action("bid", 0, amount=f["forbidden_bid"]))
    title = forbidden.get_attribute("title")
    assert refusal.rule == "H7" and title.lower() == f"{refusal.reason} (H7).".lower()
    assert play.locator(".cw-po-why").inner_text().startswith(f"You may not bid {f['forbidden_bid']}")
    bid = next(a for a in range(f["cards_per_hand"] + 1) if a != f["forbidden_bid"])
    play.locator(f'.cw-po-bid[data-amount="{bid}"]').click()
    assert mirror.handle({"type": "act", "action": {"kind": "bid", "seat": 0, "amount": bid},
                          "at": len(mirror.frames) - 1})
    turn = len(mirror.frames) - 1
    at_step(page, turn, nth=2)
    assert play.locator('.cw-seat[data-seat="0"] .cw-po-bidtook').get_attribute("data-bid") == str(bid)
    g = mirror.game
    legal = g.legal_cards()
    bad = next(c for c in g.hands[0] if c not in legal)
    # before any click, the card says it may not be played, and why (the engine's words)
    card = play.locator(f'.cw-seat[data-seat="0"] button.cw-card[data-code="{bad.code}"]')
    assert card.get_attribute("aria-label").endswith(", not playable now")
    told = card.evaluate("(b) => document.getElementById(b.getAttribute('aria-describedby')).textContent")
    assert told == str(g.why_not(Action("play", 0, card=bad))) and told.startswith("Rule H8: duty ")
    card.click()
    notice = play.locator(".cw-notice--refused")
    notice.wait_for()
    assert notice.inner_text().startswith("Rule H8: duty ")
    assert play.get_attribute("data-step") == str(turn)
    assert play.locator('.cw-seat[data-seat="0"] .cw-card').count() == len(g.hands[0])
    # a legal card is played; the built-in players answer
    good = legal[0]
    assert play.locator(f'.cw-seat[data-seat="0"] button.cw-card[data-code="{good.code}"]').get_attribute(
        "class").count("cw-card--legal") == 1
    play.locator(f'.cw-seat[data-seat="0"] button.cw-card[data-code="{good.code}"]').click()
    assert mirror.handle({"type": "act", "action": {"kind": "play", "seat": 0, "card": good.code},
                          "at": turn})
    at_step(page, len(mirror.frames) - 1, nth=2)
    assert play.locator('.cw-seat[data-seat="0"] .cw-card').count() == len(mirror.game.hands[0])
    assert play.locator(".cw-notice--refused").count() == 0
    assert not page.js_errors
