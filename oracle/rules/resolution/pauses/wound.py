"""Step ``wound_choice``: a decision about the replacements of wounds (R15:517.3, 517.4) — which
of several that can apply to the same wounds applies next (INTERPRETING.md, entry 242), or
whether an optional one («может …», Курдаш) applies (entry 223).

The wounds of a strike attack's fight, or of one effect of the resolving ability (its *unit*),
would meet such a question.  The unit waits; the look-ahead of the wound pipeline
(:mod:`oracle.rules.mechanisms.wounds`) finds, with the answers given so far
(``choosing_cards.count``, bits: :mod:`oracle.rules.mechanisms.replacement`), the question asked
next: who decides, the replacements offered, and whether "none" is an answer.
"""

from __future__ import annotations

from collections.abc import Callable

from ....cards import EffectAbility
from ....model import Action, Event, HandChoice, Memory, QueueEntry, State, Violation
from ....steps import resume_inconsistency
from ...mechanisms.attack import fight
from ...mechanisms.replacement import answer_bits, answering
from ...mechanisms.run import Question, Run
from ...mechanisms.triggers import resolving
from ...mechanisms.wounds import answers_given, pause_for_wound_choice, unanswered_offer
from ...queries.board import ability_of
from ..effects import WOUNDING_OPS, Reads, effect_unit
from ..queue import resolution_rules
from ..resume import GoOn, Pause, resume

__all__ = ["PAUSE", "check_wound_choice", "question_of", "unit_of", "wound_choice_actions", "wound_chooser"]


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
    """Who decides at step ``wound_choice``: the player the question is asked of
    (``choosing_cards.player``: the controller of the replacements offered, or of the wounded card
    when both players' are, R15:517.3, 517.4)."""
    hc = state.choosing_cards
    assert hc is not None, "wound_choice without choosing_cards"
    return hc.player


def question_of(state: State) -> Question | None:
    """The question the waiting unit asks now (found again by its look-ahead with the answers
    given so far), None when it asks none."""
    hc = state.choosing_cards
    assert hc is not None
    run = Run()  # the look-ahead within the waiting entry's chain (R15:525.2)
    with resolving(hc.entry, run):
        return unanswered_offer(state, unit_of(state, hc.entry, hc.effect, hc.memory), answers_given(hc.count), run)


def _named(q: Question) -> list[Action]:
    """An action per answer: "none" first when it is one, then each replacement by its card,
    its ability index named when that card offers two or more."""
    cards = [card for card, _ in q.offers]
    return [*((Action("replace_wounds"),) if q.none else ()),
            *(Action("replace_wounds", card=card, ability=index if cards.count(card) > 1 else -1)
              for card, index in q.offers)]


def wound_choice_actions(state: State) -> list[Action]:
    """Let the wounds come or decline the optional ones (``replace_wounds``, when "none" is an
    answer), or name the replacement that applies next (``replace_wounds card= [ability=]``)."""
    q = question_of(state)
    return _named(q) if q is not None else [Action("replace_wounds")]


def _position(q: Question, action: Action) -> int | None:
    """The answer ``action`` gives to ``q``: the position from 1 of the replacement it names,
    0 for "none", None when it names no answer."""
    if action.card == 0:
        return 0 if q.none and action.ability == -1 else None
    named = [(a.card, a.ability) for a in _named(q) if a.card]
    key = (action.card, action.ability)
    return named.index(key) + 1 if key in named else None  # exactly as offered: the index only when needed


def check_wound_choice(state: State, action: Action) -> list[Violation]:
    """Violations of a ``replace_wounds``: it names one of the replacements offered (its card,
    and its ability index when the card offers two or more), or none when all are optional
    (R15:517.3; R15:517.4 when both players' are offered)."""
    q = question_of(state)
    if q is None:
        return [] if action.card == 0 else [Violation("R15:517.3", "no replacement is offered now")]
    if _position(q, action) is not None:
        return []
    offered = ", ".join(f"card {c} ability {i}" for c, i in q.offers)
    why = "one must apply: name one" if not q.none else "or none (card 0)"
    named = f"card {action.card} ability {action.ability}" if action.card else "none"
    return [Violation(q.rule, f"{named} is not an answer: the replacements offered are {offered} ({why})")]


def _replace_wounds(state: State, hc: HandChoice, action: Action, ev: list[Event]) -> GoOn | None:
    """The decision joins the answers; the waiting unit is carried out with them — or waits
    again for the next question it asks — then the ability's later effects and the rest of
    its play follow, and the game returns to its Queue step (INTERPRETING.md, entries 223, 242)."""
    q = question_of(state)
    position = _position(q, action) if q is not None else 0
    bits = answer_bits(q, position or 0) if q is not None else (False,)
    chosen = q.offers[position - 1] if q is not None and position else (0, -1)
    order = q is not None and len(q.offers) > 1
    ev.append(Event("wound_choice_made", (q.rule if q is not None else "R15:517.3",),
                    (("player", hc.player), ("card", chosen[0]), *((("ability", chosen[1]),) if order else ()))))
    answers = (*answers_given(hc.count), *bits)
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
    """What is wrong with a state waiting at step wound_choice (R15:517.3, 517.4; INTERPRETING.md,
    entries 223, 242): its unit is not a fight as a whole (no cards drawn, no strike read, effect 0) nor an
    effect of ``a`` that deals wounds; the game cannot return to ``resume``
    (:func:`oracle.steps.resume_inconsistency`: before the look-ahead, which runs a fight with the
    attack that step needs); the answers given so far (``count``) are not 0 nor 2^n plus the
    bits of n answers; or the unit asks ``player`` no question about replacements of wounds
    (which applies next, or whether an optional one does)."""
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
    q = question_of(state)
    if q is None or q.seat != wound_chooser(state):
        return "choosing_cards.player", ("the unit waiting asks this player no question about replacements of "
                                         "wounds (R15:517.3, 517.4)")
    return None


PAUSE = Pause("wound_choice", wound_chooser, wound_choice_actions, check_wound_choice, resume(_replace_wounds),
              _inconsistency)
