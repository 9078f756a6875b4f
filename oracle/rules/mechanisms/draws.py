"""Drawing cards (R15:527): the one path every draw of the game takes — the accumulation
phase's (R15:304.2), the deal and the mulligan (R15:301.6, 301.7), and every «возьмите» of an
ability (R15:527.1).

An instruction to draw N cards (:func:`draw_cards`) goes through, in this order:

1. the replacements of *how many* cards are drawn («Если вы должны взять несколько карт,
   возьмите на N больше», static ``draw_count``), applied to the instruction before it is
   counted out into single draws (R15:527.2.1);
2. N single draws, one at a time (R15:527.2), each of them
   a. refused by a limit on the player's draws («не может брать больше одной карты за ход»,
      «не может брать карты»; static ``draw_limit``): the limit applies to each single draw,
      so an instruction to draw several may be partly carried out (R15:527.2.2);
   b. otherwise replaced by a «Если вы должны взять карту, вместо этого …» (static
      ``draw_replacement``), even when the deck is empty (R15:527.5.1); the replacement is
      carried out completely before the sequence goes on with the next single draw
      (R15:527.5.2); the draws it makes are draws of their own, but no replacement applies
      again to the draws it brought about itself — the chain stops before its first
      repetition (R15:525.1; INTERPRETING.md, entry 129);
   c. otherwise the top card of the deck goes to the hand (R15:527.1), counted in
      ``drawn_this_turn`` and firing the «N-th card this turn» triggers card by card;
      an empty deck: the single draw misses.

An instruction to several players: the active player makes all his draws first, then the
other (R15:527.2.3).  Moving cards from the deck to the hand without «возьмите» (a search,
R15:7.search) is no draw and does not come here (R15:527.4).

Both replacement steps (1 and 2b) go through the one replacement pipeline,
:func:`oracle.rules.mechanisms.replacement.replace`: each applies once, the ones applied in the
chain riding with the events down to the draws a replacement brings about (R15:525.1).  What
carries out a replacement's «вместо этого» effects lies above this mechanism, so whoever draws
hands it down (``effects``, :data:`EffectRunner`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...cards import DrawCount, DrawLimit, DrawReplacement, Effect, EffectAbility, TriggeredAbility, Whose
from ...model import Event, QueueEntry, State
from ..queries.board import abilities_in_play
from .replacement import Offer, replace
from .triggers import fire

#: What carries out one effect of a replacement's «вместо этого» (state, entry, effect, events,
#: rules) -> carried out: :func:`oracle.rules.resolution.effects.apply_effect` (the resolution of
#: effects lies above this mechanism, which cannot import it).
EffectRunner = Callable[[State, QueueEntry, Effect, list[Event], tuple[str, ...]], bool]

__all__ = [
    "DrawOutcome",
    "EffectRunner",
    "choice_violation",
    "draw_cards",
    "draw_each",
    "draw_limit_of",
]



@dataclass(slots=True)
class DrawOutcome:
    """What an instruction to draw did: ``drawn`` cards reached the hand; ``missed``: a single
    draw found the deck empty (R15:304.2 counts it as a failed draw).  Read, never changed (not
    frozen for speed alone, as :class:`oracle.model.Event`)."""

    drawn: int = 0
    missed: bool = False


def _applies(whose: Whose, controller: int, seat: int) -> bool:
    return whose == "any" or (whose == "own") == (controller == seat)


#: The kinds of the draw statics (a tuple: it hashes fast as the key of the per-kind tables).
_DRAW_STATICS = (DrawCount, DrawLimit, DrawReplacement)


def _statics(state: State) -> list[tuple[int, int, int, DrawCount | DrawLimit | DrawReplacement]]:
    """The draw statics in force, as (controller, holder, index, ability): on the heroes and the
    cards in play that are not hidden and the parts under them (a part's ability is its combined
    card's, its controller's; INTERPRETING.md, entry 103), the inactive player's first (R15:115.1)."""
    return abilities_in_play(state, _DRAW_STATICS, (state.inactive, state.active))


def draw_limit_of(state: State, seat: int) -> int:
    """The fewest draws per turn a limit in force allows ``seat`` (-1: no limit; 0: «не может
    брать карты», R15:527.3; 1: «не может брать больше одной карты за ход», R15:527.2.2)."""
    limits = [a.per_turn for ctl, _, _, a in _statics(state) if isinstance(a, DrawLimit) and _applies(a.player, ctl, seat)]
    return min(limits) if limits else -1


def draw_cards(
    state: State, seat: int, n: int, ev: list[Event], rules: tuple[str, ...], effects: EffectRunner
) -> DrawOutcome:
    """``seat`` is told to draw ``n`` cards: the count replaced first (R15:527.2.1), then ``n``
    single draws one at a time (R15:527.2), each limited (527.2.2, 527.3), replaced (527.5) or
    made (527.1), a replacement's «вместо этого» effects carried out by ``effects``.  From turn 1
    each card drawn counts in ``drawn_this_turn`` and fires «when
    you draw your Nth card this turn» as it is drawn; the deal and the mulligan (turn 0) are in
    no turn (INTERPRETING.md, entries 59 and 60; the ``draws_counted_per_effect`` mutant fires
    them once, after the last card)."""
    if n <= 0:
        return DrawOutcome()
    counted = state.turn >= 1
    # No draw static in play now: none comes during these draws either (they only move cards
    # from the deck to the hand and make triggers wait), so none is looked for (speed only).
    statics = counted and bool(_statics(state))
    if statics:
        n = _replaced_count(state, seat, n, ev, rules)
    limit = draw_limit_of(state, seat) if statics else -1
    p = state.players[seat]
    if limit >= 0 and not state.rules.draw_limit_counts_single_draws and p.drawn_this_turn + n > limit:
        # the mutant: an instruction that would go past the limit is not carried out at all
        ev.append(Event("draw_refused", (*rules, "R15:527.2.2"), (("player", seat), ("count", n))))
        return DrawOutcome()
    each = state.rules.each_draw_counted
    drawn = uid = 0
    missed = False
    for _ in range(n):
        if limit >= 0 and p.drawn_this_turn >= limit:
            rule = "R15:527.3" if limit == 0 else "R15:527.2.2"
            ev.append(Event("draw_refused", (*rules, rule), (("player", seat), ("count", 1))))
            continue
        if statics and _replace_one(state, seat, ev, rules, effects):
            if state.winner >= 0:
                break
            continue
        if not p.deck:
            missed = True
            continue
        uid = p.deck.pop(0)
        p.hand.append(uid)
        drawn += 1
        ev.append(Event("drew", rules, (("player", seat), ("card", uid))))
        if counted:
            p.drawn_this_turn += 1
            if each:
                fire(state, "card_drawn", uid, ev, (*rules, "R15:527.2"))
    if counted and drawn and not each:
        fire(state, "card_drawn", uid, ev, (*rules, "R15:527.2"))
    return DrawOutcome(drawn, missed)


def draw_each(
    state: State, first: int, n: int, ev: list[Event], rules: tuple[str, ...], effects: EffectRunner
) -> int:
    """«Каждый игрок берёт N карт»: the active player makes all his draws first, then the other
    (R15:527.2.3; the ``each_player_draws_from_controller`` mutant starts with ``first``, the
    ability's controller); returns how many cards were drawn in all."""
    order = (state.active, 1 - state.active) if state.rules.each_player_draws_active_first else (first, 1 - first)
    total = 0
    for seat in order:
        total += draw_cards(state, seat, n, ev, (*rules, "R15:527.2.3"), effects).drawn
        if state.winner >= 0:
            break
    return total


def _replaced_count(state: State, seat: int, n: int, ev: list[Event], rules: tuple[str, ...]) -> int:
    """The replacements (R15:527.2.1) of how many cards are drawn, applied to the instruction
    before it is counted into single draws, each once, one after another (R15:517.5, 525.1):
    «Если вы должны взять несколько карт» sees an instruction of two or more (the
    ``draw_count_replaced_per_draw`` mutant looks at each single draw, which is never several)."""
    def offers(count: int) -> list[Offer[DrawCount]]:
        several = count if state.rules.draw_count_replaced_before_splitting else 1
        return [Offer(uid, i, a) for ctl, uid, i, a in _statics(state)
                if isinstance(a, DrawCount) and _applies(a.player, ctl, seat) and several >= a.at_least]

    def apply(count: int, offer: Offer[DrawCount], _before: tuple[tuple[int, int], ...]) -> int:
        ev.append(Event("draw_count_replaced", (*rules, "R15:527.2.1"),
                        (("player", seat), ("source", offer.source), ("from", count), ("to", count + offer.ability.value))))
        return count + offer.ability.value

    done = replace(state, n, offers, apply, ev)
    return n if done.would is None else done.would


def _replace_one(state: State, seat: int, ev: list[Event], rules: tuple[str, ...], effects: EffectRunner) -> bool:
    """The first draw replacement (R15:527.5) in force for ``seat`` that is not already in the
    chain replaces this single draw; its «вместо этого» effects are carried out completely by
    ``effects``, the ability's controller's, with the card as their source, before the draw
    sequence goes on (R15:527.5.2); the draws they make carry the chain (R15:525.1).  It applies
    with an empty deck too (R15:527.5.1; the ``draw_replacement_needs_a_card`` mutant lets the
    empty deck's draw just miss).  Returns whether the draw was replaced."""
    controllers: dict[tuple[int, int], int] = {}

    def offers(_seat: int) -> list[Offer[DrawReplacement]]:
        if not state.players[seat].deck and not state.rules.draw_replacement_on_empty_deck:
            return []
        found = [(ctl, Offer(uid, i, a)) for ctl, uid, i, a in _statics(state)
                 if isinstance(a, DrawReplacement) and _applies(a.player, ctl, seat)]
        controllers.update((o.key, ctl) for ctl, o in found)
        return [o for _, o in found]

    def apply(_seat: int, offer: Offer[DrawReplacement], _before: tuple[tuple[int, int], ...]) -> None:
        uid, i = offer.key
        ev.append(Event("draw_replaced", (*rules, "R15:527.5"), (("player", seat), ("source", uid), ("ability", i))))
        entry = QueueEntry("triggered", controllers[offer.key], uid, i)
        done = True
        for effect in offer.ability.instead:
            if effect.if_previous == "done" and not done:
                continue
            done = effects(state, entry, effect, ev, ("R15:527.5", "R15:527.5.2"))
            if state.winner >= 0:
                break
        return None

    return replace(state, seat, offers, apply, ev, again=False).would is None


def choice_violation(state: State, a: EffectAbility, controller: int) -> tuple[str, str] | None:
    """Whether the choice an optional ability offers — «можете взять карту» — cannot be made
    (rule id, why): a draw by a player under «не может брать карты» (R15:527.3; the chooser
    another player: R15:527.3.1; the ``no_draw_allows_the_choice`` mutant lets him choose it),
    or of several cards by a player under a limit of one per turn (R15:527.2.2; the
    ``draw_limit_allows_choosing_several`` mutant).  An empty deck does not stop the choice
    (R15:527.3; the ``empty_deck_forbids_the_draw_choice`` mutant refuses it)."""
    if not isinstance(a, TriggeredAbility) or not a.optional:
        return None
    for e in a.effects:
        if e.op not in ("draw", "draw_to_match_opponent"):
            continue
        seats = (controller, 1 - controller) if e.to == "each_player" else (
            (1 - controller,) if e.to == "opponent" else (controller,))
        for seat in seats:
            limit = draw_limit_of(state, seat)
            other = seat != controller
            if limit == 0 and state.rules.no_draw_forbids_the_choice:
                return ("R15:527.3.1" if other else "R15:527.3",
                        f"player {seat + 1} cannot draw cards, so the choice to draw cannot be made")
            several = not isinstance(e.amount, int) or e.amount >= 2
            if limit == 1 and several and state.rules.draw_limit_forbids_choosing_several:
                return ("R15:527.2.2", f"player {seat + 1} cannot draw more than one card per turn, "
                        "so a choice to draw several cannot be made")
            if not state.players[seat].deck and not state.rules.empty_deck_allows_the_draw_choice:
                return ("R15:527.3.1" if other else "R15:527.3", "the deck is empty")
    return None
