"""«Добывает» (R15 glossary «Добывает»; R15:520.5; R15:503.1 «Возвращение добытых карт»).

«[X] добывает [Y]»: the chosen cards Y are put under the card X; they lose every acquired effect
and marker, are not in the play zone (nor in any other: ``Card.captured_by`` names X, no zone
list holds them), and only abilities that say so interact with them.  A card cannot capture
itself.  When X leaves the play zone the captured cards go back to the zone they came from — the
only capture the card vocabulary has is from a hand (op ``capture_from_hand``), so to their
owner's hand — a rules effect (R15:503.1) on which no ability triggers.  Asked to capture X
cards of a hand that holds fewer, the player captures them all (R15:520.5).  INTERPRETING.md,
entry 115.
"""

from __future__ import annotations

from ...model import Event, State
from ..queries.board import forget_outside, some_card_outside_zones

__all__ = ["capture_from_hand", "release"]


def capture_from_hand(
    state: State, capturer: int, seat: int, cards: tuple[int, ...], ev: list[Event], rules: tuple[str, ...],
    fewer: bool,
) -> bool:
    """Card ``capturer`` captures ``cards`` of ``seat``'s hand (event ``captured``; ``fewer``:
    the hand held fewer than asked, R15:520.5).  A capturer out of the play zone holds nothing:
    nothing is captured (returns False)."""
    if not cards or state.zone_of(capturer) != "play" or capturer in cards:
        return False
    hand = state.players[seat].hand
    for uid in cards:
        hand.remove(uid)
        state.card_mut(uid).captured_by = capturer
    forget_outside(state)
    cite = (*rules, "R15:7.capture", *(("R15:520.5",) if fewer else ()))
    ev.append(Event("captured", cite, (("player", seat), ("source", capturer), ("cards", ",".join(map(str, cards))),
                                       ("count", len(cards)))))
    return True


def release(state: State, uid: int, ev: list[Event]) -> None:
    """Card ``uid`` left the play zone: the cards it captured go back to their owners' hands,
    ascending uids (R15 glossary «Добывает»; a rules effect, R15:503.1; event
    ``captured_returned``; no trigger fires on it).  The mutant ``captured_cards_stay`` leaves
    them under the card."""
    if not state.rules.captured_cards_return or not some_card_outside_zones(state):
        return
    under = sorted(u for u, c in state.cards.items() if c.captured_by == uid)
    for u in under:
        c = state.card_mut(u)
        c.captured_by = 0
        state.players[c.owner].hand.append(u)
    if under:
        forget_outside(state)
        ev.append(Event("captured_returned", ("R15:503.1", "R15:7.capture"),
                        (("source", uid), ("cards", ",".join(map(str, under))))))
