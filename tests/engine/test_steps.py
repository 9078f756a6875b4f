"""The step table (oracle/engine.py STEP_TABLE) is the one description of the steps: every
other list of steps agrees with it."""

from __future__ import annotations

import pytest

from oracle._proto.berserk.oracle.v1 import state_pb2
from oracle.contract import DECISION_KINDS, STEP_CAPABILITIES
from oracle.engine import DECIDING_RULE, QUEUE_STEPS, STEP_ACTION_KINDS, STEP_TABLE, WRONG_STEP_RULE
from oracle.model import ACTION_KINDS, STEPS


def test_one_row_per_step_in_order() -> None:
    """STEP_TABLE has exactly the steps of oracle.model.STEPS, in their order."""
    assert tuple(STEP_TABLE) == STEPS


def test_proto_step_enum_matches_the_table() -> None:
    """The proto Step enum has one value STEP_<NAME> per step (and UNSPECIFIED), nothing else."""
    names = {v.name for v in state_pb2.Step.DESCRIPTOR.values if v.name != "STEP_UNSPECIFIED"}
    assert names == {f"STEP_{s.upper()}" for s in STEPS}


def test_decision_kinds_and_capabilities_cover_the_table() -> None:
    """Every decision kind a row gives is documented in the contract, every documented kind
    is given by some row, and every step but game_over belongs to capabilities."""
    assert {row.decision_kind for row in STEP_TABLE.values()} == set(DECISION_KINDS)
    assert set(STEP_CAPABILITIES) >= set(STEPS) - {"game_over"}


def test_derived_views() -> None:
    """The Queue steps take declare and pass; the other steps' kinds, deciding and
    wrong-step rules are the rows' own; every kind of action is taken at some step."""
    for step in QUEUE_STEPS:
        assert STEP_TABLE[step].kinds == ("declare", "pass") and STEP_TABLE[step].decision_kind == "trigger"
    assert set(STEP_ACTION_KINDS) == set(STEPS) - QUEUE_STEPS - {"game_over"}
    for step, kinds in STEP_ACTION_KINDS.items():
        assert kinds == STEP_TABLE[step].kinds
        assert DECIDING_RULE[step] == STEP_TABLE[step].deciding_rule
        assert WRONG_STEP_RULE[step] == STEP_TABLE[step].wrong_step_rule
    taken = {k for row in STEP_TABLE.values() for k in row.kinds}
    assert taken == set(ACTION_KINDS)


# --- every decision point declared once (oracle.steps; issue 41, item 1) -------------------


def test_every_step_table_is_its_declaration() -> None:
    """The engine's step table, the validator's fields per step, the contract's decision
    kinds and capabilities and the model's names are each derived from oracle.steps: every
    row says what the step's declaration says."""
    from oracle import contract, validate
    from oracle.steps import ACTION_SPECS, DECISIONS, STEP_SPECS

    assert tuple(s.name for s in STEP_SPECS) == STEPS
    for spec in STEP_SPECS:
        row = STEP_TABLE[spec.name]
        assert (row.decision_kind, row.kinds, row.deciding_rule, row.wrong_step_rule) == (
            spec.decision, spec.kinds, spec.deciding_rule, spec.wrong_step_rule)
        assert (row.after_queue is not None) == spec.queue
        fields = validate.STEP_FIELDS[spec.name]
        assert (fields.turn, fields.requires, fields.forbids, fields.shuffled) == (
            spec.turn, frozenset(spec.requires), frozenset(spec.forbids), spec.shuffled)
        assert contract.STEP_CAPABILITIES[spec.name] == spec.capabilities
    assert {d.kind: d.what for d in DECISIONS} == contract.DECISION_KINDS
    assert {a.kind: a.capabilities for a in ACTION_SPECS} == contract.ACTION_CAPABILITIES


@pytest.mark.parametrize("broken", ["step_twice", "decision_undeclared", "decision_for_no_step", "action_undeclared",
                                    "action_taken_nowhere"])
def test_declarations_that_disagree_are_refused(broken: str) -> None:
    """oracle.steps.check_declarations, run on import: each way the three tables can disagree
    is a ValueError naming what is wrong; the shipped tables pass."""
    from dataclasses import replace

    from oracle.steps import ACTION_SPECS, DECISIONS, STEP_SPECS, ActionSpec, DecisionSpec, check_declarations

    check_declarations(DECISIONS, STEP_SPECS, ACTION_SPECS)
    decisions, steps, actions = DECISIONS, STEP_SPECS, ACTION_SPECS
    if broken == "step_twice":
        steps = (*steps, steps[0])
    elif broken == "decision_undeclared":
        decisions = tuple(d for d in decisions if d.kind != "defender")
    elif broken == "decision_for_no_step":
        decisions = (*decisions, DecisionSpec("nap", "nothing", "nobody"))
    elif broken == "action_undeclared":
        steps = tuple(replace(s, kinds=(*s.kinds, "dance")) if s.name == "choice" else s for s in steps)
    else:
        actions = (*actions, ActionSpec("dance", "", (), "306.1", ()))
    with pytest.raises(ValueError):
        check_declarations(decisions, steps, actions)
