"""The small examples in the docstrings run and give what they show."""
import doctest
import importlib

import pytest

MODULES = ["cardwidgets", "cardwidgets.engine.cards", "cardwidgets.engine.seats",
           "cardwidgets.engine.core", "cardwidgets.engine.players", "cardwidgets.engine.calls",
           "cardwidgets.engine.tricks", "cardwidgets.games.poch.rules", "cardwidgets.games.truk.rules",
           "cardwidgets.records",
           "cardwidgets.widget", "cardwidgets.widget.picture"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0
