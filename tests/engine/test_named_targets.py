"""A target of a part after «;» named as that part is carried out (R15:116.1, 119.2;
INTERPRETING.md, entry 250): Гару «(1): Покажите верхнюю карту вашей колоды; если это существо,
Гару получает Броню 2 до конца хода; иначе можете ранить существо на 2.» — the card format's
``names_target``, the pause at step ``target_naming`` and its mutant."""

from __future__ import annotations

from typing import Any

import pytest

from oracle import Action, legal_actions
from oracle.cards import CardDataError, parse_pool
from oracle.model import QueueEntry
from oracle.rules.ops.named_targets import naming_choices, pause_to_name

from .helpers import Board, card, events, kinds, run, violation_rules


def _garu(top: str, **extra: Any) -> Board:
    return Board(edition="R15", play=([card("garu", "g")], [card("ork", "o"), *extra.get("enemies", [])]),
                 decks=([card(top, "t"), "ork"], ["ork"]), coins=((1, 0), (0, 0)))


def test_a_shown_spell_waits_for_the_creature_then_wounds_the_one_named() -> None:
    b = _garu("potok_energii")
    s, ev = run(b.state(), Action("activate", card=b["g"], ability=0))
    assert "deck_revealed" in kinds(ev) and "wounded" not in kinds(ev) and "target_named" not in kinds(ev)
    assert s.step == "target_naming" and s.choosing_cards is not None and s.choosing_cards.player == 0
    assert [a.targets for a in legal_actions(s)] == [(), (b["g"],), (b["o"],)]
    s, ev = run(s, Action("name_target", targets=(b["o"],)))
    (named,) = events(ev, "target_named")
    assert "R15:116.1" in named.rules and named.get("targets") == str(b["o"])
    assert kinds(ev).index("target_named") < kinds(ev).index("wounded")
    assert s.cards[b["o"]].wounds == 2 and s.step == "choice" and s.choosing_cards is None


def test_naming_none_wounds_nothing() -> None:
    b = _garu("potok_energii")
    s, ev = run(b.state(), Action("activate", card=b["g"], ability=0), Action("name_target"))
    assert events(ev, "target_named")[0].get("targets") == "" and "wounded" not in kinds(ev)
    assert s.cards[b["o"]].wounds == 0 and s.step == "choice"


def test_a_shown_creature_asks_nothing() -> None:
    b = _garu("oboroten")
    s, ev = run(b.state(), Action("activate", card=b["g"], ability=0))
    assert "armour_granted" in kinds(ev) and "target_named" not in kinds(ev) and s.step == "choice"


def test_the_activation_names_no_target_and_an_illegal_name_is_refused() -> None:
    b = _garu("potok_energii", enemies=[card("ork", "h", hidden=True)])
    s = b.state()
    assert "R15:501.1" in violation_rules(s, Action("activate", card=b["g"], ability=0, targets=(b["o"],)))
    s, _ = run(s, Action("activate", card=b["g"], ability=0))
    # a hidden creature is no legal target now (R15:501.5), nor is a hero a creature
    assert violation_rules(s, Action("name_target", targets=(b["h"],))) == ["R15:501.5"]
    assert violation_rules(s, Action("name_target", targets=(s.players[1].hero,))) == ["R15:501.5"]
    assert violation_rules(s, Action("name_target", targets=(b["g"], b["o"]))) == ["R15:116.1"]


def test_no_legal_target_names_none_without_a_decision() -> None:
    """With no creature to name there is nothing to decide: no pause (the part is not carried out)."""
    b = Board(edition="R15", play=([card("garu", "g")], []), decks=(["potok_energii"], ["ork"]))
    s = b.state()
    effect = parse_pool(_pool())["c"].abilities[0].effects[1]
    assert effect.names_target is not None
    entry = QueueEntry("activated", 0, b["g"], 0)
    assert naming_choices(s, entry, effect.names_target) == [(), (b["g"],)]
    s.cards[b["g"]].hidden = True  # (no legal creature now, R15:501.5)
    assert naming_choices(s, entry, effect.names_target) == [()]
    assert not pause_to_name(s, entry, 1, effect) and s.step != "target_naming" and s.choosing_cards is None


def test_the_mutant_names_before_the_card_is_shown() -> None:
    """Reading (a) of entry 250: the creature is named before the first part, so before the
    card is shown, and even when a creature is shown."""
    b = _garu("oboroten")
    s, ev = run(b.state("target_named_before_the_parts"), Action("activate", card=b["g"], ability=0))
    assert s.step == "target_naming" and "deck_revealed" not in kinds(ev)
    s, ev = run(s, Action("name_target", targets=(b["o"],)))
    assert kinds(ev).index("target_named") < kinds(ev).index("deck_revealed") and "armour_granted" in kinds(ev)
    assert s.cards[b["o"]].wounds == 0


def _pool(**effect: Any) -> dict[str, Any]:
    """A pool of one creature whose activated ability shows the top card, then «можете ранить
    существо на 2» naming its creature as it is carried out (``effect`` overrides that effect's keys;
    ``targets`` at the top level gives the ability targets of its own)."""
    targets = effect.pop("targets", None)
    first = effect.pop("first", False)
    wound = {"op": "wound", "to": "target", "amount": 2,
             "names_target": {"what": "creature", "side": "any", "optional": True}, **effect}
    effects = [wound] if first else [{"op": "reveal_deck_top", "to": "controller", "amount": 1}, wound]
    ability: dict[str, Any] = {"kind": "activated", "cost": {"coins": 1}, "effects": effects}
    if targets is not None:
        ability["targets"] = targets
    return {"version": "t", "cards": [{"id": "c", "name": "Карта", "name_en": "Card", "type": "creature",
                                        "cost": 1, "strike": 1, "life": 1, "abilities": [ability]}]}


def test_the_loader_reads_names_target() -> None:
    a = parse_pool(_pool())["c"].abilities[0]
    assert not a.targets and a.effects[0].names_target is None
    spec = a.effects[1].names_target
    assert spec is not None and spec.what == "creature" and spec.min_count == 0 and spec.max_count == 1


@pytest.mark.parametrize(("change", "field"), [
    ({"first": True}, ".names_target"),  # the first part's target is declared (R15:119.3)
    ({"targets": [{"what": "creature"}]}, ".names_target"),  # one target spec per ability
    ({"to": "opponent_hero"}, ".to"),  # it goes to the target it names
    ({"names_target": {"what": "creature"}}, ".names_target"),  # optional only
    ({"names_target": {"what": "creature", "optional": True, "count": 2}}, ".names_target"),
])
def test_the_loader_refuses_a_misplaced_names_target(change: dict[str, Any], field: str) -> None:
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(**change))
    assert err.value.field.endswith(field), err.value.field
