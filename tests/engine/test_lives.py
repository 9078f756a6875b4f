"""Lives (R15:504.2, 504.4–504.6; INTERPRETING.md, entries 97 and 99), the source of a
destruction (R15:505.1.1, entry 98) and the card data they need: what the scenarios cannot
check — the cancellation as a property over any sequence of life effects, the loader's
refusals, and the validator on the new modifier."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.cards import CardDataError, parse_pool
from oracle.model import Event, Modifier
from oracle.rules.mechanisms.lives import add_life_effect, destruction_source, reduce_life_to
from oracle.rules.queries.board import current_life, life_bonus
from oracle.validate import StateError, validate

from .helpers import Board, card


def _ork_state(wounds: int = 0):  # type: ignore[no-untyped-def]
    b = Board(play=([], [card("ork", wounds=wounds)]))
    return b.state(), b["ork"]


@given(st.lists(st.integers(-6, 6).filter(bool), max_size=8))
def test_life_effects_cancel_one_for_one(amounts: list[int]) -> None:
    """Whatever effects of additional (+) and reduced (−) lives are put on a card, in any order,
    its life effects add up to their signed sum and it never holds both kinds at once
    (R15:504.5 read one life for one, entry 97); its wounds are untouched."""
    s, uid = _ork_state(wounds=1)
    for a in amounts:
        add_life_effect(s, uid, a, [], ())
        kinds = {m.grants for m in s.modifiers if m.target == uid}
        assert kinds <= {"life"} or kinds <= {"reduced_life"}
    assert life_bonus(s, uid) == sum(amounts)
    assert s.cards[uid].wounds == 1
    assert all(m.amount >= 1 for m in s.modifiers)


@given(st.integers(0, 4), st.lists(st.integers(-3, 3).filter(bool), max_size=4), st.integers(-2, 12))
def test_reduce_life_to_reaches_x_and_removes_the_wounds(wounds: int, before: list[int], x: int) -> None:
    """«Сведение уровня жизней к Х» (R15:504.6): from any wounds and life effects, the card ends
    with no wounds and a life level of X (0 for an X below 0, R15:512.1), one life_set event and
    no heal."""
    s, uid = _ork_state(wounds=wounds)
    for a in before:
        add_life_effect(s, uid, a, [], ())
    ev: list[Event] = []
    reduce_life_to(s, uid, x, ev, ())
    assert s.cards[uid].wounds == 0
    assert current_life(s, uid) == max(x, 0)
    assert [e.kind for e in ev] == ["life_set"]


def test_destruction_source_per_card_or_for_all() -> None:
    """The source of a destruction is one card for all (an ability) or per card (a fight), 0 for
    a card the mapping does not name (R15:505.1.1)."""
    assert destruction_source(7, 3) == 7
    assert destruction_source({3: 9}, 3) == 9
    assert destruction_source({3: 9}, 4) == 0


def _pool(**overrides: object) -> dict:
    c = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1}
    c.update(overrides)
    return {"version": "t", "cards": [c]}


def test_a_creature_may_have_life_0_a_hero_may_not() -> None:
    """A creature's printed life may be 0 (R15:512.6); a hero's must be at least 1."""
    assert parse_pool(_pool(life=0)).cards["c"].life == 0
    hero = {"version": "t", "cards": [{"id": "h", "name": "Герой", "name_en": "Hero", "type": "hero", "life": 0}]}
    with pytest.raises(CardDataError) as err:
        parse_pool(hero)
    assert err.value.field == "$.cards[0].life"


def test_killed_by_belongs_to_death_triggers() -> None:
    """``killed_by`` («при гибели от …», R15:505.1.1) is refused on a trigger that is not about a
    death and on an unknown value, naming the field."""
    effect = {"op": "draw", "to": "controller", "amount": 1}
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "hire", "killed_by": "creature",
                                     "effects": [effect]}]))
    assert err.value.field == "$.cards[0].abilities[0].killed_by"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "death", "killed_by": "spell",
                                     "effects": [effect]}]))
    assert err.value.field == "$.cards[0].abilities[0].killed_by"
    pool = parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "creature_dies", "killed_by": "enemy_creature",
                                        "effects": [effect]}]))
    assert pool.cards["c"].abilities[0].killed_by == "enemy_creature"  # type: ignore[union-attr]


def test_target_life_needs_one_target() -> None:
    """The amount target_life (a copied life, R15:512.5) needs the ability's one target."""
    effect = {"op": "reduce_life_to", "to": "self", "amount": "target_life"}
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "hire", "effects": [effect]}]))
    assert err.value.field == "$.cards[0].abilities[0].effects[0].amount"


def test_validator_reduced_life_modifier() -> None:
    """A reduced-life modifier lasts while the card is in play and takes at least 1 life; a
    creature brought to 0 by reduced lives alone is refused as already destroyed (R15:505.1)."""
    s, uid = _ork_state()
    s.modifiers = [Modifier(uid, 2, "while_in_play", grants="reduced_life")]
    validate(s)
    s.modifiers = [Modifier(uid, 0, "while_in_play", grants="reduced_life")]
    with pytest.raises(StateError) as err:
        validate(s)
    assert err.value.field == "modifiers[0].amount"
    s.modifiers = [Modifier(uid, 2, "end_of_turn", grants="reduced_life")]
    with pytest.raises(StateError) as err:
        validate(s)
    assert err.value.field == "modifiers[0].until"
    s.modifiers = [Modifier(uid, 5, "while_in_play", grants="reduced_life")]
    with pytest.raises(StateError):
        validate(s)
