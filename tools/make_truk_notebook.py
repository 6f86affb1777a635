"""Write notebooks/truk.ipynb (unexecuted); then run: python tools/run_notebooks.py truk.ipynb"""
import nbformat as nbf

cells = []


def md(text):
    cells.append(nbf.v4.new_markdown_cell(text.strip("\n")))


def code(text, tags=()):
    cell = nbf.v4.new_code_cell(text.strip("\n"))
    if tags:                      # e.g. "exercise": the tests find the exercise cells by it
        cell.metadata["tags"] = list(tags)
    cells.append(cell)


md("""
# Truk: the Basque game of tricks, ties and bluff

*Truk* (Basque *truka*) is played by two, or by four in two sides of partners who sit face to
face. Each hand (*eskua*) gives everyone three cards and is played in three tricks. You win a
hand by taking more of those tricks than the other side, but a **tie** counts too, and who
took the *first* trick often decides. Hands are played for small stakes, the **tantos**
(Basque *tantoak*), until one side has earned the right, and the duty, to play for a big one (a
*truk*). Six truks win the game. On the way, any player may bet "Truk!" to raise the stake at
once, and partners tell each other what they hold with faces: a wink, a smile, a tongue out.

One more word before we start. Each hand has its **esku** (the same Basque word as "hand"):
the player who dealt it, who plays last in every trick; when all three tricks tie, the esku's
side wins the hand. At the start of a game anyone deals the first cards, everyone then draws one
more card, and the player who draws the highest card becomes the first esku (section 4). After
each hand the deal passes to the right: the player on the esku's right is the next esku.

**Aim of this notebook:** learn the rules well enough to follow and play a whole game, and see
the source document's own tables rebuilt by the program: the hand table, the table of how a
game develops, and its worked example of a bet.

Source: document 003 (in Basque), which collects the rules played in Oiartzun. The rule ids
(K1 to K19) are ours; where the document leaves something open we decided it, and every such
decision says **Our ruling** in the rule text.
""")

code("""
from cardwidgets import Action, IllegalAction, load_record
from cardwidgets.engine import Trick
from cardwidgets.games.truk import Truk, RULES
from cardwidgets.games.truk.rules import (DOC_DEVELOPMENT, DOC_HAND_ROWS, RANK, SIGNALS,
                                          hand_table)
from cardwidgets.exercises import show_rule, show_rulings
from cardwidgets.widget import GameWidget
from IPython.display import HTML, display


def table(headers, rows, caption=""):
    \"\"\"A small HTML table (the notebook's own helper).\"\"\"
    cell = 'style="padding:2px 8px;border-bottom:1px solid #ccc;text-align:center"'
    head = "".join(f"<th {cell}>{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td {cell}>{c}</td>" for c in row) + "</tr>" for row in rows)
    cap = f'<caption style="text-align:left;font-weight:bold">{caption}</caption>' if caption else ""
    return HTML(f'<table style="border-collapse:collapse">{cap}<thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")
""")

md("""
## Play your first hand

Before the details, play one guided hand of truk: you sit at A1; your partner A2 and the two
players of side B are built-in players. Before each of your moves the table says what you are deciding and what to
weigh, and after it what your move did; a poor move gets a hint and an offer to take it back.
Click, or use the keyboard alone (Tab to a button, then Enter). The sections below explain every
rule you meet on the way.
""")

code("""
GameWidget.tutorial("truk")
""")

md("""
## 1. Where the game comes from

What the document tells us about the game's past:

- It was probably born at the end of the Middle Ages in the south of the Catalan-speaking
  lands, perhaps with Arabic roots, and spread from there. In Catalan the word means "trick"
  (a ruse). Today it is played in the Balearic Islands, much of Valencia, the Berguedà, and
  around Albacete and Murcia; beyond them as *truc* in Roussillon, *tru* in Poitou, *trut* in
  the Sarthe, and as *truco* across South America, where it is a national game of Uruguay and
  Argentina and players sing verses when they bet.
- David Parlett's book on card games counts truk among the "simple tricksters". The **first
  mentions are from 1583, in France**. The old game had 36 cards, two players and a game of 12
  points.
- In the Basque Country: **Silvain Pouvreau's** handwritten dictionary (about **1650**) has
  *Truka · truc · jeu de cartes* ("a card game"). **Jean-Baptiste Elizanburu's** song *Lau
  andren besta* ("the four women's feast", about **1882**) shows four women playing truk on a
  flat stone on their knees. Its ninth verse has a bet: "Truk!", answered "Jo zan!" (play!), and
  a player scolded for making "the sign of a three, holding a four", a false signal. Azkue's
  dictionary (1905–1906) and later writers also record the game.
- Today it is played mainly in **Lezo, Oiartzun, Irun, Hondarribia and Goizueta**, probably in
  Errenteria and Lesaka too; it used to be played in Eibar, is reported in Bergara, and Ataun,
  where it was played long ago, wants to bring it back. **Tournaments** are held, for example in
  Oiartzun and in Lezo (at the Tiñelu society, 2019).
- The document found no rules written in Basque, so its authors, Moises Odriozola and Patxi
  Angulo, wrote them down from the explanations of **Asier Retegi of Oiartzun**. Those are the
  rules this program plays.
""")

md("""
## 2. The cards and their order

The deck is the Spanish one of 40 cards (K1). The order of the ranks is unusual: the **3** is
the highest card, then the 2 and the ace. Suits never matter (K2): every 3 is as good as any
other 3.
""")

code("""
display(show_rule("K1", "K2"))
game = Truk(4)
print("High to low:", ", ".join(game.suits.rank_name(r) for r in RANK))
""")

md("""
Four players sit as two sides, partners facing (K3). The program names them by the order in
which they play: **A1, B1, A2, B2** (sides A and B take turns). Play goes to the right, and the
esku, the dealer, plays last (K4).

Each player plays one card to a trick, and a hand has three tricks, each with its own name:
the *aurrea* (the first), the *erdia* (the second) and the *atzea* (the third).

The document pictures two tricks. In the first, B1's King is the highest card and takes the
trick for side B. In the second, A2 and B2 each play a Horse (the Knight, 11): the top cards
are equal, so the trick is a **tie** (*berdinketa*), and playing first gives no advantage
(K5). The program finds the same:
""")

code("""
card = game.suits.card
seat = {name: game.players.index(name) for name in game.players}
first = Trick(seat["A1"])
for who, c in (("A1", "7-coins"), ("B1", "12-cups"), ("A2", "5-swords"), ("B2", "10-clubs")):
    first = first.add(seat[who], card(c))
second = Trick(seat["A1"])
for who, c in (("A1", "4-coins"), ("B1", "6-cups"), ("A2", "11-swords"), ("B2", "11-clubs")):
    second = second.add(seat[who], card(c))
for name, trick in (("first picture", first), ("second picture", second)):
    out = trick.outcome(game.power, game.table.team_of)
    if out.tie:
        print(f"{name}: a tie between", " and ".join(game.players[p.seat] for p in out.best))
    else:
        print(f"{name}: side {'AB'[out.side]} takes it with {game.players[out.seat]}'s "
              f"{out.best[0].card.name}")
show_rule("K3", "K4", "K5")
""")

md("""
What if the equal top cards come from **partners**, say A1 and A2 each play a 3? The
document's sentence on ties makes no exception for them: whenever two or more cards of the
highest rank are played, whoever played them, the trick is a tie. The program follows it
(K5). You may meet players who read it the other way: in the same document, the Valencian
truc rules speak of a tie between two *opponents*, and a tie between partners settles nothing
between the sides. That reading is our variant **KV4**, in which partners' equal top cards
win the trick for their side. The same trick, played both ways:
""")

code("""
hands = {"A1": ["3-coins", "5-coins", "6-coins"], "B1": ["4-cups", "5-cups", "6-cups"],
         "A2": ["3-swords", "5-swords", "6-swords"], "B2": ["4-clubs", "7-clubs", "6-clubs"]}
for options in ({}, {"KV4": True}):
    g = Truk(4, options=options)
    g.apply(g.scripted_deal(hands, esku="B2"))
    g.apply(Action("play_truk", g.current_player))     # the first hand is played for a truk
    for who in ("A1", "B1", "A2", "B2"):
        step = g.apply(Action("play", g.players.index(who), card=g.suits.card(hands[who][0])))
    print("With variant KV4:" if options else "By default (K5):", step.text, "\\n")
show_rule("KV4")
""")

md("""
## 3. Who wins a hand: the hand table

The three tricks are the aurrea, the erdia and the atzea (K6). A side wins the hand in one of
five ways (K7):
""")

code("""
show_rule("K6", "K7")
""")

md("""
Because ties count, the **first** trick matters: a side that took the aurrea needs only a tie
later on. And a trick that can no longer change the result is **not played**.

The document sums this up in its table *Eskuen puntuazioa* ("scoring the hands"), written for
side A (K8). Below, every row of the document stands beside the program's own verdict for the
same tricks, computed by the engine (`hand_table()`), never typed in. The esku's side is A here.
""")

code("""
show_rule("K8")
""")

code("""
engine = {r["played"]: r for r in hand_table(tie_side=0)}
rows = []
for doc in DOC_HAND_ROWS:
    played = tuple(x for x in doc[:3] if x != "-")
    r = engine[played]
    doc_winner = "the esku (A)" if doc[3] == "esku" else doc[3]
    rows.append([*doc[:3], doc_winner, r["winner"], f"{r['way_number']}", "yes" if r["winner"] == ("A" if doc[3] == "esku" else doc[3]) else "NO"])
table(["1st", "2nd", "3rd", "document: hand goes to", "engine", "K7 way", "same?"], rows,
      "The document's hand table beside the engine (A = side A took the trick, B = side B, = tie, - not played)")
""")

md("""
The document adds: "swapping A and B gives the rows for side B". The engine plays all
3 × 3 × 3 = 27 possible sequences of trick outcomes; since a hand stops as soon as it is
decided, they come down to 15 different hands. Here they all are, with the document's row
each one matches:
""")

code("""
seen = {}
for r in hand_table(tie_side=0):
    seen.setdefault(r["played"], r)
rows = [[" ".join(p) + " –" * (3 - len(p)), r["winner"], r["way_number"],
         f"{r['row']}" + (" (A and B swapped)" if r["swapped"] else "")]
        for p, r in sorted(seen.items(), key=lambda kv: (kv[1]["row"], kv[1]["swapped"]))]
print(len(hand_table()), "sequences,", len(seen), "different hands")
table(["tricks played", "winner", "K7 way", "document row"], rows)
""")

md("""
### The pictured hand

The document also pictures a whole hand: A1 takes the aurrea with a 2. Now B **must** take the
erdia (a tie would give the hand to A, who won the first trick); B1 does, with a King. The
tricks are level, and A needs only a tie in the atzea, but B2 plays a 2 and takes it: side B
wins. The record below replays it (the cards the document does not show were chosen by us; the
record's `facts` say which). Step through it with the buttons, or the arrow keys:
""")

code("""
pictured = GameWidget.from_record("truk-pictured-hand", step=-1)
pictured
""")

md("""
## 4. Tantos and truks: how a game develops

On the table lie 3 **tanto** counters in the middle and 11 **truk** counters (K9). Six truks win
the game, so 11 counters are just enough (a game ends at 6–5 at the most). A hand played for a
truk gives its winner one truk counter (K15); a hand played for a tanto, one tanto (K10).
""")

code("""
show_rule("K9", "K10", "K15")
""")

md("""
The game starts with a draw (K11): everyone gets three cards, then draws a fourth. The player
who draws the highest card is the first esku, and that player's side takes 2 tantos. Those 2
tantos give the side two **options** (*bi aukera*): two chances to put the truk off. The first
hand is always played for a truk (K12), but the side with the options may look at its cards and
decline: it then takes the 3rd tanto, and the player on the esku's right deals again and becomes
the esku. Declining a second time puts the tantos back, and the truk must be played
**pasotan**: before the first card, the players may change cards from the stock (section 6
shows how).
""")

code("""
show_rule("K11", "K12")
""")

md("""
After that first truk, hands are played for one tanto each (K10, K13):

- **AA**: if one side wins the first two tanto hands, it has 2 tantos and two options, exactly as
  at the start.
- **AB**: if each side wins one, the next hand is for the 3rd tanto; its winner takes all 3 and
  has **one** option: it may put the truk off once, and then the truk must be played.
""")

code("""
show_rule("K13")
""")

md("""
The document's table *Partiden garapena truk apusturik gabe* ("how a game develops, without truk
bets") follows these paths. Each path is a game record (`truk-aa-play`, …); the table below is
read from those games, beside the document's words:
""")

code("""
names = {("AA", "play"): "truk-aa-play", ("AA", "decline, play"): "truk-aa-decline-play",
         ("AA", "decline, decline"): "truk-aa-pasotan", ("AB", "play"): "truk-ab-play",
         ("AB", "decline"): "truk-ab-decline"}
words = {"play_truk": "plays the truk", "decline": "declines, the cards are dealt again"}
mode = {"chosen": "the truk is played", "pasotan": "the truk is played pasotan",
        "compulsory": "the truk must be played (compulsory)"}


def development_row(g):
    tanto = [h for h in g.hand_log if h["stake"] == "tanto"]
    first = f"{'AB'[tanto[0]['winner']]} wins a tanto"
    if len(tanto) == 2:
        second = f"{'AB'[tanto[1]['winner']]} wins: 2 tantos, two options"
    else:
        second = (f"{'AB'[tanto[1]['winner']]} wins: 1 each; {'AB'[tanto[2]['winner']]} wins "
                  f"the 3rd and takes all 3, one option")
    choices = [d for d in g.decisions if d["path"] != "opening"]
    third = "; ".join(f"{'AB'[d['side']]} {words[d['choice']]}" for d in choices)
    return first, second, third + "; " + mode[g.hand_log[-1]["mode"]]


rows = []
for path, choice, doc1, doc2, doc3 in DOC_DEVELOPMENT:
    g = load_record(names[(path, choice)])
    e1, e2, e3 = development_row(g)
    rows.append([path, f"<i>{doc1}</i><br>{e1}", f"<i>{doc2}</i><br>{e2}", f"<i>{doc3}</i><br>{e3}"])
table(["path", "1st hand", "2nd hand", "then (the truk phase)"], rows,
      "The development table: the document's words (italic) above what the engine's games did")
""")

md("""
Note a difference inside the document itself: on the AA path, declining twice makes the truk
*nahitaez pasotan* (compulsorily pasotan), while on the AB path the single decline makes it
only *nahitaez* (compulsory), and its table says just "the truk is played". **Our ruling:** the
AB truk is compulsory, without pasotan changes.

Here is the AA path with both options used, step by step (it ends with the pasotan truk):
""")

code("""
aa = GameWidget.from_record("truk-aa-pasotan")
aa.step = aa.start_of("pasotan")
aa
""")

md("""
## 5. The truk bet: "Truk!" and "Joka!"

While a **tanto** is being played, any player may, on their turn, bet a truk (K17), in any
trick, even halfway through one. (The rule also speaks of **paso eske**, asking the player on
your right to swap some cards with the stock: section 6 shows it.) Saying "Truk!", knocking on the table, or throwing one's cards
face down into the middle are the same bet. The other side answers: "Joka!" ("play!") and the
hand is played for a truk instead of the tanto; or it refuses, and the betting side takes the
tanto and the hand ends at once.

The document's example: side A already has a tanto and has taken the aurrea of this hand;
A1, B1 and A2 have played to the erdia, and B2 says "Truk!" before playing.
""")

code("""
display(show_rule("K17", "KV2"))
for name in ("truk-bet-accepted", "truk-bet-refused"):
    g = load_record(name)
    bet = next(s for s in g.history if s.action.kind == "truk")
    answer = g.history[bet.index]
    print(f"{g.record_title}:")
    print("  ", bet.text)
    print("  ", answer.text)
    print("   then:", g.history[-1].text, "\\n")
""")

code("""
bet = GameWidget.from_record("truk-bet-accepted")
bet.step = next(s.index for s in bet.game.history if s.action.kind == "truk")
bet
""")

md("""
**Our rulings** on the bet: the opponent who plays next after the bettor answers; there is no
bet while a truk is already being played; a refused bet counts as winning the hand for its
tanto (so at one tanto each it gives the betting side all 3); and after a truk reached by a bet
the tantos go back to the middle (variant KV2 keeps them); and the bet is made on
your turn to play a card, not while you answer a pass (paso eske) or change cards after one.

## 6. Changing cards: paso eske and pasotan

**Paso eske** ("asking for a pass", also *binakako pasoa*, the pass in pairs, K18): at any
moment of a hand, on your turn, you may ask the player on your right to pass. If they refuse,
play goes on. If they accept, both show the cards they want to change, face up (2s and 3s face
down, so nobody learns your best cards), and draw new ones from the stock; either may take the
old cards back if the new ones are worse.
""")

code("""
show_rule("K18")
""")

code("""
g = Truk(4)
g.apply(g.scripted_deal({"A1": ["4-coins", "5-cups", "2-swords"], "B1": ["3-cups", "6-cups", "7-clubs"]},
                        esku="B2", stock=["1-coins", "12-clubs", "3-swords"]))
g.apply(Action("play_truk", g.current_player))
A1, B1 = g.players.index("A1"), g.players.index("B1")
moves = [Action("ask_pass", A1), Action("accept_pass", B1),
         Action("change", A1, cards=(g.suits.card("4-coins"), g.suits.card("5-cups"))),
         Action("keep", A1),
         Action("change", B1, cards=(g.suits.card("7-clubs"),)), Action("take_back", B1)]
for a in moves:
    print(g.apply(a).text)
print("\\nA1 now holds:", ", ".join(c.name for c in g.hands[A1]))
""")

md("""
**Pasotan** (K16) is how a truk is played after both options were declined: before the first
card, the players in turn may change cards from the stock as often as they like, until one of
them says "we play". The same face-up / face-down rule applies.
""")

code("""
show_rule("K16")
""")

md("""

## 7. Signals: true faces only

Partners may talk and make signs, but only **true** ones (K19):
""")

code("""
display(show_rule("K19"))
table(["gesture", "says"], [[g_, m] for g_, m, _ in SIGNALS.values()], "The signals (keinuak)")
""")

md("""
The program checks every signal against the cards in hand, so the singer of the 1882 song would
have been stopped: a false signal is refused, naming K19. The partner sees a signal; **our
ruling** is that the other side does not (the document's history says the signs are made "if
possible without the other side seeing"; variant KV1 lets them catch it).
""")

code("""
display(show_rule("KV1"))
g = Truk(4)
g.apply(g.scripted_deal({"A1": ["3-coins", "3-cups", "4-swords"]}, esku="B2"))
g.apply(Action("play_truk", g.current_player))
try:
    g.apply(Action("signal", 0, what="lip"))          # "I have a 2": not true
except IllegalAction as refusal:
    print("Refused:", refusal)
print(g.apply(Action("signal", 0, what="both_eyes")).text)
print("A2 (partner) sees:", [s["meaning"] for s in g.view(2)["signals"]])
print("B1 (opponent) sees:", [s["meaning"] for s in g.view(3)["signals"]], "and reads:",
      g.view(3)["last"]["text"])
""")

md("""
### When may partners signal? At any time (our ruling)

The document lets partners *talk* "at any time" (*edozein unetan*), as long as what they say is
true, and adds that *besides* they may use the signs. It never says when the signs are made, so
**our ruling** is: at any time as well. A player signals on their own turn in every part of a
hand: while deciding on the truk (K12, K13), while changing cards in pasotan (K16) or after a
pass (K18; but not while choosing to keep new cards or take the old ones back), while
answering a bet (K17), and in the tricks.

The program has no free talk. In its place, **our ruling**: the player who decides for the side
(on the truk, or on a truk bet) may first ask the partner for a signal, once a hand. Everyone
hears the question; only the partner's side sees the answer (one true signal), and then the
decision is back with the player who asked. Below, B1 must decide on the opening truk holding
an ace, a 7 and a 6, and asks B2, who holds a 3:
""")

code("""
import random

g = Truk(4)
g.apply(g.scripted_deal({"B1": ["1-coins", "7-cups", "6-swords"],
                         "B2": ["3-cups", "4-coins", "5-coins"]}, esku="B2"))
b1, b2 = g.players.index("B1"), g.players.index("B2")
print("B1's rule of thumb first:", g.describe(g.rule_of_thumb(b1, random.Random(1))))
print(g.apply(Action("ask_partner", b1)).text)
print("B2 may answer:", [g.describe(a) for a in g.legal_actions()])
print(g.apply(Action("signal", b2, what="one_eye")).text)
print("A1 (other side) reads:", g.view(0)["last"]["text"])
print("B1's rule of thumb now:", g.describe(g.rule_of_thumb(b1, random.Random(1))))
""")

md("""
## 8. Three players: *itzu* truk

The rules are for two players or four. For three, the document has just one line, quoted among
its dictionary entries about truk: Cándido Izaguirre's vocabulary of Aránzazu-Oñate (1970) lists,
under the word *itzu*, *itzúaas trúkian*: truk for when the partner, the fourth player, is
missing, played **seeing that player's cards**. *Itzu* is the local form of the Basque *itsu*,
"blind" (our translation; the document gives none), so the name reads "truk with the blind
one": the empty fourth seat, whose hand lies open on the table.

That line is all the source says, so the rest is **our ruling** (rule KV3):

- Four seats, as always. The three players take seats 0, 1 and 2; seat 3, the **open hand**,
  faces the second player. So the first and third players are side A, and the second plays
  alone for side B, with the open hand as partner.
- The open hand's three cards are dealt **face up**: every seat sees them.
- **Only its partner plays it**, each time the open hand's turn comes in the order of play.
  Anyone else's move for it is refused, naming KV3.
- It is a seat like any other: it draws at the start, it is the **esku** in its turn (its
  partner deals for it), and three ties then go to side B.
- Its partner speaks for side B: the options, the answers to "Truk!" and to "paso eske", and
  the open hand's changes (shown face up, 2s and 3s too: everyone has seen them anyway).
- Side B makes **no signals**: the open hand's cards are seen by all, and the player who would
  read the signal is the one making it. Side A signals as usual.
""")

code("""
display(show_rule("KV3"))
three = Truk(["Ada", "Bea", "Cy"])
print("seats:", three.players)
print("side A:", three.side_players(0), "| side B:", three.side_players(1))
""")

md("""
Here the open hand is about to lead. Its cards are in every seat's view, and the move is
Bea's, not the open hand's (it has nobody to make it):
""")

code("""
three.apply(three.scripted_deal({"Open hand": ["3-coins", "4-cups", "6-swords"],
                                 "Bea": ["2-coins", "5-cups", "7-swords"]}, esku="Ada"))
three.apply(Action("play_truk", three.current_player))
print("whose turn:", three.words.name(three.to_act), "| who moves:", three.players[three.current_player])
print("Cy sees the open hand:", [c["code"] for c in three.view(2)["hands"][3]])
print("Cy sees Bea's hand:", three.view(2)["hands"][1])
try:
    three.apply(Action("play", 0, card=three.suits.card("4-cups")))    # Ada tries to play it
except IllegalAction as refusal:
    print("Refused:", refusal)
print(three.apply(Action("play", 1, card=three.suits.card("4-cups"))).text)
""")

md("""
Play Bea: you hold your own three cards and play the open hand too, when its turn comes (its
cards light up, and the buttons say "for the open hand").
""")

code("""
itzu = GameWidget.new("truk", players=["Ada", "Bea", "Cy"], seed=3, play_as=1)
itzu
""")

md("""
## 9. Play a game

Take seat A1 against the built-in players (your partner A2 signals truthfully and reads your
signals). Click a card to play it; the buttons under the table bet, answer, ask for a pass,
signal, or ask your partner for a signal before deciding.

The built-in players play at the **easy** level (each game's rule of thumb). For a harder game choose **medium** or **hard** in the widget's *Computer players* menu, or make the game with `level="hard"`: hard players imagine the cards they cannot see many times over (never peeking) and try each move in every imagined deal. In the teacher's view each computer move shows its reason in one line: check one yourself. Would you have played the same?
""")

code("""
mine = GameWidget.new("truk", players=4, seed=11, play_as=0)
mine
""")

md("""
## 10. Exercises

Type your answer in the box and press **Check** (or Enter). The engine checks it, and a wrong
answer gets a hint. The answers are not printed anywhere in this notebook.

*For the teacher:* to show the answers on purpose, run `answers()` in a cell of your own after
the exercises (`from cardwidgets.exercises import answers`), or `q1.reveal()` for one. Run
`teacher_mode()` (from the same module) before the exercise cells to give each box a **Show the
answer** button, for a class going through them together (in Voilà too).

**1. Who wins this hand?**
""")

code("""
from cardwidgets.exercises import Exercise, Verdict, ask

verdict = next(r for r in hand_table(tie_side=0) if r["played"] == ("A", "B", "="))
q1 = ask("Side A took the aurrea, side B the erdia, and the atzea was a tie. Which side wins "
         "the hand, A or B?", answer=verdict["winner"],
         hint="look at who took the first trick, and read K7 (way 2).",
         explain="A took the aurrea and tied another trick: K7, way 2")
q1
""", tags=["exercise"])

md("""
**2. How many options?**
""")

code("""
g = load_record("truk-ab-play")
g.goto(next(s.index for s in g.history if s.rule.startswith("K13") and "all 3" in s.text))
q2 = ask("One tanto each; then side A wins the hand for the 3rd tanto. How many options "
         "(aukerak) does side A have for the truk?", answer=g.due["options"],
         hint="read K13, the AB path.",
         explain="the winner of the 3rd tanto takes all 3 and has one option (K13, AB)")
q2
""", tags=["exercise"])

md("""
**3. Which signal?**
""")

code("""
def which_signal(text):
    words = (text or "").strip().lower().replace("_", " ")
    right = next(k for k, v in SIGNALS.items() if v[1] == "two 3s")
    gesture = SIGNALS[right][0]
    ok = words in (right.replace("_", " "), gesture, gesture.replace("closes ", "close "))
    return Verdict(ok, f"to say two 3s a player {gesture} (K19).")


q3 = Exercise("Which gesture tells your partner you hold two 3s? (for example: closes one eye)",
              which_signal, answer=SIGNALS[next(k for k, v in SIGNALS.items() if v[1] == "two 3s")][0],
              explain="K19's signals")
q3
""", tags=["exercise"])

md("""
**4. Three players.**
""")

code("""
tie = Truk(["Ada", "Bea", "Cy"])
tie.apply(tie.scripted_deal({"Ada": ["12-coins", "11-coins", "10-coins"],
                             "Open hand": ["12-cups", "11-cups", "10-cups"]}, esku="Open hand"))
tie.apply(Action("play_truk", tie.current_player))
while tie.phase.key == "play":                # every hand plays its highest card
    tie.apply(Action("play", tie.current_player, card=tie.hands[tie.to_act][0]))
q4 = ask("Itzu truk: Ada, Bea and Cy play, and the open hand is the esku of this hand. All "
         "three tricks tie. Which side wins the hand, A or B?",
         answer="AB"[tie.hand_result["side"]],
         hint="the open hand is a seat like any other (KV3); read K7, way 5.",
         explain="three ties go to the esku's side, and the open hand plays for side B")
q4
""", tags=["exercise"])

md("""
## 11. Our rulings

Where the document leaves a point open, the program follows these decisions (also shown with
each rule in the widget):
""")

code("""
show_rulings(RULES)
""")

nb = nbf.v4.new_notebook()
nb.cells = cells
nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
               "language_info": {"name": "python", "version": "3.11.7"}}
nbf.write(nb, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "notebooks" / "truk.ipynb"))
print("written", len(cells), "cells")
