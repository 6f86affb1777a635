"""No notebook gives an exercise's answer away (issue 25 items 4 and 7).

Each game notebook is executed in a kernel, as a student running all its cells would. The
exercises it made are then asked, in that same kernel, about every piece of text the notebook
shows from its first exercise on, in its committed outputs and in the outputs just made: would
this text, typed into the answer box, be judged right? None may be. Nowhere in the notebook may
a verdict ("Right!", "Not quite", ✔, ✘) or a teacher's reveal appear either: a committed
verdict tells the answer, or at least which answers are wrong.

The answers are known only to the exercises (their checks and ``Exercise.answer``), so the test
knows them the same way, without a list of its own. Text that is part of an exercise's own
question (the choices "A or B", the hand it lists) is not an answer given away.
"""
import html
import json
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
GAME_NOTEBOOKS = ["poch.ipynb", "pocha.ipynb", "truk.ipynb", "truc.ipynb"]
VERDICTS = ("Right!", "right!", "Not quite", "try again", "✔", "✘", "cw-answer",
            "Answer to ", "Answers (open only")

PROBE = '''
import json as _json
from cardwidgets import exercises as _ex
_texts = _json.loads(%r)
_leaks = []
for _q in _ex._MADE:
    for _where, _text in _texts:
        if _text in _q.question:        # the question itself (its choices, a hand it lists)
            continue
        _verdict = _q.check(_text)
        if _verdict.right:
            _leaks.append([_q.question, _where, _text])
print(_json.dumps({"exercises": [[q.question, q.answer] for q in _ex._MADE], "leaks": _leaks}))
'''


def shown_texts(output):
    """The texts an output shows a reader (HTML without its tags), images left out."""
    if "text" in output:
        yield output["text"]
    data = output.get("data", {})
    if "text/html" in data:
        page = re.sub(r'<img\b[^>]*>', " ", data["text/html"])
        page = re.sub(r"<(br|p|div|li|tr|td|th|h\d)\b[^>]*>", "\n", page)
        yield html.unescape(re.sub(r"<[^>]+>", "", page))
    if "text/plain" in data:
        yield data["text/plain"]


def fragments(text):
    """Each line, and each part of a line between : ; | ? = or ->, stripped: the pieces of
    text that could say an answer ("Exercise 1: 29" says 29)."""
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        yield line
        for part in re.split(r"[:;|?=]|->|→", line):
            if part.strip() and part.strip() != line:
                yield part.strip()


def texts_after_first_exercise(nb, label):
    """[(where, text)] of every output from the notebook's first exercise cell on."""
    cells = nb.cells
    first = next(i for i, c in enumerate(cells) if "exercise" in c.metadata.get("tags", []))
    out = []
    for i in range(first, len(cells)):
        for output in cells[i].get("outputs", []):
            for text in shown_texts(output):
                out += [(f"{label} cell {i}", piece) for piece in fragments(text)]
    return out


def verdicts_shown(nb):
    found = []
    for i, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            for text in shown_texts(output):
                found += [(i, mark) for mark in VERDICTS if mark in text]
    return found


@pytest.fixture(scope="module", params=GAME_NOTEBOOKS)
def checked(request):
    """The notebook as committed, the same notebook executed now, and the probe's verdict."""
    path = ROOT / "notebooks" / request.param
    committed = nbformat.read(path, as_version=4)
    fresh = nbformat.read(path, as_version=4)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    client = NotebookClient(fresh, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    with client.setup_kernel():
        for index, cell in enumerate(fresh.cells):
            client.execute_cell(cell, index)
        texts = (texts_after_first_exercise(committed, "committed")
                 + texts_after_first_exercise(fresh, "executed"))
        probe = nbformat.v4.new_code_cell(PROBE % json.dumps(texts))
        fresh.cells.append(probe)
        client.execute_cell(probe, len(fresh.cells) - 1)
        fresh.cells.pop()
    printed = "".join(o.get("text", "") for o in probe.outputs if o.get("name") == "stdout")
    return request.param, committed, fresh, json.loads(printed)


def test_the_probe_sees_every_exercise_and_its_answer(checked):
    name, committed, _, result = checked
    tagged = sum("exercise" in c.metadata.get("tags", []) for c in committed.cells)
    assert len(result["exercises"]) >= tagged >= 3, name
    assert all(answer for _, answer in result["exercises"]), "every exercise keeps its answer"


def test_no_output_gives_an_exercises_answer(checked):
    name, _, _, result = checked
    assert result["leaks"] == [], name


def test_no_output_shows_a_verdict_or_a_revealed_answer(checked):
    name, committed, fresh, _ = checked
    assert verdicts_shown(committed) == [], f"{name} as committed"
    assert verdicts_shown(fresh) == [], f"{name} executed"


def test_the_check_finds_an_answer_printed_as_truc_ipynb_did():
    """The old truc.ipynb printed "Exercise 1: 29" and a verdict "right!": both are caught."""
    from cardwidgets.exercises import ask
    q = ask("What is the envit?", answer=29)
    cell = nbformat.v4.new_code_cell("")
    cell.metadata["tags"] = ["exercise"]
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout",
                                           text="Exercise 1: 29\nExercise 2: right!\n")]
    nb = nbformat.v4.new_notebook(cells=[cell])
    assert any(q.check(text).right for _, text in texts_after_first_exercise(nb, "x"))
    assert verdicts_shown(nb) == [(0, "right!")]
