"""The root of the oracle's errors.

Every error the engine raises about its input derives from :class:`OracleError`; the
errors about one malformed field of the input (card data, an action text, a game
configuration, a state) are :class:`FieldError` subclasses carrying the field's path and
the reason, so a caller can catch them all in one place and name the field::

    try:
        state = from_dict(data)
    except FieldError as exc:
        print(exc.field, exc.reason)

An *illegal* action is not malformed input: :class:`oracle.engine.IllegalAction` is an
:class:`OracleError` carrying the rules it breaks, not a field.
"""

from __future__ import annotations

__all__ = ["FieldError", "OracleError"]


class OracleError(Exception):
    """Any error of the oracle about its input (malformed or illegal)."""


class FieldError(OracleError, ValueError):
    """Malformed input: ``field`` is the path of the offending field (``players[1].hand[2]``,
    ``card``, ``decks[0][3]``), ``reason`` says what is wrong with it."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
