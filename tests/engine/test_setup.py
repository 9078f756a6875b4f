"""Setup stage, rules 301.x: heroes, turn order, shuffles, the deal and mulligans."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from oracle import (
    CHANCE,
    Action,
    ConfigError,
    GameConfig,
    IllegalAction,
    State,
    apply,
    check,
    decision,
    fingerprint,
    new_game,
)

from .helpers import Script, events, first_event, kinds, legal, run, run_setup, violation_rules

DECK0 = ["ork", "gonchaya", "test_strelok_nayma", "legat_akkenii", "samokhod", "test_prashchnik"]
DECK1 = ["peschanyy_lev", "ork", "test_mstitel", "legat_akkenii", "yrkh", "test_smertnik"]


def config(heroes: tuple[str, str] = ("test_geroy_snayper", "test_geroy_strazh"), edition: str = "C") -> GameConfig:
    return GameConfig(heroes, (list(DECK0), list(DECK1)), edition)


# --- 301.3: heroes in play ---------------------------------------------------------------


def test_301_3_heroes_start_in_play_and_decks_beside_them() -> None:
    """C:301.3 — each hero starts face up in its player's play zone; the deck is beside it;
    nothing else is in play, in hand or in a graveyard."""
    s = new_game(config())
    for seat in (0, 1):
        p = s.players[seat]
        assert s.zone_of(p.hero) == "play"
        assert s.cards[p.hero].card_id == ("test_geroy_snayper", "test_geroy_strazh")[seat]
        assert len(p.deck) == 6 and not p.hand and not p.play and not p.graveyard
        assert p.coins == 0  # brief §4: the game begins with 0 coins
    assert s.turn == 0 and s.step == "setup_roll"


def test_301_config_errors_name_the_field() -> None:
    """C:301.3 — a game needs two heroes of the pool and decks of pool cards; a bad
    configuration is refused naming the offending field."""
    with pytest.raises(ConfigError) as e:
        new_game(GameConfig(("ork", "test_geroy_snayper"), (list(DECK0), list(DECK1))))
    assert e.value.field == "heroes[0]"
    with pytest.raises(ConfigError) as e:
        new_game(GameConfig(("test_geroy_snayper", "test_geroy_snayper"), (list(DECK0), ["ork", "no_such_card", "ork", "ork"])))
    assert e.value.field == "decks[1][1]"
    with pytest.raises(ConfigError) as e:
        new_game(GameConfig(("test_geroy_snayper", "test_geroy_snayper"), (list(DECK0), ["test_geroy_pervogo_khoda", "ork", "ork", "ork"])))
    assert e.value.field == "decks[1][0]"
    with pytest.raises(ConfigError) as e:
        new_game(GameConfig(("test_geroy_snayper", "test_geroy_snayper"), (list(DECK0), list(DECK1)), "Z"))
    assert e.value.field == "edition"


# --- 301.4: the die roll -----------------------------------------------------------------


def test_301_4_chance_rolls_and_the_higher_roll_chooses() -> None:
    """C:301.4 — chance rolls one die per seat; the player with the higher number decides
    whether he moves first or second."""
    s = new_game(config())
    assert decision(s).actor == CHANCE and decision(s).kind == "setup_roll"
    assert len(legal(s)) == 36
    o = apply(s, Action("roll", values=(2, 5)))
    e = first_event(o.events, "die_rolled")
    assert e.rules == ("C:301.4",) and e.get("seat0") == 2 and e.get("seat1") == 5
    assert decision(o.state).actor == 1 and o.state.step == "setup_order"
    assert legal(o.state) == [Action("choose_order", values=(1,)), Action("choose_order", values=(2,))]


@pytest.mark.parametrize("choice, first", [(1, 1), (2, 0)])
def test_301_4_winner_chooses_first_or_second(choice: int, first: int) -> None:
    """C:301.4 — the roll winner chooses to be the first player (1) or the second (2)."""
    s, _ = run(new_game(config()), Action("roll", values=(1, 6)))
    o = apply(s, Action("choose_order", values=(choice,)))
    assert o.state.first_player == first
    assert first_event(o.events, "order_chosen").rules == ("C:301.4",)
    assert o.state.step == "setup_shuffle" and decision(o.state).actor == CHANCE


def test_301_4_reroll_on_tie() -> None:
    """C:301.4 — equal rolls are rolled again: nobody wins the roll, chance rolls again."""
    s = new_game(config())
    o = apply(s, Action("roll", values=(4, 4)))
    assert kinds(o.events) == ["die_rolled", "reroll"]
    assert first_event(o.events, "reroll").rules == ("C:301.4",)
    assert o.state.step == "setup_roll" and o.state.roll_winner == -1
    assert decision(o.state).actor == CHANCE
    o2 = apply(o.state, Action("roll", values=(4, 3)))
    assert o2.state.roll_winner == 0 and o2.state.step == "setup_order"


def test_301_4_tie_is_not_won_by_player_1_mutant() -> None:
    """C:301.4 — the tie test above fails under the mutant that gives a tie to player 1
    (the test is sensitive to the rule)."""
    s = new_game(config())
    s.mutant = "no_reroll_on_tie"
    o = apply(s, Action("roll", values=(4, 4)))
    assert o.state.step == "setup_order"


@pytest.mark.parametrize("values", [(0, 3), (3, 7), (3,), (1, 2, 3), ()])
def test_301_4_roll_outcomes_are_two_dice(values: tuple[int, ...]) -> None:
    """C:301.4 — a roll outcome is two die values 1..6; anything else is refused."""
    s = new_game(config())
    assert violation_rules(s, Action("roll", values=values)) == ["C:301.4"]


def test_301_4_only_chance_rolls_and_only_the_winner_chooses() -> None:
    """C:301.4 — the roll is chance's decision and the order is the roll winner's; an
    action by another actor is refused citing 301.4."""
    s = new_game(config())
    assert violation_rules(s, Action("roll", values=(1, 2), actor=0)) == ["C:301.4"]
    assert check(s, Action("roll", values=(1, 2), actor=CHANCE)) == []
    s2, _ = run(s, Action("roll", values=(1, 2)))
    assert violation_rules(s2, Action("choose_order", values=(1,), actor=0)) == ["C:301.4"]
    assert check(s2, Action("choose_order", values=(1,), actor=1)) == []
    assert violation_rules(s2, Action("choose_order", values=(3,))) == ["C:301.4"]


def test_301_4_edition_a_cites_b() -> None:
    """B:301.4 — edition A's fragments have no 301; an A game cites B's rule
    (INTERPRETING.md entry 1)."""
    o = apply(new_game(config(edition="A")), Action("roll", values=(3, 3)))
    assert first_event(o.events, "reroll").rules == ("B:301.4",)


# --- 301.4.1 / 301.4.2: heroes that fix the order ---------------------------------------


@pytest.mark.parametrize(
    "heroes, first",
    [
        (("test_geroy_pervogo_khoda", "test_geroy_vtorogo_khoda"), 0),
        (("test_geroy_vtorogo_khoda", "test_geroy_pervogo_khoda"), 1),
        (("test_geroy_pervogo_khoda", "test_geroy_snayper"), 0),
        (("test_geroy_snayper", "test_geroy_pervogo_khoda"), 1),
        (("test_geroy_vtorogo_khoda", "test_geroy_snayper"), 1),
        (("test_geroy_snayper", "test_geroy_vtorogo_khoda"), 0),
    ],
)
def test_301_4_1_hero_fixes_turn_order(heroes: tuple[str, str], first: int) -> None:
    """C:301.4.1 — Пани («Вы ходите первым») and Шарль де Лорм («Вы ходите вторым») fix
    their player's number: the roll step is skipped and the game goes to the shuffle."""
    s = new_game(config(heroes))
    assert s.step == "setup_shuffle" and s.first_player == first
    assert decision(s) .actor == CHANCE and decision(s).kind == "setup_shuffle"
    assert violation_rules(s, Action("roll", values=(6, 1)))  # no roll is taken
    state, ev = run_setup(config(heroes))
    assert state.active == first and first_event(ev, "first_turn").get("active") == first
    assert not events(ev, "die_rolled")


@pytest.mark.parametrize("heroes", [("test_geroy_pervogo_khoda", "test_geroy_pervogo_khoda"), ("test_geroy_vtorogo_khoda", "test_geroy_vtorogo_khoda")])
def test_301_4_2_same_number_from_both_heroes_means_a_normal_roll(heroes: tuple[str, str]) -> None:
    """C:301.4.2 — if both heroes would make their players the same number, the order is
    rolled as if the heroes said nothing."""
    s = new_game(config(heroes))
    assert s.step == "setup_roll" and s.first_player == -1
    assert decision(s).actor == CHANCE
    state, _ = run_setup(config(heroes), Script(rolls=[(2, 5)], order=1))
    assert state.first_player == 1 and state.active == 1


@pytest.mark.parametrize(
    ("heroes", "edition", "expected"),
    [
        (("test_geroy_pervogo_khoda", "test_geroy_snayper"), "C", [("order_by_hero", ("C:301.4.1",), {"first_player": 0})]),
        (("test_geroy_snayper", "test_geroy_pervogo_khoda"), "B", [("order_by_hero", ("B:301.4.1",), {"first_player": 1})]),
        (("test_geroy_vtorogo_khoda", "test_geroy_snayper"), "A", [("order_by_hero", ("B:301.4.1",), {"first_player": 1})]),
        (("test_geroy_pervogo_khoda", "test_geroy_pervogo_khoda"), "C", [("hero_order_ignored", ("C:301.4.2",), {})]),
        (("test_geroy_vtorogo_khoda", "test_geroy_vtorogo_khoda"), "A", [("hero_order_ignored", ("B:301.4.2",), {})]),
        (("test_geroy_snayper", "test_geroy_strazh"), "C", []),
    ],
)
def test_301_4_1_new_game_with_events_gives_the_hero_order_events(
    heroes: tuple[str, str], edition: str, expected: list[tuple[str, tuple[str, ...], dict[str, int]]]
) -> None:
    """C:301.4.1, C:301.4.2 — creating a game emits the events of the hero-order step:
    ``order_by_hero`` when a hero's text fixes the order, ``hero_order_ignored`` when both
    texts say the same, nothing otherwise (edition A cites B's numbers); the state is
    :func:`new_game`'s."""
    from oracle.rules.turn.setup import new_game_with_events

    state, ev = new_game_with_events(config(heroes, edition))
    assert [(e.kind, e.rules, dict(e.data)) for e in ev] == expected
    assert fingerprint(state) == fingerprint(new_game(config(heroes, edition)))


# --- 301.5: shuffles ---------------------------------------------------------------------


def test_301_5_shuffles_are_chance_decisions_seat_0_then_seat_1() -> None:
    """C:301.5 — each deck's order is an explicit outcome of chance, seat 0's first; the
    outcome replaces the deck's order."""
    s, _ = run(new_game(config()), Action("roll", values=(6, 1)), Action("choose_order", values=(1,)))
    assert decision(s).actor == CHANCE and legal(s) == []  # any permutation; not enumerated
    order0 = tuple(reversed(s.players[0].deck))
    o = apply(s, Action("shuffle", card=0, values=order0))
    assert first_event(o.events, "deck_shuffled").rules == ("C:301.5",)
    assert tuple(o.state.players[0].deck) == order0
    assert o.state.step == "setup_shuffle" and o.state.shuffled == 1


def test_301_5_shuffle_validation() -> None:
    """C:301.5 — a shuffle outcome must be for the deck shuffled now and be an order of
    exactly its cards; otherwise it is refused citing 301.5 and nothing changes."""
    s, _ = run(new_game(config()), Action("roll", values=(6, 1)), Action("choose_order", values=(1,)))
    deck0 = tuple(s.players[0].deck)
    deck1 = tuple(s.players[1].deck)
    bad = [
        Action("shuffle", card=1, values=deck1),  # wrong seat
        Action("shuffle", card=0, values=deck0[:-1]),  # a card missing
        Action("shuffle", card=0, values=(*deck0[:-1], deck0[0])),  # a card twice
        Action("shuffle", card=0, values=(*deck0[:-1], deck1[0])),  # a card of the other deck
        Action("shuffle", card=0, values=(*deck0, 999)),  # an unknown card
    ]
    before = fingerprint(s)
    for a in bad:
        assert violation_rules(s, a) == ["C:301.5"], a
        with pytest.raises(IllegalAction):
            apply(s, a)
    assert fingerprint(s) == before
    assert violation_rules(s, Action("shuffle", card=0, values=deck0, actor=0)) == ["C:301.5"]


# --- 301.6: the deal ---------------------------------------------------------------------


def test_301_6_each_player_draws_the_top_four() -> None:
    """C:301.6 — after both shuffles each player takes the four top cards of his deck."""
    cfg = config()
    s, _ = run(new_game(cfg), Action("roll", values=(6, 1)), Action("choose_order", values=(1,)))
    order0 = tuple(reversed(s.players[0].deck))
    order1 = tuple(s.players[1].deck[1:] + s.players[1].deck[:1])
    s, ev = run(s, Action("shuffle", card=0, values=order0), Action("shuffle", card=1, values=order1))
    assert s.players[0].hand == list(order0[:4]) and s.players[0].deck == list(order0[4:])
    assert s.players[1].hand == list(order1[:4]) and s.players[1].deck == list(order1[4:])
    drew = events(ev, "drew")
    assert len(drew) == 8 and all(e.rules == ("C:301.6",) for e in drew)
    assert s.step == "setup_mulligan"


# --- 301.7 / 301.7.1: mulligans --------------------------------------------------------


def _at_mulligan(first: int = 0) -> State:
    s, _ = run(new_game(config()), Action("roll", values=(6, 1)), Action("choose_order", values=(1 if first == 0 else 2,)))
    return run(s, Action("shuffle", card=0, values=tuple(s.players[0].deck)),
               Action("shuffle", card=1, values=tuple(s.players[1].deck)))[0]


@pytest.mark.parametrize("first", [0, 1])
def test_301_7_1_first_player_declares_first(first: int) -> None:
    """C:301.7.1 — the first player declares his mulligan first, then the second player;
    a declaration by the second player first is refused citing 301.7.1."""
    s = _at_mulligan(first)
    assert s.first_player == first
    assert decision(s).actor == first and decision(s).kind == "setup_mulligan"
    hand = sorted(s.players[first].hand)
    assert all(set(a.targets) <= set(hand) for a in legal(s))
    other_hand = s.players[1 - first].hand
    assert violation_rules(s, Action("mulligan", targets=(other_hand[0],), actor=1 - first)) == ["C:301.7.1"]
    assert violation_rules(s, Action("mulligan", targets=(other_hand[0],))) == ["C:301.7"]
    o = apply(s, Action("mulligan", targets=()))
    e = first_event(o.events, "mulligan_declared")
    assert e.rules == ("C:301.7", "C:301.7.1") and e.get("player") == first
    assert decision(o.state).actor == 1 - first


def test_301_7_1_mutant_second_player_first_is_caught() -> None:
    """C:301.7.1 — under the mutant where the second player declares first, the decider of
    the first mulligan is the second player (so the test above is sensitive)."""
    s = _at_mulligan(0)
    s.mutant = "mulligan_order_ignored"
    assert decision(s).actor == 1


def test_301_7_mulligan_cards_go_under_the_deck_in_the_declared_order() -> None:
    """C:301.7 — the returned cards go under the deck in the order the player declared
    (the first listed is above the later ones) and he draws as many from the top; 301.8:
    the deal becomes the hand; 302.3: the first player's first turn begins."""
    s = _at_mulligan(0)
    h0, d0 = list(s.players[0].hand), list(s.players[0].deck)
    h1, d1 = list(s.players[1].hand), list(s.players[1].deck)
    back0 = (h0[2], h0[0])
    back1 = (h1[3],)
    legal_targets = {a.targets for a in legal(s)}
    assert back0 in legal_targets and (h0[0], h0[2]) in legal_targets  # every order is offered
    assert len(legal_targets) == 1 + 4 + 12 + 24 + 24
    s, ev = run(s, Action("mulligan", targets=back0), Action("mulligan", targets=back1))
    p0, p1 = s.players
    assert p0.deck[-2:] == [h0[2], h0[0]]
    assert p0.hand == [h0[1], h0[3], d0[0], d0[1]]
    assert p0.deck == [*d0[2:], h0[2], h0[0]]
    assert p1.deck == [*d1[1:], h1[3]] and p1.hand == [*h1[:3], d1[0]]
    assert len(p0.hand) == len(p1.hand) == 4
    redraws = [e for e in events(ev, "drew") if e.rules == ("C:301.7",)]
    assert [e.get("player") for e in redraws] == [0, 0, 1]
    assert first_event(ev, "hands_kept").rules == ("C:301.8",)
    assert first_event(ev, "first_turn").rules == ("C:302.3",)
    assert s.turn == 1 and s.active == 0 and s.step == "choice"


def test_301_7_no_mulligan_keeps_the_deal() -> None:
    """C:301.7 — a player who returns nothing keeps his deal; the mulligan step happens once."""
    s = _at_mulligan(0)
    h0, d0 = list(s.players[0].hand), list(s.players[0].deck)
    s, ev = run(s, Action("mulligan"), Action("mulligan"))
    assert s.players[0].hand == h0 and s.players[0].deck == d0
    assert not [e for e in events(ev, "drew") if "C:301.7" in e.rules]
    assert s.step == "choice"  # no second mulligan
    assert violation_rules(s, Action("mulligan"))


@pytest.mark.parametrize(
    "targets", [lambda h: (h[0], h[0]), lambda h: (999,), lambda h: (h[0], 1)]
)
def test_301_7_mulligan_returns_distinct_cards_of_the_deal(targets: Callable[[list[int]], tuple[int, ...]]) -> None:
    """C:301.7 — only distinct cards of one's own deal can be returned."""
    s = _at_mulligan(0)
    assert violation_rules(s, Action("mulligan", targets=targets(s.players[0].hand))) == ["C:301.7"]


def test_301_2_setup_steps_come_in_order() -> None:
    """C:301.2 — setup steps happen in order: an action of another step is refused citing
    the step's rule."""
    s = new_game(config())
    assert violation_rules(s, Action("choose_order", values=(1,))) == ["C:301.4"]
    assert violation_rules(s, Action("mulligan")) == ["C:301.4"]
    assert violation_rules(s, Action("end_turn")) == ["C:301.4"]
    s2, _ = run(s, Action("roll", values=(6, 1)), Action("choose_order", values=(1,)))
    assert violation_rules(s2, Action("mulligan")) == ["C:301.5"]
