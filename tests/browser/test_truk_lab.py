"""The Truk table in a real browser: headless JupyterLab + Chromium, a scratch notebook."""
import pytest

from cardwidgets import load_record
from cardwidgets.widget import GameWidget

from labfixtures import browser, lab, lab_root, page  # noqa: F401  (fixtures)
from labserver import kernel_eval, make_notebook, open_notebook, run_all

pytestmark = pytest.mark.browser


def at_step(page, k, nth=0):
    page.wait_for_function("([k, i]) => document.querySelectorAll('.cw-root')[i].dataset.step === String(k)",
                           arg=[k, nth])


def tricks_shown(root):
    return root.locator(".cw-tk-trick").evaluate_all(
        "els => els.map(e => [e.dataset.trick, e.dataset.outcome || null, "
        "[...e.querySelectorAll('.cw-tk-play')].map(p => [Number(p.dataset.seat), "
        "p.querySelector('.cw-card').dataset.code])])")


def tricks_expected(view):
    return [[t["name"], t["outcome"], [[p["seat"], p["card"]["code"]] for p in (t["trick"] or {"plays": []})["plays"]]]
            for t in view["tricks"]]


def test_truk_table_steps_and_play_mode(page, lab, lab_root):
    make_notebook(lab_root / "scratch" / "truk.ipynb", [
        "from cardwidgets.widget import GameWidget\n"
        "w = GameWidget.from_record('truk-bet-accepted')\nw",
        "p = GameWidget.from_record('truk-aa-pasotan', play_as=1, step=36)\np",
        "q = GameWidget.new('truk', players=4, seed=1, play_as=0)\nq",
        "r = GameWidget.new('truk', players=4, seed=2, play_as=0)\nr",
    ])
    open_notebook(page, lab, "scratch/truk.ipynb")
    run_all(page)
    page.wait_for_function("() => document.querySelectorAll('.cw-root .cw-tk-felt').length === 4")
    root = page.locator(".cw-root").nth(0)
    game = load_record("truk-bet-accepted")
    bet = next(s.index for s in game.history if s.action.kind == "truk")
    for k in (bet - 1, bet, bet + 1, game.steps_total):
        kernel_eval(page, f"w.step = {k}")
        at_step(page, k)
        game.goto(k)
        view = game.view()
        assert tricks_shown(root) == tricks_expected(view), k
        dots = root.locator(".cw-tk-counters .cw-tk-dot--on").count()
        assert dots == sum(view["tantos"]["sides"]) + view["tantos"]["middle"] + sum(view["truks"]["sides"])
    kernel_eval(page, f"w.step = {bet}")
    at_step(page, bet)
    assert root.locator(".cw-tk-bubble--bet").inner_text() == "Truk!"
    assert "Truk!" in root.locator(".cw-tk-bet").inner_text()
    assert root.locator(".cw-phase").inner_text() == "Truk! Joka or not?"
    kernel_eval(page, f"w.step = {game.steps_total}")
    at_step(page, game.steps_total)
    assert "wins the hand" in root.locator(".cw-tk-verdict").inner_text()

    # play mode in pasotan: B2 picks two cards, changes them and keeps the new ones
    play = page.locator(".cw-root").nth(1)
    mirror = GameWidget.from_record("truk-aa-pasotan", play_as=1, step=36)
    g = mirror.game
    assert g.phase.key == "pasotan" and g.current_player == 1
    at_step(page, 36, nth=1)
    seat = play.locator('.cw-seat[data-seat="1"]')
    picks = seat.locator("button.cw-tk-pick")
    assert picks.count() == 3
    go = seat.locator(".cw-tk-change-go")
    assert go.is_disabled()
    old = [c.code for c in g.hands[1][:2]]
    for code in old:
        seat.locator(f'button.cw-tk-pick:has(.cw-card[data-code="{code}"])').click()
    assert go.inner_text() == "Change 2 cards"
    go.click()
    assert mirror.handle({"type": "act", "action": {"kind": "change", "seat": 1, "cards": old}, "at": 36})
    at_step(page, 37, nth=1)
    seat.locator(".cw-movebar button[data-kind=\"keep\"]").click()   # at the seat (cwMoveBar)
    assert mirror.handle({"type": "act", "action": {"kind": "keep", "seat": 1}, "at": 37})
    at_step(page, len(mirror.frames) - 1, nth=1)
    shown = seat.locator(".cw-card").evaluate_all("els => els.map(e => e.dataset.code)")
    assert sorted(shown) == sorted(c.code for c in mirror.game.hands[1])
    assert not set(shown) & set(old)
    assert play.locator(".cw-tk-changes .cw-card").count() >= 1

    # play mode from the start: A1 plays a card by clicking it; the buttons are the engine's
    third = page.locator(".cw-root").nth(2)
    q = GameWidget.new("truk", players=4, seed=1, play_as=0)
    assert q.game.phase.key == "play" and q.game.current_player == 0
    at_step(page, len(q.frames) - 1, nth=2)
    # the moves other than a card are drawn at the seat (cwMoveBar), named as the engine
    # names them; the Now panel points to them
    labels = third.locator('.cw-seat[data-seat="0"] .cw-movebar button').evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels == [q.game.describe(a) for a in q.game.legal_actions() if a.card is None]
    assert third.locator(".cw-legal .cw-goto-moves").count() >= 1
    code = q.game.hands[0][0].code
    third.locator(f'.cw-seat[data-seat="0"] button.cw-card[data-code="{code}"]').click()
    assert q.handle({"type": "act", "action": {"kind": "play", "seat": 0, "card": code},
                     "at": len(q.frames) - 1})
    at_step(page, len(q.frames) - 1, nth=2)
    assert third.locator(".cw-notice--refused").count() == 0
    played = third.locator(".cw-tk-play .cw-card").evaluate_all("els => els.map(e => e.dataset.code)")
    assert code in played

    # K19 (our ruling): before the truk decision A2 asks A1 (you) for a signal; the signal
    # buttons are there, reached and pressed with the keyboard
    fourth = page.locator(".cw-root").nth(3)
    r = GameWidget.new("truk", players=4, seed=2, play_as=0)
    assert r.game.phase.key == "option" and r.game.consult == {"by": 2, "partner": 0}
    at_step(page, len(r.frames) - 1, nth=3)
    assert fourth.locator('.cw-seat[data-seat="2"] .cw-tk-bubble--ask').inner_text() == "Any signal?"
    assert "To signal" in fourth.locator('.cw-seat[data-seat="0"] .cw-badge--turn').inner_text()
    buttons = fourth.locator('.cw-seat[data-seat="0"] .cw-tk-sigbar button[data-cw-move="signal"]')
    assert buttons.count() == len(r.game.legal_actions())
    # each drawn as a face (inline SVG, no emoji font needed) and named as the engine names it
    assert buttons.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))") == [
        r.game.describe(a) for a in r.game.legal_actions()]
    assert buttons.evaluate_all("els => els.every(e => e.querySelector('svg.cw-tk-sig-icon'))")
    first = buttons.nth(0)
    assert first.evaluate("b => b.tabIndex") >= 0 and not first.is_disabled()
    first.focus()
    page.keyboard.press("Enter")
    action = r.game.legal_actions()[0]
    assert r.handle({"type": "act", "action": action.to_json(), "at": len(r.frames) - 1})
    at_step(page, len(r.frames) - 1, nth=3)
    if r.game.deal_number == 1:          # the same hand: the signal is in the box
        assert r.game.SIGNALS[action.what][0] in fourth.locator(".cw-tk-signals").inner_text()
        faces = signal_faces(fourth)
        assert faces["chips"] and faces["list"], faces
        gesture = r.game.SIGNALS[action.what][0]
        assert all(f == f"Signal: {gesture}" for f in faces["chips"] + faces["list"]), faces
        assert not faces["emoji"], faces
    assert not page.js_errors


#: what the signals drawn show: the faces' accessible names at the seats (chips) and in the
#: Signals box (list), and any emoji code point in their text (there must be none: a machine
#: without an emoji font draws them as empty boxes)
SIGNAL_FACES = r"""(root) => {
  const name = (e) => e.getAttribute('aria-label') || (e.querySelector('title') || {}).textContent || '';
  const faces = (sel) => [...root.querySelectorAll(sel)].map(name);
  const text = [...root.querySelectorAll('.cw-tk-sig, .cw-tk-siglist, .cw-tk-sigbar')].map(e => e.textContent).join(' ');
  const emoji = [...text].filter(ch => /\p{Extended_Pictographic}/u.test(ch) && !/[♠-♧]/.test(ch));
  return {chips: faces('.cw-tk-sig svg.cw-tk-sig-icon[role="img"]'),
          list: faces('.cw-tk-siglist svg.cw-tk-sig-icon[role="img"]'), emoji};
}"""


def signal_faces(root):
    return root.evaluate(SIGNAL_FACES)


def test_K19_every_signal_drawn_without_an_emoji_font(page, lab, lab_root):
    """K19's six signals, each given in a hand (the teacher's view sees them all), drawn as
    faces of inline SVG with an accessible name ("Signal: closes one eye"), no emoji (which
    headless Chromium, like a student's machine without an emoji font, drew as empty boxes);
    the static picture the same."""
    setup = ("from cardwidgets import Action\n"
             "from cardwidgets.widget import GameWidget\n"
             "from cardwidgets.games.truk.rules import SIGNALS\n"
             "def with_signals():\n"
             "    for seed in range(200):\n"
             "        w = GameWidget.new('truk', players=4, seed=seed, play_as=0)\n"
             "        g = w.game\n"
             "        done = set()\n"
             "        for _ in range(40):\n"
             "            sig = [a for a in g.legal_actions() if a.kind == 'signal' and a.what not in done]\n"
             "            if not sig or g.deal_number != 1:\n"
             "                break\n"
             "            g.apply(sig[0]); done.add(sig[0].what)\n"
             "        if len(done) >= 2:\n"
             "            return GameWidget(g), sorted(done)\n"
             "t, given = with_signals()\nt")
    make_notebook(lab_root / "scratch" / "trukfaces.ipynb", [setup])
    open_notebook(page, lab, "scratch/trukfaces.ipynb")
    run_all(page)
    page.wait_for_selector(".cw-root .cw-tk-felt")
    root = page.locator(".cw-root").nth(0)
    kernel_eval(page, "t.step = len(t.frames) - 1")
    at_step(page, int(kernel_eval(page, "print(len(t.frames) - 1)")))
    given = eval(kernel_eval(page, "print(given)"))  # noqa: S307 (our own kernel's list)
    gestures = eval(kernel_eval(page, "print({k: v[0] for k, v in SIGNALS.items()})"))  # noqa: S307
    faces = signal_faces(root)
    assert not faces["emoji"], faces
    names = {f"Signal: {g}" for g in gestures.values()}
    assert {f"Signal: {gestures[w]}" for w in given} <= set(faces["list"]), faces
    assert set(faces["list"]) <= names, faces
    assert sorted(faces["chips"]) == sorted(faces["list"]), faces
    # every face drawn (a circle and features), not an empty box
    assert root.evaluate("(r) => [...r.querySelectorAll('svg.cw-tk-sig-icon')].every("
                         "s => s.querySelectorAll('circle, path').length >= 3 && s.getBoundingClientRect().width >= 10)")
    # the static picture (the widget's fallback without a kernel): faces too, no emoji
    pic = kernel_eval(page, "from cardwidgets.games.truk.picture import picture\nprint(picture(t.game))")
    for w in given:
        assert f'aria-label="Signal: {gestures[w]}"' in pic
    assert not [ch for ch in pic if 0x1F000 <= ord(ch) <= 0x1FAFF], "emoji in the static picture"
    assert not page.js_errors
