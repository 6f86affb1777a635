"""The game widget and what every game's table shares.

- ``gamewidget.py``: :class:`GameWidget` (anywidget), which knows no game: it finds a game's
  table (``table.js``, ``table.css``) in the game's folder through ``Game.PARTS``;
- ``shell.js`` (stepper, explanation, legal actions, play mode), ``cards.js`` (card faces,
  chips, the table registry), ``widget.css`` and ``suits.json`` (the suit signs);
- ``picture.py``: static pictures (card faces, chips, the caption) and :func:`table_html`,
  which hands a game to its own ``picture.py``.

>>> from cardwidgets.widget import GameWidget
>>> w = GameWidget.new("poch", players=4, seed=3)
>>> w.frames[0]["phase"], len(w.frames) == len(w.game.actions) + 1
('ante', True)
"""

__all__ = ["GameWidget"]


def __getattr__(name):
    # the widget pulls in anywidget and ipywidgets: import it only when asked for
    if name == "GameWidget":
        from .gamewidget import GameWidget
        return GameWidget
    raise AttributeError(f"module 'cardwidgets.widget' has no attribute {name!r}")
