"""The card vocabulary added for issue 14's batch 1 (oracle/cards/): its loader checks and
the rule functions that read it.  The behaviour in play is pinned by conformance scenarios;
these tests check what a scenario cannot: that malformed data is refused naming the field.
"""

from __future__ import annotations

import pytest

from oracle.cards import CardDataError, parse_pool


def _pool(**overrides: object) -> dict:
    card = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1,
            "strike": 1, "life": 1}
    card.update(overrides)
    return {"version": "t", "cards": [card]}


def _hire(effect: dict) -> list[dict]:
    return [{"kind": "triggered", "trigger": "hire", "effects": [effect]}]


def test_effect_condition_is_parsed() -> None:
    """An effect's «если» condition (`if`) and its conditional bonus (`bonus`) are read into
    the Effect record."""
    pool = parse_pool(_pool(abilities=_hire(
        {"op": "wound", "to": "enemy_hero", "amount": 3, "if": "hand_fewer_than_opponent",
         "bonus": {"if": "hand_empty", "amount": 2}})))
    e = pool["c"].abilities[0].effects[0]
    assert (e.cond, e.bonus, e.bonus_if) == ("hand_fewer_than_opponent", 2, "hand_empty")


def test_unknown_condition_is_refused() -> None:
    """A condition outside the closed vocabulary is refused at the effect's `if` field."""
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=_hire({"op": "draw", "to": "controller", "if": "hand_odd"})))
    assert err.value.field == "$.cards[0].abilities[0].effects[0].if"


def test_malformed_bonus_is_refused() -> None:
    """A bonus that is not {'if': condition, 'amount': n >= 1} is refused naming the field."""
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=_hire({"op": "wound", "to": "enemy_hero", "bonus": 2})))
    assert err.value.field == "$.cards[0].abilities[0].effects[0].bonus"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=_hire(
            {"op": "wound", "to": "enemy_hero", "bonus": {"if": "hand_empty", "amount": 0}})))
    assert err.value.field == "$.cards[0].abilities[0].effects[0].bonus.amount"


def test_printed_class_is_read_and_checked_against_r15() -> None:
    """A card's `class` is one of the classes R15:107.3.3 lists for its type; a list gives a
    card several classes (a combined card, R15 glossary); a class of another type is refused."""
    assert parse_pool(_pool(**{"class": "Механизм"}))["c"].classes == ("Механизм",)
    assert parse_pool(_pool(**{"class": ["Механизм", "Орк"]}))["c"].classes == ("Механизм", "Орк")
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(**{"class": "Ритуал"}))  # a spell class on a creature
    assert err.value.field == "$.cards[0].class"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(**{"class": ["Орк", "Механизмы"]}))
    assert err.value.field == "$.cards[0].class[1]"


def test_support_card_needs_exactly_one_class() -> None:
    """A support card has exactly one class (R15:212.3 counts one support per class)."""
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(type="support", **{"class": ["Оружие", "Броня"]}))
    assert err.value.field == "$.cards[0].class"


def test_class_filters_are_checked() -> None:
    """Class filters of a target spec, a cost modifier and a trigger's subject name known
    classes; a subject class belongs to creature_dies / creature_enters only."""
    pool = parse_pool(_pool(abilities=[
        {"kind": "static", "static": {"op": "cost_modifier", "modifier": "decrease", "value": 1, "class": "Механизм"}},
        {"kind": "triggered", "trigger": "creature_dies", "subject_class": "Братство",
         "targets": [{"what": "creature", "class": "Механизм"}], "effects": [{"op": "wound"}]},
    ]))
    static, trig = pool["c"].abilities
    assert static.card_class == "Механизм"
    assert (trig.subject_class, trig.targets[0].card_class) == ("Братство", "Механизм")
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "hire", "subject_class": "Братство",
                                     "effects": [{"op": "draw", "to": "controller"}]}]))
    assert err.value.field == "$.cards[0].abilities[0].subject_class"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "spell", "targets": [{"what": "creature", "class": "Мех"}],
                                     "effects": [{"op": "wound"}]}], type="spell"))
    assert err.value.field == "$.cards[0].abilities[0].targets[0].class"


def test_derived_amounts_are_checked() -> None:
    """A derived amount names one of AMOUNTS; target_cost goes to the targets only, and a
    distribution splits a number or X only."""
    spell = {"type": "spell"}
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "spell", "effects": [{"op": "wound", "to": "each_hero", "amount": "target_cost"}]}], **spell))
    assert err.value.field == "$.cards[0].abilities[0].effects[0].amount"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "spell", "targets": [{"what": "creature", "count": 2}],
                                     "effects": [{"op": "distribute_wounds", "amount": "drawn"}]}], **spell))
    assert err.value.field == "$.cards[0].abilities[0].effects[0].amount"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "spell", "effects": [{"op": "draw", "to": "controller", "amount": "hand"}]}], **spell))
    assert err.value.field == "$.cards[0].abilities[0].effects[0].amount"


def test_target_cost_and_strike_restrictions_are_read() -> None:
    """A target spec's `max_cost` and `min_strike` are integers >= 0, read into the spec;
    anything else is refused naming the field."""
    spell = {"type": "spell"}
    pool = parse_pool(_pool(abilities=[{"kind": "spell", "targets": [{"what": "creature", "max_cost": 1, "min_strike": 6}],
                                        "effects": [{"op": "prepare"}]}], **spell))
    spec = pool["c"].abilities[0].targets[0]
    assert (spec.max_cost, spec.min_strike) == (1, 6)
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "spell", "targets": [{"what": "creature", "max_cost": -1}],
                                     "effects": [{"op": "prepare"}]}], **spell))
    assert err.value.field == "$.cards[0].abilities[0].targets[0].max_cost"


def test_static_strike_bonus_is_read() -> None:
    """A static `strike_bonus` with a condition is read (value, condition); it belongs to
    creatures, and an unknown static op is refused at `static.op`."""
    pool = parse_pool(_pool(abilities=[{"kind": "static", "static": {"op": "strike_bonus", "value": 3, "if": "hand_empty"}}]))
    a = pool["c"].abilities[0]
    assert (a.static_op, a.value, a.cond) == ("strike_bonus", 3, "hand_empty")
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(type="support", **{"class": "Оружие"},
                         abilities=[{"kind": "static", "static": {"op": "strike_bonus", "value": 3}}]))
    assert err.value.field == "$.cards[0].abilities[0].static.op"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "static", "static": {"op": "life_bonus", "value": 3}}]))
    assert err.value.field == "$.cards[0].abilities[0].static.op"
