"""«Создайте A или B за каждого излеченного персонажа» (Волна исцеления; R15:524.1; INTERPRETING.md,
entries 213 and 214): the loader's refusals of a delayed constructor with ``choose`` "X", and the
count of characters a wound came off."""

from __future__ import annotations

import pytest

from oracle import Action
from oracle.cards import CardDataError, parse_pool

from .helpers import Board, card, events, run

_OPTIONS = [{"effects": [{"op": "create", "to": "controller", "amount": 1, "card": "zashchitnyy_modul"}]},
            {"effects": [{"op": "create", "to": "controller", "amount": 1, "card": "modul_podderzhki"}]}]


def _pool(op: str = "choose_x_times", **delayed: object) -> dict:
    d = {"kind": "triggered", "trigger": "character_healed", "choose": "X", "options": _OPTIONS, **delayed}
    c = {"id": "c", "name": "Карта", "name_en": "Card", "type": "spell", "cost": 1,
         "abilities": [{"kind": "spell", "effects": [{"op": "heal", "to": "each_own_character", "amount": 1},
                                                      {"op": op, "to": "self", "amount": "healed_characters"}]}],
         "delayed": [d]}
    return {"version": "t", "cards": [c]}


def test_the_loader_numbers_the_options_after_the_constructor() -> None:
    """The constructor is the card's first delayed ability (index 1), its options follow (2, 3),
    and its chain length is the X its trigger counts (``repeat_x``)."""
    d = parse_pool(_pool()).cards["c"]
    a = d.ability_at(1)
    assert a is not None and a.options == (2, 3) and a.repeat_x and not a.repeat
    assert all(d.ability_at(i).item for i in (2, 3))  # type: ignore[union-attr]


@pytest.mark.parametrize(("pool", "field"), [
    (_pool(choose=2), "$.cards[0].delayed[0].choose"),
    (_pool(trigger="end_of_turn"), "$.cards[0].delayed[0].choose"),
    (_pool(op="create_delayed"), "$.cards[0].abilities[0].effects[1].amount"),
])
def test_the_loader_refuses_a_constructor_that_is_not_counted(pool: dict, field: str) -> None:
    """Only «за каждого излеченного» is a delayed constructor (choose "X", character_healed), and
    only ``choose_x_times`` reads ``healed_characters``."""
    with pytest.raises(CardDataError) as err:
        parse_pool(pool)
    assert err.value.field == field


def test_a_hero_healed_counts_and_a_creature_without_wounds_does_not() -> None:
    """The hero with a wound counts, the unwounded Орк does not: the trigger counts 1, and its one
    legal declaration is still a decision (a chain of one of two options)."""
    b = Board(edition="R15", heroes=(card("test_geroy_strazh", wounds=2), "test_geroy_pervogo_khoda"),
              play=(["ork"], ()), hands=(["volna_istseleniya"], ()), coins=((3, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["volna_istseleniya"]))
    assert [t.count for t in s.pending] == [1]
    assert [dict(e.data)["amount"] for e in events(ev, "healed")] == [1, 0]
    assert s.cards[b["hero0"]].wounds == 1
