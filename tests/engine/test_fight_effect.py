"""«Сразиться с существом» (op ``fight``, INTERPRETING.md entry 200) and «Присоедините к
Мехазавру механизм» (op ``attach_to_self``, entry 201): what the scenarios do not show (a closed
fighter, the attack not spent, a card gone, a combined card attached with its parts and the
modifiers on it, the loader's refusals)."""

from __future__ import annotations

import pytest

from oracle.cards import CardDataError, parse_pool
from oracle.rules.mechanisms.attack import fight_effect
from oracle.rules.mechanisms.modules import attach_in_play
from oracle.validate import validate

from .helpers import Board, card, events


def test_a_closed_fighter_fights_and_nothing_is_closed_or_spent() -> None:
    """A closed creature made to fight strikes as an open one (R15:7.fight), the open creature it
    fights strikes back, neither is closed afterwards and the fighter's strike attack of the turn
    is not spent (``attacked_turn`` unchanged)."""
    b = Board(edition="R15", play=([card("parodvigatel", "p", closed=True)], [card("legat_akkenii", "l")]))
    s = b.state()
    ev: list = []
    assert fight_effect(s, b["p"], b["l"], ev, ())
    assert s.cards[b["p"]].wounds == 3 and s.zone_of(b["l"]) == "graveyard"
    assert s.cards[b["p"]].closed and s.cards[b["p"]].attacked_turn == 0
    assert not events(ev, "closed")
    assert {"R15:7.fight", "R15:507.4", "R15:510.1"} <= set(events(ev, "fight")[0].rules)


def test_no_fight_with_a_card_gone_or_not_a_creature() -> None:
    """Nothing happens when the creature fought has left play, or the recipient is a hero."""
    b = Board(edition="R15", play=([card("parodvigatel", "p")], []), graveyards=((), ("ork",)))
    s = b.state()
    ev: list = []
    assert not fight_effect(s, b["p"], b["ork"], ev, ())
    assert not fight_effect(s, b["p"], b["hero1"], ev, ())
    assert not ev and s.cards[b["p"]].wounds == 0


def test_a_combined_card_is_attached_with_its_parts_and_loses_its_modifiers() -> None:
    """An opponent's combined mechanism attached to Мехазавр brings its part along (one top card:
    no parts of parts), its wounds move onto Мехазавр, its closed state and the strike modifier on
    it end, and the state is valid (PROTOCOL.md 5.4 rule 13)."""
    b = Board(edition="R15", play=([card("mekhazavr", "m")], [card("mekhokrab", "k", closed=True, wounds=2),
                                                              card("dirr_prygun", "d")]))
    b.data["players"][1]["play"].remove(b["d"])
    b.card_data("d")["attached_to"] = b["k"]
    b.modifier("k", 2, "end_of_turn")
    s = b.state()
    ev: list = []
    assert attach_in_play(s, b["k"], b["m"], ev, ())
    assert s.cards[b["k"]].attached_to == b["m"] and s.cards[b["d"]].attached_to == b["m"]
    assert s.players[1].play == [] and s.cards[b["m"]].wounds == 2
    assert not s.cards[b["k"]].closed and not s.modifiers
    assert dict(events(ev, "module_attached")[0].data)["from"] == 1
    validate(s)


def test_an_attached_card_leaves_what_its_armour_used_up() -> None:
    """A mechanism with «Броня» that prevented wounds this turn, attached to Мехазавр, keeps no
    record of it as a part (R15:516.6: a part has no preventions of its own), so that when the
    combined card dies the part reaches the graveyard with none (found by a seeded random game)."""
    b = Board(edition="R15", play=([card("mekhazavr", "m")], [card("mekhokrab", "k")]))
    b.card_data("k").update(armour_turn=3, armour_prevented=1, prevented=1)
    s = b.state()
    assert attach_in_play(s, b["k"], b["m"], [], ())
    c = s.cards[b["k"]]
    assert (c.armour_turn, c.armour_prevented, c.prevented) == (0, 0, 0)
    validate(s)


def test_attach_refuses_itself_and_a_card_out_of_play() -> None:
    """A card is not attached to itself, nor is a card out of play."""
    b = Board(edition="R15", play=([card("mekhazavr", "m")], []), graveyards=((), ("akrida",)))
    s = b.state()
    ev: list = []
    assert not attach_in_play(s, b["m"], b["m"], ev, ())
    assert not attach_in_play(s, b["akrida"], b["m"], ev, ())
    assert not ev


def _pool(ability: dict) -> dict:
    c = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1,
         "abilities": [ability]}
    return {"version": "t", "cards": [c]}


def test_a_target_costing_x_needs_the_cost_x() -> None:
    """The target key ``cost`` is "X" only, and only on an activated ability with the cost «(Х)»."""
    eff = [{"op": "attach_to_self", "to": "target"}]
    tgt = {"what": "creature", "cost": "X"}
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool({"kind": "triggered", "trigger": "hire", "targets": [tgt], "effects": eff}))
    assert err.value.field == "$.cards[0].abilities[0].targets"
    with pytest.raises(CardDataError):
        parse_pool(_pool({"kind": "activated", "cost": {"coins": 2}, "targets": [tgt], "effects": eff}))
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool({"kind": "activated", "cost": {"coins": "X"}, "targets": [{**tgt, "cost": 3}],
                          "effects": eff}))
    assert err.value.field == "$.cards[0].abilities[0].targets[0].cost"
    pool = parse_pool(_pool({"kind": "activated", "cost": {"coins": "X"}, "targets": [tgt], "effects": eff}))
    assert pool.cards["c"].abilities[0].targets[0].cost_x


def test_steam_flyer_offers_its_players_other_mechanisms_only_while_in_play() -> None:
    """Паролет's «любое число ваших механизмов» (entry 202): his creatures in play with the class
    Механизм other than Паролет itself, none hidden and none of the opponent's; nothing once
    Паролет has left play."""
    from oracle.cards import load_pool
    from oracle.rules.ops.hand import choice_counts, options

    b = Board(edition="R15", play=([card("parolet", "p"), card("akrida", "a"), card("mekhokrab", "h", hidden=True),
                                    card("ork", "o")], [card("mekhokrab", "e")]))
    s = b.state()
    ability = load_pool().cards["parolet"].abilities[0]
    effect = ability.effects[0]
    assert options(s, effect, 0, b["p"]) == [b["a"]]
    assert choice_counts(s, ability, 0, 0, b["p"], 0) == (0, 1)
    s.players[0].play.remove(b["p"])
    s.players[0].graveyard.append(b["p"])
    assert options(s, effect, 0, b["p"]) == []


def test_attach_own_mechanisms_is_the_controllers_any_number() -> None:
    """The op takes «любое число ваших механизмов»: to controller, amount any; a self_strike may
    follow it (the card stays in play), as it may follow any hand op now that a pause carries
    the run's memory (issue 41; ``tests/engine/test_run_memory.py``)."""
    eff = {"op": "attach_own_mechanisms", "to": "opponent", "amount": "any"}
    with pytest.raises(CardDataError):
        parse_pool(_pool({"kind": "triggered", "trigger": "hire", "effects": [eff]}))
    with pytest.raises(CardDataError):
        parse_pool(_pool({"kind": "triggered", "trigger": "hire", "effects": [{**eff, "to": "controller", "amount": 2}]}))
    ok = parse_pool(_pool({"kind": "triggered", "trigger": "hire", "targets": [{"what": "creature", "optional": True}],
                           "effects": [{**eff, "to": "controller"},
                                       {"op": "wound", "to": "target", "amount": "self_strike"}]}))
    assert ok.cards["c"].abilities[0].effects[1].amount == "self_strike"
    after_discard = parse_pool(_pool({"kind": "triggered", "trigger": "hire", "targets": [{"what": "creature"}],
                                      "effects": [{"op": "discard", "to": "controller", "amount": 1},
                                                  {"op": "wound", "to": "target", "amount": "self_strike"}]}))
    assert after_discard.cards["c"].abilities[0].effects[1].amount == "self_strike"


def test_antigrav_alone_dies_and_on_top_sends_its_parts_to_hand() -> None:
    """Антиграв alone dies as any card (destroyed, entry 203); as the top card of a combined
    creature (a Модуль attached to it) it goes to the graveyard and the part to its owner's hand,
    the combined creature not destroyed."""
    from oracle.rules.mechanisms.zones import leave_together

    b = Board(edition="R15", play=([card("antigrav", "a")], []))
    s = b.state()
    ev: list = []
    leave_together(s, [b["a"]], ev, ("R15:505.1",))
    assert s.zone_of(b["a"]) == "graveyard" and events(ev, "destroyed") and not events(ev, "death_replaced")

    b = Board(edition="R15", play=([card("antigrav", "a", wounds=1), card("dirr_prygun", "d")], []))
    b.data["players"][0]["play"].remove(b["d"])
    b.card_data("d")["attached_to"] = b["a"]
    s = b.state()
    ev = []
    leave_together(s, [b["a"]], ev, ("R15:505.1",))
    assert s.zone_of(b["a"]) == "graveyard" and s.zone_of(b["d"]) == "hand"
    assert s.cards[b["d"]].attached_to == 0 and s.cards[b["a"]].wounds == 0
    assert not events(ev, "destroyed") and events(ev, "death_replaced")
    validate(s)
