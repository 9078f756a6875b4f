"""Турбохвост (INTERPRETING.md, entry 151): «Гибель: Возьмите Х карт, где Х - сила удара этого
существа (до того, как оно погибло)» — the amount ``strike_at_death`` keeps the strike the
creature had just before it left play (R15:403.1), modifiers included; the loader's refusals."""

from __future__ import annotations

import pytest

from oracle.cards import CardDataError, parse_pool
from oracle.rules.mechanisms.zones import leave_play

from .helpers import Board, card


def _pool(**overrides: object) -> dict:
    c = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1}
    c.update(overrides)
    return {"version": "t", "cards": [c]}


def test_strike_at_death_belongs_to_a_death_trigger_and_excludes_self_wounds() -> None:
    """The amount strike_at_death is refused on any ability but a «death» trigger, and beside
    self_wounds in one ability (its trigger keeps one number), naming the effects."""
    draw = {"op": "draw", "to": "controller", "amount": "strike_at_death"}
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "hire", "effects": [draw]}]))
    assert err.value.field == "$.cards[0].abilities[0].effects"
    wound = {"op": "wound", "to": "enemy_hero", "amount": "self_wounds"}
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "death", "effects": [draw, wound]}]))
    assert err.value.field == "$.cards[0].abilities[0].effects"
    pool = parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "death", "effects": [draw]}]))
    assert pool.cards["c"].abilities[0].effects[0].amount == "strike_at_death"


@pytest.mark.parametrize(("mutant", "kept"), [("", 3), ("strike_at_death_printed", 1)])
def test_a_death_trigger_keeps_the_strike_with_its_modifiers(mutant: str, kept: int) -> None:
    """A destroyed Турбохвост (printed strike 1) with +2 strike in force keeps 3 as its «Гибель»'s
    count: the strike before it died (R15:403.1), though leaving play drops the modifier; the
    ``strike_at_death_printed`` mutant keeps the printed 1."""
    b = Board(edition="R15", play=([card("turbokhvost", "t")], ()))
    b.modifier("t", 2, "end_of_turn")
    s = b.state(mutant)
    ev: list = []
    leave_play(s, b["t"], ev, ("R15:505.1",))
    assert [(p.source, p.count) for p in s.pending] == [(b["t"], kept)]
