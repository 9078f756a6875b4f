"""Step ``hand_choice``: cards a player chooses while an ability resolves — from his hand
(«Сбросьте карту», R15 glossary «Сбросить»; «Положите карту из руки на верх колоды»; «Добывает»
from a hand), from his deck («Поиск», R15:7.search; «Вызовите», R15:519.3), from his graveyard
(«Возродите», R15:519.4) — the ops of :mod:`oracle.rules.ops.hand` (INTERPRETING.md, entries
63-66, 84, 111, 112) — or, with ``choosing_cards.count`` set, the cards he looked at going back
one at a time (:mod:`.look`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ....cards import HAND_OPS, Effect, EffectAbility
from ....model import Action, Event, HandChoice, ModuleChoice, State, Violation
from ....steps import resume_inconsistency
from ...mechanisms.triggers import resolving
from ...mechanisms.zones import check_state
from ...ops.hand import (
    carry_out,
    choice_counts,
    choosers,
    hand_choices,
    has_real_choice,
    options,
    pause_for_shuffle,
    shuffles_after,
    take_into_play,
    zone_chosen_from,
)
from ...queries.board import ability_of
from ..effects import Reads, hand_effect, keep_memory
from ..queue import resolution_rules
from ..resume import GoOn, Pause, go_on, resume
from .look import check_look, look_inconsistency, look_options, put_one_back

__all__ = [
    "PAUSE",
    "after_choice",
    "check_hand_choice",
    "hand_choice_actions",
    "hand_chooser",
    "hand_chooser_of",
    "hand_effect_inconsistency",
    "resume_taking",
]

#: The rule a choice of cards while an ability resolves comes from, by its effect's op.
_CHOICE_RULES = {"discard": "R15:7.discard", "look_at_deck_top": "R15:204.3", "shown_to_deck_bottom": "R15:204.3",
                 "search": "R15:7.search", "summon": "R15:519.3", "resurrect": "R15:519.4",
                 "graveyard_to_hand": "R15:118.5",
                 "capture_from_hand": "R15:7.capture", "attach_own_mechanisms": "R15:7.module"}


def hand_chooser_of(state: State, seat: int) -> int:
    """Who chooses for ``seat``'s hand (:func:`hand_chooser`)."""
    return seat if state.rules.own_hand_chooser else 1 - seat


def hand_chooser(state: State) -> int:
    """Who chooses the pending hand cards: the player whose hand it is («Игрок на свой
    выбор», R15 glossary «Сбросить»); the mutant ``hand_choice_by_opponent`` gives it to his
    opponent.  Asked only at step ``hand_choice``, which always has ``choosing_cards``
    (:func:`oracle.validate.validate` refuses the step without it)."""
    hc = state.choosing_cards
    assert hc is not None, "hand_choice without choosing_cards"
    return hand_chooser_of(state, hc.player)


def _hand_options(state: State) -> list[tuple[int, ...]]:
    hc = state.choosing_cards
    assert hc is not None
    if hc.count:  # putting looked-at cards back in his order: one at a time (entry 161)
        return look_options(state, hc)
    return hand_choices(state, ability_of(state, hc.entry), hc.effect, hc.player, hc.entry.source, hc.entry.x)


def hand_choice_actions(state: State) -> list[Action]:
    """Every legal ``choose_cards``: each set of the chooser's hand cards of an allowed size."""
    return [Action("choose_cards", targets=c) for c in _hand_options(state)]


def check_hand_choice(state: State, action: Action) -> list[Violation]:
    """Violations of a ``choose_cards``: distinct cards, in ascending order, of the chooser's
    hand (R15:7.discard; R15:520.4, 119.7 for how many), or for a search of his deck that
    match what it looks for, at most as many as it finds (R15:7.search)."""
    hc = state.choosing_cards
    assert hc is not None
    if hc.count:  # «положите их обратно в любом порядке»: one of the cards still to put back (entry 161)
        return check_look(state, hc, action)
    ability = ability_of(state, hc.entry)
    counts = choice_counts(state, ability, hc.effect, hc.player, hc.entry.source, hc.entry.x)
    effect = ability.effects[hc.effect]
    where = zone_chosen_from(effect)
    search = where != "hand"
    rule = _CHOICE_RULES.get(effect.op, "R15:7.discard")
    zone = getattr(state.players[hc.player], where)
    if effect.op == "shown_to_deck_bottom":  # the shown top card or none (entry 163)
        matching: list[int] | None = state.players[hc.player].deck[:1]
    else:
        matching = options(state, effect, hc.player, hc.entry.source) if search else None
    out: list[Violation] = []
    if tuple(sorted(set(action.targets))) != action.targets:
        out.append(Violation(rule, "list distinct cards in ascending order"))
    for uid in action.targets:
        if uid not in zone:
            out.append(Violation(rule, f"card {uid} is not in the {where} of player {hc.player + 1}"))
        elif matching is not None and uid not in matching:
            out.append(Violation(rule, f"card {uid} is not a card the {effect.op} looks for"))
    if len(set(action.targets)) not in counts:
        fewer = "R15:520.5" if effect.op == "capture_from_hand" else "R15:520.4"
        count_rule = rule if search else ("R15:119.7" if 0 in counts else fewer)
        out.append(Violation(count_rule, f"choose {' or '.join(map(str, counts))} cards"))
    return out


def _choose_cards(state: State, hc: HandChoice, action: Action, ev: list[Event]) -> GoOn | None:
    """The chosen cards complete the hand effect; the next player of «каждый игрок» chooses,
    then the ability's remaining effects follow, then the rest of its play (R15:119.2, 309.1
    step 12); the game returns to the Queue step it was resolving (INTERPRETING.md, entry 63).
    After a search chance shuffles the deck first (step ``search_shuffle``, R15:7.search)."""
    cards = action.targets
    state.choosing_cards = None
    state.step = hc.resume
    entry = hc.entry
    effect = ability_of(state, entry).effects[hc.effect]
    rules = resolution_rules(state, entry)
    rule = _CHOICE_RULES.get(effect.op, "R15:119.2")
    ev.append(Event("cards_chosen", (rule,),
                    (("player", hand_chooser_of(state, hc.player)), ("source", entry.source),
                     ("ability", entry.ability), ("cards", ",".join(map(str, cards))))))
    if hc.count:  # a looked-at card goes back; the next waits, or the ability goes on (entry 161)
        if put_one_back(state, hc, effect, cards[0], ev, rules):
            return None
        return after_choice(state, hc, True, ev)
    hand = len(state.players[entry.controller].hand)
    done = carry_out(state, entry, effect, hc.player, cards, ev, rules, hc.effect)
    if state.step == "module_choice":  # a summoned or resurrected Модуль waits (entry 104)
        keep_memory(state, entry, hc.memory)
        return None
    if effect.op == "discard" and hand > len(state.players[entry.controller].hand):
        # the controller's cards this discard moved join the run's memory («сколько вы сбросили»; entry 174)
        reads = Reads.of(hc.memory)
        reads.discarded += hand - len(state.players[entry.controller].hand)
        hc = replace(hc, memory=reads.frozen(ability_of(state, entry).effects[hc.effect:]))
    return _after_taking(state, hc, effect, cards, done, ev)


def _after_taking(
    state: State, hc: HandChoice, effect: Effect, cards: tuple[int, ...], done: bool, ev: list[Event]
) -> GoOn | None:
    """The chosen ``cards`` of the hand effect of ``hc`` are taken: chance shuffles the deck it
    looked through (R15:7.search, 204.2; a summon's, R15:519.3.1) and the ability waits for it,
    or it goes on at once (:func:`after_choice`)."""
    if shuffles_after(state, effect, cards):
        pause_for_shuffle(state, hc)
        return None
    return after_choice(state, hc, done, ev)


def after_choice(state: State, hc: HandChoice, done: bool, ev: list[Event]) -> GoOn | None:
    """The hand effect of ``hc`` is carried out (``done``: in full): the next chooser of
    «каждый игрок», then the ability's remaining effects (None: the next chooser waits, or the
    game is over)."""
    entry = hc.entry
    ability = ability_of(state, entry)
    effect = ability.effects[hc.effect]
    rules = resolution_rules(state, entry)
    check_state(state, ev, entry.source, entry.controller)
    if state.winner >= 0:
        return None
    seats = choosers(state, entry, effect)
    rest = seats[seats.index(hc.player) + 1:]
    if rest:
        paused, done = hand_effect(state, entry, ability, hc.effect, rest, ev, rules)
        if paused:
            keep_memory(state, entry, hc.memory)  # the next chooser's pause carries the run's memory
            return None
        check_state(state, ev, entry.source, entry.controller)
        if state.winner >= 0:
            return None
    return GoOn(hc.effect + 1, done, rules, memory=hc.memory)


def resume_taking(state: State, mc: ModuleChoice, ev: list[Event]) -> None:
    """A summoned or resurrected Модуль creature has entered play or been attached (step
    ``module_choice``): the other chosen cards enter in order (each may wait again), then it goes
    on as after the choice of the cards — chance shuffles the deck a summon looked through
    (R15:519.3.1), then the ability's later effects and the rest of its play (R15:119.2), all
    within the resolving entry's chain (R15:525.2; INTERPRETING.md, entry 104)."""
    entry = mc.entry
    effect = ability_of(state, entry).effects[mc.effect]
    rules = resolution_rules(state, entry)
    with resolving(entry, ev):
        if take_into_play(state, mc.player, effect.op, mc.waiting, ev, rules, entry, mc.effect, mc.fewer):
            keep_memory(state, entry, mc.memory)
            return
        hc = HandChoice(entry, mc.effect, mc.player, mc.resume, memory=mc.memory)
        go = _after_taking(state, hc, effect, (mc.card, *mc.waiting), not mc.fewer, ev)
        if go is not None:
            go_on(state, entry, go, ev, mc.memory)


#: What is wrong with a state waiting for a hand effect, at its pause (the field and why, or None).
Inconsistency = Callable[[State, HandChoice, EffectAbility], "tuple[str, str] | None"]


def hand_effect_inconsistency(state: State, hc: HandChoice, a: EffectAbility, then: Inconsistency
                              ) -> tuple[str, str] | None:
    """What is wrong with the hand effect a state waits for (PROTOCOL.md 5.4, rule 12): effect
    ``hc.effect`` of the resolving ability ``a`` is not a hand effect (:data:`~oracle.cards.HAND_OPS`),
    its cards do not come from the hand (the deck, the graveyard) of ``hc.player`` (R15:7.discard),
    the game cannot return to ``hc.resume`` (:func:`oracle.steps.resume_inconsistency`, named
    before what the choice itself is found wrong in); then the cards looked at going back
    (:func:`.look.look_inconsistency`) or, for another choice, what the pause waiting finds
    wrong (``then``)."""
    if hc.effect >= len(a.effects) or a.effects[hc.effect].op not in HAND_OPS:
        return "choosing_cards.effect", (f"effect {hc.effect} of that ability is not a hand effect "
                                         f"({', '.join(HAND_OPS)})")
    me = hc.entry.controller
    seats = {"controller": (me,), "opponent": (1 - me,)}.get(a.effects[hc.effect].to, (0, 1))
    if hc.player not in seats:
        return "choosing_cards.player", f"the effect's cards come from the hand of player {seats[0] + 1}"
    wrong = resume_inconsistency(hc.resume, state.attack is not None, "choosing_cards")
    if wrong is not None:
        return wrong
    effect = a.effects[hc.effect]
    if hc.count or effect.op == "look_at_deck_top":
        return look_inconsistency(state, hc, effect)
    return then(state, hc, a)


def _forced_choice(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """A choice of cards with a single legal outcome is made without a decision point
    (R15:7.discard; INTERPRETING.md, entry 63)."""
    if not has_real_choice(state, a, hc.effect, hc.player, hc.entry.source, hc.entry.x):
        return "choosing_cards", ("the player has a single legal choice: a forced choice is made without "
                                  "a decision point (R15:7.discard; INTERPRETING.md, entry 63)")
    return None


def _inconsistency(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """What is wrong with a state waiting at step hand_choice: its hand effect, the cards looked
    at going back (:func:`hand_effect_inconsistency`), or a single legal choice (:func:`_forced_choice`)."""
    return hand_effect_inconsistency(state, hc, a, _forced_choice)


PAUSE = Pause("hand_choice", hand_chooser, hand_choice_actions, check_hand_choice, resume(_choose_cards), _inconsistency)
