"""Reading the fields of the card data: the error that names the offending field
(:class:`CardDataError`) and the readers of a required key, an integer, a word of a
vocabulary and a condition about an ability's controller, each raising it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ..errors import FieldError
from .vocabulary import CONDITIONS, SHOWN_CONDITIONS, TARGET_CONDITIONS, Condition

__all__ = ["CardDataError", "choice", "controller_condition", "integer", "required"]


class CardDataError(FieldError):
    """The card data is malformed; ``field`` is the path of the offending field."""


def required(obj: Mapping[str, Any], key: str, path: str) -> Any:
    """``obj[key]``, or a :class:`CardDataError` naming the missing ``path.key``."""
    if key not in obj:
        raise CardDataError(f"{path}.{key}", "is required")
    return obj[key]


def integer(value: Any, path: str, minimum: int = 0) -> int:
    """``value`` if it is an integer (not a bool) of at least ``minimum``, else a :class:`CardDataError`."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise CardDataError(path, f"must be an integer >= {minimum}, got {value!r}")
    return value


_S = TypeVar("_S", bound=str)


def choice(value: Any, allowed: tuple[_S, ...], path: str) -> _S:
    """``value`` if it is one of ``allowed`` (typed as they are), else a :class:`CardDataError`."""
    if not isinstance(value, str) or value not in allowed:
        raise CardDataError(path, f"must be one of {', '.join(allowed)}; got {value!r}")
    return allowed[allowed.index(value)]


def controller_condition(raw: Any, path: str) -> Condition:
    """A condition about the ability's controller (CONDITIONS but TARGET_CONDITIONS)."""
    cond = choice(raw, CONDITIONS, path)
    if cond in TARGET_CONDITIONS:
        raise CardDataError(path, f"{cond} is about an effect's target; it is read on effects to 'target' only")
    if cond in SHOWN_CONDITIONS:
        raise CardDataError(path, f"{cond} is about the card an ability showed; it is read on effects only")
    return cond
