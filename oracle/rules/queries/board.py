"""Queries on the supporting model: characters, life, strike, classes (R15 Parts 1–2, 5).

Nothing here changes a state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from itertools import chain
from operator import attrgetter
from typing import Any

from ...cards import (
    Ability,
    ActivatedAbility,
    CardDef,
    Condition,
    EffectAbility,
    GrantedKeyword,
    Keyword,
    StrikeBonus,
    TriggeredAbility,
    WoundParams,
)
from ...model import PendingTrigger, QueueEntry, State
from .pool_index import PRINTED, per_pool, per_pool_by, printed

__all__ = [
    "abilities_in_play",
    "abilities_lost",
    "abilities_of_kind",
    "ability_of",
    "attached_life",
    "attached_strike",
    "card_def",
    "card_ids",
    "characters_in_play",
    "classes_of",
    "combined_cost",
    "combined_ids",
    "combined_parts",
    "condition_holds",
    "counts_as_stunned",
    "current_life",
    "current_strike",
    "forget_outside",
    "game_has",
    "has_keyword",
    "ids_in_play",
    "ids_losing_abilities",
    "ids_with_graveyard_abilities",
    "ids_with_kind",
    "life_bonus",
    "max_life",
    "names_of",
    "parts_of",
    "printed_abilities",
    "some_card_outside_zones",
    "static_strike_bonuses",
    "strike_at",
    "strike_with_modifiers",
    "top_of",
]


def card_def(state: State, uid: int) -> CardDef:
    """The printed card of instance ``uid``."""
    return (PRINTED or printed())[state.cards[uid].card_id]


#: Poison's pseudo ability: it fires at the start of its card's controller's turn (R15:7.poison).
_POISON_ABILITY = TriggeredAbility("start_of_turn")


def ability_of(state: State, entry: QueueEntry | PendingTrigger) -> EffectAbility:
    """The ability a queue entry or pending trigger refers to (never a static one: a
    valid state's entries name abilities of their kind)."""
    if entry.ability == -2:  # poison (R15:7.poison; ``oracle.rules.mechanisms.triggers.POISON``)
        return _POISON_ABILITY
    d = card_def(state, entry.granter or entry.source)  # a granted ability is its granter's (entry 180)
    a: Ability
    if isinstance(entry, QueueEntry) and entry.part == -2 and d.fury is not None:
        a = d.fury.abilities[entry.ability]
    elif isinstance(entry, QueueEntry) and entry.mode >= 0:
        a = d.modes[entry.mode][entry.ability]
    else:
        found = d.ability_at(entry.ability)  # a delayed ability is numbered after the card's own (R15:521)
        if found is None:  # pragma: no cover - validated states only
            raise AssertionError(f"card {entry.source} has no ability {entry.ability}")
        a = found
    if a.kind == "static":  # pragma: no cover - validated states only
        raise AssertionError(f"card {entry.source}'s ability {entry.ability} is static")
    return a


def abilities_of_kind(state: State, uid: int, kind: Any) -> tuple[tuple[int, int, Any], ...]:
    """The printed abilities of card ``uid`` that are instances of ``kind`` (a class of
    :mod:`oracle.cards` or a tuple of them: a union type hashes slowly), as (holder, index,
    ability): the card's own in printed order (none when it lost its abilities,
    :func:`abilities_lost`), then, for a combined card, its parts' (ascending uids), each
    ``holder`` the card whose printed text holds it: «К особенностям карты Y добавляются все
    особенности карты X» (R15 glossary «Присоединить», «Объединённая карта»; INTERPRETING.md,
    entry 103).  The holder and the index are the ability's identity (a replacement applied
    once, R15:525.1); «это существо» is the combined card (:func:`top_of`).  Read from a table
    built once per kind (speed only: the wound pipeline asks this of a card at every wound).
    The ``combined_drops_part_abilities`` mutant reads the card's own only."""
    table = _abilities_by_kind(kind)
    found = table[state.cards[uid].card_id]
    own = tuple((uid, i, a) for i, a in found) if found and not abilities_lost(state, uid) else ()
    if state._outside is False or not state.rules.part_abilities_count or not some_card_outside_zones(state):
        return own
    return own + tuple((p, i, a) for p in parts_of(state, uid) for i, a in table[state.cards[p].card_id])


def top_of(state: State, uid: int) -> int:
    """The combined card card ``uid`` is a part of (its top card, R15 glossary «Присоединить»),
    or ``uid`` itself: «это существо» of an ability a part holds."""
    return state.cards[uid].attached_to or uid


def names_of(state: State, uid: int) -> frozenset[str]:
    """The printed names card ``uid`` has: its own, and for a combined card every part's too
    (R15 glossary «Объединённая карта»: «имеет все названия … всех карт, из которых состоит»;
    INTERPRETING.md, entry 103; the ``combined_has_top_name_only`` mutant reads the top card's)."""
    cards = PRINTED or printed()
    own = cards[state.cards[uid].card_id].name
    if state._outside is False or not state.rules.combined_has_every_name or not some_card_outside_zones(state):
        return frozenset((own,))
    return frozenset((own, *(cards[state.cards[p].card_id].name for p in parts_of(state, uid))))


def combined_ids(state: State, uid: int) -> Iterator[str]:
    """The printed card ids of card ``uid`` and of the parts under it (as :func:`card_ids`)."""
    yield state.cards[uid].card_id
    if state._outside is not False and some_card_outside_zones(state) and state.rules.part_abilities_count:
        yield from card_ids(state, parts_of(state, uid))


@per_pool
def ids_losing_abilities(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The ids of the pool's cards with an effect «теряет особенности» (op ``lose_abilities``):
    only a game holding one can have a card that lost its abilities (speed only: every lookup of
    a printed ability asks :func:`abilities_lost`)."""
    def ops(d: CardDef) -> Iterator[str]:
        for a in (*d.abilities, *(a for m in d.modes for a in m), *d.granted, *d.delayed):
            for e in getattr(a, "effects", ()):
                yield e.op
    return frozenset(cid for cid, d in cards.items() if "lose_abilities" in ops(d))


def abilities_lost(state: State, uid: int) -> bool:
    """Whether card ``uid`` has lost its abilities («теряет особенности», a modifier granting
    ``no_abilities``): «больше не учитывается текст, написанный на самой карте. Все приобретённые в
    ходе игры эффекты и способности остаются» (R15 glossary «Теряет особенности»).  Its printed
    keywords and its printed static, triggered and activated abilities do not work; keywords and
    abilities effects gave it, before or after, and the abilities a combined card has from its
    parts do (INTERPRETING.md, entries 211 and 212).  A game with no card that takes abilities
    away answers with one set test (speed only); the ``lost_abilities_still_work`` mutant never
    finds one lost."""
    if not state.modifiers or not game_has(state, ids_losing_abilities()) or not state.rules.abilities_can_be_lost:
        return False  # no modifier at all (the common case, tested first): nothing is lost
    return any(m.target == uid and m.grants == "no_abilities" for m in state.modifiers)


@per_pool_by
def _abilities_by_kind(cards: Mapping[str, CardDef], kind: Any) -> dict[str, tuple[tuple[int, Any], ...]]:
    return {cid: tuple((i, a) for i, a in enumerate(d.abilities) if isinstance(a, kind)) for cid, d in cards.items()}


@per_pool_by
def ids_with_kind(cards: Mapping[str, CardDef], kind: Any) -> frozenset[str]:
    """The ids of the pool's printed cards with at least one ability of kind ``kind`` (as for
    :func:`abilities_of_kind`): a set made once per kind, for fast tests of the cards in play."""
    return frozenset(cid for cid, found in _abilities_by_kind(kind).items() if found)


@per_pool
def ids_with_graveyard_abilities(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The ids of the pool's printed cards with an activated ability that works in the
    graveyard («эта особенность работает на кладбище», R15 glossary «Кладбище»; entry 157)."""
    return frozenset(cid for cid, found in _abilities_by_kind(ActivatedAbility).items()
                     if any(a.graveyard for _i, a in found))


_CARD_ID = attrgetter("card_id")


def card_ids(state: State, uids: Iterable[int]) -> Iterator[str]:
    """The printed card ids of cards ``uids``, lazily and without a Python loop (for set
    tests such as ``ids.isdisjoint(card_ids(state, p.play))``; speed only)."""
    return map(_CARD_ID, map(state.cards.__getitem__, uids))


def ids_in_play(state: State) -> Iterator[str]:
    """The printed card ids of the heroes and the cards in the play zones, the parts under them
    included (their abilities are their combined cards', entry 103; as :func:`card_ids`)."""
    p, q = state.players
    ids = map(_CARD_ID, map(state.cards.__getitem__, [p.hero, *p.play, q.hero, *q.play]))
    if state._outside is False or not some_card_outside_zones(state):
        return ids
    return chain(ids, (c.card_id for c in state.cards.values() if c.attached_to))


def abilities_in_play(state: State, kind: Any, seats: Iterable[int] = (0, 1)) -> list[tuple[int, int, int, Any]]:
    """The abilities of kind ``kind`` (as for :func:`abilities_of_kind`) on the heroes and the
    cards in the play zone that are not hidden (a hidden card's abilities do not work,
    R15:504.3, INTERPRETING.md entry 38), as (seat, holder, index, ability): the seats in the
    order ``seats`` gives, each hero first, then its play zone in order, each card's abilities
    in printed order, then its parts' (a combined card has its parts' abilities, R15 glossary
    «Присоединить»; ``holder`` is then the part, its combined card :func:`top_of` it, ``seat``
    the combined card's controller; entry 103).  Speed only: a card whose printed card has no
    such ability is passed over with one set test (the static hooks of the wound pipeline and
    the draws ask this of every card in play at every wound and draw, and most cards have
    none)."""
    ids = ids_with_kind(kind)
    if not game_has(state, ids):
        return []
    cards = state.cards
    table = _abilities_by_kind(kind)
    parts: Mapping[int, tuple[int, ...]] = {}
    if state._outside is not False and some_card_outside_zones(state) and state.rules.part_abilities_count:
        parts = combined_parts(state)
    out: list[tuple[int, int, int, Any]] = []
    for seat in seats:
        p = state.players[seat]
        for uid in (p.hero, *p.play):
            c = cards[uid]
            if c.hidden:
                continue
            if c.card_id in ids and not abilities_lost(state, uid):
                out.extend((seat, uid, i, a) for i, a in table[c.card_id])
            for part in parts.get(uid, ()):
                if cards[part].card_id in ids:
                    out.extend((seat, part, i, a) for i, a in table[cards[part].card_id])
    return out


def parts_of(state: State, uid: int) -> tuple[int, ...]:
    """The cards attached under card ``uid``, in ascending uid order: the other parts of the
    combined card it is the top of (R15 glossary «Присоединить», «Объединённая карта»).  A
    valid state has no part of a part (:mod:`oracle.validate`), so this is every part."""
    known = state._parts
    if known is None:
        if not some_card_outside_zones(state):
            return ()
        known = combined_parts(state)
    return known.get(uid, ())


def combined_parts(state: State) -> dict[int, tuple[int, ...]]:
    """The parts of every combined card (:func:`parts_of`), by the uid of its top card: found
    with one scan of the cards and kept (``State._parts``, speed only; reset with
    :func:`forget_outside`)."""
    known = state._parts
    if known is None:
        found: dict[int, list[int]] = {}
        for c in state.cards.values():
            if c.attached_to:
                found.setdefault(c.attached_to, []).append(c.uid)
        known = state._parts = {top: tuple(parts) for top, parts in found.items()}
    return known


def some_card_outside_zones(state: State) -> bool:
    """Whether some card is a part of a combined card or a captured card (``attached_to`` or
    ``captured_by`` set): the cards that lie in none of the zones.  When none is, there is no
    part, so the callers that look for parts or captured cards skip the scan of every card
    (speed only).  Found once per state and kept (``State._outside``, copied with the state);
    the rules that attach, capture or release a card reset it
    (:func:`forget_outside`)."""
    known = state._outside
    if known is None:
        known = state._outside = any(c.attached_to or c.captured_by for c in state.cards.values())
    return known


def game_has(state: State, ids: AbstractSet[str]) -> bool:
    """Whether some card of the game, in any zone (a part or a captured card too), is one of
    the printed cards ``ids``: a test before a scan of the cards in play for an ability that
    no card of this game may have (speed only).  The game's card ids are found once per state
    and kept (``State._ids``, copied with the state); a created card adds its id
    (:func:`oracle.rules.mechanisms.modules.create_card`)."""
    known = state._ids
    if known is None:  # (the kept set read inline, the common case: speed only)
        known = game_ids(state)
    return not known.isdisjoint(ids)


def game_ids(state: State) -> frozenset[str]:
    """The printed card ids of every card of the game, in any zone: what :func:`game_has`
    keeps (``State._ids``), found if not known yet (speed only)."""
    known = state._ids
    if known is None:
        known = state._ids = frozenset(c.card_id for c in state.cards.values())
    return known


def learn_card_facts(state: State) -> None:
    """Find and keep on ``state`` itself what :func:`some_card_outside_zones` and
    :func:`game_has` keep, if it does not know them yet (speed only): :func:`oracle.engine.apply`
    calls it on the state it is given before forking it, so that the next states made from one
    state inherit one finding instead of each making its own (a scan of every card at every
    ``apply`` to a state whose check asked neither).  Nothing of the
    game changes: both are kept outside the game state (``State._outside``, ``State._ids``)."""
    if state._outside is None:
        some_card_outside_zones(state)
    game_ids(state)


def forget_outside(state: State) -> None:
    """Reset what :func:`some_card_outside_zones` and :func:`parts_of` keep: a card was just
    attached, captured or released (a created card is neither a part nor captured, so creation
    keeps it)."""
    state._outside = None
    state._parts = None


def attached_strike(state: State, uid: int) -> int:
    """What the parts under card ``uid`` add to its base strike: the sum of their printed
    strikes (R15 glossary «Присоединить»: «начальная сила удара … равна сумме»; the
    ``combined_keeps_top_characteristics`` mutant adds nothing)."""
    if not state.rules.combined_card_sums:
        return 0
    return sum(card_def(state, p).strike for p in parts_of(state, uid))


def attached_life(state: State, uid: int) -> int:
    """What the parts under card ``uid`` add to its base life: the sum of their printed
    lives (R15 glossary «Присоединить»: «начальные жизни … равны сумме»)."""
    if not state.rules.combined_card_sums:
        return 0
    return sum(card_def(state, p).life for p in parts_of(state, uid))


def combined_cost(state: State, uid: int) -> int:
    """The base cost of card ``uid`` in play: its printed cost plus its parts' (R15 glossary
    «Присоединить», «Объединённая карта», R15:7.attach, R15:7.combined: the combined card's
    cost is the sum; X counts 0, R15:106.1.4), the cost an ability mentions reads
    (:func:`oracle.rules.queries.payment.mentioned_cost`; INTERPRETING.md, entry 103; the
    ``combined_keeps_top_characteristics`` mutant reads the top card's own)."""
    own = max(card_def(state, uid).cost, 0)
    if not state.rules.combined_card_sums:
        return own
    return own + sum(max(card_def(state, p).cost, 0) for p in parts_of(state, uid))


def condition_holds(state: State, seat: int, cond: Condition, moving: CardDef | None = None) -> bool:
    """Does the condition ``cond`` (:data:`~oracle.cards.CONDITIONS`) hold for ``seat`` now?
    An effect's condition is read when the effect executes (INTERPRETING.md, entry 42), a
    static one whenever the value it changes is read; «меньше»/«больше» are strict (the
    ``hand_comparison_not_strict`` mutant lets equal hands satisfy both).  ``moving``: a card of
    his hand being played, read as if it had already moved (a cost determined in edition C at
    step 8, after the move of step 4: out of his hand, a card — a creature — he has played, in
    play; INTERPRETING.md, entry 62)."""
    mine = len(state.players[seat].hand) - (moving is not None)
    if moving is not None and moving.type == "creature":
        if cond == "three_creatures_played_this_turn":
            return state.players[seat].creatures_played_this_turn + 1 >= 3
        if cond == "no_own_non_mechanisms" and "Механизм" not in moving.classes:
            return False
    theirs = len(state.players[1 - seat].hand)
    if cond == "hand_fewer_than_opponent":
        return mine < theirs if state.rules.hand_comparisons_strict else mine <= theirs
    if cond == "hand_more_than_opponent":
        return mine > theirs if state.rules.hand_comparisons_strict else mine >= theirs
    if cond == "hand_empty":
        return mine == 0
    if cond == "three_creatures_played_this_turn":  # INTERPRETING.md, entries 59 and 61
        return state.players[seat].creatures_played_this_turn >= 3
    if cond == "opponent_played_fewer_than_two":  # INTERPRETING.md, entry 144
        return state.players[1 - seat].played_this_turn < 2
    if cond == "no_own_non_mechanisms":
        # «если у вас нет существ не-механизмов»: every creature in his play zone, hidden ones
        # included, has the class Механизм now, an upgraded one too (R15:107.3, R15:7.upgrade;
        # INTERPRETING.md, entry 152; the ``non_mechanisms_by_printed_class`` mutant reads the
        # printed classes)
        return all("Механизм" in (classes_of(state, uid) if state.rules.mechanism_class_as_it_is_now
                                 else card_def(state, uid).classes)
                   for uid in state.players[seat].play if card_def(state, uid).type == "creature")
    raise AssertionError(cond)  # pragma: no cover - CONDITIONS is closed


def counts_as_stunned(state: State, uid: int) -> bool:
    """«Оглушённое»: the card has the effect «Оглушение» (R15:7.stun); a card that is only
    closed is not stunned (INTERPRETING.md, entry 54; the ``closed_counts_as_stunned`` mutant
    takes every closed card for a stunned one)."""
    c = state.cards[uid]
    return c.stunned or (c.closed and not state.rules.stun_is_an_effect)


def target_condition_holds(state: State, uid: int, cond: Condition) -> bool:
    """Does the condition ``cond`` about an effect's recipient target
    (:data:`~oracle.cards.TARGET_CONDITIONS`) hold for card ``uid`` now (R15:119.2; read when
    the effect executes, INTERPRETING.md, entry 54)?"""
    if cond == "target_stunned":
        return counts_as_stunned(state, uid)
    if cond == "target_has_shot":
        return has_shot(state, uid)
    raise AssertionError(cond)  # pragma: no cover - TARGET_CONDITIONS is closed


def has_shot(state: State, uid: int) -> bool:
    """«Если у него есть выстрел»: the card has an ability with a shot (an effect marked
    ``shot``, R15 glossary «Выстрел»; INTERPRETING.md, entry 68), a part's under it included
    (entry 103)."""
    return any(isinstance(e.params, WoundParams) and e.params.shot
               for _holder, a in printed_abilities(state, uid) for e in a.effects)


def printed_abilities(state: State, uid: int) -> Iterator[tuple[int, Ability]]:
    """Every printed ability card ``uid`` has now, as (holder, ability): its own, unless it lost
    them (entry 211), then its parts' (R15 glossary «Присоединить»: «К особенностям карты Y
    добавляются все особенности карты X»; entry 103)."""
    if not abilities_lost(state, uid):
        for a in card_def(state, uid).abilities:
            yield uid, a
    if state._outside is not False and some_card_outside_zones(state) and state.rules.part_abilities_count:
        for p in parts_of(state, uid):
            for a in card_def(state, p).abilities:
                yield p, a


def shot_bonus(state: State, uid: int) -> int:
    """The «+N к выстрелам» of card ``uid`` in force: the sum of its shot modifiers (R15
    glossary «Выстрел»; INTERPRETING.md, entry 67)."""
    return sum(m.amount for m in state.modifiers if m.target == uid and m.shots)


def static_strike_bonuses(state: State, uid: int) -> list[int]:
    """The +N of the creature's own «strike_bonus» statics in force, its parts' included (entry
    103): it is in play and not hidden (entry 12), and each one's condition holds for its
    controller (R15:115.1)."""
    c = state.cards[uid]
    found = abilities_of_kind(state, uid, StrikeBonus)
    if not found or c.hidden or state.zone_of(uid) != "play":
        return []
    return [
        a.value
        for _, _, a in found
        if not a.against and (not a.cond or condition_holds(state, state.controller_of(uid), a.cond))
    ]


def strike_at(state: State, uid: int, struck: int) -> int:
    """The strike creature ``uid`` deals to ``struck`` in a fight or a strike without one: its
    current strike plus each of its «strike_bonus … against» statics in force (its parts'
    included, entry 103) whose state the struck creature is in («+2 к удару по оглушенным
    существам»).  They apply at the attack's calculation step (R15:508.4.1), to the return
    strike too (R15:510.2), and are no part of the creature's strike elsewhere
    (INTERPRETING.md, entry 55)."""
    c = state.cards[uid]
    strike = current_strike(state, uid)
    if c.hidden or state.zone_of(uid) != "play" or card_def(state, struck).type != "creature":
        return strike
    for _, _, a in abilities_of_kind(state, uid, StrikeBonus):
        if not a.against:
            continue
        if a.cond and not condition_holds(state, state.controller_of(uid), a.cond):
            continue
        if a.against == "stunned" and counts_as_stunned(state, struck):
            strike += a.value
    return strike


def strike_with_modifiers(printed: int, amounts: Iterable[int]) -> int:
    """A creature's strike: its printed strike plus every strike modifier in force on it
    (each adds, R15:106.3.1, 523.1), at least 0 (R15:523.2)."""
    return max(printed + sum(amounts), 0)


def current_strike(state: State, uid: int) -> int:
    """Printed strike plus the strike modifiers in force and the creature's own static strike
    bonuses in force, at least 0 (R15:106.3.1, 115.1, 523.1, 523.2).  A strike that «становится
    равен Х» got, when that effect applied, as many +1/-1 effects as made it X (R15 glossary
    «Удар становится равным Х»): a modifier with ``sets`` whose amount is that fixed +/- and
    adds like any other (INTERPRETING.md, entry 134).  The ``strike_modifiers_do_not_stack``
    mutant counts only the latest modifier; the ``strike_becomes_set_to_last`` mutant keeps
    the value X in a ``sets`` modifier and applies it after every addition, the latest
    deciding (R15:523.1's last line)."""
    # a shot bonus is not a strike bonus (entry 67; the ``shot_bonus_adds_to_strike`` mutant counts it)
    mods = [m for m in state.modifiers if m.target == uid and not m.grants and not m.coins
            and (not m.shots or not state.rules.shot_bonus_only_on_shots)]
    if not state.rules.strike_modifiers_stack:
        mods = mods[-1:]
    printed = card_def(state, uid).strike + attached_strike(state, uid)
    statics = static_strike_bonuses(state, uid)
    if not state.rules.strike_becomes_fixed_amount:
        sets = [m.amount for m in mods if m.sets]
        if sets:
            return max(sets[-1], 0)
    doublings = sum(1 for m in state.modifiers if m.target == uid and m.grants == "double_strike")
    if doublings:
        # a multiplying modifier (R15:523.1): additions, then the multiplications, then the
        # subtractions; only the ``strike_doubling_multiplies`` mutant puts one on, a doubling by
        # an effect being the fixed +N of R15:106.3.1 (INTERPRETING.md, entry 71)
        amounts = [*[m.amount for m in mods], *statics]
        added = printed + sum(a for a in amounts if a > 0)
        return max(added * (1 << doublings) + sum(a for a in amounts if a < 0), 0)
    return strike_with_modifiers(printed, [*[m.amount for m in mods], *statics])


def current_life(state: State, uid: int) -> int:
    """The card's life level: printed life (a combined card's: the sum of its parts',
    :func:`attached_life`) plus its additional lives, minus its reduced lives, minus its
    wounds (R15:106.2, 504.1–504.4; :mod:`oracle.rules.mechanisms.lives`; INTERPRETING.md, entries 69
    and 97)."""
    c = state.cards[uid]
    life = (PRINTED or printed())[c.card_id].life - c.wounds
    for m in state.modifiers:  # life_bonus and the doublings in one pass (speed only)
        if m.target == uid:
            grants = m.grants
            if grants == "life":
                life += m.amount
            elif grants == "reduced_life":
                life -= m.amount
            elif grants == "double_life":
                return max_life(state, uid) - c.wounds
    if state._outside is not False and some_card_outside_zones(state):  # (known False: no call; speed only)
        life += attached_life(state, uid)
    return life


def max_life(state: State, uid: int) -> int:
    """The card's maximum lives (its life level with no wounds): printed life (a combined
    card's sum), plus its additional lives, each «удвойте … максимальные жизни» doubling that,
    minus its reduced lives — additions, then multiplications, then subtractions (R15:523.1;
    INTERPRETING.md, entry 158; the ``life_doubling_after_reductions`` mutant doubles after
    the reduced lives too)."""
    base = card_def(state, uid).life + attached_life(state, uid)
    added = sum(m.amount for m in state.modifiers if m.target == uid and m.grants == "life")
    reduced = sum(m.amount for m in state.modifiers if m.target == uid and m.grants == "reduced_life")
    doublings = sum(1 for m in state.modifiers if m.target == uid and m.grants == "double_life")
    if not state.rules.life_doubling_before_reductions:
        return (base + added - reduced) << doublings
    return ((base + added) << doublings) - reduced


def life_bonus(state: State, uid: int) -> int:
    """The life effects of card ``uid`` in force: its additional lives («+N к жизням», a
    modifier granting "life", R15:504.2) minus its reduced lives (a modifier granting
    "reduced_life", R15:504.4; never both at once, R15:504.5; INTERPRETING.md, entries 69, 97)."""
    return sum(m.amount if m.grants == "life" else -m.amount
               for m in state.modifiers if m.target == uid and m.grants in ("life", "reduced_life"))


def classes_of(state: State, uid: int) -> tuple[str, ...]:
    """The classes card ``uid`` has now: its printed ones (R15:107.3), or only Механизм once
    it was upgraded («Усовершенствовать»: it loses all its classes and becomes a mechanism,
    R15 glossary; a modifier granting "mechanism", INTERPRETING.md, entry 69), or only Энт once
    it became one («становится энтом», a modifier granting "ent"; entry 181): the later of them."""
    changed = ""
    for m in state.modifiers:
        if m.target == uid and m.grants in ("mechanism", "ent"):
            changed = m.grants
    if changed == "mechanism":
        return ("Механизм",)
    if changed and state.rules.ent_replaces_classes:
        return ("Энт",)
    own = card_def(state, uid).classes
    parts = parts_of(state, uid)
    if parts:
        # a combined card has the classes of all its parts (R15 glossary «Объединённая карта»)
        own = tuple(dict.fromkeys((*own, *(c for p in parts for c in card_def(state, p).classes))))
    return tuple(dict.fromkeys((*own, "Энт"))) if changed else own


def has_keyword(state: State, uid: int, keyword: Keyword | GrantedKeyword) -> bool:
    """Whether card ``uid`` has ``keyword`` now: printed (``keywords``, its own or a part's
    under it) or granted by a modifier in force («получает Рывок до конца хода», R15 glossary «Получает»; entry 69)."""
    mods = state.modifiers  # (no modifier, the common case: nothing granted, nothing lost; speed only)
    if keyword in (PRINTED or printed())[state.cards[uid].card_id].keywords and not (
            mods and abilities_lost(state, uid)):
        return True  # printed, and its printed text still counts (entry 211)
    if mods and not state.rules.granted_abilities_survive_the_loss and abilities_lost(state, uid):
        return False  # the mutant's reading: a loss takes the granted keywords too (entry 212)
    # the top card of a combined card gains its parts' abilities (R15 glossary «Присоединить»)
    if state._outside is not False and some_card_outside_zones(state) and any(
            keyword in card_def(state, p).keywords for p in parts_of(state, uid)):
        return True
    return any(m.target == uid and m.grants == keyword for m in mods)


def characters_in_play(state: State) -> Iterator[int]:
    """Heroes and creatures in the play zone, seat 0 first, hero first."""
    for p in state.players:
        yield p.hero
        for uid in p.play:
            if (PRINTED or printed())[state.cards[uid].card_id].type == "creature":
                yield uid
