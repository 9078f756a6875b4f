"""The sections on who decides and how: the actors (``actors``), the kinds of decision
(``decision-kinds``), the steps of the game (``steps``), and the actions: their keys
(``action-fields``), their kinds (``action-kinds``) and what each key may hold
(``action-domains``); from :mod:`oracle.contract`, :mod:`oracle.engine`, :mod:`oracle.model`
and ``action.proto``."""

from __future__ import annotations

import dataclasses

from .._proto.berserk.oracle.v1 import action_pb2, state_pb2
from ..contract import ACTION_CAPABILITIES, ACTOR_NAMES, DECISION_KINDS, STEP_CAPABILITIES
from ..engine import FIELD_RULE, QUEUE_STEPS, STEP_ACTION_KINDS, USED_FIELDS
from ..model import ACTION_KINDS, STEPS, Action
from ..steps import ACTION_SPECS, DECISIONS, STEP_BY_NAME, STEP_SPECS
from .markdown import PROTO_DIR, check_keys, code, proto_comments, proto_type, table

__all__ = [
    "action_fields",
    "render_action_domains",
    "render_action_fields",
    "render_action_kinds",
    "render_actors",
    "render_decision_kinds",
    "render_steps",
]


_ACTOR_WHO = {
    "player_1": "the player in seat 0",
    "player_2": "the player in seat 1",
    "chance": "chance: die rolls and shuffles, whose outcomes are inputs of the caller",
    "nobody": "nobody: the game is over (a `Decision` only; never takes an action)",
}

#: Who decides each kind of decision (:attr:`oracle.steps.DecisionSpec.decider`).
_DECIDER = {d.kind: d.decider for d in DECISIONS}

#: Each step's line (:attr:`oracle.steps.StepSpec.text`).
_STEP_TEXT = {s.name: s.text for s in STEP_SPECS}


def _decision_kind(step: str) -> str:
    return STEP_BY_NAME[step].decision


def render_actors() -> str:
    """The section ``actors``: each actor's text name, ``Actor`` value and who it is."""
    names = list(ACTOR_NAMES.values())
    check_keys("actor notes", _ACTOR_WHO, names)
    rows = []
    for name in names:
        enum = f"ACTOR_{name.upper()}"
        rows.append([f"`{name}`", f"`{enum}`", str(action_pb2.Actor.Value(enum)), _ACTOR_WHO[name]])
    rows.append(
        [
            "(none)",
            "`ACTOR_UNSPECIFIED`",
            str(action_pb2.Actor.Value("ACTOR_UNSPECIFIED")),
            "not given: in an `Action`, whoever decides now; never in a `Decision`",
        ]
    )
    return table(["Name (text form, scenario facts)", "`Actor` value", "Number", "Who"], rows)


def render_decision_kinds() -> str:
    """The section ``decision-kinds``: each ``Decision.kind``, its steps and who decides."""
    check_keys("decision kinds", DECISION_KINDS, {_decision_kind(s) for s in STEPS})
    check_keys("deciders", _DECIDER, DECISION_KINDS)
    rows = []
    for kind, text in DECISION_KINDS.items():
        steps = [s for s in STEPS if _decision_kind(s) == kind]
        rows.append([f"`{kind}`", code(steps), _DECIDER[kind], text])
    return table(["`Decision.kind`", "The game waits at `step`", "Who decides (`Decision.actor`)", "What"], rows)


def render_steps() -> str:
    """The section ``steps``: each step's JSON and proto names, where the game stands, what it needs."""
    check_keys("step notes", _STEP_TEXT, STEPS)
    check_keys("step capabilities", STEP_CAPABILITIES, STEPS)
    rows = []
    for step in STEPS:
        enum = f"STEP_{step.upper()}"
        rows.append(
            [
                f"`{step}`",
                f"`{enum}` = {state_pb2.Step.Value(enum)}",
                _STEP_TEXT[step],
                f"`{_decision_kind(step)}`",
                code(STEP_CAPABILITIES[step]),
            ]
        )
    return table(["JSON `step`", "Proto `Step`", "Where the game stands", "`Decision.kind`", "Needs"], rows)


# --- actions ------------------------------------------------------------------------

_TEXT_TYPE = {"int": "integer", "tuple[int, ...]": "integers, comma-separated", "str": "word (no spaces)"}

#: What each key an action kind uses may hold (the rules decide legality; see PROTOCOL.md).
#: What each key of each action kind may hold (:attr:`oracle.steps.ActionSpec.domains`).
_DOMAINS: dict[str, dict[str, str]] = {a.kind: dict(a.domains) for a in ACTION_SPECS}


def action_fields() -> list[dataclasses.Field[object]]:
    """The fields of :class:`~oracle.model.Action` after ``kind``, in text order."""
    return [f for f in dataclasses.fields(Action) if f.name != "kind"]


def render_action_fields() -> str:
    """The section ``action-fields``: the :class:`~oracle.model.Action` keys in text order, with their proto fields."""
    comments = proto_comments(PROTO_DIR / "action.proto")
    desc = action_pb2.Action.DESCRIPTOR
    rows = []
    for f in action_fields():
        pf = desc.fields_by_name[f.name]
        if f.name == "actor":
            text_type = "`player_1`, `player_2` or `chance`"
            default = "absent (`ACTOR_UNSPECIFIED`)"
        else:
            text_type = _TEXT_TYPE[str(f.type)]
            default = f"`{f.default}`" if not isinstance(f.default, tuple | str) else "empty"
        proto = f"`{proto_type(pf)} {f.name} = {pf.number}`"
        if f.name in ("ability", "mode"):
            proto += " (absent: -1)"
        rows.append([f"`{f.name}`", text_type, default, proto, comments.get(("Action", f.name), "")])
    return table(["Key (in text order)", "Value in text", "Default (omitted)", "Proto field", "Meaning"], rows)


def _used_keys(kind: str) -> list[str]:
    """The keys ``kind`` uses, in text order."""
    return [f.name for f in action_fields() if f.name in USED_FIELDS[kind]]


def render_action_kinds() -> str:
    """The section ``action-kinds``: each action kind, the steps that take it and the keys it uses."""
    check_keys("action kinds", USED_FIELDS, ACTION_KINDS)
    check_keys("action capabilities", ACTION_CAPABILITIES, ACTION_KINDS)
    check_keys("field rules", FIELD_RULE, ACTION_KINDS)
    queue_steps = [s for s in STEPS if s in QUEUE_STEPS]
    rows = []
    for kind in ACTION_KINDS:
        steps = [s for s in STEPS if kind in STEP_ACTION_KINDS.get(s, ())]
        if kind in ("declare", "pass"):
            steps = queue_steps
        rows.append(
            [
                f"`{kind}`",
                code(steps),
                code(_used_keys(kind)),
                code(ACTION_CAPABILITIES[kind]),
                FIELD_RULE[kind],
            ]
        )
    return table(
        ["Kind", "Taken at `step`", "Keys it uses (besides `actor`)", "Needs", "Any other key set: refused citing"],
        rows,
    )


def render_action_domains() -> str:
    """The section ``action-domains``: what each key of each action kind may hold."""
    check_keys("action domains", _DOMAINS, ACTION_KINDS)
    rows = []
    for kind in ACTION_KINDS:
        check_keys(f"domains of {kind}", _DOMAINS[kind], USED_FIELDS[kind])
        if not USED_FIELDS[kind]:
            rows.append([f"`{kind}`", "(none)", "takes no key but `actor`"])
        for key in _used_keys(kind):
            rows.append([f"`{kind}`", f"`{key}`", _DOMAINS[kind][key]])
    return table(["Kind", "Key", "Values"], rows)
