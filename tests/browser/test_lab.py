"""The widget in a real browser: headless JupyterLab + Debian Chromium + Playwright."""
import json

import pytest

from cardwidgets import load_record
from cardwidgets.widget import GameWidget

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser

EVIL = '<img src=x onerror="window.__xss=1">'


def widget_notebook(page, lab, lab_root, name, source):
    make_notebook(lab_root / "scratch" / f"{name}.ipynb", [source])
    open_notebook(page, lab, f"scratch/{name}.ipynb")
    run_all(page)
    page.wait_for_selector(".cw-root .cw-seat")
    return page.locator(".cw-root").first


def header(root):
    return {"step": root.locator(".cw-stepno").inner_text(), "phase": root.locator(".cw-phase").inner_text(),
            "deal": root.locator(".cw-deal").inner_text()}


def at_step(page, root, k):
    page.wait_for_function("([el, k]) => el.dataset.step === String(k)", arg=[root.element_handle(), k])


def seat_state(root, seat):
    box = root.locator(f'.cw-seat[data-seat="{seat}"]')
    return {"chips": int(box.locator(".cw-seat-chips b").inner_text()),
            "cards": box.locator(".cw-hand .cw-card").evaluate_all("els => els.map(e => e.dataset.code || null)")}


def hole(root, name):
    return int(root.locator(f'.cw-poch-board [data-hole="{name}"] .cw-poch-hole-count').text_content())


def test_poch_notebook_runs_and_steps(page, lab):
    """The Poch notebook runs in Lab; its widgets step forward and back with buttons,
    keys, the slider and the phase jumps, and always show the hand and phase."""
    open_notebook(page, lab, "notebooks/poch.ipynb")
    run_all(page)
    page.wait_for_function("() => document.querySelectorAll('.cw-root').length >= 8")
    root = page.locator(".cw-root").nth(1)     # the first is the guided hand ("Play your first hand")
    start = GameWidget.from_record("e-p1").start_of("pay")
    total = len(load_record("e-p1").history)
    at_step(page, root, start)
    assert header(root) == {"step": f"Step {start} of {total}", "phase": "Phase 1: paying out the holes",
                            "deal": "Deal 1 of 1"}
    root.locator(".cw-next").click()
    at_step(page, root, start + 1)
    root.locator(".cw-back").click()
    root.locator(".cw-back").click()
    at_step(page, root, start - 1)
    root.locator(".cw-what").click()          # focus inside the widget, then use the keys
    page.keyboard.press("ArrowRight")
    at_step(page, root, start)
    page.keyboard.press("End")
    at_step(page, root, total)
    assert header(root) == {"step": f"Step {total} of {total}", "phase": "End of the deal",
                            "deal": "Deal 1 of 1 · finished"}   # (Poch's rounds are deals)
    root.locator(".cw-jump", has_text="Phase 2").click()   # from the end, back into the hand
    at_step(page, root, 9)
    root.locator(".cw-what").click()
    page.keyboard.press("Home")
    at_step(page, root, 0)
    root.locator(".cw-slider").fill("20")
    at_step(page, root, 20)
    assert "King of acorns" in root.locator(".cw-what").inner_text()
    assert "Rule P12" in root.locator(".cw-rules").inner_text()
    # the stepping happened in the browser; Python hears of it afterwards
    page.wait_for_function("() => true")
    assert not page.js_errors


def test_e_p1_table_at_known_steps(page, lab, lab_root):
    """The table's DOM at known steps of E-P1 shows the engine's chips, holes and cards."""
    root = widget_notebook(page, lab, lab_root, "ep1", "from cardwidgets.widget import GameWidget\n"
                           "w = GameWidget.from_record('e-p1')\nw")
    game = load_record("e-p1")
    w = GameWidget.from_record("e-p1")
    checks = {w.start_of("poch"): "after phase 1", 15: "bets made", 16: "showdown",
              20: "C's first run stops", len(w.frames) - 1: "the end"}
    for k, what in checks.items():
        kernel_eval(page, f"w.step = {k}")
        at_step(page, root, k)
        game.goto(k)
        view = game.view()
        for s in range(5):
            state = seat_state(root, s)
            assert state["chips"] == view["chips"][s], (what, s)
            assert state["cards"] == [c["code"] for c in view["hands"][s]], (what, s)
        for name, n in view["holes"].items():
            assert hole(root, name) == n, (what, name)
    # concrete numbers from the document: C has 21 chips after phase 1 (20 - 9 + 5 + 5) ...
    kernel_eval(page, f"w.step = {w.start_of('poch')}")
    at_step(page, root, w.start_of("poch"))
    assert seat_state(root, 2)["chips"] == 21 and hole(root, "poch") == 5
    # ... bets of 4, 4 and 4 lie beside the board before the showdown ...
    kernel_eval(page, "w.step = 15")
    at_step(page, root, 15)
    assert "12 chips · highest bet 4" in " ".join(root.locator(".cw-poch-bets").text_content().split())
    # ... C's first run is 10, Jack, Queen, King of acorns ...
    kernel_eval(page, "w.step = 20")
    at_step(page, root, 20)
    assert root.locator(".cw-poch-run .cw-card").evaluate_all("els => els.map(e => e.dataset.code)") == [
        "10-acorns", "J-acorns", "Q-acorns", "K-acorns"]
    # ... and the end: A 25, B 10, C 33, D 7, E 10, 15 chips in three holes
    kernel_eval(page, f"w.step = {len(w.frames) - 1}")
    at_step(page, root, len(w.frames) - 1)
    assert [seat_state(root, s)["chips"] for s in range(5)] == [25, 10, 33, 7, 10]
    assert [hole(root, h) for h in ("A", "marriage", "sequence", "centre")] == [5, 5, 5, 0]
    assert root.locator(".cw-poch-turned .cw-card").get_attribute("aria-label") == \
        "turned card: Ace of acorns (Eichel-Daus)"


def test_seat_view_shows_backs_for_other_hands(page, lab, lab_root):
    """In B's view the other hands are card backs, and no other hand's code is in the DOM."""
    root = widget_notebook(page, lab, lab_root, "seat", "from cardwidgets.widget import GameWidget\n"
                           "w = GameWidget.from_record('e-p1', seat=1, step=9)\nw")
    game = load_record("e-p1")
    game.goto(9)
    assert seat_state(root, 1)["cards"] == [c.code for c in game._sorted(game.hands[1])]
    html = root.inner_html()
    shown = {c.code for s in range(5) for c in game.shown[s]}
    hidden = [c.code for s in (0, 2, 3, 4) for c in game.hands[s] if c.code not in shown]
    assert not [c for c in hidden if f'"{c}"' in html]
    assert root.locator('.cw-seat[data-seat="3"] .cw-card--back').count() == len(game.hands[3])


def test_play_mode_move_and_refused_click(page, lab, lab_root):
    """Playing B: a click on a card in the betting is refused with the rule's reason and
    changes nothing; a bet is played, the built-in players answer."""
    root = widget_notebook(page, lab, lab_root, "play", "from cardwidgets.widget import GameWidget\n"
                           "w = GameWidget.from_record('e-p1', play_as=1, step=9)\nw")
    at_step(page, root, 9)
    assert "Your turn, B" in root.locator(".cw-now-who").inner_text()
    root.locator('.cw-seat[data-seat="1"] button.cw-card').first.click()
    notice = root.locator(".cw-notice--refused")
    notice.wait_for()
    assert notice.inner_text().startswith("Rule P9: in the poching you may pass, bet")
    assert kernel_eval(page, "print(len(w.game.actions), len(w.frames))").split() == ["9", "10"]
    # the bets are at B's seat, beside the hand (the Now panel points there)
    bar = root.locator('.cw-seat[data-seat="1"] .cw-movebar')
    bar.locator(".cw-movebar-select").select_option("2")
    bar.locator(".cw-movebar-btn--bet").click()
    page.wait_for_function("() => Number(document.querySelector('.cw-root').dataset.step) > 9")
    # every step the built-in players took since B's bet is listed under "What happened"
    log = root.locator(".cw-log").inner_text()
    assert log.startswith("10. B pochs 2")
    assert "Your turn, B" in root.locator(".cw-now-who").inner_text()
    root.locator(".cw-slider").fill("10")
    at_step(page, root, 10)
    assert root.locator(".cw-what").inner_text() == ('B pochs 2: bets 2 chips ("Ich poche 2", '
                                                     'German for "I poch 2"; pochen is to knock).')
    out = kernel_eval(page, "print(w.game.actions[9])")
    assert out.strip() == "Action('bet', seat=1, amount=2)"
    assert not page.js_errors


def test_player_names_are_text_not_markup(page, lab, lab_root):
    """A player named like an HTML tag appears as that literal text; no element is made."""
    names = ["Anna", EVIL, "Carl"]
    root = widget_notebook(page, lab, lab_root, "xss", "from cardwidgets.widget import GameWidget\n"
                           f"w = GameWidget.new('poch', players={names!r}, seed=2)\nw")
    kernel_eval(page, "w.step = 12")
    at_step(page, root, 12)
    assert root.locator('.cw-seat[data-seat="1"] .cw-seat-name').inner_text() == EVIL
    assert root.locator("img").count() == 0
    assert page.evaluate("() => window.__xss") is None
    assert EVIL in root.locator(".cw-seat-select").inner_text()


def test_take_a_seat_in_the_page_and_play(page, lab, lab_root):
    """Watching E-P1, a student picks B's view, presses Play at phase 2 and bets."""
    root = widget_notebook(page, lab, lab_root, "take", "from cardwidgets.widget import GameWidget\n"
                           "w = GameWidget.from_record('e-p1')\nw")
    root.locator(".cw-jump", has_text="Phase 2").click()
    at_step(page, root, 9)
    root.locator(".cw-seat-select").select_option(label="B's view")
    page.wait_for_function("() => document.querySelector('.cw-root .cw-play-btn').textContent.startsWith('Play as B')")
    root.locator(".cw-play-btn").click()
    page.wait_for_function("() => document.querySelector('.cw-root .cw-now-who').textContent.startsWith('Your turn, B')")
    assert root.locator('.cw-seat[data-seat="0"] .cw-card--back').count() > 0
    root.locator('.cw-seat[data-seat="1"] .cw-movebar-btn--pass').click()
    page.wait_for_function("() => Number(document.querySelector('.cw-root').dataset.step) > 9")
    assert kernel_eval(page, "print(w.game.actions[9])").strip() == "Action('pass', seat=1)"
    n = int(kernel_eval(page, "print(len(w.frames))"))
    assert root.locator(".cw-slider").get_attribute("max") == str(n - 1)
    assert not page.js_errors
