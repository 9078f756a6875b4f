"""The error of malformed or inconsistent client input, and the join of request field paths."""

from __future__ import annotations

from oracle.errors import FieldError

__all__ = ["InputError", "join_field", "undecodable"]


class InputError(FieldError):
    """Malformed or inconsistent client input.  ``violations`` lists ``(field, reason)``
    pairs; ``field`` is the path of the offending request field (AIP-193 style).  The
    service caps what an answer repeats of them (``oracle.service.status.bad_request_status``)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(field, reason)
        self.violations: list[tuple[str, str]] = [(field, reason)]
        #: how many more violations there were, not listed in ``violations``
        self.unlisted = 0


def join_field(prefix: str, field: str) -> str:
    """The request path of ``field`` under ``prefix`` (``state`` + ``players[1]`` -> ``state.players[1]``;
    an index joins without a dot)."""
    if not field:
        return prefix
    if not prefix:
        return field
    return prefix + field if field.startswith("[") else f"{prefix}.{field}"


def undecodable(field: str, method: str, error: Exception) -> InputError:
    """The error of bytes that do not parse as ``method``'s request message (``field``:
    ``request``, or ``requests[i]`` for a stream's i-th message; ``error``: the parser's)."""
    return InputError(field, f"not a valid request message for {method}: {str(error) or type(error).__name__}")
