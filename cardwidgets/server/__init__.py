"""Class tables: students play each other, each from their own screen (issue 27).

``python -m cardwidgets serve`` starts a table server (needs the ``class`` extra:
``pip install "cardwidgets[class]"``): the teacher makes tables on the teacher's page and
hands out a six-letter code per seat; students open the server's address in any browser and
type their code. Every move is checked by the engine and written to a SQLite database
before anyone hears of it, so a server stopped (even killed) and started again resumes each
table at its last move.

- :mod:`.store`: the SQLite log (tables, seats, actions);
- :mod:`.classroom`: the tables in memory, each seat fed by the widget's own code
  (:class:`~cardwidgets.widget.GameWidget` locked to the seat);
- :mod:`.app`: the pages, the teacher's API and the websocket (Starlette).
"""
from __future__ import annotations

import socket
import sys
from pathlib import Path

__all__ = ["add_parser", "serve"]

DEFAULT_PORT = 8765
DEFAULT_DB = "cardwidgets-class.db"


def add_parser(sub):
    """The ``serve`` subcommand of ``python -m cardwidgets``."""
    s = sub.add_parser("serve", help="a class table server: students play each other, each "
                       "from their own screen")
    s.add_argument("--host", default="127.0.0.1",
                   help="address to listen on; the default opens the pages to this computer "
                   "only; 0.0.0.0 opens them to the class network")
    s.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    s.add_argument("--db", default=DEFAULT_DB, metavar="FILE",
                   help=f"the tables' database (default {DEFAULT_DB}); the same file again "
                   "resumes every table")
    s.add_argument("--new-key", action="store_true",
                   help="make a new teacher's key (the old teacher's link stops working)")
    return s


def _lan_address() -> str:
    """This computer's address on the class network, as well as we can tell offline."""
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("10.254.254.254", 1))   # no packet is sent
            return probe.getsockname()[0]
        finally:
            probe.close()
    except OSError:
        return socket.gethostname()


def serve(args, out=None) -> int:
    """Run the server until Ctrl+C (``args`` from :func:`add_parser`)."""
    from ..engine import CardwidgetsError
    out = out or sys.stdout
    try:
        import uvicorn
        from .app import MAX_MESSAGE, make_app
    except ImportError as exc:
        raise CardwidgetsError(f"serve: the class tables need the class extra ({exc.name} is "
                               "missing): pip install \"cardwidgets[class]\"") from None
    if not 0 < args.port < 65536:
        raise CardwidgetsError(f"--port: a port from 1 to 65535, not {args.port}")
    app = make_app(args.db, new_key=args.new_key)
    room = app.state.room
    shown = _lan_address() if args.host in ("0.0.0.0", "::") else args.host
    base = f"http://{shown}:{args.port}"
    print("cardwidgets class tables", file=out)
    print(f"  Teacher's page (keep this link to yourself): {base}/teacher#key={room.teacher_key}",
          file=out)
    print(f"  Students open {base}/ and type their seat's code", file=out)
    print(f"  Every move is written to {Path(args.db).resolve()}; start again with the same "
          "--db to resume every table", file=out)
    if args.host == "127.0.0.1":
        print("  Only this computer can open these pages; --host 0.0.0.0 opens them to the "
              "class network", file=out)
    print("  Stop with Ctrl+C", file=out, flush=True)
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                    ws_max_size=MAX_MESSAGE * 2, ws_ping_interval=20, ws_ping_timeout=20)
    finally:
        room.close()
    return 0
