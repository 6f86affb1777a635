"""Itzu truk, for three players (K3, KV3): four seats, the fourth an open hand dealt face up
and played by its partner. The document's only word on it is a dictionary line (Izagirre,
Aránzazu-Oñati, s.v. *itzu*): when the fourth is missing, the game is played seeing that
player's cards. Every ruling of KV3 is tested here, and seeded random games check after
every step that the open hand is seen by all and played only by its partner."""
import random

import pytest

from cardwidgets import (Action, ConfigError, RandomPlayer, RuleOfThumbPlayer, load_record,
                         play_out, record_of)
from cardwidgets.engine import CHANCE, TABLE
from cardwidgets.engine.search import MonteCarloPlayer
from cardwidgets.games.truk import Truk
from cardwidgets.games.truk.rules import OPEN_NAME, OPEN_PARTNER, OPEN_SEAT, RULES

from truk_helpers import C, act, conserved, deal, refused

NAMES = ["Ada", "Bea", "Cy"]
def itzu(esku="Ada", hands=None, stock=(), options=None, names=NAMES):
    """An itzu game after its first deal (dealer Ada, seat 0), ``esku`` the first esku."""
    game = Truk(list(names), options=options or {})
    game.apply(game.scripted_deal(hands or {}, esku=esku, stock=stock))
    return game


def finish_hand(game):
    """Play the hand out, each hand playing its highest card (the open hand's by its
    partner), then the score step."""
    while game.phase.key == "play":
        game.apply(Action("play", game.current_player, card=game.hands[game.to_act][0]))
    game.advance()
    return game


def views(game):
    return [game.view(s) for s in range(game.n)]


def check_invariants(game):
    """After every step: the open hand is in every seat's view, exactly as it is; every other
    hand is hidden from the other seats; nobody acts for the open hand but its partner; the
    40 cards are all somewhere, once."""
    teacher = game.view(None)
    for seat, v in enumerate(views(game)):
        assert v["hands"][OPEN_SEAT] == teacher["hands"][OPEN_SEAT]
        for other in range(game.n):
            if other not in (seat, OPEN_SEAT):
                assert v["hands"][other] is None
        assert v["open_hand"] == teacher["open_hand"] and v["open_hand"]["by"] == OPEN_PARTNER
    actor = game.current_player
    assert actor != OPEN_SEAT
    if game.to_act == OPEN_SEAT and game.phase.key not in ("deal", "score", "over"):
        assert actor == OPEN_PARTNER and teacher["turn"] == OPEN_SEAT
        assert all(a.seat == OPEN_PARTNER for a in game.legal_actions())
    if game.phase.key == "play" and game.to_act is not None:
        seat = game.to_act
        assert {a.card for a in game.legal_actions() if a.kind == "play"} == set(game.hands[seat])
    conserved(game)


# ---- K3, KV3: who sits where ---------------------------------------------------------------
def test_K3_three_players_sit_at_four_seats_and_seat_3_is_the_open_hand():
    game = Truk(3)
    assert game.n == 4 and game.options["itzu"] and game.open_seat == OPEN_SEAT == 3
    assert game.players == ["A1", "B", "A2", OPEN_NAME]
    assert game.table.teams == ((0, 2), (1, 3))
    assert game.table.partner(OPEN_SEAT) == OPEN_PARTNER == 1 and game.played_by(3) == 1
    assert [game.played_by(s) for s in range(4)] == [0, 1, 2, 1]
    named = Truk(NAMES)
    assert named.players == NAMES + [OPEN_NAME]
    assert named.side_players(0) == "Ada and Cy" and named.side_players(1) == "Bea with the open hand"
    # the same game, however it is asked for, and again from its configuration
    assert Truk(4, options={"KV3": True}).players == game.players
    again = named.fresh()
    assert again.players == named.players and again.options == named.options
    assert "KV3" in RULES["K3"] and "itzu" in RULES["KV3"] and "Our rulings" in RULES["KV3"]


@pytest.mark.parametrize("make, field", [
    (lambda: Truk(3, options={"itzu": False}), "options.itzu"),
    (lambda: Truk(2, options={"itzu": True}), "options.itzu"),
    (lambda: Truk(3, dealer=3), "dealer"),
    (lambda: Truk(["Ada", "Bea", "Cy", "You"], options={"itzu": True}), "players"),
    (lambda: Truk(5), "players"),
])
def test_KV3_bad_configurations_are_refused_naming_the_field(make, field):
    with pytest.raises(ConfigError) as info:
        make()
    assert info.value.field == field
    assert "\n" not in str(info.value)


def test_KV3_a_record_of_an_itzu_game_replays_as_itzu():
    game = play_out(Truk(NAMES), RuleOfThumbPlayer(4), seed=4)
    again = load_record(record_of(game))
    assert again.options["itzu"] and again.players == game.players
    assert [s.text for s in again.history] == [s.text for s in game.history]
    # its title counts the people at the table, not the open hand's seat
    assert record_of(game)["title"] == "Truk, 3 players"
    assert record_of(Truk(4))["title"] == "Truk, 4 players"


# ---- KV3: the open hand is seen by everyone ---------------------------------------------
def test_KV3_the_open_hand_is_face_up_in_every_view_and_the_others_hidden():
    game = itzu(hands={"Open hand": ["3-coins", "2-cups", "4-swords"],
                       "Bea": ["1-coins", "5-cups", "6-swords"]})
    codes = [C(c).to_json() for c in ("3-coins", "2-cups", "4-swords")]
    for seat, v in enumerate(views(game)):
        assert v["hands"][OPEN_SEAT] == codes
        assert [v["hands"][s] is None for s in range(4)] == [s not in (seat, OPEN_SEAT)
                                                              for s in range(4)]
    assert "face up for everyone to see" in game.history[0].text


# ---- KV3: only its partner plays it, in its turn ----------------------------------------
def test_KV3_only_the_partner_plays_the_open_hand_in_its_turn_and_forgeries_are_refused():
    # Ada is the esku: the open hand (seat 3, on Ada's right) leads
    game = itzu("Ada", hands={"Open hand": ["3-coins", "2-cups", "4-swords"],
                              "Bea": ["1-coins", "5-cups", "6-swords"],
                              "Ada": ["7-coins", "7-cups", "7-swords"]})
    act(game, game.current_player, "play_truk")
    assert game.to_act == OPEN_SEAT and game.current_player == OPEN_PARTNER
    assert game.view(None)["turn"] == OPEN_SEAT
    legal = game.legal_actions()
    assert {a.seat for a in legal} == {OPEN_PARTNER}
    assert {a.card for a in legal if a.kind == "play"} == {C("3-coins"), C("2-cups"), C("4-swords")}
    # someone else, or the empty seat itself, cannot play it; nothing changes (refused checks)
    r = refused(game, Action("play", 0, card=C("3-coins")), "KV3")
    assert "only its partner plays it: Bea, not Ada" in r.reason
    r = refused(game, Action("play", 3, card=C("3-coins")), "KV3")
    assert r.reason.startswith("nobody sits at the open hand")
    refused(game, Action("play", 2, card=C("3-coins")), "KV3")
    # the partner plays a card of the open hand, not one of her own, in the open hand's turn
    assert "open hand does not hold" in refused(game, Action("play", 1, card=C("1-coins")), "K5").reason
    assert game.describe(legal[0]).endswith("(for the open hand)")
    step = game.apply(Action("play", OPEN_PARTNER, card=C("4-swords")))
    assert step.actor == OPEN_PARTNER and step.text.startswith("Bea's open hand plays the Four of swords")
    assert C("4-swords") not in game.hands[OPEN_SEAT] and len(game.hands[OPEN_PARTNER]) == 3
    # in Bea's own turn she plays her own cards, and the open hand's are refused
    game.apply(Action("play", 2, card=game.hands[2][0]))
    assert game.to_act == OPEN_PARTNER and game.current_player == OPEN_PARTNER
    assert "Bea does not hold" in refused(game, Action("play", 1, card=C("3-coins")), "K5").reason
    assert not game.describe(game.legal_actions()[0]).endswith("(for the open hand)")


# ---- KV3: the open hand is a seat like any other: draws, is esku, the deal passes --------
def test_KV3_the_open_hand_draws_is_esku_and_the_deal_passes_through_it():
    game = itzu("Open hand")
    assert game.esku == OPEN_SEAT and game.tantos == [0, 2]
    assert "Bea's open hand drew the highest, so Bea's open hand is the first esku" in game.history[0].text
    esku_seen = [game.esku]
    rng = random.Random(3)
    while len(esku_seen) < 9 and not game.finished:
        actor = game.current_player
        if actor == CHANCE:
            step = game.apply(game.chance_action(rng))
            esku_seen.append(game.esku)
            if game.esku == OPEN_SEAT and game.deal_no > 1:
                assert step.text.startswith("Bea deals for the open hand")
        elif actor == TABLE:
            game.advance()
        else:
            game.apply(game.rule_of_thumb(actor, rng))
    # to the right, through every seat: 3 → 2 → 1 → 0 → 3 …
    for a, b in zip(esku_seen, esku_seen[1:]):
        assert b == (a - 1) % 4


def test_KV3_three_ties_go_to_side_B_when_the_open_hand_is_esku():
    # ties in every trick: kings, horses, jacks between Ada (A) and Bea's open hand (B)
    hands = {"Ada": ["12-coins", "11-coins", "10-coins"], "Open hand": ["12-cups", "11-cups", "10-cups"],
             "Bea": ["4-coins", "5-coins", "6-coins"], "Cy": ["4-cups", "5-cups", "6-cups"]}
    game = itzu("Open hand", hands=hands)
    act(game, game.current_player, "play_truk")
    finish_hand(game)
    assert game.hand_log[-1]["way"] == "three_ties" and game.hand_log[-1]["winner"] == 1
    assert game.truks == [0, 1]


# ---- KV3: the partner speaks for side B ---------------------------------------------------
def test_KV3_side_B_decides_the_truk_through_the_open_hands_partner():
    game = itzu("Bea", hands={"Bea": ["3-coins", "3-cups", "2-swords"]})
    assert game.esku == OPEN_PARTNER and game.phase.key == "option"
    assert game.current_player == OPEN_PARTNER and game.to_act == OPEN_PARTNER
    # the open hand comes first in order of play (on Ada's right when Ada is esku), yet Bea speaks
    game = itzu("Open hand")
    assert game.first_player == 2 and game.to_act == OPEN_PARTNER
    game.apply(Action("decline", OPEN_PARTNER))     # first option: a redeal, Cy's turn to deal
    assert game.tantos == [0, 3] and "Bea, for side B, decides not to play" in game.history[-1].text
    deal(game)
    assert game.esku == 2 and game.first_player == 1 and game.to_act == OPEN_PARTNER
    game.apply(Action("decline", OPEN_PARTNER))     # second option: pasotan, Bea deals
    assert game.esku == 1 and game.mode == "pasotan"
    step = deal(game)
    assert game.first_player == 0 and game.phase.key == "pasotan"
    assert "dealt again by Bea" in game.history[-2].text and step.rule.endswith("K16")


def test_KV3_a_truk_bet_is_answered_by_the_partner_when_the_open_hand_plays_next():
    game = itzu("Ada")
    act(game, game.current_player, "play_truk")
    finish_hand(game)          # the opening truk; the next hand is for a tanto
    deal(game)                 # the open hand is esku: Cy leads, then Bea, then Ada
    assert game.esku == OPEN_SEAT and game.stake == "tanto" and game.to_act == 2
    game.apply(Action("play", 2, card=game.hands[2][0]))
    game.apply(Action("play", 1, card=game.hands[1][0]))
    step = game.apply(Action("truk", 0))      # Ada bets; the next opponent is the open hand
    assert game.call.answer_by == OPEN_PARTNER and game.current_player == OPEN_PARTNER
    assert game.bet["answer_by"] == OPEN_PARTNER and "Bea answers for side B" in step.text
    game.apply(Action("joka", OPEN_PARTNER))
    assert game.stake == "truk" and game.current_player == 0


def test_KV3_in_the_open_hands_turn_its_partner_may_bet_a_truk_for_it():
    game = itzu("Ada")
    act(game, game.current_player, "play_truk")
    finish_hand(game)
    deal(game)
    game.apply(Action("play", 2, card=game.hands[2][0]))
    game.apply(Action("play", 1, card=game.hands[1][0]))
    game.apply(Action("play", 0, card=game.hands[0][0]))
    assert game.to_act == OPEN_SEAT                  # the open hand is esku and plays last
    assert Action("truk", OPEN_PARTNER) in game.legal_actions()
    game.apply(Action("truk", OPEN_PARTNER))
    assert game.bet["by"] == OPEN_SEAT and game.bet["side"] == 1 and game.current_player == 2
    game.apply(Action("refuse", 2))
    game.advance()
    assert game.tantos == [0, 1]


# ---- K19 with KV3: side B makes no signals -------------------------------------------------
def test_K19_KV3_side_B_gives_no_signals_and_side_A_signals_as_usual():
    game = itzu("Ada", hands={"Open hand": ["3-coins", "2-cups", "4-swords"],
                              "Bea": ["3-cups", "5-cups", "6-swords"],
                              "Cy": ["3-swords", "5-coins", "6-coins"]})
    act(game, game.current_player, "play_truk")
    assert not any(a.kind == "signal" for a in game.legal_actions())       # the open hand
    r = refused(game, Action("signal", OPEN_PARTNER, what="one_eye"), "KV3")
    assert "side B makes no signals" in r.reason
    game.apply(Action("play", OPEN_PARTNER, card=C("4-swords")))
    assert game.to_act == 2
    assert Action("signal", 2, what="one_eye") in game.legal_actions()      # Cy, side A
    game.apply(Action("signal", 2, what="one_eye"))
    assert game.view(1)["signals"] == [] and game.view(0)["signals"][0]["seat"] == 2
    game.apply(Action("play", 2, card=C("5-coins")))
    assert game.to_act == 1 and not any(a.kind == "signal" for a in game.legal_actions())
    refused(game, Action("signal", 1, what="one_eye"), "KV3")


# ---- K16, K18 with KV3: the open hand's changes are face up --------------------------------
def _pasotan_game():
    """A game at its pasotan truk (side B declined twice), the open hand changing first."""
    game = itzu("Bea")
    game.apply(Action("decline", OPEN_PARTNER))
    deal(game)
    game.apply(Action("decline", OPEN_PARTNER))
    assert game.mode == "pasotan" and game.esku == OPEN_SEAT
    return game


def test_K16_KV3_the_partner_changes_the_open_hands_cards_face_up_in_pasotan():
    game = _pasotan_game()
    deal(game, {"Open hand": ["3-coins", "4-cups", "5-swords"]}, stock=["6-cups", "7-cups"])
    assert game.esku == OPEN_SEAT and game.phase.key == "pasotan"
    for seat in (2, 1, 0):        # Cy, Bea and Ada change one card each, then the open hand
        assert game.to_act == seat and game.current_player == seat
        game.apply(Action("change", seat, cards=(game.hands[seat][-1],)))
        game.apply(Action("keep", seat))
    assert game.to_act == OPEN_SEAT and game.current_player == OPEN_PARTNER
    refused(game, Action("change", 2, cards=(C("4-cups"),)), "KV3")
    step = game.apply(Action("change", OPEN_PARTNER, cards=(C("3-coins"), C("4-cups"))))
    assert "the Three of coins and the Four of cups" in step.text     # its 3 is shown face up
    for v in views(game):
        ex = v["exchange"]
        assert ex["seat"] == OPEN_SEAT and None not in ex["old"] and ex["new"] is not None
        assert all(c in v["hands"][OPEN_SEAT] for c in ex["new"])
    game.apply(Action("take_back", OPEN_PARTNER))
    for v in views(game):
        assert all(a["card"] is not None for a in v["aside"] if a["seat"] == OPEN_SEAT)
    assert C("3-coins") in game.hands[OPEN_SEAT] and game.to_act == 2
    # the partner may also say "we play" for the open hand in its turn
    game.apply(Action("play_truk", 2))
    assert game.phase.key == "play"


def test_K18_KV3_a_pass_asked_of_the_open_hand_is_answered_and_made_by_its_partner():
    game = itzu("Ada")
    act(game, game.current_player, "play_truk")
    finish_hand(game)
    deal(game, stock=["4-cups", "5-cups", "6-cups"])   # the open hand is esku, Cy leads
    game.apply(Action("play", 2, card=game.hands[2][0]))
    game.apply(Action("play", 1, card=game.hands[1][0]))
    game.apply(Action("ask_pass", 0))                # Ada asks the player on her right
    assert game.paso["answerer"] == OPEN_SEAT and game.current_player == OPEN_PARTNER
    refused(game, Action("accept_pass", 2), "KV3")
    game.apply(Action("accept_pass", OPEN_PARTNER))
    game.apply(Action("change", 0, cards=()))
    assert game.to_act == OPEN_SEAT and game.current_player == OPEN_PARTNER
    old = game.hands[OPEN_SEAT][0]
    game.apply(Action("change", OPEN_PARTNER, cards=(old,)))
    assert all(v["exchange"]["new"] is not None for v in views(game))
    game.apply(Action("keep", OPEN_PARTNER))
    assert game.to_act == 0 and all(a["up"] for a in game.aside if a["seat"] == OPEN_SEAT)


# ---- seeded random play: invariants after every step -------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_K3_KV3_seeded_random_itzu_games_keep_the_open_hand_seen_and_played_by_its_partner(seed):
    rng = random.Random(seed)
    players = RandomPlayer(seed) if seed % 2 else RuleOfThumbPlayer(seed)
    game = Truk(NAMES, options={"signals_seen": seed == 3})
    kinds = set()
    for _ in range(3000):
        if game.finished:
            break
        actor = game.current_player
        if actor == CHANCE:
            action = game.chance_action(rng)
        elif actor == TABLE:
            action = game.legal_actions()[0]
        else:
            action = players.choose(game, actor)
            if rng.random() < 0.1 and game.to_act == OPEN_SEAT:
                # a forgery for the open hand by someone else: refused, nothing changes
                other = rng.choice([0, 2, 3])
                forged = Action(action.kind, other, card=action.card, cards=action.cards,
                                what=action.what)
                refused(game, forged, "KV3")
        step = game.apply(action)
        if game.to_act == OPEN_SEAT or step.actor == OPEN_PARTNER:
            kinds.add(step.action.kind)
        check_invariants(game)
    assert game.finished and max(game.truks) == 6
    assert 3 not in game.result()["winners"] and game.result()["winners"] in ([0, 2], [1])
    assert "play" in kinds


def test_KV3_sample_world_never_deals_the_open_hand_again():
    game = Truk(NAMES)
    rng = random.Random(2)
    checked = 0
    while checked < 400:
        actor = game.to_choice(rng)
        if actor is None:
            break
        for seat in (0, 1, 2):
            world = game.sample_world(seat, rng)
            assert world.hands[OPEN_SEAT] == game.hands[OPEN_SEAT]
            assert world.hands[seat] == game.hands[seat]
            if seat == OPEN_PARTNER:        # Bea knows both her hands; the rest is dealt again
                assert sorted(world.hands[0] + world.hands[2] + world.stock, key=str) == sorted(
                    game.hands[0] + game.hands[2] + game.stock, key=str)
            ex = game.exchange
            if ex is not None and ex["seat"] == OPEN_SEAT:
                assert world.exchange["old"] == ex["old"] and world.exchange["new"] == ex["new"]
            checked += 1
        game.apply(game.rule_of_thumb(actor, rng))


def test_KV3_the_rule_of_thumb_plays_the_open_hand_knowing_both_hands():
    game = itzu("Ada", hands={"Open hand": ["3-coins", "4-cups", "5-swords"],
                              "Bea": ["2-coins", "6-cups", "7-swords"]})
    act(game, game.current_player, "play_truk")
    assert game._partner_power(OPEN_SEAT) == 9 and game._partner_power(OPEN_PARTNER) == 10
    action = game.rule_of_thumb(OPEN_PARTNER, random.Random(1))
    assert action.seat == OPEN_PARTNER and action.card in game.hands[OPEN_SEAT]
    # its partner has a 2 (a top card): it leads low, keeping its 3
    assert action.card == C("4-cups") or action.card == C("5-swords")


@pytest.mark.parametrize("seat", [0, 1])
def test_KV3_a_look_ahead_player_plays_a_whole_itzu_game(seat):
    hard = MonteCarloPlayer(seat, worlds=4, seconds=None)
    players = [RuleOfThumbPlayer(s) for s in range(4)]
    players[seat] = hard
    game = play_out(Truk(NAMES), players, seed=seat + 1,
                    on_step=lambda g, s: check_invariants(g) if s.index % 7 == 0 else None)
    assert game.finished and hard.reason is not None


# ---- the widget: the open hand is nobody's seat ------------------------------------------
def test_KV3_a_person_plays_the_open_hand_from_its_partners_seat_only():
    from cardwidgets.widget import GameWidget
    with pytest.raises(ConfigError) as info:
        GameWidget.new("truk", players=NAMES, seed=1, play_as=OPEN_SEAT)
    assert "Bea, seat 1, plays it" in str(info.value)
    # a game whose first choice for Bea is in the open hand's turn
    w = next(w for w in (GameWidget.new("truk", players=NAMES, seed=seed, play_as=OPEN_PARTNER)
                         for seed in range(1, 30))
             if w.view_at(len(w.frames) - 1)["turn"] == OPEN_SEAT)
    f = w.view_at(len(w.frames) - 1)
    assert f["turn"] == OPEN_SEAT and f["actor"] == OPEN_PARTNER
    code = f["hands"][OPEN_SEAT][0]
    assert any(e["action"].get("card") == code for e in f["legal"])
    assert w._act({"type": "act", "action": {"kind": "play", "seat": 1, "card": code},
                   "at": len(w.game.actions)})
    assert code not in w.game.view(None)["hands"][OPEN_SEAT]
    # the page is told who plays each seat, so it offers the partner's seat for the open hand
    assert w.meta["played_by"] == [0, 1, 2, OPEN_PARTNER]
    assert GameWidget.new("truk", players=4, seed=1).meta["played_by"] == [0, 1, 2, 3]


# ---- the picture and the command line -------------------------------------------------
def test_KV3_the_static_picture_shows_the_open_hand_face_up_with_its_label():
    from cardwidgets.widget.picture import table_html
    game = itzu("Ada", hands={"Open hand": ["3-coins", "4-cups", "6-swords"]})
    for seat in (None, 0, 1, 2):
        html = table_html(game, seat)
        assert "face up for everyone · played by Bea" in html and 'stroke-dasharray="6 4"' in html
        assert html.count(">Open hand<") >= 1


def test_KV3_the_command_line_plays_three_players_and_refuses_the_empty_seat(capsys):
    from cardwidgets.cli import main
    assert main(["play", "truk", "--players", "3", "--seed", "2", "--seat", "B=hard",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "side B (B with the open hand)" in out and "Open hand" not in out.split("Winner:")[1]
    assert main(["play", "truk", "--players", "3", "--seat", "3=hard"]) == 2
    err = capsys.readouterr().err
    assert "nobody sits at seat 3 (Open hand): B, seat 1, plays it" in err and err.count("\n") == 1
