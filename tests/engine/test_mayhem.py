"""Бардак «Выберите Х ваших существ и Х существ противника. Подготовьте этих существ, они получают
Рывок, затем обменяйтесь контролем над ними до конца хода.» (INTERPRETING.md entry 230): what the
scenarios do not show (the legal plays listed, two creatures each, a hero or a card gone, the state
valid with a given card, the loader's refusals)."""

from __future__ import annotations

import pytest

from oracle.cards import CardDataError, parse_pool
from oracle.model import Action
from oracle.rules.mechanisms.control import exchange_control
from oracle.validate import validate

from .helpers import Board, card, events, legal, run, violation_rules


def _board(own: int, enemy: int) -> Board:
    return Board(edition="R15", hands=(["bardak"], []), coins=((5, 0), (0, 0)),
                 play=([card("ork", f"o{i}") for i in range(own)], [card("legat_akkenii", f"e{i}") for i in range(enemy)]))


def test_the_plays_listed_are_x_of_each_side_for_every_x_up_to_the_smaller_side() -> None:
    """With two creatures on each side the plays are X = 1 (two times two choices) and X = 2 (one),
    each listing its own creatures first, then the opponent's, each group ascending; X is the size
    of a group."""
    b = _board(2, 2)
    plays = [a for a in legal(b.state()) if a.kind == "play"]
    o, e = sorted((b["o0"], b["o1"])), sorted((b["e0"], b["e1"]))
    assert sorted((a.x, a.targets) for a in plays) == sorted(
        [(1, (x, y)) for x in o for y in e] + [(2, (*o, *e))])


def test_no_play_without_a_creature_on_one_side() -> None:
    """With no enemy creature there is no group of X to name: Бардак cannot be played (R15:502.9)."""
    b = _board(2, 0)
    assert not [a for a in legal(b.state()) if a.kind == "play"]
    assert violation_rules(b.state(), Action("play", card=b["bardak"], x=1, targets=(b["o0"],)))


def test_two_each_are_exchanged_and_go_back_at_the_end_of_turn() -> None:
    """X = 2: both own creatures go to the opponent and both of his come to the player, each with a
    control modifier naming its new controller's seat; the state is valid; at 310.2 all four go back."""
    b = _board(2, 2)
    s, ev = run(b.state(), Action("play", card=b["bardak"], x=2,
                                  targets=(b["o0"], b["o1"], b["e0"], b["e1"])))
    assert sorted(s.players[0].play) == sorted((b["e0"], b["e1"]))
    assert sorted(s.players[1].play) == sorted((b["o0"], b["o1"]))
    assert sorted((m.target, m.amount) for m in s.modifiers if m.grants == "control") == sorted(
        [(b["o0"], 1), (b["o1"], 1), (b["e0"], 0), (b["e1"], 0)])
    assert len(events(ev, "keyword_granted")) == 4
    validate(s)
    s, ev = run(s, Action("end_turn"))
    assert len(events(ev, "control_returned")) == 4
    assert sorted(s.players[0].play) == sorted((b["o0"], b["o1"]))


def test_an_exchange_of_a_hero_or_a_card_gone_does_nothing() -> None:
    """The exchange moves a card in play that is no hero; a hero or a card in a graveyard stays."""
    b = Board(edition="R15", graveyards=(("ork",), ()))
    s = b.state()
    ev: list = []
    exchange_control(s, 0, b["hero1"], ev, ())
    exchange_control(s, 0, b["ork"], ev, ())
    assert not ev and not s.modifiers


def test_the_loader_keeps_groups_to_a_spells_x_targets() -> None:
    """Two target specs are refused unless both count X on a spell, and chosen by its controller."""
    def pool(targets: list) -> None:
        parse_pool({"version": 1, "cards": [{
            "id": "x", "name": "X", "name_en": "X", "type": "spell", "cost": 1, "text": "t",
            "abilities": [{"kind": "spell", "targets": targets, "effects": [{"op": "prepare", "to": "target"}]}]}]})
    pool([{"what": "creature", "side": "own", "count": "X"}, {"what": "creature", "side": "enemy", "count": "X"}])
    with pytest.raises(CardDataError):
        pool([{"what": "creature", "side": "own", "count": "X"}, {"what": "creature", "side": "enemy"}])
    with pytest.raises(CardDataError):
        pool([{"what": "creature", "side": "own", "count": "X"},
              {"what": "creature", "side": "enemy", "count": "X", "chooser": "opponent"}])
