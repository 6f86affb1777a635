"""The engine's fast paths say and check exactly what the slow ones do.

Step texts are made when first read (``Step.text``), legal actions are worked out once per
step and an action that is one of them is applied without the checks it already passed, and
``Game.fork()`` copies a state for a computer player's trial play-outs. Each of these is a
way to get a different answer than before; these tests look for one, in every registered game.
"""
import random

import pytest

from cardwidgets import GAMES, Pocha
from cardwidgets.engine import CHANCE, TABLE, Action, ConfigError, Game, IllegalAction, Step
from cardwidgets.engine.core import shuffled, text_of

KEYS = sorted(GAMES)


def _new(key, players=None):
    cls = GAMES[key]
    setup = {}
    if "deals" in cls.SETUP:
        setup["deals"] = 2
    if "hands" in cls.SETUP:
        setup["hands"] = 3
    n = max(cls.min_players, min(4, cls.max_players))
    return cls(players or n, **setup)


def _step(game, rng):
    """One step at random (a shuffle at a deal); the step."""
    actor = game.current_player
    if actor == CHANCE:
        return game.apply(game.chance_action(rng))
    return game.apply(rng.choice(game.legal_actions()))


def _play(game, seed, read_at_once, limit=400):
    rng = random.Random(seed)
    seen = []
    while not game.finished and len(game.history) < limit:
        step = _step(game, rng)
        if read_at_once:
            seen.append(step.text)
    return seen


def _everything(game):
    """All a reader can get of the steps: text, rule, JSON and the printed line."""
    return [(s.text, s.rule, s.to_json(), str(s)) for s in game.history]


def _names(game):
    return ["You"] + game.players[1:]


# ---- step texts made when read ----------------------------------------------------------
@pytest.mark.parametrize("you", [False, True], ids=["names", "you"])
@pytest.mark.parametrize("key", KEYS)
def test_texts_read_late_are_the_texts_read_at_once(key, you):
    """A step's text read long after it was played (the state has moved on by many steps,
    trial play-outs ran in forks, the game went back and forward) is the text it had when it
    was played, in every step of seeded games of every game."""
    for seed in (1, 2):
        base = _new(key)
        at_once = _new(key, _names(base) if you else None)
        early = _play(at_once, seed, read_at_once=True)
        late = _new(key, _names(base) if you else None)
        rng = random.Random(seed)
        trial = random.Random(99)
        while not late.finished and len(late.history) < 400:
            _step(late, rng)
            if len(late.history) % 7 == 0:            # a trial play-out in a fork
                fork = late.fork()
                for _ in range(30):
                    if fork.finished:
                        break
                    _step(fork, trial)
        assert [s.action for s in late.history] == [s.action for s in at_once.history]
        late.back(5)
        late.forward(5)
        assert [s.text for s in late.history] == early
        assert _everything(late) == _everything(at_once)
        assert all(text.strip() for text in early)


def test_a_step_keeps_the_text_it_made():
    """The text is made once, then kept (a string from then on)."""
    game = Pocha(4, hands=1)
    _play(game, 3, read_at_once=False, limit=12)
    step = game.history[-1]
    assert not isinstance(step._text, str)            # not made yet: nobody read it
    text = step.text
    assert isinstance(step._text, str) and step.text is text


def test_text_sources():
    """What a game's _do may give as a step's text, and what it reads as."""
    assert text_of("A passes.") == "A passes."
    assert text_of(lambda: "A bets 2.") == "A bets 2."
    assert text_of((lambda who, n: f"{who} bets {n}.", ("A", 2))) == "A bets 2."
    assert text_of(("{} bets {}.", ("A", 2))) == "A bets 2."
    step = Step(1, Action("pass", 0), "bet", 1, ("{} passes.", ("A",)), "P1", 0)
    assert (step.text, str(step), step.to_json()["text"]) == ("A passes.", "  1. A passes. [P1]",
                                                                "A passes.")


def test_a_step_is_a_value():
    """Steps are shared by a game and its forks: their fields cannot be set; two steps with
    the same fields are equal (and hash alike) whether or not their text was read yet."""
    a = Step(1, Action("pass", 0), "bet", 1, ("{} passes.", ("A",)), "P1", 0)
    b = Step(1, Action("pass", 0), "bet", 1, "A passes.", "P1", 0)
    for field in ("text", "rule", "index", "action", "actor", "phase", "deal"):
        with pytest.raises(AttributeError):
            setattr(a, field, None)
    with pytest.raises(AttributeError):
        a.comment = "no new fields either"
    assert a == b and hash(a) == hash(b) and "A passes." in repr(a)
    assert a != Step(2, Action("pass", 0), "bet", 1, "A passes.", "P1", 0)


def test_you_set_after_the_steps_are_played_rewrites_texts_never_read():
    """Setting ``game.you`` rebuilds the steps played in the new words, whether or not their
    texts were read before: the same texts as a game that spoke to that seat from the start."""
    for read_first in (False, True):
        game = Pocha(4, hands=2)
        _play(game, 4, read_at_once=read_first, limit=30)
        game.you = 2
        spoken = Pocha(4, hands=2)
        spoken.you = 2
        _play(spoken, 4, read_at_once=False, limit=30)
        assert _everything(game) == _everything(spoken)
        assert any(s.text.startswith("You ") or " you " in s.text for s in game.history)
        game.you = None
        plain = Pocha(4, hands=2)
        _play(plain, 4, read_at_once=False, limit=30)
        assert _everything(game) == _everything(plain)


def test_a_replay_speaks_to_the_same_seat():
    """A replay (or a fresh game) of a game spoken to another seat has the same texts."""
    game = Pocha(4, hands=1)
    game.you = 2
    _play(game, 1, read_at_once=False)
    replay = game.replay()
    assert replay.you == 2 and _everything(replay) == _everything(game)
    assert any("you" in s.text.lower().split() for s in replay.history)


# ---- legal actions worked out once per step ---------------------------------------------
def _wrong_versions(game, legal, rng):
    """Actions that look like the legal ones but are not all legal: another seat, another
    amount, another card, another kind."""
    out = []
    for a in legal[:6]:
        if a.seat is not None:
            out.append(Action(a.kind, (a.seat + 1) % game.n, a.card, a.amount, a.cards, a.what))
        if a.amount is not None:
            out.append(Action(a.kind, a.seat, a.card, a.amount + 100, a.cards, a.what))
            out.append(Action(a.kind, a.seat, a.card, -1, a.cards, a.what))
        out.append(Action("nonsense", a.seat))
    hands = getattr(game, "hands", None)
    seat = game.current_player
    if hands and seat is not None and seat >= 0:
        cards = [c for h in hands for c in h]
        for c in rng.sample(cards, min(6, len(cards))):
            out.append(Action("play", seat, card=c))
    return out


def _refusal(game, action):
    why = game.why_not(action)
    return None if why is None else (why.rule, why.reason)


@pytest.mark.parametrize("key", KEYS)
def test_the_fast_path_refuses_as_the_full_check_does(key):
    """With the legal actions worked out (and kept) for the state, an action that is not one
    of them is still refused with the rule and reason a fresh replay gives, and changes
    nothing; an equal copy of a legal one is accepted and does what the original does."""
    rng = random.Random(11)
    game = _new(key)
    refused = 0
    while not game.finished and len(game.history) < 120:
        if game.current_player == CHANCE:
            game.apply(game.chance_action(rng))
            continue
        legal = game.legal_actions()                  # worked out and kept for this state
        fresh = game.replay()                         # the same state, nothing kept
        # the fast path trusts the legal actions: each must pass the full check
        assert all(fresh.why_not(a) is None for a in legal)
        before = (game.view(None), [s.to_json() for s in game.history], list(game.actions))
        for wrong in _wrong_versions(game, legal, rng):
            expected = _refusal(fresh, wrong)
            if expected is None:
                continue                              # legal after all (another legal card)
            with pytest.raises(IllegalAction) as err:
                game.apply(wrong)
            assert (err.value.rule, err.value.reason) == expected
            assert (game.view(None), [s.to_json() for s in game.history],
                    list(game.actions)) == before
            refused += 1
        assert game.legal_actions() == legal          # still the same, still kept
        choice = rng.choice(legal)
        copy = Action.from_json(choice.to_json(), game.system)
        assert copy == choice and copy is not choice
        other = game.fork()
        a, b = game.apply(choice), other.apply(copy)
        assert (a.text, a.rule, a.actor) == (b.text, b.rule, b.actor)
        assert game.view(None) == other.view(None)
    assert refused > 20


def test_a_legal_action_made_anew_goes_through_the_checks():
    """Only the very objects listed as legal skip the checks: an Action built by hand is
    checked, and refused with its rule when it breaks one (H8: must follow suit)."""
    game = Pocha(4, start=10, hands=1)
    rng = random.Random(8)
    game.apply(game.chance_action(rng))
    for _ in range(5):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    legal = {a.card for a in game.legal_actions()}
    wrong = [c for c in game.hands[seat] if c not in legal]
    assert wrong, "seed 8: the player to act holds a card they may not play"
    with pytest.raises(IllegalAction) as err:
        game.apply(Action("play", seat, card=wrong[0]))
    assert err.value.rule == "H8" and "duty" in err.value.reason


@pytest.mark.parametrize("key", KEYS)
def test_a_refused_action_keeps_the_legal_actions(key):
    """After a refusal the legal actions kept for the state are those of a fresh replay."""
    rng = random.Random(5)
    game = _new(key)
    while not game.finished and len(game.history) < 60:
        if game.current_player == CHANCE:
            game.apply(game.chance_action(rng))
            continue
        legal = game.legal_actions()
        with pytest.raises(IllegalAction):
            game.apply(Action("nonsense", legal[0].seat))
        assert game.legal_actions() == legal == game.replay().legal_actions()
        game.apply(rng.choice(legal))


# ---- fork --------------------------------------------------------------------------------
def _snapshot(game):
    return ([game.view(s) for s in [None, *range(game.n)]], _everything(game),
            list(game.actions), game.legal_actions(), game.current_player, game.steps_total)


@pytest.mark.parametrize("key", KEYS)
def test_fork_and_play_out_leave_the_original_unchanged(key):
    """A fork played out to the end (as a computer player's trial does) changes nothing in
    the original, which plays on exactly as a replay of its actions does; the fork plays as
    a replay would from the same state."""
    rng = random.Random(21)
    game = _new(key)
    checked = 0
    while not game.finished and len(game.history) < 200:
        if len(game.history) % 9 == 4:
            before = _snapshot(game)
            fork = game.fork()
            twin = game.replay()
            r1, r2 = random.Random(len(game.history)), random.Random(len(game.history))
            while not fork.finished and len(fork.history) < len(game.history) + 150:
                a, b = _step(fork, r1), _step(twin, r2)
                assert (a.text, a.rule, a.action) == (b.text, b.rule, b.action)
            assert fork.view(None) == twin.view(None)
            assert _snapshot(game) == before
            checked += 1
        _step(game, rng)
    replay = game.replay()
    assert _everything(replay) == _everything(game)
    assert replay.view(None) == game.view(None)
    assert checked >= 3


def test_fork_shares_only_what_never_changes():
    """A fork has its own lists, dicts and sets (the hands, the scores, the steps), and shares
    the configuration and the lookup tables."""
    game = Pocha(4, start=10, hands=1)
    rng = random.Random(2)
    game.apply(game.chance_action(rng))
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    fork = game.fork()
    for name in ("hands", "_acts", "_places", "scores", "bids", "taken", "won", "history",
                 "actions", "comments"):
        assert getattr(fork, name) == getattr(game, name)
        assert getattr(fork, name) is not getattr(game, name), name
    assert all(a is not b for a, b in zip(fork.hands, game.hands))
    assert all(a is not b for a, b in zip(fork._acts, game._acts))
    assert all(a is not b for a, b in zip(fork._places, game._places))
    assert fork._names is game._names and fork.players is game.players
    fork.comments[1] = "only in the fork"
    assert 1 not in game.comments


def test_fork_copies_a_container_first_seen_as_none():
    """The fork's copier is made once for each shape of state: an attribute that held None
    at one fork and holds a list at the next is copied, not shared, by the next."""
    game = Pocha(4, start=10, hands=1)
    assert game.tied is None
    game.fork()                              # a copier for the shape with tied = None
    game.tied = [0, 2]
    fork = game.fork()
    assert fork.tied == [0, 2] and fork.tied is not game.tied
    fork.tied.append(3)
    assert game.tied == [0, 2]


def _turn_agrees(game):
    """Pocha keeps who acts and whether the game is over as plain attributes: they agree
    with the engine's reading of the phase (``Game.current_player``, ``Game.finished``)."""
    assert game.current_player == Game.current_player.__get__(game), game.phase.key
    assert game.finished == Game.finished.__get__(game)


@pytest.mark.parametrize("players", [3, 4])
def test_pocha_kept_turn_agrees_through_back_forward_goto_and_forks(players):
    rng = random.Random(players)
    game = Pocha(players, hands=4)
    _turn_agrees(game)
    while not game.finished:
        _step(game, rng)
        _turn_agrees(game)
        _turn_agrees(game.fork())
        if len(game.history) % 7 == 0:
            game.back(3)
            _turn_agrees(game)
            game.forward(2)
            _turn_agrees(game)
            game.goto(0)
            _turn_agrees(game)
            game.goto(game.steps_total)
            _turn_agrees(game)
    _turn_agrees(game)
    assert game.current_player is None
    game.back(1)
    _turn_agrees(game)
    assert game.current_player == TABLE and not game.finished


# ---- Pocha's own fast state ---------------------------------------------------------------
def test_pocha_rehold_makes_a_changed_hand_agree():
    """A hand changed by other code (an imagined deal) is put in order, with its play
    actions, by _rehold; the duties then pick from the new cards."""
    game = Pocha(4, start=10, hands=1)
    rng = random.Random(6)
    game.apply(game.chance_action(rng))
    for _ in range(4):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.current_player
    other = (seat - 1) % 4                 # the next to play (H8: to the right)
    game.legal_actions()
    game.hands[seat], game.hands[other] = game.hands[other][::-1], game.hands[seat]
    game._rehold(seat)
    game._rehold(other)
    assert sorted(a.card.code for a in game.legal_actions()) == sorted(c.code for c in
                                                                      game.hands[seat])
    assert [a.card for a in game._acts[seat]] == game.hands[seat]
    game.apply(game.legal_actions()[0])
    assert game.current_player == other
    assert {a.card for a in game.legal_actions()} <= set(game.hands[other])
    assert all(a.seat == other for a in game.legal_actions())


def test_pocha_held_actions_mirror_the_hands():
    """Pocha keeps each hand three times: as cards (``hands``, what the views show), as play
    actions by suit (what the duties pick from) and as the cards' places in the sorted deck
    (where a suit's run is found). After every step they hold the same cards in the same
    order, and the kept trick leader is the trick's winner so far."""
    for seed in range(4):
        game = Pocha(4 if seed % 2 else 3, hands=4 if seed < 2 else None, start=8)
        rng = random.Random(seed)
        while not game.finished:
            _step(game, rng)
            for seat, hand in enumerate(game.hands):
                held = game._acts[seat]
                assert [a.card for a in held] == hand
                assert all(a.seat == seat and a.kind == "play" for a in held)
                places = game._places[seat]
                assert places == sorted(places) and [game._tables.by_place[p] for p in
                                                     places] == hand
            trick = game.trick
            if trick is not None and trick.plays:
                assert game._tops[5] == trick.winner(game.power)


def test_H8_H10_the_trick_is_a_value_made_when_read():
    """Pocha keeps the trick being played as its leader and a growing list of plays: the
    ``trick`` read is a Trick value, the cards played so far in order, that later cards
    never change; a complete trick is kept as the value taken (H10) and a fork's play leaves
    the original's trick as it was."""
    from cardwidgets.engine.tricks import Trick
    game = Pocha(4, start=10, hands=1)
    rng = random.Random(12)
    assert game.trick is None
    game.apply(game.chance_action(rng))
    for _ in range(4):
        game.apply(rng.choice(game.legal_actions()))
    assert game.trick == Trick(game.first_player, ())         # H8: the first player leads
    seen, played = [], []
    while game.phase.key == "play":
        before = game.trick
        step = game.apply(rng.choice(game.legal_actions()))
        played.append((step.actor, step.action.card))
        assert before.plays == tuple(seen)                     # a value: not grown since
        if len(played) % 4:
            seen = list(game.trick.plays)
            assert [(p.seat, p.card) for p in seen] == played[-len(seen):]
            fork = game.fork()
            fork.apply(fork.legal_actions()[0])
            assert game.trick.plays == tuple(seen)
        else:
            last = game.last_trick
            assert isinstance(last, Trick) and [(p.seat, p.card) for p in last.plays] == \
                played[-4:]
            assert last in game.won[last.winner(game.power).seat]
            assert game.trick == Trick(last.winner(game.power).seat, ())  # H10: winner leads
            seen = []
    assert sum(len(w) for w in game.won) == 10


def test_H8_a_play_that_is_not_one_of_ours_is_checked_and_kept_as_given():
    """A card played with an action that is not one of the game's own (made anew, or with a
    field the play does not use) goes through every check: refused naming its rule when
    illegal, played as the game's own equal action and recorded as given when legal."""
    game, twin = Pocha(4, start=10, hands=1), Pocha(4, start=10, hands=1)
    rng = random.Random(3)
    deal = game.chance_action(rng)
    game.apply(deal)
    twin.apply(deal)
    while game.phase.key != "score":
        legal = game.legal_actions()
        seat = game.current_player
        choice = rng.choice(legal)
        if game.phase.key == "play":
            with pytest.raises(IllegalAction) as err:
                game.apply(Action("play", (seat + 1) % 4, card=choice.card))
            assert err.value.rule == "H8" and "turn" in err.value.reason
            given = Action("play", seat, card=choice.card, amount=3)   # amount: not read
            step = game.apply(given)
            assert step.action is given and game.actions[-1] is given
        else:
            step = game.apply(choice)
        other = twin.apply(choice)
        assert (step.text, step.rule, step.deal) == (other.text, other.rule, other.deal)
        assert game.view(None) == twin.view(None)


def test_H5_H1_our_own_shuffled_deal_is_dealt_at_once_and_any_other_checked():
    """The deal made by chance_action is dealt at once (the whole deck, each card once,
    H1); the same cards in an action with another field set go through every check, and
    one with a field of the wrong kind is refused, changing nothing."""
    game = Pocha(4, start=10, hands=1)
    deal = game.chance_action(random.Random(5))
    with pytest.raises(IllegalAction) as err:
        game.apply(Action("deal", cards=deal.cards, what=5))
    assert "what" in err.value.reason and game.history == [] and game.hands == [[]] * 4
    step = game.apply(deal)
    assert (step.rule, step.actor, step.deal, step.phase) == ("H5", CHANCE, 1, "deal")
    assert sorted(len(h) for h in game.hands) == [10] * 4
    twin = Pocha(4, start=10, hands=1)
    twin.chance_action(random.Random(5))
    twin.apply(Action("deal", cards=deal.cards, what="the deal"))   # checked in full
    assert twin.hands == game.hands and twin.history[0].text == step.text


def test_H11_the_scoring_step_belongs_to_the_hand_it_scores():
    """The scoring step (H11), applied by the rules' own action, is numbered with the hand
    it scores; the next hand's deal with the next number; an equal action made anew scores
    the same."""
    for make in (lambda g: g.legal_actions()[0], lambda g: Action("score")):
        game = Pocha(4, hands=3)
        rng = random.Random(9)
        while game.hand_no == 1:
            step = game.apply(make(game)) if game.current_player == TABLE else _step(game, rng)
        assert (step.phase, step.deal, step.rule, step.actor) == ("score", 1, "H11", TABLE)
        assert _step(game, rng).deal == 2 and game.deal_number == 2


def test_H8_H10_play_texts_read_late_name_their_own_hands_trumps():
    """A card's words are those of its moment: read after later hands were dealt with other
    trumps (and the game spoken to as you), each names its own hand's trumps and players."""
    for players in (["You", "Ada", "Boris", "Cy"], 4):
        late, at_once = Pocha(players, hands=6), Pocha(players, hands=6)
        early = _play(at_once, 4, read_at_once=True)
        _play(late, 4, read_at_once=False)
        trumps = {s.text.split(": ")[-1] for s in late.history if s.rule.startswith("H5")}
        assert len(trumps) > 1                          # the trumps changed between hands
        assert [s.text for s in late.history] == early


# ---- turn refusals speak to you ------------------------------------------------------------
def test_turn_refusals_say_your_turn_for_the_seat_named_you():
    """A player named "You" reads "it is your turn", never "You's turn" (issue 11 item 5)."""
    game = Pocha(["You", "Ada", "Boris"], dealer=1)       # Boris, the dealer's right, is first
    game.apply(game.chance_action(random.Random(1)))
    assert game.current_player == 0
    why = game.why_not(Action("bid", 1, amount=0))
    assert why.reason == ("it is your turn, not Ada's: the bids start with the first player, "
                          "on the dealer's right: you (H7)")
    assert why.rule == "H7"
    assert game.why_not(Action("bid", None, amount=0)).reason == "say who acts: it is your turn"
    game.apply(Action("bid", 0, amount=0))
    assert game.why_not(Action("bid", 0, amount=0)).reason.startswith(
        "it is Boris's turn, not yours:")
    named = Pocha(["Cy", "Ada", "Boris"], dealer=1)
    named.apply(named.chance_action(random.Random(1)))
    assert named.why_not(Action("bid", 1, amount=0)).reason.startswith(
        "it is Cy's turn, not Ada's:")


@pytest.mark.parametrize("key", KEYS)
def test_no_game_says_yous_turn(key):
    """In every game, an out-of-turn action by or against the seat named "You" is refused in
    the second person."""
    rng = random.Random(3)
    base = _new(key)
    game = _new(key, _names(base))
    seen = 0
    while not game.finished and len(game.history) < 80:
        actor = game.current_player
        if actor is not None and actor >= 0:
            for seat in range(game.n):
                if seat != actor:
                    why = game.why_not(Action("pass", seat))
                    assert "You's" not in why.reason and "you's" not in why.reason
                    if why.reason.startswith("it is"):
                        assert "your" in why.reason or (0 not in (seat, actor))
                        seen += 1
        _step(game, rng)
    assert seen


# ---- smaller pieces ------------------------------------------------------------------------
def test_shuffled_is_rng_shuffle():
    """The faster shuffle puts the cards in the order ``random.Random.shuffle`` does, so a
    seed deals the same cards as before."""
    deck = Pocha(4).deck_cards
    for seed in range(20):
        mine = shuffled(deck, random.Random(seed))
        theirs = list(deck)
        random.Random(seed).shuffle(theirs)
        assert mine == theirs
    assert shuffled([], random.Random(1)) == [] and shuffled([7], random.Random(1)) == [7]


def test_a_configuration_is_checked_every_time_for_its_types():
    """Games made again with the same configuration are checked again: a value equal to a
    good one and of another type (1 for True) is refused, and each game's lists are its own."""
    Pocha(4, options={"HV3": True}, dealer=1)
    with pytest.raises(ConfigError, match="true or false"):
        Pocha(4, options={"HV3": 1}, dealer=1)
    with pytest.raises(ConfigError, match="dealer"):
        Pocha(4, options={"HV3": True}, dealer=True)
    a, b = Pocha(["A", "B", "C"], dealer=2), Pocha(["A", "B", "C"], dealer=2)
    assert a.options == b.options and a.options is not b.options
    assert a.setup is not b.setup and a.players is not b.players
    a.players.append("D")        # a game's lists are its own
    assert Pocha(["A", "B", "C"], dealer=2).players == ["A", "B", "C"]


# ---- Pocha's duties by bisection, against the rule read plainly ---------------------------
def _h8_plainly(game, seat):
    """The cards ``seat`` may play now, by H8 read word for word from the hand and the trick
    (no kept state): follow suit and beat the highest card of the suit led if you can (unless
    someone trumped); void, trump, beating the highest trump if you can; else any card."""
    hand, trick, trump = game.hands[seat], game.trick, game.trump
    if not trick.plays:
        return set(hand)
    rv = game._rv
    led = trick.plays[0].card.suit
    led_cards = [p.card for p in trick.plays if p.card.suit == led]
    trumps_down = [p.card for p in trick.plays if p.card.suit == trump and led != trump]
    follow = [c for c in hand if c.suit == led]
    if follow:
        if trumps_down:
            return set(follow)
        high = max(rv[c.rank] for c in led_cards)
        beat = [c for c in follow if rv[c.rank] > high]
        return set(beat or follow)
    mine = [c for c in hand if c.suit == trump]
    if not mine:
        return set(hand)
    if not trumps_down:
        return set(mine)
    top = max(rv[c.rank] for c in trumps_down)
    over = [c for c in mine if rv[c.rank] > top]
    return set(over or hand)


@pytest.mark.parametrize("players, setup, options", [
    (4, {"start": 10, "hands": 3}, {}), (3, {"start": 11, "hands": 3}, {}),
    (4, {"start": 11, "hands": 2, "deck": 48}, {}), (3, {"start": 10, "hands": 2}, {"HV3": True}),
    (3, {"start": 12, "hands": 2}, {"HV4": True})], ids=["4p", "3p", "48", "HV3", "HV4"])
def test_pocha_duties_by_bisection_are_H8_read_plainly(players, setup, options):
    """At every card of seeded games the legal cards Pocha finds from the places it keeps
    (bisection in deck order) are the cards H8 allows, read plainly from the hand and the
    trick; every other card in the hand is refused with H8 by apply, changing nothing."""
    checked = 0
    for seed in range(3):
        game = Pocha(players, options=options, **setup)
        rng = random.Random(seed)
        while not game.finished:
            actor = game.current_player
            if actor == CHANCE:
                game.apply(game.chance_action(rng))
                continue
            legal = game.legal_actions()
            if game.phase.key == "play":
                assert {a.card for a in legal} == _h8_plainly(game, actor)
                for card in game.hands[actor]:
                    if card not in {a.card for a in legal}:
                        with pytest.raises(IllegalAction) as err:
                            game.apply(Action("play", actor, card=card))
                        assert err.value.rule == "H8" and "duty" in err.value.reason
                checked += 1
            game.apply(rng.choice(legal))
    assert checked > 100


def test_pocha_a_deal_of_equal_cards_made_elsewhere_deals_the_same():
    """A deal listing cards made anew (equal to the deck's, not the same objects) is checked
    and dealt as the shuffled one is: the same hands, steps and views; a deal with a card
    twice or a card from outside the deck is refused with H1 / H2."""
    from cardwidgets.engine import Card
    rng = random.Random(4)
    game, twin = Pocha(4, start=10, hands=1), Pocha(4, start=10, hands=1)
    deal = game.chance_action(rng)
    anew = Action("deal", cards=tuple(Card(c.rank, c.suit, c.system) for c in deal.cards))
    assert anew == deal and all(a is not b for a, b in zip(anew.cards, deal.cards))
    game.apply(deal)
    twin.apply(anew)
    assert _everything(game) == _everything(twin) and game.view(None) == twin.view(None)
    assert all(a is b for h, k in zip(game.hands, twin.hands) for a, b in zip(h, k))
    while not game.finished:
        choice = rng.choice(game.legal_actions())
        game.apply(choice)
        twin.apply(Action.from_json(choice.to_json(), twin.system))
    assert _everything(game) == _everything(twin)
    fresh = Pocha(4, start=10, hands=1)
    cards = list(deal.cards)
    with pytest.raises(IllegalAction) as err:
        fresh.apply(Action("deal", cards=tuple(cards[:-1] + cards[:1])))
    assert err.value.rule == "H1" and "dealt twice" in err.value.reason
    three = Pocha(3, start=12, hands=1)
    with pytest.raises(IllegalAction) as err:
        three.apply(Action("deal", cards=tuple(cards[:36])))
    assert err.value.rule in ("H1", "H2")
    assert fresh.history == [] and three.history == []


def test_a_step_is_a_value_through_copies():
    """A step pickles and copies as the value it is (its text made on the way), and reads as
    its fields, the text made."""
    import copy
    import pickle
    game = Pocha(4, start=10, hands=1)
    _play(game, 2, read_at_once=False, limit=20)
    for step in game.history:
        assert not isinstance(step._text, str)
        again = pickle.loads(pickle.dumps(step))
        assert again == step and copy.deepcopy(step) == step and copy.copy(step) == step
        assert list(step) == [step.index, step.action, step.phase, step.deal, step.text,
                              step.rule, step.actor]
        assert not step != again


def test_pocha_chance_action_deals_as_the_plain_shuffle():
    """Pocha's shuffled deal (the deck's order shuffled, with the cards' places kept) is the
    deal ``random.Random.shuffle`` gives for the seed, for every deck; a deal it made and was
    not applied, or another rng, changes nothing."""
    for game in (Pocha(4), Pocha(3), Pocha(4, deck=48), Pocha(3, options={"HV4": True})):
        for seed in range(5):
            cards = list(game.deck_cards)
            random.Random(seed).shuffle(cards)
            assert game.chance_action(random.Random(seed)).cards == tuple(cards)
        stale = game.chance_action(random.Random(1))
        other = Pocha(game.players, options=game.options, **game.setup)
        twin = Pocha(game.players, options=game.options, **game.setup)
        other.apply(stale)                      # made by another game: checked in full
        twin.apply(twin.chance_action(random.Random(1)))
        assert _everything(other) == _everything(twin) and other.hands == twin.hands
        game.chance_action(random.Random(2))    # made, never applied
        game.apply(stale)
        assert game.hands == twin.hands


def _bare(key="pocha"):
    """The bare play-out of ``benchmarks/bare/<key>.py`` (the races' floor)."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bare" / f"{key}.py"
    spec = importlib.util.spec_from_file_location(f"bare_{key}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", range(40))
def test_the_bare_race_hand_follows_the_same_rules(seed):
    """The race's bare pure-Python hand (the floor it measures the engine against) plays
    H5, H7, H8, H10 and H11 as the engine does: beside it, on the same deal and the same
    choices, the legal actions agree at every step, and so do the tricks and the scores."""
    bare = _bare()
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    game = Pocha(4, start=10, hands=1, dealer=dealer)
    hand = bare.BarePocha(dealer)
    place = game._tables.place
    deal = game.chance_action(rng)
    game.apply(deal)
    hand.apply([place[id(c)] for c in deal.cards])
    while game.phase.key in ("bid", "play"):
        assert hand.current_player == game.current_player
        legal = game.legal_actions()
        if game.phase.key == "bid":
            mine = [a.amount for a in legal]
        else:
            mine = [place[id(a.card)] for a in legal]
        assert sorted(hand.legal_actions()) == sorted(mine)
        k = rng.randrange(len(legal))
        game.apply(legal[k])
        hand.apply(mine[k])
    assert hand.taken == game.taken
    game.advance()
    assert hand.scores == game.hand_scores[0]


@pytest.mark.parametrize("seed", range(20))
def test_the_bare_poch_game_plays_to_the_end(seed):
    """The bare Poch game (the floor of ``engine_speed.py``) ends as P15 says, when someone
    cannot pay the ante, with every chip still on the table or the board."""
    steps, chips, holes = _bare("poch").bare_game(random.Random(seed))
    assert sum(chips) + sum(holes) == 4 * 20
    assert min(chips) < 9 and min(chips) >= 0
    assert min(holes) >= 0
    assert steps >= 1 + 10 + 11  # the end; ante, deal, 7 payments, showdown, settling; runs


@pytest.mark.parametrize("seed", range(20))
def test_the_bare_truc_game_plays_to_the_end(seed):
    """The bare truc game (the floor of ``engine_speed.py``) ends when a side has won two
    camas of 24 (V1); the last cama's winner holds its 24, the other side fewer."""
    bare = _bare("truc")
    steps, camas, points = bare.bare_game(random.Random(seed))
    assert sorted(camas) in ([0, 2], [1, 2])
    winner = camas.index(2)
    assert points[winner] == 24 and 0 <= points[1 - winner] < 24
    assert steps >= 2 * 2 * 3  # at least a deal, a card and a settling a hand
    card = {c: i for i, c in enumerate(bare._CARDS)}.__getitem__   # (number, suit 0 swords)
    assert bare.envit_value([card((7, 0)), card((6, 0)), card((3, 1))]) == 33   # V9


@pytest.mark.parametrize("seed", range(20))
def test_the_bare_truk_game_plays_to_the_end(seed):
    """The bare truk game (the floor of ``engine_speed.py``) ends when a side has 6 truks
    (K9, K15), the other fewer; the tantos stay within the 3 counters (K9, K10); and the
    K19 signals it offers are the true ones."""
    bare = _bare("truk")
    steps, truks, tantos = bare.bare_game(random.Random(seed))
    assert max(truks) == 6 and min(truks) < 6
    assert sum(tantos) <= 3 and min(tantos) >= 0
    assert steps >= 6 * 3
    three, two, ace = bare.THREE, bare.TWO, bare.ACE
    assert bare.true_signals([three, three, 1]) == [1]            # both eyes: two 3s
    assert bare.true_signals([three, two, ace]) == [0, 2, 4]      # a 3, a 2, an ace
    assert bare.true_signals([7, 5, 1]) == [5]                    # eyebrows: nothing


@pytest.mark.parametrize("key", ["poch", "truk", "truc"])
def test_the_bare_games_have_the_engines_shape(key):
    """The bare play-outs are a fair floor: over 100 seeded random games of 4 players, their
    steps a game are within 10% of the engine's through the public API (the same rules and
    the same random choices among the same legal actions give games of the same length)."""
    bare = _bare(key)
    rng = random.Random(11)
    engine_steps = 0
    for _ in range(100):
        game = GAMES[key](4)
        while game.current_player is not None:
            actor = game.current_player
            game.apply(game.chance_action(rng) if actor == CHANCE
                       else rng.choice(game.legal_actions()))
        engine_steps += len(game.history)
    bare_steps = sum(bare.bare_game(random.Random(seed))[0] for seed in range(100))
    assert abs(bare_steps - engine_steps) <= 0.10 * engine_steps
