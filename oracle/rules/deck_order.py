"""«Положите всех существ на верх колоды владельца в порядке, выбранном их владельцами» (Эфирный
шторм; op ``creatures_to_deck_top``, the op table's group "order"; R15:204.4, 204.3;
INTERPRETING.md, entry 193).

Every creature in play, not hidden, goes on top of its owner's deck (R15:204.4: the owner's,
whoever controls it), each losing every effect and marker
(:func:`~oracle.rules.basic_effects.move_from_play`).  Each owner orders his own: the
ability's controller first, then his opponent.  An owner with two or more of them left decides
at step ``deck_order`` (``state.choosing_cards``: the ability, the effect, the owner) which one he
puts on top now (action ``order_cards card=…``); the last one goes without a decision, so the
last card named is his top card.  The rest of the ability's effects follow in
:mod:`oracle.rules.queue` (:func:`~oracle.rules.queue.order_cards`).
"""

from __future__ import annotations

from ..model import Action, Event, HandChoice, QueueEntry, State, Violation
from .basic_effects import move_from_play
from .board import card_def

__all__ = ["check_deck_order", "deck_order_actions", "deck_orderer", "order_effect", "owned_creatures", "put_one"]

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


def _pending(state: State) -> HandChoice:
    hc = state.choosing_cards
    assert hc is not None, "deck_order without choosing_cards"
    return hc


def deck_orderer(state: State) -> int:
    """Who decides at step ``deck_order``: the owner in ``choosing_cards.player``."""
    return _pending(state).player


def deck_order_actions(state: State) -> list[Action]:
    """Every legal ``order_cards``: each of his creatures left, ascending uids."""
    return [Action("order_cards", card=uid) for uid in owned_creatures(state, _pending(state).player)]


def check_deck_order(state: State, action: Action) -> list[Violation]:
    """Violations of an ``order_cards``: ``card`` is one of his creatures still to be put on his deck."""
    hc = _pending(state)
    if action.card not in owned_creatures(state, hc.player):
        return [Violation(ORDER_RULE, f"card {action.card} is not a creature of player {hc.player + 1} still in play "
                          "to put on top of his deck")]
    return []


def put_one(state: State, action: Action, ev: list[Event], rules: tuple[str, ...]) -> HandChoice:
    """The named creature goes on top of its owner's deck; the game returns to the step it waited
    in.  Returns the decision (the caller goes on with the effect)."""
    hc = _pending(state)
    state.choosing_cards = None
    state.step = hc.resume
    move_from_play(state, action.card, "deck_top", ev, rules)
    return hc
