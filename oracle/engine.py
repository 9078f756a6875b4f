"""The engine's public face: who decides, which actions are legal, and what follows.

The game is a state machine with explicit chance nodes (OpenSpiel style): every point where
it waits is a :class:`Decision` of player 0, player 1 or chance (:data:`~oracle.model.CHANCE`).
:func:`apply` never changes its argument; an illegal action raises :class:`IllegalAction`
with the violations, and nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .attack import defender_candidates, defender_violations
from .editions import cite
from .effects import close_card
from .end_turn import finish_turn
from .main_stage import apply_choice_action, check_choice_action, choice_actions
from .model import CHANCE, Action, Attack, Event, QueueEntry, State, Violation
from .queue import (
    check_trigger_action,
    decider,
    declare_trigger,
    pass_trigger,
    resolve_first,
    settle_triggers,
    trigger_actions,
)
from .setup import apply_setup_action, check_setup_action, mulligan_seat, setup_actions
from .turn_start import reveal

__all__ = [
    "DECIDING_RULE",
    "FIELD_RULE",
    "GAME_OVER_RULE",
    "NOT_YET_IN_QUEUE_RULES",
    "QUEUE_DECIDING_RULE",
    "QUEUE_STEPS",
    "QUEUE_WRONG_STEP_RULE",
    "STEP_ACTION_KINDS",
    "USED_FIELDS",
    "WRONG_STEP_RULE",
    "Decision",
    "IllegalAction",
    "Outcome",
    "apply",
    "check",
    "decision",
    "legal_actions",
]

#: The steps at which the Queue is resolved: the only decisions there are ``declare`` and
#: ``pass`` (401.7, 402.1).
QUEUE_STEPS = frozenset(
    ("start_queue", "fight_queue", "close_queue", "ability_queue", "play_queue", "end_queue")
)
_SETUP_STEPS = frozenset(("setup_roll", "setup_order", "setup_shuffle", "setup_mulligan"))


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now and what about.  ``actor`` is 0, 1, CHANCE, or -1 when the game
    is over.  ``kind`` names the decision (the step, or "trigger" for declarations)."""

    actor: int
    kind: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of :func:`apply`: the next state and the ordered events."""

    state: State
    events: tuple[Event, ...]


class IllegalAction(ValueError):
    """The action is not legal in this state; ``violations`` say why, by rule."""

    def __init__(self, violations: list[Violation]) -> None:
        super().__init__("; ".join(f"{v.rule}: {v.message}" for v in violations))
        self.violations = violations


def decision(state: State) -> Decision:
    """Who must decide now.  The state is always settled (see :func:`_advance`)."""
    step = state.step
    if step == "game_over" or state.winner >= 0:
        return Decision(-1, "game_over")
    if step in QUEUE_STEPS:
        return Decision(decider(state), "trigger")
    if step in ("setup_roll", "setup_shuffle"):
        return Decision(CHANCE, step)
    if step == "setup_order":
        return Decision(state.roll_winner, step)
    if step == "setup_mulligan":
        return Decision(mulligan_seat(state), step)
    if step in ("reveal", "choice"):
        return Decision(state.active, step)
    if step == "defender":
        return Decision(state.inactive, step)
    raise ValueError(f"step {step!r} is not a step of the game")  # pragma: no cover


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the deciding actor, in a stable order.  At a shuffle (a
    chance node whose outcomes are the deck's permutations) the list is empty: any
    permutation of the deck is legal."""
    step = state.step
    if step == "game_over":
        return []
    if step in _SETUP_STEPS:
        return setup_actions(state)
    if step in QUEUE_STEPS:
        return trigger_actions(state)
    if step == "choice":
        return choice_actions(state)
    if step == "defender":
        return [Action("defend")] + [Action("defend", card=uid) for uid in defender_candidates(state)]
    if step == "reveal":
        hidden = sorted(u for u in state.players[state.active].play if state.cards[u].hidden)
        return [Action("reveal", targets=c) for k in range(len(hidden) + 1) for c in combinations(hidden, k)]
    return []  # pragma: no cover


#: The kinds of action each step outside the Queue accepts (in a Queue step: ``declare`` and
#: ``pass``).
STEP_ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "setup_roll": ("roll",),
    "setup_order": ("choose_order",),
    "setup_shuffle": ("shuffle",),
    "setup_mulligan": ("mulligan",),
    "reveal": ("reveal",),
    "choice": ("attack", "activate", "play", "end_turn"),
    "defender": ("defend",),
}

#: The fields each kind of action uses (see ACTION_KINDS); any other field must keep its
#: default, so that ``check`` accepts exactly the actions ``legal_actions`` offers.
USED_FIELDS: dict[str, tuple[str, ...]] = {
    "roll": ("values",),
    "shuffle": ("card", "values"),
    "choose_order": ("values",),
    "mulligan": ("targets",),
    "reveal": ("targets",),
    "attack": ("card", "targets"),
    "defend": ("card",),
    "activate": ("card", "ability", "targets", "x", "amounts", "mode", "option"),  # 501.1 checked there
    "play": ("card", "targets", "amounts", "x", "mode", "option"),
    "end_turn": (),
    "declare": ("trigger", "targets"),
    "pass": ("trigger",),
}
_FIELDS = ("card", "ability", "targets", "amounts", "x", "mode", "option", "values", "trigger")
_DEFAULTS = {f: getattr(Action("end_turn"), f) for f in _FIELDS}
#: The rule a malformed action of each kind is refused under.
FIELD_RULE: dict[str, str] = {
    "roll": "301.4", "shuffle": "301.5", "choose_order": "301.4", "mulligan": "301.7", "reveal": "304.3",
    "attack": "307.1", "defend": "307.1", "activate": "501.1", "play": "309.1", "end_turn": "306.1",
    "declare": "501.1", "pass": "401.7",
}

#: The rule any action is refused under once the game is over.
GAME_OVER_RULE = "R15:605.1"
#: The rule an action of a kind the step does not accept is refused under, per step outside
#: the Queue (in a Queue step: :data:`QUEUE_WRONG_STEP_RULE`).
WRONG_STEP_RULE: dict[str, str] = {
    "setup_roll": "301.4", "setup_order": "301.4", "setup_shuffle": "301.5", "setup_mulligan": "301.7",
    "reveal": "304.3", "choice": "306.1", "defender": "307.1",
}
#: The rule an action other than ``declare`` or ``pass`` is refused under in a Queue step.
QUEUE_WRONG_STEP_RULE = "401.7"
#: The rule a declaration or pass by the player who does not declare now is refused under.
QUEUE_DECIDING_RULE = "402.1"
#: The rules, per edition, a ``declare`` or ``pass`` is refused under when a trigger is
#: pending but the game is not at a Queue step (a «при атаке» trigger before the fight).
NOT_YET_IN_QUEUE_RULES: dict[str, tuple[str, ...]] = {"A": ("307.2", "401.2"), "B": ("307.2",), "C": ("307.2",)}


def check(state: State, action: Action) -> list[Violation]:
    """The violations of ``action`` in ``state``; empty when it is legal."""
    step = state.step
    if step == "game_over":
        return [Violation(GAME_OVER_RULE, "the game is over; no action can be taken")]
    if action.actor != -1:
        who = decision(state).actor
        if action.actor != who:
            return [_not_your_decision(state, action.actor, who)]
    allowed = ("declare", "pass") if step in QUEUE_STEPS else STEP_ACTION_KINDS[step]
    if action.kind not in allowed:
        if action.kind in ("declare", "pass") and state.pending:
            return _not_yet_in_the_queue(state)
        return [_wrong_moment(state, action)]
    unused = [f for f in _FIELDS if f not in USED_FIELDS[action.kind] and getattr(action, f) != _DEFAULTS[f]]
    if unused:
        rule = cite(state, FIELD_RULE[action.kind])[0]
        return [Violation(rule, f"{action.kind!r} takes no {', '.join(unused)}; leave unused fields at their defaults")]
    if step in _SETUP_STEPS:
        return check_setup_action(state, action)
    if step in QUEUE_STEPS:
        return check_trigger_action(state, action)
    if step == "choice":
        return check_choice_action(state, action)
    if step == "defender":
        if action.card == 0:
            return []
        return defender_violations(state, action.card)
    if step == "reveal":
        mine = state.players[state.active].play
        if len(set(action.targets)) != len(action.targets) or tuple(sorted(action.targets)) != action.targets:
            return [Violation(cite(state, "304.3")[0], "list distinct hidden cards in ascending order")]
        for uid in action.targets:
            if uid not in mine or not state.cards[uid].hidden:
                return [Violation(cite(state, "304.3")[0], f"card {uid} is not a hidden card of the active player")]
        return []
    return [_wrong_moment(state, action)]  # pragma: no cover


#: The rule an action by an actor who does not decide now is refused under, per step
#: outside the Queue (in a Queue step: :data:`QUEUE_DECIDING_RULE`).
DECIDING_RULE: dict[str, str] = {
    "setup_roll": "301.4", "setup_order": "301.4", "setup_shuffle": "301.5", "setup_mulligan": "301.7.1",
    "reveal": "304.3", "choice": "306.1", "defender": "307.1",
}


def _not_your_decision(state: State, actor: int, who: int) -> Violation:
    names = {0: "player 1", 1: "player 2", CHANCE: "chance"}
    rule = QUEUE_DECIDING_RULE if state.step in QUEUE_STEPS else DECIDING_RULE[state.step]
    return Violation(
        cite(state, rule)[0],
        f"{names.get(actor, f'actor {actor}')} does not decide now; {names[who]} does",
    )


def _not_yet_in_the_queue(state: State) -> list[Violation]:
    """A trigger that fired outside the Queue (a «при атаке» trigger, at the attack
    declaration) cannot be declared before the next point at which triggers enter the
    Queue: after the fight (307.2; edition A's long 401.2, INTERPRETING.md entry 11)."""
    msg = "a trigger that fired outside the Queue waits for the nearest point: it is declared after the fight"
    return [Violation(rule, msg) for rule in cite(state, *NOT_YET_IN_QUEUE_RULES[state.edition])]


def _wrong_moment(state: State, action: Action) -> Violation:
    step = state.step
    if step in QUEUE_STEPS:
        return Violation(
            cite(state, QUEUE_WRONG_STEP_RULE)[0], f"the Queue is being resolved: only declare or pass, not {action.kind!r}"
        )
    return Violation(cite(state, WRONG_STEP_RULE[step])[0], f"{action.kind!r} cannot be done now (step {step})")


def apply(state: State, action: Action) -> Outcome:
    """The next state and the events ``action`` caused; raise :class:`IllegalAction`
    (changing nothing) if it is illegal."""
    violations = check(state, action)
    if violations:
        raise IllegalAction(violations)
    nxt = state.copy()
    ev: list[Event] = []
    _perform(nxt, action, ev)
    _advance(nxt, ev)
    return Outcome(nxt, tuple(ev))


def _perform(state: State, action: Action, ev: list[Event]) -> None:
    step = state.step
    if step in _SETUP_STEPS:
        apply_setup_action(state, action, ev)
    elif step in QUEUE_STEPS:
        t = next(p for p in state.pending if p.id == action.trigger)
        if action.kind == "declare":
            declare_trigger(state, t, action.targets, ev)
        else:
            pass_trigger(state, t, ev)
    elif step == "choice":
        apply_choice_action(state, action, ev)
    elif step == "defender":
        _assign_defender(state, action.card, ev)
    elif step == "reveal":
        reveal(state, action.targets, ev)


def _assign_defender(state: State, uid: int, ev: list[Event]) -> None:
    """307.1: the inactive player may assign a defender; then the strike attack goes into
    the Queue and resolves at once."""
    att = state.attack
    assert att is not None
    if uid:
        state.cards[uid].defended_turn = state.turn
        state.attack = Attack(att.attacker, att.target, uid)
        ev.append(Event("defender_assigned", (*cite(state, "307.1"), "R15:509.1"), (("defender", uid),)))
    else:
        ev.append(Event("no_defender", cite(state, "307.1"), ()))
    state.queue.append(QueueEntry("strike_attack", state.active, att.attacker, -1, (att.defender or att.target,)))
    state.step = "fight_queue"
    resolve_first(state, ev)


def _after_queue(state: State, ev: list[Event]) -> None:
    """The Queue is empty and nobody declares anything: the rule after each Queue."""
    step = state.step
    if step == "start_queue":
        state.step = "choice"
        ev.append(Event("main_stage", cite(state, "304.5", "305.2"), ()))
    elif step == "fight_queue":
        att = state.attack
        assert att is not None
        state.step = "close_queue"
        rules = (*cite(state, "307.3"), "R15:506.3")
        if state.rules.attacker_closes:
            close_card(state, att.attacker, ev, rules)
        if att.defender:
            close_card(state, att.defender, ev, rules)
    elif step == "close_queue":
        state.attack = None
        state.step = "choice"
        ev.append(Event("back_to_choice", cite(state, "307.4"), ()))
    elif step == "ability_queue":
        state.step = "choice"
        ev.append(Event("back_to_choice", cite(state, "308.3"), ()))
    elif step == "play_queue":
        state.step = "choice"
        ev.append(Event("back_to_choice", cite(state, "309.3"), ()))
    elif step == "end_queue":
        finish_turn(state, ev)


def _advance(state: State, ev: list[Event]) -> None:
    """Run every step that needs no decision, until one does or the game is over."""
    while state.winner < 0:
        step = state.step
        if step in QUEUE_STEPS:
            if state.pending:
                if settle_triggers(state, ev):
                    continue
                return
            if state.queue:
                resolve_first(state, ev)
                continue
            _after_queue(state, ev)
            continue
        if step == "defender" and not defender_candidates(state):
            _assign_defender(state, 0, ev)
            continue
        return
    state.step = "game_over"

