"""Step ``wound_choice``: an optional replacement of a hero's wounds, its controller's decision
(R15:517.3; INTERPRETING.md, entry 223).

The wounds of a strike attack's fight, or of one effect of the resolving ability (its *unit*),
would be put on a hero whose controller has a replacement he may apply («может …»).  The unit
waits; the look-ahead of the wound pipeline (:mod:`oracle.rules.mechanisms.wounds`) finds, with
the answers given so far (``choosing_cards.count``), the card whose replacement is offered next.
"""

from __future__ import annotations

from collections.abc import Callable

from ....cards import EffectAbility
from ....model import Action, Event, HandChoice, Memory, QueueEntry, State, Violation
from ....steps import resume_inconsistency
from ...mechanisms.attack import fight
from ...mechanisms.replacement import answering
from ...mechanisms.run import Run
from ...mechanisms.triggers import resolving
from ...mechanisms.wounds import answers_given, pause_for_wound_choice, unanswered_offer
from ...queries.board import ability_of
from ..effects import WOUNDING_OPS, Reads, effect_unit
from ..queue import resolution_rules
from ..resume import GoOn, Pause, resume

__all__ = ["PAUSE", "check_wound_choice", "offered_card", "unit_of", "wound_choice_actions", "wound_chooser"]


def unit_of(state: State, entry: QueueEntry, index: int, memory: Memory | None = None
            ) -> Callable[[State, list[Event]], None]:
    """What a wound choice waits before (INTERPRETING.md, entry 223): a strike attack's fight, or
    effect ``index`` of the resolving ability (``memory``: what its ability's run had read before
    it, R15:403.1)."""
    if entry.kind == "strike_attack":
        return fight
    return effect_unit(entry, ability_of(state, entry).effects[index], resolution_rules(state, entry),
                       Reads.of(memory))


def wound_chooser(state: State) -> int:
    """Who decides at step ``wound_choice``: the controller of the card whose replacement is
    offered (``choosing_cards.player``)."""
    hc = state.choosing_cards
    assert hc is not None, "wound_choice without choosing_cards"
    return hc.player


def offered_card(state: State) -> int:
    """The card whose optional replacement waits for the decision (found again by the
    look-ahead of its unit with the answers given so far)."""
    hc = state.choosing_cards
    assert hc is not None
    run = Run()  # the look-ahead within the waiting entry's chain (R15:525.2)
    with resolving(hc.entry, run):
        offer = unanswered_offer(state, unit_of(state, hc.entry, hc.effect, hc.memory), answers_given(hc.count), run)
    return offer[0] if offer else 0


def wound_choice_actions(state: State) -> list[Action]:
    """Let the wounds come (``replace_wounds``), or apply the card's replacement
    (``replace_wounds card=``)."""
    card = offered_card(state)
    return [Action("replace_wounds"), *((Action("replace_wounds", card=card),) if card else ())]


def check_wound_choice(state: State, action: Action) -> list[Violation]:
    """Violations of a ``replace_wounds``: its card is none or the one offered (R15:517.3)."""
    card = offered_card(state)
    if action.card in (0, card):
        return []
    return [Violation("R15:517.3", f"card {action.card} is not the card whose replacement is offered now ({card})")]


def _replace_wounds(state: State, hc: HandChoice, action: Action, ev: list[Event]) -> GoOn | None:
    """The decision joins the answers; the waiting unit is carried out with them — or waits
    again for the next optional replacement it offers — then the ability's later effects and
    the rest of its play follow, and the game returns to its Queue step (INTERPRETING.md,
    entry 223)."""
    ev.append(Event("wound_choice_made", ("R15:517.3",), (("player", hc.player), ("card", action.card))))
    answers = (*answers_given(hc.count), action.card != 0)
    state.choosing_cards = None
    state.step = hc.resume
    entry = hc.entry
    if entry.kind == "strike_attack":
        if not pause_for_wound_choice(state, entry, 0, fight, answers, ev):
            with answering(answers, ev):
                fight(state, ev)
        return None
    effect = ability_of(state, entry).effects[hc.effect]
    # the effect waited after its «при этом» / «иначе» allowed it (R15:119.4, 119.7)
    return GoOn(hc.effect, effect.if_previous != "not_done", resolution_rules(state, entry), answers)


def _inconsistency(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """What is wrong with a state waiting at step wound_choice (R15:517.3; INTERPRETING.md, entry
    223): its unit is not a fight as a whole (no cards drawn, no strike read, effect 0) nor an
    effect of ``a`` that deals wounds; the game cannot return to ``resume``
    (:func:`oracle.steps.resume_inconsistency`: before the look-ahead, which runs a fight with the
    attack that step needs); the answers given so far (``count``) are not 0 nor 2^n plus the
    bits of n answers; or the unit offers no optional replacement of wounds of a card
    ``player`` controls."""
    if hc.entry.kind == "strike_attack":
        if hc.memory is not None:
            return "choosing_cards.memory", "a fight is no ability's run: it has read nothing"
        if hc.effect != 0:
            return "choosing_cards.effect", "a fight waits as a whole: effect 0"
    elif hc.effect >= len(a.effects) or a.effects[hc.effect].op not in WOUNDING_OPS:
        return "choosing_cards.effect", f"effect {hc.effect} of that ability deals no wounds"
    wrong = resume_inconsistency(hc.resume, state.attack is not None, "choosing_cards")
    if wrong is not None:
        return wrong
    if hc.count == 1:
        return "choosing_cards.count", "the answers given: 0 for none, else 2^n plus the bits of n answers"
    if not offered_card(state) or wound_chooser(state) != state.controller_of(offered_card(state)):
        return "choosing_cards.player", ("the unit waiting offers no optional replacement of wounds of a "
                                         "card this player controls (R15:517.3)")
    return None


PAUSE = Pause("wound_choice", wound_chooser, wound_choice_actions, check_wound_choice, resume(_replace_wounds),
              _inconsistency)
