"""«Противник может заплатить (N), иначе …» (R15:119.7; INTERPRETING.md, entry 190): the step
``pay_choice`` where the opponent of a resolving ability's controller pays coins or refuses, the
action ``pay_coins``, the validator's rule 12 for it, the canonical form and the proto codec; and
the ops that put a card from play into its owner's hand or under his deck (R15:203.4, 204.4,
519.6.1; entry 191).  The behaviour in play is pinned by the scenarios ``s119.7-aquanite-chief-*``
and ``s204.4-everything-has-its-price-*``."""

from __future__ import annotations

import random

import pytest

from oracle.actions import decode, encode
from oracle.engine import apply, check, decision, legal_actions
from oracle.model import Action, Card, HandChoice, Player, QueueEntry, State
from oracle.sampler import random_action
from oracle.serialize import StateError, canonical_json, from_dict, to_dict
from oracle.service import state_codec
from oracle.validate import validate


def _board(coins1: int = 5, hand0: tuple[int, ...] = (11, 12), play1: tuple[int, ...] = (21,)) -> State:
    """Turn 3, player 1 active with 9 open coins and Вождь акванитов (11), У всего есть цена (12)
    in hand; player 2 has ``coins1`` open coins and an orc (21) in play."""
    ids = {11: "vozhd_akvanitov", 12: "u_vsego_est_tsena", 15: "ork", 21: "ork", 22: "ork"}
    used = {*hand0, *play1, 15, 21}
    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1)}
    cards |= {u: Card(u, c, 0 if u < 20 else 1) for u, c in ids.items() if u in used}
    players = [Player(1, [15], hand=list(hand0), coins_open=9), Player(2, [], play=list(play1), coins_open=coins1)]
    return State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)


def _price_waits(coins1: int = 5) -> State:
    return apply(_board(coins1), Action("play", card=12, targets=(21,))).state


def test_the_opponent_decides_whether_he_pays() -> None:
    """У всего есть цена on player 2's orc (cost 4): player 2 decides at pay_choice, paying 4 or
    not; the state holds the resolving spell ability and its payment effect."""
    s = _price_waits()
    d = decision(s)
    assert (s.step, d.actor, d.kind) == ("pay_choice", 1, "pay_choice")
    assert [encode(a) for a in legal_actions(s)] == ["pay_coins amounts=4", "pay_coins"]
    assert s.choosing_cards == HandChoice(QueueEntry("spell", 0, 12, 0, targets=(21,)), 0, 1, "play_queue")
    validate(s)


def test_paying_keeps_the_creature_and_closes_coins() -> None:
    """He pays: four of his five open coins close (effect_paid) and the «иначе» does not happen."""
    out = apply(_price_waits(), decode("pay_coins amounts=4"))
    s = out.state
    assert [e.kind for e in out.events][:1] == ["effect_paid"]
    assert (s.players[1].coins_open, s.players[1].coins_closed) == (1, 4)
    assert s.zone_of(21) == "play" and s.step == "choice"


def test_refusing_puts_the_creature_under_its_owners_deck() -> None:
    """He refuses: the orc goes under player 2's deck (moved_from_play to deck_bottom), no death."""
    out = apply(_price_waits(), decode("pay_coins"))
    s = out.state
    kinds = [e.kind for e in out.events]
    assert kinds[:2] == ["effect_payment_refused", "moved_from_play"] and "destroyed" not in kinds
    assert s.players[1].deck == [21] and 21 not in s.players[1].play


def test_a_player_who_cannot_pay_refuses_without_a_decision() -> None:
    """With three open coins he cannot pay the orc's cost 4: no pay_choice, the orc goes under the deck."""
    out = apply(_board(coins1=3), Action("play", card=12, targets=(21,)))
    assert out.state.step == "choice" and out.state.players[1].deck == [21]
    assert "effect_payment_refused" in [e.kind for e in out.events]


def test_refusals_cite_the_rule() -> None:
    """Another amount, several amounts, the wrong actor: R15:119.7."""
    s = _price_waits()
    assert [v.rule for v in check(s, Action("pay_coins", amounts=(2,)))] == ["R15:119.7"]
    assert [v.rule for v in check(s, Action("pay_coins", amounts=(4, 4)))] == ["R15:119.7"]
    assert [v.rule for v in check(s, Action("pay_coins", actor=0))] == ["R15:119.7"]
    assert [v.rule for v in check(s, Action("pay_coins", targets=(21,)))] == ["R15:119.7"]
    assert check(s, Action("pay_coins", actor=1)) == []


def test_round_trips_and_the_validator() -> None:
    """The waiting state survives the canonical form and the proto codec; the validator refuses a
    decision by the controller, one without enough coins, and pay_choice without the field."""
    s = _price_waits()
    assert from_dict(to_dict(s)) == s
    assert state_codec.state_from_proto(state_codec.state_to_proto(s)) == s
    assert canonical_json(from_dict(to_dict(s))) == canonical_json(s)
    d = to_dict(s)
    d["choosing_cards"]["player"] = 0
    with pytest.raises(StateError, match=r"choosing_cards\.player"):
        validate(from_dict(d))
    poor = _price_waits()
    poor.players[1].coins_open = 3
    with pytest.raises(StateError, match=r"choosing_cards\.player"):
        validate(poor)
    gone = _price_waits()
    gone.choosing_cards = None
    with pytest.raises(StateError, match="choosing_cards"):
        validate(gone)


def test_aquanite_chief_bounces_a_creature_taken_from_its_owner() -> None:
    """Вождь акванитов: its optional Найм on an orc of player 2 that player 1 controls; player 2
    refuses to pay 2: the orc goes to its owner's hand (R15:203.4), not to player 1's."""
    s = _board(play1=())
    s.players[0].play.append(21)
    s = apply(s, Action("play", card=11)).state
    trig = s.pending[0].id
    s = apply(s, Action("declare", trigger=trig, targets=(21,))).state
    while s.step != "pay_choice":
        s = apply(s, legal_actions(s)[0]).state
    s = apply(s, decode("pay_coins")).state
    assert s.players[1].hand == [21] and 21 not in s.players[0].play


def test_random_play_through_the_step() -> None:
    """The sampler's random actions at pay_choice are legal."""
    s = _price_waits()
    for seed in range(5):
        a = random_action(s, random.Random(seed))
        assert check(s, a) == []
