"""Declaration and payment (501; C:309.1 steps 2, 3, 8, 9): prepaid costs of activated
abilities and the final cost of playing a card with its modifiers.  In editions A and B a
card's final cost (R15:106.1.1, 523.1) is paid with its declaration (501.2), before the
card moves; in C at step 9, after it moved (INTERPRETING.md, entry 39).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...cards import ActivatedAbility, CardDef, CostCount, CostModifier, EffectAbility, SelfCostModifier
from ...editions import cite_one
from ...model import Card, Event, Modifier, State, Violation
from .board import (
    abilities_lost,
    card_def,
    classes_of,
    combined_cost,
    condition_holds,
    game_has,
    ids_in_play,
    parts_of,
    some_card_outside_zones,
    top_of,
)
from .pool_index import per_pool
from .timed_effects import cost_effects

__all__ = [
    "BoardStatic",
    "ability_cost_modifiers",
    "ability_cost_violations",
    "ability_final_cost",
    "board_cost_statics",
    "cost_doublings",
    "cost_grows_with_x",
    "cost_modifiers",
    "final_cost",
    "granted_limit_reached",
    "largest_ability_x",
    "largest_x",
    "limit_reached",
    "mentioned_cost",
    "pay_coins",
    "return_granted_marker",
    "take_granted_marker",
    "take_usage_marker",
]


_CostStatics = tuple[dict[str, tuple[CostModifier, ...]], dict[str, tuple[SelfCostModifier, ...]]]


@per_pool
def _cost_statics(cards: Mapping[str, CardDef]) -> _CostStatics:
    """Two tables per card id of the pool ``cards``, in the card's order: its static cost
    modifiers of other cards' costs (:class:`~oracle.cards.CostModifier`), and those of its
    own cost (:class:`~oracle.cards.SelfCostModifier`).  Most cards have neither, so a scan of the board or of a hand card
    skips them at once (the tables are made once per pool)."""
    others = {cid: tuple(a for a in d.abilities if isinstance(a, CostModifier)) for cid, d in cards.items()}
    selfs = {cid: tuple(a for a in d.abilities if isinstance(a, SelfCostModifier)) for cid, d in cards.items()}
    return others, selfs


@per_pool
def _ability_cost_table(cards: Mapping[str, CardDef]) -> dict[str, tuple[CostModifier, ...]]:
    """Per card id: its static cost modifiers (all of them) if one is of activated abilities'
    costs, else none (:func:`board_cost_statics` with ``of_abilities``; made once)."""
    others = _cost_statics()[0]
    return {cid: s if any(a.of_abilities for a in s) else () for cid, s in others.items()}


@per_pool
def _ability_static_ids(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The ids of the pool's cards with a modifier of activated abilities' costs."""
    return frozenset(cid for cid, s in _ability_cost_table().items() if s)


#: A card in play with static cost modifiers of other cards' costs: (uid, card, statics).
BoardStatic = tuple[int, Card, tuple[CostModifier, ...]]


def board_cost_statics(state: State, of_abilities: bool = False) -> list[BoardStatic]:
    """The non-hidden cards in play (heroes included) with static modifiers of other cards'
    costs, seat by seat: what :func:`cost_modifiers` reads of the board.  Computed once, it
    serves every card of a hand (``legal_actions`` of the choice phase).  ``of_abilities``:
    only the cards with a modifier of activated abilities' costs, each with all its modifiers
    (what :func:`ability_cost_modifiers` reads; speed only: it asks for each ability)."""
    table = _cost_statics()[0]
    cards = state.cards
    if of_abilities:
        table = _ability_cost_table()
    out: list[BoardStatic] = []
    parts = state._outside is not False and some_card_outside_zones(state) and state.rules.part_abilities_count
    for p in state.players:
        for uid in (p.hero, *p.play):
            c = cards[uid]
            statics = table[c.card_id]
            if statics and not c.hidden and not abilities_lost(state, uid):  # lost printed text (entry 211)
                out.append((uid, c, statics))
            if parts and not c.hidden:
                # a combined card has its parts' statics: each read as its own (its state, its
                # controller; R15 glossary «Присоединить»; INTERPRETING.md, entry 103)
                out.extend((uid, c, table[cards[part].card_id]) for part in parts_of(state, uid)
                           if table[cards[part].card_id])
    return out


def cost_modifiers(
    state: State, seat: int, played: int, board: list[BoardStatic] | None = None
) -> list[tuple[str, int]]:
    """The cost modifiers that apply to ``seat`` playing card ``played``: static
    abilities of open or closed, non-hidden cards in play, in order of appearance
    (entry turn, then uid) — one «Пока [эта карта] открыта» only while its card is open —
    then the card's own, then the timed cost effects on ``seat`` (R15:521.1).  A card's own static does not apply to its own play
    (R15:203.3).  A modifier naming a class applies only to cards of that class
    (R15:107.3; «Механизмы стоят на (1) дешевле»: creatures and support cards alike,
    R15:107.3.2).  ``board``: :func:`board_cost_statics` of ``state`` if already computed."""
    if board is None:
        board = board_cost_statics(state)
    played_def = card_def(state, played)
    own = _self_cost_modifiers(state, seat, played_def, played)
    if state.player_effects:  # timed cost effects on the player (R15:521.1; oracle.rules.queries.timed_effects)
        own = own + cost_effects(state, seat, played)
    if not board:
        return own
    ctype = played_def.type
    found: list[tuple[int, int, str, int, bool]] = []
    for uid, c, statics in board:
        if uid == played:
            continue
        whose = state.controller_of(uid)  # a static of a card in play is its controller's (R15:519.5)
        for a in statics:
            if a.of_abilities:
                continue  # the cost of activated abilities (ability_cost_modifiers)
            if a.player == "own" and whose != seat:
                continue
            if a.player == "opponent" and whose == seat:
                continue
            if not state.rules.statics_for_every_player and a.player == "any" and whose != seat:
                continue  # the mutant reads an unqualified static as «your …» (R15:118.8)
            if a.card_type not in ("any", ctype):
                continue
            if a.card_class and a.card_class not in played_def.classes:
                continue
            if a.while_open and c.closed and state.rules.while_open_needs_open:
                continue  # «Пока [эта карта] открыта»: not while it is closed (R15:115.1; entry 173)
            found.append((c.entered_turn, uid, a.modifier, a.value, a.if_increased))
    if not found:
        return own
    found.sort()
    plain = [(m, v) for _, _, m, v, extra in found if not extra] + own
    # «Если карта … должна стоить дороже, она стоит дополнительно на (1) дороже»: only on top of
    # another modifier that makes it cost more (INTERPRETING.md, entry 83; the mutant always adds it)
    increased = any((m == "increase" and v >= 1) or (m == "multiply" and v >= 2) for m, v in plain)
    keep = increased or not state.rules.extra_increase_needs_an_increase
    return [(m, v) for _, _, m, v, extra in found if not extra or keep] + own


def ability_cost_modifiers(state: State, source: int, board: list[BoardStatic] | None = None) -> list[tuple[str, int]]:
    """The cost modifiers of the activated abilities of card ``source`` (R15:308.1 steps 2
    and 4): the statics «… активируемые способности стоят …» of open or closed, non-hidden
    cards in play, in order of appearance, for abilities of cards of their ``player``, type
    and class.  A card's own modifier applies to its own abilities: they are «ваши» abilities
    and R15:203.3 excludes a card only from its own play (INTERPRETING.md, entry 119).  The
    modifiers of cards' plays do not apply to abilities (R15:106.1.1 speaks of cards).  The
    ``ability_cost_unmodified`` mutant ignores these modifiers."""
    if not state.rules.ability_cost_modified:
        return []
    if board is None:
        if not game_has(state, _ability_static_ids()) or _ability_static_ids().isdisjoint(ids_in_play(state)):
            return []  # no card in play has one (the common case; speed only)
        board = board_cost_statics(state, of_abilities=True)
    if not board:
        return []
    src = card_def(state, source)
    seat = state.controller_of(source)  # a part's: its combined card's controller
    classes = classes_of(state, top_of(state, source)) if state.cards[source].attached_to else src.classes
    found: list[tuple[int, int, str, int]] = []
    for uid, c, statics in board:
        whose = state.controller_of(uid)  # a static of a card in play is its controller's (R15:519.5)
        for a in statics:
            if not a.of_abilities:
                continue
            if a.player == "own" and whose != seat:
                continue
            if a.player == "opponent" and whose == seat:
                continue
            if a.card_type not in ("any", src.type):
                continue
            if a.card_class and a.card_class not in classes:
                continue
            found.append((c.entered_turn, uid, a.modifier, a.value))
    found.sort()
    return [(m, v) for _, _, m, v in found]


def ability_final_cost(
    state: State, source: int, a: ActivatedAbility, x: int, mods: list[tuple[str, int]] | None = None
) -> int:
    """The coins an activated ability's payment closes (R15:308.1 steps 2-4): its base cost,
    the printed coins plus the declared X of «(Х)» (step 3), with the ability cost modifiers
    applied in the order of step 4 (:func:`final_cost`'s order)."""
    if mods is None:
        mods = ability_cost_modifiers(state, source)
    base = a.coins + (x if a.x_coins else 0)
    if state.modifiers and any(m.target == source and m.grants == "double_cost" for m in state.modifiers):
        mods = [*mods, *cost_doublings(state, source, a)]
    if not mods:
        return base
    return final_cost(state, state.controller_of(source), source, base, mods)


def cost_doublings(state: State, source: int, a: ActivatedAbility) -> list[tuple[str, int]]:
    """«Удвойте … стоимость этой особенности» (Энт-прародитель): a multiplying cost modifier of
    the ability per doubling in force on its card (a modifier granting "double_cost" whose
    ``amount`` is the ability's index), applied in the order of R15:308.1 step 4 and 523.1
    (INTERPRETING.md, entry 158; the ``ability_cost_doubles_once`` mutant counts one doubling
    however many were made)."""
    abilities = card_def(state, source).abilities
    n = sum(1 for m in state.modifiers if m.target == source and m.grants == "double_cost"
            and 0 <= m.amount < len(abilities) and abilities[m.amount] is a)
    if n and not state.rules.cost_doublings_compound:
        n = 1
    return [("multiply", 2)] * n


def largest_ability_x(state: State, source: int, a: ActivatedAbility, mods: list[tuple[str, int]] | None = None) -> int:
    """The largest X the controller can declare for the «(Х)» ability ``a`` of ``source``
    (R15:308.1 step 3), 0 if none: as for a card's X (INTERPRETING.md, entry 8), the last X
    whose final cost the open coins cover while the cost grows with X, else the open coins."""
    coins = state.players[state.controller_of(source)].coins_open
    if mods is None:
        mods = ability_cost_modifiers(state, source)
    bound = _largest_payable(coins, lambda x: ability_final_cost(state, source, a, x, mods), cost_grows_with_x(mods))
    return bound if state.rules.x_uncapped else min(bound, 10)


def _largest_payable(coins: int, cost_of: Callable[[int], int], grows: bool) -> int:
    """The largest X >= 1 with ``cost_of(X) <= coins`` for a non-decreasing, unbounded cost
    (0 if none); ``coins`` itself where the cost does not grow with X (entry 8)."""
    if not grows:
        return coins
    if cost_of(1) > coins:
        return 0
    lo, hi = 1, 2
    while cost_of(hi) <= coins:
        lo, hi = hi, hi * 2
    while hi - lo > 1:  # payable(lo), not payable(hi)
        mid = (lo + hi) // 2
        if cost_of(mid) <= coins:
            lo = mid
        else:
            hi = mid
    return lo


def _self_cost_modifiers(state: State, seat: int, d: CardDef, played: int) -> list[tuple[str, int]]:
    """The played card's static abilities about its own cost (R15:106.1.1, 115.1): they work
    from the hand it is played from, after the modifiers of the cards in play (its effect
    appears as it is played), a condition read and a count taken when the final cost is
    determined: at step 4 of R15:309.1, before the card moves (A/B: with the declaration,
    501.2), or in edition C at step 8, after it moved at step 4 (:func:`_cost_count`;
    INTERPRETING.md, entries 61 and 62).  The ``hand_statics_ignored`` mutant ignores them."""
    selfs = _cost_statics()[1][d.id]
    if not selfs or not state.rules.hand_statics_apply:
        return []
    out: list[tuple[str, int]] = []
    moving = d if not state.rules.cost_before_the_card_moves and played in state.players[seat].hand else None
    for a in selfs:
        if a.cond and not condition_holds(state, seat, a.cond, moving):
            continue
        out.append((a.modifier, a.value * _cost_count(state, seat, a.per, played) if a.per else a.value))
    return out


def _cost_count(state: State, seat: int, per: CostCount, played: int) -> int:
    """A self cost modifier's count (``COST_COUNTS``) for ``seat`` playing card ``played``, as
    the zones are when the final cost is determined: in edition C the card has moved at C:309.1
    step 4, before the cost is determined at step 8, so while it is still in the hand (the
    legal plays, the check) it is counted out of the hand and, a creature, among his creatures
    (INTERPRETING.md, entry 62); A, B and R15 determine the cost before it moves."""
    p = state.players[seat]
    moved = not state.rules.cost_before_the_card_moves and played in p.hand
    if per == "cards_in_hand":
        return len(p.hand) - moved
    assert per == "own_creatures"
    own = sum(1 for uid in p.play if card_def(state, uid).type == "creature")
    return own + (moved and card_def(state, played).type == "creature")


def mentioned_cost(state: State, uid: int) -> int:
    """The cost of card ``uid`` as an ability mentions it («Х — его стоимость», «стоимостью (1)
    или менее»): its base cost, a cost X counting 0 (R15:106.1, 106.1.4); for a combined card
    (a card in play with parts attached under it) the base cost is the sum of its parts'
    printed costs, its own included, each X counting 0 (R15:7.attach, R15:7.combined;
    INTERPRETING.md, entry 103, reading 2c; :func:`~oracle.rules.queries.board.combined_cost`, which the
    ``combined_keeps_top_characteristics`` mutant reads as the top card's own cost).  Cost
    modifiers work only while a card is played (R15:106.1.1; INTERPRETING.md, entry 44): the
    ``mentioned_cost_modified`` mutant applies the modifiers in force for the card's owner to
    that base."""
    base = combined_cost(state, uid)
    if state.rules.mentioned_cost_is_base:
        return base
    return final_cost(state, state.cards[uid].owner, uid, base)


_ORDER = ("increase", "multiply", "decrease", "divide", "set")
_WRONG_ORDER = ("decrease", "divide", "increase", "multiply", "set")


def final_cost(
    state: State, seat: int, played: int, base: int, mods: list[tuple[str, int]] | None = None
) -> int:
    """Apply the modifiers in the order of C:309.1 step 8 (R15:523.1): increases, then
    multiplications, decreases, divisions (rounded up, INTERPRETING.md entry 7), then
    set-to values in order of appearance; a negative result is 0 (R15:106.1.1).  ``mods``
    may give :func:`cost_modifiers` already computed for this seat and card."""
    if mods is None:
        mods = cost_modifiers(state, seat, played)
    cost = base
    order = _ORDER if state.rules.cost_modifiers_in_order else _WRONG_ORDER
    for kind in order:
        for m, v in mods:
            if m != kind:
                continue
            if m == "increase":
                cost += v
            elif m == "multiply":
                cost *= v
            elif m == "decrease":
                cost -= v
            elif m == "divide":
                cost = -(-cost // v) if v > 0 else cost
            else:
                cost = v
    return max(cost, 0)


def base_cost(d: CardDef, x: int, fury: bool) -> int:
    """Base cost (C:309.1 step 2) plus the additional costs chosen at step 3."""
    cost = x if d.x_cost else d.cost
    if fury and d.fury is not None:
        cost += d.fury.coins
    return cost


def cost_grows_with_x(mods: list[tuple[str, int]]) -> bool:
    """Does the final cost grow without bound as X grows?  Not when a set-to modifier
    applies, nor after a multiplication by 0 (R15:523.1)."""
    return not any(m == "set" or (m == "multiply" and v == 0) for m, v in mods)


def largest_x(
    state: State, seat: int, played: int, fury: bool, option: str, mods: list[tuple[str, int]] | None = None
) -> int:
    """The largest X ``seat`` can announce for card ``played`` (C:309.1 step 3), 0 if none:
    X is bounded only by what can be paid (INTERPRETING.md, entry 8).  While the final cost
    grows with X, that is the largest X whose final cost (additional costs and modifiers
    included, step 8) the open coins cover (step 9); where it does not (a set-to modifier, a
    multiplication by 0, the alternative cost), X itself is a number of coins the player
    must hold open (R15:106.1.2), so X is at most the open coins.  The
    ``x_capped_at_ten`` mutant also caps it at 10, the accumulation phase's coin cap."""
    coins = state.players[seat].coins_open
    if mods is None:
        mods = cost_modifiers(state, seat, played)
    d = card_def(state, played)
    if option == "alt" or not cost_grows_with_x(mods):
        bound = coins
    else:
        bound = _largest_payable(coins, lambda x: final_cost(state, seat, played, base_cost(d, x, fury), mods), True)
    if not state.rules.x_uncapped:
        bound = min(bound, 10)
    return bound


def limit_reached(card: Card, index: int, a: EffectAbility) -> bool:
    """The ability's «N раз за ход» or «N раз за игру» limit is used up on ``card``
    (R15:113.5, 114.4); the limit is part of the payment (501.2)."""
    if a.per_turn and card.usage.get(index, 0) >= a.per_turn:
        return True
    return bool(a.per_game and card.game_usage.get(index, 0) >= a.per_game)


def granted_limit_reached(state: State, uid: int, granter: int, index: int, a: EffectAbility) -> bool:
    """The «1 раз за ход» of the ability ``index`` of ``granter``'s text that card ``uid`` was
    granted is used up: it has as many usage markers of it as the limit (R15:113.5; a marker
    is a modifier granting "ability_used", INTERPRETING.md, entry 180).  The
    ``granted_ability_unlimited`` mutant never reaches it."""
    if not a.per_turn or not state.rules.granted_abilities_once_per_turn:
        return False
    used = sum(1 for m in state.modifiers
               if m.target == uid and m.grants == "ability_used" and m.granter == granter and m.amount == index)
    return used >= a.per_turn


def take_granted_marker(state: State, uid: int, granter: int, index: int, a: EffectAbility) -> None:
    """Put the usage marker of a granted triggered ability on the card ``uid`` that has it, at its
    declaration (R15:113.5): a modifier granting "ability_used", ``granter`` and ``amount`` naming
    the ability as the grant does, until the start of the next turn, when the per-turn markers
    come off (303.3; INTERPRETING.md, entry 180).  A «Каждый раз, когда» ability takes none, nor
    does a card that has left play (a granted «Гибель» declared after the death): out of play it has
    lost what it was granted (R15:205.3), and a modifier lies only on a card in play."""
    if a.per_turn and state.rules.granted_abilities_once_per_turn and state.zone_of(uid) == "play":
        state.modifiers.append(Modifier(uid, index, "start_of_turn", grants="ability_used", granter=granter))


def return_granted_marker(state: State, uid: int, granter: int, index: int) -> None:
    """One usage marker of a granted ability comes off card ``uid`` again (R15:113.9)."""
    for k, m in enumerate(state.modifiers):
        if m.target == uid and m.grants == "ability_used" and m.granter == granter and m.amount == index:
            del state.modifiers[k]
            return


def take_usage_marker(state: State, uid: int, index: int, a: EffectAbility) -> None:
    """Put the ability's usage marker on card ``uid`` at declaration (501.2, R15:113.5, 114.4)."""
    if not (a.per_turn or a.per_game):
        return
    card = state.card_mut(uid)
    if a.per_turn:
        card.usage[index] = card.usage.get(index, 0) + 1
    if a.per_game:
        card.game_usage[index] = card.game_usage.get(index, 0) + 1


def ability_cost_violations(state: State, uid: int, index: int, a: ActivatedAbility) -> list[Violation]:
    """Can the activated ability be paid now (501.2): the card open if the cost closes it,
    enough open coins, the per-turn or per-game limit not used up."""
    out: list[Violation] = []
    c = state.cards[uid]  # the usage markers of a part's ability are the part's (entry 103)
    r501_2 = cite_one(state, "501.2")
    if not state.rules.payment_required:
        return out
    if a.tap and state.cards[top_of(state, uid)].closed:  # a part's tap closes its combined card
        out.append(Violation(r501_2, "the cost closes this card, but it is already closed"))
    payer = state.players[state.controller_of(uid)]  # its controller pays (R15:519.5)
    least = ability_final_cost(state, uid, a, 1 if a.x_coins else 0)
    if least > payer.coins_open:
        out.append(
            Violation(r501_2, f"the cost needs {least} open coins, the player has {payer.coins_open}")
        )
    if a.discard and len(payer.hand) < a.discard:
        out.append(Violation(r501_2, "the cost discards a card («Сбросьте карту:»), the player's hand is empty"))
    elif a.discard_x and not payer.hand:  # «сбросьте Х карт», X at least 1 (entry 240)
        out.append(Violation(r501_2, "the cost discards X cards (X at least 1), the player's hand is empty"))
    if limit_reached(c, index, a):
        limit = f"{a.per_turn} раз за ход" if a.per_turn else f"{a.per_game} раз за игру"
        out.append(Violation(r501_2, f"the limit «{limit}» is used up (R15:114.4)"))
    return out


def pay_coins(state: State, seat: int, n: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """Close ``n`` open coins (501.2; a card's play in C: C:309.1 step 9)."""
    if n <= 0:
        return
    p = state.players[seat]
    paid = min(n, p.coins_open)  # the payment_not_required mutant may ask for more
    p.coins_open -= paid
    p.coins_closed += paid
    ev.append(Event("coins_paid", rules, (("player", seat), ("amount", paid))))
