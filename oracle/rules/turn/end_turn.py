"""The end-of-turn stage (B/C 310; A 315.1, 315.2 and the paragraph given id A:310.3)."""

from __future__ import annotations

from ...editions import cite
from ...model import Event, State
from ..mechanisms.control import give_back
from ..mechanisms.triggers import fire
from ..queries.timed_effects import expire
from .turn_start import begin_turn

__all__ = ["begin_end_of_turn", "finish_turn"]


def begin_end_of_turn(state: State, ev: list[Event]) -> None:
    """310.1: the «в конце хода» triggers go into the Queue."""
    state.step = "end_queue"
    if not state.rules.end_of_turn_durations_last:
        _expire(state, ev)
    fire(state, "end_of_turn", 0, ev, cite(state, "310.1"))


def _expire(state: State, ev: list[Event]) -> None:
    """310.2: the «до конца хода» effects end; temporary coins go back to the supply; the
    effects on players whose period ends with this turn end (R15:521.1)."""
    if state.player_effects:
        expire(state, ev, cite(state, "310.2"))
    ended = [m for m in state.modifiers if m.until == "end_of_turn" and (not m.coins or state.rules.temporary_coins_return)]
    if ended:
        state.modifiers = [m for m in state.modifiers if m not in ended]
        returning = [m.target for m in ended if m.grants == "control"]  # together (INTERPRETING.md, entry 83)
        for m in ended:
            if m.coins:
                _return_coins(state, m.target, m.amount, ev)
            elif m.grants == "control":
                if state.rules.control_until_end_of_turn_ends:  # the ``taken_control_kept`` mutant keeps it
                    give_back(state, m, ev, cite(state, "310.2"), returning)
            else:
                ev.append(Event("effect_ended", cite(state, "310.2"), (("card", m.target), ("amount", m.amount))))


def _return_coins(state: State, hero: int, amount: int, ev: list[Event]) -> None:
    """The temporary coins of the player whose hero is ``hero`` go back to the supply at the
    end of their period (R15:522.4), which is not a loss of coins: his closed coins first,
    then open ones (the player's choice, R15:522.5, made normative; INTERPRETING.md, entry 76)."""
    seat = state.cards[hero].owner
    p = state.players[seat]
    closed = min(amount, p.coins_closed)
    opened = min(amount - closed, p.coins_open)
    p.coins_closed -= closed
    p.coins_open -= opened
    if closed + opened:
        ev.append(Event("coins_returned", (*cite(state, "310.2"), "R15:522.4"),
                        (("player", seat), ("amount", closed + opened))))


def finish_turn(state: State, ev: list[Event]) -> None:
    """310.2: once the Queue is empty, «до конца хода» effects end; 310.3: the players
    swap roles and the next turn begins."""
    _expire(state, ev)
    state.active = state.inactive
    ev.append(Event("turn_ended", cite(state, "310.3"), (("next_active", state.active),)))
    begin_turn(state, ev)
