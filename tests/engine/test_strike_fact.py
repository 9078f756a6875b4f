"""The conformance suite's fact ``card[UID].strike`` (PROTOCOL.md 5.5) is the engine's current
strike, computed from the canonical state alone (the state has no strike field)."""

from __future__ import annotations

import pytest

from conformance_suite.executor import fact_value
from conformance_suite.targets import TargetDecision
from oracle.cards import load_pool
from oracle.rules.queries.board import current_strike
from oracle.sampler import play_random_game
from oracle.serialize import to_dict

from .helpers import Board, card


def test_strike_fact_adds_the_modifiers_and_is_never_negative() -> None:
    """Printed strike plus every modifier on the card, at least 0; heroes have no strike."""
    b = Board(play=(["ork", card("gonchaya")], ()), hands=(["ork"], []))
    s = b.state()
    from oracle.model import Modifier

    s.modifiers = [Modifier(b["ork"], 4, "end_of_turn"), Modifier(b["ork"], 1, "start_of_turn"), Modifier(b["gonchaya"], -7, "end_of_turn")]
    data = to_dict(s)
    assert fact_value(data, TargetDecision(0, "choice"), f"card[{b['ork']}].strike") == 10
    assert fact_value(data, TargetDecision(0, "choice"), f"card[{b['gonchaya']}].strike") == 0
    assert fact_value(data, TargetDecision(0, "choice"), f"card[{b['ork#2']}].strike") == 5  # in the hand: printed
    with pytest.raises(KeyError, match="no strike"):
        fact_value(data, TargetDecision(0, "choice"), f"card[{b['hero0']}].strike")
    with pytest.raises(KeyError):
        fact_value(data, TargetDecision(0, "choice"), "players[0].strike")


@pytest.mark.parametrize("seed", range(6))
def test_strike_fact_equals_the_engines_current_strike(seed: int) -> None:
    """In every state of random games the fact equals ``current_strike`` for each creature."""
    pool = load_pool().cards
    checked = 0
    for s in play_random_game(seed, edition="ABC"[seed % 3], max_actions=400).states:
        data = to_dict(s)
        for uid, c in s.cards.items():
            if pool[c.card_id].type == "creature":
                assert fact_value(data, TargetDecision(0, s.step), f"card[{uid}].strike") == current_strike(s, uid)
                checked += 1
    assert checked


def test_strike_becomes_x_puts_on_the_fixed_amount_that_makes_it_x() -> None:
    """R15 glossary «Удар становится равным Х», R15:106.3.1 (INTERPRETING.md, entry 134): the
    +/- that makes the strike X now; a sum below 0 shown as 0 needs as many more +1s; under a
    doubling a +1 counts twice and the fewest +1s that reach X or pass it are put on."""
    from oracle.model import Modifier
    from oracle.rules.ops.card_effects import _strike_becomes_amount

    b = Board(play=(["ork", card("gonchaya")], ()), hands=([], []))
    s = b.state()
    ork, hound = b["ork"], b["gonchaya"]  # printed strikes 5 and 3
    assert _strike_becomes_amount(s, ork, 6, "end_of_turn") == 1
    assert _strike_becomes_amount(s, ork, 2, "end_of_turn") == -3
    s.modifiers = [Modifier(hound, -5, "end_of_turn")]  # 3 - 5 = -2, shown as 0
    assert current_strike(s, hound) == 0
    assert _strike_becomes_amount(s, hound, 6, "end_of_turn") == 8
    assert _strike_becomes_amount(s, hound, 0, "end_of_turn") == 0  # it is 0 already
    s.modifiers = [Modifier(ork, 0, "end_of_turn", grants="double_strike")]  # 5 x 2 = 10
    assert current_strike(s, ork) == 10
    assert _strike_becomes_amount(s, ork, 6, "end_of_turn") == -4  # a subtraction after the doubling
    assert _strike_becomes_amount(s, ork, 13, "end_of_turn") == 2  # +1 counts twice: 14, the fewest past 13
    assert s.modifiers == [Modifier(ork, 0, "end_of_turn", grants="double_strike")]  # nothing left behind
