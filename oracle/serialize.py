"""The canonical, language-neutral form of a state, its validation and its fingerprint.

:func:`to_dict` gives plain JSON data (ints, strings, booleans, lists, objects) that the
service's ``State`` protobuf message mirrors field for field.  :func:`fingerprint` is the
SHA-256 of the canonical JSON text (keys sorted, no spaces, UTF-8), so every process on
every machine gives the same fingerprint for the same state.

:func:`from_dict` accepts only consistent states: a card in two zones, an unknown card id,
negative coins or wounds, a step that cannot hold the pending decision, … raise
:class:`StateError` naming the field (a JSON-path-like string).  It never repairs.

The writer and the reader are generated from the declarations of :mod:`oracle.model`
(:mod:`oracle._state_codec`, ``python -m oracle.codegen``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ._state_codec import STATE_KEYS, card_json, player_json, read_state, state_dict, state_json
from .canonical_form import StateError
from .model import State
from .validate import validate

__all__ = [
    "STATE_KEYS", "TURN_COUNTS", "StateError", "canonical_json", "canonical_text", "fingerprint", "fingerprint_data",
    "from_dict", "parse", "to_dict",
]

#: The counters of what a player did this turn (INTERPRETING.md, entry 59): each key of the
#: canonical form is present exactly when its value is not 0, so a state in which nobody
#: drew or played this turn keeps the form and fingerprint it had before they were added.
TURN_COUNTS = ("drawn_this_turn", "played_this_turn", "creatures_played_this_turn", "creatures_healed_own_turn")


def to_dict(state: State) -> dict[str, Any]:
    """The canonical data form of ``state``; ``choosing`` is present exactly when a target
    is being chosen (R15:118.1), ``choosing_cards`` exactly when hand cards are (R15:7.discard),
    so other states keep their form and fingerprint."""
    return state_dict(state)


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(state: State) -> str:
    """The canonical JSON text of ``state`` (sorted keys, no spaces, non-ASCII kept), by the
    JSON encoder on :func:`to_dict`: the reference of :func:`canonical_text`."""
    return _CANONICAL.encode(to_dict(state))


def canonical_text(state: State) -> str:
    """The canonical JSON text of ``state``, written directly (no dict in between); equal to
    :func:`canonical_json` for states whose fields have their declared types (every state the
    engine or a reader makes)."""
    return state_json(state, [player_json(p) for p in state.players], [card_json(c) for _, c in sorted(state.cards.items())])


def fingerprint(state: State) -> str:
    """A stable 32-hex-digit fingerprint of ``state`` (SHA-256 of its canonical JSON)."""
    return fingerprint_data(to_dict(state))


def fingerprint_data(data: dict[str, Any]) -> str:
    """The fingerprint of a state given in its canonical data form (:func:`to_dict`):
    the first 32 hex digits of the SHA-256 of its canonical JSON text."""
    return hashlib.sha256(_CANONICAL.encode(data).encode("utf-8")).hexdigest()[:32]


def parse(data: Any) -> State:
    """Read the canonical data form into a :class:`State`, checking only its shape: every
    key present and no other, types, the bounds of :data:`oracle.validate.BOUNDS` and list
    lengths, uids and usage abilities listed once, an ``owner`` key exactly on
    "start_of_owner_turn" modifiers, mulligan cards only when declared.  Raises
    :class:`StateError` naming the field.  The result is not yet known to be consistent:
    :func:`from_dict` also validates it."""
    return read_state(data)


def from_dict(data: Any) -> State:
    """Build a :class:`State` from its canonical data form, or raise :class:`StateError`:
    :func:`parse` then :func:`oracle.validate.validate`."""
    state = parse(data)
    validate(state)
    return state
