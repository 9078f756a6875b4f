"""The step table (oracle/engine.py STEP_TABLE) is the one description of the steps: every
other list of steps agrees with it."""

from __future__ import annotations

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
