"""The history the notebooks tell comes from the documents' facts (``notebooks/facts.json``).

Every notebook in ``notebooks/`` is read (its markdown, and the text in its code cells):

* every year it names (1000–2099) is a year of some fact, and every century ("15th
  century") a century of some fact;
* every place or name it mentions from our list of history names (the places and names of
  the facts, and others a history text might reach for though no document gives them) comes
  from a fact, and where a sentence, list item or table row names one game, the places in it
  come from that game's facts;
* none of the claims that a second reading found the documents do not make (issue 11)
  comes back.

The facts themselves are checked too: each names its document, and its original words are
found in that document (when the documents are on this machine, ``CARDWIDGETS_SEEDS`` or
``/work/shared/seeds``).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
FACTS_FILE = NOTEBOOKS / "facts.json"
SOURCES = json.loads(FACTS_FILE.read_text(encoding="utf-8"))
FACTS = SOURCES["facts"]
SEEDS = Path(os.environ.get("CARDWIDGETS_SEEDS", "/work/shared/seeds"))

#: The topics of facts that may back a claim about each game.
GAME_TOPICS = {"Poch": {"poch", "suits"}, "Pocha": {"pocha"},
               "Truk": {"truk", "truk-family"}, "Truc": {"truc"}}
GAME_WORDS = {"Poch": r"\bPoch\b", "Pocha": r"\bPocha\b", "Truk": r"\b[Tt]ruk\b",
              "Truc": r"\bTruc\b"}

#: History names no document gives: a notebook must not use them as history.
NOT_IN_DOCUMENTS = (
    "Philippines", "Manila", "Mexico", "Castile", "Madrid", "Barcelona", "Seville", "England",
    "London", "Paris", "Lyon", "Vienna", "Munich", "Berlin", "Bavaria", "Saxony", "Prussia",
    "Netherlands", "Flanders", "Portugal", "Cuba", "Peru", "Colombia", "Hoyle", "Cardano",
    "bridge", "whist", "ombre", "tarot de Marseille", "Le Poque", "1789",
)

#: Claims the documents do not make (issue 11, item 7): pattern -> what the documents say.
UNSUPPORTED = {
    r"[Nn]obody wrote the rules down": "document 000: no exact rules are known",
    r"turns up mostly in bans, in": "document 000: it was played mainly in south Germany, "
                                    "Alsace and the Rhineland; it places no bans",
    r"whose boards look much like Poch boards": "document 000: only Pope Joan's boards are "
                                                "compared with Poch boards",
    r"played with a 32-card \**German-suited": "documents 000 and 002: French suits too",
    r"15th century[^|.]{0,80}nine (holes|pots)": "document 000: the compartments grew from six to nine",
    r"is given only in numbers": "document 000 names E-P1's cards",
    r"long before poker": "document 004 gives Pocha no date",
    r"Truc\W+\|?\s*Valencia and Catalonia": "document 003's truc is the one played in Valencia",
}


def _all(key):
    out = set()
    for fact in FACTS:
        out.update(fact.get(key, ()))
    return out


YEARS = _all("years")
CENTURIES = _all("centuries")
PLACES = _all("places")
NAMES = _all("names")


def _notebooks():
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def _text(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n\n".join("".join(cell["source"]) for cell in nb["cells"]
                       if cell["cell_type"] in ("markdown", "code"))


def _prose(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n\n".join("".join(cell["source"]) for cell in nb["cells"]
                       if cell["cell_type"] == "markdown")


def _units(prose: str):
    """Sentences, list items and table rows: the pieces a claim is made in."""
    for block in re.split(r"\n\s*\n", prose):
        for line_group in re.split(r"\n(?=\s*(?:[-*] |\d+\. |\|))", block):
            group = " ".join(line_group.split())
            if group.startswith("|"):
                yield group
            else:
                yield from re.split(r"(?<=[.!?])\s+(?=[A-Z*])", group)


def _mentions(text: str, words) -> set:
    return {w for w in words if re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", text)}


# ---- the facts file ---------------------------------------------------------------------

def test_facts_are_whole():
    ids = [f["id"] for f in FACTS]
    assert len(ids) == len(set(ids)), "fact ids are unique"
    for fact in FACTS:
        assert fact["doc"] in SOURCES["documents"], fact["id"]
        assert fact["topic"] in {t for ts in GAME_TOPICS.values() for t in ts} | {"truk-family"}
        assert fact["en"].strip() and fact["original"], fact["id"]
        for year in fact.get("years", ()):
            assert isinstance(year, int) and 1000 <= year <= 2099, fact["id"]
        if fact.get("lane"):
            assert fact.get("label"), f"{fact['id']}: a timeline fact has a label"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents are not on this machine")
def test_facts_original_words_are_in_their_document():
    norm = lambda s: re.sub(r"\s+", " ", s).strip()
    for fact in FACTS:
        doc = SOURCES["documents"][fact["doc"]]
        text = norm((SEEDS / doc["file"]).read_text(encoding="utf-8"))
        originals = fact["original"] if isinstance(fact["original"], list) else [fact["original"]]
        for words in originals:
            assert norm(words) in text, f"{fact['id']}: {words!r} is not in document {fact['doc']}"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents are not on this machine")
def test_facts_years_are_in_their_document():
    for fact in FACTS:
        doc = SOURCES["documents"][fact["doc"]]
        text = (SEEDS / doc["file"]).read_text(encoding="utf-8")
        for year in fact.get("years", ()):
            assert str(year) in text, f"{fact['id']}: {year} is not in document {fact['doc']}"


def test_no_fact_uses_a_name_no_document_gives():
    for fact in FACTS:
        assert not _mentions(fact["en"], NOT_IN_DOCUMENTS), fact["id"]


# ---- the notebooks ----------------------------------------------------------------------

def test_the_checks_see_every_notebook():
    names = {p.name for p in _notebooks()}
    assert {"history.ipynb", "index.ipynb", "teachers.ipynb", "poch.ipynb"} <= names


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_every_year_comes_from_a_fact(path):
    years = {int(y) for y in re.findall(r"(?<![\d.,\-])(1\d{3}|20\d{2})(?![\d])", _text(path))}
    assert years <= YEARS, f"{path.name}: years no fact gives: {sorted(years - YEARS)}"


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_every_century_comes_from_a_fact(path):
    centuries = {int(c) for c in re.findall(r"\b(\d{1,2})(?:st|nd|rd|th)[ -]century", _text(path))}
    assert centuries <= CENTURIES, f"{path.name}: centuries no fact gives: {sorted(centuries - CENTURIES)}"


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_no_history_name_the_documents_do_not_give(path):
    found = _mentions(_prose(path), NOT_IN_DOCUMENTS)
    assert not found, f"{path.name}: names no document gives: {sorted(found)}"


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_places_said_of_a_game_come_from_that_game(path):
    topics_of = {}
    for fact in FACTS:
        for place in fact.get("places", ()):
            topics_of.setdefault(place, set()).add(fact["topic"])
    wrong = []
    for unit in _units(_prose(path)):
        games = [g for g, pattern in GAME_WORDS.items() if re.search(pattern, unit)]
        if len(games) != 1:
            continue
        allowed = GAME_TOPICS[games[0]]
        for place in _mentions(unit, PLACES):
            if not topics_of[place] & allowed:
                wrong.append(f"{place!r} said of {games[0]}: {unit[:120]!r}")
    assert not wrong, f"{path.name}: " + "; ".join(wrong)


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_no_claim_the_documents_do_not_make(path):
    text = " ".join(_prose(path).split())
    found = [f"{pattern!r} ({why})" for pattern, why in UNSUPPORTED.items() if re.search(pattern, text)]
    assert not found, f"{path.name}: " + "; ".join(found)


def test_the_checks_catch_what_issue_11_found():
    index_row = "| **Truc** | Valencia and Catalonia | coming soon |"
    assert any(re.search(p, index_row) for p in UNSUPPORTED)
    unit = "Truc is played in Catalonia."
    topics = {f["topic"] for f in FACTS if "Catalonia" in f.get("places", ())}
    assert not topics & GAME_TOPICS["Truc"], "Catalonia is no place of Valencian truc's facts"
    assert _mentions(unit, PLACES) == {"Catalonia"}
    assert {int(y) for y in re.findall(r"(1\d{3})", "in 1789 Le Poque")} - YEARS == {1789}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source documents are not on this machine")
def test_suit_names_marked_as_ours_are_in_no_document():
    """The suit-systems picture marks ° the names no document uses: check that against the
    documents themselves."""
    from cardwidgets.history import suit_systems_html
    corpus = " ".join(f["original"] if isinstance(f["original"], str) else " ".join(f["original"])
                      for f in FACTS)
    html = suit_systems_html(corpus=corpus)
    texts = " ".join((SEEDS / d["file"]).read_text(encoding="utf-8")
                     for d in SOURCES["documents"].values()).lower()
    found = lambda word: re.search(r"(?<!\w)" + re.escape(word.lower()) + r"(?!\w)", texts)
    # the names under each card in the games' languages (the English line is not marked)
    names = re.findall(r'font-size="9\.5"[^>]*>([^<]+)</text>', html)
    marked = [n[:-1] for n in names if n.endswith("°")]
    assert marked and len(marked) < len(names)
    for name in names:
        word = name.rstrip("°").replace("&#x27;", "'")
        in_documents = all(found(w) for w in word.split())
        assert in_documents != name.endswith("°"), \
            f"{word!r} is {'' if in_documents else 'not '}in a document"


#: Capitalised words that are not history: the interface, software, languages, rule ids.
NOT_HISTORY = {"Next", "Back", "Shift", "Enter", "Run", "All", "Cells", "Check", "Discuss",
               "JupyterLab", "Binder", "Voilà", "GitHub", "README", "European", "English",
               "Basque", "Finnish", "Tagalog", "Spanish", "French", "German", "Valencian",
               "Catalan"}


@pytest.mark.parametrize("name", ["history.ipynb", "index.ipynb", "teachers.ipynb"])
def test_every_name_in_the_history_notebooks_comes_from_a_fact(name):
    """In the notebooks that tell the history, every capitalised word inside a sentence (a
    name of a person, place, book or game) is a word of some fact."""
    known = set()
    for fact in FACTS:
        originals = fact["original"] if isinstance(fact["original"], list) else [fact["original"]]
        for text in [fact["en"], *fact.get("names", ()), *fact.get("places", ()), *originals]:
            known |= {w.lower() for w in re.findall(r"[\w'’]+", text)}
    prose = _prose(NOTEBOOKS / name)
    words = re.findall(r"(?<=[a-z,;:)] )\**([A-ZÀ-ÖØ-Þ][\w'’-]*)", prose)
    unknown = set()
    for word in words:
        for part in word.split("-"):
            part = re.sub(r"['’]s$", "", part)
            if part and part.lower() not in known and part not in NOT_HISTORY and not re.fullmatch(r"[A-Z]\d+", part):
                unknown.add(part)
    assert not unknown, f"{name}: names no fact gives: {sorted(unknown)}"
