"""Truc and Truk with the keyboard alone (issue 12's "work with the keyboard alone", as Poch and
Pocha are in test_classroom.py): a student playing seat 0 of a two-player game reaches the
moves with Tab and Enter from the top of the widget, walks the moves with Tab and Shift+Tab
(each with a visible focus outline; the Now panel's pointer to the moves the table draws
leads to them), answers a call or makes the hand's decision with Space, then plays a card
with Enter; the table changes each time and the focus lands on the
student's next move."""

import pytest

from labfixtures import browser, lab, lab_root  # noqa: F401  (fixtures)
from labserver import kernel_eval, notebook_page, run_all

pytestmark = pytest.mark.browser

#: game, seed of a deal where seat 0's first turn is a call to answer or a decision, and the
#: move the student makes then (a button of the table or of the Now panel, by its kind)
CASES = [("truc", 3, "accept"), ("truk", 1, "play_truk")]

FOCUS = """() => {
  const a = document.activeElement, inside = !!(a && a.closest('.cw-root'));
  const s = a ? getComputedStyle(a) : null;
  return {inside, tag: a ? a.tagName : '', cls: a && typeof a.className === 'string' ? a.className : '',
          kind: a && a.dataset ? a.dataset.kind || a.dataset.cwMove || null : null,
          code: a && a.dataset ? a.dataset.code || null : null,
          label: a ? (a.getAttribute('aria-label') || a.textContent || '').trim().slice(0, 80) : '',
          shown: !!a && a.offsetParent !== null && a.getClientRects().length > 0,
          ring: s ? {style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
                     shadow: s.boxShadow} : null,
          focusVisible: !!a && a.matches(':focus-visible')};
}"""

STEP = "() => Number(document.querySelector('.cw-root').dataset.step)"


def _ring_visible(focus):
    """The focused element shows a focus ring: an outline 1.5 px or wider (the shell draws 3 px;
    a table zoomed to fit the window draws it thinner), or a shadow."""
    ring = focus["ring"] or {}
    outline = ring.get("style") not in (None, "none") and ring.get("width", 0) >= 1.5
    return focus["focusVisible"] and (outline or ring.get("shadow") not in (None, "none"))


def _is_move(focus):
    return focus["inside"] and focus["shown"] and (
        "cw-card--legal" in focus["cls"] or "cw-move" in focus["cls"] or "cw-tc-call" in focus["cls"]
        or focus["kind"] is not None)


def _seat_page(browser, lab, lab_root, name, widget=None, cell=None):
    """A notebook ``scratch/<name>.ipynb`` of one ``cell`` (by default one showing ``w =
    <widget>``), opened in its own 1280 x 800 page: yields the page and the list of its
    script errors, then closes it."""
    cell = cell or f"from cardwidgets.widget import GameWidget\nw = {widget}\nw"
    return notebook_page(browser, lab, lab_root, name, cell)


def _tab_to(page, test, limit=60, back=False):
    """Press Tab (Shift+Tab with ``back``) until ``test(focus)``; every stop inside the widget
    shows a focus ring. Returns the focus."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        focus = page.evaluate(FOCUS)
        if focus["inside"] and focus["shown"]:
            assert _ring_visible(focus), focus
        if test(focus):
            return focus
    raise AssertionError(f"{limit} presses of Tab did not reach the move; last focus {focus}")


@pytest.mark.parametrize("game,seed,kind", CASES, ids=[c[0] for c in CASES])
def test_a_two_player_seat_by_keyboard_alone(browser, lab, lab_root, game, seed, kind):
    with _seat_page(browser, lab, lab_root, f"kb{game}",
                    f"GameWidget.new({game!r}, players=2, seed={seed}, play_as=0)") as (page, errors):
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
        run_all(page)
        page.wait_for_selector(".cw-root .cw-table-inner")
        page.locator(".cw-root .cw-now-who", has_text="Your turn").wait_for()
        # the moves the keyboard can reach: legal cards, the table's own move buttons
        # (data-cw-move) and the Now panel's, shown (Truc's call bar once had none of them)
        reachable = page.evaluate("() => [...document.querySelectorAll('.cw-root button.cw-card--legal, "
                                  ".cw-root [data-cw-move], .cw-root .cw-legal .cw-move')]"
                                  ".filter(e => e.offsetParent !== null).length")
        assert reachable, "no move the keyboard's M or skip button can reach"
        legal = kernel_eval(page, "print(sorted({e['action']['kind'] for e in "
                                  "w.view_at(len(w.frames) - 1)['legal']}))")
        assert repr(kind) in legal, legal    # the deal is the one meant: seat 0 has that move

        # from the top of the widget: Tab reaches the skip button, Enter puts the focus on a move
        page.evaluate("() => document.querySelector('.cw-root').focus()")
        page.keyboard.press("Tab")
        assert "cw-skip" in page.evaluate(FOCUS)["cls"]
        page.keyboard.press("Enter")
        focus = page.evaluate(FOCUS)
        assert _is_move(focus) and _ring_visible(focus), focus

        # Tab to the answer or decision; where the table draws it, the Now panel's pointer to it
        # ("...: at your seat") comes after the table's own buttons, and Enter on it goes there
        target = _tab_to(page, lambda f: f["inside"] and f["kind"] == kind and f["tag"] == "BUTTON")
        if "cw-goto-moves" in target["cls"]:
            page.keyboard.press("Enter")
            target = page.evaluate(FOCUS)
            assert target["kind"] == kind and "cw-goto-moves" not in target["cls"], target
            assert _ring_visible(target), target
        # Shift+Tab and Tab come back to it
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUS)["label"] != target["label"] or page.evaluate(FOCUS)["cls"] != target["cls"]
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS)["label"] == target["label"]
        felt = page.locator(".cw-root .cw-table-inner").inner_html()
        before = page.evaluate(STEP)
        page.keyboard.press("Space")
        page.wait_for_function(f"() => {STEP[6:]} > {before}")
        # the built-in player answers or plays until it is seat 0's turn again, with a card
        page.locator(".cw-root .cw-seat[data-seat='0'] button.cw-card--legal").first.wait_for()
        mine = kernel_eval(page, "print([a.kind for a in w.game.actions if a.seat == 0])")
        assert repr(kind) in mine, mine
        assert page.locator(".cw-root .cw-table-inner").inner_html() != felt
        page.wait_for_function("() => { const a = document.activeElement; return a && a.closest('.cw-root') "
                               "&& a.offsetParent !== null && !a.disabled; }")
        focus = page.evaluate(FOCUS)
        assert _is_move(focus) and _ring_visible(focus), focus   # on the next move, not lost

        # a card: Tab to one of seat 0's legal cards (the focus may be on one already), Enter
        card = focus if "cw-card--legal" in focus["cls"] else _tab_to(
            page, lambda f: f["inside"] and "cw-card--legal" in f["cls"])
        assert card["code"], card
        before = page.evaluate(STEP)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => {STEP[6:]} > {before}")
        page.wait_for_function("(code) => !document.querySelector(`.cw-root .cw-seat[data-seat='0'] "
                               "button.cw-card[data-code='${code}']`)", arg=card["code"])
        played = kernel_eval(page, "print([a.card.code for a in w.game.actions "
                                   "if a.seat == 0 and a.card is not None])")
        assert repr(card["code"]) in played, played
        page.wait_for_function("() => { const a = document.activeElement; return a && a.closest('.cw-root') "
                               "&& a.offsetParent !== null && !a.disabled; }")
        focus = page.evaluate(FOCUS)
        assert focus["inside"] and focus["shown"] and _ring_visible(focus), focus
        # somewhere sensible: the next move if it is seat 0's turn, else the stepper or a move
        assert _is_move(focus) or any(c in focus["cls"] for c in ("cw-next", "cw-back", "cw-first")), focus
        assert not errors


#: a whole hand with the keyboard alone, in each game (game, players, seed)
HANDS = [("poch", 3, 2), ("pocha", 4, 3), ("truk", 2, 1), ("truc", 2, 3)]

#: every stop of the Tab order inside the widget, from its top: what it is
STOPS = """() => {
  const root = document.querySelector('.cw-root');
  const els = [...root.querySelectorAll('button, select, input, [tabindex]')]
    .filter(e => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  return els.map(e => ({cls: typeof e.className === 'string' ? e.className : '', tag: e.tagName,
                        kind: e.dataset.cwMove || e.dataset.kind || null, code: e.dataset.code || null,
                        what: e.dataset.what || null, refused: e.classList.contains('cw-card--refused'),
                        why: e.getAttribute('aria-describedby') ? (document.getElementById(e.getAttribute('aria-describedby')) || {}).textContent || '' : '',
                        label: e.getAttribute('aria-label') || ''}));
}"""

TURN = """() => { const r = document.querySelector('.cw-root');
  const who = r.querySelector('.cw-now-who'); return {step: Number(r.dataset.step), who: who ? who.textContent : ''}; }"""


def _legal_now(page):
    """The person's legal moves now, from the kernel: (kind, card, what) and the amount kinds."""
    out = kernel_eval(page, "import json\nf = w.view_at(len(w.frames) - 1)\n"
                            "print(json.dumps([[l['action']['kind'], l['action'].get('card'), "
                            "l['action'].get('what'), 'amounts' in l] for l in f['legal']]))")
    import json
    return json.loads(out)


@pytest.mark.parametrize("game,players,seed", HANDS, ids=[h[0] for h in HANDS])
def test_a_whole_hand_by_keyboard_alone(browser, lab, lab_root, game, players, seed):
    """Play mode in JupyterLab at 1280 x 800: a whole hand played with Tab, Shift+Tab and
    Enter only. At every turn each legal move is a stop of the Tab order (the cards that may
    be played, the bets or answers at the seat, the amount menus), every stop shows its focus,
    the cards the rules refuse now are marked so and carry the rules' refusal as their
    description; after each move the focus is on the next move (never lost to the page, not
    taken by the computer players' moves)."""
    short = ", hands=3" if game == "pocha" else ""
    with _seat_page(browser, lab, lab_root, f"kbhand{game}", f"GameWidget.new({game!r}, "
                    f"players={players}, seed={seed}, play_as=0{short})") as (page, errors):
        run_all(page)
        page.wait_for_selector(".cw-root .cw-table-inner")
        page.locator(".cw-root .cw-now-who", has_text="Your turn").wait_for()
        hand = kernel_eval(page, "print(w.game.deal_number)").strip()
        # into the widget from its top: the skip button, then Enter puts the focus on a move
        page.evaluate("() => document.querySelector('.cw-root').focus()")
        page.keyboard.press("Tab")
        assert "cw-skip" in page.evaluate(FOCUS)["cls"]
        page.keyboard.press("Enter")
        moves = 0
        for _ in range(60):
            focus = page.evaluate(FOCUS)
            assert _is_move(focus) and _ring_visible(focus), f"turn {moves}: the focus is not on a move {focus}"
            # every legal move is a stop of the Tab order
            stops = page.evaluate(STOPS)
            legal = _legal_now(page)
            for kind, card, what, amounts in legal:
                if card:
                    hit = [s for s in stops if s["code"] == card and "cw-card" in s["cls"] and not s["refused"]]
                else:
                    hit = [s for s in stops if s["kind"] == kind and (what is None or s["what"] in (what, None))
                           and "cw-goto-moves" not in s["cls"]]
                assert hit, f"turn {moves}: the legal move {kind} {card or what or ''} is no stop of the Tab order"
            # the cards refused now: marked so, with the rules' words as their description
            legal_cards = {c for _, c, _, _ in legal if c}
            for s in stops:
                if "cw-card" in s["cls"] and s["code"] and s["code"] not in legal_cards:
                    assert "not playable now" in s["label"] and s["why"].startswith("Rule "), s
            # Tab (Shift+Tab back once) to the first move, Enter
            page.keyboard.press("Shift+Tab")
            target = _tab_to(page, lambda f: _is_move(f) and f["tag"] == "BUTTON" and "cw-goto-moves" not in f["cls"]
                             and "refused" not in f["cls"] and "cw-card--refused" not in f["cls"])
            before = page.evaluate(TURN)["step"]
            page.keyboard.press("Enter")
            moves += 1
            page.wait_for_function(f"() => Number(document.querySelector('.cw-root').dataset.step) > {before}")
            page.wait_for_function("() => { const r = document.querySelector('.cw-root'); const t = r.querySelector('.cw-now-who');"
                                   " return t && (/Your turn|over/.test(t.textContent)); }")
            page.wait_for_function("() => { const a = document.activeElement; return a && a.closest('.cw-root') "
                                   "&& a.offsetParent !== null && !a.disabled; }")
            if kernel_eval(page, "print(w.game.finished or w.game.deal_number)").strip() != hand:
                break
        else:
            raise AssertionError(f"{game}: the hand did not end in 60 moves")
        assert moves >= 2, moves
        assert kernel_eval(page, "print([a.seat for a in w.game.actions].count(0))").strip() != "0"
        focus = page.evaluate(FOCUS)
        assert focus["inside"] and focus["shown"] and _ring_visible(focus), focus
        assert not errors


SLOW = """\
import time
from cardwidgets.engine.players import Player, player_for
from cardwidgets.widget import GameWidget
class Slow(Player):
    \"\"\"The easy player, thinking 1.5 s before each move (a slow kernel, a hard level).\"\"\"
    def __init__(self, seat):
        super().__init__()
        self.inner = player_for("easy", seat)
    def choose(self, game, seat):
        time.sleep(1.5)
        action = self.inner.choose(game, seat)
        self.reason = self.inner.reason
        return action
w = GameWidget.new("truc", players=2, seed=3, play_as=0, bots=[Slow(0), Slow(1)])
w"""


def test_the_computer_players_moves_do_not_take_the_focus(browser, lab, lab_root):
    """A move made, the student Tabs on (to the stepper, the menus) while the computer
    players think: when their moves arrive the focus stays where the student put it; left on
    the move that was made, it goes to the next move."""
    with _seat_page(browser, lab, lab_root, "kbslow", cell=SLOW) as (page, _):
        run_all(page)
        page.locator(".cw-root .cw-now-who", has_text="Your turn").wait_for()
        page.evaluate("() => document.querySelector('.cw-root').focus()")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        target = _tab_to(page, lambda f: f["inside"] and f["kind"] == "accept" and f["tag"] == "BUTTON"
                         and "cw-goto-moves" not in f["cls"])
        before = page.evaluate(STEP)
        page.keyboard.press("Space")
        # on, out of the table, while the computer player thinks
        away = _tab_to(page, lambda f: f["inside"] and f["shown"] and page.evaluate(
            "() => !document.activeElement.closest('.cw-table')"))
        page.wait_for_function(f"() => {STEP[6:]} > {before} + 1", timeout=30_000)
        page.locator(".cw-root .cw-now-who", has_text="Your turn").wait_for()
        page.wait_for_timeout(300)
        now = page.evaluate(FOCUS)
        assert now["cls"] == away["cls"] and now["label"] == away["label"], (away, now)
        # the next move made and left alone: the focus goes on to the next move
        card = _tab_to(page, lambda f: f["inside"] and "cw-card--legal" in f["cls"])
        before = page.evaluate(STEP)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => {STEP[6:]} > {before} + 1", timeout=30_000)
        page.wait_for_function("() => { const a = document.activeElement; return a && a.closest('.cw-root') "
                               "&& a.offsetParent !== null && !a.disabled && !a.classList.contains('cw-skip'); }")
        focus = page.evaluate(FOCUS)
        assert focus["inside"] and _ring_visible(focus), focus
        assert _is_move(focus) or "over" in page.locator(".cw-root .cw-now-who").inner_text() \
            or any(c in focus["cls"] for c in ("cw-next", "cw-back", "cw-first")), (card, focus)
