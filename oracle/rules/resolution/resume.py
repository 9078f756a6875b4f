"""Going on with an ability's resolution after a decision: the one resume every resolution
pause shares (:mod:`oracle.rules.resolution.pauses`).

A resolution that waits for a decision keeps where it stopped in ``state.choosing_cards`` (a
:class:`~oracle.model.HandChoice`: the entry, the effect's index, the Queue step to return to).
When the decision comes, its pause carries it out (its ``decide``) and says how the ability goes
on (:class:`GoOn`: from which effect, whether the effect before it was carried out for the
«при этом» / «иначе» of the next, R15:119.4, 119.7) — or that it waits again, or that the game
is over.  The rest is the same for every pause: the ability's later effects in order
(R15:119.2), then the rest of its play (R15:309.1 step 12), all of it within the resolving
entry's chain (R15:525.2, :func:`~oracle.rules.mechanisms.triggers.resolving`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...cards import EffectAbility
from ...model import Action, Event, HandChoice, Memory, QueueEntry, State, Violation
from ..mechanisms.triggers import resolving
from ..mechanisms.zones import check_state
from ..queries.board import ability_of
from .effects import keep_memory, run_effects
from .queue import resolution_rules, rest_of_play

__all__ = ["Decide", "GoOn", "Pause", "go_on", "resume", "resume_creation"]


@dataclass(frozen=True, slots=True)
class GoOn:
    """How a resolution goes on after a decision: from effect ``effect`` of the ability,
    ``done`` telling whether the effect before it was carried out (R15:119.4, 119.7), its
    effects citing ``rules``; ``answers`` are the decisions a wound choice made for the effect it
    waited before; ``memory``, when the decision added to what the run had read (a discard of
    the controller's cards), replaces the pause's (:func:`oracle.rules.resolution.effects.run_effects`);
    ``entry``, when the decision named the ability's target (R15:119.2 «в Очереди у этой
    способности заменяются цели»; INTERPRETING.md, entry 250), replaces the waiting entry."""

    effect: int
    done: bool
    rules: tuple[str, ...]
    answers: tuple[bool, ...] = ()
    memory: Memory | None = None
    entry: QueueEntry | None = None


#: A pause's decision: it carries out ``action`` for the resolution waiting in ``hc`` and says how
#: the resolution goes on (None: it waits again, or nothing of the ability is left to carry out).
Decide = Callable[[State, HandChoice, Action, list[Event]], "GoOn | None"]


def go_on(state: State, entry: QueueEntry, go: GoOn, ev: list[Event], memory: Memory | None = None) -> None:
    """The ability of ``entry`` goes on as ``go`` says, from what its run had read before the
    pause (``memory``, unless the decision added to it: ``go.memory``), then the rest of its play
    (R15:119.2, 309.1 step 12); both stop at once at a pause or a finished game."""
    run_effects(state, entry, ability_of(state, entry), go.effect, go.done, ev, go.rules, go.answers,
                go.memory if go.memory is not None else memory)
    rest_of_play(state, entry, ev)


def resume(decide: Decide) -> Callable[[State, Action, list[Event]], None]:
    """The step function of a resolution pause: its decision, then :func:`go_on`, within the
    resolving entry's chain (R15:525.2)."""
    def perform(state: State, action: Action, ev: list[Event]) -> None:
        hc = state.choosing_cards
        assert hc is not None, f"{state.step} without choosing_cards"
        with resolving(hc.entry, ev):
            go = decide(state, hc, action, ev)
            if go is not None:
                go_on(state, go.entry if go.entry is not None else hc.entry, go, ev, hc.memory)
            else:  # it waits again (the next chooser, the shuffle): with the same memory
                keep_memory(state, hc.entry, hc.memory)

    return perform


def resume_creation(state: State, entry: QueueEntry, effect: int, ev: list[Event], memory: Memory | None = None
                    ) -> None:
    """A created Модуль creature has entered play or been attached (step ``module_choice``):
    the creating ability's effects after ``effect`` follow, from what its run had read
    (``memory``), then the rest of its play (R15:119.2; INTERPRETING.md, entry 104)."""
    check_state(state, ev)
    if state.winner >= 0:
        return
    go_on(state, entry, GoOn(effect + 1, True, resolution_rules(state, entry)), ev, memory)


@dataclass(frozen=True, slots=True)
class Pause:
    """A decision taken while an ability resolves, one module of
    :mod:`oracle.rules.resolution.pauses` each: its step (a row of :data:`oracle.steps.STEP_SPECS`
    whose ``resolution_pause`` is set), who decides there, its legal actions, the check of an
    action, the step function that carries the decision out and resumes (:func:`resume`), and
    what makes a state waiting there inconsistent (``inconsistency``: the field and why, or None;
    the validator's rule 12, PROTOCOL.md 5.4, asks it after the checks every pause shares)."""

    step: str
    decides: Callable[[State], int]
    legal: Callable[[State], list[Action]]
    check: Callable[[State, Action], list[Violation]]
    perform: Callable[[State, Action, list[Event]], None]
    inconsistency: Callable[[State, HandChoice, EffectAbility], tuple[str, str] | None] | None = None
