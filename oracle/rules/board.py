"""Queries on the supporting model: characters, life, strike, targets (R15 Parts 1–2, 5).

Nothing here changes a state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from ..cards import Ability, CardDef, TargetSpec, load_pool
from ..model import State

__all__ = [
    "card_def",
    "characters_in_play",
    "current_life",
    "current_strike",
    "strike_with_modifiers",
    "target_candidates",
    "target_choices",
    "target_violation",
]


def card_def(state: State, uid: int) -> CardDef:
    """The printed card of instance ``uid``."""
    return load_pool().cards[state.cards[uid].card_id]


def strike_with_modifiers(printed: int, amounts: Iterable[int]) -> int:
    """A creature's strike: its printed strike plus every strike modifier in force on it
    (each adds, R15:106.3.1, 523.1), at least 0 (R15:523.2)."""
    return max(printed + sum(amounts), 0)


def current_strike(state: State, uid: int) -> int:
    """Printed strike plus the strike modifiers in force, at least 0 (R15:106.3.1).  The
    ``strike_modifiers_do_not_stack`` mutant counts only the latest modifier."""
    amounts = [m.amount for m in state.modifiers if m.target == uid]
    if not state.rules.strike_modifiers_stack:
        amounts = amounts[-1:]
    return strike_with_modifiers(card_def(state, uid).strike, amounts)


def current_life(state: State, uid: int) -> int:
    """Printed life minus wounds (R15:504.1, 504.3)."""
    return card_def(state, uid).life - state.cards[uid].wounds


def characters_in_play(state: State) -> Iterator[int]:
    """Heroes and creatures in the play zone, seat 0 first, hero first."""
    for p in state.players:
        yield p.hero
        for uid in p.play:
            if load_pool().cards[state.cards[uid].card_id].type == "creature":
                yield uid


def target_violation(
    state: State, spec: TargetSpec, controller: int, source: int, uid: int
) -> str:
    """Why ``uid`` is not a legal target for ``spec`` at declaration ("" if it is)."""
    c = state.cards.get(uid)
    if c is None:
        return f"card {uid} does not exist"
    owner = state.players[c.owner]
    d = load_pool().cards[c.card_id]
    if uid != owner.hero and uid not in owner.play:
        return f"card {uid} is not in the play zone"
    if not d.is_character:
        return f"card {uid} is not a character"
    if spec.what == "creature" and d.type != "creature":
        return f"card {uid} is not a creature"
    if spec.what == "hero" and d.type != "hero":
        return f"card {uid} is not a hero"
    if c.hidden:
        return f"card {uid} is hidden and cannot be a target"
    if spec.side == "own" and c.owner != controller:
        return f"card {uid} is not controlled by the ability's controller"
    if spec.side == "enemy" and c.owner == controller:
        return f"card {uid} is not an enemy card"
    for f in spec.filters:
        if f == "poisoned" and c.poison <= 0:
            return f"card {uid} is not poisoned"
        if f == "other" and uid == source:
            return f"card {uid} is the source itself"
        if f == "wounded" and c.wounds <= 0:
            return f"card {uid} has no wounds"
    return ""


def target_candidates(state: State, spec: TargetSpec, controller: int, source: int) -> list[int]:
    """Every card that is a legal target for ``spec`` now, in ascending uid order."""
    return sorted(
        uid
        for uid in characters_in_play(state)
        if not target_violation(state, spec, controller, source, uid)
    )


def target_choices(
    state: State, ability: Ability, controller: int, source: int
) -> list[tuple[int, ...]]:
    """Every legal target tuple for ``ability`` (ascending uids; ``()`` if untargeted)."""
    if not ability.targets:
        return [()]
    spec = ability.targets[0]
    cands = target_candidates(state, spec, controller, source)
    out: list[tuple[int, ...]] = []
    for n in range(spec.min_count, min(spec.max_count, len(cands)) + 1):
        out.extend(combinations(cands, n))
    return out
