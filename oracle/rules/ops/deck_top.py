"""The top cards of a player's own deck while an ability resolves: «Покажите верхнюю карту
вашей колоды» (op ``reveal_deck_top``: shown to both players, it stays where it is; R15:520.3
when the deck holds fewer), the effects that read the card shown (conditions
:data:`~oracle.cards.SHOWN_CONDITIONS`, op ``shown_to_hand``; INTERPRETING.md, entry 160), and
«Посмотрите Х верхних карт вашей колоды; положите их обратно в любом порядке» (op
``look_at_deck_top``): the player looks at them, then puts them back on top one at a time in
the order he chooses, at step ``hand_choice`` (``choosing_cards.count``; entry 161).  No
deck is looked through, so none is shuffled (R15:204.2, 204.3).

The shown card is read as the top card of the controller's deck: the loader admits a reader
only after a ``reveal_deck_top`` of one card in the same ability with no hand effect between,
so nothing has moved it since it was shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...cards import CardDef, Condition, Effect, EffectAbility
from ...model import Event, HandChoice, QueueEntry, State
from ..queries.board import card_def
from ..queries.pool_index import per_pool, printed
from ..queries.recipients import effect_amount

__all__ = [
    "deck_owner",
    "look_at_deck_top",
    "look_count",
    "nameable",
    "names_a_card",
    "order_options",
    "put_back",
    "put_shown_under",
    "reveal_deck_top",
    "shown_condition_holds",
    "shown_to_hand",
]


def names_a_card(ability: EffectAbility) -> bool:
    """Whether the ability's declaration names a card («Назовите карту»): an effect of it reads
    ``shown_named`` (INTERPRETING.md, entry 160)."""
    return any(e.cond == "shown_named" for e in ability.effects)


@per_pool
def nameable(cards: Mapping[str, CardDef]) -> tuple[str, ...]:
    """The cards a player may name («Назовите карту»), by their card ids, sorted: every card of
    the pool, the game's card base, which is open information (R15:105.2; entry 160)."""
    return tuple(sorted(cards))


def _fewer(shown: int, asked: int) -> tuple[str, ...]:
    """The citation of R15:520.3 when the deck held fewer cards than asked."""
    return ("R15:520.3",) if shown < asked else ()


def _cards(cards: list[int]) -> str:
    return ",".join(map(str, cards))


def reveal_deck_top(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """«Покажите верхнюю карту вашей колоды»: the top ``amount`` cards of the controller's deck
    (all there are if fewer, R15:520.3) are shown to both players and stay where they are
    (event ``deck_revealed``, its cards top first; R15:204.3: nothing is taken out).  Carried out
    when a card was shown (INTERPRETING.md, entry 160)."""
    seat = entry.controller
    shown = state.players[seat].deck[:amount]
    if not shown:
        return False
    ev.append(Event("deck_revealed", (*rules, "R15:204.3", *_fewer(len(shown), amount)),
                    (("player", seat), ("cards", _cards(shown)), ("count", len(shown)))))
    return True


def shown_condition_holds(state: State, entry: QueueEntry, cond: Condition) -> bool:
    """A condition about the card the ability showed, still the top card of its controller's
    deck (INTERPRETING.md, entry 160): «если вы показали названную карту» (its printed name is the
    name of the card named with the declaration, ``entry.named``), «если это существо» (a
    creature card), «если это механизм» (the printed class Механизм, of any type, R15:107.3.2).
    An empty deck showed nothing: every such condition is false."""
    deck = state.players[entry.controller].deck
    if not deck:
        return False
    d = card_def(state, deck[0])
    if cond == "shown_named":
        return bool(entry.named) and d.name == printed()[entry.named].name
    if cond == "shown_creature":
        return d.type == "creature"
    if cond == "shown_mechanism":
        return "Механизм" in d.classes
    raise AssertionError(cond)  # pragma: no cover - SHOWN_CONDITIONS is closed


def shown_to_hand(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """«положите ее в руку»: the shown card, the top card of the controller's deck, goes to his
    hand (event ``put_in_hand`` with ``from`` ``deck``); it is taken from a given place without
    looking through the deck, so nothing is shuffled (R15:204.3), and it is no draw (R15:527.1
    names taking the top card by a draw only; INTERPRETING.md, entry 160)."""
    seat = entry.controller
    p = state.players[seat]
    if not p.deck:
        return False
    uid = p.deck.pop(0)
    p.hand.append(uid)
    ev.append(Event("put_in_hand", (*rules, "R15:204.3"), (("player", seat), ("card", uid), ("from", "deck"))))
    return True


def deck_owner(state: State, entry: QueueEntry, effect: Effect) -> int:
    """Whose deck a look reads: the controller's («вашей колоды»), or his opponent's when the
    player chose that deck («любой колоды»; INTERPRETING.md, entry 164; the
    ``any_deck_is_own_deck`` mutant reads his own)."""
    if effect.to == "opponent" and state.rules.any_deck_includes_the_opponents:
        return 1 - entry.controller
    return entry.controller


def look_count(state: State, entry: QueueEntry, effect: Effect) -> int:
    """How many cards «Посмотрите Х верхних карт» looks at: its amount (X: the X paid), all the
    deck holds if fewer (R15:520.3)."""
    amount = effect_amount(state, entry, effect, 0, -1, -1)
    return max(0, min(amount, len(state.players[deck_owner(state, entry, effect)].deck)))


def look_at_deck_top(
    state: State, entry: QueueEntry, ability: EffectAbility, index: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[bool, bool]:
    """«Посмотрите Х верхних карт вашей колоды»: the controller looks at the top cards of his
    deck (event ``deck_looked_at``, top first; the cards stay there), then puts them back «в
    любом порядке»: with two or more the resolution waits at step ``hand_choice`` with
    ``choosing_cards.count`` the cards still to put back (INTERPRETING.md, entry 161); one card
    stays where it was (no ``deck_ordered``).  The deck is the opponent's for «верхнюю карту любой
    колоды» when he chose it (``to`` ``opponent``, one card; the event names the looker in ``by``;
    entry 164).  Returns ``(paused, carried out)``."""
    effect = ability.effects[index]
    seat = deck_owner(state, entry, effect)
    asked = effect_amount(state, entry, effect, 0, -1, -1)
    n = look_count(state, entry, effect)
    if n <= 0:
        return False, False
    top = state.players[seat].deck[:n]
    by = (("by", entry.controller),) if seat != entry.controller else ()  # another player's deck (entry 164)
    ev.append(Event("deck_looked_at", (*rules, "R15:204.3", *_fewer(n, asked)),
                    (("player", seat), ("cards", _cards(top)), ("count", n), *by)))
    if n == 1:
        return False, True  # one card stays where it was: nothing to order
    if not state.rules.look_lets_order:
        _ordered(state, seat, n, ev, rules)
        return False, True
    state.choosing_cards = HandChoice(entry, index, seat, state.step, count=n)
    state.step = "hand_choice"
    return True, False


def order_options(state: State, hc: HandChoice) -> list[tuple[int, ...]]:
    """The legal choices while ordering: one of the cards still to put back (the top
    ``hc.count`` of the deck), ascending uids."""
    return [(uid,) for uid in sorted(state.players[hc.player].deck[:hc.count])]


def put_back(
    state: State, hc: HandChoice, effect: Effect, uid: int, ev: list[Event], rules: tuple[str, ...]
) -> HandChoice | None:
    """The player puts card ``uid`` back: it goes under the others still to put back, on those
    he put back before (R15:204.3: a given place, no shuffle); ``effect`` is the look.  Returns the choice that waits
    next (one card fewer), or None once the last card went back by itself (event
    ``deck_ordered``: the cards looked at, top first; INTERPRETING.md, entry 161)."""
    deck = state.players[hc.player].deck
    deck.remove(uid)
    deck.insert(hc.count - 1, uid)
    if hc.count - 1 >= 2:
        return replace(hc, count=hc.count - 1)
    _ordered(state, hc.player, look_count(state, hc.entry, effect), ev, rules)
    return None


def _ordered(state: State, seat: int, n: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """The cards looked at are back on top of the deck in their new order (event
    ``deck_ordered``, top first; R15:204.3: no shuffle)."""
    top = state.players[seat].deck[:n]
    ev.append(Event("deck_ordered", (*rules, "R15:204.3"), (("player", seat), ("cards", _cards(top)), ("count", n))))


def put_shown_under(state: State, entry: QueueEntry, ev: list[Event], rules: tuple[str, ...]) -> None:
    """The ``unnamed_shown_card_goes_under`` mutant: the shown card goes under its deck
    (event ``put_on_deck`` with ``position`` ``bottom`` and ``from`` ``deck``)."""
    seat = entry.controller
    deck = state.players[seat].deck
    if deck:
        uid = deck.pop(0)
        deck.append(uid)
        ev.append(Event("put_on_deck", (*rules, "R15:204.3"),
                        (("player", seat), ("card", uid), ("position", "bottom"), ("from", "deck"))))
