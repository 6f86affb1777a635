"""The class table server (issue 27): join, play, refuse, reconnect, restart from the
database, forged messages, wrong secrets, oversized messages, the teacher's API, and that no
seat's connection ever carries a card that seat may not see (whole seeded games of every
game, every seat's page rebuilt as shell.js rebuilds it)."""
import json
import random
import time
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():   # Starlette 1.x prefers httpx2 for its test client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cardwidgets import GAMES  # noqa: E402
from cardwidgets.records import load_record  # noqa: E402
from cardwidgets.server.app import MAX_MESSAGE, make_app  # noqa: E402
from cardwidgets.server.store import CODE_LETTERS, new_code  # noqa: E402
from cardwidgets.widget import GameWidget  # noqa: E402
from classhelpers import PageClient, close_all, first_legal  # noqa: E402
from recorder import leaks  # noqa: E402


@pytest.fixture
def server(tmp_path):
    """A server on a fresh database: (client, app, teacher's headers, db path)."""
    db = tmp_path / "class.db"
    app = make_app(db, cover_after=0.2, max_rate=10_000)
    with TestClient(app) as client:
        try:
            yield client, app, {"X-Teacher-Key": app.state.room.teacher_key}, db
        finally:
            close_all()
    app.state.room.close()


def make_table(client, headers, **spec):
    spec.setdefault("game", "truk")
    spec.setdefault("players", 4)
    r = client.post("/api/tables", json=spec, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()["made"][0]


def join(client, code, secret=None):
    return PageClient(client, {"type": "join", "code": code, "secret": secret})


def students(client, table):
    """A page for every student seat of ``table`` (a summary), by seat."""
    return {s["seat"]: join(client, s["code"]) for s in table["seats"] if s["kind"] == "student"}


def sync_all(pages):
    for p in pages.values():
        p.sync()


def play_moves(app, table_id, pages, moves, rng=None):
    """Each seat whose turn it is plays (its first legal move, or a random one with ``rng``),
    ``moves`` times or until the game ends; returns the moves made."""
    table = app.state.room.tables[table_id]
    made = 0
    for _ in range(moves):
        if table.game.finished:
            break
        actor = table.game.current_player
        page = pages[actor]
        feed = table.feeds[actor]
        if rng is None:
            action = first_legal(feed)
        else:
            f = feed.view_at(len(feed.frames) - 1)
            entry = rng.choice(f["legal"])
            action = dict(entry["action"])
            if "amounts" in entry:
                action["amount"] = rng.randint(*entry["amounts"])
        assert action is not None
        before = len(table.game.actions)
        page.act(action, len(feed.frames) - 1)
        sync_all(pages)
        assert len(table.game.actions) > before, page.notice()
        made += 1
    return made


# ---- codes, the teacher's API ------------------------------------------------------------------
def test_codes_are_readable():
    for _ in range(200):
        code = new_code()
        assert len(code) == 6 and set(code) <= set(CODE_LETTERS)
    assert not set("ILOQ01") & set(CODE_LETTERS)


def test_the_teacher_makes_tables_with_a_code_per_seat(server):
    client, app, headers, _ = server
    r = client.post("/api/tables", json={"game": "truk", "players": 4, "count": 3, "seats": [
        {"kind": "student"}, {"kind": "bot", "level": "easy"}, {"kind": "student"},
        {"kind": "bot", "level": "medium"}]}, headers=headers)
    made = r.json()["made"]
    assert [t["name"] for t in made] == ["Table 1", "Table 2", "Table 3"]
    codes = [s["code"] for t in made for s in t["seats"]]
    assert len(set(codes)) == 12
    assert [s["kind"] for s in made[0]["seats"]] == ["student", "bot", "student", "bot"]
    listed = client.get("/api/tables", headers=headers).json()["tables"]
    assert [t["id"] for t in listed] == [t["id"] for t in made]


@pytest.mark.parametrize("spec, field", [
    ({"game": "bridge"}, "game"),
    ({"game": "truk", "players": 9}, "players"),
    ({"game": "truk", "players": 4, "seats": [{"kind": "student"}]}, "seats"),
    ({"game": "truk", "players": 2, "seats": [{"kind": "bot", "level": "genius"},
                                                {"kind": "student"}]}, "level"),
    ({"game": "truk", "count": 500}, "count"),
    ({"game": "truk", "options": {"nonsense": True}}, "options"),
    ({"game": "truk", "secret": "x"}, "secret"),
])
def test_a_wrong_table_is_refused_naming_the_field(server, spec, field):
    client, app, headers, _ = server
    r = client.post("/api/tables", json=spec, headers=headers)
    assert r.status_code == 400 and field in r.json()["error"]
    assert app.state.room.tables == {}


def test_the_teachers_api_needs_the_teachers_key(server):
    client, app, headers, _ = server
    table = make_table(client, headers)
    for key in (None, "", "x" * 32, app.state.room.teacher_key + "x", "x" * 5000):
        h = {} if key is None else {"X-Teacher-Key": key}
        assert client.get("/api/tables", headers=h).status_code == 403
        assert client.post("/api/tables", json={"game": "truk"}, headers=h).status_code == 403
        assert client.post(f"/api/tables/{table['id']}/end", headers=h).status_code == 403
        assert client.get(f"/api/tables/{table['id']}/record", headers=h).status_code == 403
    assert app.state.room.tables[table["id"]].status == "open"
    # the games are public: no secret in them
    assert client.get("/api/games").status_code == 200


def test_an_oversized_body_is_refused(server):
    client, app, headers, _ = server
    r = client.post("/api/tables", content=b"{" + b" " * 40000 + b"}", headers=headers)
    assert r.status_code == 413 and app.state.room.tables == {}


def test_pages_are_served_without_any_cdn(server):
    client, *_ = server
    for path in ("/", "/s/BAKETU", "/teacher", "/watch/1", "/static/widget.js",
                 "/static/widget.css", "/static/classtable.js", "/static/class.css",
                 "/static/teacher.js", "/static/join.js"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert "Content-Security-Policy" in r.headers
        assert "https://" not in r.text and "http://" not in r.text.replace("http://www.w3.org", ""), path
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/store.py").status_code == 404


# ---- joining -----------------------------------------------------------------------------------
def test_join_play_and_a_refused_move_changes_nothing(server):
    client, app, headers, _ = server
    t = make_table(client, headers)
    pages = students(client, t)
    table = app.state.room.tables[t["id"]]
    for seat, page in pages.items():
        assert page.welcome["seat"] == seat and page.welcome["secret"]
        assert page.comm.page.frames, "the page got its seat's frames"
        assert page.status == "open"
    actor = table.game.current_player
    # out of turn: another seat's page plays its own card
    other = next(s for s in pages if s != actor)
    hand = table.game.view(other)["hands"][other]
    before = list(table.game.actions)
    pages[other].act({"kind": "play", "seat": other, "card": hand[0]["code"]},
                     len(table.feeds[other].frames) - 1)
    pages[other].sync()
    assert pages[other].notice()["kind"] == "refused"
    assert table.game.actions == before
    # the right seat plays: every page hears of it, and the database has it before
    assert play_moves(app, t["id"], pages, 1) == 1
    rows = app.state.room.store.actions(t["id"])
    assert len(rows) == len(table.game.actions)
    for seat, page in pages.items():
        assert len(page.frames()) == len(table.feeds[seat].frames)
        assert page.frames() == table.feeds[seat].frames
    for p in pages.values():
        p.close()


def test_a_hand_of_truk_played_by_four_pages_to_the_end(server):
    client, app, headers, _ = server
    t = make_table(client, headers)
    pages = students(client, t)
    play_moves(app, t["id"], pages, 400)
    table = app.state.room.tables[t["id"]]
    assert table.game.finished
    for seat, page in pages.items():
        assert page.frames()[-1]["finished"] is True
        assert not leaks(table.feeds[seat], page.log)
    summary = client.get("/api/tables", headers=headers).json()["tables"][0]
    assert summary["finished"] and summary["result"]
    # the record the teacher downloads steps through in a notebook's widget
    r = client.get(f"/api/tables/{t['id']}/record", headers=headers)
    assert "attachment" in r.headers["content-disposition"]
    w = GameWidget.from_record(r.json())
    assert len(w.frames) == len(table.game.actions) + 1
    assert w.game.result() == table.game.result()
    for p in pages.values():
        p.close()


def test_a_taken_seat_an_unknown_code_and_too_many_wrong_codes(server):
    client, app, headers, _ = server
    t = make_table(client, headers, players=2)
    code = t["seats"][0]["code"]
    first = join(client, code)
    second = join(client, code)                    # no secret: someone else
    assert second.closed and "taken" in second.error
    third = join(client, code, "not-the-secret")
    assert third.closed and "taken" in third.error
    unknown = join(client, "ZZZZZZ")
    assert unknown.closed and "no seat with that code" in unknown.error
    for _ in range(25):
        p = join(client, "ZAZAZA")
        p.close()
    assert "Too many wrong codes" in p.error
    assert app.state.room.tables[t["id"]].pages[0] is not None
    first.close()


def test_a_reload_returns_the_student_to_their_seat(server):
    client, app, headers, _ = server
    t = make_table(client, headers)
    pages = students(client, t)
    play_moves(app, t["id"], pages, 3)
    actor = app.state.room.tables[t["id"]].game.current_player
    secret = pages[actor].welcome["secret"]
    held = pages[actor].frames()
    pages[actor].close()
    again = join(client, t["seats"][actor]["code"], secret)
    assert again.welcome["seat"] == actor and again.welcome["secret"] is None
    assert again.frames() == held                   # where the game is
    pages[actor] = again
    play_moves(app, t["id"], pages, 2)              # and plays on from there
    # the same seat opened on a second page: the first one is told and closed
    newer = join(client, t["seats"][actor]["code"], secret)
    pages[actor].read_until_closed()
    assert "another page" in pages[actor].error
    assert app.state.room.tables[t["id"]].pages[actor] is not None
    newer.close()
    for p in pages.values():
        p.close()


def test_a_server_restarted_resumes_every_table_at_its_last_move(tmp_path):
    db = tmp_path / "class.db"
    app = make_app(db, max_rate=10_000)
    client = TestClient(app)
    headers = {"X-Teacher-Key": app.state.room.teacher_key}
    tables = [make_table(client, headers, game=g, players=n) for g, n in
              (("truk", 4), ("pocha", 3), ("truc", 2), ("poch", 3))]
    secrets_ = {}
    for t in tables:
        pages = students(client, t)
        play_moves(app, t["id"], pages, 7)
        secrets_[t["id"]] = {s: p.welcome["secret"] for s, p in pages.items()}
        for p in pages.values():
            p.close()
    played = {t["id"]: list(app.state.room.tables[t["id"]].game.actions) for t in tables}
    # the process dies without closing anything: a new one reads the same file
    app2 = make_app(db, max_rate=10_000)
    room2 = app2.state.room
    assert room2.teacher_key == app.state.room.teacher_key
    client2 = TestClient(app2)
    for t in tables:
        assert room2.tables[t["id"]].game.actions == played[t["id"]]
        pages = {s: join(client2, t["seats"][s]["code"], secret)
                 for s, secret in secrets_[t["id"]].items()}
        for s, p in pages.items():
            assert p.welcome["seat"] == s and not p.closed
            assert len(p.frames()) == len(played[t["id"]]) + 1
        assert play_moves(app2, t["id"], pages, 3) == 3
        for p in pages.values():
            p.close()
    room2.close()
    app.state.room.close()


# ---- forged messages ---------------------------------------------------------------------------
def test_forged_messages_change_nothing_and_reveal_nothing(server):
    client, app, headers, _ = server
    t = make_table(client, headers)
    pages = students(client, t)
    table = app.state.room.tables[t["id"]]
    play_moves(app, t["id"], pages, 2)
    actor = table.game.current_player
    other = (actor + 1) % 4
    page = pages[other]
    legal = table.game.legal_actions()[0].to_json()      # the actor's move, sent by another
    step = len(table.feeds[other].frames) - 1
    forged = [
        {"method": "custom", "content": {"type": "act", "action": legal, "at": step}},
        {"method": "custom", "content": {"type": "act", "action": dict(legal, seat=actor),
                                         "at": step, "seat": actor}},
        {"method": "custom", "content": {"type": "take_seat", "seat": None, "play": False, "at": 0}},
        {"method": "custom", "content": {"type": "take_seat", "seat": actor, "play": True, "at": 0}},
        {"method": "custom", "content": {"type": "restart"}},
        {"method": "custom", "content": {"type": "level", "level": "hard"}},
        {"method": "custom", "content": {"type": "deal"}},
        {"method": "custom", "content": "act"},
        {"method": "update", "state": {"seat": None}},
        {"method": "update", "state": {"play_as": actor}},
        {"method": "update", "state": {"frames": []}},
        {"method": "update", "state": {"step": 10 ** 9}},
        {"method": "hack"},
        {"type": "join", "code": t["seats"][actor]["code"], "secret": None},
        {"type": "watch", "table": t["id"], "key": "guess"},
        {"method": "custom", "content": {"type": "act", "action": {"kind": "deal", "cards": []}, "at": step}},
    ]
    before = list(table.game.actions)
    for msg in forged:
        page.send(msg)
        page.sync()
        assert not page.closed, msg
        assert table.game.actions == before, msg
        assert table.feeds[other].seat == other and table.feeds[other].play_as == other
    for text in ("not json", "[1, 2]", "null"):
        page.ws.send_text(text)
    page.ws.send_bytes(b"\x00\x01")
    page.sync()
    assert table.game.actions == before and not page.closed
    notices = [r["data"]["state"]["notice"] for r in page.log
               if r["kind"] == "send" and "notice" in (r["data"].get("state") or {})]
    assert sum(n["kind"] == "refused" for n in notices) >= 10
    assert not leaks(table.feeds[other], page.log)
    for p in pages.values():
        p.close()


def test_an_oversized_message_is_refused_unread_and_closes_the_page(server):
    client, app, headers, _ = server
    t = make_table(client, headers)
    pages = students(client, t)
    table = app.state.room.tables[t["id"]]
    before = list(table.game.actions)
    actor = table.game.current_player
    big = {"method": "custom", "content": {"type": "act", "action": table.game.legal_actions()[0].to_json(),
                                           "at": len(table.feeds[actor].frames) - 1,
                                           "pad": "x" * (MAX_MESSAGE + 10)}}
    pages[actor].send(big)
    pages[actor].read_until_closed()
    assert "not read" in pages[actor].error
    assert table.game.actions == before
    for p in pages.values():
        p.close()


def test_the_first_message_must_say_who_the_page_is(server):
    client, app, headers, _ = server
    make_table(client, headers)
    p = PageClient(client, {"method": "custom", "content": {"type": "act"}})
    assert p.closed and "code" in p.error
    w = PageClient(client, {"type": "watch", "table": 1, "key": "wrong"})
    assert w.closed and "teacher's key" in w.error


def test_a_page_sending_too_fast_is_slowed(tmp_path):
    app = make_app(tmp_path / "c.db", max_rate=5)
    client = TestClient(app)
    t = make_table(client, {"X-Teacher-Key": app.state.room.teacher_key}, players=2)
    p = join(client, t["seats"][0]["code"])
    for _ in range(10):
        p.send({"method": "custom", "content": {"type": "resync"}})
    while p.error is None:
        p.receive()
    assert "slow down" in p.error and not p.closed
    p.close()
    app.state.room.close()


# ---- the teacher's controls --------------------------------------------------------------------
def test_pause_resume_and_end(server):
    client, app, headers, _ = server
    t = make_table(client, headers)
    pages = students(client, t)
    table = app.state.room.tables[t["id"]]
    assert client.post(f"/api/tables/{t['id']}/pause", headers=headers).status_code == 200
    sync_all(pages)
    assert all(p.status == "paused" for p in pages.values())
    actor = table.game.current_player
    before = list(table.game.actions)
    pages[actor].act(first_legal(table.feeds[actor]), len(table.feeds[actor].frames) - 1)
    pages[actor].sync()
    assert table.game.actions == before and "paused" in pages[actor].notice()["text"]
    client.post(f"/api/tables/{t['id']}/resume", headers=headers)
    assert play_moves(app, t["id"], pages, 1) == 1
    client.post(f"/api/tables/{t['id']}/end", headers=headers)
    sync_all(pages)
    actor = table.game.current_player
    before = list(table.game.actions)
    pages[actor].act(first_legal(table.feeds[actor]), len(table.feeds[actor].frames) - 1)
    pages[actor].sync()
    assert table.game.actions == before and "ended" in pages[actor].notice()["text"]
    assert app.state.room.store.tables()[0]["status"] == "ended"
    for p in pages.values():
        p.close()


def test_the_computer_plays_for_a_student_who_left_and_gives_the_seat_back(server):
    client, app, headers, _ = server
    t = make_table(client, headers, cover=True)
    pages = students(client, t)
    table = app.state.room.tables[t["id"]]
    gone = table.game.current_player
    secret = pages[gone].welcome["secret"]
    pages.pop(gone).close()
    deadline = time.time() + 5
    while gone not in table.covered and time.time() < deadline:
        time.sleep(0.05)
        client.get("/api/games")       # lets the server's loop run its timers
    assert gone in table.covered
    sync_all(pages)
    assert table.game.current_player != gone           # the computer played the seat
    assert "cover" in table.by
    back = join(client, t["seats"][gone]["code"], secret)
    assert gone not in table.covered and "Welcome back" in back.notice()["text"]
    pages[gone] = back
    # a seat without cover waits for its student
    client.post(f"/api/tables/{t['id']}/nocover", headers=headers)
    for p in pages.values():
        p.close()


def test_the_teacher_frees_a_seat_for_another_student(server):
    client, app, headers, _ = server
    t = make_table(client, headers, players=2)
    code = t["seats"][1]["code"]
    first = join(client, code)
    r = client.post(f"/api/tables/{t['id']}/seats/1/free", headers=headers)
    assert r.status_code == 200
    first.read_until_closed()
    assert "freed" in first.error
    second = join(client, code)
    assert second.welcome["seat"] == 1 and second.welcome["secret"] != first.welcome["secret"]
    old = join(client, code, first.welcome["secret"])
    assert old.closed and "taken" in old.error
    second.close()


def test_the_teacher_watches_with_every_card_face_up(server):
    client, app, headers, _ = server
    t = make_table(client, headers)
    pages = students(client, t)
    watch = PageClient(client, {"type": "watch", "table": t["id"], "key": app.state.room.teacher_key})
    assert watch.welcome["teacher"] is True
    table = app.state.room.tables[t["id"]]
    hands = watch.frames()[-1].get("hands") or watch.comm.log[0]["state"]["meta"]["static"].get("hands")
    assert hands is None or all(h is not None for h in hands)
    play_moves(app, t["id"], pages, 4)
    watch.sync()
    assert len(watch.frames()) == len(table.game.actions) + 1
    # the teacher switches to one seat's view and follows the game in it
    watch.send({"method": "custom", "content": {"type": "take_seat", "seat": 1, "play": False,
                                                "at": 0}})
    watch.sync()
    play_moves(app, t["id"], pages, 3)
    watch.sync()
    feed = table.watchers[0][0]
    assert feed.seat == 1 and len(feed.frames) == len(table.game.actions) + 1
    assert len(watch.frames()) == len(feed.frames)
    assert not leaks(feed, watch.log[-3:])            # the seat's view: its own hand only
    # the teacher's view watches: it cannot play
    watch.send({"method": "custom", "content": {"type": "take_seat", "seat": 1, "play": True,
                                                "at": 0}})
    watch.sync()
    assert watch.notice()["kind"] == "refused" and feed.play_as is None
    watch.close()
    for p in pages.values():
        p.close()


# ---- seat privacy over whole games of every game ----------------------------------------------
SETUPS = [("poch", 3, {"deals": 1}), ("poch", 4, {"deals": 1}), ("pocha", 3, {}),
          ("pocha", 4, {}), ("truk", 2, {}), ("truk", 3, {}), ("truk", 4, {}),
          ("truc", 2, {}), ("truc", 4, {})]


@pytest.mark.parametrize("key, n, setup", SETUPS, ids=[f"{k}-{n}" for k, n, _ in SETUPS])
def test_no_seat_connection_ever_carries_a_card_it_may_not_see(server, key, n, setup):
    """A seeded game played to its end (or 250 moves) by every seat's page, with random legal
    moves, forged pokes and a reload on the way: every message each seat's connection
    carried, and the frames its page rebuilt, hold no card that seat may not see."""
    client, app, headers, _ = server
    assert key in GAMES
    spec = {"game": key, "players": n}
    if setup:
        spec["setup"] = setup
    if key == "pocha":
        spec["setup"] = {"hands": 2}
    t = make_table(client, headers, **spec)
    pages = students(client, t)
    rng = random.Random(f"{key}{n}")
    table = app.state.room.tables[t["id"]]
    logs = {s: [] for s in pages}
    for round_ in range(5):
        play_moves(app, t["id"], pages, 50, rng)
        for seat, page in pages.items():
            for msg in ({"method": "custom", "content": {"type": "resync"}},
                        {"method": "custom", "content": {"type": "hello", "frames": 1}},
                        {"method": "update", "state": {"step": 0}},
                        {"method": "custom", "content": {"type": "take_seat", "seat": None,
                                                         "play": False, "at": 0}}):
                page.send(msg)
            page.sync()
        if round_ == 1:   # a reload of one seat
            seat = min(pages)
            secret = pages[seat].welcome["secret"]
            logs[seat] += pages[seat].log
            pages[seat].close()
            pages[seat] = join(client, t["seats"][seat]["code"], secret)
        if table.game.finished:
            break
    for seat, page in pages.items():
        found = leaks(table.feeds[seat], logs[seat] + page.log)
        assert not found, found[:3]
        # a built-in player's reason is for the teacher's view only
        assert not any(isinstance(f.get("last"), dict) and "reason" in f["last"]
                       for f in page.frames())
    for p in pages.values():
        p.close()


def test_the_record_downloaded_loads_in_the_notebooks(server):
    client, app, headers, _ = server
    t = make_table(client, headers, game="pocha", players=3, setup={"hands": 1})
    pages = students(client, t)
    play_moves(app, t["id"], pages, 500)
    record = client.get(f"/api/tables/{t['id']}/record", headers=headers).json()
    game = load_record(record)
    assert game.finished and game.actions == app.state.room.tables[t["id"]].game.actions
    for p in pages.values():
        p.close()


def test_the_serve_command_refuses_a_wrong_port_in_one_line(capsys):
    from cardwidgets.cli import main
    assert main(["serve", "--port", "70000"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("cardwidgets: --port") and "\n" not in err


def test_a_fault_of_the_server_leaves_the_table_as_it_was(server, monkeypatch):
    """Should the server fail on a message (here: a fault put in on purpose), the page is
    told and closed, the table is unchanged, and the seat opens afresh where the game is."""
    client, app, headers, _ = server
    t = make_table(client, headers, players=2)
    pages = students(client, t)
    table = app.state.room.tables[t["id"]]
    actor = table.game.current_player
    before = list(table.game.actions)
    secret = pages[actor].welcome["secret"]
    from cardwidgets.server import classroom

    def broken(self, feed):
        raise RuntimeError("a fault put in by the test")
    monkeypatch.setattr(classroom.Table, "_moved", broken)
    pages[actor].act(first_legal(table.feeds[actor]), len(table.feeds[actor].frames) - 1)
    pages[actor].read_until_closed()
    assert "reconnects" in pages[actor].error and table.game.actions == before
    monkeypatch.undo()
    again = join(client, t["seats"][actor]["code"], secret)
    assert len(again.frames()) == len(before) + 1
    pages[actor] = again
    assert play_moves(app, t["id"], pages, 2) == 2
