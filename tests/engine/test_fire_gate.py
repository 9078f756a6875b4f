"""``triggers._may_fire`` (speed only): :func:`oracle.rules.mechanisms.triggers.fire` returns at once when
no card of the game has a triggered ability on the condition, none waits delayed and it is no
start of a turn.  The gate must never hide a trigger: for every condition it closes, the full
search (``triggers._fire``) records nothing, whatever card is the subject."""

from __future__ import annotations

import pytest

from oracle.cards import TRIGGERS
from oracle.cards.loader import load_pool
from oracle.rules.mechanisms import triggers
from oracle.rules.mechanisms.run import Run
from oracle.sampler import play_random_game


@pytest.mark.parametrize(("edition", "seed"), [("C", 3), ("C", 11), ("R15", 5), ("R15", 17)])
def test_a_closed_gate_hides_no_trigger(edition: str, seed: int) -> None:
    """In every fifth state of a random game, for each condition the gate closes (no card of the
    game holds an ability on it), the search the gate skips finds no trigger for any card of the
    game as the subject, nor for none (0, for a condition not about the subject's own card); and some conditions are closed and some open, so
    the gate is exercised both ways."""
    cards = load_pool().cards
    closed = opened = 0
    for state in play_random_game(seed, edition=edition).states[::5]:
        if state.delayed:
            continue
        for kind in TRIGGERS:
            if kind == "start_of_turn":
                continue
            if triggers._may_fire(state, kind, cards):
                opened += 1
                continue
            closed += 1
            for subject in (*((0,) if kind not in triggers._SELF else ()), *state.cards):
                probe = state.copy()
                triggers._fire(probe, Run(), kind, subject, (), 0, cards, 0, 0, False, None)
                assert probe.pending == state.pending, (kind, subject)
    assert closed and opened
