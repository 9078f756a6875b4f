"""The stable text encoding of actions: ``kind`` followed by ``key=value`` fields.

Examples: ``end_turn``, ``attack card=12 targets=7``, ``play card=9 targets=3,4
amounts=2,1 x=3``, ``declare targets=12 trigger=5``, ``roll values=4,2``,
``choose_order values=1 actor=player_2``.  Fields at their default are omitted, keys appear
in a fixed order, tuples are comma-separated integers, and the actor is named
(``player_1``, ``player_2``, ``chance``: the ``Actor`` enum's names, PROTOCOL.md).
:func:`decode` raises :class:`ActionSyntaxError` naming the bad field; it never guesses.
"""

from __future__ import annotations

import re

from .contract import ACTOR_BY_NAME, ACTOR_NAMES
from .errors import FieldError
from .model import ACTION_KINDS, Action

__all__ = ["ActionSyntaxError", "decode", "encode"]

_INT_FIELDS = ("card", "ability", "x", "mode", "trigger")
_TUPLE_FIELDS = ("targets", "amounts", "values")
_ORDER = ("card", "ability", "targets", "amounts", "x", "mode", "option", "values", "trigger", "actor")
_DEFAULT = Action("end_turn")
#: An integer of the text form (PROTOCOL.md 4.2): decimal digits with an optional minus;
#: ``+7``, ``1_0`` or ``٣`` (which Python's ``int`` would take) are not.
_INTEGER = re.compile(r"-?[0-9]+")


class ActionSyntaxError(FieldError):
    """An action text or message is malformed; ``field`` names the offending part."""


def encode(action: Action) -> str:
    """The canonical text of ``action``."""
    parts = [action.kind]
    for key in _ORDER:
        value = getattr(action, key)
        if value == getattr(_DEFAULT, key):
            continue
        if isinstance(value, tuple):
            parts.append(f"{key}={','.join(map(str, value))}")
        elif key == "actor":
            parts.append(f"actor={ACTOR_NAMES[value]}")
        else:
            parts.append(f"{key}={value}")
    return " ".join(parts)


def decode(text: str) -> Action:
    """Parse the canonical text of an action."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("kind", "empty action")
    kind = words[0]
    if kind not in ACTION_KINDS:
        raise ActionSyntaxError("kind", f"unknown action kind {kind!r}")
    fields: dict[str, object] = {}
    for w in words[1:]:
        key, sep, value = w.partition("=")
        if not sep:
            raise ActionSyntaxError(key, "expected key=value")
        if key in fields:
            raise ActionSyntaxError(key, "given twice")
        if key in _INT_FIELDS:
            if not _INTEGER.fullmatch(value):
                raise ActionSyntaxError(key, f"not an integer: {value!r}")
            fields[key] = int(value)
        elif key in _TUPLE_FIELDS:
            items = value.split(",") if value else []
            if not all(_INTEGER.fullmatch(v) for v in items):
                raise ActionSyntaxError(key, f"not a comma-separated list of integers: {value!r}")
            fields[key] = tuple(int(v) for v in items)
        elif key == "option":
            fields[key] = value
        elif key == "actor":
            actor = ACTOR_BY_NAME.get(value, -1)
            if actor < 0:
                raise ActionSyntaxError(key, f"not an actor: {value!r} (player_1, player_2 or chance)")
            fields[key] = actor
        else:
            raise ActionSyntaxError(key, "unknown field")
    return Action(kind, **fields)  # type: ignore[arg-type]
