"""Cancellation effects (R15:518): a card's play cancelled at its step 10 (R15:309.1.10).

«Если противник разыгрывает карту, не являющуюся существом, вы можете уничтожить
Акванита-стража, при этом отмените эту карту» (:class:`~oracle.cards.CancelPlay`) waits for a
card's play (R15:518.1).  Once the play is paid and its spell abilities are declared with their
targets (R15:518.2: the targets first, then the cancellation), the game stops at step
``cancel_choice``: the player whose card has such an effect chooses one of them to cancel the
play (action ``cancel_play card=``) or lets the play go on (``cancel_play`` without a card).

A cancelled play keeps its payment; the played card goes to the graveyard (a spell is there
already; a support card leaves the play zone it entered at step 5); its declared abilities
leave the Queue at once, and so do the triggers of other cards on its play (R15:518.1; the
pool has no «Засада», which would stay).  What comes with the cancellation — destroying the
cancelling card — happens outside the Queue (R15:518.3): the card is destroyed at once, its
«Гибель» triggers fire as any.  INTERPRETING.md, entries 121 and 122.
"""

from __future__ import annotations

from ...cards import CancelPlay
from ...editions import cite_one
from ...model import Action, Event, State, Violation
from ..mechanisms.zones import leave_play
from ..queries.board import abilities_in_play, card_def, top_of
from .queue import remove_cancelled_play

__all__ = [
    "apply_cancel_choice",
    "cancel_choice_actions",
    "canceller_seat",
    "cancellers",
    "check_cancel_choice",
    "offer_cancellation",
]

#: The triggers «on the play» of a card (R15:518.1: they leave the Queue with the play).
PLAY_TRIGGERS = frozenset({"card_played", "spell_played", "creature_played"})


def play_step_rule(state: State) -> str:
    """The rule of the play's cancellation step: R15:309.1.10, C:309.1.10 (C's «Розыгрыш»,
    where the card is cancelled too), the one paragraph 309.1 in A and B."""
    if state.edition == "R15":
        return "R15:309.1.10"
    return cite_one(state, "309.1.10")


def cancellers(state: State, played: int) -> list[int]:
    """The cards in play, not hidden (304.3), whose cancellation effect can cancel the play of
    card ``played`` by its owner now (R15:518.1): cards of his opponent, for a played card of
    one of the effect's types, a part of a combined card for its effect (entry 103); ascending uids."""
    seat = state.cards[played].owner
    ptype = card_def(state, played).type
    found = abilities_in_play(state, CancelPlay, (1 - seat,))
    return sorted({uid for _, uid, _, a in found if ptype in a.card_types})


def offer_cancellation(state: State, played: int) -> bool:
    """Step 10 of R15:309.1: if the play of ``played`` can be cancelled, the game waits at
    ``cancel_choice`` for the opponent's choice (True); otherwise the play goes on (False)."""
    if not cancellers(state, played):
        return False
    state.step = "cancel_choice"
    state.cancelling = played
    return True


def canceller_seat(state: State) -> int:
    """Who decides at ``cancel_choice``: the opponent of the played card's owner."""
    return 1 - state.cards[state.cancelling].owner


def cancel_choice_actions(state: State) -> list[Action]:
    """Let the play go on, or cancel it with one of the cancelling cards."""
    return [Action("cancel_play"), *(Action("cancel_play", card=uid) for uid in cancellers(state, state.cancelling))]


def check_cancel_choice(state: State, action: Action) -> list[Violation]:
    if action.card == 0 or action.card in cancellers(state, state.cancelling):
        return []
    return [Violation("R15:518.1", f"card {action.card} has no cancellation effect that can cancel this play")]


def apply_cancel_choice(state: State, action: Action, ev: list[Event]) -> None:
    """Carry out the choice.  The game returns to the play's Queue step, the caller goes on
    with the play (or what is left of it)."""
    played = state.cancelling
    state.cancelling = 0
    state.step = "play_queue"
    if not action.card:
        ev.append(Event("play_not_cancelled", (play_step_rule(state), "R15:518.1"), (("card", played),)))
        return
    step = play_step_rule(state)
    had_targets = any(e.source == played and e.kind == "spell" and e.targets for e in state.queue)
    rules = (step, "R15:518.1", *(("R15:518.2",) if had_targets else ()))
    ev.append(Event("play_cancelled", rules, (("card", played), ("by", action.card))))
    remove_cancelled_play(state, played, PLAY_TRIGGERS if state.rules.cancel_removes_play_triggers else frozenset())
    if state.zone_of(played) == "play":  # a support card: it goes to the graveyard (R15:518.1)
        leave_play(state, played, ev, ("R15:518.1",), kind="moved_to_graveyard")
    # «вы можете уничтожить [эту карту], при этом отмените»: outside the Queue (R15:518.3); an
    # effect «Уничтожить» of the card's own ability: the card is the source (R15:505.1.1, 502.2;
    # INTERPRETING.md, entry 98)
    # (a part's effect: «эту карту» is its combined card, INTERPRETING.md, entry 103)
    leave_play(state, top_of(state, action.card), ev, ("R15:518.3",), by=action.card)
