"""Granted triggered abilities (INTERPRETING.md, entries 180, 181, 183): «получает "…"» as a
modifier with ``grants`` "ability" and ``granter``, fired by the creature that has it; what the
scenarios do not show (the end of the grant, a hero attacked, the loader's and the validator's
refusals)."""

from __future__ import annotations

import pytest

from oracle import Action
from oracle.cards import CardDataError, parse_pool
from oracle.serialize import from_dict
from oracle.validate import StateError

from .helpers import Board, card, events, run


def _pool(**overrides: object) -> dict:
    c = {"id": "c", "name": "Карта", "name_en": "Card", "type": "spell", "cost": 1,
         "abilities": [{"kind": "spell", "effects": [{"op": "grant_ability_until_end_of_turn", "to": "each_own_creature"}]}]}
    c.update(overrides)
    return {"version": "t", "cards": [c]}


def test_the_loader_reads_granted_abilities_after_the_cards_own() -> None:
    """A card's granted abilities are numbered after its own (and its delayed) ones; a granted one
    fires on a condition about the card that has it, is «1 раз за ход» like a printed one (R15:113.5;
    its marker is a modifier on the card, INTERPRETING.md, entry 180) and takes no other limit, and
    an effect names an existing one."""
    granted = [{"kind": "triggered", "trigger": "attacks", "effects": [{"op": "stun", "to": "attacked"}]}]
    d = parse_pool(_pool(granted=granted)).cards["c"]
    assert d.first_granted == 1 and d.ability_at(1) is d.granted[0] and d.granted[0].per_turn == 1
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(granted=[{**granted[0], "trigger": "creature_dies", "effects": [{"op": "stun", "to": "self"}]}]))
    assert err.value.field == "$.cards[0].granted[0].trigger"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(granted=[{**granted[0], "limit": {"per_turn": 1}}]))
    assert err.value.field == "$.cards[0].granted[0]"
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool())
    assert err.value.field == "$.cards[0].abilities[0].effects[0].granted"
    with pytest.raises(CardDataError) as err:  # «атакованное существо» belongs to «при атаке»
        parse_pool(_pool(granted=[{**granted[0], "trigger": "hire"}]))
    assert err.value.field == "$.cards[0].granted[0].effects"


def test_a_grant_until_the_end_of_turn_ends_at_310_2() -> None:
    """Застать врасплох's grant is a modifier until the end of turn: at 310.2 it ends like any
    other, and the creature no longer has the ability."""
    b = Board(edition="R15", play=([card("ork", "o")], ()), hands=([card("zastat_vrasplokh", "z")], ()),
              coins=((2, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["z"]))
    assert [(m.target, m.grants, m.granter, m.amount) for m in s.modifiers] == [(b["o"], "ability", b["z"], 1)]
    s, ev = run(s, Action("end_turn"))
    assert not any(m.grants == "ability" for m in s.modifiers)
    assert any(e.data[0] == ("card", b["o"]) for e in events(ev, "effect_ended"))


def test_a_hero_attacked_and_not_defended_stuns_nothing() -> None:
    """«Оглушите атакованное существо» with the enemy hero attacked: the granted trigger fires and
    resolves, and nothing is stunned — a hero is no creature, the attacker is not the attacked
    (INTERPRETING.md, entry 183)."""
    b = Board(edition="R15", play=([card("ork", "o")], ()), hands=([card("zastat_vrasplokh", "z")], ()),
              coins=((2, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["z"]), Action("attack", card=b["o"], targets=(b["hero1"],)))
    assert [dict(e.data).get("granter") for e in events(ev, "triggered")] == [b["z"]]
    assert s.cards[b["hero1"]].wounds == 5
    assert not s.cards[b["o"]].stunned and not s.cards[b["hero1"]].stunned


def test_the_validator_names_a_bad_grant() -> None:
    """A modifier granting an ability names its granter and one of the granter's granted
    abilities; a pending trigger with a granter names one of them too."""
    b = Board(edition="R15", play=([card("ork", "o")], ()), graveyards=([card("zastat_vrasplokh", "z")], ()))
    b.data["modifiers"].append({"target": b["o"], "amount": 0, "until": "end_of_turn", "grants": "ability",
                                "granter": b["z"]})
    with pytest.raises(StateError) as err:
        from_dict(b.data)
    assert err.value.field == "modifiers[0].amount"
    b.data["modifiers"][0] = {"target": b["o"], "amount": 1, "until": "end_of_turn", "grants": "ability"}
    with pytest.raises(StateError) as err:
        from_dict(b.data)
    assert err.value.field == "modifiers[0].granter"
    b.data["modifiers"].clear()
    b.data["step"] = "fight_queue"
    b.attack("o", "hero1")
    b.data["pending"].append({"id": 1, "controller": 0, "source": b["o"], "ability": 0, "subject": b["o"],
                              "granter": b["z"]})
    b.data["next_trigger_id"] = 2
    with pytest.raises(StateError) as err:
        from_dict(b.data)
    assert err.value.field == "pending[0].ability"
    b.data["pending"][0]["ability"] = 1
    assert from_dict(b.data).pending[0].granter == b["z"]


def test_frenzy_keeps_a_return_strike_off_and_returns_only_from_the_graveyard() -> None:
    """Неистовство (entry 185): its creature attacks a creature and takes none of its return
    strike («Не получает ран», a replacement: wounds_prevented); the card returns to its owner's
    hand only from his graveyard — moved away first, the granted trigger moves nothing."""
    b = Board(edition="R15", play=([card("ork", "o")], [card("khranitel_istochnika", "k")]),
              hands=([card("neistovstvo", "n")], ()), coins=((2, 0), (0, 0)))
    s, ev = run(b.state(), Action("play", card=b["n"], targets=(b["o"],)),
                Action("attack", card=b["o"], targets=(b["k"],)))
    assert s.cards[b["o"]].wounds == 0 and s.cards[b["k"]].wounds == 5
    assert [dict(e.data)["card"] for e in events(ev, "wounds_prevented")] == [b["o"]]
    b = Board(edition="R15", play=([card("ork", "o")], ()), hands=([card("neistovstvo", "n")], ()),
              coins=((2, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["n"], targets=(b["o"],)))
    s.players[0].graveyard.remove(b["n"])
    s.players[0].deck.insert(0, b["n"])
    s, ev = run(s, Action("attack", card=b["o"], targets=(b["hero1"],)))
    assert s.cards[b["hero1"]].wounds == 5 and not events(ev, "returned_from_graveyard")
    assert b["n"] in s.players[0].deck and b["n"] not in s.players[0].hand


def test_a_combined_creature_fires_a_granted_death_once() -> None:
    """Биореактор and a combined creature (Дирр-прыгун attached to Мехокраб, R15:7.attach): the
    combined card is one creature and had the granted «Гибель» once; when it dies, its top card
    fires it and the part, leaving as a card of its own (R15:505.4), fires only its own
    (INTERPRETING.md, entry 182)."""
    from oracle.rules.mechanisms.zones import leave_together

    b = Board(edition="R15", play=([card("bioreaktor", "r"), card("mekhokrab", "m")], ()),
              hands=([card("dirr_prygun", "d")], ()), coins=((1, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["d"]))
    s, _ = run(s, Action("attach_module", card=b["d"], targets=(b["m"],)))
    assert s.cards[b["d"]].attached_to == b["m"]
    ev: list = []
    leave_together(s, [b["m"]], ev, ("R15:505.2",))
    granted = [(t.source, t.granter) for t in s.pending if t.granter]
    assert granted == [(b["m"], b["r"])]
