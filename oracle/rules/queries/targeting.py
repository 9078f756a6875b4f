"""Targets: which characters an ability may target at declaration (R15:118, 501.1, 501.4).

Nothing here changes a state.  It reads the board (:mod:`.board`) and, for a target's cost
restriction, the cost an ability mentions (:mod:`.payment`).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, islice

from ...cards import Ability, Protection, TargetSpec
from ...model import State
from .board import abilities_of_kind, characters_in_play, classes_of, current_strike
from .payment import mentioned_cost
from .pool_index import printed

__all__ = [
    "SPELL_PROTECTION",
    "first_target_choices",
    "iter_target_choices",
    "protected_from_spells",
    "target_candidates",
    "target_choices",
    "target_groups",
    "target_violation",
]


def target_violation(
    state: State, spec: TargetSpec, controller: int, source: int, uid: int
) -> str:
    """Why ``uid`` is not a legal target for ``spec`` at declaration ("" if it is)."""
    c = state.cards.get(uid)
    if c is None:
        return f"card {uid} does not exist"
    cards = printed()
    d = cards[c.card_id]
    # in the play zone: its owner's hero or in a play list, whose player controls it (R15:519.5)
    mine = state.players[c.owner]
    if uid == mine.hero or uid in mine.play:
        ctl = c.owner
    elif uid in state.players[1 - c.owner].play:
        ctl = 1 - c.owner
    else:
        return f"card {uid} is not in the play zone"
    if not d.is_character:
        return f"card {uid} is not a character"
    if spec.what == "creature" and d.type != "creature":
        return f"card {uid} is not a creature"
    if spec.what == "hero" and d.type != "hero":
        return f"card {uid} is not a hero"
    if c.hidden:
        return f"card {uid} is hidden and cannot be a target"
    if state.modifiers and state.rules.untargetable_holds and any(
            m.target == uid and m.grants == "untargetable" for m in state.modifiers):
        # «не могут быть выбраны целью заклинаний и способностей до конца хода» (R15:502.9; entry 192)
        return (f"card {uid} cannot be chosen as a target of spells and abilities until the end of turn "
                "(a restriction of targets, R15:502.9)")
    if (spec.chooser == "controller" and source in state.cards
            and cards[state.cards[source].card_id].type == "spell" and protected_from_spells(state, uid)):
        # «Защита от заклинаний»: the controller of a spell's targeted ability cannot choose it;
        # an opponent choosing «по его выбору» may (R15:515.2)
        return f"card {uid} has «Защита от заклинаний»: the spell's controller cannot target it ({SPELL_PROTECTION})"
    if spec.side == "own" and ctl != controller:
        return f"card {uid} is not controlled by the ability's controller"
    if spec.side == "enemy" and ctl == controller:
        return f"card {uid} is not an enemy card"
    for f in spec.filters:
        if f == "poisoned" and c.poison <= 0:
            return f"card {uid} is not poisoned"
        if f == "other" and source in state.cards and uid == (state.cards[source].attached_to or source):
            # «другое»: not the ability's own card, a part's combined card (INTERPRETING.md, entry 103)
            return f"card {uid} is the source itself"
        if f == "wounded" and c.wounds <= 0:
            return f"card {uid} has no wounds"
    if spec.card_class and spec.card_class not in classes_of(state, uid):
        return f"card {uid} is not of the class {spec.card_class} (R15:107.3)"
    # «стоимостью (1) или менее»: the base cost, X counting 0 (R15:106.1, 106.1.4); a hero
    # has no cost (R15:107.1)
    if spec.max_cost >= 0 and (d.type == "hero" or mentioned_cost(state, uid) > spec.max_cost):
        return f"card {uid} costs more than {spec.max_cost} or has no cost"
    # «с ударом N или более»; no minimum is -1 (every strike is at least 0, R15:523.2), and then
    # the strike is not computed at all: this runs for every candidate of every legal target list
    if spec.min_strike >= 0 and current_strike(state, uid) < spec.min_strike:
        return f"card {uid} has strike below {spec.min_strike}"
    return ""


def target_candidates(state: State, spec: TargetSpec, controller: int, source: int) -> list[int]:
    """Every card that is a legal target for ``spec`` now, in ascending uid order."""
    return sorted(
        uid
        for uid in characters_in_play(state)
        if not target_violation(state, spec, controller, source, uid)
    )


def least_targets(state: State, spec: TargetSpec) -> int:
    """The fewest targets a declaration names: «до N» («не более N») is one to N (R15:502.6's
    example: Фиал исцеления's «до трёх» is «от одного до трёх персонажей»; R15:502.9: with no
    legal target it cannot be declared), an optional target («можете …», R15:119.5) none to one
    (INTERPRETING.md, entry 135).  The ``up_to_targets_allow_none`` mutant lets «до N» name none."""
    if spec.min_count == 1 and spec.max_count > 1 and not state.rules.up_to_targets_at_least_one:
        return 0
    return spec.min_count


def iter_target_choices(
    state: State, ability: Ability, controller: int, source: int
) -> Iterator[tuple[int, ...]]:
    """Every legal target tuple for ``ability`` (501.1, 501.4), one at a time, in the order of
    :func:`target_choices`: by number of targets, from the fewest a declaration names
    (:func:`least_targets`, R15:502.6) to the most, each number's tuples in lexicographic
    order of ascending uids (a spell's groups: :func:`_iter_group_choices`); only ``()`` if
    untargeted.  The tuples are made as they are asked for, so a caller that needs only
    whether there is one, or whether there is exactly one, asks for two at most
    (:func:`first_target_choices`): «до пяти» among a hundred candidates has some 80 million
    lists, and an ability with «Х персонажей» counts to 64."""
    if not ability.targets:
        yield ()
        return
    if len(ability.targets) > 1:
        yield from _iter_group_choices(state, ability, controller, source)
        return
    spec = ability.targets[0]
    cands = target_candidates(state, spec, controller, source)
    for n in range(least_targets(state, spec), min(spec.max_count, len(cands)) + 1):
        yield from combinations(cands, n)


def target_choices(
    state: State, ability: Ability, controller: int, source: int
) -> list[tuple[int, ...]]:
    """Every legal target tuple for ``ability`` (ascending uids; ``()`` if untargeted): the
    whole of :func:`iter_target_choices`, for the lists of legal actions."""
    return list(iter_target_choices(state, ability, controller, source))


def first_target_choices(
    state: State, ability: Ability, controller: int, source: int, k: int = 2
) -> list[tuple[int, ...]]:
    """The first ``k`` tuples of :func:`target_choices` (all of them when there are fewer),
    without making the rest: ``k = 1`` tells whether the ability has a legal target list at
    all (none: it cannot be declared, R15:502.9; 401.7, 501.2), ``k = 2`` whether it has
    exactly one (a lone choice is made without a decision point, INTERPRETING.md, entries 5
    and 48)."""
    return list(islice(iter_target_choices(state, ability, controller, source), k))


def target_groups(ability: Ability, targets: tuple[int, ...]) -> list[tuple[TargetSpec, tuple[int, ...]]]:
    """A declaration's targets by target spec: with one spec all of them; with a spell's groups
    of X each («Выберите Х ваших существ и Х существ противника») the list is the first group,
    then the next, each ascending, and each group holds an equal share (INTERPRETING.md, entry
    230).  A list that does not split evenly gives the last group the rest."""
    specs = ability.targets
    if len(specs) == 1:
        return [(specs[0], targets)]
    n = len(targets) // len(specs)
    return [(spec, targets[i * n:(i + 1) * n] if i < len(specs) - 1 else targets[i * n:])
            for i, spec in enumerate(specs)]


def _iter_group_choices(
    state: State, ability: Ability, controller: int, source: int
) -> Iterator[tuple[int, ...]]:
    """«Выберите Х ваших существ и Х существ противника»: for each X from 1 (R15:512.4) to the
    fewest candidates of a group, X of each group's candidates, the groups one after the other;
    a card that is a candidate of two groups is named in one only (INTERPRETING.md, entry 230).
    Lazily, in the order of ``itertools.product`` over each group's combinations (the first
    group's varying slowest), a list that names a card twice skipped as soon as it does."""
    cands = [target_candidates(state, spec, controller, source) for spec in ability.targets]
    for n in range(1, min(len(c) for c in cands) + 1):
        yield from _distinct_parts(cands, n, (), frozenset())


def _distinct_parts(
    cands: list[list[int]], n: int, head: tuple[int, ...], used: frozenset[int]
) -> Iterator[tuple[int, ...]]:
    """``head`` followed by ``n`` of each of the groups ``cands``, no card named twice."""
    if not cands:
        yield head
        return
    rest = cands[1:]
    for part in combinations(cands[0], n):
        if used.isdisjoint(part):
            yield from _distinct_parts(rest, n, head + part, used.union(part))


# --- «Защита от заклинаний» (R15:515.2)

#: The rule a refused target of a spell cites when the card has «Защита от заклинаний».
SPELL_PROTECTION = "R15:515.2"


def protected_from_spells(state: State, uid: int) -> bool:
    """The card has «Защита от заклинаний»: the player who controls a spell's targeted
    ability cannot choose it as a target (R15:515.2); a part's makes its combined card protected
    (R15 glossary «Присоединить»; INTERPRETING.md, entry 103)."""
    return any(a.source == "spells" for _, _, a in abilities_of_kind(state, uid, Protection))
