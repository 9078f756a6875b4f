"""The sections on conformance: the rule each refusal cites (``refusals``), the cited rule
numbers in each edition (``citations``), the conformance levels (``levels``) and the
capabilities (``capabilities``)."""

from __future__ import annotations

from ..contract import ACTION_CAPABILITIES, CAPABILITIES, LEVELS, STEP_CAPABILITIES, load_events
from ..editions import EDITIONS, cite_ed
from ..engine import (
    DECIDING_RULE,
    FIELD_RULE,
    GAME_OVER_RULE,
    NOT_YET_IN_QUEUE_RULES,
    QUEUE_DECIDING_RULE,
    QUEUE_STEPS,
    QUEUE_WRONG_STEP_RULE,
    STEP_ACTION_KINDS,
    WRONG_STEP_RULE,
)
from ..model import ACTION_KINDS, STEPS
from .markdown import check_keys, code, number_key, table

__all__ = ["render_capabilities", "render_citations", "render_levels", "render_refusals"]


def render_refusals() -> str:
    """The section ``refusals``: the rule a refusal cites, by step, and for a trigger out of a Queue step."""
    check_keys("deciding rules", DECIDING_RULE, STEP_ACTION_KINDS)
    check_keys("wrong-step rules", WRONG_STEP_RULE, STEP_ACTION_KINDS)
    rows = []
    for step in STEPS:
        if step in DECIDING_RULE:
            kinds = code(STEP_ACTION_KINDS[step])
            rows.append([f"`{step}`", kinds, DECIDING_RULE[step], WRONG_STEP_RULE[step]])
    queue = code(s for s in STEPS if s in QUEUE_STEPS)
    rows.append([queue, "`declare`, `pass`", QUEUE_DECIDING_RULE, QUEUE_WRONG_STEP_RULE])
    rows.append(["`game_over`", "none", GAME_OVER_RULE, GAME_OVER_RULE])
    by_step = table(
        ["At `step`", "Kinds taken", "An actor who does not decide now", "A kind the step does not take"], rows
    )
    pending = "; ".join(f"{ed}: {', '.join(NOT_YET_IN_QUEUE_RULES[ed])}" for ed in EDITIONS)
    note = (
        "A `declare` or `pass` while a trigger is pending outside a Queue step (a «при атаке» "
        f"trigger at the `defender` step) cites, by edition: {pending}."
    )
    return by_step + "\n\n" + note


def _cited_numbers() -> list[str]:
    numbers: set[str] = set()
    for spec in load_events().values():
        numbers.update(spec.rules)
    numbers.update(DECIDING_RULE.values())
    numbers.update(WRONG_STEP_RULE.values())
    numbers.update(FIELD_RULE.values())
    numbers.update((QUEUE_DECIDING_RULE, QUEUE_WRONG_STEP_RULE))
    for rules in NOT_YET_IN_QUEUE_RULES.values():
        numbers.update(rules)
    return sorted((n for n in numbers if not n.startswith("R15:")), key=number_key)


def render_citations() -> str:
    """The section ``citations``: each cited rule number as each edition writes it."""
    rows = [[n, *(f"`{cite_ed(ed, n)}`" for ed in EDITIONS)] for n in _cited_numbers()]
    return table(["Number", *(f"Edition {ed}" for ed in EDITIONS)], rows)


def render_levels() -> str:
    """The section ``levels``: the conformance levels and their expectations."""
    return table(["Level", "Its expectations"], [[f"`{name}`", text] for name, text in LEVELS.items()])


def render_capabilities() -> str:
    """The section ``capabilities``: each capability with its steps, action kinds and event kinds."""
    events = load_events()
    rows = []
    for name, text in CAPABILITIES.items():
        steps = [s for s in STEPS if name in STEP_CAPABILITIES[s]]
        kinds = [k for k in ACTION_KINDS if name in ACTION_CAPABILITIES[k]]
        kinds_of_events = [e.kind for e in events.values() if e.capability == name]
        rows.append([f"`{name}`", text, code(steps, "—"), code(kinds, "—"), code(kinds_of_events, "—")])
    return table(
        ["Capability", "Covers", "Steps", "Action kinds", "Event kinds"], rows
    )
