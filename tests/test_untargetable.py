"""Наводчик банды (INTERPRETING.md, entry 192): the target count ``X`` of an activated ability with
the cost «(Х)» (exactly X targets) and the status «не могут быть выбраны целью заклинаний и
способностей до конца хода» (a modifier granting ``untargetable``, R15:502.9): what the legal
actions offer, what a declaration is refused for, and the status's end at 310.2.  The behaviour
in play is pinned by ``s502.9-gang-spotter-x-characters-cannot-be-targeted-until-end-of-turn``."""

from __future__ import annotations

from oracle.actions import encode
from oracle.engine import apply, check, legal_actions
from oracle.model import Action, Card, Player, State


def _board() -> State:
    """Turn 3, player 1 active with 4 open coins and Наводчик банды (11) in play; player 2 has
    two orcs (21, 22) in play."""
    cards = {1: Card(1, "test_geroy_pervogo_khoda", 0), 2: Card(2, "test_geroy_snayper", 1),
             11: Card(11, "navodchik_bandy", 0, entered_turn=2), 15: Card(15, "ork", 0),
             21: Card(21, "ork", 1), 22: Card(22, "ork", 1)}
    players = [Player(1, [15], play=[11], coins_open=4), Player(2, [], play=[21, 22])]
    return State("R15", cards, players, step="choice", turn=3, active=0, first_player=0)


def test_x_characters_are_exactly_x_targets() -> None:
    """The legal activations of «(Х)(Т): Х персонажей» name exactly X characters, X from 1 to 4
    (the coins): 5 characters, so 5 + 10 + 10 + 5 of them; another count is refused (501.1)."""
    s = _board()
    acts = [a for a in legal_actions(s) if a.kind == "activate" and a.ability == 1]
    assert all(len(a.targets) == a.x for a in acts) and len(acts) == 5 + 10 + 10 + 5
    assert [v.rule for v in check(s, Action("activate", card=11, ability=1, targets=(21,), x=2))] == ["R15:501.1", "R15:308.1.7"]


def test_untargetable_characters_cannot_be_chosen_until_the_end_of_turn() -> None:
    """With both orcs and the enemy hero untargetable, the opponent would have no legal target for
    the shot «по его выбору»: the ability cannot be declared (R15:502.9); the status ends at 310.2."""
    s = apply(_board(), Action("activate", card=11, ability=1, targets=(2, 21, 22), x=3)).state
    assert [m.grants for m in s.modifiers] == ["untargetable"] * 3
    s.players[0].coins_open = 2
    assert not [a for a in legal_actions(s) if a.kind == "activate" and a.card == 11]
    assert [v.rule for v in check(s, Action("activate", card=11, ability=0))] == ["R15:502.9", "R15:308.1.7"]
    s = apply(s, Action("end_turn")).state
    assert not s.modifiers and [encode(a) for a in legal_actions(s)][-1] == "end_turn"
