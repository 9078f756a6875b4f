"""The consistency rules of a state (PROTOCOL.md 5.4), separate from reading one.

:func:`validate` checks a :class:`~oracle.model.State` however it was built (read by
:func:`oracle.serialize.from_dict`, which calls it, or made by code) and raises
:class:`StateError` naming the offending field by its path in the canonical JSON form
(``players[1].hand[2]``, ``pending[0].id``, ``shuffled``).  It never repairs.  It checks the
rules in one order, and the first rule a state breaks is the one named (tests and scenarios
compare the field and the reason); each module holds the rules of one part of the state:

- :mod:`~oracle.validate.bounds` — rule 10: the bound of every integer and every list
  (:data:`BOUNDS`), and :func:`within_bounds`, the same as one fast test;
- :mod:`~oracle.validate.zones` — rules 2 to 4 and 14: the cards and the zones that hold them,
  captured cards and combined cards (:func:`check_card_fields`: one card alone);
- :mod:`~oracle.validate.players` — rule 3: a player's own fields (his counters of this turn,
  his declared mulligan), and the effects on players (R15:521.1);
- :mod:`~oracle.validate.abilities` — rules 5 and 6: the Queue, the pending and delayed
  triggers, their lineages (R15:525.2) and the cards that granted them (R15:7.gains);
- :mod:`~oracle.validate.modifiers` — rule 7: the modifiers and the attack;
- :mod:`~oracle.validate.step` — rules 8 and 9: what each step requires and forbids
  (:data:`STEP_FIELDS`);
- :mod:`~oracle.validate.waiting` — rules 9, 11 to 13 and 15: what the game waits for at its
  step, a declaration, a mulligan or a pending choice (the resolution pauses check their own,
  :data:`oracle.rules.resolution.pauses.PAUSES`).
"""

from __future__ import annotations

from .._state_codec import check_state, state_ok
from ..canonical_form import StateError
from ..cards import load_pool
from ..editions import EDITIONS
from ..model import QUEUE_KINDS, STEPS, State
from ..schema import MAX_COINS, MAX_LIST, MAX_VALUE
from .abilities import _check_queue, _check_triggers
from .bounds import BOUNDS, INT32_MAX, _length, within_bounds
from .modifiers import _check_modifiers
from .players import _check_player_effects
from .step import STEP_FIELDS, StepFields, _check_step
from .waiting import _check_waiting
from .zones import _check_cards, _check_zones, check_card_fields

__all__ = [
    "BOUNDS",
    "INT32_MAX",
    "MAX_COINS",
    "MAX_LIST",
    "MAX_VALUE",
    "QUEUE_KINDS",
    "STEP_FIELDS",
    "StateError",
    "StepFields",
    "check_card_fields",
    "validate",
    "within_bounds",
]


def validate(state: State, cards_checked: bool = False) -> None:
    """Raise :class:`StateError` naming the field if ``state`` breaks a consistency rule of
    PROTOCOL.md 5.4 (bounds included); return None otherwise.  Card paths (``cards[i]``)
    use the order of ``state.cards`` (the order of the request for a state read by
    :func:`oracle.serialize.from_dict`, ascending uid otherwise).  ``cards_checked``: every
    card already passed :func:`check_card_fields` (the service's decoder checks each distinct
    card once, :mod:`oracle.service.convert`); the rules that relate a card to the rest of
    the state are checked all the same."""
    pool = load_pool().cards
    # rule 1: the top level
    if state.edition not in EDITIONS:
        raise StateError("edition", f"must be one of {', '.join(EDITIONS)}; got {state.edition!r}")
    if state.step not in STEP_FIELDS:
        raise StateError("step", f"must be one of {', '.join(STEPS)}; got {state.step!r}")
    if not state_ok(state):
        check_state(state)  # the declared bounds of the top level
    players = state.players
    if len(players) != 2:
        raise StateError("players", "exactly two players")
    cards = state.cards
    _length(cards, "cards")

    seen = _check_zones(state, pool)
    _check_cards(state, pool, seen, cards_checked)
    _check_queue(state, pool)
    _check_triggers(state, pool)
    _check_player_effects(state, pool)
    _check_modifiers(state, seen)
    _check_step(state, pool)
    _check_waiting(state, pool)
