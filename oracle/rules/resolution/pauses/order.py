"""Step ``deck_order``: an owner's order of his creatures put on top of his deck («в порядке,
выбранном их владельцами», R15:204.4; op ``creatures_to_deck_top``,
:mod:`oracle.rules.ops.deck_order`; INTERPRETING.md, entry 193).  He names the creature he puts
on top now (action ``order_cards card=…``).
"""

from __future__ import annotations

from ....cards import ORDER_OPS, EffectAbility
from ....model import Action, Event, HandChoice, State, Violation
from ...mechanisms.zones import move_from_play
from ...ops.deck_order import ORDER_RULE, order_effect, owned_creatures
from ..queue import resolution_rules
from ..resume import GoOn, Pause, resume

__all__ = ["PAUSE", "check_deck_order", "deck_order_actions", "deck_orderer"]


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


def _put_one(state: State, hc: HandChoice, action: Action, ev: list[Event]) -> GoOn | None:
    """The named creature goes on top of its owner's deck; the game returns to the step it waited
    in, and the effect goes on (:func:`~oracle.rules.ops.deck_order.order_effect`) — his next
    decision, or his opponent's — then the ability's remaining effects and the rest of its play
    (INTERPRETING.md, entry 193)."""
    rules = resolution_rules(state, hc.entry)
    state.choosing_cards = None
    state.step = hc.resume
    move_from_play(state, action.card, "deck_top", ev, rules)
    if order_effect(state, hc.entry, hc.effect, ev, rules):
        return None
    return GoOn(hc.effect + 1, True, rules)


def _inconsistency(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """What is wrong with a state waiting at step deck_order: the effect waiting puts no creatures
    on top of their owners' decks (``creatures_to_deck_top``), the owner deciding has fewer than
    two of them left, or he is the opponent of the ability's controller while the controller, who
    orders first, has some left (R15:204.4; INTERPRETING.md, entry 193)."""
    if hc.effect >= len(a.effects) or a.effects[hc.effect].op not in ORDER_OPS:
        return "choosing_cards.effect", (f"effect {hc.effect} of that ability orders no cards "
                                         f"({', '.join(ORDER_OPS)}) (R15:204.4)")
    if len(owned_creatures(state, hc.player)) < 2:
        return "choosing_cards.player", (f"player {hc.player + 1} has fewer than two creatures left to order: "
                                         "his last one goes without a decision (R15:204.4; INTERPRETING.md, entry 193)")
    if hc.player != hc.entry.controller and owned_creatures(state, hc.entry.controller):
        return "choosing_cards.player", (f"player {hc.entry.controller + 1}, the ability's controller, orders "
                                         "his creatures first (INTERPRETING.md, entry 193)")
    return None


PAUSE = Pause("deck_order", deck_orderer, deck_order_actions, check_deck_order, resume(_put_one), _inconsistency)
