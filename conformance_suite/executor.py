"""Run one scenario under one edition against a target and compare every expectation.

The result says passed, or the first step that disagreed: what was expected, what the
target did (only the relevant part), and the rules the scenario cites.

This module holds the run itself (:func:`run_scenario`: the setup, then each step's action
and its expectations in turn); what a run found is :mod:`~conformance_suite.mismatch`, the
checks it makes are :mod:`~conformance_suite.facts` (facts of the state),
:mod:`~conformance_suite.event_checks` (events and cited rules) and
:mod:`~conformance_suite.trigger_refs` (trigger references in actions).  The names of
``__all__`` are importable from here as before.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from oracle.contract import ACTOR_NAMES
from oracle.model import Violation

from .event_checks import _applies, _check_events, rule_matches
from .facts import decision_actor_name, fact_matches, fact_value
from .mismatch import LEVEL_NAMES, Mismatch, ScenarioResult, _Run
from .scenario import LoadedScenario, action_text, actor_from_enum, board_to_state, legal_action_text
from .targets import GameSetup, NewGame, Target, TargetInputError
from .trigger_refs import _pending_ref, _remember_pending, resolve_trigger_ref, symbolic_action

__all__ = [
    "LEVEL_NAMES",
    "Mismatch",
    "ScenarioResult",
    "decision_actor_name",
    "fact_matches",
    "fact_value",
    "resolve_trigger_ref",
    "rule_matches",
    "run_scenario",
    "symbolic_action",
]


def _initial_state(sc: LoadedScenario, edition: str, target: Target) -> NewGame:
    """The scenario's first state, with the events of creating it for a ``new_game``
    setup (none for a board or a state)."""
    setup = sc.message.setup
    kind = setup.WhichOneof("kind")
    if kind == "board":
        return NewGame(board_to_state(setup.board, edition))
    if kind == "new_game":
        cfg = setup.new_game
        return target.create_game(GameSetup(edition, tuple(cfg.heroes), tuple(tuple(d.card_ids) for d in cfg.decks)))
    from oracle.service.state_codec import state_dict_from_proto

    state = state_dict_from_proto(setup.state, "setup.state")
    state["edition"] = edition
    return NewGame(state)


@dataclass(frozen=True)
class _SetupEvents:
    """The setup's event expectations in the shape of a step's (for :func:`_check_events`)."""

    expect_events: Any
    expect_no_events: Any
    events_any_order: bool = False


def run_scenario(sc: LoadedScenario, edition: str, target: Target) -> ScenarioResult:
    """Run ``sc`` under ``edition``.  A core mismatch ends the run; a citation or event
    mismatch is recorded and the run goes on (the states still agree)."""
    return _run(sc, edition, target).result()


def _violation_pairs(violations: Sequence[Violation]) -> list[list[str]]:
    """Violations as a mismatch shows them: ``[[rule, message], ...]``."""
    return [[v.rule, v.message] for v in violations]


def _run(sc: LoadedScenario, edition: str, target: Target) -> _Run:
    res = _Run(sc.id, edition)
    label = getattr(target, "label_calls", None)
    if label is not None:
        label(f"{sc.id}[{edition}]#0")
    if sc.message.HasField("expect_setup_refused"):
        return _run_refused_setup(sc, edition, target, res)
    game = _initial_state(sc, edition, target)
    state = game.state
    msg = sc.message
    if msg.expect_setup_events or msg.expect_no_setup_events:
        expected = _SetupEvents(msg.expect_setup_events, msg.expect_no_setup_events)
        res.mismatches += _check_events(res, -1, "", expected, game.events, edition)
    decision = target.legal_actions(state).decision
    seen: dict[str, int] = {}
    for i, step in enumerate(sc.message.steps):
        _remember_pending(state, seen)
        if label is not None:
            label(f"{sc.id}[{edition}]#{i + 1}")
        written = action_text(step.action)
        text = resolve_trigger_ref(written, state, missing_ok=step.expect_illegal, seen=seen)
        core: list[Mismatch] = []
        other: list[Mismatch] = []
        if step.HasField("expect_decision"):
            res.checked["core"] += 1
            want_actor = ACTOR_NAMES[actor_from_enum(step.expect_decision.actor)]
            want = {"actor": want_actor, "kind": step.expect_decision.kind or decision.kind}
            got = {"actor": decision_actor_name(decision.actor), "kind": decision.kind}
            if want != got:
                core.append(Mismatch(i, "decision", want, got, written))
        if step.HasField("expect_legal_actions"):
            res.checked["core"] += 1
            legal = target.legal_actions(state).actions
            want_set = sorted(symbolic_action(legal_action_text(a), state) for a in step.expect_legal_actions.actions)
            got_set = sorted(symbolic_action(a, state) for a in legal)
            if want_set != got_set:
                missing, extra = sorted(set(want_set) - set(got_set)), sorted(set(got_set) - set(want_set))
                core.append(Mismatch(i, "legal actions", missing, extra, written))
        if text is None:
            pending = [_pending_ref(t) + f" (id {t['id']})" for t in state.get("pending", [])]
            core.append(Mismatch(i, "trigger reference", written, {"pending": pending}, written))
            return _end(res, i, core)
        out = target.apply(state, text)
        res.checked["core"] += 1
        if step.expect_illegal:
            if out.legal:
                core.append(Mismatch(i, "legality", "illegal", "legal", written))
            else:
                cited = [v.rule for v in out.violations]
                refs = [r for r in step.expect_violation_rules if _applies(r, edition)]
                if refs:
                    res.checked["citations"] += 1
                for ref in refs:
                    if not any(rule_matches(ref, c, edition) for c in cited):
                        other.append(Mismatch(i, "violation rule", ref, _violation_pairs(out.violations), written))
        elif not out.legal:
            core.append(Mismatch(i, "legality", "legal", _violation_pairs(out.violations), written))
        res.steps_run = i + 1
        if core:
            return _end(res, i, [*core, *other])
        res.mismatches += other
        if not out.legal:
            continue
        assert out.state is not None
        res.mismatches += _check_events(res, i, written, step, out.events, edition)
        for f in step.expect_facts:
            res.checked["core"] += 1
            want_v = json.loads(f.equals)
            try:
                got_v = fact_value(out.state, out.decision, f.path)
            except KeyError as exc:
                got_v = f"<{exc.args[0]}>"
            if not fact_matches(want_v, got_v):
                core.append(Mismatch(i, "fact", {f.path: want_v}, {f.path: got_v}, written))
        if core:
            return _end(res, i, core)
        state = out.state
        decision = out.decision
    return res


def field_at_or_below(field: str, want: str) -> bool:
    """Is the request field path ``field`` the path ``want`` or one below it
    (``config.decks[1].card_ids[3]`` is below ``config.decks[1]``, ``config.decks[10]`` is not)?"""
    return field == want or (field.startswith(want) and field[len(want)] in ".[")


def _run_refused_setup(sc: LoadedScenario, edition: str, target: Target, res: _Run) -> _Run:
    """A scenario whose configuration must be refused (``expect_setup_refused``): the
    refusal itself is core; the field it names, when the scenario gives one, citations."""
    want = sc.message.expect_setup_refused.field
    res.checked["core"] += 1
    try:
        _initial_state(sc, edition, target)
    except TargetInputError as exc:
        if want:
            res.checked["citations"] += 1
            if not field_at_or_below(exc.field, want):
                res.mismatches.append(Mismatch(-1, "refused field", want, f"{exc.field}: {exc.reason}"))
        return res
    return _end(res, -1, [Mismatch(-1, "setup refusal", f"INVALID_ARGUMENT on {want or 'the configuration'}", "accepted")])


def _end(res: _Run, i: int, mismatches: list[Mismatch]) -> _Run:
    res.mismatches += mismatches
    res.steps_run = i + 1
    res.ended_early = True
    return res

