"""The Valencian truc table in a real browser: headless JupyterLab + Chromium."""
import pytest

from cardwidgets import Action, load_record
from cardwidgets.games.truc import Truc
from cardwidgets.widget import GameWidget

from helpers import felt_step

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser

NAMES = ["Amparo", "Vicent", "Carme", "Pep"]
CALLED = ("from cardwidgets import Action\nfrom cardwidgets.games.truc import Truc\n"
          "g = Truc({names!r})\n"
          "g.apply(g.scripted_deal({{2: ['7-swords', '6-swords', '3-clubs'], "
          "3: ['4-coins', '5-cups', '6-clubs']}}))\n"
          "g.apply(Action('call', 3, what='truc'))\n"
          "p = GameWidget(g, play_as=2, step=-1, seed=1)\np")


def at_step(page, k, nth=0):
    page.wait_for_function("([k, i]) => document.querySelectorAll('.cw-root')[i].dataset.step === String(k)",
                           arg=[k, nth])


def table_state(root):
    """What the table shows: each seat's cards, the trick, the three tricks, the score, the
    ladder row marked now, the envit values shown."""
    seats = {}
    for s in range(4):
        box = root.locator(f'.cw-tc-seat[data-seat="{s}"]')
        seats[s] = {"cards": box.locator(".cw-hand .cw-card").evaluate_all("els => els.map(e => e.dataset.code || null)"),
                    "ma": box.locator(".cw-tc-ma").count() == 1}
    trick = root.locator(".cw-tc-play[data-card]").evaluate_all(
        "els => els.map(e => [Number(e.dataset.seat), e.dataset.card])")
    tricks = root.locator(".cw-tc-tk-out").evaluate_all("els => els.map(e => e.textContent)")
    points = root.locator(".cw-tc-score-pts b").evaluate_all("els => els.map(e => Number(e.textContent))")
    now = root.locator(".cw-tc-rung--now").evaluate_all("els => els.map(e => e.dataset.bet || 'no bet')")
    return {"seats": seats, "trick": trick, "tricks": tricks, "points": points, "now": now}


def expected(view, prev_trick_plays=None):
    seats = {s: {"cards": [c["code"] for c in view["hands"][s]], "ma": view["ma"] == s} for s in range(4)}
    plays = (view["trick"] or {"plays": []})["plays"] or (prev_trick_plays or [])
    trick = [[p["seat"], p["card"]["code"]] for p in plays]
    words = []
    decided = view["hand_winner"] is not None
    for k in range(3):
        t = view["tricks"][k] if k < len(view["tricks"]) else None
        if t:
            words.append("parda" if t["tie"] else f"Side {t['side'] + 1}")
        elif decided:
            words.append("not played")
        elif k == len(view["tricks"]) and view["phase"] == "play":
            words.append("playing…")
        else:
            words.append("–")
    now = ["no bet"] if view["truc"]["level"] == 0 else [view["truc"]["ladder"][view["truc"]["level"] - 1]["bet"]]
    return {"seats": seats, "trick": trick, "tricks": words, "points": view["points"], "now": now}


def test_truc_table_in_the_browser_and_play_mode(page, lab, lab_root):
    """The settling example steps in the browser: at each checked step the table shows the
    engine's hands, trick, tricks, score and stake; the envit values appear at the settling.
    In play mode Carme answers Pep's truc with the table's buttons: her cards wait while the
    call is open; the envit is called first, then the truc accepted; a card is played."""
    make_notebook(lab_root / "scratch" / "truc.ipynb", [
        "from cardwidgets.widget import GameWidget\nw = GameWidget.from_record('truc-settling')\nw",
        CALLED.format(names=NAMES),
    ])
    open_notebook(page, lab, "scratch/truc.ipynb")
    run_all(page)
    page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-tc-felt').length === 2")
    root = page.locator(".cw-root").nth(0)
    game = load_record("truc-settling")
    total = len(game.actions)
    for k in (0, 1, 4, 7, 10, 14):
        kernel_eval(page, f"w.step = {k}")
        at_step(page, k)
        game.goto(k)
        view = game.view()
        prev = None
        if not (view["trick"] or {}).get("plays") and view["tricks"] and view["phase"] in ("play", "settle"):
            prev = view["tricks"][-1]["plays"]
        assert table_state(root) == expected(view, prev), k
    # the settling: everyone's envit shown, Pep's 33 marked, the cama to side 2
    kernel_eval(page, f"w.step = {total}")
    at_step(page, total)
    assert root.locator(".cw-tc-score-pts b").evaluate_all("els => els.map(e => Number(e.textContent))") == [0, 0]
    assert root.locator(".cw-tc-pip--won").count() == 1
    assert root.locator(".cw-tc-tk-out").evaluate_all("els => els.map(e => e.textContent)") == [
        "Side 1", "Side 1", "not played"]
    assert "Pep's 33 is the best" in root.locator(".cw-what").inner_text()
    # the ladder at the birtruc: keyboard stepping reaches it
    kernel_eval(page, "w.step = 6")
    at_step(page, 6)
    assert root.locator(".cw-tc-rung--now").get_attribute("data-bet") == "birtruc"
    assert "3 points" in root.locator(".cw-tc-stake").first.inner_text()

    # play mode: Carme answers Pep's truc
    play = page.locator(".cw-root").nth(1)
    mirror_game = Truc(NAMES)
    mirror_game.apply(mirror_game.scripted_deal({2: ["7-swords", "6-swords", "3-clubs"],
                                                 3: ["4-coins", "5-cups", "6-clubs"]}))
    mirror_game.apply(Action("call", 3, what="truc"))
    mirror = GameWidget(mirror_game, play_as=2, step=-1, seed=1)
    turn = len(mirror.frames) - 1
    at_step(page, turn, nth=1)
    bar = play.locator(".cw-tc-callbar")
    assert "Pep called truc" in bar.inner_text()
    labels = bar.locator("button.cw-tc-call").evaluate_all("els => els.map(e => e.dataset.kind + ':' + (e.dataset.what || ''))")
    assert labels == ["accept:", "refuse:", "call:birtruc", "call:envit", "call:falta"]
    assert "refused, 2" in bar.locator('button[data-what="birtruc"]').inner_text()
    # the shell's own bet buttons are hidden: the table's bar is the one to use
    assert play.locator(".cw-legal .cw-move--accept").is_hidden()
    # while the truc is open play stops (V7): Carme's cards are not buttons
    assert play.locator('.cw-tc-seat[data-seat="2"] .cw-card').count() == 3
    assert play.locator('.cw-tc-seat[data-seat="2"] button.cw-card').count() == 0
    # envit first (the table's button), mirrored in Python
    bar.locator('button[data-what="envit"]').click()
    assert mirror.handle({"type": "act", "action": {"kind": "call", "seat": 2, "what": "envit"}, "at": turn})
    turn = len(mirror.frames) - 1
    at_step(page, turn, nth=1)
    assert mirror.game.current_player == 2 and mirror.game.calls[-1].kind == "truc"
    assert "Carme: envit" in play.locator(".cw-tc-envit").inner_text()
    # accept the truc, then play the 7 of swords by clicking it
    play.locator('.cw-tc-callbar button[data-kind="accept"]').click()
    assert mirror.handle({"type": "act", "action": {"kind": "accept", "seat": 2}, "at": turn})
    turn = len(mirror.frames) - 1
    at_step(page, turn, nth=1)
    assert mirror.game.current_player == 2
    card = play.locator('.cw-tc-seat[data-seat="2"] button.cw-card[data-code="7-swords"]')
    assert "cw-card--legal" in card.get_attribute("class")
    card.click()
    assert mirror.handle({"type": "act", "action": {"kind": "play", "seat": 2, "card": "7-swords"}, "at": turn})
    last = len(mirror.frames) - 1
    at_step(page, last, nth=1)
    # the hand's result is held with its felt as the hand's last move left it
    assert play.locator('.cw-tc-seat[data-seat="2"] .cw-card').count() == len(
        mirror.view_at(felt_step(mirror, last))["hands"][2])
    assert play.locator(".cw-notice--refused").count() == 0
    assert not page.js_errors
