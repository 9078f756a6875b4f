"""Реактор "Ярость Клана" (INTERPRETING.md, entry 155): «Бешенство» binds its player's choice
phase only while the creature can make a strike attack."""

from __future__ import annotations

from oracle import Action, legal_actions

from .helpers import Board, card, violation_rules


def test_frenzy_binds_only_a_creature_that_can_attack() -> None:
    """A Реактор with first-turn weakness (R15:108.5) or closed (R15:108.2) cannot attack, so it
    obliges nothing: ending the turn is legal. Open and able, it leaves only its own attacks."""
    for attrs in ({"entered_turn": 3}, {"closed": True}):
        b = Board(edition="R15", play=([card("reaktor_yarost_klana", "r", **attrs)], ["ork"]))
        assert violation_rules(b.state(), Action("end_turn")) == []
    b = Board(edition="R15", play=([card("reaktor_yarost_klana", "r"), "ork"], ["ork"]))
    s = b.state()
    assert violation_rules(s, Action("end_turn")) == ["R15:7.frenzy"]
    assert {(a.kind, a.card) for a in legal_actions(s)} == {("attack", b["r"])}


def test_frenzy_ignored_mutant_leaves_the_choice_free() -> None:
    """Under the ``frenzy_ignored`` mutant the obligation is gone: ending the turn is legal."""
    b = Board(edition="R15", play=([card("reaktor_yarost_klana", "r")], ["ork"]))
    assert violation_rules(b.state("frenzy_ignored"), Action("end_turn")) == []
