"""The class tables in the server's memory: each table's game, the seats' feeds, the pages.

A :class:`Table` holds the game (the one the rules check every move against) and, for each
seat a student has opened, a :class:`SeatFeed`: the very widget a notebook shows for a
locked seat (``GameWidget(game, play_as=seat)``), whose messages go to the student's page
over a websocket instead of to JupyterLab. So a student's page gets exactly what the widget
sends a seat: that seat's frames only (the engine's ``view(seat)``), built by the widget's
own code; the page's ``shell.js`` is the widget's too.

A move from a page goes to that seat's feed, which checks it as the widget does (the step,
the seat, the engine's ``why_not``); a move the rules allow is then applied to the table's
game, written to the database (committed) and only then sent to every seat's feed, with the
moves that follow by themselves (the deal, the rules' own steps, the built-in players).

:class:`Classroom` is every table, the database (:class:`cardwidgets.server.store.Store`)
and the teacher's key. It knows no web framework (:mod:`cardwidgets.server.app` does).
"""
from __future__ import annotations

import random
import secrets
import time

from ..engine import CHANCE, TABLE, Action, CardwidgetsError, ConfigError
from ..engine.players import LEVELS, player_for
from ..games import GAMES
from ..records import record_of
from ..widget.gamewidget import GameWidget
from .store import Store, digest, new_secret, same_secret

__all__ = ["Classroom", "Table", "SeatFeed", "STATE_KEYS", "MAX_TABLES", "MAX_NAME"]

#: The widget's traits a page is given (the rest are the module and its styles, which the
#: page loads as files).
STATE_KEYS = ["meta", "cards", "frames", "step", "seat", "play_as", "notice"]
#: Tables one server keeps (a class of thirty needs eight to fifteen).
MAX_TABLES = 200
MAX_NAME = 40
#: The level of the built-in player that plays for a student who left (if the teacher allows).
COVER_LEVEL = "easy"


class SeatFeed(GameWidget):
    """A game widget whose messages are kept for a page (:meth:`take`) instead of going to
    JupyterLab, and whose other seats are played by the :class:`Table`, not by itself."""

    def __init__(self, game, *, table=None, **kwargs):
        self._outbox: list = []
        self._table = None
        super().__init__(game, **kwargs)
        self._table = table

    def _send(self, msg, buffers=None):
        self._outbox.append(msg)

    def take(self) -> list:
        """The messages for the page since the last call."""
        out, self._outbox = self._outbox, []
        return out

    def state(self) -> dict:
        """What a page opening this seat is given: the widget's synced traits."""
        return self.get_state(STATE_KEYS)

    def _run_others(self):
        # the widget would let its built-in players play the other seats: at a class table
        # the table does, for every seat at once (after the move is written down)
        if self._table is not None:
            self._table._moved(self)


class Table:
    """One class table: its game, seats and the pages open at it."""

    def __init__(self, room: "Classroom", row: dict, seat_rows: list, actions: list):
        self.room, self.store = room, room.store
        self.id = row["id"]
        self.name = row["name"]
        self.config = row["config"]
        self.seats = row["seats"]          # per seat: {"kind": "student"|"bot"|"open", "level"}
        self.status = row["status"]        # open, paused, ended
        self.cover = row["cover"]          # a built-in player plays for a student who left
        self.created = row["created"]
        self.codes = [r["code"] for r in seat_rows]
        self.secret_hashes = [r["secret_hash"] for r in seat_rows]
        cls = GAMES[self.config["game"]]
        self.game = cls(self.config["players"], options=self.config.get("options") or {},
                        **(self.config.get("setup") or {}))
        self.reasons: dict[int, str] = {}
        self.by: list[str] = []
        # replay the log through the engine: every action is checked again
        for entry in actions:
            self.game.apply(Action.from_json(entry["action"], self.game.system))
            self.by.append(entry["by"])
            if entry["reason"]:
                self.reasons[len(self.game.actions)] = entry["reason"]
        self.rng = random.Random(secrets.randbits(64))   # the deals: nobody can foresee them
        self.players = [player_for(s.get("level") or COVER_LEVEL, secrets.randbits(32))
                        for s in self.seats]
        self.feeds: dict = {}       # seat -> SeatFeed, made when the seat's page first opens
        self.pages: dict = {}       # seat -> the page (a connection) open at it
        self.watchers: list = []    # (feed, page) of teachers watching with every card face up
        self.left: dict = {}        # seat -> when its student's page closed
        self.covered: set = set()   # seats a built-in player plays for a student who left
        self.last_move = time.time()

    # ---- who plays ----------------------------------------------------------------------
    def kind(self, seat) -> str:
        return self.seats[seat]["kind"]

    def student_seats(self) -> list[int]:
        return [s for s in range(self.game.n) if self.kind(s) == "student"]

    def _mover(self, actor):
        """Who makes ``actor``'s move now: "chance", "table", "bot", "cover" or None (a
        student, who is asked)."""
        if actor == CHANCE:
            return "chance"
        if actor == TABLE:
            return "table"
        if self.kind(actor) == "bot":
            return "bot"
        if actor in self.covered:
            return "cover"
        return None

    def _advance(self) -> list:
        """Play what the table plays by itself until a student must act: returns the new
        actions as ``(action, by, reason)``. Nothing moves on a paused or ended table."""
        out = []
        if self.status != "open":
            return out
        g = self.game
        for _ in range(100_000):
            actor = g.current_player
            if actor is None:
                break
            by = self._mover(actor)
            if by is None:
                break
            reason = None
            if by == "chance":
                action = g.chance_action(self.rng)
            elif by == "table":
                action = g.legal_actions()[0]
            else:
                bot = self.players[actor]
                bot.reason = None
                action = bot.choose(g, actor)
                reason = getattr(bot, "reason", None)
            g.apply(action)
            out.append((action, by, str(reason) if reason else None))
        return out

    def _write(self, start, moves):
        """Write ``moves`` (``(action, by, reason)``) from action ``start`` on: committed."""
        if not moves:
            return
        self.store.add_actions(self.id, start, [(a.to_json(), by, reason) for a, by, reason in moves])
        for i, (_, by, reason) in enumerate(moves):
            self.by.append(by)
            if reason:
                self.reasons[start + i + 1] = reason
        self.last_move = time.time()

    def _moved(self, feed):
        """A student's move, checked and played by the seat's ``feed`` (inside its ``_act``):
        play it at the table, let the table play on, write it all, tell every feed."""
        g = self.game
        start = len(g.actions)
        new = feed.game.actions[start:]
        moves = []
        for action in new:
            g.apply(action)            # the same state as the feed's: the engine checks again
            moves.append((action, "student", None))
        moves += self._advance()
        self._write(start, moves)
        for action, _, _ in moves[len(new):]:
            feed._play(action)          # the feed's own _act sends its frames (_commit)
        self._tell(moves, skip=feed)

    def _tell(self, moves, skip=None):
        """Bring every feed but ``skip`` up to the table's game with ``moves``."""
        actions = [m[0] for m in moves]
        if not actions:
            return
        for seat, feed in self.feeds.items():
            if feed is skip:
                continue
            feed._begin()
            for a in actions:
                feed._play(a)
            feed._commit()
        for feed, _page in self.watchers:
            self._tell_watcher(feed)

    def _tell_watcher(self, feed):
        """A teacher's feed: the new steps in the view it shows (all cards, or a seat's)."""
        feed._reasons = dict(self.reasons)
        if feed.seat is None:
            feed._begin()
            for a in self.game.actions[len(feed.game.actions):]:
                feed._play(a)
            feed._commit()
        else:   # watching one seat's view: built again for that seat
            feed._load(feed.game, list(self.game.actions), feed.seat)
            feed.step = len(feed.frames) - 1

    def play_on(self):
        """Let the table play what it plays by itself (after a resume, a seat covered …)."""
        start = len(self.game.actions)
        moves = self._advance()
        self._write(start, moves)
        self._tell(moves)

    # ---- feeds --------------------------------------------------------------------------
    def feed(self, seat) -> SeatFeed:
        """The seat's feed (made the first time): a widget locked to the seat, playing it."""
        feed = self.feeds.get(seat)
        if feed is None:
            feed = SeatFeed(self.game, play_as=seat, step=-1, players=list(self.players),
                            table=self)
            feed.take()
            self.feeds[seat] = feed
        feed._say("info", self.welcome(seat))
        feed.take()
        return feed

    def watch_feed(self) -> SeatFeed:
        feed = SeatFeed(self.game, seat=None, teacher=True, step=-1, players=list(self.players),
                        _reasons=dict(self.reasons), table=None)
        feed._say("info", "The teacher's view of the table: every card face up. It follows "
                  "the game as the students play.")
        feed.take()
        return feed

    def welcome(self, seat) -> str:
        name = self.game.players[seat]
        others = [self.game.players[s] for s in self.student_seats() if s != seat]
        bots = [self.game.players[s] for s in range(self.game.n) if self.kind(s) == "bot"]
        text = f"You are {name} at {self.name}."
        if others:
            text += " Playing with you: " + ", ".join(others) + "."
        if bots:
            text += " Computer players: " + ", ".join(bots) + "."
        return text

    def close(self):
        for feed in list(self.feeds.values()) + [f for f, _ in self.watchers]:
            feed.close()
        self.feeds.clear()
        self.watchers.clear()

    # ---- the teacher's summary ----------------------------------------------------------
    def summary(self) -> dict:
        g = self.game
        actor = g.current_player
        res = None
        if g.finished:
            words = getattr(g, "result_words", None)
            if words is not None:
                res = words()
            else:
                r = g.result()
                totals = r.get("chips", r.get("scores"))
                if totals is not None:
                    res = ", ".join(f"{p} {v}" for p, v in zip(g.players, totals))
        return {
            "id": self.id, "name": self.name, "game": g.key, "title": g.title,
            "status": self.status, "cover": self.cover,
            "options": {k: v for k, v in g.options.items() if v},
            "step": len(g.actions), "deal": g.deal_number, "phase": g.phase.title,
            "finished": g.finished, "result": res,
            "turn": None if actor is None or not isinstance(actor, int) or actor < 0
            else g.players[actor],
            "seats": [{
                "seat": s, "name": g.players[s], "kind": self.kind(s),
                "level": self.seats[s].get("level"), "code": self.codes[s],
                "taken": self.secret_hashes[s] is not None,
                "online": s in self.pages, "covered": s in self.covered,
            } for s in range(g.n)],
        }


class Classroom:
    """Every class table, the database and the teacher's key."""

    def __init__(self, db_path, *, new_key=False):
        self.store = Store(db_path)
        if new_key:
            self.store.set_setting("teacher_key", new_secret())
        self.teacher_key = self.store.setting("teacher_key", new_secret)
        self.teacher_hash = digest(self.teacher_key)
        self.tables: dict[int, Table] = {}
        for row in self.store.tables():
            self._load(row)

    def _load(self, row) -> Table:
        table = Table(self, row, self.store.seat_rows(row["id"]), self.store.actions(row["id"]))
        self.tables[table.id] = table
        table.play_on()     # a table stopped between two of the table's own steps goes on
        return table

    def is_teacher(self, key) -> bool:
        return same_secret(key, self.teacher_hash)

    def close(self):
        for table in self.tables.values():
            table.close()
        self.store.close()

    # ---- making tables ----------------------------------------------------------------------
    def create(self, spec) -> list[Table]:
        """Make tables from the teacher's form (a dict); raises :class:`ConfigError` naming
        the field for anything wrong, and then makes none."""
        if not isinstance(spec, dict):
            raise ConfigError("table", "send the table's settings as an object")
        known = {"game", "players", "names", "options", "setup", "seats", "cover", "count", "name"}
        unknown = sorted(set(map(str, spec)) - known)
        if unknown:
            raise ConfigError(f"{unknown[0]:.40}", "is not a setting of a class table")
        key = spec.get("game")
        if not isinstance(key, str) or key not in GAMES:
            raise ConfigError("game", f"{key!r:.40} is not a game we know; choose one of "
                              + ", ".join(sorted(GAMES)))
        cls = GAMES[key]
        names = spec.get("names")
        players = spec.get("players", cls.min_players)
        if names:
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise ConfigError("names", "give the players' names as a list of words")
            names = [" ".join(n.split())[:MAX_NAME] for n in names]
            players = names
        count = spec.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 20:
            raise ConfigError("count", "make 1 to 20 tables at once")
        if len(self.tables) + count > MAX_TABLES:
            raise ConfigError("count", f"one server keeps at most {MAX_TABLES} tables; end "
                              "some first")
        options = spec.get("options") or {}
        setup = dict(spec.get("setup") or {})
        if not isinstance(setup, dict):
            raise ConfigError("setup", "give the game's settings as an object")
        if "deals" in cls.SETUP:
            setup.setdefault("deals", 1)
        if "dealer" in cls.SETUP and "dealer" not in setup:
            n = players if isinstance(players, int) else len(players) if isinstance(players, list) else 0
            if isinstance(n, int) and n > 0 and not isinstance(n, bool):
                setup["dealer"] = secrets.randbelow(n)   # the first dealer, by lot
        try:
            game = cls(players, options=options, **setup)
        except TypeError as exc:
            raise ConfigError("setup", str(exc)) from None
        seats_in = spec.get("seats") or [{"kind": "student"}] * game.n
        if not isinstance(seats_in, list) or len(seats_in) != game.n:
            raise ConfigError("seats", f"say who sits at each of the {game.n} seats")
        seats = []
        for s, seat in enumerate(seats_in):
            if not isinstance(seat, dict):
                raise ConfigError(f"seats[{s}]", "is an object like {\"kind\": \"student\"}")
            kind, level = seat.get("kind"), seat.get("level")
            if game.played_by(s) != s:
                seats.append({"kind": "open", "level": None})   # a hand nobody sits at (KV3)
                continue
            if kind == "student":
                seats.append({"kind": "student", "level": None})
            elif kind == "bot":
                if level not in LEVELS:
                    raise ConfigError(f"seats[{s}].level", "a computer player plays at one of "
                                      "the levels " + ", ".join(LEVELS))
                seats.append({"kind": "bot", "level": level})
            else:
                raise ConfigError(f"seats[{s}].kind", "a seat is for a student or a computer "
                                  "player (student, bot)")
        cover = spec.get("cover", True)
        if not isinstance(cover, bool):
            raise ConfigError("cover", "true or false")
        config = {"game": key, "players": list(game.players), "options": dict(game.options),
                  "setup": dict(game.setup)}
        label = spec.get("name")
        if label is not None and not isinstance(label, str):
            raise ConfigError("name", "a table's name is text")
        made = []
        for _ in range(count):
            number = max(self.tables, default=0) + 1
            name = (" ".join(label.split())[:MAX_NAME] if label else "") or f"Table {number}"
            if label and count > 1:
                name = f"{name} {len(made) + 1}"
            table_id, _codes = self.store.add_table(name, config, seats, cover)
            row = next(r for r in self.store.tables() if r["id"] == table_id)
            made.append(self._load(row))
        return made

    # ---- joining ----------------------------------------------------------------------------
    def find(self, code):
        """(table, seat) for a join code (any case, spaces and dashes ignored), or None."""
        if not isinstance(code, str) or len(code) > 40:
            return None
        code = "".join(ch for ch in code.upper() if ch.isalpha())
        found = self.store.find_code(code)
        if found is None or found[0] not in self.tables:
            return None
        return self.tables[found[0]], found[1]

    def join(self, code, secret) -> tuple:
        """A student opens a seat with its code, and their secret if they took it before.

        Returns ``(table, seat, new_secret_or_None)``; raises :class:`CardwidgetsError` with
        words for the student when the code is wrong or the seat is someone else's."""
        found = self.find(code)
        if found is None:
            raise CardwidgetsError("There is no seat with that code. Check the code your "
                                   "teacher gave you (six letters, e.g. BAKETU).")
        table, seat = found
        if table.kind(seat) != "student":
            raise CardwidgetsError("That seat is played by the computer.")
        held = table.secret_hashes[seat]
        if held is not None:
            if same_secret(secret, held):
                return table, seat, None
            raise CardwidgetsError(
                f"This seat is taken: someone opened {table.game.players[seat]}'s seat at "
                f"{table.name} already. If that was you on another device or browser, ask "
                "your teacher to free the seat; otherwise ask for a code of your own.")
        if table.status == "ended":
            raise CardwidgetsError(f"{table.name} has ended; ask your teacher for another table.")
        fresh = new_secret()
        if not self.store.take_seat(table.id, seat, digest(fresh)):
            raise CardwidgetsError("This seat was taken a moment ago. Ask your teacher.")
        table.secret_hashes[seat] = digest(fresh)
        return table, seat, fresh

    def free_seat(self, table, seat):
        self.store.free_seat(table.id, seat)
        table.secret_hashes[seat] = None

    def record(self, table) -> dict:
        return record_of(table.game, title=f"{table.name}: the game the class played",
                         with_result=table.game.finished)
