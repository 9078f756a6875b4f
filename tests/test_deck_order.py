"""Эфирный шторм (INTERPRETING.md, entry 193): the step ``deck_order`` where each owner names the
creature he puts on top of his deck now, the controller first; an owner's last creature goes
without a decision; the waiting state survives the canonical form and the proto codec.  The
behaviour in play is pinned by ``s204.4-ether-storm-each-owner-orders-his-creatures-on-top-of-his-deck``."""

from __future__ import annotations

from oracle.actions import encode
from oracle.engine import apply, check, decision, legal_actions
from oracle.model import Action, Card, Player, State
from oracle.serialize import from_dict, to_dict
from oracle.service import state_codec
from oracle.validate import validate


def _storm(mine: tuple[int, ...], theirs: tuple[int, ...]) -> State:
    """Player 1 (7 coins) plays Эфирный шторм (11) with orcs ``mine`` of his and ``theirs`` of player 2 in play."""
    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1),
             11: Card(11, "efirnyy_shtorm", 0)}
    cards |= {u: Card(u, "ork", 0) for u in mine} | {u: Card(u, "ork", 1) for u in theirs}
    players = [Player(1, [], hand=[11], play=list(mine), coins_open=7), Player(2, [], play=list(theirs))]
    s = State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)
    return apply(s, Action("play", card=11)).state


def test_the_controller_orders_first_and_a_last_creature_goes_alone() -> None:
    """With one orc of his own, player 1 makes no decision: his orc goes at once and player 2, with
    two, names the first; the other goes on top of it."""
    s = _storm((12,), (21, 22))
    assert (s.step, decision(s).actor) == ("deck_order", 1) and s.players[0].deck == [12]
    assert [encode(a) for a in legal_actions(s)] == ["order_cards card=21", "order_cards card=22"]
    validate(s)
    assert from_dict(to_dict(s)) == s
    assert state_codec.state_from_proto(state_codec.state_to_proto(s)) == s
    assert [v.rule for v in check(s, Action("order_cards", card=12))] == ["R15:204.4"]
    s = apply(s, Action("order_cards", card=22)).state
    assert s.step == "choice" and s.players[1].deck == [21, 22]


def test_no_decision_without_two_creatures_of_one_owner() -> None:
    """One orc each: both go at once, no deck_order."""
    s = _storm((12,), (21,))
    assert s.step == "choice" and (s.players[0].deck, s.players[1].deck) == ([12], [21])
