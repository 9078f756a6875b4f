"""«Положите всех существ на верх колоды владельца в порядке, выбранном их владельцами» (Эфирный
шторм; op ``creatures_to_deck_top``, the op table's group "order"; R15:204.4, 204.3;
INTERPRETING.md, entry 193).

Every creature in play, not hidden, goes on top of its owner's deck (R15:204.4: the owner's,
whoever controls it), each losing every effect and marker
(:func:`~oracle.rules.mechanisms.zones.move_from_play`).  Each owner orders his own: the
ability's controller first, then his opponent.  An owner with two or more of them left decides
at step ``deck_order`` (``state.choosing_cards``: the ability, the effect, the owner) which one he
puts on top now (action ``order_cards card=…``); the last one goes without a decision, so the
last card named is his top card.  The decision and the rest of the ability's effects are the pause
:mod:`oracle.rules.resolution.pauses.order`.
"""

from __future__ import annotations

from ...model import Event, HandChoice, QueueEntry, State
from ..mechanisms.zones import move_from_play
from ..queries.board import card_def

__all__ = ["ORDER_RULE", "order_effect", "owned_creatures"]

#: The rule the decision comes from.
ORDER_RULE = "R15:204.4"


def owned_creatures(state: State, seat: int) -> list[int]:
    """The creatures in play that ``seat`` owns, not hidden, in ascending uids (in either play
    list: a creature taken under control goes to its owner's deck, R15:204.4)."""
    cards = state.cards
    return sorted(
        uid for p in state.players for uid in p.play
        if cards[uid].owner == seat and not cards[uid].hidden and card_def(state, uid).type == "creature"
    )


def _owners(state: State, entry: QueueEntry) -> tuple[int, int]:
    """Who orders first: the ability's controller, then his opponent (the mutant
    ``deck_order_opponent_first`` the other way round)."""
    me = entry.controller
    return (me, 1 - me) if state.rules.deck_order_from_controller else (1 - me, me)


def order_effect(state: State, entry: QueueEntry, index: int, ev: list[Event], rules: tuple[str, ...]) -> bool:
    """Carry out effect ``index`` of ``entry`` as far as it goes without a decision: an owner with
    a single creature left puts it on top of his deck; the first with two or more waits at step
    ``deck_order`` (returns True: the resolution waits)."""
    for seat in _owners(state, entry):
        mine = owned_creatures(state, seat)
        if len(mine) >= 2:
            state.choosing_cards = HandChoice(entry, index, seat, state.step)
            state.step = "deck_order"
            return True
        if mine:
            move_from_play(state, mine[0], "deck_top", ev, rules)
    return False
