"""The wound pipeline (oracle/rules/mechanisms/wounds.py, R15:508.4): what a scenario cannot check — the
loader's refusals of its static abilities, the validator's rule on what its preventions used,
and properties of the prevention arithmetic (R15:516.1-516.4, the glossary «Броня Х»)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.cards import CardDataError, parse_pool
from oracle.model import Event
from oracle.rules.mechanisms.wounds import deal_wounds
from oracle.validate import StateError, validate

from .helpers import Board, card


def _pool(static: dict, card_type: str = "creature") -> dict:
    c: dict = {"id": "c", "name": "Карта", "name_en": "Card", "type": card_type, "cost": 1}
    if card_type == "creature":
        c.update(strike=1, life=1)
    if card_type == "support":
        c["class"] = "Местность"
    c["abilities"] = [{"kind": "static", "static": static}]
    return {"version": "t", "cards": [c]}


@pytest.mark.parametrize(
    ("static", "card_type", "field"),
    [
        ({"op": "armour", "value": 1}, "support", "$.cards[0].abilities[0].static.op"),
        ({"op": "armour", "value": 0}, "creature", "$.cards[0].abilities[0].static.value"),
        ({"op": "armour", "value": 1, "to": "self"}, "creature", "$.cards[0].abilities[0].static.to"),
        ({"op": "protection_from", "from": "spells", "class": "Орк"}, "creature", "$.cards[0].abilities[0].static.class"),
        ({"op": "protection_from", "from": "dragons"}, "creature", "$.cards[0].abilities[0].static.from"),
        ({"op": "prevent_next", "value": 2, "to": "self"}, "support", "$.cards[0].abilities[0].static.to"),
        ({"op": "wound_replacement", "instead": "upgrade", "value": 1}, "creature", "$.cards[0].abilities[0].static.value"),
        ({"op": "wound_replacement", "instead": "more"}, "creature", "$.cards[0].abilities[0].static.value"),
    ],
)
def test_wound_statics_refused_naming_the_field(static: dict, card_type: str, field: str) -> None:
    """A static ability of the wound pipeline that its card cannot have, or with a key it does
    not take, is refused naming the field: Броня and protection belong to characters, a value
    goes with «more» only, protection from spells names no class."""
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(static, card_type))
    assert err.value.field == field


def test_a_shot_belongs_to_an_activated_or_triggered_ability() -> None:
    """A spell ability with a shot is refused (R15:507.5); the same shot on an activated ability loads."""
    shot = {"op": "wound", "to": "target", "amount": 1, "shot": True}
    target = [{"what": "creature", "side": "enemy"}]
    spell = {"version": "t", "cards": [{"id": "s", "name": "Заклинание", "name_en": "Spell", "type": "spell", "cost": 1,
                                        "abilities": [{"kind": "spell", "targets": target, "effects": [shot]}]}]}
    with pytest.raises(CardDataError) as err:
        parse_pool(spell)
    assert err.value.field == "$.cards[0].abilities[0].effects"
    creature = _pool({"op": "armour", "value": 1})
    creature["cards"][0]["abilities"] = [{"kind": "activated", "cost": {"tap": True}, "targets": target,
                                          "effects": [shot]}]
    assert parse_pool(creature).cards["c"].abilities[0].effects[0].params.shot  # type: ignore[union-attr]


def test_preventions_used_are_kept_only_in_play_and_for_a_played_turn() -> None:
    """Validator: what a card's preventions used (armour_turn, armour_prevented, prevented) is
    refused on a card out of play, and a Броня count of a turn not yet played is refused."""
    b = Board(play=([card("test_latnik")], ()), graveyards=((), ["test_shchitonosets"]))
    b.card_data("test_latnik").update(armour_turn=3, armour_prevented=1)
    validate(b.state())
    b.card_data("test_shchitonosets")["prevented"] = 1
    with pytest.raises(StateError) as err:
        validate(b.state())
    assert err.value.field.startswith("cards[")
    b.card_data("test_shchitonosets")["prevented"] = 0
    b.card_data("test_latnik")["armour_turn"] = 4
    with pytest.raises(StateError) as err:
        validate(b.state())
    assert err.value.field.endswith("armour_turn")


def _wounds_put(ev: list[Event]) -> int:
    """The wounds put on cards, as the ``wounded`` events tell (R15:508.4.3)."""
    return sum(int(e.get("amount", 0) or 0) for e in ev if e.kind == "wounded")


@given(amount=st.integers(0, 12), used=st.integers(0, 2), strike=st.booleans(), shot=st.booleans())
def test_armour_prevents_at_most_its_rest_of_strikes_and_shots(amount: int, used: int, strike: bool, shot: bool) -> None:
    """Тест-тяжёлый латник «Броня 2. Броня 1.» with ``used`` wounds already prevented this turn:
    wounds of a strike or a shot lose min(amount, 2 - used), the highest Броня alone counting;
    others lose nothing; what is put on plus what is prevented is the amount (R15:516.1)."""
    b = Board(edition="R15", play=((), [card("test_tyazhelyy_latnik", "t", closed=True)]))
    if used:
        b.card_data("t").update(armour_turn=3, armour_prevented=used)
    s = b.state()
    ev: list[Event] = []
    deal_wounds(s, b["t"], amount, ev, ("test",), by_strike=strike, shot=shot)
    put = _wounds_put(ev)
    prevented = sum(int(e.get("prevented", 0) or 0) for e in ev if e.kind == "prevention_used")
    expect = min(amount, 2 - used) if (strike or shot) else 0
    assert prevented == expect
    assert put + prevented == amount
    assert s.cards[b["t"]].wounds == put
    assert s.cards[b["t"]].armour_prevented == used + prevented


@given(hits=st.lists(st.integers(0, 5), max_size=6))
def test_counted_prevention_prevents_exactly_its_number_over_several_hits(hits: list[int]) -> None:
    """Тест-щитоносец «Предотвратите следующие 3 раны»: over any series of wounds it prevents
    min(total, 3) in all, each hit the rest kept from the last (R15:516.4), and its card's
    ``prevented`` is that number."""
    b = Board(edition="R15", play=((), [card("test_shchitonosets", "t", closed=True)]))
    s = b.state()
    ev: list[Event] = []
    for n in hits:
        deal_wounds(s, b["t"], n, ev, ("test",))
    put = _wounds_put(ev)
    total = sum(hits)
    assert s.cards[b["t"]].prevented == min(total, 3)
    assert put == total - min(total, 3)


def test_spell_protection_keeps_the_card_out_of_its_controllers_spell_targets_only() -> None:
    """«Защита от заклинаний» (R15:515.2): the card is no target candidate of a spell whose
    controller chooses (Раскат грома, either side's card), but stays one of a creature's
    ability (Караульный's shot) and of a spell whose target the opponent chooses (Гнев предков)."""
    from oracle.cards import load_pool
    from oracle.rules.queries.targeting import target_candidates

    b = Board(edition="R15", play=(["karaulnyy", card("test_zagovorennyy", "own")], [card("test_zagovorennyy", "z")]),
              hands=(["raskat_groma", "gnev_predkov"], ()))
    s = b.state()
    pool = load_pool()
    spell = pool["raskat_groma"].abilities[0].targets[0]
    assert b["z"] not in target_candidates(s, spell, 0, b["raskat_groma"])
    assert b["own"] not in target_candidates(s, spell, 0, b["raskat_groma"])
    shot = pool["karaulnyy"].abilities[0].targets[0]
    assert b["z"] in target_candidates(s, shot, 0, b["karaulnyy"])
    wrath = pool["gnev_predkov"].abilities[0].targets[0]
    assert b["z"] in target_candidates(s, wrath, 0, b["gnev_predkov"])


def test_card_wire_writes_the_two_byte_keys_of_the_prevention_fields() -> None:
    """The direct wire writer of a card (generated, oracle/service/_state_proto.py) writes the
    fields 20-22 (armour_turn, armour_prevented, prevented) with two-byte keys, byte for byte
    what protobuf writes."""
    from oracle._proto.berserk.oracle.v1 import state_pb2
    from oracle.model import Card
    from oracle.service._state_proto import card_wire

    c = Card(5, "test_latnik", 1, wounds=2, armour_turn=7, armour_prevented=1, prevented=300)
    m = state_pb2.CardState(uid=5, card_id="test_latnik", owner=1, wounds=2, armour_turn=7, armour_prevented=1,
                            prevented=300)
    assert card_wire(c) == m.SerializeToString()
