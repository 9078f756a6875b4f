"""The op table (:data:`oracle.cards.OPS`): one entry per op of the closed vocabulary, each
with its parameters' record type, a handler in the engine's dispatch and its PROTOCOL.md text."""

from __future__ import annotations

import typing

import pytest

from oracle import cards
from oracle.cards import EFFECT_OPS, OPS, Op, OpParams, parse_pool
from oracle.rules.resolution import effects


def test_every_op_has_a_record_a_handler_and_a_text() -> None:
    assert tuple(OPS) == EFFECT_OPS == typing.get_args(Op)
    records = typing.get_args(OpParams)
    for op, spec in OPS.items():
        assert spec.params in records, op
        assert spec.text.strip(), op
        has_handler = op in effects._WHOLE or op in effects._EACH or op in effects._DRAWS  # a hand op has none: hand_effect
        # a group whose ops may pause for a decision has one pausing handler (effects._PAUSING):
        # supply «Создайте», payment «противник может заплатить», order «в порядке, выбранном их
        # владельцами»; the hand group pauses through hand_effect
        assert (not has_handler) == (spec.group == "hand" or spec.group in effects._PAUSING), op
    assert set(effects._PAUSING) <= set(typing.get_args(cards.OpGroup))
    assert tuple(op for op in EFFECT_OPS if OPS[op].group == "hand") == cards.HAND_OPS
    assert tuple(op for op in EFFECT_OPS if OPS[op].grants) == cards.GRANT_OPS


def test_dispatch_check_names_an_op_without_a_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    each = dict(effects._EACH)
    del each["heal"]
    monkeypatch.setattr(effects, "_EACH", each)
    with pytest.raises(AssertionError, match="'heal'"):
        effects._check_dispatch()


def test_every_pool_effect_carries_its_ops_record() -> None:
    """The loader gives each effect the parameters' record of its op (its ``params``)."""
    pool = cards.load_pool()
    seen = set()
    for d in pool.cards.values():
        parts = [*d.abilities, *(a for m in d.modes for a in m), *(d.fury.abilities if d.fury else ())]
        for a in parts:
            for e in a.effects:
                assert type(e.params) is OPS[e.op].params, (d.id, e.op)
                seen.add(e.op)
    assert "search" in seen and "wound" in seen


def test_op_parameters_belong_to_their_op() -> None:
    def pool(effect: dict) -> dict:
        return {"version": "t", "cards": [{"id": "c", "name": "Карта", "name_en": "Card", "type": "creature",
                                            "cost": 1, "strike": 1, "life": 1,
                                            "abilities": [{"kind": "triggered", "trigger": "hire",
                                                           "effects": [effect]}]}]}

    e = parse_pool(pool({"op": "keyword_while_in_play", "to": "self", "keyword": "dash"}))["c"].abilities[0].effects[0]
    assert e.params == cards.KeywordParams("dash")
    with pytest.raises(cards.CardDataError) as err:
        parse_pool(pool({"op": "heal", "to": "self", "keyword": "dash"}))
    assert err.value.field.endswith(".keyword")
    with pytest.raises(cards.CardDataError) as err:
        parse_pool(pool({"op": "heal", "to": "self", "find": {"name": "Карта"}}))
    assert err.value.field.endswith(".find")
