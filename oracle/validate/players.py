"""A player's own fields (PROTOCOL.md 5.4, rule 3): the declared bounds, his counters of this
turn (INTERPRETING.md, entry 59) and his declared mulligan (301.7.1); and the effects on players
that last for a time (R15:521.1).
"""

from __future__ import annotations

from collections.abc import Mapping

from .._state_codec import check_player, check_player_effect, player_effect_ok, player_ok
from ..canonical_form import StateError
from ..cards import CardDef
from ..model import Player, State
from .bounds import _length

__all__: list[str] = []


def _turn_counts(p: Player, seat: int) -> None:
    """Rule 3: a player's counters of this turn are within their bounds, and his creature
    plays are among his plays (R15:309.1; INTERPRETING.md, entry 59)."""
    if p.creatures_played_this_turn > p.played_this_turn:
        raise StateError(f"players[{seat}].creatures_played_this_turn",
                         f"{p.creatures_played_this_turn} creatures played but only {p.played_this_turn} cards")


def _check_player(p: Player, seat: int) -> None:
    """Rule 3 on player ``seat``'s own fields, once his zones are checked: the declared bounds
    (coins, counters), his counters of this turn (:func:`_turn_counts`) and his declared
    mulligan, cards of his hand listed once each (301.7.1)."""
    if not player_ok(p):
        check_player(p, f"players[{seat}]")  # the declared bounds (coins, counters)
    if p.drawn_this_turn or p.played_this_turn or p.creatures_played_this_turn or p.creatures_healed_own_turn:
        _turn_counts(p, seat)
    if p.mulligan:
        _length(p.mulligan, f"players[{seat}].mulligan")
        for j, uid in enumerate(p.mulligan):
            if uid not in p.hand:
                raise StateError(f"players[{seat}].mulligan[{j}]", f"card {uid} is not in the hand")
            if uid in p.mulligan[:j]:
                raise StateError(f"players[{seat}].mulligan[{j}]", f"card {uid} is listed twice")


def _check_player_effects(state: State, pool: Mapping[str, CardDef]) -> None:
    """The effects on players that last for a time (R15:521.1; :mod:`oracle.rules.queries.timed_effects`):
    each from a card of the game, its period within the game's turns — begun no later than it
    ends, not ended yet (the end of its last turn removes it, R15:310.2), at most two turns ahead
    (a player's next turn) — and its fields those of its kind."""
    _length(state.player_effects, "player_effects")
    if state.player_effects and state.turn == 0:
        raise StateError("player_effects", "no effect on a player exists before the first turn (R15:521.1)")
    for i, fx in enumerate(state.player_effects):
        where = f"player_effects[{i}]"
        if not player_effect_ok(fx):
            check_player_effect(fx, where)
        if fx.source not in state.cards:
            raise StateError(f"{where}.source", f"no card with uid {fx.source}")
        if not 1 <= fx.begins <= fx.ends:
            raise StateError(f"{where}.begins", f"must be in 1..ends ({fx.ends})")
        if not state.turn <= fx.ends <= state.turn + 2:
            raise StateError(f"{where}.ends", f"must be in {state.turn}..{state.turn + 2}: it ends at the end of "
                             "this turn or of one of the next two (R15:310.2), and an ended one is gone")
        if fx.begins > state.turn and fx.begins != fx.ends:
            raise StateError(f"{where}.begins", "an effect that begins in a later turn lasts that turn only "
                             "(«в свой следующий ход»)")
        if fx.kind == "no_plays":
            extra = [k for k, v in (("modifier", fx.modifier), ("value", fx.value), ("card_type", fx.card_type),
                                    ("name", fx.name), ("first_only", fx.first_only)) if v]
            if extra:
                raise StateError(f"{where}.{extra[0]}", "a no_plays effect has no cost fields")
        elif not fx.modifier:
            raise StateError(f"{where}.modifier", "a cost effect names its modifier kind (R15:523.1)")
        if fx.name and fx.name not in pool:
            raise StateError(f"{where}.name", f"no card id {fx.name!r} in the pool")
