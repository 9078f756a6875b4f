"""The effect ops carried out on a player (the op table's group "player") and on the ability's
own card wherever it is (group "source"): each function is the handler of the op it is named
after, dispatched by :mod:`oracle.rules.resolution.effects`.  Drawing (R15:527, 119.6), coins gained,
for the turn (R15:522.4) or lost (R15:522.2, 522.5), and a card put back from the graveyard
on top of its owner's deck (INTERPRETING.md, entry 78)."""

from __future__ import annotations

from dataclasses import replace

from ...cards import Effect
from ...model import Event, HandChoice, Modifier, QueueEntry, State
from ..mechanisms import draws
from .hand import put_on_deck

__all__ = [
    "double_ability_cost",
    "draw",
    "draw_to_match_opponent",
    "drop_temporary_coins",
    "gain_coin",
    "gain_coins_until_end_of_turn",
    "graveyard_to_deck_top",
    "lose_coins",
    "open_coins_lost",
    "pay",
    "return_self_to_hand",
    "shuffle_self_into_deck",
    "take_coins",
]


def _seat(entry: QueueEntry, effect: Effect) -> int:
    """The player an effect on a player goes to (``to`` "controller" or "opponent")."""
    return 1 - entry.controller if effect.to == "opponent" else entry.controller


def open_coins_lost(state: State, seat: int, amount: int) -> tuple[int, int, int]:
    """A loss of ``amount`` coins by ``seat``: how many he loses (all he has if fewer), and the
    fewest and the most of them that can be open ones (the rest closed; R15:522.2, 522.5)."""
    p = state.players[seat]
    lost = min(max(amount, 0), p.coins_open + p.coins_closed)
    return lost, max(0, lost - p.coins_closed), min(p.coins_open, lost)


def lose_coins(
    state: State, entry: QueueEntry, effect: Effect, index: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[bool, bool]:
    """«Теряет (N)»: a lost coin leaves the play zone for the supply (R15:522.2), and the player
    chooses which of his coins (R15:522.5): when both his open and his closed coins could go, he
    decides at step ``coin_choice`` (returns ``(True, False)``: the resolution waits); otherwise
    the one split there is happens now (INTERPRETING.md, entries 47 and 137; the
    ``coins_lost_without_a_choice`` mutant takes his closed coins first without asking, the
    ``coins_lost_open_first`` one his open coins first).  Returns (it waits, it was carried out)."""
    seat = _seat(entry, effect)
    lost, fewest, most = open_coins_lost(state, seat, amount)
    if most > fewest and state.rules.coin_loss_is_a_choice and state.rules.closed_coins_lost_first:
        # (the switches: both on in the reference; a mutant turns one off, and the split is fixed)
        state.choosing_cards = HandChoice(entry, index, seat, state.step)
        state.step = "coin_choice"
        return True, False
    return False, take_coins(state, seat, lost, fewest if state.rules.closed_coins_lost_first else most, ev, rules)


def take_coins(state: State, seat: int, lost: int, open_lost: int, ev: list[Event], rules: tuple[str, ...]) -> bool:
    """``seat`` loses ``lost`` coins, ``open_lost`` of them open ones and the rest closed ones,
    his temporary coins first among the open ones (:func:`drop_temporary_coins`); event
    ``coins_lost``.  Returns whether he lost any."""
    p = state.players[seat]
    p.coins_open -= open_lost
    p.coins_closed -= lost - open_lost
    if lost:
        ev.append(Event("coins_lost", (*rules, "R15:522.2", "R15:522.5"),
                        (("player", seat), ("amount", lost), ("open", open_lost))))
        drop_temporary_coins(state, seat, open_lost)
    return lost > 0


def pay(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """«вы можете заплатить (N), при этом …» of an optional trigger: declaring it was the choice
    to pay (R15:113.4), so the controller closes ``amount`` of his open coins now (R15:522.1,
    event ``effect_paid``); with fewer open coins he cannot pay in full, pays nothing
    (``effect_payment_refused``) and the effect is not carried out, so its «при этом» part does
    not happen (R15:119.4; INTERPRETING.md, entry 221)."""
    seat = entry.controller
    p = state.players[seat]
    data = (("player", seat), ("source", entry.source), ("ability", entry.ability), ("amount", amount))
    if p.coins_open < amount:
        ev.append(Event("effect_payment_refused", (*rules, "R15:119.4"), data))
        return False
    p.coins_open -= amount
    p.coins_closed += amount
    ev.append(Event("effect_paid", (*rules, "R15:119.4", "R15:522.1"), data))
    return True


def draw(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...],
    effects: draws.EffectRunner,
) -> int:
    """``draw``: the player draws ``amount`` cards (R15:527.1), through :mod:`~oracle.rules.mechanisms.draws`;
    ``each_player``: each of them, the active player first (R15:527.2.3); returns how many were drawn (carried out if any)."""
    if effect.to == "each_player":
        n = draws.draw_each(state, entry.controller, amount, ev, rules, effects)
    else:
        n = draws.draw_cards(state, _seat(entry, effect), amount, ev, rules, effects).drawn
    return n


def draw_to_match_opponent(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...],
    effects: draws.EffectRunner,
) -> int:
    """Draw one at a time until the hand equals the opponent's (R15:119.6); nothing if it
    is already as large or larger; an empty deck stops it (entry 44)."""
    seat = _seat(entry, effect)
    want = len(state.players[1 - seat].hand) - len(state.players[seat].hand)
    n = draws.draw_cards(state, seat, want, ev, rules, effects).drawn if want > 0 else 0
    return n


def gain_coin(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """``gain_coin``: the player gets ``amount`` open coins."""
    seat = _seat(entry, effect)
    state.players[seat].coins_open += amount
    ev.append(Event("coin_gained", rules, (("player", seat), ("amount", amount))))
    return amount > 0


def gain_coins_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """«Получите (1) до конца хода»: temporary coins, back to the supply at 310.2 (R15:522.4; entry 76)."""
    if amount <= 0:
        return gain_coin(state, entry, effect, amount, ev, rules)
    seat = _seat(entry, effect)
    state.players[seat].coins_open += amount
    state.modifiers.append(Modifier(state.players[seat].hero, amount, "end_of_turn", coins=True))
    ev.append(Event("coin_gained", (*rules, "R15:522.4"), (("player", seat), ("amount", amount),
                                                           ("until", "end_of_turn"))))
    return True


def double_ability_cost(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """«удвойте стоимость этой особенности»: the resolving activated ability's cost doubles
    while its card is in play (a modifier granting "double_cost", ``amount`` the ability's
    index; R15:523.1; :func:`~oracle.rules.queries.payment.cost_doublings`; entry 158).  A card that
    left play keeps nothing (R15:205.3)."""
    if state.zone_of(entry.source) != "play":
        return False
    state.modifiers.append(Modifier(entry.source, entry.ability, "while_in_play", grants="double_cost"))
    ev.append(Event("ability_cost_doubled", (*rules, "R15:523.1"),
                    (("card", entry.source), ("ability", entry.ability))))
    return True


def graveyard_to_deck_top(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """``graveyard_to_deck_top``: the ability's own card, from its owner's graveyard (entry 78)."""
    return _graveyard_to_deck_top(state, entry.source, ev, rules)


def shuffle_self_into_deck(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """«Гибель: Вы можете замешать Подгорного крота в колоду вместо кладбища»: the ability's own
    card, if it is in its owner's graveyard when the effect executes, goes into his deck (event
    ``put_on_deck``, ``position`` "shuffled", ``from`` "graveyard"; R15:204.4); the caller then
    waits for chance to shuffle that deck (R15:204.3; :mod:`oracle.rules.resolution.effects`).  Carried out
    when it moved.  Its usage markers stay, as a card put on the deck keeps them (entry 78;
    INTERPRETING.md, entry 222)."""
    uid = entry.source
    c = state.cards[uid]
    p = state.players[c.owner]
    if uid not in p.graveyard:
        return False
    p.graveyard.remove(uid)
    p.deck.insert(0, uid)  # on top until chance's shuffle gives the deck its order
    ev.append(Event("put_on_deck", (*rules, "R15:204.4"),
                    (("player", c.owner), ("card", uid), ("position", "shuffled"), ("from", "graveyard"))))
    return True


def return_self_to_hand(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """``return_self_to_hand``: «верните Неистовство с кладбища в руку»: the card whose text holds the
    ability (a granted ability's granter, else its source), if it is in its owner's graveyard when
    the effect executes, goes to its owner's hand — a card going to a hand goes to its owner's
    (R15:203.4) — keeping its usage markers (R15:205.3; INTERPRETING.md, entry 185)."""
    uid = entry.granter or entry.source
    c = state.cards[uid]
    p = state.players[c.owner]
    if uid not in p.graveyard:
        return False
    p.graveyard.remove(uid)
    p.hand.append(uid)
    ev.append(Event("returned_from_graveyard", rules, (("card", uid), ("player", c.owner))))
    return True


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
