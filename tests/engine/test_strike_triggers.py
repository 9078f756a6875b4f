"""Парализатор (INTERPRETING.md, entry 154): «При ударе по существу оглушите это существо» —
the trigger ``strikes_creature`` and the recipient ``struck``: what a scenario does not show
(a closed creature struck without a fight, a strike of 0, the loader's refusal)."""

from __future__ import annotations

import pytest

from oracle import Action
from oracle.cards import CardDataError, parse_pool

from .helpers import Board, card, events, run


def _pool(**overrides: object) -> dict:
    c = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1, "strike": 1, "life": 1}
    c.update(overrides)
    return {"version": "t", "cards": [c]}


def test_struck_belongs_to_a_strikes_creature_trigger() -> None:
    """The recipient struck («это существо» of «При ударе по существу») is refused on any other
    trigger, naming the effects; on strikes_creature it loads."""
    stun = {"op": "stun", "to": "struck"}
    with pytest.raises(CardDataError) as err:
        parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "attacks", "effects": [stun]}]))
    assert err.value.field == "$.cards[0].abilities[0].effects"
    pool = parse_pool(_pool(abilities=[{"kind": "triggered", "trigger": "strikes_creature", "effects": [stun]}]))
    assert pool.cards["c"].abilities[0].effects[0].to == "struck"


def test_a_closed_creature_struck_without_a_fight_is_stunned() -> None:
    """A closed creature is struck without a fight (R15:510.3): the strike still fires «при ударе
    по существу», and the struck creature gets «Оглушение»; the attacker is not wounded."""
    b = Board(edition="R15", play=([card("paralizator", "p")], [card("ork", "o", closed=True)]))
    s, ev = run(b.state(), Action("attack", card=b["p"], targets=(b["o"],)))
    assert [e.data for e in events(ev, "triggered")] == [
        (("trigger", 1), ("source", b["p"]), ("ability", 0), ("condition", "strikes_creature"))]
    assert s.cards[b["o"]].stunned and s.cards[b["o"]].wounds == 2
    assert s.cards[b["p"]].wounds == 0


def test_a_strike_of_zero_still_fires() -> None:
    """«При ударе» fires even when the strike is 0 (R15 glossary «При атаке (При ударе)»): a
    Парализатор at strike 0 (a -2 modifier) stuns the creature it strikes, dealing no wounds."""
    b = Board(edition="R15", play=([card("paralizator", "p")], [card("ork", "o", closed=True)]))
    b.modifier("p", -2, "end_of_turn")
    s, ev = run(b.state(), Action("attack", card=b["p"], targets=(b["o"],)))
    assert not events(ev, "wounded")
    assert s.cards[b["o"]].stunned
