"""The class tables' log in SQLite (the standard library's ``sqlite3``): nothing is lost.

Every table (its game, players, variants, which seats the built-in players sit at), every
seat (its join code and the hash of the secret of the student who took it) and every action
played at a table is written here as it happens, and committed before the server answers
anyone. A server stopped, or killed, mid-game and started again reads the tables back and
replays each one's actions through the engine (:mod:`cardwidgets.server.app`), so every table
resumes at its last move.

The database is in WAL mode: a committed action survives the process being killed (it is in
the log file on disk before ``commit`` returns); only a crash of the whole machine could lose
the last moments, which a class can live with.

Secrets are never stored: only their SHA-256, compared with :func:`hmac.compare_digest`.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from pathlib import Path

__all__ = ["Store", "new_code", "new_secret", "digest", "same_secret", "CODE_LETTERS"]

#: Join codes are made of these: consonant, vowel, consonant, vowel … read aloud easily, and
#: no letter a student could take for another or for a digit (no I, L, O, Q, C, J, W, Y, X).
CONSONANTS = "BDFGHKMNPRSTVZ"
VOWELS = "AEU"
CODE_LETTERS = CONSONANTS + VOWELS

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    config TEXT NOT NULL,          -- game, players, options, setup (JSON)
    seats TEXT NOT NULL,           -- per seat: {"kind": "student"|"bot"|"open", "level": ...}
    status TEXT NOT NULL,          -- open, paused, ended
    cover INTEGER NOT NULL,        -- 1: a built-in player plays for a student who left
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    code TEXT NOT NULL UNIQUE,
    secret_hash TEXT,              -- SHA-256 of the student's secret, once the seat is taken
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,          -- Action.to_json()
    by TEXT NOT NULL,              -- student, bot, cover (a built-in player for a student), chance, table
    reason TEXT,                   -- a built-in player's reason (the teacher's view only)
    at REAL NOT NULL,
    PRIMARY KEY (table_id, idx)
);
"""


def new_code(length: int = 6) -> str:
    """A join code such as ``"BAKETU"``: consonant and vowel in turn, from :mod:`secrets`."""
    return "".join(secrets.choice(CONSONANTS if i % 2 == 0 else VOWELS) for i in range(length))


def new_secret() -> str:
    """A secret a page keeps to prove it holds a seat (or the teacher's key): 24 random bytes."""
    return secrets.token_urlsafe(24)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def same_secret(given, stored_hash) -> bool:
    """Whether ``given`` is the secret whose hash is ``stored_hash`` (in constant time)."""
    if not isinstance(given, str) or not stored_hash or len(given) > 200:
        return False
    return hmac.compare_digest(digest(given), stored_hash)


class Store:
    """The tables' database at ``path`` (made if missing)."""

    def __init__(self, path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self):
        self.db.close()

    # ---- settings ----------------------------------------------------------------------------
    def setting(self, name, make=None):
        row = self.db.execute("SELECT value FROM settings WHERE name=?", (name,)).fetchone()
        if row is None and make is not None:
            value = make()
            self.db.execute("INSERT INTO settings VALUES (?, ?)", (name, value))
            return value
        return None if row is None else row[0]

    def set_setting(self, name, value):
        self.db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (name, value))

    # ---- tables ------------------------------------------------------------------------------
    def add_table(self, name, config: dict, seats: list, cover: bool) -> tuple[int, list[str]]:
        """Write a new table and a join code for each of its seats; returns (id, codes)."""
        with self.db:  # one transaction
            self.db.execute("BEGIN")
            cur = self.db.execute(
                "INSERT INTO tables (name, config, seats, status, cover, created) "
                "VALUES (?, ?, ?, 'open', ?, ?)",
                (name, json.dumps(config), json.dumps(seats), int(cover), time.time()))
            table_id = cur.lastrowid
            codes = []
            for seat in range(len(seats)):
                while True:
                    code = new_code()
                    try:
                        self.db.execute("INSERT INTO seats (table_id, seat, code) VALUES (?, ?, ?)",
                                        (table_id, seat, code))
                        break
                    except sqlite3.IntegrityError:  # that code is in use: draw again
                        continue
                codes.append(code)
        return table_id, codes

    def tables(self) -> list[dict]:
        rows = self.db.execute("SELECT id, name, config, seats, status, cover, created FROM tables "
                               "ORDER BY id").fetchall()
        return [{"id": r[0], "name": r[1], "config": json.loads(r[2]), "seats": json.loads(r[3]),
                 "status": r[4], "cover": bool(r[5]), "created": r[6]} for r in rows]

    def set_status(self, table_id, status):
        self.db.execute("UPDATE tables SET status=? WHERE id=?", (status, table_id))

    def set_cover(self, table_id, cover: bool):
        self.db.execute("UPDATE tables SET cover=? WHERE id=?", (int(cover), table_id))

    # ---- seats -------------------------------------------------------------------------------
    def seat_rows(self, table_id) -> list[dict]:
        rows = self.db.execute("SELECT seat, code, secret_hash FROM seats WHERE table_id=? "
                               "ORDER BY seat", (table_id,)).fetchall()
        return [{"seat": r[0], "code": r[1], "secret_hash": r[2]} for r in rows]

    def find_code(self, code):
        """(table id, seat) of a join code, or ``None``."""
        row = self.db.execute("SELECT table_id, seat FROM seats WHERE code=?", (code,)).fetchone()
        return None if row is None else (row[0], row[1])

    def take_seat(self, table_id, seat, secret_hash) -> bool:
        """Give the seat to the holder of ``secret_hash`` if nobody holds it; whether it was."""
        cur = self.db.execute("UPDATE seats SET secret_hash=? WHERE table_id=? AND seat=? AND "
                              "secret_hash IS NULL", (secret_hash, table_id, seat))
        return cur.rowcount == 1

    def free_seat(self, table_id, seat):
        """Forget who held the seat: its code lets the next student in (the teacher's call)."""
        self.db.execute("UPDATE seats SET secret_hash=NULL WHERE table_id=? AND seat=?",
                        (table_id, seat))

    # ---- actions -----------------------------------------------------------------------------
    def add_actions(self, table_id, start: int, rows: list[tuple]):
        """Write actions ``start``, ``start + 1`` … of a table, each ``(action_json, by,
        reason)``, in one transaction, committed when this returns."""
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany(
                "INSERT INTO actions (table_id, idx, action, by, reason, at) VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, start + i, json.dumps(a), by, reason, now)
                 for i, (a, by, reason) in enumerate(rows)])

    def actions(self, table_id) -> list[dict]:
        rows = self.db.execute("SELECT idx, action, by, reason FROM actions WHERE table_id=? "
                               "ORDER BY idx", (table_id,)).fetchall()
        return [{"idx": r[0], "action": json.loads(r[1]), "by": r[2], "reason": r[3]} for r in rows]
