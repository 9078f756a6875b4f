"""What a scenario run found: :class:`Mismatch` (one disagreement between the scenario and
the target, with the conformance level it belongs to), :class:`ScenarioResult` (a run's
mismatches and a verdict per level) and :class:`_Run`, the run in progress that
:func:`~conformance_suite.executor.run_scenario` fills and freezes into its result."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from oracle.contract import LEVELS

__all__ = ["LEVEL_NAMES", "Mismatch", "ScenarioResult"]


#: The conformance levels in order; a core mismatch ends a run, the others do not.
LEVEL_NAMES = tuple(LEVELS)
#: The level of each kind of mismatch.
_LEVEL_OF = {
    "legality": "core",
    "decision": "core",
    "legal actions": "core",
    "fact": "core",
    "trigger reference": "core",
    "setup refusal": "core",
    "refused field": "citations",
    "violation rule": "citations",
    "event rule": "citations",
    "event": "events",
}


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One disagreement between the scenario and the target.

    ``step``: the 0-based step index, -1 for the setup; ``what``: the kind of expectation
    that failed (``legality``, ``decision``, ``legal actions``, ``fact``, ``event``, …, which
    gives its :attr:`level`); ``expected`` and ``actual``: what the scenario expected and the
    relevant part of what the target did, as text or plain JSON data (for legal actions:
    the actions missing from the target and those it offers too many); ``action``: the
    step's action as the scenario writes it."""

    step: int
    what: str
    expected: object
    actual: object
    action: str = ""

    @property
    def level(self) -> str:
        """The conformance level the disagreeing expectation belongs to."""
        return _LEVEL_OF[self.what]

    def describe(self) -> str:
        """A readable account: where, what and at which level, then expected against
        actual (for legal actions: what the target lacks and what it offers too many)."""
        where = "setup" if self.step < 0 else f"step {self.step + 1} ({self.action})"
        head = f"{where}: {self.what} [{self.level}]"
        if self.what == "legal actions":
            return (
                f"{head}\n  legal, but missing from the target: {_show(self.expected)}"
                f"\n  offered by the target, but not legal: {_show(self.actual)}"
            )
        return f"{head}\n  expected: {_show(self.expected)}\n  actual:   {_show(self.actual)}"


def _show(v: object) -> str:
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, sort_keys=True)


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    """Outcome of one scenario under one edition: the mismatches and a verdict per level.

    ``scenario`` and ``edition`` say which run; ``mismatches`` are the disagreements in the
    order found; ``steps_run`` how many steps were run (up to the one a core mismatch
    ended the run at); ``checked`` how many expectations of each level were checked;
    ``ended_early`` whether a core mismatch ended the run.

    A level's verdict is "passed" (its expectations were checked and held), "failed",
    "unchecked" (the run checked no expectation of it) or "blocked" (a core mismatch ended
    the run before all its expectations were reached)."""

    scenario: str
    edition: str
    mismatches: tuple[Mismatch, ...] = ()
    steps_run: int = 0
    checked: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(LEVEL_NAMES, 0))
    ended_early: bool = False

    @property
    def levels(self) -> dict[str, str]:
        """The verdict of every level."""
        failed = {m.level for m in self.mismatches}
        out = {}
        for level in LEVEL_NAMES:
            if level in failed:
                out[level] = "failed"
            elif self.ended_early and level != "core":
                out[level] = "blocked"
            else:
                out[level] = "passed" if self.checked[level] else "unchecked"
        return out

    def passed_at(self, levels: Sequence[str]) -> bool:
        """True when no mismatch belongs to ``levels`` and the core held (a run whose core
        failed proves nothing at the other levels)."""
        return not any(m.level in levels or m.level == "core" for m in self.mismatches)

    @property
    def passed(self) -> bool:
        """True when every level held."""
        return not self.mismatches


@dataclass
class _Run:
    """A run in progress (:func:`run_scenario` fills it, :meth:`result` freezes it)."""

    scenario: str
    edition: str
    mismatches: list[Mismatch] = field(default_factory=list)
    steps_run: int = 0
    checked: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVEL_NAMES, 0))
    ended_early: bool = False

    def result(self) -> ScenarioResult:
        """The run as a frozen record."""
        return ScenarioResult(
            self.scenario, self.edition, tuple(self.mismatches), self.steps_run, dict(self.checked), self.ended_early
        )

