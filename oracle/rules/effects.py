"""Effects of abilities and the rules' own effects: wounds, destruction, moving cards,
drawing, coins, closing and opening (R15:120, 504–506, 522, 601–604).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..cards import (
    GRANT_OPS,
    HAND_OPS,
    OPS,
    TARGET_CONDITIONS,
    Effect,
    EffectAbility,
    KeywordParams,
    NoWoundsFrom,
    Op,
    Recipient,
    WoundParams,
    load_pool,
)
from ..model import Event, HandChoice, Modifier, QueueEntry, State
from .board import (
    card_def,
    classes_of,
    condition_holds,
    current_life,
    current_strike,
    has_keyword,
    shot_bonus,
    target_condition_holds,
)
from .hand import carry_out, choosers, forced_choice, has_real_choice, pause_for, pause_for_shuffle, put_on_deck
from .payment import mentioned_cost
from .targeting import target_violation
from .triggers import fire

__all__ = [
    "check_state",
    "close_card",
    "draw",
    "enter_play",
    "hand_effect",
    "handler_of",
    "leave_play",
    "leave_together",
    "live_targets",
    "run_ability",
    "run_effects",
    "wound",
]


def wound(
    state: State, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...], source: int = 0,
    by_strike: bool = False, payment: bool = False,
) -> None:
    """Put ``amount`` wounds on a character in play; hidden ones take none (R15:504.3).

    ``source`` is the card that deals them (0: none, e.g. poison or a payment): the striking
    creature, or the source of the ability whose effect they are (R15:502.2), wherever it is
    now (R15:403.1).  Wounds it deals to a hero fire «наносит раны ударом по герою» when
    ``by_strike`` (R15:510.3) and «[карта] наносит раны герою» either way (INTERPRETING.md,
    entry 57; the ``hero_wounds_by_strike_only`` mutant fires the latter only for a strike).
    A character with «Уязвимость» takes one more, unless the wounds are a ``payment``."""
    c = state.cards[uid]
    if amount <= 0 or c.hidden or state.zone_of(uid) != "play":
        return
    if source and (by_strike or state.rules.no_wounds_from_covers_abilities) and _no_wounds_from(state, uid, source):
        ev.append(Event("wounds_prevented", (*rules, "R15:517.1.1"),
                        (("card", uid), ("source", source), ("amount", amount))))
        return
    if not payment and has_keyword(state, uid, "vulnerability"):
        # «Уязвимость»: 1 wound more from any source of wounds; an amount of 0 is no source, and
        # several do not add up (R15:7.vulnerability; INTERPRETING.md, entry 72)
        amount += 1 if state.rules.vulnerability_adds_one else 0
        rules = (*rules, "R15:7.vulnerability")
    c = state.card_mut(uid)
    c.wounds += amount
    ev.append(Event("wounded", rules, (("card", uid), ("amount", amount), ("wounds", c.wounds))))
    if not source or card_def(state, uid).type != "hero":
        return
    if by_strike:
        fire(state, "strikes_hero", source, ev, rules, count=amount)  # «наносит Х ран ударом герою» (entry 57)
    if by_strike or state.rules.ability_wounds_have_a_source:
        fire(state, "wounds_hero", source, ev, rules)


def _no_wounds_from(state: State, uid: int, source: int) -> bool:
    """Whether ``uid`` has «Не получает ран от существ с ударом N или более» (static
    ``no_wounds_from``) and ``source`` is a creature whose strike is N or more now: its
    current strike in play, its printed strike once it left play (R15:517.1.1; entry 86)."""
    bars = [a.min_strike for a in card_def(state, uid).abilities if isinstance(a, NoWoundsFrom)]
    d = card_def(state, source)
    if not bars or d.type != "creature":
        return False
    strike = current_strike(state, source) if state.zone_of(source) == "play" else d.strike
    return strike >= min(bars)


def close_card(state: State, uid: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """Close (tap) a card in play; «when closed» triggers fire (R15:506)."""
    c = state.cards[uid]
    if c.closed or state.zone_of(uid) != "play":
        return
    state.card_mut(uid).closed = True
    ev.append(Event("closed", rules, (("card", uid),)))
    fire(state, "closed", uid, ev, rules)


def leave_play(
    state: State, uid: int, ev: list[Event], rules: tuple[str, ...], kind: str = "destroyed"
) -> None:
    """Move one card from the play zone to its owner's graveyard (see :func:`leave_together`)."""
    leave_together(state, (uid,), ev, rules, kind)


def leave_together(
    state: State, uids: Sequence[int], ev: list[Event], rules: tuple[str, ...], kind: str = "destroyed"
) -> None:
    """Move cards that leave the play zone at the same moment to their owners' graveyards;
    each loses wounds, markers and effects (R15:205.3).  ``kind`` is the event's kind:
    "destroyed", or "moved_to_graveyard" when it is not a destruction.

    They leave together (R15:505.1: each is destroyed at once, none before another): first
    every card moves (one event each), then the triggers of every departure fire — each
    card's own «Гибель» and every «when a creature dies» ability that sees it, including
    those of the other cards that left with it, wherever they are now (R15:505.3, 401.5;
    INTERPRETING.md, entry 34).  The order of the play zone therefore decides nothing."""
    wounds = {uid: state.cards[uid].wounds for uid in uids}  # last known, for «Гибель: … Х ран» (R15:403.1)
    for uid in uids:
        c = state.card_mut(uid)
        owner = state.players[c.owner]
        owner.play.remove(uid)
        owner.graveyard.append(uid)
        c.closed = c.hidden = c.stunned = False
        c.wounds = c.poison = 0
        # R15:205.3: it loses every effect and marker but the usage markers of «N раз за
        # ход» / «N раз за игру» abilities (INTERPRETING.md, entry 40)
        if not state.rules.markers_kept_in_graveyard:
            c.usage.clear()
            c.game_usage.clear()
        if not state.rules.death_triggers_see_effects:
            state.modifiers = [m for m in state.modifiers if m.target != uid]
        ev.append(Event(kind, rules, (("card", uid), ("owner", c.owner))))
    together = tuple(uids)
    for uid in uids:
        fire(state, "death", uid, ev, rules, count=wounds[uid])
        if card_def(state, uid).type == "creature":
            fire(state, "creature_dies", uid, ev, rules, together)
    # its effects go once the triggers on its death have fired (R15 glossary «При гибели»): a
    # «когда ваш механизм погибает» sees an upgraded creature as the mechanism it died as
    # (INTERPRETING.md, entry 69; the ``effects_gone_before_death_triggers`` mutant drops them first)
    gone = set(uids)
    state.modifiers = [m for m in state.modifiers if m.target not in gone]


def enter_play(state: State, uid: int, seat: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """Put a card from the hand into the play zone, open; «Найм» and «enters» triggers
    fire; it has first-turn weakness this turn (R15:108.5)."""
    p = state.players[seat]
    p.hand.remove(uid)
    p.play.append(uid)
    state.card_mut(uid).entered_turn = state.turn
    ev.append(Event("entered_play", rules, (("card", uid), ("player", seat))))
    d = card_def(state, uid)
    if d.poison and state.rules.printed_poison_in_play:
        # a printed «Отравление N»: the card has Poison N from the moment it is in play, the
        # higher value applying (R15:7.poison; INTERPRETING.md, entry 80; the
        # ``printed_poison_ignored`` mutant leaves it out)
        c = state.card_mut(uid)
        c.poison = max(c.poison, d.poison)
        ev.append(Event("poisoned", ("R15:7.poison",), (("card", uid), ("poison", c.poison))))
    if d.type == "support":  # R15:212.3: the other support of the same class goes
        for other in [o for o in p.play if o != uid]:
            od = card_def(state, other)
            if od.type == "support" and od.card_class == d.card_class:
                leave_play(state, other, ev, ("R15:212.3",), "moved_to_graveyard")
    if d.type == "creature" and state.rules.uniqueness_moves_the_first:
        # Уникальность (R15 glossary): a second card of the same name under the same player's
        # control: the first copy goes to the graveyard, a rules effect (R15:503.1; entry 83)
        for other in [o for o in p.play if o != uid]:
            od = card_def(state, other)
            if od.name == d.name and ("unique" in d.keywords or "unique" in od.keywords):
                leave_play(state, other, ev, ("R15:503.1",), "moved_to_graveyard")
    fire(state, "hire", uid, ev, rules)
    if card_def(state, uid).type == "creature":
        fire(state, "creature_enters", uid, ev, rules)


def draw(state: State, seat: int, n: int, ev: list[Event], rules: tuple[str, ...]) -> int:
    """Draw up to ``n`` cards from the top of the deck, one at a time (R15:527.1, 527.2);
    returns how many were drawn.  From turn 1 each card counts in the player's
    ``drawn_this_turn`` and fires the «when you draw your Nth card this turn» triggers as it
    is drawn; the deal and the mulligan (turn 0) are in no turn (INTERPRETING.md, entries 59
    and 60).  The ``draws_counted_per_effect`` mutant fires them once, after the last card."""
    p = state.players[seat]
    counted = state.turn >= 1
    each = state.rules.each_draw_counted
    drawn = uid = 0
    for _ in range(n):
        if not p.deck:
            break
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
    return drawn


def check_state(state: State, ev: list[Event]) -> None:
    """Rules' own effects, at once (R15:505.1, 604, 603.1): creatures at 0 life or less
    are destroyed, all of them together (:func:`leave_together`); a hero at 0 life or less
    loses the game, both at once is a draw."""
    while True:
        dead = [
            uid
            for p in state.players
            for uid in p.play
            if card_def(state, uid).type == "creature" and current_life(state, uid) <= 0
        ]
        if not dead:
            break
        if not state.rules.deaths_together:
            for uid in dead:
                leave_play(state, uid, ev, ("R15:505.1",))
        else:
            leave_together(state, dead, ev, ("R15:505.1",))
    losers = [seat for seat, p in enumerate(state.players) if current_life(state, p.hero) <= 0]
    if losers and state.winner < 0:
        state.winner = 2 if len(losers) == 2 else 1 - losers[0]
        rules = ("R15:603.1",) if len(losers) == 2 else ("R15:604.1",)
        ev.append(Event("game_over", rules, (("winner", state.winner), ("reason", "hero_life"))))
        state.step = "game_over"


def live_targets(state: State, entry: QueueEntry) -> list[int]:
    """The chosen targets of ``entry`` that can still take its effect: in the play zone and
    not hidden (R15:120.7; target restrictions are not checked again, R15:501.5)."""
    return [t for t in entry.targets if state.zone_of(t) == "play" and not state.cards[t].hidden]


def _recipients(state: State, entry: QueueEntry, to: Recipient) -> list[int]:
    me = entry.controller
    players = state.players
    if to == "target":
        return live_targets(state, entry)
    if to == "self":
        return [entry.source] if state.zone_of(entry.source) == "play" else []
    if to == "own_hero":
        return [players[me].hero]
    if to == "enemy_hero":
        return [players[1 - me].hero]
    if to == "each_hero":
        return [players[0].hero, players[1].hero]
    cards = load_pool().cards
    if to == "each_enemy_character":
        # «каждого персонажа противника»: his hero, then his creatures, not hidden (entry 87)
        enemy = players[1 - me]
        return [enemy.hero, *(uid for uid in enemy.play
                              if cards[state.cards[uid].card_id].type == "creature" and not state.cards[uid].hidden)]
    seats = {"each_enemy_creature": (1 - me,), "each_own_creature": (me,), "each_creature": (0, 1),
             "each_other_creature": (0, 1)}
    return [
        uid
        for s in seats[to]
        for uid in players[s].play
        if cards[state.cards[uid].card_id].type == "creature" and not state.cards[uid].hidden
        and not (to == "each_other_creature" and uid == entry.source)
    ]


def _count_healed(state: State, uid: int, healed: int) -> None:
    """«ран, излеченных с ваших существ в ваш прошлый ход»: wounds removed from a creature
    (hidden or not; a hero is not one) count for its player while the turn is his
    (INTERPRETING.md, entry 88; the mutant ``heals_of_heroes_counted`` counts a hero's too)."""
    c = state.cards[uid]
    if c.owner != state.active:
        return
    if load_pool().cards[c.card_id].type != "creature" and state.rules.heals_of_heroes_ignored:
        return
    state.players[c.owner].creatures_healed_own_turn += healed


def _amount(
    state: State, entry: QueueEntry, effect: Effect, drawn: int, known_strike: int = -1, known_target_strike: int = -1
) -> int:
    """The effect's amount when it executes (INTERPRETING.md, entry 44); ``drawn`` is how
    many cards the ability's earlier effects drew, ``known_strike`` the source's strike just
    before it left play during this ability's resolution (-1: it did not).  "target_cost" is
    per recipient (see :func:`_apply_effect`); here it is 0."""
    bonus = effect.bonus if effect.bonus_if and condition_holds(state, entry.controller, effect.bonus_if) else 0
    if effect.amount == "X":
        return entry.x + bonus
    if effect.amount == "drawn":
        return drawn + bonus
    if effect.amount == "drawn_this_turn":  # «количество карт, которые вы взяли в этот ход» (entry 60)
        return state.players[entry.controller].drawn_this_turn + bonus
    if effect.amount == "healed_own_creatures_last_turn":
        # «количество ран, излеченных с ваших существ в ваш прошлый ход»: in the opponent's
        # turn the counter still holds the controller's last turn (INTERPRETING.md, entry 88)
        return state.players[entry.controller].creatures_healed_own_turn + bonus
    if effect.amount in ("target_cost", "recipient_hand"):
        return bonus
    if effect.amount == "self_wounds":
        # «Гибель: … Х - количество ран на [этой карте]»: the wounds it had when it was destroyed
        # (last known information, R15:403.1), kept in the entry's x from its trigger's count
        # (INTERPRETING.md, entry 87)
        return entry.x + bonus
    if effect.amount == "wounds_dealt":
        # «Каждый раз, когда наносит Х ран ударом герою, … на Х»: the wounds the strike put on
        # the hero, kept in the entry's x from its trigger's count (INTERPRETING.md, entry 57)
        return entry.x + bonus
    if effect.amount == "discarded":
        # «+2 … за каждую сброшенную карту»: the count of the discard that fired the trigger,
        # kept in the entry's x (entry 65; the mutant counts the discard once)
        count = entry.x if state.rules.discard_bonus_per_card else min(entry.x, 1)
        return count * effect.per + bonus
    if effect.amount == "other_own_creatures":
        # «за каждое другое ваше существо»: the creatures in the controller's play zone but the
        # source, hidden ones included, counted now (INTERPRETING.md, entry 79; the
        # ``other_own_creatures_count_the_source`` mutant counts the source too)
        mine = state.players[entry.controller].play
        count = sum(1 for uid in mine if card_def(state, uid).type == "creature"
                    and (uid != entry.source or not state.rules.other_own_creatures_exclude_source))
        return count * effect.per + bonus
    if effect.amount == "creatures_strike_6_plus":
        # «за каждое существо в игре с ударом 6 или более»: both players', not hidden (entry 12)
        count = sum(
            1
            for p in state.players
            for uid in p.play
            if card_def(state, uid).type == "creature" and not state.cards[uid].hidden
            and current_strike(state, uid) >= 6
        )
        return count + bonus
    if effect.amount == "target_strike":
        # «Х - сила удара этого механизма»: the target's strike now, or just before it left play
        # during this resolution (R15:403.1), or printed if it was gone before (INTERPRETING.md, entry 82)
        target = entry.targets[0] if entry.targets else 0
        if target and state.zone_of(target) == "play" and not state.cards[target].hidden:
            return current_strike(state, target) + bonus
        if known_target_strike >= 0 and state.rules.last_known_target_strike:
            return known_target_strike + bonus
        return (card_def(state, target).strike if target else 0) + bonus
    if effect.amount == "self_strike":
        if state.zone_of(entry.source) == "play":
            return current_strike(state, entry.source) + bonus
        if known_strike >= 0 and state.rules.last_known_strike:
            # R15:403.1: it left play during this resolution; its last known strike (entry 56)
            return known_strike + bonus
        return card_def(state, entry.source).strike + bonus  # gone before it resolved: printed (entry 14)
    assert isinstance(effect.amount, int)
    return effect.amount + bonus


def _apply_effect(
    state: State, entry: QueueEntry, effect: Effect, ev: list[Event], rules: tuple[str, ...], drawn: int = 0,
    known_strike: int = -1, known_target_strike: int = -1,
) -> tuple[int, bool]:
    """Execute one effect; returns how many cards it drew (for a later amount "drawn") and
    whether it was carried out (for a later «при этом» / «иначе», R15:119.4, 119.7): its
    condition held and it reached a recipient (INTERPRETING.md, entry 54).  Its op's handler
    (:data:`_WHOLE` or, for each recipient card, :data:`_EACH`) does the rest."""
    me = entry.controller
    if effect.cond and effect.cond not in TARGET_CONDITIONS and not condition_holds(state, me, effect.cond):
        return 0, False  # «если …» is false when the effect executes: it does nothing (entry 42)
    amount = _amount(state, entry, effect, drawn, known_strike, known_target_strike)
    if effect.amount == "self_wounds" and state.edition == "R15":
        # the wounds its source had when it was destroyed (R15:403.1; the seed editions have no
        # such rule to cite; INTERPRETING.md, entry 87)
        rules = (*rules, "R15:403.1")
    whole = _WHOLE.get(effect.op)
    if whole is not None:
        return whole(state, entry, effect, amount, ev, rules)
    return 0, _apply_card_effect(state, entry, effect, amount, ev, rules)


# --- ops on a player, the targets as a whole, the ability's own card ---------------------


def _seat(entry: QueueEntry, effect: Effect) -> int:
    """The player an effect on a player goes to (``to`` "controller" or "opponent")."""
    return 1 - entry.controller if effect.to == "opponent" else entry.controller


def _lose_coins(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, bool]:
    """A lost coin leaves the play zone for the supply (R15:522.2); the player chooses which
    (R15:522.5): the closed ones go first, then open ones (INTERPRETING.md, entry 47; the
    ``coins_lost_open_first`` mutant takes open ones first)."""
    seat = _seat(entry, effect)
    p = state.players[seat]
    first, second = ("coins_closed", "coins_open") if state.rules.closed_coins_lost_first else ("coins_open", "coins_closed")
    lost = 0
    for attr in (first, second):
        taken = min(amount - lost, getattr(p, attr))
        setattr(p, attr, getattr(p, attr) - taken)
        lost += taken
    if lost:
        ev.append(Event("coins_lost", (*rules, "R15:522.2", "R15:522.5"), (("player", seat), ("amount", lost))))
        drop_temporary_coins(state, seat, lost)
    return 0, lost > 0


def _draw(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, bool]:
    n = draw(state, _seat(entry, effect), amount, ev, rules)
    return n, n > 0


def _draw_to_match_opponent(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, bool]:
    """Draw one at a time until the hand equals the opponent's (R15:119.6); nothing if it
    is already as large or larger; an empty deck stops it (entry 44)."""
    seat = _seat(entry, effect)
    want = len(state.players[1 - seat].hand) - len(state.players[seat].hand)
    n = draw(state, seat, want, ev, rules) if want > 0 else 0
    return n, n > 0


def _gain_coin(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, bool]:
    seat = _seat(entry, effect)
    state.players[seat].coins_open += amount
    ev.append(Event("coin_gained", rules, (("player", seat), ("amount", amount))))
    return 0, amount > 0


def _gain_coins_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, bool]:
    """«Получите (1) до конца хода»: temporary coins, back to the supply at 310.2 (R15:522.4; entry 76)."""
    if amount <= 0:
        return _gain_coin(state, entry, effect, amount, ev, rules)
    seat = _seat(entry, effect)
    state.players[seat].coins_open += amount
    state.modifiers.append(Modifier(state.players[seat].hero, amount, "end_of_turn", coins=True))
    ev.append(Event("coin_gained", (*rules, "R15:522.4"), (("player", seat), ("amount", amount),
                                                           ("until", "end_of_turn"))))
    return 0, True


def _graveyard_to_deck_top_effect(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, bool]:
    return 0, _graveyard_to_deck_top(state, entry.source, ev, rules)


def _graveyard_to_deck_top(state: State, uid: int, ev: list[Event], rules: tuple[str, ...]) -> bool:
    """«Гибель: Вы можете положить Оборотня на верх колоды вместо кладбища»: the ability's
    own card, if it is in its owner's graveyard when the effect executes, goes on top of his
    deck (R15 glossary «Гибель:»: the trigger fires on the move to the graveyard; INTERPRETING.md,
    entry 78; the ``deck_put_on_top`` switch as for a hand card).  Its usage markers stay
    (R15:205.3, entry 40)."""
    c = state.cards[uid]
    p = state.players[c.owner]
    if uid not in p.graveyard:
        return False
    p.graveyard.remove(uid)
    put_on_deck(state, c.owner, uid, ev, rules, "graveyard")
    return True


def _distribute_wounds(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, bool]:
    """The chosen targets still there take the action's amounts (309.1 step 6)."""
    live = [(t, a) for t, a in zip(entry.targets, entry.amounts, strict=False)
            if state.zone_of(t) == "play" and not state.cards[t].hidden]
    for t, a in live:
        wound(state, t, a, ev, rules, entry.source)
    return 0, bool(live)


def _destroy(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, bool]:
    """Every recipient creature it destroys leaves at once (R15:505.1, 505.2)."""
    recipients = _recipients(state, entry, effect.to)
    if effect.cond in TARGET_CONDITIONS:
        recipients = [uid for uid in recipients if target_condition_holds(state, uid, effect.cond)]
    doomed = [uid for uid in recipients if card_def(state, uid).type == "creature" and state.zone_of(uid) == "play"]
    if doomed:
        leave_together(state, doomed, ev, (*rules, "R15:505.2"))
    return 0, bool(doomed)


def drop_temporary_coins(state: State, seat: int, lost: int) -> None:
    """A player who lost ``lost`` coins loses his temporary ones first (R15:522.5, his choice:
    they would go back at the end of the turn anyway; INTERPRETING.md, entry 76): his coin
    modifiers shrink by as much, the oldest first."""
    hero = state.players[seat].hero
    kept: list[Modifier] = []
    for m in state.modifiers:
        if m.coins and m.target == hero and lost > 0:
            taken = min(lost, m.amount)
            lost -= taken
            if m.amount > taken:
                kept.append(replace(m, amount=m.amount - taken))
            continue
        kept.append(m)
    state.modifiers = kept


#: Handler of an op carried out as a whole: (state, entry, effect, amount, events, rules)
#: -> (cards drawn, carried out).
WholeHandler = Callable[[State, QueueEntry, Effect, int, list[Event], tuple[str, ...]], tuple[int, bool]]
#: The ops whose effect goes to a player, to the targets as a whole or to the ability's own
#: card, and those that take all their recipient cards at once (``destroy``).
_WHOLE: dict[Op, WholeHandler] = {
    "distribute_wounds": _distribute_wounds,
    "destroy": _destroy,
    "draw": _draw,
    "gain_coin": _gain_coin,
    "gain_coins_until_end_of_turn": _gain_coins_until_end_of_turn,
    "lose_coins": _lose_coins,
    "draw_to_match_opponent": _draw_to_match_opponent,
    "graveyard_to_deck_top": _graveyard_to_deck_top_effect,
}


# --- ops on each recipient card -----------------------------------------------------------

#: Effects that put a lasting bonus on the card («получает +N к удару / к жизням»).
_LASTING_OPS: tuple[Op, ...] = ("strike_while_in_play", "life_while_in_play")


def _apply_card_effect(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """An effect on each recipient card (its op's handler in :data:`_EACH`); returns whether
    it reached a recipient.  A condition about the target (``target_stunned``) keeps the
    effect to the recipients it holds for, read now (INTERPRETING.md, entry 54)."""
    op = effect.op
    recipients = _recipients(state, entry, effect.to)
    if effect.cond in TARGET_CONDITIONS:
        recipients = [uid for uid in recipients if target_condition_holds(state, uid, effect.cond)]
    if op in GRANT_OPS:  # a class, life or a keyword is given to creatures (R15:7.gains)
        recipients = [uid for uid in recipients if card_def(state, uid).type == "creature"]
    if op == "stun":
        # «Не может быть оглушен»: the stun does nothing to it, it is not closed either
        # (R15:514.2; INTERPRETING.md, entry 81; the ``unstunnable_card_is_closed`` mutant closes it)
        immune = [uid for uid in recipients if "cannot_be_stunned" in card_def(state, uid).keywords]
        if immune and not state.rules.unstunnable_card_is_not_closed:
            for uid in immune:
                close_card(state, uid, ev, rules)
        recipients = [uid for uid in recipients if uid not in immune]
    if op in _LASTING_OPS and amount <= 0:
        return False  # «+0 к удару и жизням»: nothing is put on the card (INTERPRETING.md, entry 79)
    params = effect.params
    if isinstance(params, WoundParams) and params.shot and state.zone_of(entry.source) == "play":
        amount += shot_bonus(state, entry.source)  # «+N к выстрелам» in force (R15:7.shot; entry 67)
    each = _EACH[op]
    base = amount
    for uid in recipients:
        if effect.amount == "target_cost":  # «Х — его стоимость»: each target's own (entry 44)
            amount = mentioned_cost(state, uid) + base
        elif effect.amount == "recipient_hand":  # «за каждую карту в руке его игрока» (entry 66)
            amount = len(state.players[state.cards[uid].owner].hand) * effect.per + base
        each(state, entry, effect, uid, amount, ev, rules)
    return bool(recipients)


def _wound(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    wound(state, uid, amount, ev, rules, entry.source)


def _poison(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Отравить на Х»: only the highest Poison value applies (R15:7.poison)."""
    c = state.card_mut(uid)
    c.poison = max(c.poison, amount)
    ev.append(Event("poisoned", (*rules, "R15:7.poison"), (("card", uid), ("poison", c.poison))))


def _intensify_poison(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Усилить отравление на Х»: Poison Y becomes Poison X+Y (R15 glossary, Part 7)."""
    if state.cards[uid].poison > 0:
        c = state.card_mut(uid)
        c.poison += amount
        ev.append(Event("poisoned", (*rules, "R15:7.poison"), (("card", uid), ("poison", c.poison))))


def _cure(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    state.card_mut(uid).poison = 0
    ev.append(Event("cured", rules, (("card", uid),)))


def _heal(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    healed = min(state.cards[uid].wounds, amount)
    if healed:
        state.card_mut(uid).wounds -= healed
        _count_healed(state, uid, healed)
    ev.append(Event("healed", rules, (("card", uid), ("amount", healed))))


def _open(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    if state.cards[uid].closed:
        state.card_mut(uid).closed = False
        ev.append(Event("opened", rules, (("card", uid),)))


def _prepare_effect(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    _prepare(state, uid, ev, rules)
    # «Когда [эта карта] был подготовлен» (INTERPRETING.md, entry 58)
    fire(state, "self_prepared", uid, ev, rules)
    if card_def(state, uid).type in ("hero", "creature"):
        # «Когда другой ваш персонаж был подготовлен» (INTERPRETING.md, entry 45)
        fire(state, "prepared", uid, ev, rules)


def _close(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    close_card(state, uid, ev, rules)


def _stun(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Оглушить»: close the card, it gets «Оглушение» (R15:7.stun); an already closed card
    is stunned all the same.  No event of its own: the state's ``stunned`` says it (and
    ``closed`` when it was open)."""
    close_card(state, uid, ev, rules)
    state.card_mut(uid).stunned = True


def _strike_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    state.modifiers.append(Modifier(uid, amount, "end_of_turn"))
    ev.append(Event("strike_modified", rules, (("card", uid), ("amount", amount), ("until", "end_of_turn"))))


def _strike_until_start_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    state.modifiers.append(Modifier(uid, amount, "start_of_turn"))
    ev.append(Event("strike_modified", rules, (("card", uid), ("amount", amount), ("until", "start_of_turn"))))


def _shots_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«+N к выстрелам до конца хода»: a modifier of the card's shots, not of its strike (entry 67)."""
    state.modifiers.append(Modifier(uid, amount, "end_of_turn", shots=True))
    ev.append(Event("shots_modified", (*rules, "R15:7.shot"), (("card", uid), ("amount", amount),
                                                              ("until", "end_of_turn"))))


def _strike_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«получает +N к удару», no duration: it lasts while the creature is in play and goes with
    its other effects when it leaves (R15:205.3; INTERPRETING.md, entry 58; the
    ``lasting_strike_ends_at_end_of_turn`` mutant makes it «до конца хода»)."""
    until = "while_in_play" if state.rules.lasting_strike_lasts else "end_of_turn"
    state.modifiers.append(Modifier(uid, amount, until))
    ev.append(Event("strike_modified", (*rules, "R15:205.3"), (("card", uid), ("amount", amount), ("until", until))))


def _strike_until_start_of_your_next_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«до начала вашего следующего хода»: «вашего» is the ability's controller (INTERPRETING.md, entry 23)."""
    me = entry.controller
    state.modifiers.append(Modifier(uid, amount, "start_of_owner_turn", owner=me))
    ev.append(Event("strike_modified", rules,
                    (("card", uid), ("amount", amount), ("until", "start_of_owner_turn"), ("owner", me))))


def _set_strike_until_start_of_your_next_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«становится равен N»: a set-to modifier, applied after every addition (R15:523.1)."""
    me = entry.controller
    state.modifiers.append(Modifier(uid, amount, "start_of_owner_turn", owner=me, sets=True))
    ev.append(Event("strike_modified", (*rules, "R15:523.1"),
                    (("card", uid), ("amount", amount), ("until", "start_of_owner_turn"), ("owner", me), ("sets", 1))))


def _upgrade(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Усовершенствовать»: it loses all its classes and becomes a mechanism (R15:7.upgrade);
    a mechanism cancels the ability before this effect (run_effects)."""
    state.modifiers.append(Modifier(uid, 0, "while_in_play", grants="mechanism"))
    ev.append(Event("upgraded", (*rules, "R15:7.upgrade"), (("card", uid),)))


def _life_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«получает +N к жизням», no duration: N additional lives (R15:504.2) while it is in play
    (R15:7.gains, 205.3; entries 69 and 79)."""
    state.modifiers.append(Modifier(uid, amount, "while_in_play", grants="life"))
    ev.append(Event("life_modified", (*rules, "R15:7.gains", "R15:504.2", "R15:205.3"),
                    (("card", uid), ("amount", amount), ("until", "while_in_play"))))


def _grant_keyword(
    state: State, uid: int, effect: Effect, until: str, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«получает [особенность] (до конца хода)» (R15:7.gains; 310.2 or 205.3; entry 69)."""
    params = effect.params
    assert isinstance(params, KeywordParams)
    state.modifiers.append(Modifier(uid, 0, until, grants=params.keyword))
    ev.append(Event("keyword_granted", (*rules, "R15:7.gains"),
                    (("card", uid), ("keyword", params.keyword), ("until", until))))


def _keyword_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    _grant_keyword(state, uid, effect, "end_of_turn", ev, rules)


def _keyword_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    _grant_keyword(state, uid, effect, "while_in_play", ev, rules)


def _double_strike_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Удвойте силу удара … до конца хода»: a multiplying modifier (R15:523.1; entry 71)."""
    state.modifiers.append(Modifier(uid, 0, "end_of_turn", grants="double_strike"))
    ev.append(Event("strike_doubled", (*rules, "R15:523.1"), (("card", uid), ("until", "end_of_turn"))))


def _hide(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    if card_def(state, uid).type == "creature" and not state.cards[uid].hidden:
        state.card_mut(uid).hidden = True
        ev.append(Event("hidden", rules, (("card", uid),)))


#: Handler of an op on one recipient card: (state, entry, effect, card, amount, events, rules).
EachHandler = Callable[[State, QueueEntry, Effect, int, int, list[Event], tuple[str, ...]], None]
#: The ops carried out on each recipient card in turn.
_EACH: dict[Op, EachHandler] = {
    "wound": _wound,
    "poison": _poison,
    "intensify_poison": _intensify_poison,
    "cure": _cure,
    "heal": _heal,
    "open": _open,
    "prepare": _prepare_effect,
    "close": _close,
    "stun": _stun,
    "strike_until_end_of_turn": _strike_until_end_of_turn,
    "shots_until_end_of_turn": _shots_until_end_of_turn,
    "strike_until_start_of_turn": _strike_until_start_of_turn,
    "strike_until_start_of_your_next_turn": _strike_until_start_of_your_next_turn,
    "hide": _hide,
    "set_strike_until_start_of_your_next_turn": _set_strike_until_start_of_your_next_turn,
    "strike_while_in_play": _strike_while_in_play,
    "upgrade": _upgrade,
    "life_while_in_play": _life_while_in_play,
    "keyword_until_end_of_turn": _keyword_until_end_of_turn,
    "keyword_while_in_play": _keyword_while_in_play,
    "double_strike_until_end_of_turn": _double_strike_until_end_of_turn,
}


def handler_of(op: Op) -> WholeHandler | EachHandler | None:
    """The handler of ``op``: in :data:`_WHOLE` or :data:`_EACH`; None for a hand op
    (:func:`hand_effect`, which may pause the resolution)."""
    return _WHOLE.get(op) or _EACH.get(op)


def _check_dispatch() -> None:
    """Every op of the op table (:data:`~oracle.cards.OPS`) has exactly one handler: a hand
    op none here (:func:`hand_effect`), an op on a player, the targets or the ability's own
    card a whole-effect one, an op on cards a whole-effect one (``destroy``) or one per card."""
    for op, spec in OPS.items():
        handlers = (op in _WHOLE) + (op in _EACH)
        if handlers != (spec.group != "hand") or (op in _EACH and spec.group != "cards"):
            raise AssertionError(f"op {op!r} of group {spec.group!r}: {handlers} handlers")


_check_dispatch()


def _prepare(state: State, uid: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """«Подготовить» (R15:7.prepare): open the card, remove the usage markers of its
    activated «1 (X) раз за ход» abilities, and a character may attack and defend again this
    turn.  The ``prepare_only_opens`` mutant only opens it."""
    c = state.card_mut(uid)
    if c.closed:
        c.closed = False
        ev.append(Event("opened", (*rules, "R15:7.prepare"), (("card", uid),)))
    if not state.rules.prepare_resets_the_turn:
        return
    d = card_def(state, uid)
    for index in [i for i in c.usage if d.abilities[i].kind == "activated"]:
        del c.usage[index]
    if d.type in ("hero", "creature"):
        c.attacked_turn = c.defended_turn = 0


def run_ability(
    state: State, entry: QueueEntry, ability: EffectAbility, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """Execute an ability's effects in order (R15:119.2); targets that left the play zone
    or hid are skipped, the rest still happens (R15:120.7).  Target restrictions are not
    checked again (B:501.4), unless the engine runs the mutant that does so."""
    if not state.rules.targets_fixed_at_declaration and ability.targets:
        spec = ability.targets[0]
        kept = tuple(
            t
            for t in entry.targets
            if not target_violation(state, spec, entry.controller, entry.source, t)
        )
        entry = replace(entry, targets=kept)
    run_effects(state, entry, ability, 0, True, ev, rules)


def run_effects(
    state: State, entry: QueueEntry, ability: EffectAbility, start: int, done: bool, ev: list[Event],
    rules: tuple[str, ...],
) -> None:
    """Execute the ability's effects from index ``start`` on (``done``: whether the effect
    before it was carried out).  A hand effect with a real choice stops the resolution at
    step ``hand_choice``; the choice resumes it here after that effect (R15:119.2;
    INTERPRETING.md, entry 63)."""
    drawn = 0
    known_strike = -1
    # only an ability that reads its source's strike needs the last known one (R15:403.1)
    reads_strike = any(e.amount == "self_strike" for e in ability.effects)
    # and an ability that reads its target's strike the target's (entry 82)
    known_target_strike = -1
    target = entry.targets[0] if entry.targets and any(e.amount == "target_strike" for e in ability.effects) else 0
    for index in range(start, len(ability.effects)):
        effect = ability.effects[index]
        if reads_strike and state.zone_of(entry.source) == "play" and card_def(state, entry.source).type == "creature":
            known_strike = current_strike(state, entry.source)  # its last known strike (R15:403.1)
        if target and state.zone_of(target) == "play" and not state.cards[target].hidden:
            known_target_strike = current_strike(state, target)  # the target's last known strike (R15:403.1)
        if not _follows(state, effect, done):
            done = False
            continue
        if effect.op == "upgrade" and _cancels(state, entry, effect, ev, rules):
            return
        if effect.op in HAND_OPS:
            paused, done = hand_effect(state, entry, ability, index, choosers(state, entry, effect), ev, rules)
            if paused:
                return
            n = 0
        else:
            n, done = _apply_effect(state, entry, effect, ev, rules, drawn, known_strike, known_target_strike)
        drawn += n
        check_state(state, ev)
        if state.winner >= 0:
            return


def _cancels(state: State, entry: QueueEntry, effect: Effect, ev: list[Event], rules: tuple[str, ...]) -> bool:
    """«Усовершенствовать»: «иначе отмените эту способность» — upgrading a creature that is a
    mechanism already cancels the ability: none of its effects from this one on happens
    (R15:7.upgrade; INTERPRETING.md, entry 70; the ``upgrade_of_a_mechanism_goes_on`` mutant
    goes on with the later effects, as if «при этом» only needed the creature there)."""
    recipients = _recipients(state, entry, effect.to)
    if not recipients or "Механизм" not in classes_of(state, recipients[0]):
        return False
    if not state.rules.upgrade_of_a_mechanism_cancels:
        return False
    ev.append(Event("ability_cancelled", (*rules, "R15:7.upgrade"),
                    (("source", entry.source), ("ability", entry.ability), ("card", recipients[0]))))
    return True


def hand_effect(
    state: State, entry: QueueEntry, ability: EffectAbility, index: int, seats: Sequence[int], ev: list[Event],
    rules: tuple[str, ...],
) -> tuple[bool, bool]:
    """Carry out hand effect ``index`` for each of ``seats`` in turn, each choosing from his
    own hand; the first with a real choice pauses the resolution (returns ``(True, …)``).
    Otherwise returns ``(False, done)``: whether the (last) effect was carried out in full."""
    effect = ability.effects[index]
    done = False
    for seat in seats:
        if has_real_choice(state, ability, index, seat):
            pause_for(state, entry, index, seat)
            return True, False
        done = carry_out(state, entry, effect, seat, forced_choice(state, ability, index, seat), ev, rules)
        if effect.op == "search" and (done or state.rules.search_always_shuffles):
            # the deck was looked through: chance shuffles it (R15:7.search, R15:204.2; entry 84)
            pause_for_shuffle(state, HandChoice(entry, index, seat, state.step))
            return True, done
    return False, done


def _follows(state: State, effect: Effect, done: bool) -> bool:
    """Whether an effect linked to the one before it happens: «при этом» only if that one was
    carried out (R15:119.4; the ``while_doing_without_the_first_part`` mutant does it anyway),
    «иначе» only if it was not (R15:119.7; INTERPRETING.md, entry 54)."""
    if effect.if_previous == "done":
        return done or not state.rules.while_doing_needs_the_first_part
    if effect.if_previous == "not_done":
        return not done
    return True
