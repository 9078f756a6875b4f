"""Прототип SU-27 (INTERPRETING.md, entry 87): the vocabulary a scenario cannot check — the
loader's refusals and the validator's rule 6 on a «Гибель» that keeps its card's wounds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracle.cards import CardDataError, parse_pool
from oracle.validate import StateError, validate

from .helpers import Board, card


def _pool(**overrides: object) -> dict:
    c = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1}
    c.update(overrides)
    return {"version": "t", "cards": [c]}


def test_self_wounds_belongs_to_a_death_trigger() -> None:
    """The amount self_wounds (the wounds the card had when it was destroyed) is refused on any
    ability but a «death» trigger, naming the effects."""
    effect = {"op": "wound", "to": "each_enemy_character", "amount": "self_wounds"}
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "hire", "effects": [effect]}]))
    assert err.value.field == "$.cards[0].abilities[0].effects"
    pool = parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "death", "effects": [effect]}]))
    assert pool.cards["c"].abilities[0].effects[0].to == "each_enemy_character"


def test_cannot_attack_and_cannot_defend_are_creature_keywords() -> None:
    """«Не может атаковать» / «Не может выступать защитником» are keywords of creatures only."""
    for kw in ("cannot_attack", "cannot_defend"):
        assert parse_pool(_pool(keywords=[kw])).cards["c"].keywords == frozenset({kw})
        spell = {"version": "t", "cards": [{"id": "s", "name": "Заклинание", "name_en": "Spell", "type": "spell",
                                            "cost": 1, "keywords": [kw], "abilities": []}]}
        with pytest.raises(CardDataError) as err:
            parse_pool(spell)
        assert err.value.field == "$.cards[0].keywords[0]"


def test_a_death_trigger_reading_wounds_may_keep_a_count_and_others_may_not() -> None:
    """Validator rule 6: a pending «Гибель» of Прототип SU-27 keeps the wounds of its card, 0 or
    more (R15:403.1); a pending «Гибель» that does not read them keeps none."""
    b = Board(step="end_queue", play=([card("ork")], ()), graveyards=(["prototip_su_27", "oboroten"], ()))
    b.pending("prototip_su_27", 0)
    b.pending("oboroten", 0)
    s = b.state()
    s.pending[0] = replace(s.pending[0], count=7)
    validate(s)
    s.pending[0] = replace(s.pending[0], count=0)
    validate(s)
    s.pending[1] = replace(s.pending[1], count=7)
    with pytest.raises(StateError) as err:
        validate(s)
    assert err.value.field == "pending[1].count"
