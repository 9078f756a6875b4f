"""The Queue (Part 4, rules 401–402) and the declaration of triggered abilities (501).

Fired triggers wait in ``state.pending``.  The inactive player declares his first, in the
order he chooses, then the active player (402.1); each declaration appends to the end of the
Queue (401.3).  A player who cannot or (for an optional trigger) does not want to declare
passes (401.7); a pass on an optional trigger forfeits it.  When nobody can declare anything,
both players have passed and the first entry resolves (401.7).  A player who has nothing to
choose passes or declares without a decision point (INTERPRETING.md, entry 5).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import islice, product

from ...cards import Ability, EffectAbility, TriggeredAbility
from ...editions import activation_steps, cite, cite_one
from ...model import (
    RESOLUTION_PAUSES,
    Action,
    Event,
    PendingTrigger,
    QueueEntry,
    State,
    TargetChoice,
    Violation,
)
from ..mechanisms.attack import fight
from ..mechanisms.basic_effects import wound
from ..mechanisms.draws import choice_violation
from ..mechanisms.triggers import POISON, chain_unchanged, resolving
from ..mechanisms.wounds import (
    pause_for_wound_choice,
    wound_choices_possible,
)
from ..mechanisms.zones import check_state, return_created
from ..ops.deck_top import nameable, names_a_card
from ..queries.board import ability_of
from ..queries.payment import (
    granted_limit_reached,
    limit_reached,
    return_granted_marker,
    take_granted_marker,
    take_usage_marker,
)
from ..queries.recipients import live_targets
from ..queries.targeting import iter_target_choices, least_targets, target_violation
from .effects import run_ability

__all__ = [
    "ability_of",
    "ask_opponent",
    "can_declare_or_pass",
    "chain_length",
    "chain_order",
    "check_target_choice",
    "check_trigger_action",
    "choose_target",
    "chooser",
    "decider",
    "declarable",
    "declare_trigger",
    "declared_targets",
    "first_declared_targets",
    "only_choice",
    "opponent_chooses",
    "pass_trigger",
    "remove_cancelled_play",
    "repeat_chain_violation",
    "resolution_rules",
    "resolve_first",
    "rest_of_play",
    "settle_triggers",
    "target_choice_actions",
    "trigger_actions",
]

def trigger_ability(state: State, t: PendingTrigger) -> TriggeredAbility:
    """The triggered ability a pending trigger refers to (poison's pseudo ability included)."""
    a = ability_of(state, t)
    if not isinstance(a, TriggeredAbility):  # pragma: no cover - validated states only
        raise AssertionError(f"trigger {t.id} names an ability that is not triggered")
    return a


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


def _limit_reached(state: State, t: PendingTrigger, a: EffectAbility) -> bool:
    if t.granter:  # a granted ability's marker (R15:113.5; INTERPRETING.md, entry 180)
        return granted_limit_reached(state, t.source, t.granter, t.ability, a)
    return limit_reached(state.cards[t.source], t.ability, a)


def _choices(state: State, t: PendingTrigger, a: EffectAbility) -> Iterator[tuple[int, ...]]:
    return iter_declared_targets(state, a, t.controller, t.source)


# --- a target the opponent chooses (R15:118.1) --------------------------------------


def opponent_chooses(a: Ability) -> bool:
    """Whether the opponent of the ability's controller chooses its target («по его выбору»,
    R15:118.1)."""
    return bool(a.targets) and a.targets[0].chooser == "opponent"


def iter_declared_targets(state: State, a: Ability, controller: int, source: int) -> Iterator[tuple[int, ...]]:
    """The target lists a declaration of ``a`` by its controller may name: every legal list
    (501.1, 501.4); for an ability whose target the opponent chooses only the empty list, and
    none at all when the opponent would have no legal target to choose: such an ability cannot
    be declared (R15:502.9; INTERPRETING.md, entry 48).  Made one at a time, in the order of
    :func:`oracle.rules.queries.targeting.iter_target_choices` (the opponent's: only the first looked for)."""
    choices = iter_target_choices(state, a, controller, source)
    if opponent_chooses(a):
        if next(choices, None) is not None:
            yield ()
        return
    yield from choices


def declared_targets(state: State, a: Ability, controller: int, source: int) -> list[tuple[int, ...]]:
    """Every target list of :func:`iter_declared_targets`, for the lists of legal actions."""
    return list(iter_declared_targets(state, a, controller, source))


def first_declared_targets(
    state: State, a: Ability, controller: int, source: int, k: int = 2
) -> list[tuple[int, ...]]:
    """The first ``k`` lists of :func:`declared_targets` (all when there are fewer), without
    making the rest: whether ``a`` can be declared at all (R15:502.9; 401.7, 501.2), and
    whether with a single list (INTERPRETING.md, entry 5)."""
    return list(islice(iter_declared_targets(state, a, controller, source), k))


def ask_opponent(state: State, entry: QueueEntry) -> None:
    """The declared ability ``entry`` (no targets yet) waits for the opponent's choice of its
    target at the ``target_choice`` step, then enters the Queue and the game returns to the
    current step (R15:118.1, 501.1; INTERPRETING.md, entry 48)."""
    state.choosing = TargetChoice(entry, state.step)
    state.step = "target_choice"


def chooser(state: State) -> int:
    """Who chooses the pending target: the opponent of the ability's controller (R15:118.1);
    the mutant ``controller_chooses_opponent_target`` gives it to the controller.  -1 with no
    pending choice (a state :func:`oracle.validate.validate` refuses)."""
    tc = state.choosing
    if tc is None:
        return -1
    return 1 - tc.entry.controller if state.rules.opponent_chooses_target else tc.entry.controller


def _pending_choices(state: State) -> Iterator[tuple[int, ...]]:
    tc = state.choosing
    assert tc is not None
    return iter_target_choices(state, ability_of(state, tc.entry), tc.entry.controller, tc.entry.source)


def target_choice_actions(state: State) -> list[Action]:
    """Every legal ``choose_target`` of the chooser: each legal target list of the ability,
    read from its controller's side («противника» is the controller's opponent, 501.4)."""
    return [Action("choose_target", targets=t) for t in _pending_choices(state)]


def check_target_choice(state: State, action: Action) -> list[Violation]:
    """Violations of a ``choose_target`` (R15:118.1, 501.4)."""
    tc = state.choosing
    assert tc is not None
    a = ability_of(state, tc.entry)
    spec = a.targets[0]
    n = len(action.targets)
    out: list[Violation] = []
    if len(set(action.targets)) != n or not least_targets(state, spec) <= n <= spec.max_count:
        out.append(Violation("R15:118.1", f"choose {least_targets(state, spec)}..{spec.max_count} distinct targets"))
    if tuple(sorted(action.targets)) != action.targets:
        out.append(Violation("R15:118.1", "targets must be listed in ascending order"))
    for uid in action.targets:
        why = target_violation(state, spec, tc.entry.controller, tc.entry.source, uid) if uid in state.cards else (
            f"no card {uid}"
        )
        if why:
            out.append(Violation(cite_one(state, "501.4"), why))
    return out


def choose_target(state: State, targets: tuple[int, ...], ev: list[Event]) -> QueueEntry:
    """The chosen target completes the declaration: the ability enters the Queue at its end
    (401.3) and the game returns to the step it was declared in; an activated ability then
    resolves at once, as one whose controller chose (308.2).  A spell's entry is returned
    with its targets and does not enter the Queue here: the play goes on from R15:309.1 step 7
    (:func:`oracle.rules.turn.main_stage.resume_play`)."""
    tc = state.choosing
    assert tc is not None
    who = chooser(state)
    state.choosing = None
    entry = replace(tc.entry, targets=targets)
    state.step = tc.resume
    ev.append(
        Event(
            "target_chosen",
            ("R15:118.1", *cite(state, "501.1", "401.3")),
            (("player", who), ("source", entry.source), ("ability", entry.ability),
             ("targets", ",".join(map(str, targets)))),
        )
    )
    if entry.kind == "spell":
        return entry
    state.queue.append(entry)
    if entry.kind == "activated":
        resolve_first(state, ev)
    return entry


def only_choice(state: State) -> tuple[int, ...]:
    """The choice a chooser with a single legal choice makes without a decision point (as a
    lone declaration, INTERPRETING.md, entries 5 and 48); with none (no game reaches it: the
    declaration needed one, R15:502.9) no target, and the ability does nothing."""
    return next(_pending_choices(state), ())


def target_choice_waits(state: State) -> bool:
    """Whether the chooser has a real choice (two or more legal target lists; the first two
    only are made, R15:118.1)."""
    return len(list(islice(_pending_choices(state), 2))) >= 2


def settle_triggers(state: State, ev: list[Event]) -> bool:
    """Do what needs no decision: drop triggers that cannot be declared (limit used up,
    no legal target: 401.7, 501.2) and declare a lone mandatory trigger with a single
    possible declaration.  Returns True if something changed.  Only the first two target
    lists of each trigger are made: whether it has one, and whether exactly one."""
    seat = decider(state)
    changed = False
    kept: list[tuple[PendingTrigger, TriggeredAbility, list[tuple[int, ...]]]] = []
    for t in [t for t in state.pending if t.controller == seat]:
        a = trigger_ability(state, t)
        choices: list[tuple[int, ...]] = []
        reason = "limit" if _limit_reached(state, t, a) else ""
        if not reason:
            choices = first_declared_targets(state, a, t.controller, t.source, 2)
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
        # a constructor's chain is a decision, and so is a card named with the declaration (entry 160)
        if not a.optional and len(choices) == 1 and not a.options and not names_a_card(a):
            declare_trigger(state, t, choices[0], ev)
            changed = True
    return changed


def _iter_trigger_actions(state: State) -> Iterator[Action]:
    """The legal declare/pass actions of the deciding player, one at a time (401.7, 402.1,
    501.1, 501.2)."""
    seat = decider(state)
    for t in declarable(state, seat):
        a = trigger_ability(state, t)
        if _limit_reached(state, t, a):
            continue
        if a.options:  # a constructor: each chain of its options (R15:524.1; entry 142)
            yield from (Action("declare", trigger=t.id, values=v)
                        for v in product(range(len(a.options)), repeat=chain_length(t, a)))
        elif choice_violation(state, a, t.controller) is None:  # R15:527.2.2, 527.3: only a pass
            for targets in _choices(state, t, a):
                if names_a_card(a):  # «Назовите карту»: each card of the pool (entry 160)
                    yield from (Action("declare", trigger=t.id, targets=targets, option=c) for c in nameable())
                else:
                    yield Action("declare", trigger=t.id, targets=targets)
        if a.optional:
            yield Action("pass", trigger=t.id)


def trigger_actions(state: State) -> list[Action]:
    """Every legal declare/pass action of the deciding player."""
    return list(_iter_trigger_actions(state))


def can_declare_or_pass(state: State) -> bool:
    """Whether the deciding player has a legal declare or pass action, i.e. whether
    :func:`trigger_actions` is not empty, found without listing them: a trigger whose usage
    limit is used up or that has no legal target cannot be declared (501.2, 401.7; R15:502.9),
    and the game waits at a Queue step only for one that can (the rest are dropped first,
    :func:`settle_triggers`).  At most the first action is made."""
    return next(_iter_trigger_actions(state), None) is not None


def check_trigger_action(state: State, action: Action) -> list[Violation]:
    """Violations of a declare or pass action (402.1, 401.7, 501.2, 501.4)."""
    seat = decider(state)
    t = next((p for p in state.pending if p.id == action.trigger), None)
    if t is None:
        if 0 < action.trigger < state.next_trigger_id:
            return [
                Violation(
                    cite_one(state, "401.7"),
                    f"trigger {action.trigger} is no longer waiting: it was declared, dropped, or forfeited by a pass",
                )
            ]
        return [Violation(cite_one(state, "401.4"), f"no trigger {action.trigger} has fired")]
    if t.controller != seat:
        return [
            Violation(
                cite_one(state, "402.1"),
                "the inactive player's triggers are declared first, then the active player's",
            )
        ]
    if t not in declarable(state, seat):
        return [
            Violation(
                cite_one(state, "402.1"),
                "an earlier firing of the same ability must be declared first",
            )
        ]
    a = trigger_ability(state, t)
    if _limit_reached(state, t, a):
        return [
            Violation(
                cite_one(state, "501.2"),
                "the ability's usage limit is used up; the limit is part of the payment (R15:113.5)",
            )
        ]
    if action.kind == "pass":
        if not a.optional:
            return [Violation(cite_one(state, "401.7"), "a mandatory trigger cannot be passed while it can be declared")]
        return []
    if a.options:  # R15:524.1: the chain, n positions of its options, repeats allowed (entry 142)
        wrong_chain = repeat_chain_violation(action.values, len(a.options), chain_length(t, a))
        if wrong_chain:
            return [wrong_chain]
    elif action.values:
        return [Violation(cite_one(state, "501.1"), "values name a constructor's chain; this ability is none")]
    if names_a_card(a) and action.option not in nameable():
        # «Назовите карту»: the name is part of the declaration (R15:501.1; INTERPRETING.md, entry 160)
        return [Violation(cite_one(state, "501.1"), "option: name a card («Назовите карту») by its card id in the pool")]
    if action.option and not names_a_card(a):
        return [Violation(cite_one(state, "501.1"), "option names a card; this ability names none")]
    refused = choice_violation(state, a, t.controller)
    if refused is not None:  # «можете взять карту» that cannot be chosen (R15:527.2.2, 527.3, 527.3.1)
        return [Violation(*refused)]
    out: list[Violation] = []
    if not a.targets and action.targets:
        out.append(Violation(cite_one(state, "501.1"), "this ability has no targets"))
    if opponent_chooses(a):
        if action.targets:
            out.append(Violation("R15:118.1", "the opponent chooses this ability's target after the declaration; "
                                 "declare it without targets"))
    elif a.targets:
        spec = a.targets[0]
        if len(set(action.targets)) != len(action.targets) or not (
            least_targets(state, spec) <= len(action.targets) <= spec.max_count
        ):
            out.append(
                Violation(
                    cite_one(state, "501.1"),
                    f"choose {least_targets(state, spec)}..{spec.max_count} distinct targets",
                )
            )
        for uid in action.targets:
            why = target_violation(state, spec, t.controller, t.source, uid)
            if why:
                out.append(Violation(cite_one(state, "501.4"), why))
    if tuple(sorted(action.targets)) != action.targets:
        out.append(Violation(cite_one(state, "501.1"), "targets must be listed in ascending order"))
    return out


def chain_order(state: State, values: tuple[int, ...]) -> list[int]:
    """A constructor's chain (positions in its options) in the order it goes into the Queue: the
    player's (R15:524.1; the ``chain_in_printed_order`` mutant sorts it)."""
    chain = list(values)
    if not state.rules.chain_in_players_order:
        chain.sort()  # the mutant: the options' printed order
    return chain


def chain_length(t: PendingTrigger, a: TriggeredAbility) -> int:
    """The length of a triggered constructor's chain: its «n раз», or for «Создайте A или B за
    каждого излеченного персонажа» the X its pending trigger counts (``count``; R15:524.1;
    INTERPRETING.md, entry 213)."""
    return t.count if a.repeat_x else a.repeat


def repeat_chain_violation(values: tuple[int, ...], options: int, repeat: int) -> Violation | None:
    """The refusal of a chain «выберите n раз из» (R15:524.1) that is not exactly ``repeat``
    positions 0..``options`` - 1, repeats allowed; None when it is one."""
    if len(values) != repeat or any(not 0 <= k < options for k in values):
        return Violation("R15:524.1", f"values: exactly {repeat} positions 0..{options - 1} of the options "
                         "(repeats allowed)")
    return None


def declare_trigger(
    state: State, t: PendingTrigger, targets: tuple[int, ...], ev: list[Event], values: tuple[int, ...] = (),
    named: str = "",
) -> None:
    """Declare a pending trigger: take its usage marker (the limit is part of the payment,
    501.2) and put it at the end of the Queue (401.3); a constructor's chain ``values`` puts
    its options there instead, in the player's order (R15:524.1; INTERPRETING.md, entry 142)."""
    a = ability_of(state, t)
    state.pending.remove(t)
    if t.granter:
        take_granted_marker(state, t.source, t.granter, t.ability, a)
    else:
        take_usage_marker(state, t.source, t.ability, a)
    if isinstance(a, TriggeredAbility) and a.options:
        chain = chain_order(state, values)
        state.queue.extend(QueueEntry("triggered", t.controller, t.source, a.options[k], x=t.count, lineage=t.lineage,
                                      granter=t.granter, attacked=t.attacked) for k in chain)
        ev.append(Event("declared", cite(state, "501.1", "401.3", "402.1"),
                        (("trigger", t.id), ("source", t.source), ("ability", t.ability), ("targets", ""),
                         *((("granter", t.granter),) if t.granter else ()))))
        ev.append(Event("chain_declared", ("R15:524.1",),
                        (("source", t.source), ("abilities", ",".join(str(a.options[k]) for k in chain)))))
        return_created(state, ev)
        return
    # a «discards» trigger keeps the number of cards its discard moved in x (entry 65)
    # a card named with the declaration stays with the entry («Назовите карту»; entry 160)
    # the card a shot attacked stays with the entry («атакованное существо»; entry 183)
    entry = QueueEntry("triggered", t.controller, t.source, t.ability, targets=targets, x=t.count, named=named,
                       lineage=t.lineage, granter=t.granter, attacked=t.attacked)
    if opponent_chooses(a):
        ask_opponent(state, entry)  # R15:118.1: the target is chosen before it enters the Queue
    else:
        state.queue.append(entry)
    ev.append(
        Event(
            "declared",
            cite(state, "501.1", "401.3", "402.1"),
            (("trigger", t.id), ("source", t.source), ("ability", t.ability),
             ("targets", ",".join(map(str, targets))), *((("named", named),) if named else ()),
             *((("granter", t.granter),) if t.granter else ())),
        )
    )
    return_created(state, ev)  # the «Гибель» of a dead created card is declared (R15:519.6.1)


def pass_trigger(state: State, t: PendingTrigger, ev: list[Event]) -> None:
    """Pass on an optional trigger: it is forfeited until its condition happens again
    (401.7)."""
    state.pending.remove(t)
    if not state.rules.pass_forfeits_optional and t.subject != -1:
        state.pending.append(PendingTrigger(t.id, t.controller, t.source, t.ability, subject=-1, count=t.count,
                                            lineage=t.lineage, granter=t.granter))
    ev.append(Event("passed", cite(state, "401.7"), (("trigger", t.id),)))
    return_created(state, ev)  # R15:519.6.1: passing on it settles it too (INTERPRETING.md, entry 106)


def remove_cancelled_play(state: State, played: int, play_triggers: frozenset[str]) -> None:
    """Cancellation (R15:518.1): a cancelled play's declarations leave the Queue at once — the spell
    abilities of card ``played`` (R15:518.2: declared with their targets) — and so do the
    triggers of other cards on that play (their trigger kinds ``play_triggers``, about
    ``played``): at step 10 they are still pending, declared only after it (R15:309.1 step
    11).  The pool has no «Засада», which would stay."""
    def on_play(t: PendingTrigger) -> bool:
        return t.subject == played and t.ability != POISON and trigger_ability(state, t).trigger in play_triggers

    state.queue = [e for e in state.queue if not (e.kind == "spell" and e.source == played)]
    state.pending = [t for t in state.pending if not on_play(t)]


def resolve_first(state: State, ev: list[Event]) -> None:
    """Both players have passed: the first entry leaves the Queue and resolves (401.7,
    401.3).  It resolves even if its source has left play (401.5).  A spell's abilities take
    effect together (C:309.1 step 11, R15:309.1 step 12): once the first of a play resolves,
    the rest of that play's abilities follow before anything is declared (401.6)."""
    entry = _resolve_one(state, ev)
    rest_of_play(state, entry, ev)


def rest_of_play(state: State, entry: QueueEntry, ev: list[Event]) -> None:
    """After a spell's ability resolved, the rest of that play's abilities (R15:309.1 step
    12); a hand choice stops them until it is made (INTERPRETING.md, entry 63)."""
    while entry.kind == "spell" and state.queue and state.winner < 0 and state.step not in RESOLUTION_PAUSES:
        following = state.queue[0] if state.rules.queue_fifo else state.queue[-1]
        if following.kind != "spell" or following.source != entry.source:
            break
        _resolve_one(state, ev)


def _resolve_one(state: State, ev: list[Event]) -> QueueEntry:
    """The first entry leaves the Queue and resolves; it is returned.  The triggers its effects
    fire belong to its chain (R15:525.2, :func:`~oracle.rules.mechanisms.triggers.resolving`)."""
    entry = state.queue[0] if state.rules.queue_fifo else state.queue[-1]
    if chain_unchanged(entry, ev):
        return _resolve(state, ev)  # no chain before it, none to begin (speed only)
    with resolving(entry, ev):
        return _resolve(state, ev)


def _resolve(state: State, ev: list[Event]) -> QueueEntry:
    entry = state.queue.pop(0) if state.rules.queue_fifo else state.queue.pop()
    rules = cite(state, "401.7", "401.3")
    returns_use = entry.kind == "triggered" and state.rules.illegal_trigger_keeps_use and _became_illegal(state, entry)
    # the resolving event of an activated ability in R15 cites 308.1 step 11 (its effects
    # cite the Queue's rules, as in every edition)
    own = ("R15:113.9",) if returns_use else activation_steps(state, 11) if entry.kind == "activated" else ()
    ev.append(
        Event("resolving", (*rules, *own),
              (("kind", entry.kind), ("source", entry.source), ("ability", entry.ability),
               *((("granter", entry.granter),) if entry.granter else ())))
    )
    if entry.kind == "strike_attack":
        if wound_choices_possible(state) and pause_for_wound_choice(state, entry, 0, fight, (), ev):
            return entry  # a hero's wounds: an optional replacement is decided first (entry 223)
        fight(state, ev)
        return entry
    if entry.ability == POISON:  # poison is a creature's only (R15:7.poison): no hero's wounds to offer
        c = state.cards[entry.source]
        if state.zone_of(entry.source) == "play" and c.poison > 0:
            wound(state, entry.source, c.poison, ev, ("R15:7.poison",))
            check_state(state, ev)
        return entry
    rules = resolution_rules(state, entry)
    if returns_use:
        _return_use(state, entry)
    run_ability(state, entry, ability_of(state, entry), ev, rules)
    return entry


def resolution_rules(state: State, entry: QueueEntry) -> tuple[str, ...]:
    """The rules a resolving entry's effects cite: the Queue's (401.7, 401.3), and 401.5
    when a non-spell source has left play."""
    rules = cite(state, "401.7", "401.3")
    if entry.kind != "spell" and state.zone_of(entry.source) != "play":
        rules = (*rules, *cite(state, "401.5"))
    return rules


def _became_illegal(state: State, entry: QueueEntry) -> bool:
    """A targeted ability none of whose targets can take its effect any more (each has left
    the play zone or hidden) is not carried out (R15:120.7): it became illegal by its
    resolution (R15:113.9; INTERPRETING.md, entry 49).  Target restrictions are not checked
    again (R15:501.5)."""
    return bool(entry.targets) and not live_targets(state, entry)


def _return_use(state: State, entry: QueueEntry) -> None:
    """The «1 раз за ход» marker its declaration took comes off the source again (R15:113.9)
    (wherever the source is: markers stay on a card in the graveyard, R15:205.3); its
    ``resolving`` event cites R15:113.9 too.  A «раз за игру» marker stays: 113.9 names only
    the per-turn limit."""
    if entry.granter:
        return_granted_marker(state, entry.source, entry.granter, entry.ability)
        return
    if state.cards[entry.source].usage.get(entry.ability, 0) > 0:
        usage = state.card_mut(entry.source).usage
        usage[entry.ability] -= 1
        if not usage[entry.ability]:
            del usage[entry.ability]

