"""Step ``hand_choice`` while cards looked at go back: «Посмотрите Х верхних карт вашей колоды;
положите их обратно в любом порядке» (op ``look_at_deck_top``; R15:204.3; INTERPRETING.md,
entry 161).

The player puts the cards back on top of his deck one at a time, in the order he chooses;
``choosing_cards.count`` is how many of the cards looked at are still to put back (at least 2:
the last one goes back by itself).  The choice is one of those cards
(:func:`~oracle.rules.ops.deck_top.order_options`).
"""

from __future__ import annotations

from ....cards import Effect
from ....model import Action, Event, HandChoice, State, Violation
from ...ops.deck_top import look_count, order_options, put_back

__all__ = ["check_look", "look_inconsistency", "look_options", "put_one_back"]


def look_options(state: State, hc: HandChoice) -> list[tuple[int, ...]]:
    """Each card still to put back, as a one-card choice."""
    return order_options(state, hc)


def check_look(state: State, hc: HandChoice, action: Action) -> list[Violation]:
    """Violations of a ``choose_cards`` while putting back: one of the cards still to put back
    (R15:204.3)."""
    if action.targets not in order_options(state, hc):
        return [Violation("R15:204.3", f"put back one of the top {hc.count} cards of the deck of player "
                          f"{hc.player + 1}, those looked at and not put back yet")]
    return []


def put_one_back(state: State, hc: HandChoice, look: Effect, uid: int, ev: list[Event], rules: tuple[str, ...]
                 ) -> bool:
    """Card ``uid`` goes back (:func:`~oracle.rules.ops.deck_top.put_back`; ``look`` is the
    effect that looked); the next card waits (True: the game stays at step ``hand_choice``), or
    the look is done (False)."""
    following = put_back(state, hc, look, uid, ev, rules)
    if following is None:
        return False
    state.choosing_cards = following
    state.step = "hand_choice"
    return True


def look_inconsistency(state: State, hc: HandChoice, effect: Effect) -> tuple[str, str] | None:
    """What is wrong with a state waiting for cards looked at to go back (PROTOCOL.md 5.4, rule 12;
    INTERPRETING.md, entry 161): only a ``look_at_deck_top`` (``effect``) waits so, at step
    ``hand_choice``, with ``count`` between 2 and the cards it looked at; no other choice has a
    ``count``."""
    if effect.op != "look_at_deck_top" or state.step != "hand_choice":
        return "choosing_cards.count", ("only a look at the top cards of a deck (look_at_deck_top) waits "
                                        "at step hand_choice with a count of cards to put back")
    most = look_count(state, hc.entry, effect)
    if not 2 <= hc.count <= most:
        return "choosing_cards.count", (f"must be 2..{most}: the cards looked at (the top of the deck) "
                                        "still to put back (R15:204.3)")
    return None
