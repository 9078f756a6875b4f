"""The hand-written pieces of the canonical form that the generated state codec
(:mod:`oracle._state_codec`, from the declarations of :mod:`oracle.model`) calls: typed reading
that names the path of every bad field (:class:`Reader`), the bound and vocabulary checks, and
the canonical JSON texts of strings, integer lists and usage markers.  :class:`StateError` is
the error of a malformed or inconsistent state (:mod:`oracle.validate` raises it too).
"""

from __future__ import annotations

from collections.abc import Sequence
from json.encoder import encode_basestring
from typing import Any

from .errors import FieldError
from .schema import MAX_LIST

__all__ = ["Reader", "StateError", "check_bound", "check_choice", "ints_text", "json_str", "short", "usage_json",
           "usage_list"]


class StateError(FieldError):
    """An inconsistent or malformed state; ``field`` is the path of the offending field."""


def short(v: Any) -> str:
    """``repr(v)``, cut short (an integer of a hundred digits is named, not printed)."""
    text = repr(v)
    return text if len(text) <= 40 else f"{text[:20]}…({len(text)} characters)"


def check_bound(value: int, bound: tuple[int, int], path: str) -> None:
    """Raise :class:`StateError` at ``path`` if ``value`` is outside ``bound`` (inclusive)."""
    lo, hi = bound
    if not lo <= value <= hi:
        raise StateError(path, f"must be in {lo}..{hi}, got {value}")


def _names(allowed: tuple[str, ...]) -> str:
    """The allowed names of a refusal, all of them while they fit in a short message (a refusal
    stays under 256 characters); else how many there are and the first few."""
    text = ", ".join(allowed)
    return text if len(text) <= 200 else f"the {len(allowed)} names {', '.join(allowed[:6])}, …"


def check_choice(value: str, allowed: tuple[str, ...], path: str) -> None:
    """Raise :class:`StateError` at ``path`` if ``value`` is not one of ``allowed``."""
    if value not in allowed:
        raise StateError(path, f"must be one of {_names(allowed)}; got {value!r}")


#: Most strings :func:`json_str` keeps (card ids, editions, steps, kinds: a few hundred).
_JSON_STRINGS_SIZE = 8192
_JSON_STRINGS: dict[str, str] = {}


def json_str(text: str) -> str:
    """``text`` as the canonical JSON encoder writes it (quoted, escaped, non-ASCII kept);
    the texts of the strings a state holds are kept as they are met."""
    out = _JSON_STRINGS.get(text)
    if out is None:
        out = encode_basestring(text)
        if type(text) is str and len(_JSON_STRINGS) < _JSON_STRINGS_SIZE:
            _JSON_STRINGS[text] = out
    return out


def clear_json_strings() -> None:
    """Forget the kept string texts (measurements of the cost on values never seen)."""
    _JSON_STRINGS.clear()


def usage_list(markers: dict[int, int]) -> list[dict[str, int]]:
    """Usage markers in the canonical data form: by ascending ability, no count of 0."""
    if not markers:  # most cards have none: skip the sort
        return []
    return [{"ability": k, "count": v} for k, v in sorted(markers.items()) if v]


def usage_json(markers: dict[int, int]) -> str:
    """The canonical JSON text of usage markers, without the brackets."""
    return ",".join([f'{{"ability":{k},"count":{v}}}' for k, v in sorted(markers.items()) if v])


def ints_text(values: Sequence[int]) -> str:
    """The canonical JSON text of a list of integers, without the brackets."""
    return ",".join(map(str, values))


class Reader:
    """Typed access to a JSON object at ``path``, with exactly the keys ``keys`` allowed."""

    __slots__ = ("obj", "path")

    def __init__(self, obj: Any, path: str, keys: frozenset[str]) -> None:
        if not isinstance(obj, dict):
            raise StateError(path, "must be an object")
        if not obj.keys() <= keys:
            extra = sorted(k if isinstance(k, str) else repr(k) for k in obj.keys() - keys)
            raise StateError(f"{path}.{extra[0]}" if path else extra[0], "unknown field")
        self.obj = obj
        self.path = path

    def path_of(self, key: str) -> str:
        """The path of ``key`` of this object."""
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str) -> Any:
        """The value at ``key``, which must be present."""
        if key not in self.obj:
            raise StateError(self.path_of(key), "is required")
        return self.obj[key]

    def get_int(self, key: str, bound: tuple[int, int]) -> int:
        """The integer at ``key``, within ``bound`` (inclusive)."""
        v = self.raw(key)
        if type(v) is not int:
            if not isinstance(v, int) or isinstance(v, bool):
                raise StateError(self.path_of(key), f"must be an integer, got {v!r}")
            v = int(v)
        lo, hi = bound
        if not lo <= v <= hi:
            raise StateError(self.path_of(key), f"must be in {lo}..{hi}, got {short(v)}")
        return v

    def get_bool(self, key: str) -> bool:
        """The boolean at ``key``."""
        v = self.raw(key)
        if not isinstance(v, bool):
            raise StateError(self.path_of(key), f"must be true or false, got {v!r}")
        return v

    def get_str(self, key: str, allowed: tuple[str, ...]) -> str:
        """The string at ``key``, one of ``allowed``."""
        v = self.raw(key)
        if type(v) is not str or v not in allowed:
            raise StateError(self.path_of(key), f"must be one of {_names(allowed)}; got {short(v)}")
        return v

    def get_card_id(self, key: str) -> str:
        """The card id at ``key`` (a string; whether the pool has it is the validator's rule 2)."""
        v = self.raw(key)
        if not isinstance(v, str):
            raise StateError(self.path_of(key), f"unknown card id {short(v)}")
        return v

    def get_list(self, key: str) -> list[Any]:
        """The list at ``key``, of at most MAX_LIST entries."""
        v = self.raw(key)
        if not isinstance(v, list):
            raise StateError(self.path_of(key), "must be a list")
        if len(v) > MAX_LIST:
            raise StateError(self.path_of(key), f"at most {MAX_LIST} entries, got {len(v)}")
        return v

    def get_ints(self, key: str, bound: tuple[int, int]) -> list[int]:
        """A list of integers, each within ``bound``."""
        v = self.get_list(key)
        lo, hi = bound
        for x in v:
            if type(x) is not int or x < lo or x > hi:
                break
        else:
            return list(v)
        for j, x in enumerate(v):
            if not isinstance(x, int) or isinstance(x, bool):
                raise StateError(f"{self.path_of(key)}[{j}]", f"must be an integer, got {short(x)}")
            if not lo <= x <= hi:
                raise StateError(f"{self.path_of(key)}[{j}]", f"must be in {lo}..{hi}, got {short(x)}")
        return [int(x) for x in v]

    def get_usage(self, key: str, ability: tuple[int, int], count: tuple[int, int]) -> dict[int, int]:
        """Usage markers (a list of ``{"ability", "count"}``) as ability -> count; an ability
        listed twice is refused."""
        out: dict[int, int] = {}
        path = self.path_of(key)
        for i, item in enumerate(self.get_list(key)):
            r = Reader(item, f"{path}[{i}]", _USAGE_KEYS)
            a = r.get_int("ability", ability)
            if a in out:
                raise StateError(f"{path}[{i}].ability", "listed twice")
            out[a] = r.get_int("count", count)
        return out


_USAGE_KEYS = frozenset(("ability", "count"))
