"""Command line: replay a game record, or play a game with the built-in players.

    python -m cardwidgets replay e-p1            # a built-in record or a path
    python -m cardwidgets play poch --players 4 --seed 7 --variant PV3
    python -m cardwidgets play pocha --player hard            # every seat: the hard level
    python -m cardwidgets play truk --seat A1=hard --seat A2=hard   # one side hard, the rest thumb
    python -m cardwidgets rules poch             # the rules with their ids
    python -m cardwidgets site build --offline   # the class site (JupyterLite), see site/

Players (``play``): ``--player`` sets every seat, ``--seat SEAT=PLAYER`` one seat (a seat
number from 0 or a player's name; repeatable; it wins over ``--player``). A player is a level,
``easy`` (the rule of thumb), ``medium`` or ``hard`` (they look ahead: they imagine the hidden
cards many times, never peeking, and try each move), or ``thumb`` (the same as easy) or
``random``. The default is thumb. ``--why`` prints each player's one-line reason under its
move (the teacher's view: a reason may name the player's own cards).

Errors print one clear line and exit with status 2.
"""
from __future__ import annotations

import argparse
import random
import sys

from .engine import CardwidgetsError, RandomPlayer, RuleOfThumbPlayer, play_out
from .engine.players import LEVELS, player_for
from .games import GAMES
from .records import builtin_records, check_save_path, load_record, save_record

#: every player the command line knows: the levels (easy, medium, hard), thumb and random
PLAYERS = {"random": RandomPlayer, "thumb": RuleOfThumbPlayer,
           **{level: (lambda seed, level=level: player_for(level, seed)) for level in LEVELS}}


def _seat_players(game, default, items):
    """Seat → player kind from ``--player`` and the ``--seat SEAT=PLAYER`` items."""
    kinds = {s: default for s in range(game.n)}
    for item in items:
        who, eq, kind = item.partition("=")
        if not eq or not who or not kind:
            raise CardwidgetsError(f"--seat: write SEAT=PLAYER, e.g. 0=hard, not {item!r:.40}")
        if kind not in PLAYERS:
            raise CardwidgetsError(f"--seat: {kind!r:.40} is not a player; choose one of "
                                   + ", ".join(PLAYERS))
        if who in game.players:
            seat = game.players.index(who)
        elif who.isdigit() and int(who) < game.n:
            seat = int(who)
        else:
            raise CardwidgetsError(f"--seat: {who!r:.40} is not a seat at this table (seats 0 to "
                                   f"{game.n - 1}, or a name: {', '.join(game.players)})")
        if game.played_by(seat) != seat:
            by = game.played_by(seat)
            raise CardwidgetsError(f"--seat: nobody sits at seat {seat} ({game.players[seat]}): "
                                   f"{game.players[by]}, seat {by}, plays it; set that seat")
        kinds[seat] = kind
    return kinds


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        raise SystemExit(f"cardwidgets: {message} (see python -m cardwidgets --help)")


def _parser():
    p = _Parser(prog="python -m cardwidgets", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    r = sub.add_parser("replay", help="print a game record step by step")
    r.add_argument("record", help=f"a record file, or a built-in name ({', '.join(builtin_records())})")
    r.add_argument("--quiet", action="store_true", help="print only the result")
    g = sub.add_parser("play", help="play a game with the built-in players")
    g.add_argument("game", help=", ".join(GAMES))
    g.add_argument("--players", type=int, default=None, help="number of players")
    g.add_argument("--seed", type=int, default=0, help="seed for the deals and the players")
    g.add_argument("--variant", action="append", default=[], metavar="ID[=VALUE]",
                   help="a variant option by id or name, e.g. PV1 or money=0.1 (repeatable)")
    g.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", dest="settings",
                   help="a game setting, e.g. chips=30, deals=3, dealer=1 (repeatable)")
    g.add_argument("--player", choices=list(PLAYERS), default="thumb",
                   help="built-in player for every seat: a level (easy = the rule of thumb, "
                   "medium, hard: they look ahead), thumb or random (default: thumb)")
    g.add_argument("--seat", action="append", default=[], metavar="SEAT=PLAYER",
                   help="the player of one seat (a number from 0 or a name), e.g. 0=hard or "
                   "A1=hard (repeatable; wins over --player)")
    g.add_argument("--why", action="store_true",
                   help="print each computer player's reason under its move (the teacher's "
                   "view: it may name the player's own cards)")
    g.add_argument("--save", metavar="FILE", help="also save the game record as JSON")
    g.add_argument("--quiet", action="store_true", help="print only the result")
    s = sub.add_parser("rules", help="print a game's rules with their ids")
    s.add_argument("game", help=", ".join(GAMES))
    w = sub.add_parser("site", help="the class site: the notebooks in the browser, no server")
    wsub = w.add_subparsers(dest="site_command", metavar="build", required=True, parser_class=_Parser)
    b = wsub.add_parser("build", help="build the site (JupyterLite with the Pyodide kernel)")
    b.add_argument("--offline", action="store_true",
                   help="carry Pyodide and every wheel on the site, so it needs no internet")
    b.add_argument("--output", metavar="DIR", default=None, help="where to write it: a new or "
                   "empty folder, or a site built before (default site/_output)")
    b.add_argument("--cache-dir", metavar="DIR", default=None, help="where downloads are kept between builds")
    return p


def load_site_build():
    """The site's build script, ``site/build.py`` beside this package (a checkout only)."""
    import importlib.util
    from pathlib import Path
    script = Path(__file__).resolve().parents[1] / "site" / "build.py"
    if not script.is_file():
        raise CardwidgetsError(f"site: the site is built from a checkout of cardwidgets "
                               f"(no {script.relative_to(script.parents[2])})")
    if "cardwidgets_site_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("cardwidgets_site_build", script)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return sys.modules["cardwidgets_site_build"]


def _value(text):
    inner = text.strip()
    if inner.startswith("[") and inner.endswith("]"):
        inner = inner[1:-1]
        if not inner.strip():
            return []
    if "," in inner or inner != text.strip():   # a list, e.g. truc's score=22,21 or [22,21]
        return [_value(part.strip()) for part in inner.split(",")]
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def _game_class(key):
    if key not in GAMES:
        raise CardwidgetsError(f"game: {key!r} is not a game we know ({', '.join(GAMES)})")
    return GAMES[key]


def _print_game(game, quiet, out, reasons=None):
    if not quiet:
        deal = None
        for step in game.history:
            if step.deal != deal:
                deal = step.deal
                print(f"--- deal {deal} ---", file=out)
            print(step, file=out)
            comment = game.comments.get(step.index)
            if comment:
                print(f"     note: {comment}", file=out)
            if reasons and step.index in reasons:
                print(f"     why: {reasons[step.index]}", file=out)
    res = game.result()
    unit, totals = ("chips", res["chips"]) if "chips" in res else ("points", res["scores"])
    words = getattr(game, "result_words", None)   # a game that scores by sides says it itself
    if words is not None:
        print(words(), file=out)
    else:
        print(f"Result ({unit}): " + ", ".join(f"{name} {value}" for name, value in
                                             zip(game.players, totals)), file=out)
    if "board" in res:
        titles = getattr(game, "HOLE_TITLES", {})
        left = {titles.get(h, h): c for h, c in res["board"].items() if c}
        print(f"Left on the board: {sum(left.values())} chips"
              + (f" ({', '.join(f'{h} {c}' for h, c in left.items())})" if left else ""), file=out)
    if res.get("money"):
        print("Money (PV4): " + ", ".join(f"{n} {v:+.2f}" for n, v in zip(game.players, res["money"])),
              file=out)
    names = " and ".join(game.players[s] for s in res["winners"])
    if game.finished:
        print(f"Winner: {names}", file=out)
    else:
        print(f"Most {unit} so far: {names} (the record stops before the end of the game)", file=out)


def main(argv=None, out=None) -> int:
    out = out or sys.stdout
    try:
        args = _parser().parse_args(argv)
        if args.command == "replay":
            game = load_record(args.record)
            title = getattr(game, "record_title", None)
            if title and not args.quiet:
                print(title, file=out)
            _print_game(game, args.quiet, out)
        elif args.command == "site":
            site = load_site_build()
            try:
                site.build(args.output, offline=args.offline, cache_dir=args.cache_dir)
            except site.SiteError as exc:
                raise CardwidgetsError(f"site: {exc}") from None
        elif args.command == "rules":
            cls = _game_class(args.game)
            for rule, text in cls.RULES.items():
                print(f"{rule}. {text}", file=out)
        else:
            cls = _game_class(args.game)
            if args.save:
                check_save_path(args.save)   # before the game is played, not after
            options = {}
            for item in args.variant:
                key, _, value = item.partition("=")
                options[key] = _value(value) if value else True
            settings = {}
            for item in args.settings:
                key, eq, value = item.partition("=")
                if not eq:
                    raise CardwidgetsError(f"--set: write NAME=VALUE, e.g. chips=30, not {item!r}")
                settings[key] = _value(value)
            players = args.players if args.players is not None else cls.min_players
            if "dealer" not in settings and isinstance(players, int) and players > 0:
                # the first dealer is chosen by lot (P4), from the seed so games repeat
                settings["dealer"] = random.Random(args.seed).randrange(players)
            game = cls(players, options=options, **settings)
            kinds = _seat_players(game, args.player, args.seat)
            seats = [PLAYERS[kinds[s]](args.seed * 1000 + s) for s in range(game.n)]
            reasons = {}

            def note(game, step):
                if args.why and 0 <= step.actor < game.n:
                    reason = getattr(seats[step.actor], "reason", None)
                    if reason:
                        reasons[step.index] = reason
            play_out(game, seats, seed=args.seed, on_step=note)
            if args.why and not args.quiet and any(isinstance(p, RuleOfThumbPlayer) for p in seats):
                print(f"Easy players play {RuleOfThumbPlayer.habits(game)}", file=out)
            _print_game(game, args.quiet, out, reasons)
            if args.save:
                save_record(game, args.save)
                print(f"Saved the record to {args.save}", file=out)
    except CardwidgetsError as exc:
        _one_line(f"cardwidgets: {exc}")
        return 2
    except SystemExit as exc:
        if isinstance(exc.code, str):
            _one_line(exc.code)
            return 2
        return exc.code or 0
    except OSError as exc:
        _one_line(f"cardwidgets: {exc.strerror or exc}: {exc.filename}")
        return 2
    return 0


def _one_line(message: str, limit: int = 400) -> None:
    """Print an error as one line (a name with a line break stays on it), cut if long."""
    text = " ".join(str(message).split())
    print(text if len(text) <= limit else text[:limit - 1] + "…", file=sys.stderr)
