"""Write Valencian truc's worked-example records (cardwidgets/games/truc/examples/*.json).

    python tools/truc_examples.py

Document 003 gives the truc rules but no worked hand, so every deal here is chosen to show
one rule; each record's ``facts`` say which facts the document states and which we chose.
"""
from pathlib import Path

from cardwidgets import Action
from cardwidgets.games.truc import Truc
from cardwidgets.records import save_record

HERE = Path(__file__).resolve().parent.parent / "cardwidgets" / "games" / "truc" / "examples"
FOUR = ["Amparo", "Vicent", "Carme", "Pep"]
SOURCE = "document 003 (Basque), its Valencian truc rules (Heraclio Fournier's)"


def act(g, seat, kind, what=None, card=None):
    c = g.suits.card(card) if card else None
    step = g.apply(Action(kind, g.players.index(seat), card=c, what=what))
    return step.index


def parda():
    g = Truc(FOUR, dealer=0)
    g.apply(g.scripted_deal({"Pep": ["3-swords", "4-cups", "5-swords"],
                             "Carme": ["3-clubs", "7-coins", "6-clubs"],
                             "Vicent": ["5-coins", "6-swords", "4-swords"],
                             "Amparo": ["6-cups", "4-coins", "5-cups"]}))
    notes = {1: "Amparo deals, so Pep, on her right, is mà: he leads, and his side wins ties."}
    act(g, "Pep", "play", card="3-swords")
    act(g, "Carme", "play", card="3-clubs")
    act(g, "Vicent", "play", card="5-coins")
    k = act(g, "Amparo", "play", card="6-cups")
    notes[k] = ("Pep's and Carme's 3s are equal and the highest, and they are opponents: the "
                "trick is a parda. Now the second trick decides the hand.")
    k = act(g, "Pep", "play", card="4-cups")
    notes[k] = "Our ruling: after a parda the player who led it leads again."
    k = act(g, "Carme", "call", what="truc")
    notes[k] = "Carme holds the 7 of coins, the fourth-best card, and bets the truc."
    act(g, "Vicent", "accept")
    act(g, "Carme", "play", card="7-coins")
    act(g, "Vicent", "play", card="6-swords")
    k = act(g, "Amparo", "play", card="4-coins")
    notes[k] = ("A parda and then a win: the winner of the second trick takes the hand, and the "
                "third trick is not played.")
    g.advance()
    g.comments = notes
    save_record(g, HERE / "truc-parda.json", title="Truc: a hand with a parda (four players)",
                facts={"source": SOURCE,
                       "stated": ["equal top cards of two opponents tie the trick (a parda; the "
                                  "document's Basque: altxaldi arrea)",
                                  "one trick tied and another won: the side that won it wins",
                                  "a third trick that cannot change the result is not played",
                                  "the truc bet is worth 2; the player on the dealer's right is mà"],
                       "chosen": ["the players' names and every card dealt",
                                  "Amparo deals; Carme calls truc and Vicent accepts",
                                  "who leads after a parda (our ruling: its leader again)"]})


def settling():
    g = Truc(FOUR, dealer=1, score=[21, 22])
    g.apply(g.scripted_deal({"Amparo": ["1-swords", "7-swords", "4-cups"],
                             "Pep": ["7-coins", "6-coins", "3-clubs"],
                             "Carme": ["1-clubs", "3-cups", "5-clubs"],
                             "Vicent": ["5-swords", "6-cups", "4-swords"]}))
    notes = {1: ("Near the end of the cama: Amparo and Carme have 21, Vicent and Pep 22; the "
                 "first side to reach 24 wins it. Amparo is mà.")}
    k = act(g, "Amparo", "call", what="truc")
    notes[k] = "Amparo holds the ace and the 7 of swords: strong cards for the tricks."
    k = act(g, "Pep", "call", what="envit")
    notes[k] = ("Pep must answer the truc, but he may call the envit first: 7 and 6 of coins, "
                "7 + 6 + 20 = 33, the best envit there is.")
    act(g, "Carme", "accept")
    k = act(g, "Pep", "call", what="birtruc")
    notes[k] = "Now Pep answers the truc, raising it: with the birtruc his opponents would reach 24."
    act(g, "Amparo", "accept")
    act(g, "Amparo", "play", card="1-swords")
    act(g, "Pep", "play", card="3-clubs")
    act(g, "Carme", "play", card="3-cups")
    act(g, "Vicent", "play", card="4-swords")
    act(g, "Amparo", "play", card="7-swords")
    act(g, "Pep", "play", card="6-coins")
    act(g, "Carme", "play", card="5-clubs")
    k = act(g, "Vicent", "play", card="5-swords")
    notes[k] = "Amparo's side wins the tricks: the birtruc's 3 points would take it from 21 to 24."
    steps = g.advance()
    notes[steps[0].index] = ("But the envit is settled first (V10): Pep's 33 gives his side 2 "
                             "points, 22 + 2 = 24, and the cama is theirs before the truc is counted.")
    g.comments = notes
    save_record(g, HERE / "truc-settling.json",
                title="Truc: the envit wins the cama before the truc is counted",
                facts={"source": SOURCE,
                       "stated": ["a cama is 24 points; the first side to reach 24 wins it",
                                  "the envit is settled at the end of the hand, before the truc",
                                  "envit value: two cards of a suit, their sum + 20",
                                  "birtruc is worth 3; envit 2",
                                  "a player may call envit before answering a truc"],
                       "chosen": ["the score 21-22 (the record starts there: setting `score`)",
                                  "the players' names and every card dealt; Vicent deals",
                                  "every bet and answer"]})


def ladder():
    g = Truc(["Amparo", "Vicent"], dealer=0)
    g.apply(g.scripted_deal({"Amparo": ["1-swords", "3-coins", "4-cups"],
                             "Vicent": ["1-clubs", "7-swords", "5-cups"]}))
    notes = {1: "Two players: Amparo deals, Vicent is mà."}
    k = act(g, "Vicent", "call", what="truc")
    notes[k] = "Truc: the hand's truc goes from 1 point to 2 (refused: 1 to Vicent)."
    k = act(g, "Amparo", "call", what="birtruc")
    notes[k] = "Birtruc: 3 (refused: 2 to Amparo)."
    k = act(g, "Vicent", "call", what="quatre val")
    notes[k] = "Quatre val, 'four is worth': 4 (refused: 3 to Vicent)."
    k = act(g, "Amparo", "call", what="joc fora")
    notes[k] = ("Joc fora, 'game out': the whole cama (refused, our ruling: 4, the previous bet).")
    act(g, "Vicent", "accept")
    act(g, "Vicent", "play", card="7-swords")
    act(g, "Amparo", "play", card="1-swords")
    act(g, "Amparo", "play", card="4-cups")
    k = act(g, "Vicent", "play", card="1-clubs")
    notes[k] = "One trick each: the third decides."
    act(g, "Vicent", "play", card="5-cups")
    k = act(g, "Amparo", "play", card="3-coins")
    notes[k] = "Amparo wins two tricks of three, and with them the whole cama."
    g.advance()
    g.comments = notes
    save_record(g, HERE / "truc-ladder.json", title="Truc: the whole ladder, up to joc fora",
                facts={"source": SOURCE,
                       "stated": ["truc 2 (refused 1), birtruc 3 (refused 2), quatre val 4 "
                                  "(refused 3); joc fora after quatre val puts the whole cama at "
                                  "stake", "the called side answers, and may raise",
                                  "two tricks of three win"],
                       "chosen": ["two players, their names and every card dealt",
                                  "each side raises in turn up to joc fora, and it is accepted",
                                  "a refused joc fora would give 4 (our ruling)"]})


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    parda()
    settling()
    ladder()
    print("\n".join(sorted(str(p) for p in HERE.glob("*.json"))))
