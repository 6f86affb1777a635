"""A class table in a real browser (issue 27): four students' pages, each its own browser
context (as four devices), play a hand of Truk together through the server to the counters;
each page shows its own hand only and the same step as the others. A reload returns a page
to its seat."""
import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from labfixtures import browser  # noqa: F401,E402  (fixture)
from classserver import ClassServer  # noqa: E402

pytestmark = pytest.mark.browser

STATE = """() => {
  const root = document.querySelector('.cw-root');
  if (!root || !root.cwFrames) return null;
  const frames = root.cwFrames();
  const f = frames[frames.length - 1];
  return {n: frames.length, actor: f.actor, phase: f.phase, deal: f.deal, finished: f.finished,
          legal: f.legal, step: f.step};
}"""


@pytest.fixture
def server():
    with ClassServer() as s:
        yield s


def test_four_pages_play_a_truk_hand_to_the_counters(browser, server):
    table = server.make_table(game="truk", players=4)
    pages = []
    for seat in table["seats"]:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        ctx.set_default_timeout(30_000)
        pg = ctx.new_page()
        pg.js_errors = []
        pg.on("pageerror", lambda exc, pg=pg: pg.js_errors.append(str(exc)))
        pg.goto(server.url + "/s/" + seat["code"])
        pg.wait_for_selector(".cw-root .cw-seat")
        assert f"you are {seat['name']}" in pg.locator("#who").inner_text()
        pages.append(pg)
    clicked = sent = 0
    for _ in range(200):
        states = [pg.evaluate(STATE) for pg in pages]
        n = max(s["n"] for s in states)
        if any(s["n"] != n for s in states):       # a page still waits for the last move
            pages[0].wait_for_timeout(50)
            continue
        last = states[0]
        if last["finished"] or last["deal"] > 1 or last["phase"] == "score":
            break
        actor = last["actor"]
        pg = pages[actor]
        # the seat whose turn it is clicks the first move its table offers
        button = pg.locator(".cw-table [data-cw-move]:not([disabled])").first
        if button.count() and button.get_attribute("data-cw-move") not in ("pick", "change"):
            button.click()
            clicked += 1
        else:   # a move made of several clicks (Truk's change): sent as the click would send it
            pg.evaluate("""(s) => {
              const e = s.legal[0]; const a = Object.assign({}, e.action);
              if (e.amounts) a.amount = e.amounts[0];
              window.cwClass.model.send({type: 'act', action: a, at: s.n - 1});
            }""", states[actor])
            sent += 1
        pg.wait_for_function(f"() => document.querySelector('.cw-root').cwFrames().length > {n}")
    states = [pg.evaluate(STATE) for pg in pages]
    assert len({s["n"] for s in states}) == 1
    assert states[0]["finished"] or states[0]["deal"] > 1 or states[0]["phase"] == "score"
    # most moves are real clicks; Truk's change (several clicks) goes as the click sends it
    assert clicked >= 5, (clicked, sent)
    for seat, pg in enumerate(pages):
        assert pg.locator(".cw-tk-counters").count() >= 1
        assert pg.locator(".cw-notice--refused").count() == 0
        # the page's frames: its own hand only
        hands = pg.evaluate("() => { const fs = document.querySelector('.cw-root').cwFrames();"
                            " return fs.map(f => f.hands || null); }")
        for hs in hands:
            if hs:
                assert all(h is None for s, h in enumerate(hs) if s != seat), hs
        assert not pg.js_errors, pg.js_errors
    # a reload: the same seat, where the game is
    pages[0].reload()
    pages[0].wait_for_selector(".cw-root .cw-seat")
    assert pages[0].evaluate(STATE)["n"] == states[0]["n"]
    summary = server.api("/api/tables")["tables"][0]
    assert summary["step"] == states[0]["n"] - 1
    for pg in pages:
        pg.context.close()


def test_the_teachers_page_makes_a_table_and_shows_its_codes(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    pg.goto(server.url + "/teacher#key=" + server.key)
    pg.wait_for_selector("#game option", state="attached")
    assert "key=" not in pg.url                  # the key leaves the address bar
    pg.select_option("#game", "truc")
    pg.select_option("#players", "2")
    pg.fill("#count", "2")
    pg.click("button[type=submit]")
    pg.wait_for_selector(".ct-card >> nth=1")
    codes = pg.locator(".ct-code").all_inner_texts()
    assert len(codes) == 4 and all(len(c) == 6 for c in codes)
    assert [t["title"] for t in server.api("/api/tables")["tables"]] == ["Valencian truc"] * 2
    # a wrong code on the students' page says so
    student = ctx.new_page()
    student.goto(server.url + "/")
    student.fill("#code", "zazaza")
    student.click("button[type=submit]")
    student.wait_for_selector(".ct-message")
    assert "no seat with that code" in student.locator(".ct-message").inner_text()
    ctx.close()
