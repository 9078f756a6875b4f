"""The engine's public face: who decides, which actions are legal, and what follows.

The game is a state machine with explicit chance nodes (OpenSpiel style): every point where
it waits is a :class:`Decision` of player 0, player 1 or chance (:data:`~oracle.model.CHANCE`).
:func:`apply` never changes its argument; an illegal action raises :class:`IllegalAction`
with the violations, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter

from .editions import cite, cite_one
from .errors import OracleError
from .model import CHANCE, STEPS, Action, Actor, Attack, Event, QueueEntry, State, Violation
from .rules.mechanisms.attack import defender_candidates, defender_violations, directed, end_attack_window
from .rules.mechanisms.basic_effects import close_card
from .rules.mechanisms.modules import check_module_choice, choose_host, module_choice_actions, module_chooser
from .rules.mechanisms.run import Run
from .rules.mechanisms.zones import perish_lifeless
from .rules.queries.board import ability_of, has_keyword, learn_card_facts
from .rules.resolution.cancellation import (
    apply_cancel_choice,
    cancel_choice_actions,
    canceller_seat,
    check_cancel_choice,
)
from .rules.resolution.pauses import PAUSES
from .rules.resolution.pauses.hand import resume_taking
from .rules.resolution.queue import (
    check_target_choice,
    check_trigger_action,
    choose_target,
    chooser,
    decider,
    declare_trigger,
    only_choice,
    pass_trigger,
    resolve_first,
    settle_triggers,
    target_choice_actions,
    target_choice_waits,
    trigger_actions,
)
from .rules.resolution.resume import resume_creation
from .rules.turn.end_turn import finish_turn
from .rules.turn.main_stage import (
    apply_choice_action,
    check_choice_action,
    choice_actions,
    resume_module_play,
    resume_play,
)
from .rules.turn.setup import apply_setup_action, check_setup_action, mulligan_seat, setup_actions
from .rules.turn.turn_start import reveal
from .steps import (
    ACTION_SPECS,
    QUEUE_DECIDING_RULE,
    QUEUE_STEPS,
    QUEUE_WRONG_STEP_RULE,
    RESOLUTION_PAUSES,
    SHUFFLE_STEPS,
    STEP_BY_NAME,
)

__all__ = [
    "DECIDING_RULE",
    "FIELD_RULE",
    "GAME_OVER_RULE",
    "NOT_YET_IN_QUEUE_RULES",
    "QUEUE_DECIDING_RULE",
    "QUEUE_STEPS",
    "QUEUE_WRONG_STEP_RULE",
    "SHUFFLE_STEPS",
    "STEP_ACTION_KINDS",
    "STEP_TABLE",
    "USED_FIELDS",
    "WRONG_STEP_RULE",
    "Decision",
    "IllegalAction",
    "Outcome",
    "StepRow",
    "apply",
    "check",
    "decision",
    "legal_actions",
    "shuffled_seat",
]

@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now and what about.  ``actor`` is an :class:`~oracle.model.Actor`
    value: 0, 1, CHANCE, or -1 (NOBODY) when the game is over.  ``kind`` names the decision
    (the step, or "trigger" for declarations)."""

    actor: Actor
    kind: str


@dataclass(slots=True)
class Outcome:
    """The result of :func:`apply`: the next state and the ordered events.  Treat it as
    immutable (not frozen for speed alone, as :class:`oracle.model.Event`: one per ``apply``)."""

    state: State
    events: tuple[Event, ...]


class IllegalAction(OracleError, ValueError):
    """The action is not legal in this state; ``violations`` say why, by rule."""

    def __init__(self, violations: list[Violation]) -> None:
        super().__init__("; ".join(f"{v.rule}: {v.message}" for v in violations))
        self.violations = violations


def decision(state: State) -> Decision:
    """Who must decide now (the step's row of :data:`STEP_TABLE`).  The state is always
    settled (see :func:`_advance`)."""
    if state.winner >= 0:
        return Decision(Actor.NOBODY, "game_over")
    row = STEP_TABLE[state.step]
    return Decision(Actor(row.decides(state)), row.decision_kind)


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the deciding actor, in a stable order.  At a shuffle (a
    chance node whose outcomes are the deck's permutations: ``setup_shuffle``, and
    ``search_shuffle`` after a search) the list is empty: any permutation of the deck is legal.  Where nobody decides (the game is over, or a state
    :func:`oracle.validate.validate` refuses, see :func:`check`) the list is empty."""
    row = STEP_TABLE[state.step]
    if row.decides(state) == Actor.NOBODY:
        return []
    return row.legal(state)




def shuffled_seat(state: State) -> int:
    """The seat whose deck chance orders now, at a step of :data:`SHUFFLE_STEPS`: the next
    deck of the setup (``shuffled``), or the searcher's (``choosing_cards.player``)."""
    if state.step == "search_shuffle" and state.choosing_cards is not None:
        return state.choosing_cards.player
    return state.shuffled


#: The fields each kind of action uses (:attr:`oracle.steps.ActionSpec.fields`); any other
#: field must keep its default, so that ``check`` accepts exactly the actions ``legal_actions``
#: offers.
USED_FIELDS: dict[str, tuple[str, ...]] = {a.kind: a.fields for a in ACTION_SPECS}
_FIELDS = ("card", "ability", "targets", "amounts", "x", "mode", "option", "values", "trigger")
_DEFAULTS = {f: getattr(Action("end_turn"), f) for f in _FIELDS}
#: Per action kind, the fields it leaves at their defaults (those not in USED_FIELDS).
_UNUSED_FIELDS = {kind: tuple(f for f in _FIELDS if f not in used) for kind, used in USED_FIELDS.items()}
#: Per action kind, a getter of its unused fields and the tuple of their defaults: one comparison
#: tells a well-formed action (speed only; the names are found only for a refusal).
_UNUSED_GETTERS = {kind: (attrgetter(*unused, "kind"), (*(_DEFAULTS[f] for f in unused), kind))
                   for kind, unused in _UNUSED_FIELDS.items()}
#: The rule a malformed action of each kind is refused under (:attr:`oracle.steps.ActionSpec.field_rule`).
FIELD_RULE: dict[str, str] = {a.kind: a.field_rule for a in ACTION_SPECS}

#: The rule any action is refused under once the game is over (its step's declaration).
GAME_OVER_RULE = STEP_BY_NAME["game_over"].deciding_rule
#: The rules, per edition, a ``declare`` or ``pass`` is refused under when a trigger is
#: pending but the game is not at a Queue step (a «при атаке» trigger before the fight).
NOT_YET_IN_QUEUE_RULES: dict[str, tuple[str, ...]] = {
    "A": ("307.2", "401.2"),
    "B": ("307.2",),
    "C": ("307.2",),
    "R15": ("307.2",),
}


def check(state: State, action: Action) -> list[Violation]:
    """The violations of ``action`` in ``state``; empty when it is legal.  Checked in layers:
    the game is over; the actor does not decide now (the step's deciding rule); the step
    does not take this kind of action; a field the kind does not use is set; then the
    step's own check (its row of :data:`STEP_TABLE`)."""
    if state.winner >= 0 or state.step == "game_over":
        return [Violation(GAME_OVER_RULE, "the game is over; no action can be taken")]
    row = STEP_TABLE[state.step]
    who = row.decides(state)
    if who == Actor.NOBODY or (action.actor != -1 and action.actor != who):
        # nobody decides only in a state validate refuses: every actor is refused alike
        return [_not_your_decision(state, action.actor, who)]
    if action.kind not in row.kinds:
        if action.kind in ("declare", "pass") and state.pending:
            return _not_yet_in_the_queue(state)
        return [_wrong_moment(state, action)]
    getter, defaults = _UNUSED_GETTERS[action.kind]  # (the kind is among them: always a tuple)
    if getter(action) != defaults and (
            unused := [f for f in _UNUSED_FIELDS[action.kind] if getattr(action, f) != _DEFAULTS[f]]):
        rule = cite_one(state, FIELD_RULE[action.kind])
        return [Violation(rule, f"{action.kind!r} takes no {', '.join(unused)}; leave unused fields at their defaults")]
    return row.check(state, action)


def _check_defender(state: State, action: Action) -> list[Violation]:
    return [] if action.card == 0 else defender_violations(state, action.card)


def _check_reveal(state: State, action: Action) -> list[Violation]:
    mine = state.players[state.active].play
    if len(set(action.targets)) != len(action.targets) or tuple(sorted(action.targets)) != action.targets:
        return [Violation(cite_one(state, "304.3"), "list distinct hidden cards in ascending order")]
    for uid in action.targets:
        if uid not in mine or not state.cards[uid].hidden:
            return [Violation(cite_one(state, "304.3"), f"card {uid} is not a hidden card of the active player")]
    return []


def _defender_actions(state: State) -> list[Action]:
    return [Action("defend")] + [Action("defend", card=uid) for uid in defender_candidates(state)]


def _reveal_actions(state: State) -> list[Action]:
    hidden = sorted(u for u in state.players[state.active].play if state.cards[u].hidden)
    return [Action("reveal", targets=c) for k in range(len(hidden) + 1) for c in combinations(hidden, k)]


def _not_your_decision(state: State, actor: int, who: int) -> Violation:
    """The refusal, under the step's deciding rule, of an action by ``actor`` (-1: whoever
    decides) when ``who`` decides.  ``who`` is NOBODY (-1) only in a state no game reaches
    and :func:`oracle.validate.validate` refuses (``setup_mulligan`` without
    ``first_player``, ``setup_order`` without ``roll_winner``): every actor is then refused
    under the same rule, never with a ``KeyError``."""
    names: dict[int, str] = {
        Actor.PLAYER_1: "player 1", Actor.PLAYER_2: "player 2", Actor.CHANCE: "chance", Actor.NOBODY: "nobody",
    }
    rule = cite_one(state, STEP_TABLE[state.step].deciding_rule)
    if actor == -1:
        return Violation(rule, f"nobody decides now (step {state.step})")
    return Violation(rule, f"{names.get(actor, f'actor {actor}')} does not decide now; {names[who]} does")


def _not_yet_in_the_queue(state: State) -> list[Violation]:
    """A trigger that fired outside the Queue (a «при атаке» trigger, at the attack
    declaration) cannot be declared before the next point at which triggers enter the
    Queue: after the fight (307.2; edition A's long 401.2, INTERPRETING.md entry 11)."""
    msg = "a trigger that fired outside the Queue waits for the nearest point: it is declared after the fight"
    return [Violation(rule, msg) for rule in cite(state, *NOT_YET_IN_QUEUE_RULES[state.edition])]


def _wrong_moment(state: State, action: Action) -> Violation:
    row = STEP_TABLE[state.step]
    if row.decision_kind == "trigger":
        return Violation(
            cite_one(state, row.wrong_step_rule), f"the Queue is being resolved: only declare or pass, not {action.kind!r}"
        )
    return Violation(cite_one(state, row.wrong_step_rule), f"{action.kind!r} cannot be done now (step {state.step})")


def apply(state: State, action: Action) -> Outcome:
    """The next state and the events ``action`` caused; raise :class:`IllegalAction`
    (changing nothing) if it is illegal."""
    violations = check(state, action)
    if violations:
        raise IllegalAction(violations)
    learn_card_facts(state)  # kept on the given state, so that its forks share them (speed only)
    nxt = state.fork()
    ev: list[Event] = Run()  # the events, and the resolution memory carried with them
    _perform(nxt, action, ev)
    _advance(nxt, ev)
    return Outcome(nxt, tuple(ev))


def _perform(state: State, action: Action, ev: list[Event]) -> None:
    STEP_TABLE[state.step].perform(state, action, ev)


def _perform_trigger(state: State, action: Action, ev: list[Event]) -> None:
    t = next(p for p in state.pending if p.id == action.trigger)
    if action.kind == "declare":
        declare_trigger(state, t, action.targets, ev, action.values, action.option)
    else:
        pass_trigger(state, t, ev)


def _perform_defender(state: State, action: Action, ev: list[Event]) -> None:
    _assign_defender(state, action.card, ev)


def _perform_reveal(state: State, action: Action, ev: list[Event]) -> None:
    reveal(state, action.targets, ev)


def _perform_target_choice(state: State, action: Action, ev: list[Event]) -> None:
    _choose(state, action.targets, ev)


def _choose(state: State, targets: tuple[int, ...], ev: list[Event]) -> None:
    """The opponent's choice completes the declaration (R15:118.1); a spell's play then goes
    on from R15:309.1 step 7 (INTERPRETING.md, entry 48)."""
    entry = choose_target(state, targets, ev)
    if entry.kind == "spell":
        resume_play(state, entry, ev)


def _perform_cancel_choice(state: State, action: Action, ev: list[Event]) -> None:
    """Step 10 of R15:309.1 decided: the play is cancelled or not (R15:518.1), then goes on:
    back at step ``play_queue`` with no trigger pending, :func:`_advance` resolves the play's
    abilities left in the Queue (all of them together, :func:`resolve_first`), as
    :func:`continue_play` would."""
    apply_cancel_choice(state, action, ev)


def _perform_module_choice(state: State, action: Action, ev: list[Event]) -> None:
    """The Модуль decision (R15 glossary «Модуль»); then the play or the creating ability goes
    on (INTERPRETING.md, entry 104)."""
    mc = choose_host(state, action, ev)
    if mc.entry.ability < 0:
        resume_module_play(state, mc, ev)
    elif ability_of(state, mc.entry).effects[mc.effect].op == "create":
        resume_creation(state, mc.entry, mc.effect, ev, mc.memory)
    else:  # a summon or a resurrection (R15:519.3, 519.4)
        resume_taking(state, mc, ev)


def _assign_defender(state: State, uid: int, ev: list[Event]) -> None:
    """307.1: the inactive player may assign a defender; then the strike attack goes into
    the Queue and resolves at once."""
    att = state.attack
    assert att is not None
    if uid:
        state.card_mut(uid).defended_turn = state.turn
        state.attack = Attack(att.attacker, att.target, uid)
        ev.append(Event("defender_assigned", (*cite(state, "307.1"), "R15:509.1"), (("defender", uid),)))
    else:
        # a directed strike can have no defender (R15:7.directed; INTERPRETING.md, entry 74)
        ev.append(Event("no_defender", (*cite(state, "307.1"), *(("R15:7.directed",) if directed(state) else ())), ()))
    state.queue.append(QueueEntry("strike_attack", state.active, att.attacker, -1, targets=(att.defender or att.target,)))
    state.step = "fight_queue"
    resolve_first(state, ev)


def _after_attack_queue(state: State, ev: list[Event]) -> None:
    """The triggers on the attack declaration have resolved (R15:307.1); the defender step
    follows, or the attack ends if its attacker is gone (INTERPRETING.md entry 50)."""
    end_attack_window(state, ev)


def _after_start_queue(state: State, ev: list[Event]) -> None:
    state.step = "choice"
    ev.append(Event("main_stage", cite(state, "304.5", "305.2"), ()))


def _after_fight_queue(state: State, ev: list[Event]) -> None:
    att = state.attack
    assert att is not None
    state.step = "close_queue"
    rules = (*cite(state, "307.3"), "R15:506.3")
    # «Опыт в атаке»: the attacker is not closed after its strike attack (R15:7.attackexperience;
    # INTERPRETING.md, entry 81; the ``attack_experience_ignored`` mutant closes it)
    experienced = has_keyword(state, att.attacker, "attack_experience") and state.rules.attack_experience_keeps_open
    if state.rules.attacker_closes and not experienced:
        close_card(state, att.attacker, ev, rules)
    # «Опыт в защите»: the defender is not closed either (R15:7.defenceexperience, R15:509.5;
    # INTERPRETING.md, entry 150; the ``defence_experience_ignored`` mutant closes it)
    if att.defender and not (has_keyword(state, att.defender, "defence_experience")
                             and state.rules.defence_experience_keeps_open):
        close_card(state, att.defender, ev, rules)


def _after_close_queue(state: State, ev: list[Event]) -> None:
    state.attack = None
    state.step = "choice"
    ev.append(Event("back_to_choice", cite(state, "307.4"), ()))


def _back_to_choice(rule: str) -> Callable[[State, list[Event]], None]:
    def after(state: State, ev: list[Event]) -> None:
        state.step = "choice"
        ev.append(Event("back_to_choice", cite(state, rule), ()))

    return after


def _advance(state: State, ev: list[Event]) -> None:
    """Run every step that needs no decision, until one does or the game is over."""
    while state.winner < 0:
        step = state.step
        row = STEP_TABLE[step]
        if row.after_queue is not None:
            if state.pending:
                if settle_triggers(state, ev):
                    continue
                return
            if state.queue:
                resolve_first(state, ev)
                continue
            if perish_lifeless(state, ev):  # R15:512.6: the Queue is empty; their triggers enter it
                continue
            row.after_queue(state, ev)
            continue
        if step == "defender" and not defender_candidates(state):
            _assign_defender(state, 0, ev)
            continue
        if step == "target_choice" and not target_choice_waits(state):
            _choose(state, only_choice(state), ev)  # a lone choice is no decision (entries 5 and 48)
            continue
        return
    state.step = "game_over"




def _game_over_actions(state: State) -> list[Action]:
    return []


def _game_over_check(state: State, action: Action) -> list[Violation]:
    return [Violation(GAME_OVER_RULE, "the game is over; no action can be taken")]


def _game_over_perform(state: State, action: Action, ev: list[Event]) -> None:  # pragma: no cover
    raise AssertionError("check refuses every action once the game is over")


@dataclass(frozen=True, slots=True)
class StepRow:
    """One step of the game (:data:`oracle.model.STEPS`): who decides there and what about,
    the kinds of action it takes, the rules that refuse an action by someone else or of
    another kind, and the functions that list, check and perform its actions.  A Queue
    step (``after_queue`` set) takes ``declare`` and ``pass``; once its Queue is empty and
    nothing is pending, ``after_queue`` continues with the rule that follows it."""

    decision_kind: str
    decides: Callable[[State], int]
    kinds: tuple[str, ...]
    deciding_rule: str
    wrong_step_rule: str
    legal: Callable[[State], list[Action]]
    check: Callable[[State, Action], list[Violation]]
    perform: Callable[[State, Action, list[Event]], None]
    after_queue: Callable[[State, list[Event]], None] | None = None


def _chance(state: State) -> int:
    return CHANCE


def _active(state: State) -> int:
    return state.active


def _inactive(state: State) -> int:
    return state.inactive


def _roll_winner(state: State) -> int:
    return state.roll_winner


def _nobody(state: State) -> int:
    return Actor.NOBODY


def _row(step: str, decides: Callable[[State], int], legal: Callable[[State], list[Action]],
         check: Callable[[State, Action], list[Violation]], perform: Callable[[State, Action, list[Event]], None],
         after_queue: Callable[[State, list[Event]], None] | None = None) -> StepRow:
    """The row of ``step``: its declaration (:data:`oracle.steps.STEP_BY_NAME`) and the functions
    that decide who decides, list, check and perform its actions (and continue after its Queue)."""
    spec = STEP_BY_NAME[step]
    if spec.queue != (after_queue is not None):
        raise AssertionError(f"step {step}: a Queue step, and only one, continues after its Queue")
    return StepRow(spec.decision, decides, spec.kinds, spec.deciding_rule, spec.wrong_step_rule, legal, check, perform,
                   after_queue)


def _setup_row(step: str, decides: Callable[[State], int]) -> StepRow:
    return _row(step, decides, setup_actions, check_setup_action, apply_setup_action)


def _queue_row(step: str, after: Callable[[State, list[Event]], None]) -> StepRow:
    return _row(step, decider, trigger_actions, check_trigger_action, _perform_trigger, after)


#: One row per step, in the order of :data:`oracle.model.STEPS`: each step's declaration
#: (:data:`oracle.steps.STEP_SPECS`: who decides what, which rules refuse) bound to the
#: functions that decide who decides and list, check and perform its actions;
#: :func:`decision`, :func:`legal_actions`, :func:`check` and :func:`apply` dispatch through it.
_ROWS: dict[str, StepRow] = {
    "setup_roll": _setup_row("setup_roll", _chance),
    "setup_order": _setup_row("setup_order", _roll_winner),
    "setup_shuffle": _setup_row("setup_shuffle", _chance),
    "setup_mulligan": _setup_row("setup_mulligan", mulligan_seat),
    "reveal": _row("reveal", _active, _reveal_actions, _check_reveal, _perform_reveal),
    "start_queue": _queue_row("start_queue", _after_start_queue),
    "choice": _row("choice", _active, choice_actions, check_choice_action, apply_choice_action),
    "attack_queue": _queue_row("attack_queue", _after_attack_queue),
    "defender": _row("defender", _inactive, _defender_actions, _check_defender, _perform_defender),
    "fight_queue": _queue_row("fight_queue", _after_fight_queue),
    "close_queue": _queue_row("close_queue", _after_close_queue),
    "ability_queue": _queue_row("ability_queue", _back_to_choice("308.3")),
    "play_queue": _queue_row("play_queue", _back_to_choice("309.3")),
    "end_queue": _queue_row("end_queue", finish_turn),
    "target_choice": _row("target_choice", chooser, target_choice_actions, check_target_choice, _perform_target_choice),
    **{step: _row(step, p.decides, p.legal, p.check, p.perform) for step, p in PAUSES.items()},
    "cancel_choice": _row("cancel_choice", canceller_seat, cancel_choice_actions, check_cancel_choice,
                          _perform_cancel_choice),
    "module_choice": _row("module_choice", module_chooser, module_choice_actions, check_module_choice,
                          _perform_module_choice),
    "game_over": _row("game_over", _nobody, _game_over_actions, _game_over_check, _game_over_perform),
}
assert set(_ROWS) == set(STEPS), "STEP_TABLE must hold one row per step of oracle.model.STEPS"
assert set(PAUSES) <= set(RESOLUTION_PAUSES), "a pause module's step is a resolution pause of oracle.steps"
STEP_TABLE: dict[str, StepRow] = {step: _ROWS[step] for step in STEPS}

#: The kinds of action each step outside the Queue accepts (in a Queue step: ``declare`` and
#: ``pass``).
STEP_ACTION_KINDS: dict[str, tuple[str, ...]] = {
    step: row.kinds for step, row in STEP_TABLE.items() if step not in QUEUE_STEPS and step != "game_over"
}
#: The rule an action of a kind the step does not accept is refused under, per step outside
#: the Queue (in a Queue step: :data:`QUEUE_WRONG_STEP_RULE`).
WRONG_STEP_RULE: dict[str, str] = {step: STEP_TABLE[step].wrong_step_rule for step in STEP_ACTION_KINDS}
#: The rule an action by an actor who does not decide now is refused under, per step
#: outside the Queue (in a Queue step: :data:`QUEUE_DECIDING_RULE`).
DECIDING_RULE: dict[str, str] = {step: STEP_TABLE[step].deciding_rule for step in STEP_ACTION_KINDS}
