"""Answer boxes for the notebooks' exercises: a text box and a Check button.

An exercise works wherever a student reads the notebook:

- in JupyterLab, Notebook 7 and Voilà (where no cell can be edited) it shows a question, a text
  box and a **Check** button; the button calls the exercise's check and shows the verdict (a
  hint when the answer is not right) under the box;
- without a kernel (an HTML export, GitHub, a notebook not yet run) the same output shows the
  question as plain HTML, saying that the answer can be checked once the notebook runs.

The check is one Python function, the same for the button and for :meth:`Exercise.check`, so a
test (or a teacher at the keyboard) can check an answer without a browser:

>>> q = ask("With four players, how many chips are on the board after the first ante?",
...         answer=36, hint="every player puts 1 chip in each of the 9 holes.")
>>> q.check("36").right, q.check(" 36 chips ").right
(True, True)
>>> print(q.check("9"))
Not quite. Hint: every player puts 1 chip in each of the 9 holes.
>>> print(q.check(""))
Write your answer in the box first.

A check of one's own is a function of the answer text returning a :class:`Verdict` (or a pair
``(right, message)``, or just ``True``/``False``):

>>> def colour(text):
...     return Verdict(text.strip().lower() in ("red", "rot"), "Hearts are red.")
>>> print(Exercise("What colour are hearts?", colour).check("rot"))
Right! Hearts are red.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["Exercise", "Verdict", "ask", "same_answer"]


@dataclass(frozen=True)
class Verdict:
    """The answer to one check: is it right, and what to tell the student."""

    right: bool
    message: str = ""

    def __str__(self) -> str:
        if self.right:
            if self.message.startswith("Right"):
                return self.message
            return f"Right! {self.message}".strip()
        return self.message or "Not quite: try again."

    def __bool__(self) -> bool:
        return self.right


_NUMBER = re.compile(r"^\s*([-+]?\d+(?:[.,]\d+)?)\s*(?:[A-Za-z ]*)$")


def _normal(value: Any):
    """A comparable form of an answer: numbers as numbers, words lower-case, spaces squeezed."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    text = " ".join(str(value).split()).strip().strip(".").strip('"\'')
    match = _NUMBER.match(text)
    if match:
        return float(match.group(1).replace(",", "."))
    return text.casefold()


def same_answer(given: str, answer: Any) -> bool:
    """Does the text ``given`` say ``answer``? ``"36"``, ``"36 chips"`` and ``" 36 "`` all say
    36; words compare without regard to case, spaces or quotes (``"p7"`` says ``"P7"``).

    >>> same_answer("36 chips", 36), same_answer(" p7 ", "P7"), same_answer("35", 36)
    (True, True, False)
    """
    return _normal(given) == _normal(answer)


def _as_verdict(result) -> Verdict:
    if isinstance(result, Verdict):
        return result
    if isinstance(result, tuple) and len(result) == 2:
        return Verdict(bool(result[0]), str(result[1]))
    if isinstance(result, bool):
        return Verdict(result, "")
    raise TypeError(f"a check returns a Verdict, a pair (right, message) or True/False, "
                    f"not {result!r}")


class Exercise:
    """A question with an answer box and a Check button (ipywidgets), or its static HTML.

    ``check(text) -> Verdict`` decides; :func:`ask` builds one from an expected answer.
    ``placeholder`` is the grey example text in the empty box.
    """

    def __init__(self, question: str, check: Callable[[str], Any], *, placeholder: str = "",
                 title: str = ""):
        if not isinstance(question, str) or not question.strip():
            raise ValueError("question: an exercise needs a question")
        if not callable(check):
            raise TypeError("check: give a function of the answer text")
        self.question = question
        self.title = title
        self.placeholder = placeholder
        self._check = check
        self._box = None

    # ---- the one check -------------------------------------------------------------------
    def check(self, text) -> Verdict:
        """The verdict on an answer (the text a student typed)."""
        text = "" if text is None else str(text)
        if not text.strip():
            return Verdict(False, "Write your answer in the box first.")
        return _as_verdict(self._check(text))

    # ---- what the student sees -----------------------------------------------------------
    def static_html(self) -> str:
        """The question as HTML, for a notebook opened without a kernel."""
        title = f"<strong>{html.escape(self.title)}</strong> " if self.title else ""
        return ('<div class="cw-exercise" style="border-left:3px solid #888;padding:4px 10px;'
                f'margin:4px 0"><p>{title}{html.escape(self.question)}</p>'
                '<p style="opacity:.75"><em>Run the notebook to type your answer here and check '
                'it.</em></p></div>')

    def widget(self):
        """The ipywidgets box: question, answer box, Check button and the verdict."""
        if self._box is not None:
            return self._box
        import ipywidgets as W
        label = (f"<strong>{html.escape(self.title)}</strong> " if self.title else "") \
            + html.escape(self.question)
        question = W.HTML(f"<p>{label}</p>")
        answer = W.Text(placeholder=self.placeholder or "your answer",
                        layout=W.Layout(width="min(28em, 100%)"))
        answer.description_allow_html = False
        button = W.Button(description="Check", button_style="primary",
                          tooltip="Check your answer", layout=W.Layout(width="auto"))
        verdict = W.HTML("", layout=W.Layout(min_height="1.6em"))

        def show(_=None):
            result = self.check(answer.value)
            # the theme's own colours (light and dark), with fallbacks outside JupyterLab
            colour = ("var(--jp-success-color1, #1a7f37)" if result.right
                      else "var(--jp-warn-color1, #b35900)")
            sign = "✔" if result.right else "✘" if answer.value.strip() else "…"
            verdict.value = (f'<span style="color:{colour}" role="status">{sign} '
                             f"{html.escape(str(result))}</span>")

        button.on_click(show)
        # the value reaches the kernel on Enter (or when the box loses focus): check it then
        answer.continuous_update = False
        answer.observe(lambda change: show() if change["new"].strip() else None, "value")
        self._box = W.VBox([question, W.HBox([answer, button]), verdict],
                           layout=W.Layout(margin="4px 0 8px 0"))
        self._box.add_class("cw-exercise")
        self._answer, self._verdict, self._show = answer, verdict, show
        return self._box

    def _repr_mimebundle_(self, **kwargs):
        """The widget for a live kernel, and the question as HTML for everything else."""
        try:
            bundle = self.widget()._repr_mimebundle_(**kwargs)
        except Exception:                      # no ipywidgets or no kernel: the HTML only
            bundle = None
        data, meta = (bundle if isinstance(bundle, tuple) else (bundle, {}))
        data = dict(data or {})
        data["text/html"] = self.static_html()
        data["text/plain"] = f"Exercise: {self.question}"
        return data, meta

    def __repr__(self) -> str:
        return f"<Exercise {self.question!r}>"


def ask(question: str, answer: Any = None, *, hint: str = "", check: Callable | None = None,
        placeholder: str = "", title: str = "") -> Exercise:
    """An exercise whose answer is ``answer`` (a number, a word such as a rule id); the hint
    is shown when the answer is not right. Give ``check`` instead for answers of other shapes.
    """
    if check is None:
        if answer is None:
            raise ValueError("answer: give the expected answer, or a check function")

        def check(text, _answer=answer, _hint=hint):
            if same_answer(text, _answer):
                return Verdict(True, "")
            return Verdict(False, f"Not quite. Hint: {_hint}" if _hint else "Not quite: try again.")
    return Exercise(question, check, placeholder=placeholder, title=title)
