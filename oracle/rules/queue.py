"""The Queue (Part 4, rules 401–402) and the declaration of triggered abilities (501).

Fired triggers wait in ``state.pending``.  The inactive player declares his first, in the
order he chooses, then the active player (402.1); each declaration appends to the end of the
Queue (401.3).  A player who cannot or (for an optional trigger) does not want to declare
passes (401.7); a pass on an optional trigger forfeits it.  When nobody can declare anything,
both players have passed and the first entry resolves (401.7).  A player who has nothing to
choose passes or declares without a decision point (INTERPRETING.md, entry 5).
"""

from __future__ import annotations

from ..cards import Ability
from ..editions import cite
from ..model import Action, Event, PendingTrigger, QueueEntry, State, Violation
from .attack import fight
from .board import card_def, target_choices, target_violation
from .effects import check_state, run_ability, wound
from .payment import limit_reached, take_usage_marker
from .triggers import POISON

__all__ = [
    "ability_of",
    "check_trigger_action",
    "decider",
    "declarable",
    "declare_trigger",
    "pass_trigger",
    "resolve_first",
    "settle_triggers",
    "trigger_actions",
]

_POISON_ABILITY = Ability(kind="triggered", trigger="start_of_turn")


def ability_of(state: State, entry: QueueEntry | PendingTrigger) -> Ability:
    """The ability a queue entry or pending trigger refers to."""
    if entry.ability == POISON:
        return _POISON_ABILITY
    d = card_def(state, entry.source)
    if isinstance(entry, QueueEntry):
        if entry.part == -2 and d.fury is not None:
            return d.fury.abilities[entry.ability]
        if entry.mode >= 0:
            return d.modes[entry.mode][entry.ability]
    return d.abilities[entry.ability]


def decider(state: State) -> int:
    """Who declares next: the inactive player while he has pending triggers (402.1)."""
    first = state.inactive if state.rules.inactive_declares_first else state.active
    if any(t.controller == first for t in state.pending):
        return first
    return 1 - first


def declarable(state: State, seat: int) -> list[PendingTrigger]:
    """The pending triggers ``seat`` may declare next: every one of his, in any order —
    also several firings of one ability, the later before the earlier (402.1: «в
    выбранном этим игроком порядке»; INTERPRETING.md, entry 9).  The mutant
    ``oldest_firing_first`` allows only the earliest pending firing of each ability."""
    mine = [t for t in state.pending if t.controller == seat]
    if state.rules.any_firing_first:
        return mine
    seen: set[tuple[int, int]] = set()
    out = []
    for t in mine:
        key = (t.source, t.ability)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def _limit_reached(state: State, t: PendingTrigger, a: Ability) -> bool:
    return limit_reached(state.cards[t.source], t.ability, a)


def _choices(state: State, t: PendingTrigger, a: Ability) -> list[tuple[int, ...]]:
    return target_choices(state, a, t.controller, t.source)


def settle_triggers(state: State, ev: list[Event]) -> bool:
    """Do what needs no decision: drop triggers that cannot be declared (limit used up,
    no legal target: 401.7, 501.2) and declare a lone mandatory trigger with a single
    possible declaration.  Returns True if something changed."""
    seat = decider(state)
    changed = False
    kept: list[tuple[PendingTrigger, Ability, list[tuple[int, ...]]]] = []
    for t in [t for t in state.pending if t.controller == seat]:
        a = ability_of(state, t)
        choices: list[tuple[int, ...]] = []
        reason = "limit" if _limit_reached(state, t, a) else ""
        if not reason:
            choices = _choices(state, t, a)
            reason = "" if choices else "no_target"
        if reason:
            state.pending.remove(t)
            rules = (*cite(state, "501.2"), "R15:113.5") if reason == "limit" else cite(state, "401.7")
            ev.append(Event("trigger_dropped", rules, (("trigger", t.id), ("reason", reason))))
            changed = True
        else:
            kept.append((t, a, choices))
    if len(kept) == 1:
        t, a, choices = kept[0]
        if not a.optional and len(choices) == 1:
            declare_trigger(state, t, choices[0], ev)
            changed = True
    return changed


def trigger_actions(state: State) -> list[Action]:
    """Every legal declare/pass action of the deciding player."""
    seat = decider(state)
    out: list[Action] = []
    for t in declarable(state, seat):
        a = ability_of(state, t)
        if _limit_reached(state, t, a):
            continue
        for targets in _choices(state, t, a):
            out.append(Action("declare", trigger=t.id, targets=targets))
        if a.optional:
            out.append(Action("pass", trigger=t.id))
    return out


def check_trigger_action(state: State, action: Action) -> list[Violation]:
    """Violations of a declare or pass action (402.1, 401.7, 501.2, 501.4)."""
    seat = decider(state)
    t = next((p for p in state.pending if p.id == action.trigger), None)
    if t is None:
        if 0 < action.trigger < state.next_trigger_id:
            return [
                Violation(
                    cite(state, "401.7")[0],
                    f"trigger {action.trigger} is no longer waiting: it was declared, dropped, or forfeited by a pass",
                )
            ]
        return [Violation(cite(state, "401.4")[0], f"no trigger {action.trigger} has fired")]
    if t.controller != seat:
        return [
            Violation(
                cite(state, "402.1")[0],
                "the inactive player's triggers are declared first, then the active player's",
            )
        ]
    if t not in declarable(state, seat):
        return [
            Violation(
                cite(state, "402.1")[0],
                "an earlier firing of the same ability must be declared first",
            )
        ]
    a = ability_of(state, t)
    if _limit_reached(state, t, a):
        return [
            Violation(
                cite(state, "501.2")[0],
                "the ability's usage limit is used up; the limit is part of the payment (R15:113.5)",
            )
        ]
    if action.kind == "pass":
        if not a.optional:
            return [Violation(cite(state, "401.7")[0], "a mandatory trigger cannot be passed while it can be declared")]
        return []
    out: list[Violation] = []
    if not a.targets and action.targets:
        out.append(Violation(cite(state, "501.1")[0], "this ability has no targets"))
    if a.targets:
        spec = a.targets[0]
        if len(set(action.targets)) != len(action.targets) or not (
            spec.min_count <= len(action.targets) <= spec.max_count
        ):
            out.append(
                Violation(
                    cite(state, "501.1")[0],
                    f"choose {spec.min_count}..{spec.max_count} distinct targets",
                )
            )
        for uid in action.targets:
            why = target_violation(state, spec, t.controller, t.source, uid)
            if why:
                out.append(Violation(cite(state, "501.4")[0], why))
    if tuple(sorted(action.targets)) != action.targets:
        out.append(Violation(cite(state, "501.1")[0], "targets must be listed in ascending order"))
    return out


def declare_trigger(state: State, t: PendingTrigger, targets: tuple[int, ...], ev: list[Event]) -> None:
    """Declare a pending trigger: take its usage marker (the limit is part of the payment,
    501.2) and put it at the end of the Queue (401.3)."""
    a = ability_of(state, t)
    state.pending.remove(t)
    take_usage_marker(state.cards[t.source], t.ability, a)
    state.queue.append(QueueEntry("triggered", t.controller, t.source, t.ability, targets))
    ev.append(
        Event(
            "declared",
            cite(state, "501.1", "401.3", "402.1"),
            (("trigger", t.id), ("source", t.source), ("ability", t.ability),
             ("targets", ",".join(map(str, targets)))),
        )
    )


def pass_trigger(state: State, t: PendingTrigger, ev: list[Event]) -> None:
    """Pass on an optional trigger: it is forfeited until its condition happens again
    (401.7)."""
    state.pending.remove(t)
    if not state.rules.pass_forfeits_optional and t.subject != -1:
        state.pending.append(PendingTrigger(t.id, t.controller, t.source, t.ability, -1))
    ev.append(Event("passed", cite(state, "401.7"), (("trigger", t.id),)))


def resolve_first(state: State, ev: list[Event]) -> None:
    """Both players have passed: the first entry leaves the Queue and resolves (401.7,
    401.3).  It resolves even if its source has left play (401.5)."""
    entry = state.queue.pop(0) if state.rules.queue_fifo else state.queue.pop()
    rules = cite(state, "401.7", "401.3")
    ev.append(
        Event("resolving", rules, (("kind", entry.kind), ("source", entry.source), ("ability", entry.ability)))
    )
    if entry.kind == "strike_attack":
        fight(state, ev)
        return
    if entry.ability == POISON:
        c = state.cards[entry.source]
        if state.zone_of(entry.source) == "play" and c.poison > 0:
            wound(state, entry.source, c.poison, ev, ("R15:7.poison",))
            check_state(state, ev)
        return
    if entry.kind != "spell" and state.zone_of(entry.source) != "play":
        rules = (*rules, *cite(state, "401.5"))
    run_ability(state, entry, ability_of(state, entry), ev, rules)

