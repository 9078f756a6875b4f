"""Every decision point of the game, declared once: the kinds of decision, the steps where the
game waits, and the kinds of action (issue 41, item 1).

The declarations are data, ``oracle/data/steps.json``, read once.  A step is where the game
stands and, but at ``game_over``, who decides what next.  Each row of :data:`STEP_SPECS` says
everything the package knows of a step as data: its rules, its PROTOCOL.md text, the kinds of action it takes and the rules that refuse an action by someone else or of
another kind, the capability a game waiting there needs, the state fields it requires and forbids,
and the pause it is (:attr:`StepSpec.record`: the state record that holds a resolution waiting
in the middle).  :data:`DECISIONS` does the same for the kinds of decision (a Queue step's is
``trigger``), and :data:`ACTION_SPECS` for the kinds of action (the fields each uses, the rule a
malformed one is refused under, the capabilities it needs).  Every other table is derived from
these: the step and action names (:mod:`oracle.model`), the engine's step table, which binds each
step's functions to its row (:data:`oracle.engine.STEP_TABLE`), the validator's fields per step
(:data:`oracle.validate.STEP_FIELDS`), the contract's decision kinds and capabilities
(:mod:`oracle.contract`) and PROTOCOL.md's tables (:mod:`oracle.protocol_doc.decisions`).

This module imports nothing of the package: it is the bottom layer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "ACTION_KINDS",
    "ACTION_SPECS",
    "DECISIONS",
    "QUEUE_DECIDING_RULE",
    "QUEUE_STEPS",
    "QUEUE_WRONG_STEP_RULE",
    "RESOLUTION_PAUSES",
    "SHUFFLE_STEPS",
    "STEPS",
    "STEP_BY_NAME",
    "STEP_SPECS",
    "ActionSpec",
    "DecisionSpec",
    "StepSpec",
    "check_declarations",
    "resume_inconsistency",
]

#: The rule an action other than ``declare`` or ``pass`` is refused under in a Queue step.
QUEUE_WRONG_STEP_RULE = "401.7"
#: The rule a declaration or pass by the player who does not declare now is refused under.
QUEUE_DECIDING_RULE = "402.1"
#: The state records a resolution waiting in the middle is kept in (:attr:`StepSpec.record`).
RECORDS = ("", "choosing", "choosing_cards", "attaching", "cancelling")


@dataclass(frozen=True, slots=True)
class DecisionSpec:
    """A kind of decision (``Decision.kind``): what the deciding actor decides (``what``) and
    who decides (``decider``), as PROTOCOL.md's table of decision kinds gives them."""

    kind: str
    what: str
    decider: str


@dataclass(frozen=True, slots=True)
class StepSpec:
    """A step of the game (``State.step``).

    ``rules``: the rules it stands for, in short; ``text``: PROTOCOL.md's line on it.  A Queue
    step (``queue``) takes ``declare`` and ``pass`` under :data:`QUEUE_DECIDING_RULE` and
    :data:`QUEUE_WRONG_STEP_RULE`, and its decision kind is ``trigger``; any other step gives
    its ``kinds`` of action, the rule that refuses an action by an actor who does not decide
    (``deciding_rule``) and an action of another kind (``wrong_step_rule``), and its decision kind is
    its name.  ``capabilities``: what a game waiting there needs (PROTOCOL.md 9.2).  ``turn``
    ("zero": the setup stage, "from_one", "any"), ``requires``, ``forbids`` and ``shuffled``:
    the state it needs (PROTOCOL.md 5.4, rules 8 and 9; :class:`oracle.validate.StepFields`).
    ``record``: the state record a pending choice is kept in, for the steps that wait for
    one; ``resolution_pause``: a resolving ability waits there in the middle (its remaining
    effects and play wait too, INTERPRETING.md entries 63 and 84); ``chance_shuffle``: chance
    orders a deck there, whose outcomes the legal actions do not list."""

    name: str
    rules: str
    text: str
    capabilities: tuple[str, ...]
    turn: str
    requires: tuple[str, ...]
    forbids: tuple[str, ...]
    kinds: tuple[str, ...] = ()
    deciding_rule: str = ""
    wrong_step_rule: str = ""
    shuffled: tuple[int, ...] = (0, 1, 2)
    queue: bool = False
    record: str = ""
    resolution_pause: bool = False
    chance_shuffle: bool = False

    def __post_init__(self) -> None:
        if self.queue:  # every Queue step takes a declaration or a pass (401.7, 402.1)
            object.__setattr__(self, "kinds", ("declare", "pass"))
            object.__setattr__(self, "deciding_rule", QUEUE_DECIDING_RULE)
            object.__setattr__(self, "wrong_step_rule", QUEUE_WRONG_STEP_RULE)
        if self.record not in RECORDS:
            raise ValueError(f"step {self.name}: unknown record {self.record!r}")

    @property
    def decision(self) -> str:
        """The kind of decision taken at this step (``Decision.kind``)."""
        return "trigger" if self.queue else self.name


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """A kind of action (``Action.kind``): what its fields hold, in short (``doc``), the fields it
    uses (any other keeps its default, so that ``check`` accepts exactly the actions
    ``legal_actions`` offers), the rule a malformed one is refused under, the capabilities it
    needs (PROTOCOL.md 9.2) and, per field it uses, the values it may hold (``domains``,
    PROTOCOL.md's table of action domains)."""

    kind: str
    doc: str
    fields: tuple[str, ...]
    field_rule: str
    capabilities: tuple[str, ...]
    domains: tuple[tuple[str, str], ...] = ()


def _frozen(row: dict[str, Any]) -> dict[str, Any]:
    """A row of the JSON with its lists as tuples and its objects as tuples of pairs."""
    return {k: tuple(v) if isinstance(v, list) else tuple(v.items()) if isinstance(v, dict) else v
            for k, v in row.items()}


def _load() -> tuple[tuple[DecisionSpec, ...], tuple[StepSpec, ...], tuple[ActionSpec, ...]]:
    """The three tables of ``oracle/data/steps.json``."""
    raw = json.loads(resources.files("oracle").joinpath("data/steps.json").read_text(encoding="utf-8"))
    return (tuple(DecisionSpec(**d) for d in raw["decisions"]), tuple(StepSpec(**_frozen(d)) for d in raw["steps"]),
            tuple(ActionSpec(**_frozen(d)) for d in raw["actions"]))


#: The kinds of decision, the steps (in order) and the kinds of action (in order).
DECISIONS, STEP_SPECS, ACTION_SPECS = _load()

#: Every step, in order.
STEPS: tuple[str, ...] = tuple(s.name for s in STEP_SPECS)
#: Each step's row, by name.
STEP_BY_NAME: dict[str, StepSpec] = {s.name: s for s in STEP_SPECS}
#: The steps at which the Queue is resolved: the only decisions there are ``declare`` and
#: ``pass`` (401.7, 402.1).
QUEUE_STEPS: frozenset[str] = frozenset(s.name for s in STEP_SPECS if s.queue)
#: The steps at which an ability's resolution waits in the middle (a hand choice, the shuffle
#: after a search): the rest of its play waits too (INTERPRETING.md, entries 63 and 84).
RESOLUTION_PAUSES: tuple[str, ...] = tuple(s.name for s in STEP_SPECS if s.resolution_pause)
#: The chance nodes whose outcomes are a deck's permutations (the legal actions list none):
#: the setup shuffle (301.5) and the shuffle after a search (R15:7.search).
SHUFFLE_STEPS: frozenset[str] = frozenset(s.name for s in STEP_SPECS if s.chance_shuffle)
#: Every kind of action, in order.
ACTION_KINDS: tuple[str, ...] = tuple(a.kind for a in ACTION_SPECS)


def resume_inconsistency(resume: str, attacking: bool, field: str) -> tuple[str, str] | None:
    """What is wrong with ``resume``, the step the game returns to once the pending choice kept in
    ``field`` (``choosing``, ``choosing_cards``, ``attaching``) is made, an attack in progress or
    not (``attacking``): the field to name and why, or None.  It is a Queue step, and the attack
    agrees with what that step requires and forbids (PROTOCOL.md 5.4, rules 11, 12 and 15): the
    validator's check (:mod:`oracle.validate`), which the check of a resolution pause's own
    state asks too, at the point it has always been reported."""
    if resume not in QUEUE_STEPS:
        return f"{field}.resume", f"must be a Queue step; got {resume!r}"
    back = STEP_BY_NAME[resume]
    if "attack" in back.requires and not attacking:
        return "attack", f"step {resume}, where the game returns, needs an attack in progress"
    if "attack" in back.forbids and attacking:
        return "attack", f"step {resume}, where the game returns, cannot have an attack in progress"
    return None


def check_declarations(decisions: tuple[DecisionSpec, ...], steps: tuple[StepSpec, ...],
                       actions: tuple[ActionSpec, ...]) -> None:
    """Raise ``ValueError`` unless the tables agree: every step named once, every step's
    decision kind declared once in ``decisions`` and no other, every kind of action a step
    takes declared in ``actions`` and every declared one taken at some step."""
    names = [s.name for s in steps]
    if len(set(names)) != len(names):
        raise ValueError(f"steps declared twice: {sorted({n for n in names if names.count(n) > 1})}")
    kinds = [d.kind for d in decisions]
    wanted = {s.decision for s in steps}
    if len(set(kinds)) != len(kinds) or set(kinds) != wanted:
        raise ValueError(f"decision kinds declared twice, for no step or not at all: {sorted(set(kinds) ^ wanted)}")
    taken, declared = {k for s in steps for k in s.kinds}, {a.kind for a in actions}
    if taken != declared or len(declared) != len(actions):
        raise ValueError(f"action kinds taken at no step, undeclared or declared twice: {sorted(taken ^ declared)}")


check_declarations(DECISIONS, STEP_SPECS, ACTION_SPECS)
