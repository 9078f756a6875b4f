"""Copy on write (``State.fork`` / ``State.card_mut``, issue 11): ``apply`` shares the card
records of the state it is given with the next state and copies a card only when a rule
changes it.  A rule that changed a card without ``card_mut`` would change the state the
caller still holds (the service's state cache serves one state to many calls), so every
path of every conformance scenario is run here against the state it started from."""

from __future__ import annotations

from typing import Any

import pytest

from conformance_suite.executor import run_scenario
from conformance_suite.scenario import load_all
from conformance_suite.targets import ApplyResult, InProcessTarget
from oracle import IllegalAction
from oracle.serialize import to_dict

SCENARIOS = load_all()


class _Auditing(InProcessTarget):
    """The reference in process, which also records every ``apply`` that changed its input."""

    def __init__(self) -> None:
        super().__init__()
        self.changed: list[str] = []

    def apply(self, state: dict[str, Any], action: str) -> ApplyResult:
        """Apply, and compare the input state before and after (and once more after a second
        apply of the same action, which must give the same next state)."""
        s = self._state(state)
        before = to_dict(s)
        try:
            first = to_dict(self._apply(s, action))
            again = to_dict(self._apply(s, action))
        except IllegalAction:
            first = again = {}
        if to_dict(s) != before or first != again:
            self.changed.append(action)
        return super().apply(state, action)

    def _apply(self, s: Any, action: str) -> Any:
        from oracle import apply

        return apply(s, self._action(action)).state


@pytest.mark.parametrize("edition", ["C", "R15"])
def test_no_scenario_step_changes_the_state_it_is_applied_to(edition: str) -> None:
    """Every action of every scenario (in edition C and R15, where the scenario runs in it)
    leaves the state it was applied to unchanged, and applying it twice to that state gives
    the same next state."""
    target = _Auditing()
    ran = 0
    for sc in SCENARIOS:
        if edition not in sc.message.editions and sc.message.editions:
            continue
        run_scenario(sc, edition, target)
        ran += 1
        assert not target.changed, (sc.id, target.changed)
    assert ran > 100
