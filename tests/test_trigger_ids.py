"""Trigger ids are an implementation's own (PROTOCOL.md 4.3): a correct implementation that
numbers its pending triggers differently from the reference passes every scenario at every
level, and the lock-step fuzzer finds no divergence against it."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from conformance_suite.executor import run_scenario
from conformance_suite.fuzz_shrink import fuzz
from conformance_suite.scenario import load_all
from conformance_suite.targets import (
    ApplyResult,
    GameSetup,
    InProcessTarget,
    LegalActions,
    NewGame,
    StateData,
    target_event,
)
from oracle import Violation

#: The renumbering target adds this to every trigger id it shows.
OFFSET = 1000


def _shift(text: str, by: int) -> str:
    return re.sub(r"\btrigger=(\d+)", lambda m: f"trigger={int(m.group(1)) + by}", text)


class RenumberingTarget(InProcessTarget):
    """The reference behind a translation that numbers every trigger ``OFFSET`` higher:
    in states (``pending[].id``, ``next_trigger_id``), legal actions, events and the actions
    it is sent.  A state that comes from elsewhere (a scenario's setup, with ids below the
    offset) is taken as it is."""

    def _in(self, state: dict[str, Any]) -> dict[str, Any]:
        if state.get("next_trigger_id", 1) <= OFFSET:
            return state
        return {
            **state,
            "next_trigger_id": state["next_trigger_id"] - OFFSET,
            "pending": [{**t, "id": t["id"] - OFFSET} for t in state["pending"]],
        }

    @staticmethod
    def _out(state: dict[str, Any]) -> dict[str, Any]:
        return {
            **state,
            "next_trigger_id": state["next_trigger_id"] + OFFSET,
            "pending": [{**t, "id": t["id"] + OFFSET} for t in state["pending"]],
        }

    @staticmethod
    def _action_in(text: str) -> str:
        def back(m: re.Match[str]) -> str:
            n = int(m.group(1))
            return f"trigger={n - OFFSET if n > OFFSET else n}"

        return re.sub(r"\btrigger=(\d+)", back, text)

    def create_game(self, config: GameSetup) -> NewGame:
        game = super().create_game(config)
        return NewGame(self._out(game.state), game.events)

    def legal_actions(self, state: StateData) -> LegalActions:
        answer = super().legal_actions(self._in(state))
        if state.get("next_trigger_id", 1) <= OFFSET:
            return answer  # a state numbered elsewhere keeps its ids
        return replace(answer, actions=tuple(_shift(a, OFFSET) for a in answer.actions))

    def check(self, state: StateData, action: str) -> tuple[Violation, ...]:
        return super().check(self._in(state), self._action_in(action))

    def apply(self, state: StateData, action: str) -> ApplyResult:
        out = super().apply(self._in(state), self._action_in(action))
        events = tuple(
            target_event(e.kind, e.rules, [(k, str(int(v) + OFFSET) if k == "trigger" else v) for k, v in e.data])
            for e in out.events
        )
        return replace(out, state=self._out(out.state) if out.state is not None else None, events=events)


def test_every_scenario_passes_on_an_implementation_that_numbers_triggers_its_own_way() -> None:
    """Every scenario, under every edition it lists, passes at every level against the
    renumbering target: no scenario depends on the reference's trigger ids."""
    target = RenumberingTarget()
    failed = []
    for sc in load_all():
        for edition in sc.message.editions:
            res = run_scenario(sc, edition, target)
            if not res.passed:
                failed.append(f"{sc.id}[{edition}]: {res.mismatches[0].describe()}")
    assert failed == []


def test_fuzzer_finds_no_divergence_in_trigger_numbering() -> None:
    """The lock-step fuzzer compares decisions, legal actions and states with trigger ids
    translated through each side's pending triggers, so the renumbering target shows no
    divergence in whole random games."""
    report = fuzz(RenumberingTarget(), games=6, seed=3)
    assert report.error == ""
    assert report.finding is None, report.finding.message if report.finding else ""
    assert report.decisions > 100
