"""Activated abilities with X, cost modifiers, Жажда and constructors (R15:308.1, 501.4, 512.4,
524; INTERPRETING.md entries 119, 120, 123, 124) and cancellation (R15:518, 309.1.10; entries
121, 122): the card keys, the state field ``cancelling`` and step ``cancel_choice`` (validator,
canonical form, proto codec), and properties of the listed actions.  The behaviour in play is
pinned by the scenarios ``s308.1.*``, ``s501.4-*``, ``s512.4-*``, ``s518.1-*`` and ``s524.*``."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.cards import ActivatedAbility, CardDataError, parse_pool
from oracle.engine import apply, decision, legal_actions
from oracle.model import Action, Card, Player, State
from oracle.rules.queries.board import card_def
from oracle.rules.queries.payment import ability_final_cost
from oracle.sampler import play_random_game
from oracle.serialize import StateError, fingerprint, from_dict, to_dict
from oracle.service import state_codec
from oracle.validate import validate


def _board(play0: dict[int, str], play1: dict[int, str], hand0: dict[int, str] | None = None, coins: int = 0,
           edition: str = "R15") -> State:
    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1)}
    hand0 = hand0 or {}
    cards |= {u: Card(u, cid, 0) for u, cid in (play0 | hand0).items()}
    cards |= {u: Card(u, cid, 1) for u, cid in play1.items()}
    players = [Player(1, [], hand=list(hand0), play=list(play0), coins_open=coins), Player(2, [], play=list(play1))]
    return State(edition, cards, players, step="choice", turn=3, active=0, first_player=0)


def _cancel_choice(edition: str = "R15") -> State:
    s = _board({}, {21: "akvanit_strazh"}, {11: "potok_energii"}, coins=1, edition=edition)
    return apply(s, Action("play", card=11, targets=(2,))).state


@pytest.mark.parametrize("edition", ["A", "B", "C", "R15"])
def test_cancel_choice_is_a_decision_of_the_guards_owner(edition: str) -> None:
    """A spell played against Акванит-страж waits at cancel_choice with ``cancelling`` the
    spell, decided by player 2, with two legal actions: let it go on, or cancel with the guard."""
    s = _cancel_choice(edition)
    assert (s.step, s.cancelling, decision(s).actor, decision(s).kind) == ("cancel_choice", 11, 1, "cancel_choice")
    assert legal_actions(s) == [Action("cancel_play"), Action("cancel_play", card=21)]
    validate(s)


def test_cancelling_round_trips_and_is_absent_elsewhere() -> None:
    """``cancelling`` survives the canonical form and the proto codec; a state without it keeps
    its form (the key is absent when 0, PROTOCOL.md 5.4 rule 13)."""
    s = _cancel_choice()
    d = to_dict(s)
    assert d["cancelling"] == 11 and d["step"] == "cancel_choice"
    assert fingerprint(from_dict(d)) == fingerprint(s)
    assert state_codec.state_from_proto(state_codec.state_to_proto(s)).cancelling == 11
    assert state_codec.state_fingerprint(s) == fingerprint(s)
    after = apply(s, Action("cancel_play")).state
    assert "cancelling" not in to_dict(after)


def test_validator_refuses_cancelling_out_of_its_step() -> None:
    """Rule 13: ``cancelling`` only at cancel_choice, naming a just-played card that some card of
    the opponent can cancel; cancel_choice without it is refused too."""
    s = _cancel_choice()
    for bad in (replace(s, step="choice", queue=[]), replace(s, cancelling=0), replace(s, cancelling=21)):
        with pytest.raises(StateError) as e:
            validate(bad)
        assert e.value.field == "cancelling"
    gone = replace(s, cards={**s.cards, 21: replace(s.cards[21], hidden=True)})
    with pytest.raises(StateError):
        validate(gone)  # a hidden guard cancels nothing (R15:304.3)


def test_cancel_play_refuses_a_card_without_the_effect() -> None:
    """Only a card whose cancellation effect covers the play may cancel it (R15:518.1)."""
    s = _cancel_choice()
    with pytest.raises(Exception):  # noqa: B017 - IllegalAction, whichever subclass
        apply(s, Action("cancel_play", card=2))


def _pool_with(ability: dict[str, object]) -> None:
    parse_pool({"version": "t", "cards": [{"id": "test_x", "name": "Тест-x", "name_en": "Test x", "type": "creature",
                                           "cost": 1, "strike": 1, "life": 1, "text": "x", "source": "x",
                                           "abilities": [ability]}]})


@pytest.mark.parametrize(
    "ability",
    [
        {"kind": "activated", "cost": {}, "effects": [{"op": "wound", "to": "opponent_hero", "amount": "X"}]},
        {"kind": "activated", "cost": {"thirst": 1, "discard": 1}, "effects": [{"op": "draw", "to": "controller"}]},
        {"kind": "activated", "cost": {"tap": True}, "choose": 2,
         "options": [{"targets": [{"what": "creature"}], "effects": [{"op": "wound", "to": "target"}]}]},
        {"kind": "activated", "cost": {"tap": True}, "choose": "one_or_more",
         "options": [{"targets": [], "effects": [{"op": "draw", "to": "controller"}]},
                     {"targets": [{"what": "creature"}], "effects": [{"op": "wound", "to": "target"}]}]},
        {"kind": "static", "static": {"op": "cost_modifier", "modifier": "decrease", "value": 1, "of": "cards"}},
        {"kind": "static", "static": {"op": "cancel_play", "player": "opponent", "card_types": ["spell"],
                                      "cost": "close_self"}},
    ],
)
def test_loader_refuses_malformed_new_keys(ability: dict[str, object]) -> None:
    """The amount X needs the cost «(Х)»; Жажда and a discard do not share a cost; a constructor
    lists two or more options, each with exactly one target; "of" is "abilities"; a
    cancellation is paid by destroying its card."""
    with pytest.raises(CardDataError):
        _pool_with(ability)


@settings(max_examples=30, deadline=None)
@given(coins=st.integers(0, 12), modifier=st.booleans())
def test_every_listed_x_is_payable_and_at_least_one(coins: int, modifier: bool) -> None:
    """Every listed X activation of Тест-накачиватель has X >= 1 and a final cost the open coins
    cover (R15:512.4, 308.1 step 4), and the largest payable X is listed: with Тест-инженер
    in play (1 less) X runs from 2 (X = 1 would cost 0, a free declaration, R15:512.4.1;
    INTERPRETING.md entry 125) to coins + 1, without it from 1 to coins."""
    play = {11: "test_nakachivatel"} | ({12: "test_inzhener"} if modifier else {})
    s = _board(play, {}, coins=coins)
    xs = sorted(a.x for a in legal_actions(s) if a.kind == "activate" and a.card == 11)
    top = coins + 1 if modifier else coins
    assert xs == list(range(2 if modifier else 1, top + 1))
    assert all(ability_final_cost(s, 11, card_def(s, 11).abilities[0], x) >= 1 for x in xs)  # type: ignore[arg-type]
    a = card_def(s, 11).abilities[0]
    assert isinstance(a, ActivatedAbility)
    assert all(ability_final_cost(s, 11, a, x) <= coins for x in xs)


def test_random_games_reach_the_new_decisions_and_stay_valid() -> None:
    """Random R15 games (the fuzz pool has the new cards) reach cancel_choice and activations
    with X or a chain, and every state they visit is valid."""
    seen = {"cancel": 0, "x": 0, "chain": 0}
    for seed in range(40):
        g = play_random_game(seed, "R15", max_actions=2000)
        for s in g.states:
            validate(s)
            seen["cancel"] += s.step == "cancel_choice"
        for a in g.actions:
            seen["x"] += a.kind == "activate" and a.x > 0
            seen["chain"] += a.kind == "activate" and len(a.values) > 0 and a.card != 0
    assert all(v > 0 for v in seen.values()), seen
