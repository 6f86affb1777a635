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
>>> print(Exercise("What colour are hearts?", colour, answer="red").check("rot"))
Right! Hearts are red.

Nothing a notebook shows by itself gives an answer away: the box, its static HTML and the
verdicts say only whether the student's own answer is right. A teacher reveals an answer on
purpose, in a cell of their own (``q.reveal()``, or ``answers()`` for every exercise shown so
far), or turns on :func:`teacher_mode` before the boxes are made, which adds a **Show the
answer** button to each (for a class going through the answers together, in Voilà too):

>>> print(q.reveal())
Answer to "With four players, how many chips are on the board after the first ante?": 36

The rules are shown as text, not as program output: :func:`show_rule` gives an object that
JupyterLab, Voilà and an HTML export show as HTML in the notebook's own font (the rule id in
bold, each "Our ruling" in its own block), with plain text for everything else:

>>> print(show_rule("P13"))
P13: The player who laid the last card of a run starts a new run with any card.
>>> print(show_rule("P15"))            # doctest: +NORMALIZE_WHITESPACE
P15: The game ends when a player cannot pay the nine-chip ante (or after the deals agreed).
The most chips wins; chips left on the board belong to nobody.
    Our ruling (the documents name one winner and say nothing of a tie): players tied for
    the most chips share the win.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["Exercise", "Verdict", "ask", "same_answer", "answers", "teacher_mode",
           "show_rule", "show_rulings", "RuleText"]

#: every exercise made in this kernel (the last few hundred), for answers() and the tests
_MADE: list = []
_TEACHER = {"on": False}


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
    ``placeholder`` is the grey example text in the empty box; ``answer`` (and ``explain``,
    why it is right) is what :meth:`reveal` shows a teacher, never shown otherwise.
    """

    def __init__(self, question: str, check: Callable[[str], Any], *, placeholder: str = "",
                 title: str = "", answer: Any = None, explain: str = ""):
        if not isinstance(question, str) or not question.strip():
            raise ValueError("question: an exercise needs a question")
        if not callable(check):
            raise TypeError("check: give a function of the answer text")
        self.question = question
        self.title = title
        self.placeholder = placeholder
        self._check = check
        self.answer = None if answer is None else str(answer)
        self.explain = str(explain or "")
        self._box = None
        _MADE.append(self)
        del _MADE[:-500]

    # ---- the one check -------------------------------------------------------------------
    def check(self, text) -> Verdict:
        """The verdict on an answer (the text a student typed)."""
        text = "" if text is None else str(text)
        if not text.strip():
            return Verdict(False, "Write your answer in the box first.")
        return _as_verdict(self._check(text))

    def reveal(self) -> "Answer":
        """The answer, for a teacher who shows it on purpose (in a cell of their own)."""
        return Answer([self])

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
        row = [answer, button]
        if _TEACHER["on"]:
            # teacher mode (asked for on purpose): the answer is sent only when pressed
            reveal = W.Button(description="Show the answer", tooltip="For the teacher: show "
                              "the answer", layout=W.Layout(width="auto"))
            reveal.on_click(lambda _: setattr(verdict, "value", self.reveal()._repr_html_()))
            row.append(reveal)
        self._box = W.VBox([question, W.HBox(row), verdict],
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
        placeholder: str = "", title: str = "", explain: str = "") -> Exercise:
    """An exercise whose answer is ``answer`` (a number, a word such as a rule id); the hint
    is shown when the answer is not right. Give ``check`` instead for answers of other shapes
    (and ``answer`` too, as the text a teacher reveals). ``explain`` says why the answer is
    right: a teacher's reveal shows it.
    """
    if isinstance(answer, float) and answer.is_integer():
        answer = int(answer)
    if check is None:
        if answer is None:
            raise ValueError("answer: give the expected answer, or a check function")

        def check(text, _answer=answer, _hint=hint):
            if same_answer(text, _answer):
                return Verdict(True, "")
            return Verdict(False, f"Not quite. Hint: {_hint}" if _hint else "Not quite: try again.")
    return Exercise(question, check, placeholder=placeholder, title=title, answer=answer,
                    explain=explain)


# ---- the teacher's reveal ----------------------------------------------------------------
class Answer:
    """The answers of some exercises, shown on purpose (HTML, with plain text for the rest)."""

    def __init__(self, exercises):
        self.exercises = list(exercises)

    @staticmethod
    def _said(q) -> str:
        return q.answer if q.answer is not None else "(no answer written down: its check decides)"

    def __str__(self) -> str:
        return "\n".join(f'Answer to "{q.question}": {self._said(q)}'
                         + (f". {q.explain}" if q.explain else "") for q in self.exercises)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        items = "".join(
            f"<li>{html.escape(q.question)} <strong>{html.escape(self._said(q))}</strong>"
            + (f" ({html.escape(q.explain)})" if q.explain else "") + "</li>"
            for q in self.exercises)
        return ('<div class="cw-answer" style="border-left:3px solid #888;padding:2px 10px">'
                f'<em>Answer{"s" if len(self.exercises) != 1 else ""} (for the teacher):</em>'
                f'<ul style="margin:2px 0">{items}</ul></div>')


def answers(*exercises) -> Answer:
    """The answers of the exercises given, or of every exercise made so far in this kernel
    (run the notebook, then ``answers()`` in a cell of your own): for the teacher."""
    return Answer(exercises or _MADE)


def teacher_mode(on: bool = True) -> str:
    """Answer boxes made from now on get a **Show the answer** button (or no longer, with
    ``on=False``). A notebook never turns it on: a teacher does, on purpose."""
    _TEACHER["on"] = bool(on)
    return f"Teacher mode {'on' if on else 'off'}: answer boxes made from now on " \
           f"{'show' if on else 'do not show'} a Show the answer button."


# ---- rules as text ---------------------------------------------------------------------------
#: where a ruling starts in a rule's text: "Our ruling: ...", "Our rulings: ...",
#: "Our ruling on the direction: ...", "Open point settled: ..."
_RULING = re.compile(r"\b(?:Our rulings?|Open point settled)\b[^:.]{0,80}:")


def _rule_parts(text: str):
    """A rule's text cut into the rule itself and its rulings: [(label, body), ...], the first
    label empty."""
    starts = [m.start() for m in _RULING.finditer(text)]
    pieces = [text[a:b].strip() for a, b in zip([0] + starts, starts + [len(text)])]
    parts = [("", pieces[0])]
    for piece in pieces[1:]:
        label, _, body = piece.partition(":")
        parts.append((label.strip(), body.strip()))
    return parts


def _rule_text(rule_id: str) -> str:
    from .games import GAMES
    for game in GAMES.values():
        if rule_id in game.RULES:
            return game.RULES[rule_id]
    raise KeyError(f"rule_id: no game has a rule {rule_id!r} (rule ids look like P7, H8, K12, V7)")


class RuleText:
    """One or more rules, shown as HTML in the notebook's own font (the id in bold, each ruling
    in a block of its own), and as plain text wrapped between words where HTML is not shown.
    ``only_rulings`` shows just the rulings (for a notebook's list of "Our rulings")."""

    def __init__(self, rules, only_rulings: bool = False):
        self.rules = [(str(rule_id), str(text)) for rule_id, text in rules]
        self.only_rulings = only_rulings

    def _parts(self, text):
        parts = _rule_parts(text)
        return parts[1:] if self.only_rulings else parts

    def __str__(self) -> str:
        import textwrap
        out = []
        for rule_id, text in self.rules:
            parts = self._parts(text)
            first = (f"{rule_id}: {parts[0][1]}" if not self.only_rulings
                     else f"{rule_id}:")
            lines = [textwrap.fill(first, 88)]
            for label, body in (parts if self.only_rulings else parts[1:]):
                lines.append(textwrap.fill(f"{label}: {body}", 88, initial_indent="    ",
                                           subsequent_indent="    "))
            out.append("\n".join(lines))
        return "\n\n".join(out)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        out = []
        for rule_id, text in self.rules:
            parts = self._parts(text)
            head = f'<strong class="cw-ruletext-id">{html.escape(rule_id)}</strong>'
            body = ([f'<p style="margin:0">{head} {html.escape(parts[0][1])}</p>']
                    if not self.only_rulings else [f'<p style="margin:0">{head}</p>'])
            rulings = parts if self.only_rulings else parts[1:]
            body += [('<div class="cw-ruletext-ruling" style="margin:.3em 0 0 1.2em;padding:.2em .7em;'
                      'border-left:3px solid #b8860b;background:rgba(184,134,11,.12)">'
                      f"<strong>{html.escape(label)}</strong>: {html.escape(text_)}</div>")
                     for label, text_ in rulings]
            out.append(f'<div class="cw-ruletext" data-rule="{html.escape(rule_id)}" '
                       f'style="margin:.35em 0 .6em 0">{"".join(body)}</div>')
        return "".join(out)


def show_rule(*rule_ids: str) -> RuleText:
    """The rules named (``show_rule("K9", "K10")``), from whichever game has them."""
    if not rule_ids:
        raise ValueError("rule_ids: name at least one rule, e.g. show_rule(\"K2\")")
    return RuleText([(rule_id, _rule_text(rule_id)) for rule_id in rule_ids])


def show_rulings(rules: dict) -> RuleText:
    """Every ruling of a game's rules (``show_rulings(Poch.RULES)``), one rule after another."""
    return RuleText([(rule_id, text) for rule_id, text in rules.items()
                     if len(_rule_parts(text)) > 1], only_rulings=True)
