"""Card abilities as records of their kind (oracle/cards/): the loader builds the record of
each kind, with only that kind's fields."""

from __future__ import annotations

import typing

from oracle import cards
from oracle.cards import (
    ActivatedAbility,
    Armour,
    CancelPlay,
    CostModifier,
    DrawCount,
    DrawLimit,
    DrawReplacement,
    GrantAbility,
    NoWoundsFrom,
    PreventNext,
    Protection,
    SelfCostModifier,
    SpellAbility,
    StrikeBonus,
    TriggeredAbility,
    WoundReplacement,
    load_pool,
    parse_pool,
)

_RECORD = {"spell": (SpellAbility,), "activated": (ActivatedAbility,), "triggered": (TriggeredAbility,),
           "static": (CostModifier, SelfCostModifier, StrikeBonus, NoWoundsFrom, GrantAbility, Armour, Protection,
                      PreventNext, WoundReplacement, CancelPlay, DrawLimit, DrawCount, DrawReplacement)}


def test_every_kind_has_its_records() -> None:
    assert set(_RECORD) == set(cards.ABILITY_KINDS)
    assert set(typing.get_args(cards.Ability)) == {r for rs in _RECORD.values() for r in rs}
    for kind, records in _RECORD.items():
        for record in records:
            assert record.kind == kind
            assert hasattr(record, "__slots__") and not hasattr(record(*_args(record)), "__dict__")


def _args(record: type) -> tuple[object, ...]:
    return {TriggeredAbility: ("hire",), CostModifier: ("decrease", 1), SelfCostModifier: ("set", 0),
            StrikeBonus: (1,), NoWoundsFrom: (6,), Armour: (1,), Protection: ("spells",), PreventNext: (3,),
            WoundReplacement: ("upgrade",), CancelPlay: (("spell",),), DrawLimit: (1,), DrawCount: (1,),
            DrawReplacement: ((),)}.get(record, ())


def test_the_pool_holds_records_of_each_kind() -> None:
    seen = set()
    for d in load_pool().cards.values():
        for a in (*d.abilities, *(a for m in d.modes for a in m), *(d.fury.abilities if d.fury else ())):
            assert isinstance(a, _RECORD[a.kind]), (d.id, a)
            seen.add(type(a))
            if a.kind == "static":
                assert a.targets == () and a.effects == () and a.trigger == ""
    assert seen == {r for rs in _RECORD.values() for r in rs}


def test_the_loader_builds_the_record_of_the_kind() -> None:
    card = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1,
            "abilities": [
                {"kind": "activated", "cost": {"tap": True, "coins": 2}, "effects": [{"op": "draw", "to": "controller"}]},
                {"kind": "triggered", "trigger": "death", "whenever": True, "effects": [{"op": "draw", "to": "controller"}]},
                {"kind": "static", "static": {"op": "cost_modifier", "modifier": "decrease", "value": 1, "player": "own"}},
                {"kind": "static", "static": {"op": "cost_modifier", "self": True, "modifier": "set", "value": 0,
                                              "if": "hand_empty"}},
                {"kind": "static", "static": {"op": "strike_bonus", "value": 2, "against": "stunned"}},
            ]}
    act, trig, mod, own, bonus = parse_pool({"version": "t", "cards": [card]})["c"].abilities
    assert act == ActivatedAbility(effects=act.effects, per_turn=1, tap=True, coins=2)
    assert isinstance(trig, TriggeredAbility) and (trig.trigger, trig.whenever, trig.per_turn) == ("death", True, 0)
    assert mod == CostModifier("decrease", 1, player="own")
    assert own == SelfCostModifier("set", 0, cond="hand_empty")
    assert bonus == StrikeBonus(2, against="stunned")
