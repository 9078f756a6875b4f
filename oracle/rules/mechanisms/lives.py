"""Lives (R15:504): effects of additional and of reduced lives, how they cancel each other
(R15:504.5), «сведение уровня жизней к Х» (R15:504.6); the source of a destruction
(R15:505.1.1); and the zero rule for creatures of base life 0 or less (R15:512.6).

A card's life level is its printed life, plus its additional lives, minus its reduced lives,
minus its wounds (R15:504.1–504.4; :func:`oracle.rules.queries.board.current_life`).  An effect of
additional lives is a modifier granting "life" (+``amount``), an effect of reduced lives one
granting "reduced_life" (−``amount``); both last while the card is in play (R15:205.3).  A
card never holds both at once: putting one kind on removes as much of the other kind as it can,
one life for one (R15:504.5; INTERPRETING.md, entry 97).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...cards import CardDef
from ...model import Event, Modifier, State
from ..queries.board import card_def, card_ids, current_life, game_has
from ..queries.pool_index import per_pool

__all__ = ["add_life_effect", "destruction_source", "lifeless", "reduce_life_to", "untouched_lifeless"]

#: The grants of the two kinds of life effect (``Modifier.grants``).
EXTRA = "life"
REDUCED = "reduced_life"


def add_life_effect(state: State, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """Put an effect of ``amount`` additional lives (``amount`` > 0, R15:504.2) or of
    ``-amount`` reduced lives (``amount`` < 0, R15:504.4) on card ``uid``.

    R15:504.5: an effect of additional lives removes effects of reduced lives, and one of
    reduced lives removes effects of additional lives; wounds are neither (R15:504.3, 504.4).
    They cancel one life for one (INTERPRETING.md, entry 97): only what is left over goes on
    the card.  The ``opposite_life_effects_all_removed`` mutant removes every effect of the
    other kind and puts the whole amount on.  One ``life_modified`` event with the signed
    amount, whatever cancelled."""
    if amount == 0:
        return
    mine, other = (EXTRA, REDUCED) if amount > 0 else (REDUCED, EXTRA)
    left = abs(amount)
    before = len(state.modifiers)
    kept: list[Modifier] = []
    for m in state.modifiers:
        if m.target != uid or m.grants != other or left == 0:
            kept.append(m)
            continue
        if not state.rules.life_effects_cancel_one_for_one:
            continue  # the mutant: every opposite effect goes and the amount stays whole
        if m.amount > left:
            kept.append(Modifier(uid, m.amount - left, m.until, grants=other))
            left = 0
        else:
            left -= m.amount
    removed = left != abs(amount) or len(kept) != before
    state.modifiers = kept
    if left:
        state.modifiers.append(Modifier(uid, left, "while_in_play", grants=mine))
    cite: tuple[str, ...] = ("R15:504.2",) if amount > 0 else ("R15:504.4",)
    if removed:
        cite = (*cite, "R15:504.5")
    ev.append(Event("life_modified", (*rules, *cite, "R15:205.3"),
                    (("card", uid), ("amount", amount), ("until", "while_in_play"))))


def reduce_life_to(state: State, uid: int, x: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """«Сведение уровня жизней к Х» (R15:504.6): every wound marker of the card becomes an
    effect of reduced lives (its wounds go, which is no healing: no ``healed`` event, nothing
    counts as healed), then as many effects of additional or reduced lives go on as bring its
    life level to ``x`` (at least 0, R15:512.1).  The ``life_set_keeps_wounds`` mutant leaves
    the wounds where they are and only adds the effects."""
    x = max(x, 0)
    c = state.cards[uid]
    wounds = c.wounds
    if wounds and state.rules.life_set_replaces_wounds:
        state.card_mut(uid).wounds = 0
        add_life_effect(state, uid, -wounds, [], rules)
    delta = x - current_life(state, uid)
    add_life_effect(state, uid, delta, [], rules)
    ev.append(Event("life_set", (*rules, "R15:504.6"),
                    (("card", uid), ("life", current_life(state, uid)), ("wounds_replaced", wounds))))


def untouched_lifeless(state: State, uid: int) -> bool:
    """A creature of base life 0 or less whose life level nothing has changed yet: no
    wounds, no life effect.  R15:505.1 destroys a card whose life «becomes» 0 or less by
    wounds or life effects; this one did not become so, and waits for R15:512.6
    (INTERPRETING.md, entry 99)."""
    return (card_def(state, uid).life <= 0 and state.cards[uid].wounds == 0
            and not any(m.target == uid and m.grants in (EXTRA, REDUCED) for m in state.modifiers)
            and state.rules.lifeless_wait_for_an_empty_queue)


def lifeless(state: State) -> list[int]:
    """The creatures R15:512.6 destroys: those in play with base life 0 or less and current life 0 or less,
    seat 0 first, in play-zone order (they die together once the Queue is empty)."""
    ids = _lifeless_ids()
    if not game_has(state, ids):
        return []  # no creature of base life 0 or less in this game
    p, q = state.players
    if ids.isdisjoint(card_ids(state, [*p.play, *q.play])):
        return []  # the common case, tested without a Python loop
    cards = state.cards
    return [uid for p in state.players for uid in p.play if cards[uid].card_id in ids and current_life(state, uid) <= 0]


@per_pool
def _lifeless_ids(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The ids of the pool's creatures of base life 0 or less (:func:`lifeless` asks it of every
    card in play each time the Queue empties; speed only)."""
    return frozenset(cid for cid, d in cards.items() if d.type == "creature" and d.life <= 0)


def destruction_source(by: int | Mapping[int, int], uid: int) -> int:
    """The card «от» which ``uid`` died (R15:505.1.1): the one whose carrying out brought its
    life to 0 or less, or which destroyed it; 0 when none (poison, a payment, R15:512.6)."""
    if isinstance(by, int):
        return by
    return by.get(uid, 0)

